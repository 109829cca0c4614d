#!/usr/bin/env python3
"""What the browser suite does, counted: written to bench/results/test-time.{json,md}.

Runs the browser tests as ``tasks.py test`` runs them (``tasks.test_steps``), or the pytest
arguments given after ``--``, with ASALTO_E2E_COUNTS (e2e/counts.py): per test the browser
launches, contexts, pages, documents loaded (each starts MicroPython), workers started and fixed
pauses; and the CPU time of every process the suite started. The counts are the same on a busy
machine as on a quiet one; the seconds are not (kept for shares: which files weigh most, how evenly
the pytest workers were loaded, how much of two cores the suite keeps busy).
Every label run stays in the results beside the others.

    .venv/bin/python bench/test_time.py --label before
    .venv/bin/python bench/test_time.py --label try -- -n 2 e2e/test_lab.py
    .venv/bin/python bench/test_time.py --label stopped --counts FOLDER   (ASALTO_E2E_COUNTS's folder)
"""

from __future__ import annotations

import argparse
import heapq
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from _tables import header, keep  # bench/ is on the path: each bench runs as a script
from _tables import rows as table_rows

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "e2e"))

import tasks  # noqa: E402 - after the path is set

KINDS = ("launches", "contexts", "pages", "documents", "workers", "pyodide", "pause_ms", "cpu_s")
NAMES = {
    "launches": "browser launches",
    "contexts": "browser contexts",
    "pages": "pages",
    "documents": "documents loaded (MicroPython starts)",
    "workers": "Web Workers started",
    "pyodide": "of them Pyodide (its wasm fetched)",
    "pause_ms": "fixed pauses (ms)",
    "cpu_s": "CPU of the tests' processes (s)",
}
FILES = 12  # files listed per run, the heaviest first
SCHEDULES = [  # (name, workers, a file a unit)
    ("a file a unit, 2 workers", 2, True),
    ("a test a unit, 2 workers", 2, False),
    ("a test a unit, 3 workers", 3, False),
    ("a test a unit, 4 workers", 4, False),
]


def run_suite(argv: list[str], folder: Path) -> tuple[float, float, int]:
    """The suite run with its counts written into ``folder``: its wall and CPU seconds, its exit code."""
    env = {**tasks.suites_env(), "ASALTO_E2E_COUNTS": str(folder)}
    began, cpu = time.monotonic(), tasks.children_cpu()  # the workers, their browsers, servers
    done = subprocess.run(argv, cwd=ROOT, env=env, check=False)
    return time.monotonic() - began, tasks.children_cpu() - cpu, done.returncode


def makespan(tests: list[list], workers: int, by_file: bool) -> float:
    """The suite's time on ``workers`` workers, simulated from each test's seconds ([nodeid, seconds]
    in collection order) as pytest-xdist hands out units: ``by_file`` a file a unit (--dist
    loadfile), else a test a unit (--dist loadgroup with no groups); the units with the most tests
    first, each to the worker free first. A test is taken to last as long whatever runs beside it,
    which holds for its waits on the page, not for its share of the cores."""
    units: dict[str, list[float]] = {}
    for nodeid, seconds in tests:
        units.setdefault(nodeid.split("::")[0] if by_file else nodeid, []).append(seconds)
    free = [0.0] * workers
    for unit in sorted(units.values(), key=len, reverse=True):
        heapq.heapreplace(free, free[0] + sum(unit))
    return max(free)


def summary(folder: Path, wall: float, cpu: float, code: int) -> dict:
    """The counts of every test (one JSON line each) added up: in all, per file, per pytest worker."""
    lines = [json.loads(line) for path in sorted(folder.glob("*.jsonl")) for line in path.read_text().splitlines()]
    totals = {kind: round(sum(t.get(kind, 0) for t in lines), 1) for kind in KINDS}
    files: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    workers: dict[str, float] = defaultdict(float)
    for t in lines:
        counted = files[t["test"].split("::")[0]]
        counted["tests"] += 1
        counted["seconds"] += t["seconds"]
        for kind in KINDS:
            counted[kind] += t.get(kind, 0)
        workers[t["worker"]] += t["seconds"]
    heaviest = sorted(files.items(), key=lambda f: -f[1]["seconds"])
    return {
        "tests": len(lines),
        "failed": sorted(t["test"] for t in lines if t.get("failed")),
        "exit": code,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "load": round(os.getloadavg()[0], 1),
        "totals": totals,
        "workers_s": {w: round(s, 1) for w, s in sorted(workers.items())},
        "files": {f: {k: round(v, 1) for k, v in c.items()} for f, c in heaviest},
        "tests_s": [[t["test"], t["seconds"]] for t in sorted(lines, key=lambda t: t["test"])],
    }


