#!/usr/bin/env python3
"""The test command on fresh clones, run after run; written to bench/results/fresh-clones.{json,md}.

    python bench/fresh_clones.py [--runs N] [--rev REV] [--note TEXT]

Each run clones this repository afresh (``git clone``, then REV, by default the branch's head
when the run starts, so a run made after a merge tests the merge) into a temporary directory and
runs ``bash .ci/run`` there, as CI does: the project's own set-up (venv, npm, build) and every
test. Each run's commit, start, wall seconds, the machine's load, each suite's summary line and
the failed tests' names are kept; the results say how many runs in a row ended green (issue 35
asks for ten). A red run's log is kept beside the results for reading, until the next red run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
SUMMARY = re.compile(r"^=* ?(\d+ (passed|failed).*) in [\d.]+s.*$")
FAILED = re.compile(r"^(FAILED|ERROR) (\S+)")


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def one_run(rev: str, note: str) -> dict:
    """Clone, run ``.ci/run``, and read its log."""
    commit = git("rev-parse", rev)
    workdir = Path(tempfile.mkdtemp(prefix="fresh-clone-"))
    clone = workdir / "asalto"
    log = workdir / "ci.log"
    load = os.getloadavg()[0]
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    begin = time.monotonic()
    try:
        git("clone", "--quiet", str(ROOT), str(clone))
        git("checkout", "--quiet", commit, cwd=clone)
        with log.open("w") as out:
            code = subprocess.run(["bash", ".ci/run"], cwd=clone, stdout=out, stderr=subprocess.STDOUT).returncode
        lines = log.read_text(errors="replace").splitlines()
        if code:
            shutil.copy(log, RESULTS / "fresh-clones-red.log")
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    return {
        "commit": commit[:7],
        "started": started,
        "seconds": round(time.monotonic() - begin),
        "load": round(load, 1),
        "green": code == 0,
        "suites": [m.group(1) for m in map(SUMMARY.match, lines) if m],
        "failed": [m.group(2) for m in map(FAILED.match, lines) if m],
        "note": note,
    }


def streak(runs: list[dict]) -> int:
    """Green runs in a row, counted back from the latest."""
    count = 0
    for run in reversed(runs):
        if not run["green"]:
            break
        count += 1
    return count


def write(runs: list[dict]) -> None:
    (RESULTS / "fresh-clones.json").write_text(json.dumps(runs, indent=1) + "\n")
    rows = [
        f"| {r['started']} | {r['commit']} | {'green' if r['green'] else 'RED'} "
        f"| {r['seconds'] // 60} min {r['seconds'] % 60} s | {'—' if r['load'] is None else r['load']} "
        f"| {'; '.join(r['suites'])} | {', '.join(r['failed'])} | {r['note']} |"
        for r in runs
    ]
    (RESULTS / "fresh-clones.md").write_text(
        "# The test command on fresh clones (bench/fresh_clones.py)\n\n"
        "Each run: `git clone` of the repository, then `bash .ci/run` (set-up and every test), on the\n"
        "shared 2-core machine; the load is the 1-minute load average when the run began.\n\n"
        f"**Green runs in a row, up to the latest: {streak(runs)}.**\n\n"
        "| started | commit | result | wall | load | suites | failed | note |\n"
        "|---|---|---|---:|---:|---|---|---|\n" + "\n".join(rows) + "\n"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--rev", default="HEAD", help="the revision each run tests (read when the run starts)")
    parser.add_argument("--note", default="", help="what else the machine was doing, kept with each run")
    args = parser.parse_args()
    path = RESULTS / "fresh-clones.json"
    runs = json.loads(path.read_text()) if path.exists() else []
    for _ in range(args.runs):
        run = one_run(args.rev, args.note)
        runs.append(run)
        write(runs)
        print(json.dumps(run), flush=True)


if __name__ == "__main__":
    main()
