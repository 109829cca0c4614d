"""Perft speed for every ruleset; prints a table and writes bench/results/perft.md.

Target: at least 1,000,000 leaves per second on the ludii ruleset at depth 7 in
CPython (Ludii's own Java engine reaches about 550,000 on the same machine).

    python bench/perft.py [--depth N] [--repeat K]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core import RULESETS, Position, perft  # noqa: E402

TARGET = 1_000_000


def measure(ruleset: str, depth: int, repeat: int) -> tuple[int, float]:
    """Leaves at ``depth`` and the best of ``repeat`` timings (seconds)."""
    start = Position.start(ruleset)
    best, leaves = float("inf"), 0
    for _ in range(repeat):
        t = time.perf_counter()
        leaves = perft(start, depth)
        best = min(best, time.perf_counter() - t)
    return leaves, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=6, help="depth for every ruleset (ludii also runs at 7)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    runs = [(name, args.depth) for name in RULESETS] + [("ludii", 7)]
    for name, depth in runs:
        leaves, seconds = measure(name, depth, args.repeat)
        rows.append((name, depth, leaves, seconds, leaves / seconds))
        print(f"{name:22} depth {depth}  {leaves:>10,} leaves  {seconds:7.3f} s  {leaves / seconds:>12,.0f} leaves/s")
    ludii7 = rows[-1][4]
    verdict = "meets" if ludii7 >= TARGET else "MISSES"
    print(f"ludii depth 7: {ludii7:,.0f} leaves/s {verdict} the {TARGET:,} target")
    lines = [
        "# Perft benchmark",
        "",
        f"Python {platform.python_version()} on {platform.machine()}, best of {args.repeat} runs,"
        f" {time.strftime('%Y-%m-%d')}.",
        "",
        "| ruleset | depth | leaves | seconds | leaves/s |",
        "|---|---:|---:|---:|---:|",
        *(f"| {n} | {d} | {lv:,} | {s:.3f} | {r:,.0f} |" for n, d, lv, s, r in rows),
        "",
        f"ludii, depth 7: {ludii7:,.0f} leaves/s; target {TARGET:,} ({verdict}).",
        "",
    ]
    out = ROOT / "bench" / "results" / "perft.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))
    print(f"written {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
