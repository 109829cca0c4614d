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
    python bench/arena.py --model                 # the 16-core model again, on the saved games' times
    python bench/arena.py --starts [--earlier DIR]  # a bot process's start (and an earlier tree's), then the model
    python bench/arena.py --tournament [--rounds N]
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(1, str(ROOT))  # for tasks

from _sections import write_section  # noqa: E402

from asalto_core.arena import KEPT, Job, Limits, Waiting, batches, command, report, run, schedule  # noqa: E402
from tasks import children_cpu  # noqa: E402 - CPU seconds of the finished children: the pool's, the bots'

BOTS = ["examples:greedy", "examples:random", "level:beginner@200", "level:beginner@100"]
FIELD = ["level:beginner", "level:casual", "level:strong", "examples:random", "examples:greedy", "examples:alphabeta"]
RESULTS = ROOT / "bench" / "results" / "arena.md"
TITLE = "The arena"
GAMES = ROOT / "bench" / "results" / "arena-tournament.jsonl"  # the tournament's games: run again, it reports them
CORES = 16  # the machine of issue 53, modelled
TIMES = ROOT / "bench" / "results" / "arena-games.json"  # the games' times at concurrency 1, for the model


def speed_jobs(rounds: int) -> list[Job]:
    return schedule(BOTS, "course", rounds, False, Limits(move_seconds=5), opening_plies=2, seed=9, max_plies=200)


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


STARTS = 8  # starts of each bot timed, for each way a bot's process is started


