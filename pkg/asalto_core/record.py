r"""Games with history (undo, redo, jump to a move) and their PGN-like record.

A record is tag pairs, then numbered moves with ``{comments}``, then the result, written as
PGN writes it with the rebels as the first player (``1-0`` the rebels win, ``0-1`` the officers,
``1/2-1/2`` a draw, ``*`` not over; the older ``rebels-win``, ``officers-win`` and ``draw`` are
read too). A game from a set-up position has ``SetUp "1"`` and ``FEN`` (the position text) beside
the project's own ``Position`` tag, so PGN tools know it does not start from the usual position::

    [Ruleset "assault"]
    [Officers "Ada"]
    [Rebels "Ben"]
    [Result "*"]

    {A short opening.} 1. d4-d5 {The only move.} c5-d4 2. b5-c5 *

Inside a comment, ``\}`` and ``\\`` stand for ``}`` and ``\``.

Annotations, as PGN writes them (other tools can skip what they do not know):

* a **symbol** after a move: ``c5-c6?!`` (one of :data:`NAGS`; ``$1`` to ``$6`` are read too);
* a **variation** in parentheses right after the move it replaces:
  ``1. d4-d5 c5-c6 (1... c5-d4 {idea} 2. d3-d4) 2. d3-d4``; variations nest;
* **arrows and highlighted points** as commands inside a comment:
  ``{[%arrows e6xe4xe2,c3-c5] [%points e5,e3] The officer clears the line.}``
  (:func:`split_comment` and :func:`join_comment` read and write them).

The game tree: a :class:`Line` holds moves, the comment after each (``comments[0]``
before its first move), each move's symbol (``nags``) and, per move, the variations
that replace it (``variations[i]``: a list of lines starting from the position before
``moves[i]``). A :class:`Game`'s main line is ``game.line``; ``game.moves``,
``game.comments``, ``game.nags`` and ``game.variations`` are its lists.

A node of the tree is named by a **path**, a tuple of ints of odd length: ``(k,)`` is the
main line after ``k`` moves (``(0,)`` the start); ``(i, v, k)`` is ``k`` moves into the
``v``-th variation (from 0) of ``game.variations[i]`` (which replaces main-line move
``i + 1``, played from ply ``i``); ``(i, v, j, w, k)`` goes one variation deeper, and so on.

>>> game = Game.from_record('1. d4-d5 c5-c6?! (1... c5-d4 {[%arrows c5-d4] idea}) 2. d3-d4 *')
>>> game.nags, [str(m) for m in game.variations[1][0].moves], game.node((1, 0, 1))[0].comments
(['', '?!', ''], ['c5-d4'], ['', '[%arrows c5-d4] idea'])
>>> split_comment(game.variations[1][0].comments[1])
('idea', ['c5-d4'], [])

>>> game = Game("assault")
>>> game.play("d4-d5"); game.comment("The only move.")
Move.parse('d4-d5')
>>> Game.from_record(game.record()) == game
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import AsaltoError, InvalidPositionError, LimitError, NotationError, quote
from .geometry import is_number
from .notation import MAX_MOVE_TEXT, Move, _is_point
from .position import Board, Position, start_position
from .rulesets import find_ruleset
from .svg import MARK_COLOURS  # a teacher's mark may start with its colour letter: ``Rc3-c5``, ``Be5``

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Sequence

    from .position import Outcome

RESULTS = ("officers-win", "rebels-win", "draw", "*")  # the results as Outcome.token() and Game.result() say them
# ...and as a record writes them: PGN's tokens, the rebels (who move first in most rulesets) as White.
PGN_RESULTS = {"rebels-win": "1-0", "officers-win": "0-1", "draw": "1/2-1/2", "*": "*"}
_FROM_PGN = {"1-0": "rebels-win", "0-1": "officers-win", "1/2-1/2": "draw", "*": "*"}
for _token in RESULTS:
    _FROM_PGN[_token] = _token  # the older tokens read as they were written
NAGS = ("!", "?", "!!", "??", "!?", "?!")  # the symbols of good and bad moves; PGN's $1 to $6
MAX_DEPTH = 50  # variations nested deeper than this are refused (a record, not a stack overflow)
# Tags are written in this order, then any others alphabetically (the same on every interpreter).
_TAG_ORDER = ("Event", "Site", "Date", "Ruleset", "Officers", "Rebels", "Position", "SetUp", "FEN", "Result")
_START_TAGS = ("Position", "SetUp", "FEN")  # written from the game's start, never kept as given
_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"  # a tag's name (ASCII)


class RecordError(NotationError):
    """A record that cannot be read to its end; ``partial`` holds the moves read before the error."""

    def __init__(self, message: str, partial: Game) -> None:
        super().__init__(message)
        self.partial = partial


class Line:
    """A line of play: moves, the comment after each (``comments[0]`` before the first), the
    symbol of each (``nags``: '' or one of :data:`NAGS`) and its variations (``variations[i]``:
    the lines that replace ``moves[i]``, each a :class:`Line` from the same position)."""

    def __init__(self) -> None:
        self.moves: list[Move] = []
        self.comments: list[str] = [""]
        self.nags: list[str] = []
        self.variations: list[list[Line]] = []

    def append(self, move: Move) -> None:
        self.moves.append(move)
        self.comments.append("")
        self.nags.append("")
        self.variations.append([])

    def truncate(self, k: int) -> list[Move]:
        """Drop the moves after the first ``k`` (their comments, symbols and variations); return them."""
        dropped = self.moves[k:]
        del self.moves[k:]
        del self.comments[k + 1 :]
        del self.nags[k:]
        del self.variations[k:]
        return dropped

    def tail(self, k: int) -> Line:
        """A new line of the moves from ``k`` on (with their annotations), cut from this one."""
        out = Line()
        out.moves = self.moves[k:]
        out.comments = [""] + self.comments[k + 1 :]
        out.nags = self.nags[k:]
        out.variations = self.variations[k:]
        del self.moves[k:]
        del self.comments[k + 1 :]
        del self.nags[k:]
        del self.variations[k:]
        return out

    def extend(self, other: Line) -> None:
        """Append another line's moves and annotations (its ``comments[0]`` is dropped)."""
        self.moves.extend(other.moves)
        self.comments.extend(other.comments[1:])
        self.nags.extend(other.nags)
        self.variations.extend(other.variations)

    def nesting(self) -> int:
        """How deep variations nest in this line (0: none), counted without recursion."""
        deepest, todo = 0, [(self, 0)]
        while todo:
            line, depth = todo.pop()
            deepest = max(deepest, depth)
            todo.extend((var, depth + 1) for lines in line.variations for var in lines)
        return deepest

    def within(self, other: Line) -> bool:
        """Whether ``other`` holds all of this line: its moves first, each comment and symbol this
        line has (the same there), and each of its variations within other's variation that starts
        with the same move. A tab whose game is within another's loses nothing by following it.
        Counted without recursion; where two of other's variations start alike it says no.

        >>> mine, theirs = Line(), Line()
        >>> for line in (mine, theirs): line.append(Move.parse("d4-d5"))
        >>> mine.comments[1] = "A note."
        >>> theirs.append(Move.parse("c5-c6")); theirs.comments[1] = "A note."
        >>> mine.within(theirs), theirs.within(mine)
        (True, False)
        >>> theirs.comments[1] = "Another note."
        >>> mine.within(theirs)
        False
        """
        todo = [(self, other)]
        while todo:
            mine, theirs = todo.pop()
            if theirs.moves[: len(mine.moves)] != mine.moves:
                return False
            if any(text and text != theirs.comments[i] for i, text in enumerate(mine.comments)):
                return False
            if any(nag and nag != theirs.nags[i] for i, nag in enumerate(mine.nags)):
                return False
            for i, lines in enumerate(mine.variations):
                for line in lines:
                    alike = [o for o in theirs.variations[i] if o.moves[:1] == line.moves[:1]]
                    if len(alike) != 1:
                        return False
                    todo.append((line, alike[0]))
        return True

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Line) and (self.moves, self.comments, self.nags, self.variations) == (
            other.moves, other.comments, other.nags, other.variations,
        )  # fmt: skip

    def __repr__(self) -> str:
        return f"<Line {' '.join(str(m) for m in self.moves)}>"


