"""Ratings from game results, as cutechess-cli gives them: Elo with a 95% error bar, and the SPRT
that stops a match once it has decided between two Elo hypotheses.

>>> round(elo(0.75))
191
>>> lo, hi = elo_interval(wins=30, draws=20, losses=10)
>>> round(lo), round(elo((30 + 10) / 60)), round(hi)
(51, 120, 201)
>>> sprt(wins=60, draws=10, losses=20, elo0=0, elo1=50)[1]
'H1'
"""

from __future__ import annotations

import math

Z95 = 1.959964  # the normal distribution's 97.5% quantile: a 95% interval


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (0 to 1; the ends clipped to a finite figure)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_interval(wins: int, draws: int, losses: int) -> tuple[float, float]:
    """The 95% interval of the Elo difference from a player's wins, draws and losses."""
    n = wins + draws + losses
    if n == 0:
        return -math.inf, math.inf
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    margin = Z95 * math.sqrt(var / n)
    return elo(score - margin), elo(score + margin)


def sprt(
    wins: int, draws: int, losses: int, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> tuple[float, str]:
    """The log-likelihood ratio of H1 (``elo1``) over H0 (``elo0``), and the verdict: ``'H1'``, ``'H0'``
    or ``''`` while undecided (the trinomial approximation of cutechess-cli and fishtest). Where a
    result has not happened yet, each count gets half a game, so a one-sided match can end too
    (cutechess-cli waits for one of each)."""
    lower, upper = math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
    if wins + draws + losses == 0:
        return 0.0, ""
    if not (wins and draws and losses):
        wins, draws, losses = wins + 0.5, draws + 0.5, losses + 0.5  # type: ignore[assignment]
    n = wins + draws + losses
    score = (wins + draws / 2) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    s0, s1 = (1 / (1 + 10 ** (-e / 400)) for e in (elo0, elo1))
    llr = n * (s1 - s0) * (2 * score - s0 - s1) / (2 * var) if var > 0 else 0.0
    return llr, "H1" if llr >= upper else "H0" if llr <= lower else ""