def start_cpu(ways: list[tuple[str, dict[str, str]]]) -> list[dict[str, float]]:
    """For each way of starting a bot (a Python and its environment), each bot's CPU seconds to start
    its process and answer the handshake (Python, asalto_core and the bot loaded), the median of
    :data:`STARTS`, the ways taken in turns (the machine's load drifts): the command the arena
    runs, outside the sandbox, whose own processes the count would miss."""
    each: dict[tuple[int, str], list[float]] = {}
    for _ in range(STARTS):
        for way, (python, env) in enumerate(ways):
            for bot in BOTS:
                before = children_cpu()
                subprocess.run([python, *command(bot)[1:]], input=b"asalto\nquit\n", capture_output=True,
                               check=True, env=env)  # fmt: skip
                each.setdefault((way, bot), []).append(children_cpu() - before)
    return [{bot: sorted(each[way, bot])[STARTS // 2] for bot in BOTS} for way in range(len(ways))]


def keeper_cpu(trees: list[Path]) -> list[float]:
    """For each tree, the CPU seconds of the sandbox's keeper (the Python beside each bot where
    bubblewrap is not there) around a program that does nothing, the median of :data:`STARTS`."""
    each: dict[Path, list[float]] = {}
    for _ in range(STARTS):
        for tree in trees:
            with tempfile.TemporaryDirectory() as folder:
                plan = {"uid": None, "memory_mb": 256, "network": False, "reach": [], "folder": folder}
                keeper = tree / "pkg" / "asalto_core" / "sandbox.py"
                before = children_cpu()
                subprocess.run([sys.executable, "-I", "-S", keeper, json.dumps(plan), "true"], check=True)
                each.setdefault(tree, []).append(children_cpu() - before)
    return [sorted(each[tree])[STARTS // 2] for tree in trees]


def modules(python: str, env: dict[str, str], bot: str) -> int:
    """How many of asalto_core's modules the bot's process imports by its handshake."""
    done = subprocess.run([python, "-X", "importtime", *command(bot)[1:]], input=b"asalto\nquit\n",
                          capture_output=True, check=True, env=env)  # fmt: skip
    names = [line.rpartition("|")[2].strip() for line in done.stderr.decode().splitlines()]
    return sum(name.startswith("asalto_core") for name in names)


def installed(tree: Path, folder: Path) -> str:
    """A teacher's install of ``tree``: its wheel built by pip, pip-installed in a fresh virtual
    environment in ``folder`` (its bytecode compiled as pip does); the environment's Python."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    folder.mkdir()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", folder, tree], check=True,
                   env={**env, "PYTHONWARNINGS": "ignore"}, cwd=folder)  # fmt: skip
    (wheel,) = folder.glob("asalto_core-*.whl")
    venv.create(folder / "venv")
    python = str(folder / "venv" / "bin" / "python")
    subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-index", wheel],
                   check=True, env=env, cwd=folder)  # fmt: skip
    return python


def starts(earlier: str = "") -> tuple[float, float]:
    """A bot process's start measured both ways it is met, its section written: as the tests and this
    bench's games start it (the tree's asalto_core on the path, bytecode not kept where the
    environment says PYTHONDONTWRITEBYTECODE) and as a teacher's install does; for this tree, and
    for the tree at ``earlier`` (a folder named for its commit: ``git archive REV | tar -x -C DIR/REV``)
    beside it. This
    tree's means over the bots, both ways."""
    no_bytecode = ", no bytecode kept" if os.environ.get("PYTHONDONTWRITEBYTECODE") else ""
    user_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    trees = [("", ROOT)] + ([(f", before: {Path(earlier).name}", Path(earlier).resolve())] if earlier else [])
    with tempfile.TemporaryDirectory() as scratch:
        rows = []
        for n, (label, tree) in enumerate(trees):
            tests_env = dict(os.environ, PYTHONPATH=str(tree / "pkg"))
            python = installed(tree, Path(scratch) / str(n))
            rows.append((f"as the tests start it (on PYTHONPATH{no_bytecode}){label}", sys.executable, tests_env))
            rows.append((f"as a teacher's install starts it (the wheel in a fresh venv){label}", python, user_env))
        cpus = start_cpu([(python, env) for _, python, env in rows])
        counts = [[modules(python, env, b) for b in BOTS] for _, python, env in rows]
    keepers = keeper_cpu([tree for _, tree in trees])
    lines = [
        "A bot process's start: Python, asalto_core and the bot loaded, the handshake answered; CPU, the median",
        f"of {STARTS} starts of each bot, the rows taken in turns (load {os.getloadavg()[0]:.0f}). In brackets:",
        "asalto_core's modules imported (counted: the machine's load moves the CPU figures by a third).",
        "",
        "| Started | " + " | ".join(BOTS) + " | Mean |",
        "| --- | " + " | ".join("---" for _ in BOTS) + " | --- |",
    ]
    for (name, _, _), cpu, count in zip(rows, cpus, counts, strict=True):
        cells = [f"{cpu[b] * 1000:.0f} ms ({n})" for b, n in zip(BOTS, count, strict=True)]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {sum(cpu.values()) / len(cpu) * 1000:.0f} ms |")
        print(name, {b: round(cpu[b] * 1000) for b in BOTS}, count)
    before = f" ({keepers[1] * 1000:.0f} ms{trees[1][0]})" if earlier else ""
    lines += [
        "",
        "Without bubblewrap each start also runs the sandbox's keeper, a Python of its own beside the bot:",
        f"{keepers[0] * 1000:.0f} ms{before}, the median of as many.",
    ]
    print("keeper", [round(k * 1000) for k in keepers])
    write_section(RESULTS, TITLE, "Starts", lines)
    tests, user = (sum(cpu.values()) / len(cpu) for cpu in cpus[:2])
    return tests, user


def model(durations: dict[int, float], tasks: list[list[Job]], start: float, order: str) -> tuple[float, int]:
    """The wall time and process starts of ``tasks`` on :data:`CORES` slots, each game taking its
    measured time, each slot keeping :data:`KEPT` bots and paying ``start`` for each it starts; the
    next task to the first slot free: in the list's order (``"schedule"``), as the arena orders them
    (``"learned"``, :class:`~asalto_core.arena.Waiting`: the pairs whose games ended so far took
    longest first, before), that order among the tasks whose bots the slot holds (``"kept"``, now:
    :meth:`~asalto_core.arena.Waiting.for_slot`), or the longest
    first by the times themselves (``"known"``: what no arena can know before a game is played,
    the bound of any order)."""
    free = [(0.0, slot) for slot in range(CORES)]
    kept: dict[int, list[str]] = {slot: [] for slot in range(CORES)}
    waiting = Waiting(tasks, [])
    queue = sorted(tasks, key=lambda task: sum(durations[j.id] for j in task)) if order == "known" else tasks[::-1]
    ends: list[tuple[float, int, Job]] = []  # each game's end, to tell the order when it is known
    starts, end = 0, 0.0
    while waiting if order in ("learned", "kept") else queue:
        at, slot = heapq.heappop(free)
        while ends and ends[0][0] <= at:
            job = heapq.heappop(ends)[2]
            waiting.took({"officers": job.officers, "rebels": job.rebels, "wall_seconds": durations[job.id]})
        task = waiting.longest() if order == "learned" else waiting.for_slot(kept[slot]) if order == "kept" else None
        for job in task or queue.pop():
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


def shuffled(durations: dict[int, float], jobs: list[Job], rng: random.Random) -> dict[int, float]:
    """The games' times dealt again among the games of each pair and colours: another run of the same
    round robin, as far as an order learned from pairs can tell (one run's luck apart)."""
    groups: dict[tuple[str, str], list[int]] = {}
    for job in jobs:
        groups.setdefault((job.officers, job.rebels), []).append(job.id)
    out = {}
    for ids in groups.values():
        times = [durations[i] for i in ids]
        rng.shuffle(times)
        out.update(zip(ids, times, strict=True))
    return out


ORDERS = [
    ("a game a task, in the schedule's order", [1], "schedule"),
    ("`arena.batches`, in the schedule's order", [CORES], "schedule"),
    ("`arena.batches`, the pairs that took longest first (before)", [CORES], "learned"),
    ("the same among the tasks needing the fewest of a slot's bots started (now)", [CORES], "kept"),
    ("every game's time known before it is played, the longest first (no arena can)", [CORES], "known"),
]
SHUFFLES = 200  # deals of the games' times within their pairs, for each order's average


def on_many_cores(serial: dict[int, float], jobs: list[Job], start: float, tests_start: float) -> None:
    """The model's section: each order's speed-up at :data:`CORES` slots on the games' times measured
    at concurrency 1 (and averaged over :data:`SHUFFLES` deals of them), with and without the starts
    (``start``: a teacher's install's; ``tests_start``: as the tests start a bot, said beside)."""
    total = sum(serial.values()) + len(BOTS) * start
    rng = random.Random(53)
    deals = [serial] + [shuffled(serial, jobs, rng) for _ in range(SHUFFLES)]
    rows = []
    for name, (slots,), order in ORDERS:
        tasks = [[j] for j in jobs] if slots == 1 else batches(jobs, slots)
        runs = [(model(d, tasks, start, order), model(d, tasks, 0.0, order)[0]) for d in deals]
        rows.append((name, runs))
        (end, starts), idle = runs[0]
        print(f"{CORES} cores, {name}: {total / end:.1f}x ({starts} starts; {total / idle:.1f}x were starts free)")
    longest = max(serial.values())
    lines = [
        f"The {len(jobs)} games' times at concurrency 1 of a Speed run (from {min(serial.values()):.2f} s",
        f"to {longest:.2f} s, {total:.0f} s in all with {len(BOTS)} starts), each task given to the first of {CORES}",
        f"slots free, each slot keeping its bots and paying {start * 1000:.0f} ms for each bot it starts (installed:",
        "the Starts section). The times",
        "are in `arena-games.json`: `python bench/arena.py --model` replays them. The average: over the measured",
        f"times and {SHUFFLES} deals of them within each pair and colours (the same round robin, another run's luck).",
        "",
        "| Order | Speed-up | Bot processes started | Speed-up if starts cost nothing | Averaged (if starts free) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for name, runs in rows:
        (end, starts), idle = runs[0]
        mean = sum(total / e for (e, _), _ in runs) / len(runs)
        free = sum(total / i for _, i in runs) / len(runs)
        lines.append(f"| {name} | {total / end:.1f}x | {starts} | {total / idle:.1f}x | {mean:.1f}x ({free:.1f}x) |")

    def mean(runs: list[tuple[tuple[float, int], float]], of: Callable[[float, int, float], float]) -> float:
        return sum(of(end, starts, idle) for (end, starts), idle in runs) / len(runs)

    schedule, learned, kept, known = (runs for _, runs in rows[1:])
    speed_up = lambda end, starts, idle: total / end  # noqa: E731
    lines += [
        "",
        f"Where the time at {CORES} goes, in the arena's order (averaged): of the {CORES}x a perfect split would give,",
        f"{CORES - mean(kept, lambda e, s, i: total / i):.1f}x is the tail and "
        f"{mean(kept, lambda e, s, i: total / i - total / e):.1f}x the bots' starts "
        f"(about {mean(kept, lambda e, s, i: s):.0f} of them, {start * 1000:.0f} ms of CPU each: each slot starts",
        f"each bot it meets once and keeps it; at concurrency 1, {len(BOTS)} start).",
        f"The tail: {len(jobs)} games are {len(jobs) / CORES:.1f} a slot, and the longest game alone is "
        f"{longest / total * CORES * 100:.0f}% of a slot's fair share.",
        "A game's time varies within its pair and colours (the opening, the bots' choices) more than between",
        f"pairs: the pairs' times learned give {mean(learned, speed_up) - mean(schedule, speed_up):.1f}x over the "
        "schedule's order, a slot kept on its bots",
        f"{mean(kept, speed_up) - mean(learned, speed_up):.1f}x more, and knowing every game's time beforehand "
        f"would give {mean(known, speed_up):.1f}x.",
        "Starting the next game's bots while a slot's game ends would hide no CPU: in the model every game",
        "keeps a core busy until the tail, and in the tail no game is left to start.",
        f"With a start as the tests meet it ({tests_start * 1000:.0f} ms: asalto_core on the path, no bytecode kept)",
        f"the arena's order gives {as_tested(serial, deals, jobs, tests_start):.1f}x averaged.",
    ]
    write_section(RESULTS, TITLE, f"On {CORES} cores (a model)", lines)


def as_tested(serial: dict[int, float], deals: list[dict[int, float]], jobs: list[Job], start: float) -> float:
    """The arena's order's speed-up averaged over ``deals``, each bot's start costing ``start``."""
    total = sum(serial.values()) + len(BOTS) * start
    tasks = batches(jobs, CORES)
    return sum(total / model(d, tasks, start, "kept")[0] for d in deals) / len(deals)


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
    tests_start, start = starts()
    for name, f in rows:
        print(
            f"{name}: {f['games']} games, {f['plies']} plies, {f['per_minute']:.1f} games/min; per move: bots "
            f"{f['bot_ms']:.1f} ms, the arena's own CPU {f['arena_cpu_ms']:.2f} ms; {f['starts']} started"
        )
    print(f"Dask's local cluster started in {cluster_start:.1f} s; a bot process's start: {start * 1000:.0f} ms CPU")
    serial = rows[0][1]["durations"]
    save_times(serial, tests_start, start)
    lines = [
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
        f"of CPU installed, {tests_start * 1000:.0f} ms as the tests start it (Starts). Dask's local cluster",
        f"of {cores} workers took {cluster_start:.1f} s to start, outside its rows;",
        "the pool and Dask were run in turns, twice, the same cluster kept.",
    ]
    write_section(RESULTS, TITLE, "Speed", lines)
    on_many_cores(serial, jobs, start, tests_start)


def save_times(serial: dict[int, float], tests_start: float, start: float) -> None:
    """The games' times at concurrency 1 and a start's CPU both ways, for ``--model``."""
    saved = {"start_cpu_seconds": start, "tests_start_cpu_seconds": tests_start,
             "seconds": {str(k): v for k, v in sorted(serial.items())}}  # fmt: skip
    TIMES.write_text(json.dumps(saved, indent=0) + "\n")


def tournament(rounds: int, concurrency: int) -> None:
    """The levels and the example bots in one round robin on the course's rules."""
    jobs = schedule(FIELD, "course", rounds, False, Limits(move_seconds=4), opening_plies=2, seed=40, max_plies=400)
    results, _ = run(jobs, FIELD, results_path=str(GAMES), concurrency=concurrency, progress=True)
    minutes = sum(g["wall_seconds"] for g in results) / 60
    text = report(results, FIELD)
    print(text)
    write_section(
        RESULTS,
        TITLE,
        "Tournament",
        [
            "The levels and the example bots.",
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
    parser.add_argument("--model", action="store_true", help="the 16-core model again on the games' saved times")
    parser.add_argument("--starts", action="store_true", help="a bot process's start measured again, then the model")
    parser.add_argument("--earlier", default="", help="with --starts: an earlier tree's folder, its starts beside")
    args = parser.parse_args()
    if args.model or args.starts:
        saved = json.loads(TIMES.read_text())
        serial = {int(k): v for k, v in saved["seconds"].items()}
        if args.starts:
            save_times(serial, *starts(args.earlier))
            saved = json.loads(TIMES.read_text())
        tests_start = saved.get("tests_start_cpu_seconds", saved["start_cpu_seconds"])
        on_many_cores(serial, speed_jobs(args.rounds), saved["start_cpu_seconds"], tests_start)
    elif args.tournament:
        tournament(args.rounds, args.concurrency)
    else:
        speed(args.rounds)


if __name__ == "__main__":
    main()
