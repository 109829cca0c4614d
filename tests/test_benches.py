"""Every bench starts: ``tasks.py bench`` runs each bench/*.py (but the helpers named _*), and a
bench that no longer imports, or that takes its options by hand, is found here and not after an
hour's run. Each answers ``--help`` with its usage, which also says how to run it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from time_factor import TIME_FACTOR

from helpers import ROOT, script

BENCHES = sorted(p.name for p in (ROOT / "bench").glob("*.py") if not p.name.startswith("_"))
STUCK_S = 120  # a quiet machine's budget for starting Python and the imports: a bench that ignores --help runs on


@pytest.mark.parametrize("name", BENCHES)
def test_every_bench_answers_help(name: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / name), "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=STUCK_S * TIME_FACTOR,
    )
    assert done.returncode == 0, f"{name}: exit {done.returncode}\n{done.stderr[-2000:]}"
    assert done.stdout.startswith("usage:"), f"{name} did not answer --help:\n{done.stdout[:500]}"


def test_the_thread_sampler_counts_what_a_process_under_it_used() -> None:
    """bench/_threads.py's figures (suite_cpu.py --threads) are the CPU of the processes under the
    root: a child that does a fixed amount of work, then waits, is counted as its own clock says."""
    threads = script("bench/_threads.py")  # by path: bench/ on sys.path would shadow tests/fuzz.py
    work = (
        "import os, sys\nn = 0\nfor i in range(3_000_000): n += i\n"
        "t = os.times()\nprint(t.user + t.system, flush=True)\nsys.stdin.read()"
    )
    child = subprocess.Popen([sys.executable, "-c", work], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    sampler = threads.ThreadSampler(root=child.pid)
    sampler.start()
    try:
        own = float(child.stdout.readline())  # its work done: it waits, using nothing more
        figures = sampler.stop()
    finally:
        child.communicate("")
    counted = sum(s for kind, _, s in figures if kind.startswith("python"))
    assert abs(counted - own) <= 3 / threads.TICK + 0.1, (figures, own)  # the sampler's rounding (0.1 s), and ticks
