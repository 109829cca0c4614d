"""The levels on a game clock (issue 53): games of a level against another under ``--game-time``,
played by the arena, and how many each level lost on time. Prints the table and writes
bench/results/clock.md (a run with ``--label before`` or ``after`` keeps the other's section).

    python bench/clock.py [--bots level:strong level:casual] [--game-time 10] [--rounds 2] [--label after]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

from _sections import write_section

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, os.environ.get("ASALTO_PKG", str(ROOT / "pkg")))  # another checkout's engine: its "before"

from asalto_core.arena import Limits, run, schedule  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "clock.md"


def measure(bots: list[str], game_time: float, rounds: int, concurrency: int) -> list[str]:
    """Play the games; the table's lines: per bot, games, losses on time, and the longest move."""
    jobs = schedule(bots, "course", rounds, False, Limits(None, game_time), opening_plies=2, seed=11, max_plies=400)
    began = time.perf_counter()
    results, _ = run(jobs, bots, concurrency=concurrency, progress=False)
    wall = time.perf_counter() - began
    plies = sorted(len(g["opening"]) + len(g["moves"]) for g in results)
    lines = [
        f"{len(results)} games ({', '.join(map(str, plies))} plies) on the course's rules, "
        f"{game_time:g} s a game per side, at most 400 plies, "
        f"concurrency {concurrency}, {wall:.0f} s in all ({platform.python_implementation()} "
        f"{platform.python_version()}, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f})",
        "",
        "| bot | games | lost on time | the clock's faults |",
        "|---|---|---|---|",
    ]
    for bot in bots:
        games = [g for g in results if bot in (g["officers"], g["rebels"])]
        flags = [f for g in games for f in g["faults"] if f["kind"] == "timeout" and g[f["side"]] == bot]
        details = "; ".join(f"{f['detail']} at ply {f['ply']}" for f in flags) or "none"
        lines.append(f"| {bot} | {len(games)} | {len(flags)} | {details} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", nargs=2, default=["level:strong", "level:casual"])
    parser.add_argument("--game-time", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2, help="openings, each played with colours swapped")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--label", default="after", help="the section of bench/results/clock.md to write")
    args = parser.parse_args()
    lines = measure(args.bots, args.game_time, args.rounds, args.concurrency)
    print("\n".join(lines))
    write_section(RESULTS, "The levels on a game clock", args.label, lines)


if __name__ == "__main__":
    main()
