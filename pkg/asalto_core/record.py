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

import re

from .errors import AsaltoError, NotationError
from .notation import Move
from .position import Board, Outcome, Position

RESULTS = ("officers-win", "rebels-win", "draw", "*")
_TAG_ORDER = ("Event", "Site", "Date", "Ruleset", "Officers", "Rebels", "Position", "Result")
_TOKEN_RE = re.compile(r'\s*(?:\[(?P<tag>\w+)\s+"(?P<value>(?:[^"\\]|\\.)*)"\]|\{(?P<comment>(?:[^}\\]|\\.)*)\}'
                       r"|(?P<number>\d+\.(?:\.\.)?)|(?P<word>[^\s{}\[\]]+))", re.S)  # fmt: skip


class RecordError(NotationError):
    """A record that cannot be read to its end; ``partial`` holds the moves read before the error."""

    def __init__(self, message: str, partial: Game) -> None:
        super().__init__(message)
        self.partial = partial


class Game:
    """A game: tags, a start position, the moves with comments, and a cursor.

    Undo and redo move the cursor; playing a move after an undo replaces the moves
    that followed, as in any board-game app.
    """

    def __init__(self, ruleset: str = "assault", position: Position | str | None = None, tags=None) -> None:
        if isinstance(position, str):
            position = Position.from_text(position)
        self.start = position or Position.start(ruleset)
        self.tags: dict[str, str] = {"Ruleset": self.start.ruleset, **(tags or {})}
        self.moves: list[Move] = []
        self.comments: list[str] = [""]  # comments[0] comes before the first move
        self.board = Board(self.start.ruleset, self.start)

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
        self.comments[self.ply if ply is None else ply] = text

    def undo(self) -> Move | None:
        return self.board.pop() if self.ply else None

    def redo(self) -> Move | None:
        if self.ply >= len(self.moves):
            return None
        return self.board.push(self.moves[self.ply])

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
        done = self.outcome()
        return done.token() if done else self.tags.get("Result", "*")

    # -- records ------------------------------------------------------------
    def record(self) -> str:
        """The game as PGN-like text that :meth:`from_record` reads back."""
        tags = dict(self.tags)
        if self.start != Position.start(self.start.ruleset):
            tags["Position"] = self.start.text()
        tags["Result"] = self.result()
        ordered = [k for k in _TAG_ORDER if k in tags] + [k for k in tags if k not in _TAG_ORDER]
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
    def from_record(cls, text: str) -> Game:
        """Read a record; a bad tag or move raises :class:`RecordError` (with the moves before it)."""
        if not isinstance(text, str):
            raise NotationError(f"a game record must be text, not {type(text).__name__}")
        tags: dict[str, str] = {}
        pos, tokens = 0, []
        while pos < len(text.rstrip()):
            m = _TOKEN_RE.match(text, pos)
            if not m or m.end() == pos:
                line = text.count("\n", 0, pos) + 1
                raise NotationError(f"bad record: cannot read {text[pos : pos + 20].strip()!r} on line {line}")
            tokens.append((m, text.count("\n", 0, m.start()) + 1))
            pos = m.end()
        for m, _ in tokens:
            if m["tag"]:
                tags[m["tag"]] = _unescape(m["value"])
        try:
            game = cls(tags.get("Ruleset", "assault"), tags.get("Position"), tags)
        except AsaltoError as err:
            raise NotationError(f"bad record: {err}") from None
        game.tags.pop("Position", None)
        result = "*"
        for m, line in tokens:
            if m["comment"] is not None:
                game.comments[game.ply] = _unescape(m["comment"])
            elif m["word"] in RESULTS:
                result = m["word"]
            elif m["word"]:
                try:
                    game.play(m["word"])
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


def _escape(text: str, closer: str) -> str:
    return text.replace("\\", "\\\\").replace(closer, "\\" + closer)


def _unescape(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text)


def _wrap(words: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > width:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    return "\n".join(lines + [line])
