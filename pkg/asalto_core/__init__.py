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
from .record import Game, RecordError
from .rulesets import RULESETS, Ruleset, find_ruleset

if TYPE_CHECKING:
    from . import svg
    from .ai import LEVELS, Analysis, analyse, best_move

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
    without it (only its Pyodide worker thinks); ``svg`` loads on first use too."""
    if name in _AI:
        from . import ai

        return getattr(ai, name)
    if name == "svg":  # ``asalto_core.svg.board(...)`` after a plain ``import asalto_core``
        import sys

        __import__(__name__ + ".svg")  # not ``from . import svg``, which would ask this function again
        return sys.modules[__name__ + ".svg"]
    raise AttributeError(f"module 'asalto_core' has no attribute {name!r}")
