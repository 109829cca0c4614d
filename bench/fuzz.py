#!/usr/bin/env python3
"""The mutation fuzz suite's long run: 100,000 inputs per target (tests/fuzz.py), counts in
bench/results/fuzz.md. Any broken contract stops the run with the input that broke it.

    python bench/fuzz.py            # 100,000 per target
    python bench/fuzz.py 5000 7     # 5,000 per target, seed 7
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "pkg"), str(ROOT / "tests")]

import fuzz  # noqa: E402 - after the path is set

from asalto_core.record import Game  # noqa: E402


def parse_time() -> tuple[int, float]:
    """Seconds to read a valid 1,000,000-character record (a game and one long comment)."""
    game = fuzz.sample_games(seed=5, count=1, plies=60)[0]
    text = game.record()
    pad = 1_000_000 - len(text) - 3
    text = text.replace("\n\n", "\n\n{" + ("a long comment " * (pad // 15 + 1))[:pad] + "}\n", 1)
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        Game.from_record(text)
        best = min(best, time.perf_counter() - t)
    return len(text), best


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    rows = []
    total = time.perf_counter()
    for name in ("move", "position", "record", "ruleset", "request", "save", "params"):
        t = time.perf_counter()
        tally = fuzz.run(count, seed, only=name)[name]
        rows.append((name, tally, time.perf_counter() - t))
        print(f"{name:9} {tally['inputs']:>7} inputs  {tally['ok']:>6} accepted  {tally['error']:>6} refused"
              f"  {rows[-1][2]:.1f} s", flush=True)  # fmt: skip
    size, seconds = parse_time()
    lines = [
        "# Fuzz run (bench/fuzz.py)",
        "",
        f"{count:,} mutated inputs per target, seed {seed}; every input gave its documented outcome",
        "(AsaltoError, an {ok: false} answer or a problems list) and no refused input changed a game.",
        "",
        "| target | inputs | accepted | refused | seconds |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {n} | {t['inputs']:,} | {t['ok']:,} | {t['error']:,} | {s:.1f} |" for n, t, s in rows]
    lines += ["", f"Reading a valid record of {size:,} characters: {seconds * 1000:.1f} ms (best of 3).",
              f"Total: {time.perf_counter() - total:.0f} s.", ""]  # fmt: skip
    out = ROOT / "bench" / "results" / "fuzz.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines[-3:]))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
