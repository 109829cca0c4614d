#!/usr/bin/env python3
"""Puzzle ratings that predict: each puzzle rated from how often solvers of known strength find
its whole line, and the check that the ratings mean what they say.

    python bench/puzzle_ratings.py [--before REV]
                        run every solver on the set (site/puzzles/puzzles.json) with a new seed and
                        write the check of the set's ratings and solvers' ratings (fitted when the
                        set was written) to bench/results/puzzle-ratings.md (the set unchanged),
                        with the check as git revision REV's results gave it beside it

``bench/puzzles.py --write`` rates the set it writes with :func:`rate`.

The solvers (:data:`SOLVERS`): the AI's levels at a ladder of node budgets, and a person-like
solver that scores every move by a shallow full-width search, is drawn to captures and huffs
(the eye goes to them), and picks with noise (a Gumbel draw of ``noise`` centi-rebels): near
moves get confused, a far better one is seldom missed. A try is the whole line: every move the
solver makes must be the line's (or one with its effect; the replies are the line's).

The model is lichess's for puzzles, Elo's logistic curve: a solver rated R solves a puzzle rated
D with chance 1 / (1 + 10^((D - R) / 400)). Solvers' and puzzles' ratings are fitted together by
maximum likelihood; each puzzle has a prior (:func:`asalto_core.tactics.rating`, the plies to
read, deviation PRIOR_RD) so a puzzle every solver finds, or none, still gets a finite rating,
and that prior fixes the scale where the trainer's players start (1500).

The check is on tries the fit never saw: every solver runs again with another seed (the weaker
levels and the person pick with chance, so they play other moves), its rating is the fitted one
(kept in the set's provenance),
and its tries are binned by puzzle rating relative to it: R-200, R and R+200 (each +-100). Where
the ratings predict, the rate falls from each bin to the next, in every theme.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core import Position, ai  # noqa: E402
from asalto_core.notation import move_from_raw  # noqa: E402
from asalto_core.puzzle import Puzzle, read_also  # noqa: E402
from asalto_core.search import Searcher  # noqa: E402
from asalto_core.tactics import THEMES, rating  # noqa: E402

SET = ROOT / "site" / "puzzles" / "puzzles.json"
RESULTS = ROOT / "bench" / "results" / "puzzle-ratings.md"
# (name, kind, level or search depth, node budget or noise): the engine's levels at a ladder of
# node budgets, and the person-like solver at several depths and noises.
SOLVERS = (
    ("beginner-30", "level", "beginner", 30),
    ("beginner-100", "level", "beginner", 100),
    ("beginner-400", "level", "beginner", 400),
    ("casual-300", "level", "casual", 300),
    ("casual-1k", "level", "casual", 1_000),
    ("casual-4k", "level", "casual", 4_000),
    ("strong-500", "level", "strong", 500),
    ("strong-2k", "level", "strong", 2_000),
    ("strong-8k", "level", "strong", 8_000),
    ("strong-30k", "level", "strong", 30_000),
    ("person-1-900", "person", 1, 900),
    ("person-1-300", "person", 1, 300),
    ("person-2-600", "person", 2, 600),
    ("person-2-300", "person", 2, 300),
    ("person-2-120", "person", 2, 120),
    ("person-3-120", "person", 3, 120),
    ("person-3-50", "person", 3, 50),
)
FIT_SEED, CHECK_SEED = 1, 2
PERSON_NODES = 6_000  # the person's shallow search per move, at most
CAPTURE_PULL = 60  # centi-rebels a person adds to a capture or huff: the eye goes to them
PRIOR_RD = 350  # how far a puzzle's rating may stray from its prior (tactics.rating)
STEP = 200  # the check's bins: R - STEP, R, R + STEP, each +- STEP / 2
MIN_BIN = 8  # tries in a bin for its rate to count
LOWEST, HIGHEST = 600, 2900


def _person(position: Position, depth: int, noise: float, rng: random.Random):
    """The person-like solver's move: a shallow full-width score, a pull towards captures and
    huffs, and noise."""
    last = None
    for r in Searcher(position.ruleset, tt_size=20_000).iterate(
        position.state, max_depth=depth, node_limit=PERSON_NODES, full_width=True
    ):
        if r is not None:
            last = r
    if last is None:
        return position.raw_moves()[0]

    def felt(move, score: int) -> float:
        pull = CAPTURE_PULL if move[2] or move[3] else 0
        return score + pull - noise * math.log(-math.log(rng.random() or 1e-12))

    return max(last.scores, key=lambda ms: felt(*ms))[0]


def attempt(puzzle: dict, solver: tuple, seed: int) -> bool:
    """Whether ``solver`` finds the whole line of ``puzzle`` (each of its moves judged as the
    trainer judges a player's)."""
    _, kind, how, amount = solver
    also = read_also(puzzle.get("also"))
    solving = Puzzle(Position.from_text(puzzle["position"]), tuple(puzzle["line"]), also=also).start()
    rng = random.Random(f"{seed}:{puzzle['id']}:{solver[0]}")
    while not solving.solved:
        position = solving.position
        if kind == "level":
            move = ai.best_move(position, how, node_limit=amount, seed=rng.randrange(1 << 30)).move
        else:
            move = move_from_raw(position.geometry, _person(position, how, amount, rng), position.state[2])
        if solving.play(move).verdict == "wrong":
            return False
    return True


def run(puzzles: list[dict], seed: int) -> dict[str, list[bool]]:
    """Every solver's tries at every puzzle (solver name -> results in the puzzles' order)."""
    return {s[0]: [attempt(p, s, seed) for p in puzzles] for s in SOLVERS}


def chance(solver: float, puzzle: float) -> float:
    return 1 / (1 + 10 ** ((puzzle - solver) / 400))


def fit(puzzles: list[dict], tries: dict[str, list[bool]], rounds: int = 60) -> tuple[dict[str, float], list[float]]:
    """Solvers' and puzzles' ratings by maximum likelihood (Newton steps, one side at a time),
    each puzzle held near its prior by a normal of deviation PRIOR_RD."""
    q = math.log(10) / 400
    prior = [float(rating(p)) for p in puzzles]
    ratings = list(prior)
    solvers = {name: 1500.0 for name in tries}
    for _ in range(rounds):
        for name, results in tries.items():
            grad = hess = 0.0
            for d, won in zip(ratings, results, strict=True):
                e = chance(solvers[name], d)
                grad += q * ((1 if won else 0) - e)
                hess += q * q * e * (1 - e)
            solvers[name] += max(-200.0, min(200.0, grad / (hess + 1e-9)))
        for i in range(len(puzzles)):
            grad = -(ratings[i] - prior[i]) / PRIOR_RD**2
            hess = 1 / PRIOR_RD**2
            for name, results in tries.items():
                e = chance(solvers[name], ratings[i])
                grad += q * (e - (1 if results[i] else 0))
                hess += q * q * e * (1 - e)
            ratings[i] += max(-200.0, min(200.0, grad / hess))
    return solvers, ratings


def rate(puzzles: list[dict]) -> dict:
    """Rate ``puzzles`` in place from the solvers' tries; returns what the check needs."""
    tries = run(puzzles, FIT_SEED)
    solvers, ratings = fit(puzzles, tries)
    for p, r in zip(puzzles, ratings, strict=True):
        p["rating"] = max(LOWEST, min(HIGHEST, round(r)))
    return {"solvers": {k: round(v) for k, v in solvers.items()}}


def check_table(puzzles: list[dict], solvers: dict[str, float], tries: dict[str, list[bool]]) -> tuple[str, bool]:
    """The rating check as a Markdown table (per theme, and all): the rate at which solvers solve
    puzzles rated R - STEP, R and R + STEP (R the solver's rating), and whether it falls each
    time in every theme (bins with fewer than MIN_BIN tries are shown but not judged)."""
    rows, ok = [], True
    for theme in ("all", *THEMES):
        bins = [[0, 0], [0, 0], [0, 0]]
        for name, results in tries.items():
            for p, won in zip(puzzles, results, strict=True):
                if theme != "all" and theme not in p["themes"]:
                    continue
                offset = p["rating"] - solvers[name]
                b = round(offset / STEP) + 1
                if 0 <= b <= 2 and abs(offset - (b - 1) * STEP) <= STEP / 2:
                    bins[b][0] += won
                    bins[b][1] += 1
        if all(n >= MIN_BIN for _, n in bins):
            a, b, c = (s / n for s, n in bins)
            verdict = "yes" if a > b > c else "NO"
            ok = ok and a > b > c
        else:
            verdict = f"too few tries (under {MIN_BIN} in a bin)"
        cells = [f"{s / n:.0%} of {n}" if n else "-" for s, n in bins]
        rows.append(f"| {theme} | {' | '.join(cells)} | {verdict} |")
    head = [
        f"| theme | rated R-{STEP} | rated R | rated R+{STEP} | falls |",
        "|---|---|---|---|---|",
    ]
    return "\n".join(head + rows) + "\n", ok


def earlier(rev: str) -> list[str]:
    """The check as git revision ``rev``'s results file gave it (its set's size and table)."""
    shown = subprocess.run(
        ["git", "show", f"{rev}:{RESULTS.relative_to(ROOT)}"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    lines = shown.stdout.splitlines()
    size = next(x for x in lines if " puzzles, " in x and " solvers" in x)
    start = lines.index(next(x for x in lines if x.startswith("| theme |")))
    table = list(itertools.takewhile(lambda x: x.startswith("|"), lines[start:]))  # not its own "before"
    return [f"## Before: the check at {rev}", "", size.split(":")[0] + ".", "", *table, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--before", default="", help="a git revision whose check the results show beside this one")
    args = parser.parse_args()
    data = json.loads(SET.read_text())
    puzzles = data["puzzles"]
    solvers = {name: float(r) for name, r in data["provenance"]["solvers"].items()}  # fitted as the set was written
    start = time.process_time()
    held_out = run(puzzles, CHECK_SEED)
    seconds = time.process_time() - start
    table, ok = check_table(puzzles, solvers, held_out)
    ladder = "\n".join(
        f"| {name} | {solvers[name]:.0f} | {sum(held_out[name]) / len(puzzles):.0%} |" for name, *_ in SOLVERS
    )
    text = "\n".join(
        [
            "# Puzzle ratings (bench/puzzle_ratings.py)",
            "",
            f"{len(puzzles)} puzzles, {len(SOLVERS)} solvers: rated on their tries with seed {FIT_SEED} when "
            f"the set was written (bench/puzzles.py), checked here on new tries with seed {CHECK_SEED} "
            f"({seconds:.0f} s of CPU).",
            "",
            "Solvers, their ratings fitted on the first run (the set's provenance), and their share solved on "
            "the second:",
            "",
            "| solver | rating | solved |",
            "|---|---|---|",
            ladder,
            "",
            f"The check, on the second run: how often a solver rated R solves puzzles rated R-{STEP}, R and "
            f"R+{STEP} (each +-{STEP // 2}); the set's ratings are the ones stored in site/puzzles/puzzles.json.",
            "",
            table.rstrip("\n"),
            "",
            *(earlier(args.before) if args.before else []),
        ]
    )
    RESULTS.write_text(text)
    print(text)
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
