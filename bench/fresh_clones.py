#!/usr/bin/env python3
"""The test command on fresh clones, run after run; written to bench/results/fresh-clones.{json,md}.

    python bench/fresh_clones.py [--runs N] [--busy N] [--rev REV] [--note TEXT] [--logs DIR]

Each run clones this repository afresh (``git clone``, then REV, by default the branch's head
when the run starts, so a run made after a merge tests the merge) into a temporary directory and
runs ``bash .ci/run`` there, as CI does: the project's own set-up (venv, npm, build) and every
test. Each run's commit, start, wall seconds, the machine's load, each suite's summary line and
the failed tests' names are kept; the results say how many runs in a row ended green (issue 35
asks for ten). A red run's log is kept beside the results for reading, until the next red run;
``--logs DIR`` keeps every run's log there (the suites' slowest tests are in it).

``--busy N`` runs N CPU-bound processes beside each run, from before the clone until it ends (a
contributor's build, browser or other test run: issue 49 asks for ten green runs with 4 on 2
cores); the run keeps N and the load sampled through it (mean and highest), and the time factor
and phase times the test command printed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SUMMARY = re.compile(r"^=* ?(\d+ (passed|failed).*) in [\d.]+s.*$")
FAILED = re.compile(r"^(FAILED|ERROR) (\S+)")
FACTOR = re.compile(r"^ASALTO_TIME_FACTOR=(\S+)")  # tasks.py test's line before the browser tests
PHASE = re.compile(r"^  (.+?) +(\d+) s(?: +(\d+) s CPU)? *$")  # tasks.py test's closing table: seconds, CPU
BUSY = "while True:\n    pass\n"  # one process keeps one core busy
LOAD_EVERY = 15  # seconds between two readings of the load during a run


class Busy:
    """N CPU-bound processes, and the 1-minute load read every LOAD_EVERY seconds, until stopped."""

    def __init__(self, n: int) -> None:
        self.procs = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(n)]
        self.loads = [os.getloadavg()[0]]
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self) -> None:
        while not self.done.wait(LOAD_EVERY):
            self.loads.append(os.getloadavg()[0])

    def stop(self) -> None:
        self.done.set()
        self.thread.join()
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            proc.wait()


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def one_run(rev: str, note: str, busy: int = 0, logs: Path | None = None) -> dict:
    """Clone, run ``.ci/run`` (with ``busy`` CPU-bound processes beside it), and read its log."""
    commit = git("rev-parse", rev)
    workdir = Path(tempfile.mkdtemp(prefix="fresh-clone-"))
    clone = workdir / "asalto"
    log = workdir / "ci.log"
    load = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    begin = time.monotonic()
    beside = Busy(busy)
    try:
        git("clone", "--quiet", str(ROOT), str(clone))
        git("checkout", "--quiet", commit, cwd=clone)
        with log.open("w") as out:
            code = subprocess.run(["bash", ".ci/run"], cwd=clone, stdout=out, stderr=subprocess.STDOUT).returncode
        lines = log.read_text(errors="replace").splitlines()
        if code:
            shutil.copy(log, RESULTS / "fresh-clones-red.log")
        if logs:
            logs.mkdir(parents=True, exist_ok=True)
            shutil.copy(log, logs / f"{started.replace(' ', '_').replace(':', '')}-{commit[:7]}.log")
    finally:
        beside.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    factors = [m.group(1) for m in map(FACTOR.match, lines) if m]
    phases = [m for m in map(PHASE.match, lines) if m]
    return {
        "commit": commit[:7],
        "started": started,
        "seconds": round(time.monotonic() - begin),
        "load": round(load, 1),
        "busy": busy,
        "load_mean": round(sum(beside.loads) / len(beside.loads), 1),
        "load_max": round(max(beside.loads), 1),
        "time_factor": factors[-1] if factors else None,
        "phases": {m.group(1): int(m.group(2)) for m in phases},
        "cpu": {m.group(1): int(m.group(3)) for m in phases if m.group(3)},
        "green": code == 0,
        "suites": [m.group(1) for m in map(SUMMARY.match, lines) if m],
        "failed": [m.group(2) for m in map(FAILED.match, lines) if m],
        "note": note,
    }


def streak(runs: list[dict]) -> tuple[int, int]:
    """Green runs in a row, counted back from the latest, and how many of them ran busy."""
    green = busy = 0
    for run in reversed(runs):
        if not run["green"]:
            break
        green += 1
        busy += run.get("busy", 0) > 0
    return green, busy


def loads(run: dict) -> str:
    """The load column: at the start, then the mean and highest through the run where sampled."""
    if run["load"] is None:
        return "—"
    if "load_mean" not in run:
        return str(run["load"])
    return f"{run['load']} ({run['load_mean']} / {run['load_max']})"


def write(runs: list[dict]) -> None:
    (RESULTS / "fresh-clones.json").write_text(json.dumps(runs, indent=1) + "\n")
    rows = [
        f"| {r['started']} | {r['commit']} | {'green' if r['green'] else 'RED'} "
        f"| {r['seconds'] // 60} min {r['seconds'] % 60} s | {r.get('busy', 0)} | {loads(r)} "
        f"| {r.get('time_factor') or '—'} | {'; '.join(r['suites'])} | {', '.join(r['failed'])} | {r['note']} |"
        for r in runs
    ]
    green, busy = streak(runs)
    (RESULTS / "fresh-clones.md").write_text(
        "# The test command on fresh clones (bench/fresh_clones.py)\n\n"
        "Each run: `git clone` of the repository, then `bash .ci/run` (set-up and every test), on the\n"
        "shared 2-core machine; busy: the CPU-bound processes `--busy` ran beside it; the load is the\n"
        "1-minute load average when the run began (then its mean / highest, read every 15 s through the\n"
        "run, where kept); factor: the ASALTO_TIME_FACTOR the test command gave the browser tests.\n\n"
        f"**Green runs in a row, up to the latest: {green}, of them busy: {busy}.**\n\n"
        "| started | commit | result | wall | busy | load | factor | suites | failed | note |\n"
        "|---|---|---|---:|---:|---|---:|---|---|---|\n" + "\n".join(rows) + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--busy", type=int, default=0, help="CPU-bound processes to run beside each run")
    parser.add_argument("--rev", default="HEAD", help="the revision each run tests (read when the run starts)")
    parser.add_argument("--note", default="", help="what else the machine was doing, kept with each run")
    parser.add_argument("--logs", type=Path, help="a folder to keep every run's log in")
    args = parser.parse_args()
    if args.busy < 0:
        parser.error(f"--busy is a number of processes, at least 0 (not {args.busy})")
    path = RESULTS / "fresh-clones.json"
    runs = json.loads(path.read_text()) if path.exists() else []
    for _ in range(args.runs):
        run = one_run(args.rev, args.note, args.busy, args.logs)
        runs.append(run)
        write(runs)
        print(json.dumps(run), flush=True)


if __name__ == "__main__":
    main()
