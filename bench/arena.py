"""The arena's speed: games per minute at concurrency 1 and 2, and the arena's own time per move
beside the bots' thinking time; prints a table and writes bench/results/arena.md.

The bots are quick on purpose (the greedy and random examples, and the beginner level held to a
node budget), so that the figures are the arena's: starting two bot processes a game, the
protocol's round trip a move, and checking each move on the arena's own board.

    python bench/arena.py [--rounds N]
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core.arena import Limits, run, schedule  # noqa: E402

BOTS = ["examples:greedy", "examples:random", "level:beginner@200"]


def measure(concurrency: int, rounds: int) -> dict[str, float]:
    """Play a round robin of :data:`BOTS` on the course's rules; its figures."""
    jobs = schedule(BOTS, "course", rounds, False, Limits(move_seconds=5), opening_plies=2, seed=9, max_plies=200)
    began = time.perf_counter()
    results, _ = run(jobs, BOTS, concurrency=concurrency, progress=False)
    wall = time.perf_counter() - began
    plies = sum(len(g["moves"]) for g in results)
    bots = sum(sum(g["bot_seconds"].values()) for g in results)
    turnaround = sum(sum(g["thinking"].values()) for g in results)
    games_wall = sum(g["wall_seconds"] for g in results)
    return {
        "games": len(results),
        "plies": plies,
        "per_minute": len(results) / wall * 60,
        "bot_ms": bots / plies * 1000,
        "protocol_ms": (turnaround - bots) / plies * 1000,  # question to answer, less the bot's own time
        "arena_ms": (games_wall - bots) / plies * 1000,  # all the arena's own time: startup included
        "startup_s": (games_wall - turnaround) / len(results),  # per game: processes, handshake, board checks
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4, help="openings (each pair plays each twice)")
    args = parser.parse_args()
    rows = []
    for concurrency in (1, 2):
        f = measure(concurrency, args.rounds)
        rows.append((concurrency, f))
        print(
            f"concurrency {concurrency}: {f['games']:.0f} games, {f['plies']:.0f} plies, "
            f"{f['per_minute']:.1f} games/min; "
            f"per move: bots {f['bot_ms']:.1f} ms, arena {f['arena_ms']:.1f} ms (protocol {f['protocol_ms']:.1f} ms); "
            f"per game outside the moves {f['startup_s']:.2f} s"
        )
    lines = [
        "# Arena speed",
        "",
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"round robin of {', '.join(BOTS)} on the course's rules, {args.rounds} openings, both colours.",
        "",
        "| Concurrency | Games | Plies | Games/min | Bots' thinking per move | Arena per move | of which protocol | "
        "Per game outside the moves |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for concurrency, f in rows:
        lines.append(
            f"| {concurrency} | {f['games']:.0f} | {f['plies']:.0f} | {f['per_minute']:.1f} | {f['bot_ms']:.1f} ms | "
            f"{f['arena_ms']:.1f} ms | {f['protocol_ms']:.1f} ms | {f['startup_s']:.2f} s |"
        )
    lines += [
        "",
        "Arena per move: a game's wall time less the bots' own thinking (as they report it, `info time`), per",
        "move: starting the two bot processes, the protocol's round trips and the arena's checks of each move.",
        "Protocol: from the arena's question to the answer, less the bot's own time. Per game outside the",
        "moves: the processes' start, the handshake and the closing.",
        "",
    ]
    (ROOT / "bench" / "results" / "arena.md").write_text("\n".join(lines))


if __name__ == "__main__":
    main()
