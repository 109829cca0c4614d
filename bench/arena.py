"""The arena's speed: games per minute in the arena's own pool at concurrency 1 and on every core,
and on a Dask cluster of as many worker processes beside it; the arena's own work per move and per
game, counted (its CPU seconds, the bot processes it started), apart from the bots' thinking; and
what that implies on 16 cores (a model: the games' measured times scheduled as the pool schedules
them). And a tournament of the engine's levels and the three example bots of docs/bots.md, its
ranking with Elo and its crosstable. Each prints its table and writes its section of
bench/results/arena.md (the other sections are kept).

The speed's bots are quick on purpose (the greedy and random examples, and the beginner level held
to node budgets): a round robin of four light bots, 72 games, the shape of the tournament measured
on a 16-core machine in issue 53, so that the figures are the arena's: the bots' processes (each
kept from game to game), the protocol's round trip a move, and checking each move on its own board.

    python bench/arena.py [--rounds N]            # the speed
    python bench/arena.py --tournament [--rounds N]
"""

from __future__ import annotations

import argparse
import heapq
import os
import platform
import re
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core.arena import KEPT, Job, Limits, Waiting, batches, command, report, run, schedule  # noqa: E402

BOTS = ["examples:greedy", "examples:random", "level:beginner@200", "level:beginner@100"]
FIELD = ["level:beginner", "level:casual", "level:strong", "examples:random", "examples:greedy", "examples:alphabeta"]
RESULTS = ROOT / "bench" / "results" / "arena.md"
GAMES = ROOT / "bench" / "results" / "arena-tournament.jsonl"  # the tournament's games: run again, it reports them
CORES = 16  # the machine of issue 53, modelled


def speed_jobs(rounds: int) -> list[Job]:
    return schedule(BOTS, "course", rounds, False, Limits(move_seconds=5), opening_plies=2, seed=9, max_plies=200)


