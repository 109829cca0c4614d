"""The arena as a course's student meets it (issue 53): how many of the random two-ply course
openings lose an officer before the bots play, and how many games a bot whose ``Player()`` takes
3 s to build (tests/bots/slow_init.py) loses on time at 1 s a move. Prints the table and writes
bench/results/course-defaults.md (``--label before`` with ``ASALTO_PKG`` naming another
checkout's engine keeps the other section).

    python bench/course_defaults.py [--label after] [--openings 200] [--games 4]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

from _sections import write_section

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, os.environ.get("ASALTO_PKG", str(ROOT / "pkg")))  # another checkout's engine: its "before"

from asalto_core.arena import Job, Limits, close_idle, openings, play_game  # noqa: E402
from asalto_core.position import Board  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "course-defaults.md"
SLOW = ROOT / "tests" / "bots" / "slow_init.py"


def officers_lost(count: int) -> int:
    """Of ``count`` seeded two-ply course openings, those that leave fewer than two officers."""
    lost = 0
    for line in openings("course", count, 2, seed=1):
        board = Board("course")
        for move in line:
            board.push(move)
        lost += list(board.pieces().values()).count("O") < 2
    return lost


def slow_losses(games: int) -> int:
    """Games (the slow bot on each side in turn, 20 plies) it loses on time at 1 s a move."""
    lost = 0
    for i in range(games):
        sides = (str(SLOW), "examples:random") if i % 2 else ("examples:random", str(SLOW))
        game = play_game(Job(i, 0, "course", *sides, [], Limits(move_seconds=1.0, memory_mb=400), 20))
        lost += any(f["kind"] == "timeout" for f in game["faults"])
    close_idle()
    return lost


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--openings", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--label", default="after", help="the section of the results file to write")
    args = parser.parse_args()
    lines = [
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}",
        "",
        "| what | count |",
        "|---|---|",
        f"| two-ply course openings (seed 1) losing an officer | {officers_lost(args.openings)} of {args.openings} |",
        f"| games lost on time by a bot whose Player() takes 3 s, at 1 s a move | {slow_losses(args.games)} of "
        f"{args.games} |",
    ]
    print("\n".join(lines))
    write_section(RESULTS, "The arena's course defaults", args.label, lines)


if __name__ == "__main__":
    main()
