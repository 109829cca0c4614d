"""A greedy bot: the move that looks best one ply ahead by a simple count.

Officers like to capture most and keep their officers; rebels like to fill the fortress and lose
no one. A finished game counts most: a win is always taken.
"""

from __future__ import annotations

from asalto_core import Board, Move

WIN = 10_000


def score(board: Board, side: str) -> int:
    """How good ``board`` is for ``side``: won games first, then rebels in the fortress and material."""
    done = board.outcome()
    if done:
        return 0 if done.winner is None else WIN if done.winner == side else -WIN
    pieces = board.pieces()
    officers = sum(1 for p in pieces.values() if p == "O")
    rebels = len(pieces) - officers
    fortress = {board.geometry.name_of(p) for p in board.geometry.fortress}
    inside = sum(1 for name, p in pieces.items() if p == "R" and name in fortress)
    rebels_view = 3 * inside + 10 * rebels - 40 * officers
    return rebels_view if side == "rebels" else -rebels_view


def choose(board: Board) -> Move:
    side = board.turn
    best, best_score = None, -WIN - 1
    for move in board.legal_moves:
        board.push(move)
        value = score(board, side)
        board.pop()
        if value > best_score:
            best, best_score = move, value
    assert best is not None
    return best
