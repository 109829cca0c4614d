"""The few things the search needs that MicroPython (the page's interpreter) does differently.

On CPython and Pyodide these are the standard library's own; on MicroPython, small stand-ins
that give the same answers, so the search finds the same move on every interpreter.

>>> stable_sorted(["bb", "a", "cc", "d"], key=len, reverse=True)
['bb', 'cc', 'a', 'd']
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any

MICROPYTHON = sys.implementation.name == "micropython"

try:
    from time import perf_counter as perf_counter
except ImportError:  # pragma: no cover (MicroPython: tests/test_micropython.py runs it)
    from time import ticks_ms  # type: ignore[attr-defined]

    def perf_counter() -> float:
        """Seconds on a monotonic clock (milliseconds are enough for a search's budget)."""
        return float(ticks_ms() / 1000)


if not MICROPYTHON:
    stable_sorted = sorted  # CPython's sort is stable: equal keys keep their order
else:  # pragma: no cover

    def stable_sorted(items: Iterable[Any], key: Callable[[Any], Any], reverse: bool = False) -> list[Any]:  # type: ignore[misc]
        """``sorted`` with equal keys kept in their order, as CPython's (MicroPython's quicksort is not stable)."""
        items = list(items)
        sign = -1 if reverse else 1
        order = sorted(range(len(items)), key=lambda i: (key(items[i]), sign * i), reverse=reverse)
        return [items[i] for i in order]