def children_cpu() -> float:
    """CPU seconds of this process's finished children and theirs (the pool's, the bots')."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def measure(jobs: list[Job], concurrency: int, executor: Any = None) -> dict[str, Any]:
    """Play the round robin in the pool of ``concurrency`` processes (or on ``executor``); its figures."""
    began = time.perf_counter()
    results, _ = run(jobs, BOTS, concurrency=concurrency, executor=executor, progress=False)
    wall = time.perf_counter() - began
    plies = sum(len(g["moves"]) for g in results)
    bots = sum(sum(g["bot_seconds"].values()) for g in results)
    return {
        "games": len(results),
        "plies": plies,
        "wall": wall,
        "per_minute": len(results) / wall * 60,
        "bot_ms": bots / plies * 1000,
        "arena_cpu_ms": sum(g["arena_cpu_seconds"] for g in results) / plies * 1000,
        "starts": sum(g["processes_started"] for g in results),
        "durations": {g["id"]: g["wall_seconds"] for g in results},
    }


def start_cpu(times: int = 5) -> float:
    """CPU seconds to start a bot's process and have its handshake (Python and asalto_core loaded):
    the command the arena runs, outside the sandbox, whose own processes the count would miss."""
    before = children_cpu()
    for _ in range(times):
        subprocess.run(command("examples:greedy"), input=b"asalto\nquit\n", capture_output=True, check=True,
                       env=dict(os.environ, PYTHONPATH=str(ROOT / "pkg")))  # fmt: skip
    return (children_cpu() - before) / times


def model(durations: dict[int, float], tasks: list[list[Job]], start: float, order: bool) -> tuple[float, int]:
    """The wall time and process starts of ``tasks`` on :data:`CORES` slots, each game taking its
    measured time, each slot keeping :data:`KEPT` bots and paying ``start`` for each it starts; the
    next task to the first slot free, in the list's order or (``order``) as the arena orders them
    (:class:`~asalto_core.arena.Waiting`: the pairs whose games ended so far took longest first)."""
    free = [(0.0, slot) for slot in range(CORES)]
    kept: dict[int, list[str]] = {slot: [] for slot in range(CORES)}
    waiting, queue = Waiting(tasks, []), list(reversed(tasks))
    ends: list[tuple[float, int, Job]] = []  # each game's end, to tell the order when it is known
    starts, end = 0, 0.0
    while queue if not order else waiting:
        at, slot = heapq.heappop(free)
        while ends and ends[0][0] <= at:
            job = heapq.heappop(ends)[2]
            waiting.took({"officers": job.officers, "rebels": job.rebels, "wall_seconds": durations[job.id]})
        for job in waiting.longest() if order else queue.pop():
            for bot in (job.rebels, job.officers):
                if bot in kept[slot]:
                    kept[slot].remove(bot)
                else:
                    starts, at = starts + 1, at + start
                kept[slot] = [*kept[slot], bot][-KEPT:]
            at += durations[job.id]
            heapq.heappush(ends, (at, job.id, job))
        end = max(end, at)
        heapq.heappush(free, (at, slot))
    return end, starts


def write_section(name: str, lines: list[str]) -> None:
    """Replace the section ``name`` of bench/results/arena.md (between its markers), or add it."""
    text = RESULTS.read_text() if RESULTS.exists() else "# The arena\n"
    block = f"<!-- {name} -->\n" + "\n".join(lines).strip() + f"\n<!-- /{name} -->"
    pattern = re.compile(f"<!-- {name} -->.*?<!-- /{name} -->", re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block
    RESULTS.write_text(text.rstrip() + "\n")


def speed(rounds: int) -> None:
    from distributed import Client, LocalCluster

    jobs = speed_jobs(rounds)
    cores = os.cpu_count() or 1
    rows = [(f"pool, concurrency {n}", measure(jobs, n)) for n in sorted({1, 2} - {cores})]
    began = time.perf_counter()
    with LocalCluster(n_workers=cores, threads_per_worker=1, dashboard_address=None) as cluster, Client(cluster) as c:
        cluster_start = time.perf_counter() - began
        for turn in (1, 2):  # taken in turns: the machine's load drifts between runs
            rows.append((f"pool, concurrency {cores} ({turn})", measure(jobs, cores)))
            rows.append((f"Dask, {cores} worker processes ({turn})", measure(jobs, cores, executor=c)))
    start = start_cpu()
    for name, f in rows:
        print(
            f"{name}: {f['games']} games, {f['plies']} plies, {f['per_minute']:.1f} games/min; per move: bots "
            f"{f['bot_ms']:.1f} ms, the arena's own CPU {f['arena_cpu_ms']:.2f} ms; {f['starts']} started"
        )
    print(f"Dask's local cluster started in {cluster_start:.1f} s; a bot process's start: {start * 1000:.0f} ms CPU")
    serial = rows[0][1]["durations"]
    total = sum(serial.values()) + len(BOTS) * start
    modelled = []
    for name, tasks, order in (
        ("a game a task, in the schedule's order (before)", [[j] for j in jobs], False),
        ("`arena.batches`, in the schedule's order", batches(jobs, CORES), False),
        ("`arena.batches`, the pairs that took longest first (now)", batches(jobs, CORES), True),
    ):
        end, starts = model(serial, tasks, start, order)
        idle, _ = model(serial, tasks, 0.0, order)
        modelled.append((name, end, starts, idle))
        print(f"{CORES} cores, {name}: {total / end:.1f}x ({starts} starts; {total / idle:.1f}x were starts free)")
    longest = max(serial.values())
    lines = [
        "## Speed",
        "",
        f"{platform.python_implementation()} {platform.python_version()} on {platform.machine()}, {cores} cores shared "
        f"with other jobs (load {os.getloadavg()[0]:.0f} as it ended); a round robin of {', '.join(BOTS)} on the "
        f"course's rules, {rounds} openings, both colours ({len(jobs)} games).",
        "",
        "| Run | Games/min | Bots' thinking per move | The arena's own CPU per move | Bot processes started |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, f in rows:
        lines.append(f"| {name} | {f['per_minute']:.1f} | {f['bot_ms']:.1f} ms | {f['arena_cpu_ms']:.2f} ms | "
                     f"{f['starts']} ({f['starts'] / f['games']:.2f} a game) |")  # fmt: skip
    lines += [
        "",
        "The arena's own CPU per move: the CPU time of the thread playing the game (sending each position,",
        "reading the answer, checking the move on its own board, the game's record), counted, so the",
        "machine's load hardly moves it, where wall times here move by a factor of two.",
        f"A bot process's start (Python, asalto_core and the bot loaded, the handshake): {start * 1000:.0f} ms",
        f"of CPU. Dask's local cluster of {cores} workers took {cluster_start:.1f} s to start, outside its rows;",
        "the pool and Dask were run in turns, twice, the same cluster kept.",
        "",
        f"### On {CORES} cores (a model)",
        "",
        f"The {len(jobs)} games' times at concurrency 1 above (from {min(serial.values()):.2f} s to {longest:.2f} s,",
        f"{total:.0f} s in all), each task given to the first of {CORES} slots free, each slot keeping its bots:",
        "",
        "| Tasks | Speed-up | Bot processes started | Speed-up if starts cost nothing |",
        "| --- | --- | --- | --- |",
    ]
    for name, end, starts, idle in modelled:
        lines.append(f"| {name} | {total / end:.1f}x | {starts} | {total / idle:.1f}x |")
    lines += [
        "",
        f"Where the rest goes: the tail. {len(jobs)} games on {CORES} slots are {len(jobs) / CORES:.1f} games a slot;",
        f"the longest game alone is {longest / total * CORES * 100:.0f}% of a slot's fair share, and",
        "whichever slot draws it last runs alone at the end. A bot's process starts once in each slot",
        "(each slot plays every pair sooner or later), so a 16-slot run starts about 16 times as many",
        "as a 1-slot run; with the start above that costs the second column's gap to the fourth.",
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
    parser.add_argument("--rounds", type=int, default=6, help="openings (each pair plays each twice)")
    parser.add_argument("--tournament", action="store_true", help="the levels and the example bots' tournament")
    parser.add_argument("--concurrency", type=int, default=2, help="games at once in the tournament")
    args = parser.parse_args()
    if args.tournament:
        tournament(args.rounds, args.concurrency)
    else:
        speed(args.rounds)


if __name__ == "__main__":
    main()
