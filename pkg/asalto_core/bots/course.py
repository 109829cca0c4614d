"""The engine's levels as the course's own bots, to play inside its testing script.

``Player = course_player("strong")`` is a class in the course's interface: ``Player()`` takes no
argument, ``play_rebel(board)`` and ``play_officer(board)`` take the script's 7x7 list of lists
(``'O'``, ``'R'``, ``'.'``, ``' '`` off the board; row 0 at the fortress's end) and answer a list of
``[row, column]`` points, or ``[]`` to pass, which the script reads as an illegal move and passes
the turn for nothing. The script makes one Player for each side, so each counts its own turns: the
round number its search sees (the script ends the game after 1000 rounds).

>>> Player = course_player("beginner", node_limit=300)
>>> rebels = Player()
>>> board = [list(row) for row in ("  ...  ", "  O.O  ", "RR...RR", "RRRRRRR", "RRRRRRR", "  RRR  ", "  RRR  ")]
>>> move = rebels.play_rebel(board)
>>> board[move[0][0]][move[0][1]], board[move[1][0]][move[1][1]]
('R', '.')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import AsaltoError, quote
from ..position import Position

if TYPE_CHECKING:
    from typing import Any

RULESET = "course"


def course_position(board: list[list[str]], side: str, round_number: int = 1) -> Position:
    """The engine's position for the script's ``board`` with ``side`` (``'rebels'`` or ``'officers'``)
    to move in round ``round_number``; :class:`AsaltoError` for a board the course could not reach.

    >>> board = [list(row) for row in ("  ...  ", "  O.O  ", "RR...RR", "RRRRRRR", "RRRRRRR", "  RRR  ", "  RRR  ")]
    >>> course_position(board, "rebels").text()
    'course 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR r - 1'
    """
    pieces: dict[str, list[str]] = {"O": [], "R": []}
    try:
        for r, row in enumerate(board):
            for c, cell in enumerate(row):
                if cell in pieces:
                    pieces[cell].append(f"{'abcdefg'[c]}{7 - r}")
    except (TypeError, IndexError) as err:
        raise AsaltoError(f"the course's board is a 7x7 list of lists, not {quote(board)}: {err}") from None
    return Position.setup(RULESET, pieces["O"], pieces["R"], side, fullmove=max(1, min(round_number, 10**6)))


def course_player(level: str = "strong", *, node_limit: int | None = None, seed: int = 0) -> type:
    """A course ``Player`` class that plays ``level`` (the engine's opening book, then its search with
    the level's time a move, or ``node_limit`` nodes: the same move on every machine).

    >>> course_player("strong").__doc__.splitlines()[0]
    "The Asalto engine's strong level, as a course bot."
    """
    from ..ai import LEVELS, Player, book_move  # the search, loaded here: any bot's process imports this module

    if level not in LEVELS:
        raise AsaltoError(f"unknown level {quote(level)}; levels: {', '.join(LEVELS)}")

    class CoursePlayer:
        __doc__ = f"""The Asalto engine's {level} level, as a course bot.

        Made by ``asalto_core.bots.course_player``: the script's board is read as the engine's
        position, the level searches it, and its move is answered as ``[row, column]`` points."""

        def __init__(self) -> None:
            self.engine = Player()  # its transposition table carries from one move to the next
            self.turns = 0

        def play_rebel(self, board: list[list[str]]) -> list[list[int]]:
            return self.play(board, "rebels")

        def play_officer(self, board: list[list[str]]) -> list[list[int]]:
            return self.play(board, "officers")

        def play(self, board: list[list[str]], side: str) -> list[list[int]]:
            self.turns += 1
            position = course_position(board, side, self.turns)
            if position.outcome() is not None:
                # Officers that cannot move on their turn: the rebels passed after a huff (the script
                # checks no win then, and asks them anyway). Their one move is a pass.
                return []
            answer = book_move(position, level, seed)
            if answer is None:
                kw: dict[str, Any] = {"node_limit": node_limit} if node_limit else {}
                answer = self.engine.best_move(position, level, seed=seed, **kw)
            return [[7 - int(point[1:]), ord(point[0]) - ord("a")] for point in answer.move.path]

    CoursePlayer.__name__ = CoursePlayer.__qualname__ = "Player"
    return CoursePlayer
