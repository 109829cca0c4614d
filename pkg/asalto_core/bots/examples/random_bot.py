"""The smallest bot: any legal move, at random (seeded per game, so a game can be played again)."""

from __future__ import annotations

import random

from asalto_core import Board, Move

_rng = random.Random(0)


def new_game(ruleset: str, side: str) -> None:
    _rng.seed(f"{ruleset}:{side}")


def choose(board: Board) -> Move:
    return _rng.choice(list(board.legal_moves))
