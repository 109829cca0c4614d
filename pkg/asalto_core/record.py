r"""Games with history (undo, redo, jump to a move) and their PGN-like record.

A record is tag pairs, then numbered moves with ``{comments}``, then the result
(``officers-win``, ``rebels-win``, ``draw`` or ``*``)::

    [Ruleset "assault"]
    [Officers "Ada"]
    [Rebels "Ben"]
    [Result "*"]

    {A short opening.} 1. d4-d5 {The only move.} c5-d4 2. b5-c5 *

Inside a comment, ``\}`` and ``\\`` stand for ``}`` and ``\``.

>>> game = Game("assault")
>>> game.play("d4-d5"); game.comment("The only move.")
Move.parse('d4-d5')
>>> Game.from_record(game.record()) == game
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import AsaltoError, InvalidPositionError, NotationError
from .geometry import DIGITS, is_number
from .notation import Move
from .position import Board, Position, start_position
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .position import Outcome

RESULTS = ("officers-win", "rebels-win", "draw", "*")
# Tags are written in this order, then any others alphabetically (the same on every interpreter).
_TAG_ORDER = ("Event", "Site", "Date", "Ruleset", "Officers", "Rebels", "Position", "Result")
_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_"  # a tag's name (ASCII)


class RecordError(NotationError):
    """A record that cannot be read to its end; ``partial`` holds the moves read before the error."""

    def __init__(self, message: str, partial: Game) -> None:
        super().__init__(message)
        self.partial = partial


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
            ruleset, position = tags.get("Ruleset"), tags.get("Position")
        self.start = start_position(ruleset, position)
        # The tags never contradict the game: what is played is what is written.
        named = tags.get("Ruleset")
        if named is not None and find_ruleset(named).name != self.start.ruleset:
            raise InvalidPositionError(f"the Ruleset tag {named!r} is not the game's ruleset {self.start.ruleset!r}")
        text = tags.pop("Position", None)
        if text is not None and start_position(None, text) != self.start:
            raise InvalidPositionError(f"the Position tag {_short(text)} is not the game's start {self.start.text()!r}")
        if tags.get("Result", "*") not in RESULTS:
            raise NotationError(f"the Result tag must be one of {', '.join(RESULTS)}, not {_short(tags['Result'])}")
        self.tags: dict[str, str] = {"Ruleset": self.start.ruleset}
        self.tags.update(tags)
        self.tags["Ruleset"] = self.start.ruleset
        self.moves: list[Move] = []
        self.comments: list[str] = [""]  # comments[0] comes before the first move
        self.board = Board(self.start)

    # -- playing and navigating ------------------------------------------
    @property
    def ply(self) -> int:
        """How many moves of the game are on the board (the cursor)."""
        return len(self.board.move_stack)

    def play(self, move: Move | str) -> Move:
        """Play a legal move at the cursor, dropping any moves that followed it."""
        played = self.board.push(move)
        del self.moves[self.ply - 1 :]
        del self.comments[self.ply :]
        self.moves.append(played)
        self.comments.append("")
        return played

    def comment(self, text: str, ply: int | None = None) -> None:
        """Set the comment after move ``ply`` (default: the last move on the board)."""
        if not isinstance(text, str):
            raise NotationError(f"a comment must be text, not {type(text).__name__}")
        self.comments[self.ply if ply is None else ply] = text

    def undo(self) -> Move | None:
        return self.board.pop() if self.ply else None

    def redo(self) -> Move | None:
        if self.ply >= len(self.moves):
            return None
        return self.board.push(self.moves[self.ply])

    def truncate(self) -> list[Move]:
        """Drop the moves after the cursor (taking them back); return them, oldest first."""
        dropped = self.moves[self.ply :]
        del self.moves[self.ply :]
        del self.comments[self.ply + 1 :]
        return dropped

    def go_to(self, ply: int) -> None:
        """Show the position after ``ply`` moves (0: the start)."""
        if not 0 <= ply <= len(self.moves):
            raise IndexError(f"no move {ply}: the game has {len(self.moves)} moves")
        while self.ply > ply:
            self.board.pop()
        while self.ply < ply:
            self.board.push(self.moves[self.ply])

    def outcome(self) -> Outcome | None:
        """The result of the whole game (at its last move), whatever the cursor."""
        ply = self.ply
        self.go_to(len(self.moves))
        done = self.board.outcome()
        self.go_to(ply)
        return done

    def result(self) -> str:
        """The result token: the rules' when the game is over, else the Result tag ('*' if none)."""
        done = self.outcome()
        result = self.tags.get("Result", "*")
        return done.token() if done else result if result in RESULTS else "*"

    # -- records ------------------------------------------------------------
    def record(self) -> str:
        """The game as PGN-like text that :meth:`from_record` reads back."""
        tags = dict(self.tags)
        tags.pop("Position", None)
        tags["Ruleset"] = self.start.ruleset
        if self.start != Position.start(self.start.ruleset):
            tags["Position"] = self.start.text()
        tags["Result"] = self.result()
        ordered = [k for k in _TAG_ORDER if k in tags] + sorted(k for k in tags if k not in _TAG_ORDER)
        head = "\n".join(f'[{k} "{_escape(tags[k], chr(34))}"]' for k in ordered)
        words: list[str] = []
        if self.comments[0]:
            words.append("{" + _escape(self.comments[0], "}") + "}")
        position = self.start
        for i, move in enumerate(self.moves):
            side = position.state[2]
            if not position.placing and (side == position.kernel.first or i == 0):
                dots = "." if side == position.kernel.first else "..."
                words.append(f"{position.fullmove}{dots}")
            words.append(str(move))
            if self.comments[i + 1]:
                words.append("{" + _escape(self.comments[i + 1], "}") + "}")
            position = position.play(move)
        words.append(tags["Result"])
        return head + "\n\n" + _wrap(words) + "\n"

    __str__ = record

    @classmethod
    def from_record(cls, text: str, max_moves: int | None = None) -> Game:
        """Read a record; a bad tag or move raises :class:`RecordError` (with the moves before it).

        With ``max_moves``, a record of more moves is refused before any is played."""
        if not isinstance(text, str):
            raise NotationError(f"a game record must be text, not {type(text).__name__}")
        tokens = _tokens(text)
        if max_moves is not None:
            n = sum(1 for kind, _, value, _ in tokens if kind == "word" and value not in RESULTS)
            if n > max_moves:
                raise NotationError(f"bad record: it has {n} moves; at most {max_moves} are read")
        tags = {name: value for kind, name, value, _ in tokens if kind == "tag"}
        tags["Result"] = "*"  # the result is the token after the moves, not the tag
        try:
            game = cls(None, None, tags)
        except AsaltoError as err:
            raise NotationError(f"bad record: {err}") from None
        result = "*"
        for kind, _, value, line in tokens:
            if kind == "comment":
                game.comments[game.ply] = value
            elif kind == "number":
                if not is_number(value.rstrip(".")):
                    why = f"bad move number {_short(value)}: at most 9 digits"
                    raise RecordError(f"bad record, line {line}, move {game.ply + 1}: {why}", game)
            elif kind == "word" and value in RESULTS:
                result = value
            elif kind == "word" and value.endswith("."):
                why = f"bad move number {_short(value)}: ASCII digits and a dot, like '12.'"
                raise RecordError(f"bad record, line {line}, move {game.ply + 1}: {why}", game)
            elif kind == "word":
                try:
                    game.play(value)
                except AsaltoError as err:
                    raise RecordError(f"bad record, line {line}, move {game.ply + 1}: {err}", game) from None
        game.tags["Result"] = result
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and (self.start, self.moves, self.comments, self.result(), self._tags()) == (
            other.start, other.moves, other.comments, other.result(), other._tags(),
        )  # fmt: skip

    def _tags(self) -> dict[str, str]:
        return {k: v for k, v in self.tags.items() if k not in ("Result", "Position")}

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
            raise NotationError(f"bad tag name {_short(name)}: ASCII letters, digits and '_' only")
        if not isinstance(value, str):
            raise NotationError(f"the tag {name} must be text, not {type(value).__name__}")
        out[name] = value
    return out


