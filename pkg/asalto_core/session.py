"""A game as a user interface sees it: what to draw, the move list, the record, the frames.

Both web pages run this module on MicroPython (tests run it on CPython): a
:class:`Session` holds one :class:`~asalto_core.record.Game` and answers in plain data
(dicts, lists and text) that the page draws and saves. Playing, stepping through the game
and reading records happen here, on the page, with no worker: the Pyodide worker only thinks.

A bad move or text raises :class:`~asalto_core.errors.AsaltoError` and leaves the session
as it was. The move list and the positions before each move are kept as moves are played,
so a move costs the same at ply 200 as at ply 2.

>>> s = Session.new("assault")
>>> s.play("d4-d5")["move"], s.view()["turn"]
('d4-d5', 'officers')
>>> try:
...     s.play("c3-c4")
... except AsaltoError as err:
...     print(type(err).__name__, s.descriptor()["moves"])
IllegalMoveError ['d4-d5']

Annotating: the cursor is a node of the game tree, named by its path
(:mod:`asalto_core.record`: ``(k,)`` on the main line, ``(i, v, k)`` in a variation).
A move played with ``branch=True`` where the line goes on differently starts a variation:

>>> s.play("c5-c6")["move"]
'c5-c6'
>>> s.go_to_path((1,)); s.play("e5-e6", branch=True)["move"], s.view()["path"]
('e5-e6', [1, 0, 1])
>>> s.set_nag("?!"); s.set_comment("Slower."); s.set_marks(["e5-e6"], ["d5"])
>>> s.record().splitlines()[-1]
'1. d4-d5 c5-c6 (1... e5-e6?! {[%cal Ge5e6] [%csl Gd5] Slower.}) *'
>>> [(e["path"], e["depth"], e["label"] + e["move"] + e["nag"]) for e in s.view()["tree"]]
[([1], 0, '1.d4-d5'), ([2], 0, 'c5-c6'), ([1, 0, 1], 1, '1...e5-e6?!')]
>>> s.promote(); s.view()["path"], s.descriptor()["moves"]
([2], ['d4-d5', 'e5-e6'])
>>> s.go_to_path((1, 0, 1)); s.delete_variation(); s.view()["path"], len(s.view()["tree"])
([1], 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import svg
from .errors import AsaltoError, LimitError, NotationError, quote
from .geometry import bits
from .notation import MAX_MOVES as MAX_MOVES  # re-exported: the page's modules read it here
from .position import Position
from .record import BRACE_STANDIN, MAX_DEPTH, NAGS, Game, Line, RecordError, join_comment, split_comment
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any, TypedDict

    from .notation import Move
    from .position import Outcome

    # The shapes the page reads and the AI's worker is sent: for type checkers only (MicroPython,
    # which runs this module on the page, never evaluates them). Each is built in one place.
    class View(TypedDict):
        """Everything the page draws for the position at the cursor (:meth:`Session.view`)."""

        ruleset: str
        board: str
        position: str  # its text
        turn: str  # "officers" or "rebels"
        placing: bool  # the officers are still to be placed
        pieces: dict[str, str]  # point -> "O" or "R"
        huffable: list[str]
        auto_removal: bool  # the huffable officers go with every rebel move
        huff_choice: bool  # the rebels pick the officer to huff before their step (none is implied)
        passes: bool  # a pass is a move here (the course's rules): the page offers a Pass button
        outcome: dict[str, Any] | None  # of the position shown (outcome_json)
        final: dict[str, Any] | None  # of the game's last position
        history: list[dict[str, Any]]  # the main line's moves: ply, label, number, move, side
        ply: int
        length: int  # of the main line
        last: dict[str, Any] | None  # what the move that led here did (Session.last)
        move_number: int
        first: str  # the side that moves first
        comment: str  # the shown move's comment, its marks taken out
        arrows: list[str]  # a teacher's arrows on this position, perhaps with a colour letter
        points: list[str]  # ... and marked points
        nag: str
        path: list[int]  # where in the game tree
        tree: list[dict[str, Any]]  # the move list with its variations (Session.tree)

    class ThinkRequest(TypedDict, total=False):
        """The AI's worker asked for a move, a hint or an analysis (asalto_core.protocol)."""

        op: str  # "think"
        position: str
        history: list[str]  # the positions before it, for the repetition rule
        level: str
        seed: int
        time_limit: float  # seconds; the level's own when left out
        lines: int  # the best lines asked for (the analysis board's three); one when left out

    class ReviewRequest(TypedDict, total=False):
        """The AI's worker asked to review the game (asalto_core.protocol)."""

        op: str  # "review"
        game: dict[str, Any]  # Session.descriptor()
        node_limit: int  # per position
        points: list[Any]  # what an earlier, stopped review found
        plies: list[int]  # the positions this worker searches (a share of the game), all when left out


