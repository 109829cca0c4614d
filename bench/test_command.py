#!/usr/bin/env python3
"""Where the time of ``python3 tasks.py test`` goes; written to bench/results/test-command.{json,md}.

Runs each check of the test command (``tasks.test_steps``) on the built site, the two pytest
suites side by side as the command runs them (``--serial``: one after the other) with a JUnit XML
report, and keeps per label: each step's wall time and CPU seconds (user and system of its
processes: what a busy machine hardly changes), each suite's slowest tests and its time per
test file. ``--xml engine.xml [browser.xml]`` reads reports made
before (``pytest --junitxml``) instead of running the suites, e.g. of an older commit. Every label
run stays in the results beside the others, with the machine's load when it was measured.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

from _tables import header, keep  # bench/ is on the path: each bench runs as a script

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402 - after the path is set

SUITES = ("engine and docs tests", "browser tests")
SLOWEST = 15  # tests listed per suite
FILES = 12  # test files listed per suite


def read_report(path: Path) -> dict:
    """A JUnit XML report as the suite's wall time, test count, and seconds per test and per file."""
    suite = ET.parse(path).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    tests: dict[str, float] = {}
    files: dict[str, float] = defaultdict(float)
    for case in suite.iter("testcase"):
        module, seconds = case.get("classname", ""), float(case.get("time", 0))
        tests[f"{module}::{case.get('name', '')}"] = seconds
        files[module] += seconds
    slowest = sorted(tests.items(), key=lambda t: -t[1])[:SLOWEST]
    return {
        "wall_s": round(float(suite.get("time", 0)), 1),
        "tests": len(tests),
        "failed": int(suite.get("failures", 0)) + int(suite.get("errors", 0)),
        "sum_s": round(sum(tests.values()), 1),
        "slowest": [[n, round(s, 2)] for n, s in slowest],
        "files": [[f, round(s, 1)] for f, s in sorted(files.items(), key=lambda t: -t[1])[:FILES]],
    }


def run_steps(folder: Path, lock: str | None, serial: bool = False) -> dict:
    """Each step of the test command timed (a suite by its own report); the suites' reports read.
    The two suites run side by side as ``tasks.py test`` runs them (``serial``: one after the other).
    With ``lock``, the browser tests wait for that file's lock (``flock``), as on a shared machine."""
    steps, reports, together, cpu = {}, {}, {}, {}
    env = tasks.suites_env()
    for name, command in tasks.test_steps().items():
        argv = [str(c) for c in command]
        if name in SUITES:
            argv += [f"--junitxml={folder / (name.split()[0] + '.xml')}", "-p", "no:cacheprovider"]
            if lock and name == "browser tests":
                argv = ["flock", lock, *argv]
            if not serial:
                together[name] = argv
                continue
        began, used = time.monotonic(), tasks.children_cpu()
        done = subprocess.run(argv, cwd=ROOT, check=False, env=env)
        steps[name] = round(time.monotonic() - began, 1)
        cpu[name] = round(tasks.children_cpu() - used, 1)
        if done.returncode:
            print(f"{name} failed (exit {done.returncode})", flush=True)
    if together:
        began, used = time.monotonic(), tasks.children_cpu()
        seconds, _ = tasks.side_by_side(together, env, cpu)
        steps.update({name: round(s, 1) for name, s in seconds.items()})
        steps["both suites, side by side"] = round(time.monotonic() - began, 1)
        cpu["both suites, side by side"] = round(tasks.children_cpu() - used, 1)
    for name in SUITES:
        reports[name] = read_report(folder / (name.split()[0] + ".xml"))
        if serial:
            steps[name] = reports[name]["wall_s"]
    return {"steps": steps, "cpu": {name: round(c, 1) for name, c in cpu.items()}, "suites": reports}


def markdown(runs: dict) -> str:
    labels = list(runs)
    out = [
        "# The test command's time (`python3 tasks.py test`)",
        "",
        "Written by `bench/test_command.py`. Wall seconds on the shared 2-core machine; the load is",
        "the 1-minute load average when the run began (other engineers' jobs: figures move with it).",
        "",
        *header(labels),
        "| load | " + " | ".join(str(runs[k].get("load", "")) for k in labels) + " |",
    ]
    names = list(dict.fromkeys(n for k in labels for n in runs[k]["steps"]))
    for name in names:
        cells = []
        for k in labels:
            seconds = runs[k]["steps"].get(name)
            cells.append("" if seconds is None else f"{seconds:.0f}")
        out.append(f"| {name} (s) | " + " | ".join(cells) + " |")
    for name in dict.fromkeys(n for k in labels for n in runs[k].get("cpu", {})):
        cells = [f"{runs[k]['cpu'][name]:.0f}" if name in runs[k].get("cpu", {}) else "" for k in labels]
        out.append(f"| {name}, CPU (s) | " + " | ".join(cells) + " |")
    for suite in SUITES:
        out.append(
            f"| {suite}: tests / failed | "
            + " | ".join(f"{r['tests']} / {r['failed']}" if (r := runs[k]["suites"].get(suite)) else "" for k in labels)
            + " |"
        )
        out.append(
            f"| {suite}: sum of test times (s) | "
            + " | ".join(f"{r['sum_s']:.0f}" if (r := runs[k]["suites"].get(suite)) else "" for k in labels)
            + " |"
        )
    for k in labels:
        if runs[k].get("note"):
            out += ["", f"**{k}**: {runs[k]['note']}"]
        for suite, report in runs[k]["suites"].items():
            out += ["", f"## {k}: {suite}, the {SLOWEST} slowest tests", "", "| s | test |", "|---:|---|"]
            out += [f"| {s:.1f} | `{n}` |" for n, s in report["slowest"]]
            heaviest = ", ".join(f"{f} {s:.0f}" for f, s in report["files"])
            out += ["", f"Seconds per file (the {FILES} heaviest): {heaviest}"]
    return "\n".join(out) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", default="now", help="the name of this run in the results")
    parser.add_argument("--xml", nargs="+", type=Path, metavar="REPORT", help="reports made before, in SUITES order")
    parser.add_argument("--note", default="", help="how the run was made, printed under the table")
    parser.add_argument("--load", default="", help="the load when the reports of --xml were made")
    parser.add_argument("--lock", help="a lock file the browser tests wait for (flock), on a shared machine")
    parser.add_argument("--serial", action="store_true", help="the two suites one after the other, not side by side")
    args = parser.parse_args()
    load = args.load if args.xml else round(os.getloadavg()[0], 1)
    if args.xml:
        suites = {name: read_report(path) for name, path in zip(SUITES, args.xml, strict=False)}
        run = {"steps": {name: r["wall_s"] for name, r in suites.items()}, "suites": suites}
    else:
        tasks.build()
        tasks.ensure_browser()
        with tempfile.TemporaryDirectory() as tmp:
            run = run_steps(Path(tmp), args.lock, args.serial)
    run.update(load=load, note=args.note)
    keep("test-command", args.label, run, markdown)


if __name__ == "__main__":
    main()
