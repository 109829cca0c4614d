#!/usr/bin/env python3
"""The CPU a selection of browser tests costs, every process counted: bench/results/suite-cpu.{json,md}.

    sudo .venv/bin/python bench/suite_cpu.py      (the whole browser suite, as tasks.py test runs it)
    sudo .venv/bin/python bench/suite_cpu.py --label after -- e2e/test_review.py -k summary
    sudo .venv/bin/python bench/suite_cpu.py --label before --tests-from REV -- e2e/test_review.py -k summary
    sudo .venv/bin/python bench/suite_cpu.py --threads --label lab -- e2e/test_lab.py

The test command's own CPU figures (tasks.py test: user and system seconds of the processes it
waited for) miss most of the browser's: Chromium's helper processes are not reaped by the tree
that started them, so their time is not passed up. Measured on e2e/test_play.py: 9.7 s by those
figures, 23.9 s in fact. Here the run is put in a cgroup of its own (cgroup v1's cpuacct or v2's
cpu.stat, which needs root), whose count holds every process in it however it ends; without one
the figure is the reaped processes' and the table says so.

``--threads`` also says where the CPU went, by kind of process and thread (bench/_threads.py: a
page's main thread, its Web Workers, the renderer's pool that compiles wasm, the browser's own
threads, pytest and Playwright's driver): the map of what a cut of the suite's CPU has to cut.

``--tests-from REV`` runs the test files as they were at REV (e2e/ as of REV, beside the current one)
against the current build: a change to the tests alone, measured before and after on the same site.
CPU seconds hardly move with the machine's load, so the figures compare on a busy machine as well
as on a quiet one; the wall seconds are kept for shares.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _tables import header, keep  # bench/ is on the path: each bench runs as a script
from _tables import rows as table_rows
from _threads import ThreadSampler

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tasks  # noqa: E402 - after the path is set

PY = ROOT / ".venv" / "bin" / "python"
TOP_THREADS = 12  # rows of the table of threads: each run's largest
CGROUPS = (  # (the folder a new group is made in, the file of its CPU, how that file reads as seconds)
    (Path("/sys/fs/cgroup/cpuacct"), "cpuacct.usage", lambda text: int(text) / 1e9),
    (Path("/sys/fs/cgroup"), "cpu.stat", lambda text: int(text.split()[1]) / 1e6),  # v2: usage_usec first
)


def cgroup() -> tuple[Path, str, object] | None:
    """A new cgroup for the run (its folder, CPU file and reader), or None where none can be made."""
    for parent, name, reader in CGROUPS:
        if (parent / name).exists() and os.access(parent, os.W_OK):
            group = Path(tempfile.mkdtemp(prefix="asalto-suite-cpu-", dir=parent))
            return group, name, reader
    return None


def run(argv: list[str], cwd: Path, threads: bool = False) -> dict:
    """``pytest argv`` in its own cgroup where one can be made: its CPU, wall and exit code; with
    ``threads``, its CPU by kind of process and thread as well."""
    group = cgroup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.monotonic()
    command = [str(PY), "-m", "pytest", "-q", "-p", "no:cacheprovider", *argv]
    if group:  # the child joins the group before it runs pytest, so all it starts is in it too
        procs = group[0] / "cgroup.procs"
        command = ["sh", "-c", f'echo $$ > "{procs}" && exec "$@"', "sh", *command]
    proc = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    sampler = ThreadSampler(group[0] if group else None, proc.pid) if threads else None
    if sampler:
        sampler.start()
    stdout, _ = proc.communicate()
    by_thread = sampler.stop() if sampler else None
    wall = time.monotonic() - began
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    reaped = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    cpu = None
    if group:
        folder, name, reader = group
        cpu = reader((folder / name).read_text())
        folder.rmdir()
    closing = [line for line in stdout.splitlines() if " passed" in line or " failed" in line]
    failures = [line for line in stdout.splitlines() if line.startswith(("FAILED ", "ERROR "))]
    if failures:  # pytest's summary of each, to rerun and read (the rest of its output is not kept)
        print("\n".join(failures), flush=True)
    return {
        "threads": by_thread,
        "cpu_s": round(cpu, 1) if cpu is not None else None,
        "reaped_cpu_s": round(reaped, 1),
        "wall_s": round(wall, 1),
        "exit": proc.returncode,
        "closing": closing[-1] if closing else stdout[-300:],
    }


def markdown(runs: dict) -> str:
    labels = list(runs)
    figures = [
        ("pytest arguments", lambda r: f"`{' '.join(r['args'])}`"),
        ("tests from", lambda r: r["tests_from"]),
        ("pytest's closing line", lambda r: r["closing"]),
        ("CPU, every process (s)", lambda r: r["cpu_s"] if r["cpu_s"] is not None else "no cgroup"),
        ("CPU, the processes reaped in the tree (s)", lambda r: r["reaped_cpu_s"]),
        ("wall (s)", lambda r: r["wall_s"]),
        ("load at the start", lambda r: r["load"]),
        ("ASALTO_TIME_FACTOR", lambda r: r["time_factor"]),
    ]
    lines = [
        "# What a selection of browser tests costs in CPU, every process counted",
        "",
        "Written by `bench/suite_cpu.py` (see its docstring): each run in a cgroup of its own, whose",
        "CPU count holds the browser's processes that the test command's own figures miss.",
        "",
        *header(labels),
        *table_rows(runs, figures),
        "",
    ]
    lines += [f"**{label}**: {run['note']}\n" for label, run in runs.items() if run.get("note")]
    lines += thread_table({label: run for label, run in runs.items() if run.get("threads")})
    return "\n".join(lines)


def thread_table(runs: dict) -> list[str]:
    """The runs' CPU by kind of process and thread: the largest TOP_THREADS rows of each run, with
    each row's share of that run's sampled CPU."""
    if not runs:
        return []
    seconds = {label: {(kind, thread): s for kind, thread, s in run["threads"]} for label, run in runs.items()}
    totals = {label: sum(figures.values()) or 1 for label, figures in seconds.items()}
    rows = dict.fromkeys((kind, thread) for run in runs.values() for kind, thread, _ in run["threads"][:TOP_THREADS])

    def cell(label: str, key: tuple[str, str]) -> str:
        s = seconds[label].get(key, 0)
        return f"{s:g} ({100 * s / totals[label]:.0f}%)" if s else ""

    return [
        "## Where the CPU went, by kind of process and thread (bench/_threads.py)",
        "",
        f"CPU seconds, sampled, and their share of the run's sampled CPU: the {TOP_THREADS} largest of each run.",
        "",
        *header(list(runs), "process: thread"),
        *[f"| {k}: {t} | " + " | ".join(cell(label, (k, t)) for label in runs) + " |" for k, t in rows],
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--label", default="the browser suite")
    parser.add_argument("--tests-from", help="a revision whose e2e/ is run instead of the current one")
    parser.add_argument("--note", default="")
    parser.add_argument("--threads", action="store_true", help="also the CPU by kind of process and thread")
    parser.add_argument("args", nargs=argparse.REMAINDER, help="-- then pytest's arguments (paths under e2e/)")
    opts = parser.parse_args()
    args = opts.args[1:] if opts.args[:1] == ["--"] else opts.args
    if not args:  # the test command's own: what follows "-m pytest -q"
        args = [str(a) for a in tasks.test_steps()["browser tests"][4:]]
    cwd, copy = ROOT, None
    if opts.tests_from:  # e2e/ as of the revision, in a folder beside e2e/ (conftest finds dist/ from it)
        copy = Path(tempfile.mkdtemp(prefix="e2e-", dir=ROOT))
        archive = subprocess.run(["git", "archive", opts.tests_from, "e2e"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "--strip-components=1", "-C", str(copy)], input=archive.stdout, check=True)
        args = [str(copy / Path(a).relative_to("e2e")) if a.startswith("e2e/") else a for a in args]
    load = round(os.getloadavg()[0], 1)
    try:
        result = run(args, cwd, opts.threads)
    finally:
        if copy:
            shutil.rmtree(copy, ignore_errors=True)
    result.update(
        args=[a.replace(str(copy), "e2e") if copy else a for a in args],
        tests_from=opts.tests_from or "the working tree",
        load=load,
        time_factor=os.environ.get("ASALTO_TIME_FACTOR", "1 (unset)"),
        note=opts.note,
    )
    keep("suite-cpu", opts.label, result, markdown)
    if result["exit"]:
        sys.exit(result["exit"])


if __name__ == "__main__":
    main()
