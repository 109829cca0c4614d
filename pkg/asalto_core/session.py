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
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import AsaltoError, NotationError
from .geometry import bits
from .position import Position
from .record import Game, RecordError
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from typing import Any

    from .notation import Move
    from .position import Outcome

MAX_MOVES = 5000  # a game longer than this is refused before it is replayed
MAX_TEXT = 1000000  # characters of a pasted record or position


class SessionError(AsaltoError):
    """A saved game or request whose shape is wrong (not a rules question)."""


class Session:
    """One game and its cursor, for a page: view, play, step, import and export."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._before: list[Position] = []  # the position before each move of the game
        self._history: list[dict[str, Any]] = []  # the move list's entries, one per move
        position = game.start
        for move in game.moves:
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
            raise SessionError(f"the game has {len(moves)} moves; at most {MAX_MOVES} are accepted")
        game = Game(find_ruleset(ruleset).name, start or None)
        for i, m in enumerate(moves):
            try:
                game.play(m)
            except AsaltoError as err:
                raise SessionError(f"move {i + 1} of the saved game: {err}") from None
        if ply is not None:
            if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(moves):
                raise SessionError(f"the saved game's move number must be 0 to {len(moves)}, not {ply!r}")
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
            raise SessionError(f"the text has {len(text)} characters; at most {MAX_TEXT} are read")
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
            "ply": g.ply,
        }

    def record(self) -> str:
        return self.game.record()

    def positions_before(self) -> list[str]:
        """The texts of the positions before the cursor, oldest first (the AI's repetition history)."""
        return [p.text() for p in self._before[: self.game.ply]]

    # -- playing and stepping -------------------------------------------------------------------
    def play(self, move: Move | str) -> dict[str, Any]:
        """Play a legal move at the cursor (moves after it are dropped); what it did, for the page."""
        ply = self.game.ply
        before = self.game.board.position
        played = self.game.play(move)
        del self._before[ply:]
        del self._history[ply:]
        self._append(before, played)
        done = self.last()
        assert done is not None  # a move was just played
        return done

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves; :class:`SessionError` outside the game."""
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= len(self.game.moves):
            raise SessionError(f"no move {ply!r}: the game has {len(self.game.moves)} moves")
        self.game.go_to(ply)

    def annotate(self, marks: list[dict[str, Any]]) -> None:
        """Put a review's marks (``review.Mark.to_json``) into the comments, so an export or an
        embed carries them; a comment already there is kept beside it."""
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
        return [str(m) for m in dropped]

    def _append(self, position: Position, move: Move) -> None:
        first = position.kernel.first == position.state[2]
        label = "0." if position.placing else f"{position.fullmove}." if first else ""
        n = len(self._history) + 1
        self._before.append(position)
        self._history.append(
            {"ply": n, "label": label, "number": position.fullmove, "move": str(move), "side": position.turn}
        )

    # -- what the page draws ---------------------------------------------------------------------
    def last(self) -> dict[str, Any] | None:
        """What the move that led to the shown position did: for animation and messages."""
        ply = self.game.ply
        if not ply:
            return None
        before, move = self._before[ply - 1], self.game.moves[ply - 1]
        _frm, _to, captured, removed, _after, path = before.find_raw(move)
        g = before.geometry
        names = [g.points[p] for p in path]
        return {
            "move": str(move),
            "side": before.turn,
            "path": [] if move.place else names,
            "placed": names if move.place else [],
            "captured": [g.points[p] for p in bits(captured)],
            "removed": [g.points[p] for p in bits(removed)],
            "huff": move.huff,
            # Taken off by the rules, not by a player's choice (Ludii's removals, citadelle's huffs).
            "automatic": bool(removed) and (not move.huff or before.kernel.auto_removal),
        }

    def view(self) -> dict[str, Any]:
        """Everything the page draws for the position at the cursor (plain data)."""
        board = self.game.board
        position = board.position
        outcome = board.outcome()
        return {
            "ruleset": position.ruleset,
            "board": position.rules.board,
            "position": position.text(),
            "turn": position.turn,
            "placing": position.placing,
            "pieces": position.pieces(),
            "huffable": position.huffable() if not outcome else [],
            # The huffable officers go with every rebel move (each legal move carries the huff).
            "auto_removal": position.kernel.auto_removal,
            "outcome": outcome_json(outcome),
            "final": outcome_json(self.game.outcome()),
            "history": [dict(h) for h in self._history],
            "ply": self.game.ply,
            "length": len(self.game.moves),
            "last": self.last(),
            "move_number": position.fullmove,
            "first": position.rules.first,
            "comment": self.game.comments[self.game.ply],
        }

    def frames(self) -> list[dict[str, Any]]:
        """One frame per ply (0 to the end) to step through without asking again: the embed view."""
        ply = self.game.ply
        out = []
        for n in range(len(self.game.moves) + 1):
            self.game.go_to(n)
            position = self.game.board.position
            outcome = self.game.board.outcome()
            out.append(
                {
                    "pieces": position.pieces(),
                    "turn": position.turn,
                    "position": position.text(),
                    "fullmove": position.fullmove,
                    "last": self.last(),
                    "outcome": outcome.describe() if outcome else "",
                    "result": outcome_json(outcome),  # the same as winner and reason, for a translation
                    "comment": self.game.comments[n],
                }
            )
        self.game.go_to(ply)
        return out


def outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {"winner": outcome.winner, "reason": outcome.reason, "describe": outcome.describe()}