def markdown(runs: dict) -> str:
    labels = list(runs)
    out = [
        "# What the browser suite does, counted",
        "",
        "Written by `bench/test_time.py` (e2e/counts.py counts each test). A document is a page of the",
        "site or a frame in it, loaded: each one starts MicroPython; a worker is a Web Worker started",
        "(MicroPython for the light AI and the review, Pyodide for the strong AI). Seconds are wall",
        "time on the shared 2-core machine at the load shown (when the run ended): shares, not figures.",
        "",
        *header(labels),
    ]
    rows = [
        ("tests", lambda r: r["tests"]),
        ("failed", lambda r: len(r.get("failed", []))),
        ("exit code", lambda r: r["exit"]),
    ]
    rows += [(NAMES[kind], lambda r, k=kind: r["totals"].get(k, "")) for kind in KINDS]
    rows += [
        ("wall (s)", lambda r: f"{r['wall_s']:.0f}" if r["wall_s"] else ""),
        ("CPU, every process (s)", lambda r: f"{r['cpu_s']:.0f}" if r["wall_s"] else ""),
        ("CPU over wall, in cores", lambda r: f"{r['cpu_s'] / r['wall_s']:.2f}" if r["wall_s"] else ""),
        ("load at the end", lambda r: r["load"]),
        ("per worker, sum of its tests (s)", lambda r: " / ".join(f"{s:.0f}" for s in r["workers_s"].values())),
    ]
    out += table_rows(runs, rows)
    out += ["", "Simulated from each run's seconds per test (`makespan`: a test as long whatever runs beside it):", ""]
    out += header(labels)
    for name, workers, by_file in SCHEDULES:
        simulated = [makespan(runs[k]["tests_s"], workers, by_file) if "tests_s" in runs[k] else None for k in labels]
        cells = ["" if s is None else f"{s:.0f}" for s in simulated]
        out.append(f"| {name} (s) | " + " | ".join(cells) + " |")
    for k in labels:
        if runs[k].get("note"):
            out += ["", f"**{k}**: {runs[k]['note']}"]
        if runs[k].get("failed"):
            out += ["", f"Failed in {k}: " + ", ".join(f"`{t}`" for t in runs[k]["failed"])]
        out += ["", f"## {k}: the {FILES} heaviest files", ""]
        out += ["| file | tests | s | " + " | ".join(KINDS) + " |", "|---|" + "---:|" * (2 + len(KINDS))]
        for f, c in list(runs[k]["files"].items())[:FILES]:
            cells = " | ".join(f"{c.get(kind, 0):.0f}" for kind in KINDS)
            out.append(f"| {f} | {c['tests']:.0f} | {c['seconds']:.0f} | {cells} |")
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", default="now", help="the name of this run in the results")
    parser.add_argument("--note", default="", help="how the run was made, printed under the table")
    parser.add_argument(
        "--counts", type=Path, help="summarize the count files of a run made before (one stopped early, say)"
    )
    parser.add_argument("pytest", nargs="*", help="pytest's arguments (after --) instead of the test command's")
    args = parser.parse_args()
    argv = [str(c) for c in tasks.test_steps()["browser tests"]]
    if args.pytest:
        argv = [str(tasks.PY), "-m", "pytest", "-q", *args.pytest]
    if args.counts:
        run = summary(args.counts, 0.0, 0.0, -1)  # its time, CPU, exit and load unknown
        run.update(load="")
    else:
        with tempfile.TemporaryDirectory() as tmp:
            wall, cpu, code = run_suite([*argv, "-p", "no:cacheprovider"], Path(tmp))
            run = summary(Path(tmp), wall, cpu, code)
        run.update(command=" ".join(argv[1:]))
    run.update(note=args.note)
    keep("test-time", args.label, run, markdown)


if __name__ == "__main__":
    main()
