"""ASALTO_TIME_FACTOR: how many times longer than on a quiet machine each wait of the tests may take.

``tasks.py test`` sets it from the machine's load (and the suites it runs side by side); unset, it
is 1. A busy machine is slower at everything, never on a different path, so every budget a test
gives the machine (Playwright's waits, a subprocess's timeout) is stretched alike. No test asserts
a time: a budget only says how long to wait before calling a step stuck.
"""

from __future__ import annotations

import os


def time_factor() -> float:
    """The factor read from the environment (1 when unset); a clear error for anything but a number >= 1."""
    text = os.environ.get("ASALTO_TIME_FACTOR", "").strip() or "1"
    try:
        factor = float(text)
    except ValueError:
        factor = 0.0
    if not factor >= 1:  # also refuses nan
        raise ValueError(f"ASALTO_TIME_FACTOR must be a number of at least 1, not {text!r}")
    return factor


TIME_FACTOR = time_factor()


def ms(quiet: float) -> int:
    """A wait's budget in milliseconds: what it is on a quiet machine, stretched by TIME_FACTOR."""
    return round(quiet * TIME_FACTOR)
