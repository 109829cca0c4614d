"""Ratings from game results, as cutechess-cli gives them: each bot's standing against the field
with its Elo and 95% error bar, the crosstable, and the SPRT that stops a match once it has decided
between two Elo hypotheses. The arena's report (``asalto tournament``) and the bot lab's table
(the page, on Pyodide) are both made from :func:`ranking`.

>>> round(elo(0.75)), elo(0.5)
(191, 0.0)
>>> lo, hi = elo_interval(wins=30, draws=20, losses=10)
>>> round(lo), round(elo((30 + 10) / 60)), round(hi)
(51, 120, 201)
>>> sprt(wins=60, draws=10, losses=20, elo0=0, elo1=50)[1]
'H1'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

Z95 = 1.959964  # the normal distribution's 97.5% quantile: a 95% interval


def elo(score: float) -> float:
    """The Elo difference that expects ``score`` (0 to 1; the ends clipped to a finite figure)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1) + 0.0  # + 0.0: an even score is 0, not -0


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


class Standing:
    """One bot's results against the field: wins, draws, losses, faults, and the points it scored
    in each game against each opponent."""

    def __init__(self, bot: str) -> None:
        self.bot = bot
        self.wins = self.draws = self.losses = self.faults = 0
        self.against: dict[str, list[float]] = {}

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float:
        return self.wins + self.draws / 2


def standings(results: Iterable[dict[str, Any]], bots: list[str]) -> list[Standing]:
    """Each bot's standing from the games (``officers``, ``rebels``, ``winner``: a side or None for a
    draw, ``faults``: each with its ``side``), the best score per game first."""
    table = {b: Standing(b) for b in bots}
    for game in results:
        for side, them in (("officers", "rebels"), ("rebels", "officers")):
            s = table.get(game[side])
            if s is None:
                continue
            points = 1.0 if game["winner"] == side else 0.5 if game["winner"] is None else 0.0
            s.wins += points == 1.0
            s.draws += points == 0.5
            s.losses += points == 0.0
            s.faults += sum(f["side"] == side for f in game["faults"])
            s.against.setdefault(game[them], []).append(points)
    return sorted(table.values(), key=lambda s: (-s.score / max(s.games, 1), bots.index(s.bot)))


def ranking(results: Iterable[dict[str, Any]], bots: list[str]) -> list[dict[str, Any]]:
    """The table of a tournament, best first, as plain data: each bot's rank, games, score, Elo
    against the field and the half-width of its 95% interval (None where every game went one way:
    no finite estimate, as cutechess-cli says), draws and faults in per cent and counts, and its
    points and games against each opponent (the crosstable's row).

    >>> games = [{"officers": "a", "rebels": "b", "winner": "officers", "faults": []},
    ...          {"officers": "b", "rebels": "a", "winner": None, "faults": []}]
    >>> [(r["bot"], r["score"], round(r["elo"]), r["against"]) for r in ranking(games, ["a", "b"])]
    [('a', 1.5, 191, {'b': [1.5, 2]}), ('b', 0.5, -191, {'a': [0.5, 2]})]
    """
    rows = []
    for rank, s in enumerate(standings(results, bots), 1):
        row: dict[str, Any] = {"rank": rank, "bot": s.bot, "games": s.games, "score": s.score, "wins": s.wins,
                               "draws": s.draws, "losses": s.losses, "faults": s.faults, "elo": None, "margin": None,
                               "percent": None, "draws_percent": None,
                               "against": {b: [sum(p), len(p)] for b, p in s.against.items()}}  # fmt: skip
        if s.games:
            lo, hi = elo_interval(s.wins, s.draws, s.losses)
            row["elo"] = elo(s.score / s.games)
            row["margin"] = None if s.wins == s.games or s.losses == s.games else (hi - lo) / 2
            row["percent"], row["draws_percent"] = 100 * s.score / s.games, 100 * s.draws / s.games
        rows.append(row)
    return rows
