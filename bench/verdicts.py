#!/usr/bin/env python3
"""Verdicts benchmark: every forced result the AI announces in self-play, checked by the rules (issue 15).

    python bench/verdicts.py                  200 games (50 per ruleset) and the suite: 12 minutes on one core
    python bench/verdicts.py --games 8 --no-suite
                                              a smoke run (written to the temp directory)

strong plays strongest, colours alternating, each with one ai.Player for the whole game (the
transposition table kept between moves, as the page's worker plays), at SCALE of their time
budget as nodes (bench/strength.py's NPS_REF), after OPENING random quiet plies (bench/strength.py's
openings, a seed per game). Every announcement ("Rebels win in 5": a WIN score) in every depth a
search yields, of either engine, is checked by :func:`asalto_core.proof.check_announcement`: its line
played out on the game's Board, then an exhaustive proof over the rules kernel that the winner forces
the end within the announced plies against every defence (at most PROOF_BUDGET positions). Then the
same for the regression suite's positions (bench/positions/), strongest at SUITE_NODES, a fresh search
each. A false one is a bug. Figures go to bench/results/verdicts.md (the full run only); exit status 1 if
an announcement was false.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

from strength import (  # also puts pkg/ on the path
    MAX_PLIES,
    NPS_REF,
    OPENING,
    ROOT,
    RULESETS,
    opening_player,
    position_entries,
)

from asalto_core import LEVELS, Game, Position, ai
from asalto_core.proof import check_announcement

GAMES = 200  # spread evenly over RULESETS
SCALE = 0.02  # of each level's time budget, as nodes: strong 1200, strongest 3600: 200 games in 12 minutes
PROOF_BUDGET = 50_000  # positions the prover may visit per announcement (about a second at most)
LEVEL_PAIR = ("strong", "strongest")
SUITE = ("verdicts.txt", "regression.txt")  # bench/positions/: the regression suite
SUITE_NODES = (3000, 20_000)  # the strongest level's budgets on the suite (tests: 300 and 3000, every level)
VERDICTS = ("proved", "played", "unproved", "false")


def suite() -> list[dict]:
    """Every announcement of the strongest level on the regression suite's positions, checked as in games."""
    checks = []
    for name in SUITE:
        for entry in position_entries(name):
            position = Position.from_text(entry[0])
            for nodes in SUITE_NODES:
                seen = set()
                for a in ai.analyse(position, "strongest", node_limit=nodes):
                    if a is not None and a.mate is not None and (a.mate, a.pv) not in seen:
                        seen.add((a.mate, a.pv))
                        check = check_announcement(position, a, budget=PROOF_BUDGET)
                        checks.append({"position": position.text(), "level": f"strongest at {nodes} nodes",
                                       "depth": a.depth, "mate": a.mate, "said": a.describe(),
                                       "pv": [str(m) for m in a.pv], "verdict": check.verdict,
                                       "reason": check.reason, "file": name})  # fmt: skip
    return checks


def play_checked(ruleset: str, seed: int, scale: float) -> dict:
    """One self-play game, every announcement in it checked; ``seed`` picks the opening and the colours."""
    rng = random.Random(seed)
    officers, rebels = LEVEL_PAIR if seed % 2 else LEVEL_PAIR[::-1]
    engines = {side: (level, ai.Player()) for side, level in (("officers", officers), ("rebels", rebels))}
    game = Game(ruleset)
    board = game.board
    history: list[str] = []
    checks: list[dict] = []
    while not board.is_game_over() and game.ply < MAX_PLIES:
        position = board.position
        if game.ply < OPENING:
            move = opening_player(position, history, rng)
        else:
            level, engine = engines[position.turn]
            nodes = max(200, int(LEVELS[level].time_limit * NPS_REF * scale))
            answer, seen = None, set()
            for a in engine.analyse(position, level, node_limit=nodes, seed=seed, history=history):
                if a is None:
                    continue
                answer = a
                if a.mate is not None and (a.mate, a.pv) not in seen:
                    seen.add((a.mate, a.pv))
                    check = check_announcement(board, a, budget=PROOF_BUDGET)
                    checks.append({"position": position.text(), "level": level, "depth": a.depth, "mate": a.mate,
                                   "said": a.describe(), "pv": [str(m) for m in a.pv], "verdict": check.verdict,
                                   "reason": check.reason, "final": False})  # fmt: skip
            assert answer is not None
            if checks and checks[-1]["position"] == position.text() and checks[-1]["mate"] == answer.mate:
                checks[-1]["final"] = True  # the answer the page shows when the search ends
            move = str(answer.move)
        history.append(position.text())
        game.play(move)
    outcome = board.outcome()
    return {"ruleset": ruleset, "seed": seed, "officers": officers, "rebels": rebels, "plies": game.ply,
            "winner": outcome.winner if outcome else None, "checks": checks}  # fmt: skip


