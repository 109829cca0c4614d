"""A puzzle of one or several moves, judged the way a solver expects.

A puzzle is a position and its solution: the solver's moves and, between them, the opponent's
best replies, which the computer plays. A solver's move counts when it has the same effect as
the recorded one: the same rebels taken, the same end point, the same huff. Two moves with the
same effect leave the same position, so that is what is compared (``d6xf4xd4xd6`` and
``d6xd4xf4xd6`` take the same three rebels and end on d6: either solves).

A huff is the idea, not the step that goes with it: at any move of the line, another step with
the same huff that does as well solves too, and the solver goes on with that step's own
continuation. ``also`` lists them as (index, moves): the moves that stand in for the line's from
``index`` on (the other step, then as much of its continuation as differs from the line's). A step
played without first choosing the officer to huff counts as the accepted move with this step.

>>> huff = Puzzle(Position.from_text("assaut RR1/RR1/O1RRORR/RRRRRRR/RR1RRRR/R1R/3 r e5 31"),
...               ("He5:c2-c3",), also=((0, ("He5:d6-e6",)),))
>>> huff.start().play("c2-c3").verdict, huff.start().play("He5:d6-e6").verdict
('solved', 'solved')

A teacher may comment a wrong move; the solver who plays it (or a move with the same effect)
reads that comment instead of a bare "not the answer".

>>> start = Position.from_text("assault 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2")
>>> pz = Puzzle(start, ("d6xd4xf4xd6", "c3-d4", "c5xc3xe5"))
>>> s = pz.start()
>>> s.play("d6xf4xd4xd6").verdict, s.reply
('right', Move.parse('c3-d4'))
>>> s.play("c5xc3xe5").verdict, s.solved
('solved', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import AsaltoError, IllegalMoveError
from .notation import Move
from .position import Position

__all__ = ["Attempt", "Puzzle", "Solving", "read_also"]

RIGHT, WRONG, SOLVED = "right", "wrong", "solved"


def _as_move(move: Move | str) -> Move:
    return move if isinstance(move, Move) else Move.parse(move)


def read_also(entries: object) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """A record's ``also`` (``[[index, move, ...], ...]``, as the set stores it) as a Puzzle
    takes it; an entry that is not an index and moves is left out."""
    found = []
    for x in entries if isinstance(entries, list) else []:
        if isinstance(x, list) and len(x) >= 2 and isinstance(x[0], int) and all(isinstance(m, str) for m in x[1:]):
            found.append((x[0], tuple(x[1:])))
    return tuple(found)


@dataclass(frozen=True)
class Puzzle:
    """The position to solve and its line (solver, reply, solver, ..., ending on a solver's move).

    ``wrong`` holds a teacher's comments on wrong moves: (index in the line, move, comment);
    ``also`` the other lines accepted (the same huff by another step): (index, moves) puts
    ``moves`` in place of the line's from ``index`` on."""

    position: Position
    line: tuple[Move | str, ...]
    prompt: str = ""
    wrong: tuple[tuple[int, str, str], ...] = ()
    also: tuple[tuple[int, tuple[str, ...]], ...] = ()
    __match_args__ = ("position", "line", "prompt", "wrong", "also")

    def __post_init__(self) -> None:
        line = tuple(_as_move(m) for m in self.line)
        if not line:
            raise AsaltoError("a puzzle needs at least one move to find")
        if len(line) % 2 == 0:
            raise AsaltoError("a puzzle's line ends on the solver's move")
        positions = [self.position]  # before each move of the line
        for i, move in enumerate(line):
            try:
                positions.append(positions[-1].play(move))
            except AsaltoError as err:
                raise AsaltoError(f"move {i + 1} of the puzzle's line: {err}") from None
        object.__setattr__(self, "line", line)
        for index, moves in self.also:
            if not 0 <= index <= len(line) - len(moves) or index % 2 or not moves:
                raise AsaltoError("another line of a puzzle starts at a solver's move, within the line")
        lines = self.lines
        for k, (index, _) in enumerate(self.also):
            position, other = positions[index], lines[k + 1]
            for i in range(index, len(other)):
                try:
                    position = position.play(other[i])
                except AsaltoError as err:
                    raise AsaltoError(f"move {i + 1} of another line of the puzzle: {err}") from None

    @property
    def lines(self) -> list[tuple[Move, ...]]:
        """Every line accepted: the puzzle's own first, then those of ``also``."""
        line: tuple[Move, ...] = self.line  # type: ignore[assignment]  # Moves since __post_init__
        return [line] + [line[:i] + tuple(Move.parse(m) for m in ms) + line[i + len(ms) :] for i, ms in self.also]

    @property
    def solver(self) -> str:
        """The side the solver plays: ``"officers"`` or ``"rebels"``."""
        return self.position.turn

    @property
    def moves(self) -> int:
        """How many moves the solver must find."""
        return (len(self.line) + 1) // 2

    def start(self) -> Solving:
        return Solving(self)


def same_effect(position: Position, a: Move, b: Move) -> bool:
    """True when both moves are legal here and leave the same position."""
    try:
        return position.play(a).key() == position.play(b).key()
    except AsaltoError:
        return False


@dataclass(frozen=True)
class Attempt:
    """What became of one try: ``verdict`` is right, wrong or solved; ``comment`` the teacher's
    note on that wrong move (or ''); ``expected`` the recorded move a right answer stands for."""

    verdict: str
    move: Move
    expected: Move | None = None
    comment: str = ""
    __match_args__ = ("verdict", "move", "expected", "comment")


class Solving:
    """A puzzle being solved: the position reached, and the reply the computer plays next."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.index = 0  # the next move of the line: always a solver's move between tries
        self.line = puzzle.lines[0]  # the line followed: another one's once its move was played
        self.position = puzzle.position
        self.reply: Move | None = None  # the opponent's answer to the last right move
        self.mistakes = 0

    @property
    def solved(self) -> bool:
        return self.index >= len(self.line)

    @property
    def expected(self) -> Move:
        """The recorded move to find now (the solution, shown on request)."""
        if self.solved:
            raise AsaltoError("the puzzle is solved")
        return self.line[self.index]

    def hint(self) -> str:
        """The point the next move starts from (the officer huffed, for a huff alone)."""
        move = self.expected
        return move.path[0] if move.path else (move.huff or move.place[0])

    def play(self, move: Move | str) -> Attempt:
        """Judge the solver's move; a right one is played with the opponent's reply after it."""
        if self.solved:
            raise AsaltoError("the puzzle is solved")
        move = _as_move(move)
        legal = self.position.legal_moves
        if move not in legal:
            raise IllegalMoveError(f"{move} is not legal here")
        played = self.line[: self.index]
        followed = [x for x in self.puzzle.lines if x[: self.index] == played]
        accepted = [x[self.index] for x in followed]
        if move.huff is None and move.path:  # the step alone, the officer to huff not chosen first
            move = next((m for m in accepted if m.huff and m.path == move.path and m in legal), move)
        expected = next((m for m in accepted if same_effect(self.position, move, m)), None)
        if expected is None:
            self.mistakes += 1
            return Attempt(WRONG, move, None, self._comment(move))
        self.line = next(x for x in followed if x[self.index] == expected)
        self.position = self.position.play(expected)
        self.index += 1
        self.reply = None
        if self.solved:
            return Attempt(SOLVED, move, expected)
        self.reply = self.line[self.index]
        self.position = self.position.play(self.reply)
        self.index += 1
        return Attempt(RIGHT, move, expected)

    def _comment(self, move: Move) -> str:
        for index, text, comment in self.puzzle.wrong:
            if index == self.index and same_effect(self.position, move, Move.parse(text)):
                return comment
        return ""