# A review's search per position, in nodes, so that a game gets the same marks, accuracy and notes on
# every machine, every run and whichever worker took a position (a time budget made them depend on the
# load): quick is about 0.3 s a position on the page's MicroPython, deep five times that
# (the review rows of bench/results/waits.md). The page offers these, the worker's review uses them
# (asalto_core.review); here because the page's MicroPython imports this module and not the AI's.
REVIEW_NODES = {"quick": 2000, "deep": 10000}
# Characters of a pasted or saved record: the page's MicroPython reads the slowest shapes of this
# size (300,000 '()' or '$1' after a move) in 2 to 2.6 s on a busy 2-core machine (bench/complexity.py).
MAX_TEXT = 300000
MAX_COMMENT = 10000  # characters of one comment typed on the page (a paragraph, not a book)
SAVE_VERSION = 2  # the page's saves (site/game/storage.py); version 1 also held a view, now computed
READABLE_VERSIONS = (1, 2)


class SessionError(AsaltoError):
    """A saved game or request whose shape is wrong (not a rules question)."""


class Session:
    """One game and its cursor, for a page: view, play, step, import and export."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._before: list[Position] = []  # the position before each move of the game
        self._history: list[dict[str, Any]] = []  # the move list's entries, one per move
        self._tree: list[dict[str, Any]] | None = None  # the whole move list, kept until the tree changes
        # The texts of _before's positions, each written once (the AI is sent them all at every move).
        self._texts: dict[int, tuple[Position, str]] = {}
        # What the last move did, for the position before it and the move (a move played asks twice).
        self._last: tuple[Position, Move, dict[str, Any]] | None = None
        self._rebuild()

    def _rebuild(self) -> None:
        """The main line's positions and entries again (after the main line changed)."""
        self._before, self._history, self._tree = [], [], None
        position = self.game.start
        for move in self.game.moves:
            self._append(position, move)
            position = position.play(move)

    # -- making sessions ------------------------------------------------------------------
    @classmethod
    def new(cls, ruleset: str = "assault") -> Session:
        return cls(Game(find_ruleset(ruleset).name))

    @classmethod
    def from_descriptor(cls, desc: object) -> Session:
        """A saved game ``{"ruleset", "start", "moves", "ply"}`` replayed; :class:`AsaltoError`
        names the first thing wrong (a bad shape, an unknown ruleset, an illegal move)."""
        if not isinstance(desc, dict):
            raise SessionError("the saved game is not a game")
        ruleset, start, moves, ply = desc.get("ruleset"), desc.get("start", ""), desc.get("moves"), desc.get("ply")
        if not isinstance(ruleset, str) or not isinstance(start, str):
            raise SessionError("the saved game's ruleset and start must be text")
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise SessionError("the saved game's moves must be a list of move texts")
        if len(moves) > MAX_MOVES:
            raise LimitError(f"the game has {len(moves)} moves; at most {MAX_MOVES} are accepted")
        game = Game(find_ruleset(ruleset).name, start or None)
        for i, m in enumerate(moves):
            try:
                game.play(m)
            except AsaltoError as err:
                raise SessionError(f"move {i + 1} of the saved game: {err}") from None
        if ply is not None:
            if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(moves):
                raise SessionError(f"the saved game's move number must be 0 to {len(moves)}, not {quote(ply)}")
            game.go_to(ply)
        return cls(game)

    @classmethod
    def from_text(cls, text: object) -> tuple[Session, str]:
        """A pasted record or position text, and the error that cut a record short ('' if none).

        A record with a bad move keeps the moves before it; a text that yields nothing at all
        raises, so the game on screen can stay."""
        if not isinstance(text, str) or not text.strip():
            raise SessionError("nothing to import: paste a game record or a position")
        if len(text) > MAX_TEXT:
            raise LimitError(f"the text has {len(text)} characters; at most {MAX_TEXT} are read")
        text = text.strip()
        if "[" in text or "." in text or "\n" in text or "{" in text:
            try:
                return cls(Game.from_record(text, MAX_MOVES)), ""
            except RecordError as err:
                if not err.partial.moves:  # nothing read: the game on screen stays
                    raise NotationError(str(err)) from None
                return cls(err.partial), str(err)
        return cls(Game(position=Position.from_text(text))), ""

    # -- what the page keeps ------------------------------------------------------------------
    def descriptor(self) -> dict[str, Any]:
        """The game as plain data to save or share: ruleset, start ('' for the usual), moves, ply."""
        g = self.game
        return {
            "ruleset": g.start.ruleset,
            "start": "" if g.start == Position.start(g.start.ruleset) else g.start.text(),
            "moves": [str(m) for m in g.moves],
            # In a side line: where it leaves the main line (the board's ply is no main-line ply).
            "ply": g.path[0],
        }

    def annotated(self) -> bool:
        """Whether the game holds more than its moves: comments, symbols, side lines, marks."""
        g = self.game
        return any(g.comments) or any(g.nags) or any(g.variations)

    def saved(self) -> dict[str, Any]:
        """What a page keeps to resume the game (:meth:`from_saved` reads it back): the
        descriptor, and for an annotated game its record and the cursor's path, which the
        descriptor (main line only) cannot hold.

        >>> s = Session.from_text("1. d4-d5 c5-c6 (1... e5-e6 2. d3-d4) *")[0]
        >>> s.go_to_path([1, 0, 2]); data = s.saved()
        >>> data["game"]["ply"], data["path"], Session.from_saved(data).path
        (1, [1, 0, 2], (1, 0, 2))
        """
        out: dict[str, Any] = {"game": self.descriptor()}
        if self.annotated():  # only then: the record costs
            out["record"] = self.record()
            out["path"] = list(self.path)
        return out

    @classmethod
    def from_saved(cls, data: object) -> Session:
        """The game :meth:`saved` kept; :class:`AsaltoError` if its descriptor is bad. The
        record's annotations and path are taken when it holds the same moves (the descriptor
        is the authority: a record that reads otherwise leaves the moves alone)."""
        if not isinstance(data, dict):
            raise SessionError("the saved game is not a game")
        session = cls.from_descriptor(data.get("game"))
        record, path = data.get("record"), data.get("path")
        if not isinstance(record, str):
            return session
        try:
            annotated, warning = cls.from_text(record)
            if warning or annotated.game.moves != session.game.moves:
                return session
            annotated.go_to(session.game.ply)
            if isinstance(path, list):
                annotated.go_to_path(path)
        except AsaltoError:
            return session
        return annotated

    def record(self) -> str:
        return self.game.record()

    def positions_before(self) -> list[str]:
        """The texts of the positions before the cursor, oldest first (the AI's repetition history)."""
        if len(self.game.path) == 1:
            out = []
            for i, position in enumerate(self._before[: self.game.ply]):
                kept = self._texts.get(i)
                if kept is None or kept[0] is not position:
                    kept = self._texts[i] = (position, position.text())
                out.append(kept[1])
            return out
        board = self.game.board.copy()
        out = []
        while board.move_stack:
            board.pop()
            out.append(board.text())
        return out[::-1]

    # -- playing and stepping -------------------------------------------------------------------
    def play(self, move: Move | str, branch: bool = False) -> dict[str, Any]:
        """Play a legal move at the cursor; what it did, for the page.

        The moves after the cursor in its line are dropped; with ``branch`` a move other than
        the line's next one starts a variation there (or enters the one that starts with it),
        and the next move itself is just followed (:meth:`Game.play`)."""
        game = self.game
        ply = game.ply
        before = game.board.position
        main = len(game.path) == 1 and not (branch and ply < len(game.moves))
        at_end = main and ply == len(game.moves)
        game.play(move, branch)
        if main:
            del self._before[ply:]
            del self._history[ply:]
            self._append(before, game.moves[ply])
        if at_end and self._tree is not None:
            # The main line grew by one move: its entry goes last in reading order (after the side
            # lines of the move before), so a move late in a long game costs what an early one does.
            numbered = ply == 0 or bool(game.line.variations[ply - 1])
            self._tree.append(_entry(game.line, ply, [], 0, before, numbered))
        else:
            self._tree = None
        done = self.last()
        assert done is not None  # a move was just played
        return done

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves; :class:`SessionError` outside the game."""
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(self.game.moves):
            raise SessionError(f"no move {quote(ply)}: the game has {len(self.game.moves)} moves")
        self.game.go_to(ply)

    def go_to_path(self, path: Sequence[int]) -> None:
        """Show the node at ``path`` (a list or tuple, :mod:`asalto_core.record`'s paths);
        :class:`SessionError` if the game has none there."""
        try:
            self.game.go_to_path(tuple(path) if isinstance(path, (list, tuple)) else path)
        except IndexError as err:
            raise SessionError(str(err)) from None

    @property
    def path(self) -> tuple[int, ...]:
        """The node on the board."""
        return self.game.path

    def _node(self) -> tuple[Line, int]:
        return self.game.node(self.game.path)

    # -- annotating ------------------------------------------------------------------------------
    def set_comment(self, text: str) -> None:
        """The comment after the move shown (before the first move at a line's start): its plain
        text; the arrows and points drawn there are kept."""
        if not isinstance(text, str):
            raise SessionError(f"a comment must be text, not {type(text).__name__}")
        if len(text) > MAX_COMMENT:
            raise SessionError(f"the comment has {len(text)} characters; at most {MAX_COMMENT}")
        line, k = self._node()
        _plain, arrows, points = split_comment(line.comments[k])
        line.comments[k] = join_comment(text.replace(BRACE_STANDIN, "}"), arrows, points)  # as a record reads it

    def set_nag(self, symbol: str) -> None:
        """The symbol of the move shown: one of ``! ? !! ?? !? ?!`` or '' for none."""
        if symbol not in NAGS and symbol != "":
            raise SessionError(f"a move's symbol is one of {' '.join(NAGS)} or none, not {quote(symbol)}")
        line, k = self._node()
        if k == 0:
            raise SessionError("no move here to mark: the position before the first move")
        line.nags[k - 1] = symbol
        self._tree = None

    def set_marks(self, arrows: Sequence[str], points: Sequence[str]) -> None:
        """The arrows (``'e6xe4xe2'``, ``'Rc3-c5'``) and highlighted points (``'e5'``, ``'Be3'``) of
        the position shown, kept as ``[%arrows]``/``[%points]`` in its comment (whose plain text stays)."""
        if not isinstance(arrows, (list, tuple)) or not isinstance(points, (list, tuple)):
            raise SessionError("arrows and points must be lists of texts")
        g = self.game.board.position.geometry
        marks = [svg.mark_colour(m)[1] for m in list(points) + list(arrows) if isinstance(m, str)]  # colour letters off
        for name in [p for m in marks for p in m.replace("x", "-").split("-")]:
            if name not in g.index:
                raise SessionError(f"no point {quote(name)} on the {g.name} board")
        line, k = self._node()
        plain = split_comment(line.comments[k])[0]
        line.comments[k] = join_comment(plain, list(arrows), list(points))

    def promote(self) -> None:
        """The variation holding the cursor swaps places with the line it branches from; the
        cursor stays on the same move. :class:`SessionError` on the main line."""
        path = self.game.path
        if len(path) == 1:
            raise SessionError("the main line has no line above it to swap with")
        outer_path, j, w, k = path[:-3], path[-3], path[-2], path[-1]
        outer = self.game.node(outer_path + (j,))[0]
        var = outer.variations[j][w]
        # The outer line's later variations go one level deeper, under the demoted line.
        deeper = max([1 + v.nesting() for lines in outer.variations[j + 1 :] for v in lines] + [0])
        if len(outer_path) // 2 + 1 + deeper > MAX_DEPTH:
            raise SessionError(f"variations nest at most {MAX_DEPTH} deep: the swap would nest them deeper")
        demoted = outer.tail(j)  # the outer line's moves from j on, with their annotations
        demoted.comments[0] = var.comments[0]  # a comment before the variation stays with the variation
        siblings = demoted.variations[0]
        demoted.variations[0] = []
        siblings[w] = demoted
        var.comments[0] = ""
        outer.extend(var)
        outer.variations[j] = siblings + var.variations[0]
        self.game.path = outer_path + (j + k,)
        if not outer_path:
            self._rebuild()
        self._tree = None

    def delete_variation(self) -> None:
        """Remove the variation holding the cursor; the cursor goes where it branched."""
        path = self.game.path
        if len(path) == 1:
            raise SessionError("the cursor is on the main line: no variation to delete")
        outer_path, j, w = path[:-3], path[-3], path[-2]
        self.go_to_path(outer_path + (j,))
        del self.game.node(outer_path + (j,))[0].variations[j][w]
        self._tree = None

    def annotate(self, marks: list[dict[str, Any]]) -> None:
        """Put a review's marks (``review.Mark.to_json``) into the comments, so an export or an
        embed carries them; a comment already there is kept beside it."""
        if not isinstance(marks, list) or not all(isinstance(m, dict) for m in marks):
            raise SessionError("a review's marks must be a list of objects (review.Mark.to_json)")
        for mark in marks:
            ply, note = mark.get("ply"), f"{mark.get('symbol', '')} {mark.get('sentence', '')}".strip()
            if isinstance(ply, int) and 0 < ply <= len(self.game.moves) and note:
                old = self.game.comments[ply]
                self.game.comments[ply] = old if note in old else f"{old} {note}".strip()

    def take_back(self, ply: int) -> list[str]:
        """Take the moves after ``ply`` back (not a step back: they leave the game); their texts."""
        self.go_to(ply)
        dropped = self.game.truncate()
        del self._before[ply:]
        del self._history[ply:]
        self._tree = None
        return [str(m) for m in dropped]

    def _append(self, position: Position, move: Move) -> None:
        first = position.kernel.first == position.state[2]
        label = "0." if position.placing else f"{position.fullmove}." if first else ""
        n = len(self._history) + 1
        self._before.append(position)
        forced = move.null and len(position.legal_moves) == 1  # a pass, the only move: Undo goes past it
        self._history.append(
            {"ply": n, "label": label, "number": position.fullmove, "move": str(move), "side": position.turn,
             "forced": forced}
        )  # fmt: skip

    # -- what the page draws ---------------------------------------------------------------------
    def last(self) -> dict[str, Any] | None:
        """What the move that led to the shown position did: for animation and messages."""
        board = self.game.board
        ply = self.game.ply
        if not ply:
            return None
        before, move = board._positions[-1], board.move_stack[-1]
        if self._last is not None and self._last[0] is before and self._last[1] == move:
            return self._last[2]
        _frm, _to, captured, removed, _after, path = before.find_raw(move)
        g = before.geometry
        names = [g.points[p] for p in path]
        done = {
            "move": str(move),
            "side": before.turn,
            "path": [] if move.place else names,
            "placed": names if move.place else [],
            "captured": [g.points[p] for p in bits(captured)],
            "removed": [g.points[p] for p in bits(removed)],
            "huff": move.huff,
            # Taken off by the rules, not by a player's choice (Ludii's removals, citadelle's lone huffs).
            "automatic": bool(removed) and (not move.huff or before.implied_huff() is not None),
        }
        self._last = (before, move, done)
        return done

    def view(self) -> View:
        """Everything the page draws for the position at the cursor (plain data)."""
        board = self.game.board
        position = board.position
        outcome = board.outcome()
        notes = self._notes()
        return {
            "ruleset": position.ruleset,
            "board": position.rules.board,
            "position": position.text(),
            "turn": position.turn,
            "placing": position.placing,
            "pieces": position.pieces(),
            "huffable": position.huffable() if not outcome else [],
            # A huff goes with every rebel move (each legal move carries one): no "don't huff".
            "auto_removal": position.kernel.auto_removal,
            # The rebels pick the officer to huff before their step (none is implied).
            "huff_choice": bool(position.huffable()) and not outcome and position.implied_huff() is None,
            "passes": position.kernel.passes and not outcome,
            "outcome": outcome_json(outcome),
            "final": outcome_json(self.game.outcome()),
            "history": [dict(h) for h in self._history],
            "ply": self.game.ply,
            "length": len(self.game.moves),
            "last": self.last(),
            "move_number": position.fullmove,
            "first": position.rules.first,
            "comment": notes["comment"],
            "arrows": notes["arrows"],
            "points": notes["points"],
            "nag": notes["nag"],
            "path": notes["path"],
            "tree": self.tree(),
        }

    def _notes(self) -> dict[str, Any]:
        """The shown node's annotations: plain comment, arrows, points, symbol, path."""
        line, k = self._node()
        plain, arrows, points = split_comment(line.comments[k])
        return {
            "comment": plain,
            "arrows": arrows,
            "points": points,
            "nag": line.nags[k - 1] if k else "",
            "path": list(self.game.path),
        }

    def think_request(self, level: str, seed: int, time_limit: float | None = None, lines: int = 1) -> ThinkRequest:
        """What the AI's worker is asked about the position shown: a move at ``level`` (a hint or
        an analysis at the strongest level, with a ``time_limit``, the analysis with its ``lines``)."""
        request: ThinkRequest = {
            "op": "think",
            "position": self.game.board.position.text(),
            "history": self.positions_before(),
            "level": level,
            "seed": seed,
        }
        if time_limit is not None:
            request["time_limit"] = time_limit
        if lines > 1:
            request["lines"] = lines
        return request

    def tried_request(self, move: Move | str, seed: int, time_limit: float) -> ThinkRequest:
        """What the AI's worker is asked about a move tried from the position shown (a lesson
        from the review: is it as good as the best?): the position after it, at the strongest
        level. AsaltoError for a move that is not legal here."""
        position = self.game.board.position
        return {
            "op": "think",
            "position": position.play(move).text(),
            "history": self.positions_before() + [position.text()],
            "level": "strongest",
            "seed": seed,
            "time_limit": time_limit,
        }

    def review_request(self, depth: str, points: list[Any], plies: list[int] | None = None) -> ReviewRequest:
        """What the AI's worker is asked to review the game: ``depth`` is a key of REVIEW_NODES;
        ``points`` what an earlier, stopped review found (it goes on from there); ``plies`` the
        positions this worker searches, where several share the game (all when None)."""
        request: ReviewRequest = {
            "op": "review",
            "game": self.descriptor(),
            "node_limit": REVIEW_NODES[depth],
            "points": points,
        }
        if plies is not None:
            request["plies"] = plies
        return request

    def tree(self) -> list[dict[str, Any]]:
        """The move list with its variations, in reading order: one entry per move, each with
        its ``path`` (a list), ``depth`` (0 on the main line, 1 in a variation, ...), ``label``
        (``'12.'``, ``'12...'`` at a line's start or after a variation, or ''), ``number``,
        ``move``, ``side``, ``nag``, ``current`` (the move shown), ``starts_variation`` and
        ``ends_variation`` (its first and last move)."""
        if self._tree is None:
            self._tree = []
            self._flatten(self.game.line, [], 0, self._before, self._tree)
        here = list(self.game.path)
        out = []
        for entry in self._tree:
            e = dict(entry)
            e["current"] = entry["path"] == here
            out.append(e)
        return out

    def _flatten(
        self, line: Line, prefix: list[int], depth: int, before: list[Position], out: list[dict[str, Any]]
    ) -> None:
        """``line``'s entries into ``out``; ``before``: the position before each of its moves."""
        numbered = True
        for i in range(len(line.moves)):
            position = before[i]
            out.append(_entry(line, i, prefix, depth, position, numbered))
            numbered = False
            for w, var in enumerate(line.variations[i]):
                self._flatten(var, prefix + [i, w], depth + 1, _positions(position, var.moves), out)
                numbered = True

    def variation_frames(self) -> list[dict[str, Any]]:
        """The frames of every variation, for the embed view: one entry per variation in reading
        order, ``{"path": the line's path without its last number (e.g. [3, 0]), "parent": the
        path of the position it branches from, "depth", "frames": frame 0 (that position) then
        one frame per move, as in :meth:`frames`, each with its ``path``}``."""
        out: list[dict[str, Any]] = []
        path = self.game.path
        self._variation_frames(self.game.line, [], 0, out)
        self.game.go_to_path(path)
        return out

    def _variation_frames(self, line: Line, prefix: list[int], depth: int, out: list[dict[str, Any]]) -> None:
        for i in range(len(line.moves)):
            for w, var in enumerate(line.variations[i]):
                here = prefix + [i, w]
                frames = []
                for k in range(len(var.moves) + 1):
                    self.game.go_to_path(tuple(here + [k]))
                    frames.append(self._frame())
                out.append({"path": here, "parent": prefix + [i], "depth": depth + 1, "frames": frames})
                self._variation_frames(var, here, depth + 1, out)

    def frames(self) -> list[dict[str, Any]]:
        """One frame per ply (0 to the end) to step through without asking again: the embed view."""
        path = self.game.path
        out = []
        for n in range(len(self.game.moves) + 1):
            self.game.go_to(n)
            out.append(self._frame())
        self.game.go_to_path(path)
        return out

    def _frame(self) -> dict[str, Any]:
        """The frame of the node on the board: what the embed view draws there."""
        position = self.game.board.position
        outcome = self.game.board.outcome()
        out = {
            "pieces": position.pieces(),
            "turn": position.turn,
            "place": position.rules.officers if position.placing else 0,  # officers the move places
            "huffable": sorted(position.huffable()),  # the officers the side to move may huff first
            "position": position.text(),
            "fullmove": position.fullmove,
            "last": self.last(),
            "outcome": outcome.describe() if outcome else "",
            "result": outcome_json(outcome),  # the same as winner and reason, for a translation
        }
        out.update(self._notes())  # comment (plain), arrows, points, nag, path
        return out

    # -- publishing ---------------------------------------------------------------------------
    def puzzle_params(self, path: Sequence[int]) -> dict[str, str]:
        """An embed's parameters for a puzzle at the move at ``path``: the position before it,
        the move as the answer, and as the prompt the comment on that position (if any; the
        embed's default prompt otherwise).

        >>> s = Session.from_text("1. d4-d5 {Where now?} c5-c6 *")[0]
        >>> p = s.puzzle_params([2])
        >>> p["position"], p["answer"], p["prompt"], p["puzzle"]
        ('assault 3/3/RRORORR/RRR1RRR/RRRRRRR/RRR/RRR o - 1', 'c5-c6', 'Where now?', '1')
        """
        if not isinstance(path, (list, tuple)):
            raise SessionError(f"a puzzle's move is named by its path, like [3] or [3, 0, 1], not {quote(path)}")
        at = self.game.path
        try:
            line, k = self.game.node(tuple(path))
            if k == 0:
                raise SessionError("a puzzle needs a move: choose a move of the game, not a line's start")
            self.game.go_to_path(tuple(path[:-1]) + (k - 1,))
            params = {"position": self.game.board.position.text(), "puzzle": "1", "answer": str(line.moves[k - 1])}
        except IndexError as err:
            raise SessionError(str(err)) from None
        finally:
            self.game.go_to_path(at)
        prompt = " ".join(split_comment(line.comments[k - 1])[0].split())
        if prompt:
            params["prompt"] = prompt[:300]
        return params

    def sheet(self, plies: Sequence[int], title: str = "", flipped: bool = False) -> str:
        """One SVG page (A4 portrait, two columns) of numbered diagrams of the main line after
        each of ``plies``, drawn with their arrows and points, captioned from the comments."""
        from . import svg  # the drawing code: loaded only when a sheet is made
        from .geometry import BOARDS

        if not isinstance(plies, (list, tuple)) or not plies:
            raise SessionError("choose at least one move for the sheet")
        at = self.game.path
        diagrams = []
        try:
            for ply in plies:
                self.go_to(ply)
                frame = self._frame()
                head = "The start"
                if ply:
                    h = self._history[ply - 1]
                    dots = "..." if h["side"] != self.game.start.rules.first else "."
                    head = f"After {h['number']}{dots} {h['move']}{frame['nag']}"
                diagrams.append(
                    {
                        "pieces": frame["pieces"],
                        "arrows": frame["arrows"],
                        "highlight": frame["points"],
                        "caption": head + (": " + frame["comment"] if frame["comment"] else ""),
                    }
                )
        finally:
            self.game.go_to_path(at)
        rules = self.game.start.rules
        return svg.sheet(BOARDS[rules.board].to_json(), diagrams, title, flipped, rules.marked_lines)

    def sheet_page(
        self, title: str = "", flipped: bool = False, lang: str = "en", start: str = "The start", after: str = "After"
    ) -> str:
        """The game's printable sheet (HTML, any number of pages): the start if it is commented
        and every main-line move with a comment or a symbol, each a diagram with its arrows and
        points, its comment in full and the side lines played instead of it, as text (``start``
        and ``after`` head the captions, in the page's language). :class:`SessionError` if there is none."""
        from . import svg  # the drawing code: loaded only when a sheet is made
        from .geometry import BOARDS

        diagrams = self.sheet_diagrams(start, after)
        if not diagrams:
            raise SessionError("the main line has no comment or symbol to put on a sheet")
        rules = self.game.start.rules
        return svg.sheet_html(BOARDS[rules.board].to_json(), diagrams, title, flipped, rules.marked_lines, lang)

    def sheet_diagrams(
        self, start: str = "The start", after: str = "After", plies: list[int] | None = None
    ) -> list[dict[str, Any]]:
        """The sheet's diagrams (:func:`asalto_core.svg.sheet_html`'s) after the main line's ``plies``
        (by default the start if it is commented and every move with a comment or a symbol)."""
        from .record import line_text

        game = self.game
        if plies is None:
            plies = [i for i in range(len(game.moves) + 1) if game.comments[i] or (i and game.nags[i - 1])]
        at = game.path
        diagrams = []
        try:
            for ply in plies:
                sides = []  # the lines the teacher gave instead of the move shown
                if ply:
                    self.go_to(ply - 1)
                    sides = [line_text(var, game.board.position) for var in game.variations[ply - 1] if var.moves]
                self.go_to(ply)
                frame = self._frame()
                head = start
                if ply:
                    h = self._history[ply - 1]
                    dots = "..." if h["side"] != game.start.rules.first else "."
                    head = f"{after} {h['number']}{dots} {h['move']}{frame['nag']}"
                diagrams.append(
                    {
                        "pieces": frame["pieces"],
                        "arrows": frame["arrows"],
                        "highlight": frame["points"],
                        "caption": head + (": " + frame["comment"] if frame["comment"] else ""),
                        "sides": sides,
                    }
                )
        finally:
            game.go_to_path(at)
        return diagrams


def _entry(line: Line, i: int, prefix: list[int], depth: int, position: Position, numbered: bool) -> dict[str, Any]:
    """The move list's entry for ``line``'s move ``i`` (see :meth:`Session.tree`), played from
    ``position``; ``numbered``: it starts its line or follows a side line, so it shows its number."""
    first = position.kernel.first == position.state[2]
    if position.placing:
        label = "0."
    elif first or numbered:
        label = f"{position.fullmove}{'.' if first else '...'}"
    else:
        label = ""
    return {
        "path": prefix + [i + 1],
        "depth": depth,
        "label": label,
        "number": position.fullmove,
        "move": str(line.moves[i]),
        "side": position.turn,
        "nag": line.nags[i],
        "current": False,
        "starts_variation": depth > 0 and i == 0,
        "ends_variation": depth > 0 and i == len(line.moves) - 1,
    }


def _positions(position: Position, moves: list[Move]) -> list[Position]:
    """The position before each of ``moves``, from ``position``."""
    out = []
    for move in moves:
        out.append(position)
        position = position.play(move)
    return out


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"winner": outcome.winner, "reason": outcome.reason, "describe": outcome.describe()}


def save_version(data: object) -> str:
    """Whether a page's save can be read: '' if so, else 'older' (no version this page reads)
    or 'newer' (from a later version of the page, which this one must not overwrite unasked)."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version in READABLE_VERSIONS:  # True is no version (True == 1)
        return ""
    return "newer" if type(version) is int and version > SAVE_VERSION else "older"