def tally(checks: list[dict]) -> str:
    """Announcements by verdict, as table cells."""
    return " | ".join(str(sum(c["verdict"] == v for c in checks)) for v in VERDICTS)


def report(games: list[dict], suite_checks: list[dict], scale: float, elapsed: float, command: str) -> str:
    """verdicts.md: announcements per ruleset and verdict, the suite's, and every false or unproved one in full."""
    lines = [
        "# Verdicts benchmark",
        "",
        f"`{command}`: {len(games)} self-play games, strong against strongest (colours alternating), each "
        f"level at {NPS_REF} nodes per second of its time limit x {scale} (strong "
        f"{int(LEVELS['strong'].time_limit * NPS_REF * scale)} nodes a move, strongest "
        f"{int(LEVELS['strongest'].time_limit * NPS_REF * scale)}), one ai.Player per side for the whole game, "
        f"after {OPENING} random quiet plies; then the regression suite; {elapsed / 60:.1f} minutes.",
        "",
        "Every forced result announced (a WIN score, 'X win in N') at any completed depth, by either engine, "
        "checked by asalto_core.proof.check_announcement: the announced line played out on the game's Board, "
        f"then an exhaustive AND-OR search over the rules kernel (at most {PROOF_BUDGET} positions) that the "
        "winner forces the end within N plies against every defence. *proved*: the prover agrees; *played*: "
        "the line ends the game as announced but the proof ran out of budget; *unproved*: neither; *false*: "
        "a wrong verdict (a bug). *final*: the answers the searches ended with (what the page shows).",
        "",
        "## Self-play",
        "",
        "| ruleset | games | plies (median) | announcements | final | proved | played | unproved | false |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for rs in [*RULESETS, "all"]:
        gs = [g for g in games if rs in ("all", g["ruleset"])]
        cs = [c for g in gs for c in g["checks"]]
        plies = sorted(g["plies"] for g in gs)
        median = plies[len(plies) // 2] if plies else "-"
        lines.append(f"| {rs} | {len(gs)} | {median} | {len(cs)} | {sum(c['final'] for c in cs)} | {tally(cs)} |")
    lines += [
        "",
        "## The regression suite",
        "",
        f"Every position of bench/positions/ ({', '.join(SUITE)}), the strongest level at "
        f"{' and '.join(map(str, SUITE_NODES))} nodes, a fresh search each, checked the same way.",
        "",
        "| positions | announcements | proved | played | unproved | false |",
        "|---|---|---|---|---|---|",
    ]
    for name in SUITE:
        cs = [c for c in suite_checks if c["file"] == name]
        lines.append(f"| {name} | {len(cs)} | {tally(cs)} |")
    odd = [c | {"where": f"game seed {g['seed']}"} for g in games for c in g["checks"]]
    odd += [c | {"where": c["file"]} for c in suite_checks]
    odd = [c for c in odd if c["verdict"] in ("false", "unproved")]
    lines += ["", "## False and unproved announcements", ""]
    if not odd:
        lines.append("None.")
    for c in odd:
        lines.append(f"- {c['verdict']}: `{c['position']}` ({c['where']}), {c['level']} at depth "
                     f"{c['depth']}: {c['said']} ({c['mate']} plies), line {' '.join(c['pv'])}: "
                     f"{c['reason']}")  # fmt: skip
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=GAMES, help="games, spread evenly over the rulesets")
    ap.add_argument("--scale", type=float, default=SCALE, help="fraction of each level's time budget, as nodes")
    ap.add_argument("--no-suite", action="store_true", help="skip the regression suite")
    args = ap.parse_args()
    t0 = time.perf_counter()
    games = []
    for i in range(args.games):
        rs = RULESETS[i % len(RULESETS)]
        g = play_checked(rs, 7000 + i, args.scale)
        games.append(g)
        counts = {v: sum(c["verdict"] == v for c in g["checks"]) for v in VERDICTS}
        print(f"{i + 1}/{args.games} {rs} seed {g['seed']}: {g['plies']} plies, {g['winner']} won; {counts}"
              f" ({time.perf_counter() - t0:.0f} s)", file=sys.stderr, flush=True)  # fmt: skip
    suite_checks = [] if args.no_suite else suite()
    full = args.games == GAMES and args.scale == SCALE and not args.no_suite
    command = "python bench/verdicts.py" + ("" if full else f" --games {args.games} --scale {args.scale:g}")
    command += " --no-suite" if args.no_suite else ""
    text = report(games, suite_checks, args.scale, time.perf_counter() - t0, command)
    print(text)
    out = ROOT / "bench" / "results" if full else Path(tempfile.gettempdir()) / "asalto-verdicts"
    out.mkdir(parents=True, exist_ok=True)
    (out / "verdicts.md").write_text(text)
    print(f"written to {out / 'verdicts.md'}")
    checks = [c for g in games for c in g["checks"]] + suite_checks
    sys.exit(1 if any(c["verdict"] == "false" for c in checks) else 0)


if __name__ == "__main__":
    main()
