"""Seeded chance, the same on every interpreter: MicroPython's ``random`` has no ``Random`` or
``choices``, and the page's weaker levels and its opening book must pick the same move as
CPython's, so the picks come from SplitMix64 seeded by a text's FNV-1a hash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any


def splitmix64(seed: int, n: int) -> list[int]:
    """``n`` pseudo-random 64-bit ints from ``seed`` (Steele, Lea and Flood's SplitMix64).

    >>> [hex(k) for k in splitmix64(0, 2)]
    ['0xe220a8397b1dcdaf', '0x6e789e6aa1b965f4']
    """
    mask = (1 << 64) - 1
    out = []
    for _ in range(n):
        seed = (seed + 0x9E3779B97F4A7C15) & mask
        z = seed
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out.append(z ^ (z >> 31))
    return out


class Chooser:
    """A weighted choice seeded by a text: the same pick on every interpreter (MicroPython's
    ``random`` has no ``Random`` or ``choices``), from the text's FNV-1a hash through SplitMix64.

    >>> Chooser("7:x").choice(["a", "b", "c"], [1.0, 1.0, 1.0]) == Chooser("7:x").choice("abc", [1.0] * 3)
    True
    """

    def __init__(self, text: str) -> None:
        h = 0xCBF29CE484222325
        for byte in text.encode():
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        self.seed = h

    def random(self) -> float:
        """A float in [0, 1)."""
        self.seed = (self.seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        return (splitmix64(self.seed, 1)[0] >> 11) / (1 << 53)

    def choice(self, items: Sequence[Any], weights: Sequence[float]) -> Any:
        """One of ``items``, each as likely as its weight."""
        x = self.random() * sum(weights)
        for i, w in enumerate(weights):
            x -= w
            if x < 0:
                return items[i]
        return items[-1]
