"""Bots: programs that play Asalto, each asked one thing, the move in a position.

A Python bot is a module (or any object) with ``choose(board)``: ``board`` is a copy of the
game's :class:`~asalto_core.position.Board` (push and pop on it freely), and the answer is a
move in any text form the engine reads (``'d4-d5'``, ``'c6xc4xe4'``, ``'Hc5:d3-d4'``), a
:class:`~asalto_core.notation.Move`, or the points of the move as clicked (``['d4', 'd5']``).
Two hooks are optional: ``new_game(ruleset, side)`` before a game, and ``time_left(seconds)``
before each move (the time the bot has left for this move, or for the game under a game clock).

A course bot (a module whose class ``Player`` has ``play_rebel(board)`` and ``play_officer(board)``
on a 7x7 list of lists, moves as lists of ``[row, column]``) plays through :class:`CourseBot`, and
the engine's levels are bots too (:class:`LevelBot`). :func:`load` finds any of them by name:

>>> from asalto_core import Board
>>> bot = load("level:beginner")
>>> bot.new_game("assault", "rebels")
>>> str(bot.choose(Board("assault")))
'd4-d5'
>>> str(load("examples:random").choose(Board("assault")))
'd4-d5'
"""

from __future__ import annotations

import importlib
import importlib.util
import operator
import os
import sys
from typing import TYPE_CHECKING

from ..errors import AsaltoError, NotationError, quote
from ..notation import Move
from ..position import Board
from .course import course_player

if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

__all__ = [
    "Bot", "BotError", "CourseBot", "LevelBot", "as_move", "course_board", "course_move", "course_player", "load",
]  # fmt: skip

EXAMPLES = ("random", "greedy", "alphabeta")  # the bots of asalto_core/bots/examples, by name
CLOCK_NODES = 64  # a level's search when its game clock has no time left to think: an answer at once


class BotError(AsaltoError):
    """A bot that cannot be loaded, or an answer that is no move (``kind``: ``malformed``)."""

    def __init__(self, message: str, kind: str = "load") -> None:
        super().__init__(message)
        self.kind = kind


def as_move(answer: object, board: Board) -> Move:
    """A bot's answer as a :class:`Move` (not yet checked for legality); :class:`BotError` of kind
    ``malformed`` if it is no move at all.

    >>> b = Board("assault")
    >>> as_move("d4-d5", b), as_move(["d4", "d5"], b)
    (Move.parse('d4-d5'), Move.parse('d4-d5'))
    >>> as_move(42, b)
    Traceback (most recent call last):
    ...
    asalto_core.bots.BotError: the bot answered 42, which is no move
    """
    if isinstance(answer, Move):
        return answer
    try:
        if isinstance(answer, str):
            return Move.parse(answer)
        if isinstance(answer, (list, tuple)) and answer and all(isinstance(p, str) for p in answer):
            found = board.move_for(list(answer))
            if found is not None:
                return found
            off = [p for p in answer if p not in board.geometry.points]
            if off:
                raise NotationError(f"{quote(off[0])} is no point of the board")
            coords = [(ord(p[0]), int(p[1:])) for p in answer]
            return _spelled(tuple(answer), coords)
    except (NotationError, ValueError) as err:
        raise BotError(f"the bot answered {quote(answer)}, which is no move: {err}", "malformed") from None
    raise BotError(f"the bot answered {quote(answer)}, which is no move", "malformed")


class Bot:
    """A bot as the arena sees it: a name, ``new_game`` and ``choose`` (always a :class:`Move`)."""

    def __init__(self, player: Any, name: str) -> None:
        self.player = player
        self.name = name

    def new_game(self, ruleset: str, side: str) -> None:
        hook = getattr(self.player, "new_game", None)
        if hook is not None:
            hook(ruleset, side)

    def choose(self, board: Board, seconds_left: float | None = None, clock: bool = False) -> Move:
        hook = getattr(self.player, "time_left", None)
        if hook is not None and seconds_left is not None:
            hook(seconds_left)
        return as_move(self.player.choose(board.copy()), board)


# -- the course's bots --------------------------------------------------------------------------
# The course's board: a 7x7 list of lists, row 0 at the fortress's end (rank 7), column 0 file a;
# 'O' an officer, 'R' a rebel, '.' an empty point, ' ' off the board.