class Game:
    """A game: tags, a start position, the moves with comments, and a cursor.

    Undo and redo move the cursor; playing a move after an undo replaces the moves
    that followed, as in any board-game app. ``Game(ruleset)``, ``Game(position)`` (a
    :class:`Position` or its text) and ``Game(ruleset, position)`` start as :class:`Board`
    does. In a notebook a game shows as its board at the cursor.
    """

    def __init__(
        self,
        ruleset: str | Position | None = None,
        position: Position | str | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        tags = _checked_tags(tags)
        if ruleset is None and position is None:  # a game described by its tags alone
            ruleset, position = tags.get("Ruleset"), tags.get("Position", tags.get("FEN"))
        self.start = start_position(ruleset, position)
        # The tags never contradict the game: what is played is what is written.
        named = tags.get("Ruleset")
        if named is not None and find_ruleset(named).name != self.start.ruleset:
            why = f"is not the game's ruleset {self.start.ruleset!r}"
            raise InvalidPositionError(f"the Ruleset tag {quote(named)} {why}")
        for name in ("Position", "FEN"):
            text = tags.pop(name, None)
            if text is not None and start_position(None, text) != self.start:
                raise InvalidPositionError(
                    f"the {name} tag {quote(text)} is not the game's start {self.start.text()!r}"
                )
        tags.pop("SetUp", None)
        result = tags.get("Result", "*")
        if result not in _FROM_PGN:
            known = ", ".join(list(PGN_RESULTS.values()) + list(RESULTS[:3]))
            raise NotationError(f"the Result tag must be one of {known}, not {quote(result)}")
        tags["Result"] = _FROM_PGN[result]
        self.tags: dict[str, str] = {"Ruleset": self.start.ruleset}
        self.tags.update(tags)
        self.tags["Ruleset"] = self.start.ruleset
        self.line = Line()  # the main line; its variations make the game tree
        self.board = Board(self.start)
        self.path: tuple[int, ...] = (0,)  # the node on the board (see the module's paths)

    @property
    def moves(self) -> list[Move]:
        """The main line's moves."""
        return self.line.moves

    @property
    def comments(self) -> list[str]:
        """The main line's comments: ``comments[k]`` after move ``k`` (``comments[0]`` before the first)."""
        return self.line.comments

    @property
    def nags(self) -> list[str]:
        """The main line's symbols, one per move ('' for none)."""
        return self.line.nags

    @property
    def variations(self) -> list[list[Line]]:
        """``variations[i]``: the lines that replace main-line move ``i + 1`` (played from ply ``i``)."""
        return self.line.variations

    # -- playing and navigating ------------------------------------------
    @property
    def ply(self) -> int:
        """How many moves of the game are on the board (the cursor)."""
        return len(self.board.move_stack)

    def play(self, move: Move | str, branch: bool = False) -> Move:
        """Play a legal move at the cursor (a node of the tree, :attr:`path`).

        By default the moves that followed the cursor in its line are dropped. With
        ``branch``, the next move of the line is followed if it is this move, else a
        variation that starts with it is entered, else a new variation starts (a move at
        the end of a line extends it)."""
        line, k = self.node(self.path)
        prefix = self.path[:-1]
        if branch and k == 0 and prefix:  # the start of a variation: branch from its parent
            prefix, k = prefix[:-2], prefix[-2]
            line = self.node(prefix + (k,))[0]
        played = self.board.push(move)
        if branch and k < len(line.moves):
            if str(line.moves[k]) == str(played):
                self.path = prefix + (k + 1,)
                return played
            for w, var in enumerate(line.variations[k]):
                if var.moves and str(var.moves[0]) == str(played):
                    self.path = prefix + (k, w, 1)
                    return played
            if len(prefix) // 2 >= MAX_DEPTH:  # a record would not read it back (from_record's limit)
                self.board.pop()
                raise NotationError(f"variations nest at most {MAX_DEPTH} deep: this one would be deeper")
            var = Line()
            var.append(played)
            line.variations[k].append(var)
            self.path = prefix + (k, len(line.variations[k]) - 1, 1)
            return played
        line.truncate(k)
        line.append(played)
        self.path = prefix + (k + 1,)
        return played

    def node(self, path: Sequence[int]) -> tuple[Line, int]:
        """The line holding the node at ``path`` and how many of its moves lead there;
        :class:`IndexError` if the game has no such node."""
        line, k = self._walk(path, False)[:2]
        return line, k

    def _walk(self, path: Sequence[int], collect: bool = True, skip: int = 0) -> tuple[Line, int, list[Move]]:
        """The line and index of a path's node, and (with ``collect``) the moves from the start to
        it, less the first ``skip`` (only those are copied: a long line costs nothing to pass)."""
        if (
            not isinstance(path, (tuple, list))
            or len(path) % 2 != 1
            or len(path) > 2 * MAX_DEPTH + 1
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in path)
        ):
            raise IndexError(f"bad path {quote(path)}: an odd number of whole numbers, like (3,) or (3, 0, 2)")
        line, moves, plies = self.line, [], 0
        for d in range(0, len(path) - 1, 2):
            j, w = path[d], path[d + 1]
            if not 0 <= j < len(line.moves) or not 0 <= w < len(line.variations[j]):
                raise IndexError(f"no variation {w} at move {j + 1} of the path {quote(path)}")
            if collect:
                moves.extend(line.moves[max(0, skip - plies) : j])
            plies += j
            line = line.variations[j][w]
        k = path[-1]
        if not 0 <= k <= len(line.moves):
            raise IndexError(f"no move {k} in the line of the path {quote(path)}: it has {len(line.moves)}")
        if collect:
            moves.extend(line.moves[max(0, skip - plies) : k])
        return line, k, moves

    def excerpt(self, path: Sequence[int], plies: int) -> Game:
        """A new game from the position before the move at ``path``: that move and the moves after
        it on its line, ``plies`` in all (fewer where the line ends), with their comments, symbols
        and side lines: a puzzle's record. :class:`NotationError` if ``path`` names no move.

        >>> game = Game.from_record("1. d4-d5 c5-c6 (1... e5-e6 {No.}) 2. b5-c5 *")
        >>> print(game.excerpt((2,), 2).record().split("\\n\\n")[1].strip())
        1... c5-c6 (1... e5-e6 {No.}) 2. b5-c5 *
        """
        try:
            line, k = self.node(path)
        except IndexError as err:
            raise NotationError(str(err)) from None
        if k == 0 or not isinstance(plies, int) or plies < 1:
            raise NotationError("an excerpt starts at a move (not a line's start) and holds at least one")
        at = self.path
        try:
            self.go_to_path(tuple(path[:-1]) + (k - 1,))
            start = self.board.position
        finally:
            self.go_to_path(at)
        out = Game(position=start)
        end = min(len(line.moves), k - 1 + plies)
        out.line.moves = line.moves[k - 1 : end]
        out.line.comments = [""] + line.comments[k : end + 1]
        out.line.nags = line.nags[k - 1 : end]
        out.line.variations = line.variations[k - 1 : end]
        return Game.from_record(out.record())  # its own lines, nothing shared with this game

    def go_to_path(self, path: Sequence[int]) -> None:
        """Show the position at a node of the tree; :class:`IndexError` if there is none.

        Only the moves that differ are taken back and played, found from the two paths (not by
        comparing the moves), so a click costs the same after 4,000 moves as after 4."""
        self._walk(path, False)
        path = tuple(path)
        here = self.path  # its moves are on the board unless the board was moved by hand
        same = _shared(here, path) if self.ply == sum(here[d] for d in range(0, len(here), 2)) else 0
        while self.ply > same:
            self.board.pop()
        for move in self._walk(path, True, self.ply)[2]:
            self.board.push(move)
        self.path = path

    def comment(self, text: str, ply: int | None = None) -> None:
        """Set the comment after main-line move ``ply`` (default: the node on the board). The look-alike
        a record writes for '}' is kept as '}', as the record reads it back."""
        if not isinstance(text, str):
            raise NotationError(f"a comment must be text, not {type(text).__name__}")
        text = text.replace(BRACE_STANDIN, "}")
        if ply is None:
            line, k = self.node(self.path)
            line.comments[k] = text
        else:
            self.comments[ply] = text

    def undo(self) -> Move | None:
        """One move back along the cursor's line (from a variation's first move, to where it branched)."""
        if not self.ply:
            return None
        k = self.path[-1]
        if k == 0:  # the start of a variation: the parent's position, then one back
            self.path = self.path[:-3] + (self.path[-3],)
            return self.undo()
        move = self.board.pop()
        self.path = self.path[:-1] + (k - 1,) if k > 1 or len(self.path) == 1 else self.path[:-3] + (self.path[-3],)
        return move

    def redo(self) -> Move | None:
        """One move on along the cursor's line."""
        line, k = self.node(self.path)
        if k >= len(line.moves):
            return None
        self.path = self.path[:-1] + (k + 1,)
        return self.board.push(line.moves[k])

    def truncate(self) -> list[Move]:
        """Drop the moves after the cursor in its line (taking them back); return them, oldest first.

        At a variation's start the whole variation goes (an empty one would not be written),
        and the cursor goes where it branched."""
        line, k = self.node(self.path)
        if k == 0 and len(self.path) > 1:
            outer_path, j, w = self.path[:-3], self.path[-3], self.path[-2]
            self.go_to_path(outer_path + (j,))
            del self.node(outer_path + (j,))[0].variations[j][w]
            return line.moves
        return line.truncate(k)

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the main line (0: the start)."""
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"no move {ply}: the game has {len(self.moves)} moves")
        self.go_to_path((ply,))

    def outcome(self) -> Outcome | None:
        """The result of the whole game (at the main line's last move), whatever the cursor."""
        path = self.path
        self.go_to(len(self.moves))
        done = self.board.outcome()
        self.go_to_path(path)
        return done

    def result(self) -> str:
        """The result token: the rules' when the game is over, else the Result tag ('*' if none)."""
        done = self.outcome()
        result = self.tags.get("Result", "*")
        return done.token() if done else result if result in RESULTS else "*"

    # -- records ------------------------------------------------------------
    def record(self) -> str:
        """The game as PGN-like text that :meth:`from_record` reads back."""
        tags = {k: v for k, v in self.tags.items() if k not in _START_TAGS}
        tags["Ruleset"] = self.start.ruleset
        if self.start != Position.start(self.start.ruleset):
            tags["Position"] = tags["FEN"] = self.start.text()
            tags["SetUp"] = "1"
        tags["Result"] = PGN_RESULTS[self.result()]
        ordered = [k for k in _TAG_ORDER if k in tags] + sorted(k for k in tags if k not in _TAG_ORDER)
        head = "\n".join(f'[{k} "{_escape(tags[k], chr(34))}"]' for k in ordered)
        words: list[str] = []
        if self.comments[0]:
            words.append(_comment_word(self.comments[0]))
        _write_line(self.line, self.start, words)
        words.append(tags["Result"])
        return head + "\n\n" + _wrap(words) + "\n"

    __str__ = record

    @classmethod
    def from_record(cls, text: str, max_moves: int | None = None) -> Game:
        """Read a record; a bad tag or move raises :class:`RecordError` (with the moves before it).

        With ``max_moves``, a record of more moves is refused before any is played."""
        if not isinstance(text, str):
            raise NotationError(f"a game record must be text, not {type(text).__name__}")
        # A first pass counts the moves and reads the tags (nothing is kept of the rest: the
        # tokens are read again, one at a time, so a long record never sits in memory twice).
        n, tags, tokens, unclosed = 0, {}, _Tokens(text), 0
        kind = tokens.next()
        while kind:
            if kind == "tag":
                tags[tokens.name] = tokens.value
            elif kind == "word" and tokens.value not in _FROM_PGN and tokens.value[:1] != "$":
                n += 1
            elif kind == "open" or kind == "close":
                unclosed += 1 if kind == "open" else -1
            kind = tokens.next()
        if max_moves is not None and n > max_moves:
            raise LimitError(f"bad record: it has {n} moves; at most {max_moves} are read")
        tags["Result"] = "*"  # the result is the token after the moves, not the tag
        try:
            game = cls(None, None, tags)
        except AsaltoError as err:
            raise NotationError(f"bad record: {err}") from None
        reader = _Reader(game, unclosed > 0)
        result = "*"
        tokens = _Tokens(text)
        while True:
            kind = tokens.next()
            if not kind:
                break
            value, line = tokens.value, tokens.at
            if kind == "comment":
                reader.comment(value)
            elif kind == "open":
                reader.open(line)
            elif kind == "close":
                reader.close(line)
            elif kind == "number":
                if not is_number(value.rstrip(".")):
                    raise reader.failed(line, f"bad move number {quote(value)}: at most 9 digits")
            elif kind == "word" and value in _FROM_PGN:
                result = _FROM_PGN[value]
            elif kind == "word" and value.endswith("."):
                raise reader.failed(line, f"bad move number {quote(value)}: ASCII digits and a dot, like '12.'")
            elif kind == "word" and value[:1] == "$":
                nag = _NAG_CODES.get(value, "")  # other PGN codes ($7 and on) are skipped
                if nag and reader.cur.moves:
                    reader.cur.nags[-1] = nag
            elif kind == "word":
                reader.move(value, line)
        reader.finish()
        game.tags["Result"] = result
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.start, self.line, self.result(), self._tags()) == (
            other.start, other.line, other.result(), other._tags(),
        )  # fmt: skip

    def _tags(self) -> dict[str, str]:
        return {k: v for k, v in self.tags.items() if k != "Result" and k not in _START_TAGS}

    def __repr__(self) -> str:
        return f"<Game {self.start.ruleset} {len(self.moves)} moves, at {self.ply}>"

    def svg(
        self,
        *,
        flipped: bool = False,
        coords: bool = True,
        arrows: Sequence[str] = (),
        highlight: Iterable[str] = (),
        title: str | None = None,
    ) -> str:
        """The position at the cursor as SVG (:meth:`Position.svg`)."""
        return self.board.svg(flipped=flipped, coords=coords, arrows=arrows, highlight=highlight, title=title)

    def _repr_svg_(self) -> str:
        """Jupyter draws the game's board at the cursor."""
        return self.board.svg()


