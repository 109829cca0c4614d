"""Perft: count the positions exactly N plies deep, to test move generation.

A finished game has no children; a rebel move with a huff counts once per
(huff, step) pair, and where a huff is due (removal ``auto``) no step without
one is counted; where the rules pass the turn of an illegal move (the course's),
the pass counts as one more move in every position. The last ply is counted without being played (bulk counting).

>>> perft(Position.start("ludii"), 3)
304
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import BIT_INDEX, popcount
from .movegen import OFFICERS, REBELS
from .position import Position

if TYPE_CHECKING:
    from .movegen import Kernel, State

# Figures an independent implementation produced: the truth to test against.
EXTERNAL: dict[str, tuple[str, tuple[int, ...]]] = {
    "ludii": ("Ludii 1.3.13 (Asalto.lud), its own perft", (6, 46, 304, 3496)),
    "course": ("a referee of the course's rules written from them alone, in the tests", (10, 64, 679, 4489)),
}

# This engine's figures from each start position, depths 1-6: a regression guard.
# Depths 1-2 of assault (1, 6), royal-garrison (2) and the placements (36 = 9 choose 2)
# were also counted by hand; tests/reference_rules.py (written from the source texts)
# agrees to depth 4 or more in every ruleset.
REGRESSION: dict[str, tuple[int, ...]] = {
    "asalto": (36, 252, 1507, 19432, 107518, 1702854),
    "german-tactics": (36, 252, 1507, 14888, 81706, 1028438),
    "assault": (1, 6, 34, 64, 436, 1824),
    "assaut": (36, 252, 1507, 16240, 89310, 1198640),
    "assaut-no-blocking": (36, 252, 1507, 16240, 89310, 1198640),
    "assaut-free-soldiers": (36, 252, 1507, 18592, 103116, 1586678),
    "citadelle": (36, 252, 1507, 11386, 60568, 516694),
    "royal-garrison": (2, 22, 152, 566, 4860, 21328),
    "royal-garrison-diagonals": (8, 64, 786, 2828, 41832, 200506),
    "simplified": (1, 4, 14, 22, 96, 320),
    "fuchs-und-henne": (13, 62, 878, 2782, 41372, 165218),
    "2-contra-20": (13, 62, 934, 3412, 53166, 263668),
    "ludii": (6, 46, 304, 3496, 17516, 209528),
    "course": (10, 64, 679, 4489, 52150, 311754),
}


def perft(position: Position, depth: int) -> int:
    """Number of leaf positions ``depth`` plies below ``position``."""
    k = position.kernel
    if depth == 0:
        return 1
    times = k.rules.repetition
    if times and depth > 4 * (times - 1):
        # A position can first occur for the third time 8 plies on (4 per repetition): track them.
        return _perft_repeating(k, position.state, depth, {position.state: 1}, times)
    return _perft(k, position.state, depth)


def _perft(k: Kernel, state: State, depth: int) -> int:
    if k.decided(state):
        return 0
    if depth == 1:
        return _count(k, state)
    play = k.play
    return sum(_perft(k, play(state, m), depth - 1) for m in k.moves(state))


def _count(k: Kernel, state: State) -> int:
    """The number of legal moves, counted with popcounts where no list is needed."""
    officers, rebels, side, huffable = state
    empty = k.all ^ officers ^ rebels
    if side != REBELS:
        if not k.single or side != OFFICERS:
            return len(k.moves(state))
        return _count_single_jumps(k, officers, rebels, empty)
    steps = k.rebel_steps
    total = 0
    options = [(empty | 1 << h, 1 << h) for h in range(len(steps)) if huffable >> h & 1]
    if not (huffable and k.auto_removal):
        options = [(empty, 0)] + options
    for free, removed in options:
        if removed and removed == officers:
            total += 1
            continue
        r = rebels
        while r:
            low = r & -r
            r ^= low
            total += popcount(steps[BIT_INDEX[low]] & free)
    return total + int(k.passes)  # the pass, a move of its own where the rules say so


def _count_single_jumps(k: Kernel, officers: int, rebels: int, empty: int) -> int:
    """Officer moves when each capture is one jump: every jump, plus steps unless capture is forced."""
    jumps, steps, neighbours = 0, 0, k.neighbours
    o = officers
    while o:
        low = o & -o
        o ^= low
        p = BIT_INDEX[low]
        steps += popcount(neighbours[p] & empty)
        for over, to, _ in k.jumps[p]:
            if rebels & over and empty & to:
                jumps += 1
    return jumps if k.forced and jumps else jumps + steps


def _perft_repeating(k: Kernel, state: State, depth: int, seen: dict[State, int], times: int) -> int:
    if depth == 0:
        return 1
    if k.decided(state) or seen.get(state, 0) >= times:
        return 0
    total = 0
    for m in k.moves(state):
        child = k.play(state, m)
        seen[child] = seen.get(child, 0) + 1
        total += _perft_repeating(k, child, depth - 1, seen, times)
        seen[child] -= 1
    return total