def course_board(board: Board) -> list[list[str]]:
    """The position as the course's 7x7 board.

    >>> course_board(Board("course"))[1]
    [' ', ' ', 'O', '.', 'O', ' ', ' ']
    """
    g = board.geometry
    grid = [[" "] * g.width for _ in range(g.height)]
    pieces = board.pieces()
    for name in g.points:
        file, rank = ord(name[0]) - ord("a"), int(name[1:])
        grid[g.height - rank][file] = pieces.get(name, ".")
    return grid


def course_move(answer: object, board: Board) -> Move:
    """A course bot's move (a list of ``[row, column]`` points) as a :class:`Move`: the legal move
    along those points if there is one, else the move they spell (illegal); :class:`BotError` of
    kind ``malformed`` for anything that is no list of points on the board. A row or column is a
    whole number (an ``int`` or a type that is one, as numpy's; never a bool, a float, text or bytes).

    >>> b = Board("course")
    >>> course_move([[3, 3], [2, 3]], b), course_move([[3, 3], [0, 3]], b)
    (Move.parse('d4-d5'), Move.parse('d4xd7'))
    >>> course_move([[3.0, 3], [2, 3]], b)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asalto_core.bots.BotError: the bot answered ...: [3.0, 3]: a row and a column are whole numbers
    """
    g = board.geometry
    points, why = _course_points(answer, g.height, g.width, len(g.points) + 1)
    if not points:
        what = f"the bot answered {quote(answer)}, which is no list of [row, column] points: {why}"
        raise BotError(what, "malformed")
    names = [f"{chr(ord('a') + c)}{g.height - r}" for r, c in points]
    found = board.move_for(names)
    return found if found is not None else _spelled(tuple(names), points)


def _course_points(answer: object, height: int, width: int, most: int) -> tuple[list[tuple[int, int]], str]:
    """The ``(row, column)`` points of a course answer, each on the grid; or none and why not."""
    if not isinstance(answer, (list, tuple)) or not 2 <= len(answer) <= most:
        return [], f"a move is a list of 2 to {most} points"
    points = []
    for point in answer:
        if not isinstance(point, (list, tuple)) or len(point) != 2:
            return [], f"{quote(point)} is no [row, column] pair"
        row, column = (_whole(x) for x in point)
        if row is None or column is None:
            return [], f"{quote(point)}: a row and a column are whole numbers"
        if not (0 <= row < height and 0 <= column < width):
            return [], f"{quote(point)} is off the {height}x{width} grid"
        points.append((row, column))
    return points, ""


def _whole(value: object) -> int | None:
    """``value`` as a whole number if it is one (an int or an integer type's value, not a bool), else None."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]  # its type has __index__
    except (TypeError, ValueError):
        return None


def _spelled(names: tuple[str, ...], coords: list[tuple[int, int]]) -> Move:
    """The (illegal) move a list of points spells: a capture if any leg spans two lines."""
    legs = zip(coords, coords[1:], strict=False)
    return Move(path=names, jump=any(abs(a - c) > 1 or abs(b - d) > 1 for (a, b), (c, d) in legs))


class CourseBot(Bot):
    """A course bot's ``Player`` (made once per game): ``play_rebel`` or ``play_officer`` on a copy of
    the board as the course's 7x7 list of lists, its move converted back (:func:`course_move`)."""

    def __init__(self, factory: Any, name: str) -> None:
        super().__init__(None, name)
        self.factory = factory

    def new_game(self, ruleset: str, side: str) -> None:
        self.player = self.factory()

    def choose(self, board: Board, seconds_left: float | None = None, clock: bool = False) -> Move:
        if self.player is None:
            self.player = self.factory()
        play = self.player.play_rebel if board.turn == "rebels" else self.player.play_officer
        return course_move(play(course_board(board)), board)