def _checked_tags(tags: object) -> dict[str, str]:
    """A copy of a game's tags: names of ASCII letters, digits and '_', values text."""
    if tags is None:
        return {}
    if not isinstance(tags, dict):
        raise NotationError(f"the tags must be a dict of names to text, not {type(tags).__name__}")
    out: dict[str, str] = {}
    for name in sorted(tags, key=str):
        value = tags[name]
        if not isinstance(name, str) or not name or not all(c in _NAME_CHARS for c in name):
            raise NotationError(f"bad tag name {quote(name)}: ASCII letters, digits and '_' only")
        if not isinstance(value, str):
            raise NotationError(f"the tag {name} must be text, not {type(value).__name__}")
        out[name] = value
    return out


_NAG_CODES = {"$1": "!", "$2": "?", "$3": "!!", "$4": "??", "$5": "!?", "$6": "?!"}


def _split_nag(word: str) -> tuple[str, str]:
    """A move word and its symbol: ``'c5-c6?!'`` -> ``('c5-c6', '?!')``."""
    end = len(word)
    while end > 0 and word[end - 1] in "!?":
        end -= 1
    nag = word[end:]
    return (word[:end], nag) if nag in NAGS else (word, "")


def _shared(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    """How many moves from the start the nodes at paths ``a`` and ``b`` have in common, from the
    paths alone: along the lines both go through, up to where one ends or they part."""
    plies, d = 0, 0
    while d + 1 < len(a) and d + 1 < len(b) and a[d] == b[d] and a[d + 1] == b[d + 1]:
        plies += a[d]
        d += 2
    return plies + min(a[d], b[d])


_UNOPENED = Line()  # a variation's line before anything is read into it (never written to)


class _Reader:
    """A record's moves, comments and variations read into a game, token by token.

    Linear in the record, on MicroPython too: a node's comments are joined once at the end (not
    one string longer per comment), and a variation takes the outer line's move back only when
    its first move comes (an empty ``()`` costs no replay and no line)."""

    def __init__(self, game: Game, unclosed: bool = False) -> None:
        self.game = game
        self.cur = game.line
        self.stack: list[Line] = []  # the lines the open variations were read from
        self.opened: list[int] = []  # the record's line each of them was opened on
        self.unclosed = unclosed  # the record has more '(' than ')': a bad move in a variation says so
        self.pending = False  # the innermost variation has no move yet: nothing taken back
        self.notes: dict[tuple[int, int], tuple[Line, int, list[str]]] = {}  # comments by node

    def where(self, line: int) -> str:
        return f"bad record, line {line}, move {self.game.ply + 1 - self.pending}"

    def _enter(self) -> None:
        """The variation just opened gets its line (at its first comment or move)."""
        if self.cur is _UNOPENED:
            self.cur = Line()
            self.stack[-1].variations[-1].append(self.cur)

    def comment(self, value: str) -> None:
        self._enter()
        k = len(self.cur.moves)
        key = (id(self.cur), k)
        if key not in self.notes:
            self.notes[key] = (self.cur, k, [])
        self.notes[key][2].append(value)

    def open(self, line: int) -> None:
        if not self.cur.moves:
            raise self.failed(line, "a variation '(' must follow the move it replaces")
        if len(self.stack) >= MAX_DEPTH:
            raise self.failed(line, f"variations nested more than {MAX_DEPTH} deep")
        self.stack.append(self.cur)
        self.opened.append(line)
        self.cur = _UNOPENED  # no line until something is read into it: '()' costs nothing
        self.pending = True

    def move(self, word: str, line: int) -> None:
        self._enter()
        if self.pending:  # the variation's first move: the outer line's move is taken back now
            self.game.board.pop()
            self.pending = False
        move, nag = _split_nag(word)
        try:
            self.cur.append(self.game.board.push(move))
        except AsaltoError as err:
            if self.unclosed and self.stack:  # the moves after a '(' left open read as the variation's
                why = f"the variation '(' opened on line {self.opened[-1]} is never closed (unbalanced parentheses)"
                raise self.failed(line, f"{why}, so {quote(word)} was read inside it: {err}") from None
            raise self.failed(line, str(err)) from None
        self.cur.nags[-1] = nag

    def close(self, line: int) -> None:
        if not self.stack:
            raise self.failed(line, "')' closes no variation (unbalanced parentheses)")
        self._close()

    def _close(self) -> None:
        """The innermost variation read to its ')': the board back where it branched, then on.
        An empty variation is dropped."""
        var, outer = self.cur, self.stack.pop()
        self.opened.pop()
        if self.pending:
            self.pending = False
        else:
            for _ in var.moves:
                self.game.board.pop()
            self.game.board.push(outer.moves[-1])
        if var is not _UNOPENED and not var.moves:
            outer.variations[-1].pop()  # it is the last one opened there
        self.cur = outer

    def finish(self) -> None:
        """The comments written and the cursor at the main line's end; an unclosed '(' raises."""
        if self.stack:
            raise self.failed(0, f"{len(self.stack)} variation '(' never closed (unbalanced parentheses)")
        self._end()

    def _end(self) -> None:
        for line, k, parts in self.notes.values():
            line.comments[k] = " ".join(parts)
        self.game.path = (len(self.game.moves),)

    def failed(self, line: int, why: str) -> RecordError:
        """The error of a record read up to a point: the board back on the main line, at its
        last move read (what was read, variations included, is kept)."""
        message = f"{self.where(line)}: {why}" if line else f"bad record: {why}"
        while self.stack:
            self._close()
        self._end()
        return RecordError(message, self.game)


def split_games(text: str) -> list[str]:
    """A record of several games (a study's chapters, one PGN file) as one text per game: a game
    starts at a tag that follows another game's moves or result. Blank texts are dropped.

    >>> split_games('[Event "A"]\\n\\n1. d4-d5 *\\n\\n[Event "B"]\\n\\n*\\n')
    ['[Event "A"]\\n\\n1. d4-d5 *', '[Event "B"]\\n\\n*']
    """
    return [part for part, _tags in index_games(text)]


def index_games(text: str) -> list[tuple[str, dict[str, str]]]:
    """Each game of a record (as :func:`split_games` cuts them) with its tags, read in the same
    pass and no move played: the contents of a record too long to read whole at once.

    >>> [tags["Officers"] for _, tags in index_games('[Officers "A"]\\n\\n1. d4-d5 *\\n[Officers "B"]\\n*')]
    ['A', 'B']
    """
    if not isinstance(text, str):
        raise NotationError(f"a game record must be text, not {type(text).__name__}")
    tokens, cuts, moves = _Tokens(text), [0], False
    found: list[dict[str, str]] = [{}]
    data = tokens.data
    while True:
        before = tokens.i
        kind = tokens.next()
        if not kind:
            break
        if kind == "tag" and moves:
            cuts.append(before)
            found.append({})
            moves = False
        if kind == "tag":
            found[-1][tokens.name] = tokens.value
        else:
            moves = True
    cuts.append(len(data))
    parts = [(data[cuts[k] : cuts[k + 1]].decode().strip(), found[k]) for k in range(len(cuts) - 1)]
    return [(part, tags) for part, tags in parts if part]


def read_result(*words: str) -> str:
    """The first of ``words`` that is a result (PGN's token or the older ones), as :data:`RESULTS`
    says it; ``'*'`` if none is.

    >>> read_result("d4-d5", "0-1"), read_result("1/2-1/2"), read_result("x")
    ('officers-win', 'draw', '*')
    """
    return next((_FROM_PGN[w] for w in words if w in _FROM_PGN and w != "*"), "*")


def line_text(line: Line, position: Position, braces: bool = False) -> str:
    """A line as a reader reads it: numbered moves with their symbols, the comments' plain text
    (no marks) and its own side lines in parentheses (a sheet's side lines); ``braces``: each
    comment in braces, as a record writes it (a whole game printed, where a comment may read
    like a move).

    >>> game = Game.from_record("1. d4-d5 c5-c6 (1... e5-e6 {[%points e6] Slow.} 2. d3-d4) *")
    >>> line_text(game.variations[1][0], game.start.play(game.moves[0]))
    '1... e5-e6 Slow. 2. d3-d4'
    >>> line_text(game.line, game.start, braces=True)
    '1. d4-d5 c5-c6 (1... e5-e6 {Slow.} 2. d3-d4)'
    """
    words: list[str] = []

    def plain(comment: str) -> str:
        text = split_comment(comment)[0]
        return "{" + text + "}" if braces and text else text

    _write_line(line, position, words, plain)
    return " ".join(words)


def _write_line(line: Line, position: Position, words: list[str], comment: Callable[[str], str] | None = None) -> None:
    """A line's moves, comments, symbols and variations as record words (recursively); ``comment``
    writes a comment (a record's: in braces)."""
    comment = comment or _comment_word
    numbered = True  # a line's first move, and the move after a variation, carry their number
    for i, move in enumerate(line.moves):
        side = position.state[2]
        if not position.placing and (side == position.kernel.first or numbered):
            dots = "." if side == position.kernel.first else "..."
            words.append(f"{position.fullmove}{dots}")
        words.append(str(move) + line.nags[i])
        note = comment(line.comments[i + 1]) if line.comments[i + 1] else ""
        if note:
            words.append(note)
        numbered = False
        for var in line.variations[i]:
            if not var.moves:  # an empty variation is not written (a reader drops it)
                continue
            opened = len(words)
            note = comment(var.comments[0]) if var.comments[0] else ""
            if note:
                words.append(note)
            _write_line(var, position, words, comment)
            words[opened] = "(" + words[opened]
            words[-1] = words[-1] + ")"
            numbered = True
        if i + 1 < len(line.moves):
            position = position.play(move)


# -- arrows and points inside comments -----------------------------------------------------
def split_comment(text: str) -> tuple[str, list[str], list[str]]:
    """A comment's plain text, its arrows and its highlighted points.

    Chess teachers' marks, as lichess and ChessBase write them: ``[%cal Gd4d5,Rc5c6]`` holds
    arrows (a colour letter G, R, B or Y, then two points), ``[%csl Ge5]`` circled points. This
    module's older forms still read: ``[%arrows ...]`` holds moves (``e6xe4xe2``) or point pairs
    (``c3-c5``), ``[%points ...]`` point names, each perhaps with a colour letter first
    (``Rc3-c5``, ``Be5``). Items are separated by commas or spaces; commands may stand anywhere
    in the text. Other ``[%...]`` commands stay in the plain text, and items that are not a
    move's or a point's syntax are dropped. Green marks come back without their letter.

    >>> split_comment("[%cal Gd4d5,Rc5c6] [%csl Ge5] [%arrows e6xe4xe2] The officer clears the line.")
    ('The officer clears the line.', ['d4-d5', 'Rc5-c6', 'e6xe4xe2'], ['e5'])
    """
    if not isinstance(text, str):
        raise NotationError(f"a comment must be text, not {type(text).__name__}")
    if "[%" not in text:
        return text.strip(), [], []
    # Searched as UTF-8 bytes, as the record is read (_Tokens): MicroPython finds a text's i-th
    # character by counting from its start, which made a long comment with many commands quadratic.
    data = text.encode("utf-8", "surrogatepass")
    plain: list[bytes] = []
    arrows: list[str] = []
    points: list[str] = []
    i = 0
    while True:
        start = data.find(b"[%", i)
        end = data.find(b"]", start) if start >= 0 else -1
        if end < 0:
            plain.append(data[i:])
            break
        body = data[start + 2 : end].decode("utf-8", "surrogatepass").replace(",", " ").split()
        name = body[0] if body else ""
        if name == "arrows":
            arrows.extend(a for a in body[1:] if _is_arrow(a))
        elif name == "points":
            points.extend(p for p in body[1:] if _is_mark_point(p))
        elif name == "cal":
            arrows.extend(a for a in (_from_cal(item) for item in body[1:]) if a)
        elif name == "csl":
            points.extend(p for p in (_green_bare(item) for item in body[1:]) if _is_mark_point(p))
        else:
            plain.append(data[i : end + 1])
            i = end + 1
            continue
        plain.append(data[i:start])
        i = end + 1
    return " ".join(b" ".join(plain).decode("utf-8", "surrogatepass").split()), arrows, points


def join_comment(plain: str, arrows: Sequence[str] = (), points: Sequence[str] = ()) -> str:
    """A comment's text from its plain text, arrows and points (:func:`split_comment` reads it
    back); :class:`NotationError` names an arrow or point that is not one in syntax.

    Arrows of two points are written ``[%cal ...]`` (a move's path has no such form: an arrow
    list holding one is written ``[%arrows ...]``), points ``[%csl ...]``.

    >>> join_comment("Open the line.", ["d4-d5", "Rc5-c6"], ["e5", "Be3"])
    '[%cal Gd4d5,Rc5c6] [%csl Ge5,Be3] Open the line.'
    >>> join_comment("The officer clears the line.", ["e6xe4xe2"], ["e5"])
    '[%arrows e6xe4xe2] [%csl Ge5] The officer clears the line.'
    """
    if not isinstance(plain, str):
        raise NotationError(f"a comment must be text, not {type(plain).__name__}")
    for a in arrows:
        if not isinstance(a, str) or not _is_arrow(a):
            raise NotationError(f"bad arrow {quote(a)}: points joined by '-' or 'x', like 'c3-c5' or 'e6xe4xe2'")
    for p in points:
        if not isinstance(p, str) or not _is_mark_point(p):
            raise NotationError(f"bad point {quote(p)}: a file a-i and a rank, like 'e5' (a colour first: 'Re5')")
    parts = []
    cal = [_to_cal(a) for a in arrows]
    if arrows and all(cal):
        parts.append("[%cal " + ",".join(cal) + "]")
    elif arrows:  # a move's path (``e6xe4xe2``) has no [%cal] form: all in their order, as before
        parts.append("[%arrows " + ",".join(arrows) + "]")
    if points:
        parts.append("[%csl " + ",".join(_with_colour(p) for p in points) + "]")
    if plain.strip():
        parts.append(plain.strip())
    return " ".join(parts)


def _with_colour(mark: str) -> str:
    """A mark with its colour letter always (green's ``G`` where it has none), as [%cal]/[%csl] write it."""
    return mark if mark[:1] in MARK_COLOURS else "G" + mark


def _green_bare(mark: str) -> str:
    """A mark as this module keeps it: green without its letter."""
    return mark[1:] if mark[:1] == "G" else mark


def _to_cal(arrow: str) -> str:
    """An arrow of two points (``Rc5-c6``) as a [%cal] item (``Rc5c6``); '' for a move's path."""
    coloured = _with_colour(arrow)
    ends = coloured[1:].split("-")
    return coloured[0] + ends[0] + ends[1] if len(ends) == 2 and "x" not in coloured else ""


def _from_cal(item: str) -> str:
    """A [%cal] item (``Gd4d5``: a colour letter, then two points) as an arrow (``d4-d5``); '' if
    it is not one."""
    body, split = item[1:], 0
    for i in range(2, len(body)):
        if "a" <= body[i] <= "z":  # the second point's file
            split = i
            break
    arrow = item[:1] + body[:split] + "-" + body[split:] if split and item[:1] in MARK_COLOURS else ""
    return _green_bare(arrow) if arrow and _is_arrow(arrow) else ""


def _is_mark_point(text: str) -> bool:
    """A highlighted point's syntax: a point name, with its colour letter or without."""
    return _is_point(text[1:] if text[:1] in MARK_COLOURS else text)


def _is_arrow(text: str) -> bool:
    """An arrow's syntax: two or more points joined by '-' or 'x' (a move's path or a free pair),
    with its colour letter or without."""
    if text[:1] in MARK_COLOURS:
        text = text[1:]
    parts = text.replace("x", "-").split("-")
    return len(text) <= MAX_MOVE_TEXT and len(parts) >= 2 and all(_is_point(p) for p in parts)


def _escape(text: str, closer: str) -> str:
    return text.replace("\\", "\\\\").replace(closer, "\\" + closer)


# PGN's comments end at the first '}' and know no escape: a '}' of a comment is written as this
# look-alike (read back as '}'), and a backslash as it is, doubled only where this reader would
# take it as an escape (before another backslash, or at the comment's end).
BRACE_STANDIN = "\uff5d"  # FULLWIDTH RIGHT CURLY BRACKET


def _comment_word(text: str) -> str:
    """A comment as a record word: ``{text}`` with no '}' inside and nothing a PGN reader misreads.

    >>> _comment_word("a {b} c") == "{a {b" + BRACE_STANDIN + " c}"
    True
    """
    text = text.replace("}", BRACE_STANDIN)
    if "\\" in text:
        out = []
        for i, c in enumerate(text):
            out.append("\\\\" if c == "\\" and text[i + 1 : i + 2] in ("\\", "") else c)
        text = "".join(out)
    return "{" + text + "}"


class _Tokens:
    """A record's tokens, one at a time: :meth:`next` returns the kind ('' at the end) and sets
    ``name`` (a tag's), ``value`` (unescaped) and ``line``.

    Kinds: ``tag`` (``[Name "value"]``), ``comment`` (``{...}``), ``number`` (``12.`` or
    ``12...``), ``open`` and ``close`` (a variation's parentheses) and ``word`` (a move,
    a symbol ``$1`` or a result).

    Linear on MicroPython too, which is why it looks as it does: the record is read as UTF-8
    bytes (MicroPython finds a text's i-th character by counting from its start, a byte
    string's at once; every delimiter is ASCII, so each value is whole characters), and no
    tuple is made per token (MicroPython's allocator looks for room from the heap's start for
    every object of two blocks or more, as a 4-tuple is, so a tuple per token made reading
    quadratic there).
    """

    def __init__(self, text: str) -> None:
        try:
            self.data = text.encode()
        except UnicodeError:  # a lone surrogate (CPython's text may hold one, a page's cannot)
            raise NotationError("bad record: it holds a character that is no text (a lone surrogate)") from None
        self.i, self.line, self.at = 0, 1, 1  # at: the line the last token starts on
        self.name, self.value = "", ""

    def next(self) -> str:
        data, i, n = self.data, self.i, len(self.data)
        while i < n and (_SPACE[data[i]] or (data[i] == 37 and (i == 0 or data[i - 1] == 10))):
            if data[i] == 37:  # PGN's escape: a line starting with '%' is skipped whole
                i = data.find(b"\n", i)
                i = n if i < 0 else i
                continue
            self.line += data[i] == 10
            i += 1
        if i >= n:
            self.i = i
            return ""
        c, start, kind = data[i], i, "word"
        if c == 91:  # [
            j = i + 1
            while j < n and _NAME[data[j]]:
                j += 1
            self.name = data[i + 1 : j].decode()
            k = j
            while k < n and _SPACE[data[k]]:
                k += 1
            value, end = _quoted(data, k, b'"') if self.name and k > j and k < n and data[k] == 34 else ("", -1)
            if end < 0 or end >= n or data[end] != 93:
                raise _unreadable(data, start, self.line)
            kind, self.value, i = "tag", value, end + 1
        elif c == 123:  # {
            value, i = _quoted(data, i, b"}", True)
            self.value = value.replace(BRACE_STANDIN, "}") if BRACE_STANDIN in value else value
            if i < 0:
                raise _unreadable(data, start, self.line)
            kind = "comment"
        elif c == 59:  # ; a comment to the end of the line (PGN's other comment)
            j = data.find(b"\n", i)
            j = n if j < 0 else j
            self.value, i, kind = data[i + 1 : j].decode().strip(), j, "comment"
        elif c == 125 or c == 93:  # } ]
            raise _unreadable(data, start, self.line)
        elif c == 40 or c == 41:  # ( )
            kind = "open" if c == 40 else "close"
            self.value = "(" if c == 40 else ")"
            i += 1
        else:
            j = i
            while j < n and 48 <= data[j] <= 57:
                j += 1
            if j > i and j < n and data[j] == 46:  # a number's dot
                j += 3 if data[j : j + 3] == b"..." else 1
                kind = "number"
            else:
                while j < n and not _SPACE[data[j]] and not _DELIMITER[data[j]]:
                    j += 1
            self.value, i = data[i:j].decode(), j
        self.i = i
        self.at = self.line  # a comment or tag may span lines: the count goes on after it
        self.line += data.count(b"\n", start, i)
        return kind


def _table(chars: bytes) -> list[bool]:
    """A lookup table of the bytes in ``chars`` (a list: the same fast lookup on every interpreter)."""
    out = [False] * 256
    for c in chars:
        out[c] = True
    return out


_SPACE = _table(b" \t\n\r\x0b\x0c")  # ASCII white space (what splits a record's words)
_NAME = _table(_NAME_CHARS.encode())
_DELIMITER = _table(b"{}[]();")


def _quoted(data: bytes, i: int, closer: bytes, comment: bool = False) -> tuple[str, int]:
    """The unescaped text from ``data[i]`` (an opener) to ``closer``, and the index after it (-1 if
    it is never closed). Inside, a backslash takes the next character as it is (in a ``comment``,
    only a backslash or the closer: any other backslash is text, as PGN readers take it).

    Linear however the text is made: each search starts where the last one stopped (a record
    of backslashes, or of one 250 KB comment, is read by a few ``find`` calls)."""
    parts = []
    j = i + 1
    end = data.find(closer, j)  # the first closer at or after j (recomputed only once passed)
    while True:
        if end < 0:
            return "", -1
        k = data.find(b"\\", j, end)
        if k < 0:
            parts.append(data[j:end])
            return b"".join(parts).decode(), end + 1
        if comment and data[k + 1 : k + 2] not in (b"\\", closer):
            parts.append(data[j : k + 1])
            j = k + 1
            continue
        parts.append(data[j:k])
        j = k + 1 + _char_length(data, k + 1)  # the escaped character, whole (1 to 4 bytes)
        parts.append(data[k + 1 : j])
        if j > end:
            end = data.find(closer, j)


def _char_length(data: bytes, i: int) -> int:
    """The length in bytes of the UTF-8 character starting at ``data[i]`` (0 past the end)."""
    if i >= len(data):
        return 0
    c = data[i]
    return 1 if c < 0xC0 else 2 if c < 0xE0 else 3 if c < 0xF0 else 4


def _unreadable(data: bytes, i: int, line: int) -> NotationError:
    end = min(len(data), i + 20)
    while end < len(data) and 0x80 <= data[end] < 0xC0:  # not in the middle of a character
        end += 1
    return NotationError(f"bad record: cannot read {quote(data[i:end].decode().strip())} on line {line}")


def _wrap(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return "\n".join(lines + [line])
