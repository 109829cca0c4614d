#!/usr/bin/env python3
"""The engine and docs suite's CPU, per file: written to bench/results/engine-suite.{json,md}.

Runs the suite as ``tasks.py test`` runs it (``tasks.test_steps``, two pytest workers), or the
pytest arguments given after ``--``, with this file as a pytest plugin that counts each test's CPU
seconds: its worker's and those of the processes it started and waited for (node's MicroPython,
Pyodide, a bench, a bot). The CPU hardly changes with the machine's load, the wall time does: the
two suites of the test command share the cores, so a CPU second this suite saves is one the browser
suite gets back. A module's shared fixture counts in its first test, a worker's start and
collection in no test (the row "outside the tests"). Every label run stays beside the others.

    .venv/bin/python bench/engine_suite.py --label before
    .venv/bin/python bench/engine_suite.py --label try -- -n 2 tests/test_micropython.py
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Generator
from pathlib import Path

import pytest
from _tables import header, keep  # bench/ is on the path: each bench runs as a script
from _tables import rows as table_rows

ROOT = Path(__file__).resolve().parent.parent
FOLDER_VAR = "ASALTO_SUITE_CPU"  # where each pytest worker writes its tests' CPU seconds
FILES = 25  # files listed, the heaviest first
TESTS = 20  # tests listed, the heaviest first


def cpu_seconds(who: int) -> float:
    """User and system CPU seconds of ``who`` (resource.RUSAGE_SELF or RUSAGE_CHILDREN)."""
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    """A test's CPU, its fixtures' and its processes', as one JSON line in ASALTO_SUITE_CPU's folder."""
    folder = os.environ.get(FOLDER_VAR)
    before = (cpu_seconds(resource.RUSAGE_SELF), cpu_seconds(resource.RUSAGE_CHILDREN))
    yield
    if folder:
        own = cpu_seconds(resource.RUSAGE_SELF) - before[0]
        children = cpu_seconds(resource.RUSAGE_CHILDREN) - before[1]
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        line = {"test": item.nodeid, "own": round(own, 3), "children": round(children, 3), "worker": worker}
        with open(Path(folder) / f"{worker}.jsonl", "a") as out:
            out.write(json.dumps(line) + "\n")


def run_suite(argv: list[str], folder: Path) -> tuple[float, float, int, str]:
    """The suite run with this file as a plugin: its wall and CPU seconds, exit code, closing line."""
    env = {**os.environ, FOLDER_VAR: str(folder)}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT / "bench"), env.get("PYTHONPATH", "")]))
    began, cpu = time.monotonic(), cpu_seconds(resource.RUSAGE_CHILDREN)
    done = subprocess.run([*argv, "-p", "engine_suite"], cwd=ROOT, env=env, capture_output=True, text=True)
    wall, used = time.monotonic() - began, cpu_seconds(resource.RUSAGE_CHILDREN) - cpu
    lines = done.stdout.strip().splitlines()
    return wall, used, done.returncode, lines[-1] if lines else done.stderr[-500:]


def summary(folder: Path, wall: float, cpu: float, code: int, closing: str) -> dict:
    """Every test's CPU (one JSON line each) added up per file and in all."""
    tests = [json.loads(line) for path in sorted(folder.glob("*.jsonl")) for line in path.read_text().splitlines()]
    files: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for t in tests:
        counted = files[t["test"].split("::")[0]]
        counted["tests"] += 1
        counted["cpu"] += t["own"] + t["children"]
        counted["children"] += t["children"]
    in_tests = sum(f["cpu"] for f in files.values())
    heaviest = sorted(files.items(), key=lambda f: -f[1]["cpu"])
    by_cpu = sorted(tests, key=lambda t: -(t["own"] + t["children"]))
    return {
        "tests": len(tests),
        "closing": closing,
        "exit": code,
        "wall_s": round(wall, 1),
        "cpu_s": round(cpu, 1),
        "in_tests_s": round(in_tests, 1),
        "load": round(os.getloadavg()[0], 1),
        "time_factor": os.environ.get("ASALTO_TIME_FACTOR", "") or "1 (unset)",
        "files": {f: {k: round(v, 1) for k, v in c.items()} for f, c in heaviest},
        "heaviest_tests": [[t["test"], round(t["own"] + t["children"], 1)] for t in by_cpu[:TESTS]],
    }


def markdown(runs: dict) -> str:
    labels = list(runs)
    out = [
        "# The engine and docs suite's CPU",
        "",
        "Written by `bench/engine_suite.py`: CPU seconds (user and system) of the suite's pytest workers",
        "and of every process they started (node's MicroPython and Pyodide, benches, bots), per test",
        "file. CPU is the figure: the wall time on the shared 2-core machine (another engineer's tests",
        "and a stress loop beside it) is shown with the load when the run ended, and is noise.",
        "",
        *header(labels),
    ]
    rows = [
        ("tests", lambda r: r["tests"]),
        ("pytest's closing line", lambda r: r["closing"]),
        ("CPU, the whole suite (s)", lambda r: f"{r['cpu_s']:.0f}"),
        ("CPU in the tests (s)", lambda r: f"{r['in_tests_s']:.0f}"),
        ("CPU outside the tests: starts, collection (s)", lambda r: f"{r['cpu_s'] - r['in_tests_s']:.0f}"),
        ("wall (s)", lambda r: f"{r['wall_s']:.0f}"),
        ("load at the end", lambda r: r["load"]),
        ("ASALTO_TIME_FACTOR", lambda r: r.get("time_factor", "")),
    ]
    out += table_rows(runs, rows)
    heaviest = list(runs[labels[-1]]["files"])[:FILES]
    heaviest += [f for k in labels for f in list(runs[k]["files"])[:FILES] if f not in heaviest]  # fell out since
    out += ["", f"CPU seconds per file, the {FILES} heaviest of each run (in brackets: in processes started):"]
    out += ["", *header(labels, "file")]
    for f in heaviest:
        cells = []
        for k in labels:
            c = runs[k]["files"].get(f)
            cells.append(f"{c['cpu']:.1f} ({c['children']:.1f})" if c else "")
        out.append(f"| {f} | " + " | ".join(cells) + " |")
    for k in labels:
        if runs[k].get("note"):
            out += ["", f"**{k}**: {runs[k]['note']}"]
    for k in labels:
        out += ["", f"## {k}: the {TESTS} heaviest tests (CPU s; a module's shared fixture in its first test)", ""]
        out += [f"- {cpu:.1f} `{test}`" for test, cpu in runs[k].get("heaviest_tests", [])]
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", default="now", help="the name of this run in the results")
    parser.add_argument("--note", default="", help="how the run was made, printed under the tables")
    parser.add_argument("pytest", nargs="*", help="pytest's arguments (after --) instead of the test command's")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import tasks  # the test command's own steps, imported only to run (--help stays light)

    argv = [str(c) for c in tasks.test_steps()["engine and docs tests"]]
    argv[argv.index("auto")] = "2"  # the test command's choice on 2 cores, whatever this machine has
    if args.pytest:
        argv = [str(tasks.PY), "-m", "pytest", "-q", *args.pytest]
    with tempfile.TemporaryDirectory() as tmp:
        run = summary(Path(tmp), *run_suite([*argv, "-p", "no:cacheprovider"], Path(tmp)))
    run.update(command=" ".join(argv[1:]), note=args.note)
    keep("engine-suite", args.label, run, markdown)


if __name__ == "__main__":
    main()