class LevelBot(Bot):
    """One of the engine's levels: its opening book, then its search (``node_limit`` for the same
    move on every machine), keeping its transposition table for the whole game."""

    def __init__(self, level: str, node_limit: int | None = None, seed: int = 0) -> None:
        from ..ai import LEVELS, Player

        if level not in LEVELS:
            raise BotError(f"unknown level {quote(level)}; levels: {', '.join(LEVELS)}")
        super().__init__(Player(), f"level:{level}" + (f"@{node_limit}" if node_limit else ""))
        self.level, self.node_limit, self.seed = level, node_limit, seed
        self.budget: float | None = None  # the seconds the last move on a game clock was given (None: none)
        self.clock: tuple[float, float] | None = None  # that move's clock and search budget
        self.overhead = 0.0  # what a move costs the clock beyond its search, as seen

    def new_game(self, ruleset: str, side: str) -> None:
        self.player.clear()
        self.clock, self.overhead = None, 0.0

    def choose(self, board: Board, seconds_left: float | None = None, clock: bool = False) -> Move:
        """The level's move; ``seconds_left`` this move's time, or with ``clock`` its game clock's
        (budgeted over the moves to come: :func:`~asalto_core.ai.clock_budget`)."""
        from ..ai import LEVELS, book_move, clock_budget

        seen = []  # the earlier positions, whose return the search scores as a draw (if the rules do)
        probe = board.copy() if board.rules.repetition else board  # popped below: only if needed
        while probe.move_stack and board.rules.repetition:
            probe.pop()
            seen.append(probe.text())
        self.budget = None
        if seconds_left is not None and clock:
            if self.clock is not None:  # the last move's cost past its search: this one plans for it
                self.overhead = max(self.clock[0] - seconds_left - self.clock[1], self.overhead / 2)
            self.clock = (seconds_left, 0.0)
        answer = book_move(board.position, self.level, self.seed, seen)
        if answer is None:
            limit: float | None = LEVELS[self.level].time_limit
            if seconds_left is not None and clock:
                limit = self.budget = clock_budget(self.level, seconds_left, self.overhead)
                self.clock = (seconds_left, limit or 0.0)
            elif seconds_left is not None:
                # A third of the move's time: the answer must arrive in time on a busy machine too.
                limit = max(0.01, min(LEVELS[self.level].time_limit, seconds_left / 3))
            kw: dict[str, Any] = {"time_limit": limit} if limit is not None else {"node_limit": CLOCK_NODES}
            if self.node_limit:
                kw = {"node_limit": self.node_limit}
            answer = self.player.best_move(board.position, self.level, seed=self.seed, history=seen, **kw)
        return answer.move


def load(spec: str) -> Bot:
    """The bot named ``spec``: ``level:NAME`` (a level; ``level:NAME@NODES`` searches that many nodes),
    ``examples:NAME`` (a bot of :mod:`asalto_core.bots.examples`), a ``.py`` file, or a module's
    dotted name. A module with ``choose`` is a bot; one with a class ``Player`` a course bot."""
    if not isinstance(spec, str) or not spec:
        raise BotError(f"a bot is named by text, not {quote(spec)}")
    if spec.startswith("level:"):
        level, _, nodes = spec[6:].partition("@")
        if nodes and not nodes.isdigit():
            raise BotError(f"bad bot {quote(spec)}: the node budget after @ is a whole number")
        return LevelBot(level, int(nodes) if nodes else None)
    if spec.startswith("examples:"):
        if spec[9:] not in EXAMPLES:
            raise BotError(f"unknown example bot {quote(spec[9:])}; examples: {', '.join(EXAMPLES)}")
        module = importlib.import_module(f"{__name__}.examples.{spec[9:]}_bot")
    elif spec.endswith(".py"):
        module = _from_file(spec)
    else:
        try:
            module = importlib.import_module(spec)
        except ImportError as err:
            raise BotError(f"cannot load the bot {quote(spec)}: {err}") from None
    return from_module(module, spec)


def from_module(module: ModuleType | Any, name: str) -> Bot:
    """The bot a loaded module (or object) holds; :class:`BotError` if it has neither interface."""
    if callable(getattr(module, "choose", None)):
        return Bot(module, name)
    player = getattr(module, "Player", None)
    if isinstance(player, type) and callable(getattr(player, "play_rebel", None)):
        return CourseBot(player, name)
    raise BotError(f"{quote(name)} is no bot: it has no choose(board) and no class Player with play_rebel/play_officer")


def _from_file(path: str) -> ModuleType:
    if not os.path.isfile(path):
        raise BotError(f"no bot file {quote(path)}")
    name = "asalto_bot_" + os.path.splitext(os.path.basename(path))[0].replace("-", "_")
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise BotError(f"cannot load the bot file {quote(path)}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))  # a bot may import its own helpers
    spec.loader.exec_module(module)
    return module
