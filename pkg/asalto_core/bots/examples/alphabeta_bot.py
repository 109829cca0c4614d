"""A short alpha-beta bot on the engine's Board: negamax to a fixed depth, with the greedy bot's count.

It searches ``DEPTH`` plies (captures first, so that cut-offs come early) within the time it is
told it has left, and plays the deepest answer it finished.
"""

from __future__ import annotations

import time

from asalto_core import Board, Move
from asalto_core.bots.examples.greedy_bot import WIN, score

DEPTH = 3
_deadline = [float("inf")]


def time_left(seconds: float) -> None:
    _deadline[0] = time.monotonic() + seconds / 3


def negamax(board: Board, depth: int, alpha: int, beta: int) -> int:
    if depth == 0 or board.is_game_over():
        return score(board, board.turn)
    for move in sorted(board.legal_moves, key=lambda m: not m.jump):
        board.push(move)
        value = -negamax(board, depth - 1, -beta, -alpha)
        board.pop()
        if value >= beta:
            return value
        alpha = max(alpha, value)
    return alpha


def choose(board: Board) -> Move:
    moves = sorted(board.legal_moves, key=lambda m: not m.jump)
    best = moves[0]
    for depth in range(1, DEPTH + 1):
        alpha, found = -WIN - 1, moves[0]
        for move in moves:
            board.push(move)
            value = -negamax(board, depth - 1, -WIN - 1, -alpha)
            board.pop()
            if value > alpha:
                alpha, found = value, move
            if time.monotonic() > _deadline[0]:
                return best
        best = found
    return best
