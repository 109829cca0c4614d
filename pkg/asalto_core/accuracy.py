"""How a move's loss of win chance is graded: the review's marks, a move's and a side's accuracy,
and whether a move tried in a lesson is as good as the engine's best.

A move loses what the mover's win chance (0..1, the review's points) drops from before it to
after it. It is marked an inaccuracy, a mistake or a blunder from INACCURACY, MISTAKE and BLUNDER
on (as lichess marks them). Its accuracy follows lichess's curve (lila's AccuracyPercent): 100 for
a move that keeps every chance, about 64 for one that loses ten points, 5 for one that loses
fifty. A side's accuracy is the mean of its moves' plain and harmonic means (the harmonic one
weighs the worst moves more), as a whole percent.

>>> accuracy([0.5, 0.5, 0.5], ["rebels", "officers", "rebels"], "rebels")
100
>>> round(move_accuracy(0.6, 0.5))
64
>>> as_good(0.8, 0.75), as_good(0.8, 0.6)
(True, False)
>>> average_loss([0.5, 0.4, 0.4], ["officers", "rebels", "officers"], "officers")
10
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence

# How much of the mover's win chance a move may lose before it is marked (as lichess does).
INACCURACY, MISTAKE, BLUNDER = 0.10, 0.20, 0.30


def move_accuracy(before: float, after: float) -> float:
    """One move's accuracy (0..100) from the mover's win chance before it and after it."""
    loss = max(0.0, before - after) * 100
    return min(100.0, max(0.0, 103.1668100711649 * math.exp(-0.04354415386753951 * loss) - 3.166924740191411))


def _losses(officers: Sequence[float | None], sides: Sequence[str], side: str) -> list[float]:
    """What each of ``side``'s moves lost of its win chance (0..1), the moves with both chances known."""
    losses = []
    for ply in range(len(officers) - 1):
        before, after = officers[ply], officers[ply + 1]
        if sides[ply] != side or before is None or after is None:
            continue
        if side == "rebels":
            before, after = 1 - before, 1 - after
        losses.append(max(0.0, before - after))
    return losses


def average_loss(officers: Sequence[float | None], sides: Sequence[str], side: str) -> int | None:
    """``side``'s average loss a move, in points of win chance (0..100): lichess's average
    centipawn loss for a game whose engine scores chances; None when the side has no judged move."""
    losses = _losses(officers, sides, side)
    return round(sum(losses) / len(losses) * 100) if losses else None


def accuracy(officers: Sequence[float | None], sides: Sequence[str], side: str) -> int | None:
    """``side``'s accuracy over a game: ``officers`` is the officers' chance at each ply, ``sides``
    the side to move at each ply; None when the side has no move with both chances known."""
    scores = [move_accuracy(loss, 0.0) for loss in _losses(officers, sides, side)]
    if not scores:
        return None
    plain = sum(scores) / len(scores)
    harmonic = len(scores) / sum(1 / max(s, 1.0) for s in scores)
    return round((plain + harmonic) / 2)


def as_good(best: float, found: float) -> bool:
    """Whether a move that leaves the mover ``found`` win chance is as good as the best move (which
    left ``best``): it loses less than an inaccuracy would."""
    return best - found < INACCURACY