def _short(value: object) -> str:
    """A value quoted for a message, cut short if long (a message never repeats a whole text)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _escape(text: str, closer: str) -> str:
    return text.replace("\\", "\\\\").replace(closer, "\\" + closer)


def _tokens(text: str) -> list[tuple[str, str, str, int]]:
    """The tokens of a record, in one pass: ``(kind, tag name, value, line)``.

    Kinds: ``tag`` (``[Name "value"]``), ``comment`` (``{...}``), ``number`` (``12.`` or
    ``12...``) and ``word`` (a move or a result). Values are unescaped.
    """
    out = []
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c.isspace():
            line += c == "\n"
            i += 1
            continue
        start, at_line = i, line
        if c == "[":
            j = i + 1
            while j < n and text[j] in _NAME_CHARS:
                j += 1
            name = text[i + 1 : j]
            k = j
            while k < n and text[k].isspace():
                k += 1
            value, end = _quoted(text, k, '"') if name and k > j and k < n and text[k] == '"' else ("", -1)
            if end < 0 or end >= n or text[end] != "]":
                raise _unreadable(text, start, at_line)
            out.append(("tag", name, value, at_line))
            i = end + 1
        elif c == "{":
            value, end = _quoted(text, i, "}")
            if end < 0:
                raise _unreadable(text, start, at_line)
            out.append(("comment", "", value, at_line))
            i = end
        elif c in "}]":
            raise _unreadable(text, start, at_line)
        else:
            j = i
            while j < n and text[j] in DIGITS:
                j += 1
            if j > i and j < n and text[j] == ".":
                j += 3 if text[j : j + 3] == "..." else 1
                out.append(("number", "", text[i:j], at_line))
            else:
                while j < n and not text[j].isspace() and text[j] not in "{}[]":
                    j += 1
                out.append(("word", "", text[i:j], at_line))
            i = j
        line = at_line + text.count("\n", start, i)
    return out


def _quoted(text: str, i: int, closer: str) -> tuple[str, int]:
    """The unescaped text from ``text[i]`` (an opener) to ``closer``, and the index after it (-1 if
    it is never closed). Inside, a backslash takes the next character as it is.

    Linear however the text is made: each search starts where the last one stopped (a record
    of backslashes, or of one 250 KB comment, is read by a few ``str.find`` calls)."""
    parts = []
    j = i + 1
    end = text.find(closer, j)  # the first closer at or after j (recomputed only once passed)
    while True:
        if end < 0:
            return "", -1
        k = text.find("\\", j, end)
        if k < 0:
            parts.append(text[j:end])
            return "".join(parts), end + 1
        parts.append(text[j:k])
        parts.append(text[k + 1 : k + 2])
        j = k + 2
        if j > end:
            end = text.find(closer, j)


def _unreadable(text: str, i: int, line: int) -> NotationError:
    return NotationError(f"bad record: cannot read {text[i : i + 20].strip()!r} on line {line}")


def _wrap(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return "\n".join(lines + [line])
