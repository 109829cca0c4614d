"""Every bench starts: ``tasks.py bench`` runs each bench/*.py (but the helpers named _*), and a
bench that no longer imports, or that takes its options by hand, is found here and not after an
hour's run. Each answers ``--help`` with its usage, which also says how to run it."""

from __future__ import annotations

import subprocess
import sys

import pytest
from time_factor import TIME_FACTOR

from helpers import ROOT

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
