"""The arena's speed: games per minute at concurrency 1 and 2, and the arena's own time per move
beside the bots' thinking time; and a tournament of the engine's levels and the three example bots
of docs/bots.md, its ranking with Elo and its crosstable. Each prints its table and writes its
section of bench/results/arena.md (the other sections are kept).

The speed's bots are quick on purpose (the greedy and random examples, and the beginner level held
to a node budget), so that the figures are the arena's: the bots' processes (each kept from game to
game), the protocol's round trip a move, and checking each move on the arena's own board.

    python bench/arena.py [--rounds N]            # the speed
    python bench/arena.py --tournament [--rounds N]
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core.arena import Limits, report, run, schedule  # noqa: E402

BOTS = ["examples:greedy", "examples:random", "level:beginner@200"]
FIELD = ["level:beginner", "level:casual", "level:strong", "examples:random", "examples:greedy", "examples:alphabeta"]
RESULTS = ROOT / "bench" / "results" / "arena.md"
GAMES = ROOT / "bench" / "results" / "arena-tournament.jsonl"  # the tournament's games: run again, it reports them


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


def write_section(name: str, lines: list[str]) -> None:
    """Replace the section ``name`` of bench/results/arena.md (between its markers), or add it."""
    text = RESULTS.read_text() if RESULTS.exists() else "# The arena\n"
    block = f"<!-- {name} -->\n" + "\n".join(lines).strip() + f"\n<!-- /{name} -->"
    pattern = re.compile(f"<!-- {name} -->.*?<!-- /{name} -->", re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block
    RESULTS.write_text(text.rstrip() + "\n")


def speed(rounds: int) -> None:
    rows = []
    for concurrency in (1, 2):
        f = measure(concurrency, rounds)
        rows.append((concurrency, f))
        print(
            f"concurrency {concurrency}: {f['games']:.0f} games, {f['plies']:.0f} plies, "
            f"{f['per_minute']:.1f} games/min; "
            f"per move: bots {f['bot_ms']:.1f} ms, arena {f['arena_ms']:.1f} ms (protocol {f['protocol_ms']:.1f} ms); "
            f"per game outside the moves {f['startup_s']:.2f} s"
        )
    lines = [
        "## Speed",
        "",
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, "
        f"round robin of {', '.join(BOTS)} on the course's rules, {rounds} openings, both colours.",
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
        "move: the protocol's round trips, the arena's checks of each move and its share of the bots' start.",
        "Protocol: from the arena's question to the answer, less the bot's own time. Per game outside the",
        "moves: the bots' processes (started once and kept from game to game, as cutechess-cli keeps an",
        "engine), the handshake, `newgame` and the game's record.",
    ]
    write_section("speed", lines)


def tournament(rounds: int, concurrency: int) -> None:
    """The levels and the example bots in one round robin on the course's rules."""
    jobs = schedule(FIELD, "course", rounds, False, Limits(move_seconds=4), opening_plies=2, seed=40, max_plies=400)
    results, _ = run(jobs, FIELD, results_path=str(GAMES), concurrency=concurrency, progress=True)
    minutes = sum(g["wall_seconds"] for g in results) / 60
    text = report(results, FIELD)
    print(text)
    write_section(
        "tournament",
        [
            "## A tournament of the levels and the example bots",
            "",
            f"`python bench/arena.py --tournament --rounds {rounds}`: {', '.join(FIELD)} in a round robin on the",
            f"course's rules, {rounds} seeded openings of two plies, each played by both bots of a pair with the",
            f"colours swapped ({len(results)} games, {minutes:.0f} minutes of play in all, two at a time);",
            "4 s a move (each level thinks its own time, at most a third of that), the move cap 400 plies.",
            "Every game is in `arena-tournament.jsonl` (with its record): run again, the command reports them.",
            "",
            "```",
            text,
            "```",
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4, help="openings (each pair plays each twice)")
    parser.add_argument("--tournament", action="store_true", help="the levels and the example bots' tournament")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once in the tournament")
    args = parser.parse_args()
    if args.tournament:
        tournament(args.rounds, args.concurrency)
    else:
        speed(args.rounds)


if __name__ == "__main__":
    main()
