"""asalto_core: the Asalto family of siege games (Asalto, Assault, Assaut, German
Tactics, Royal Garrison) as a small, pure-Python engine.

>>> import asalto_core as ac
>>> board = ac.Board("assault")
>>> board.push("d4-d5")
Move.parse('d4-d5')
>>> board.turn
'officers'
"""

from typing import TYPE_CHECKING

from .errors import AsaltoError, IllegalMoveError, InvalidPositionError, NotationError, UnknownRulesetError
from .geometry import BOARDS, Geometry, find_board
from .notation import Move
from .perft import perft
from .position import Board, LegalMoves, Outcome, Position
from .rulesets import RULESETS, Ruleset, find_ruleset

if TYPE_CHECKING:
    from . import svg
    from .ai import LEVELS, Analysis, analyse, best_move
    from .record import Game, RecordError

__version__ = "0.1.0"  # the one place: pyproject.toml reads it (setuptools dynamic version)

__all__ = [
    "LEVELS",
    "Analysis",
    "AsaltoError",
    "BOARDS",
    "Board",
    "Game",
    "Geometry",
    "IllegalMoveError",
    "InvalidPositionError",
    "LegalMoves",
    "Move",
    "NotationError",
    "Outcome",
    "Position",
    "RULESETS",
    "RecordError",
    "Ruleset",
    "UnknownRulesetError",
    "analyse",
    "best_move",
    "find_board",
    "find_ruleset",
    "perft",
    "svg",
]

_AI = ("LEVELS", "Analysis", "analyse", "best_move")


def __getattr__(name: str) -> object:
    """The AI's names load the search on first use: the web page runs the rules on MicroPython
    without it (only its Pyodide worker thinks); the game records and ``svg`` load on first use
    too (a bot's process, started for every bot of a tournament, needs only the rules)."""
    if name in _AI:
        return getattr(_submodule("ai"), name)
    if name in ("Game", "RecordError"):
        return getattr(_submodule("record"), name)
    if name == "svg":  # ``asalto_core.svg.board(...)`` after a plain ``import asalto_core``
        return _submodule("svg")
    raise AttributeError(f"module 'asalto_core' has no attribute {name!r}")


def _submodule(name: str) -> object:
    """This package's module ``name``, imported: by ``__import__``, not ``from . import name``, which
    MicroPython answers by asking :func:`__getattr__` again."""
    import sys

    __import__(__name__ + "." + name)
    return sys.modules[__name__ + "." + name]
