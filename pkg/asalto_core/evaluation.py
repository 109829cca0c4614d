"""Static evaluation: how good a raw state is for the side to move, in centi-rebels.

One rebel is worth :data:`REBEL` = 100. What decides a siege is rarely the bare count:
the rebels win by filling the fortress, so what matters is how far they have come,
how many fortress points they hold, whether enough of them are left to fill it, and
whether the front line is *backed* (an officer can only jump a rebel whose far side
is empty). The officers win by captures, so their mobility and the threats they
have right now count, and an officer with no move at all is close to lost.

The weights were first set by hand from those rules of thumb, then checked by
self-play against the greedy baseline of ``bench/strength.py`` from both sides on
assault, asalto, assaut and royal-garrison at a fixed node budget; a change was kept
only when it scored better (the runs: bench/results/tuning.md).

>>> from asalto_core.position import Position
>>> p = Position.start("assault")
>>> ev = evaluator("assault")
>>> ev.evaluate(p.state) == -ev.evaluate((*p.state[:2], 0, 0))
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import BIT_INDEX, bits, popcount
from .movegen import REBELS, Kernel, kernel

if TYPE_CHECKING:
    from .geometry import Geometry
    from .movegen import State

# -- material ---------------------------------------------------------------
REBEL = 100  # the unit
OFFICER = 900  # a huffed officer: hand-set at nine rebels, since one officer alone rarely holds the fortress
SPARE_CUSHION = 4  # below this many spare rebels (left minus fortress size) every capture starts to hurt more
SCARCITY = 30  # extra cost per rebel short of the cushion, squared: hand-set, so the officers press home a lead

# -- the rebels' progress -----------------------------------------------------
ADVANCE = 10  # per line step closer to the fortress, per rebel: hand-set, a tenth of a rebel
HELD = 35  # extra per fortress point a rebel holds: a held point is permanent (rebels never leave the fortress)
LAST_POINTS = 60  # extra per held point once at most two are missing: hand-set so filling beats grabbing a rebel

# -- supply: can every empty fortress point still be reached? ------------------
# A fortress point no rebel left can reach can never be filled: the rebels, out of moves, then lose.
# Hand-set (STRANDED four rebels, THIN a little over half one), then checked by self-play (bench/results/tuning.md).
STRANDED = 400  # per empty fortress point no rebel can reach any more, and per hole an officer is sealed in
THIN = 60  # per empty fortress point only one rebel can still reach: the officers need capture only that one

# -- reserve: moves the rebels still have in hand --------------------------------
# A hole with an officer sealed in (no step, no jump, every neighbour a rebel in the fortress) is stranded;
# while one is, the rebels' reserve counts: per rebel the longest forward path from its point (rebel steps
# form a DAG), an upper bound on the moves left before they lose. Hand-set at a tenth of a rebel per step,
# like ADVANCE, and checked by self-play (bench/results/tuning.md).
RESERVE = 10  # per step the rebels' reserve is short of RESERVE_CAP, once a hole is stranded
RESERVE_CAP = 40  # a reserve of this many steps or more costs nothing: only a short one decides a game

# -- the race for the last holes (issue 15) --------------------------------------------------------------------
# Counted as stranded holes too: holes beyond what the rebels outside the fortress can still supply (one
# supplier each; a rebel inside empties the point it leaves), and none supplied by a rebel that can never
# move again. An officer on a hole with a retreat no rebel can reach counts as a thin hole: hand-set.
SEATED = 150  # per hole an officer sits on with a retreat no rebel can reach (two officers or more)

# -- contact -------------------------------------------------------------------
EXPOSED = 14  # per rebel within two steps of an officer with an open jump line through it (unbacked)
THREAT = 40  # per rebel an officer could jump right now, when the rebels are to move (they can save about one)
# MOBILITY and TRAPPED: chosen by self-play against greedy (bench/results/tuning.md).
MOBILITY = 15  # per empty point next to an officer: a free officer reaches the rebels' gaps
TRAPPED = 300  # per officer with no step and no jump: rebels win if both are shut in (unless blocking loses)


class Evaluator:
    """A ruleset's evaluation tables, built once from its kernel."""

    def __init__(self, k: Kernel) -> None:
        g = k.geometry
        dist = g.distances_to_fortress()
        self.kernel = k
        self.all = k.all
        self.fortress = k.fortress
        self.fortress_size = popcount(k.fortress)
        self.neighbours = k.neighbours
        self.jumps = k.jumps
        self.trap_counts = not k.blocking_loses
        self.layers = _progress_layers(dist)
        self.pairs = _jump_pairs(g)
        self.near = _near(g)
        self.reach_to = _reach_to(k)
        self.cones = tuple((1 << q, self.reach_to[q] & ~k.fortress) for q in bits(k.fortress))
        self.came_from = _came_from(k)
        longest = _move_reserve(k)
        # Points nearest the far end first: a rebel's steps all lead to points settled before it.
        self.reserve_order = tuple(
            (p, 1 << p, k.rebel_steps[p]) for p in sorted(range(len(dist)), key=lambda p: longest[p])
        )
        self.reserve_on = any(longest)
        self.seals = _seals(k)
        # Scores are shown relative to the start (officers on their usual points), so 0 reads as "as at the start".
        self.offset = 0
        self.offset = self.evaluate((k.officer_start, k.rebel_start, REBELS, 0))

    def fills_next(self, officers: int, rebels: int) -> bool:
        """True if a rebel step now fills the fortress (one point missing, empty, reachable).

        Only a rebel from outside the fortress fills it: one stepping in from another fortress
        point empties that point (issue 15: d6-d7 was scored as a win it was not).
        """
        hole = self.fortress & ~rebels
        if popcount(hole) != 1 or hole & officers:
            return False
        return bool(rebels & ~self.fortress & self.came_from[BIT_INDEX[hole]])

    def reserve(self, officers: int, rebels: int) -> int:
        """An upper bound on the moves the rebels have left: per rebel, its longest forward path now.

        A rebel whose every step leads onto a rebel that can never move again (or an officer sealed in
        the fortress) can never move either; the paths run through the other points.
        """
        frozen = self.frozen(officers, rebels)
        live = [0] * len(self.reserve_order)
        total = 0
        for p, bit, steps in self.reserve_order:
            if frozen & bit:
                continue
            best = 0
            open_steps = steps & ~frozen
            while open_steps:
                low = open_steps & -open_steps
                open_steps ^= low
                v = live[BIT_INDEX[low]] + 1
                if v > best:
                    best = v
            live[p] = best
            if rebels & bit:
                total += best
        return total

    def frozen(self, officers: int, rebels: int) -> int:
        """The pieces that can never move again: sealed officers, and rebels whose every step is onto one.

        Only where rebel steps form no cycle (:attr:`reserve_on`); elsewhere just the sealed officers.
        """
        frozen = officers & ~self.fortress_free(officers, rebels)
        if self.reserve_on:
            for _p, bit, steps in self.reserve_order:
                if rebels & bit and not steps & ~frozen:
                    frozen |= bit
        return frozen

    def unmatched(self, officers: int, rebels: int, holes: list[int]) -> int:
        """How many of ``holes`` (supplier masks) cannot each get a rebel of their own that can still move.

        A maximum matching of holes to suppliers (Kuhn's augmenting paths on bitmasks).
        """
        movable = ~self.frozen(officers, rebels)
        holes = sorted((h & movable for h in holes), key=popcount)
        used = 0
        for h in holes:  # first, greedily: the scarcest hole takes a free supplier; usually enough
            free = h & ~used
            if not free:
                break
            used |= free & -free
        else:
            return 0
        owner: dict[int, int] = {}

        def place(i: int, tried: list[int]) -> bool:
            free = holes[i] & ~tried[0]
            while free:
                low = free & -free
                free ^= low
                tried[0] |= low
                if low not in owner or place(owner[low], tried):
                    owner[low] = i
                    return True
            return False

        return sum(not place(i, [0]) for i in range(len(holes)))

    def fortress_free(self, officers: int, rebels: int) -> int:
        """The officers not sealed in the fortress (see :data:`RESERVE`)."""
        free = officers
        for point, box in self.seals:
            if officers & point and not box & ~rebels:
                free &= ~point
        return free

    def supply(self, officers: int, rebels: int, empty: int) -> tuple[int, int, int, int]:
        """Holes that can no longer be filled (stranded), with one supplier left (thin), held by a seated
        officer, and the points a rebel can still fill a hole from."""
        reachable = stranded = thin = seated = union = 0
        holes = []
        for point, cone in self.cones:
            if not rebels & point:
                suppliers = rebels & cone
                if not suppliers:
                    stranded += 1
                else:
                    if not suppliers & (suppliers - 1):
                        thin += 1
                    holes.append(suppliers)
                    union |= suppliers
                    if officers & point and self.seated(point, officers, empty, rebels):
                        seated += 1
                reachable |= cone
        # Only where supply is scarce (a hole with one supplier, or few suppliers for all the holes) can a
        # rebel be counted for two holes or be stuck; elsewhere the matching is skipped (it costs).
        if thin or popcount(union) < 2 * len(holes):
            stranded += self.unmatched(officers, rebels, holes)
        for point, box in self.seals:
            if officers & point and not box & ~rebels:
                stranded += 1
        return stranded, thin, seated, reachable

    def seated(self, point: int, officers: int, empty: int, rebels: int) -> bool:
        """Whether the officer on ``point`` (a hole) has a step no rebel can ever take from it, with another officer."""
        if not officers & ~point:
            return False
        steps = self.neighbours[BIT_INDEX[point]] & empty
        while steps:
            low = steps & -steps
            steps ^= low
            if not rebels & self.reach_to[BIT_INDEX[low]]:
                return True
        return False

    def evaluate(self, state: State) -> int:
        """The score for the side to move; positive is good for it."""
        officers, rebels, side, _ = state
        empty = self.all ^ officers ^ rebels
        n = popcount(rebels)
        s = REBEL * n - OFFICER * popcount(officers)
        spare = n - self.fortress_size
        if spare < SPARE_CUSHION:
            s -= SCARCITY * (SPARE_CUSHION - spare) ** 2
        # Supply: a hole no rebel can reach is (almost) a lost game; a rebel that can reach no hole
        # any more is only material and backing, so its advance no longer counts.
        stranded, thin, seated, reachable = self.supply(officers, rebels, empty)
        s -= STRANDED * stranded + THIN * thin + SEATED * seated
        if stranded and self.reserve_on:
            s -= RESERVE * max(0, RESERVE_CAP - self.reserve(officers, rebels))
        useful = rebels & (reachable | self.fortress)
        for mask, value in self.layers:
            s += value * popcount(useful & mask)
        held = popcount(rebels & self.fortress)
        if held >= self.fortress_size - 2:
            s += LAST_POINTS * held
        # Officers: room to move, rebels they can jump now, and the unbacked rebels nearby.
        threatened = trapped = room = near = 0
        o = officers
        while o:
            low = o & -o
            o ^= low
            p = BIT_INDEX[low]
            free = popcount(self.neighbours[p] & empty)
            room += free
            can_jump = False
            for over, to, _t in self.jumps[p]:
                if rebels & over and empty & to:
                    threatened |= over
                    can_jump = True
            if not free and not can_jump:
                trapped += 1
            near |= self.near[p]
        s -= MOBILITY * room
        if self.trap_counts:
            s += TRAPPED * trapped
        if side == REBELS:
            s -= THREAT * popcount(threatened)
        open_ = empty | officers
        exposed = 0
        r = rebels & near
        while r:
            low = r & -r
            r ^= low
            for a, b in self.pairs[BIT_INDEX[low]]:
                if (open_ & a and empty & b) or (open_ & b and empty & a):
                    exposed += 1
                    break
        s -= EXPOSED * exposed + self.offset
        return s if side == REBELS else -s


_EVALUATORS: dict[str, Evaluator] = {}


# The evaluator's tables, each built once per ruleset from the board and the rebels' steps.


def _progress_layers(dist: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Progress as a few masks of equal value, so the sum is a handful of popcounts."""
    far = max(dist)
    layers: dict[int, int] = {}
    for p, d in enumerate(dist):
        v = (far - d) * ADVANCE + (HELD if d == 0 else 0)
        layers[v] = layers.get(v, 0) | 1 << p
    return tuple((m, v) for v, m in layers.items() if v)


def _jump_pairs(g: Geometry) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The lines a rebel on each point can be jumped along: both end points, as bits."""
    pairs: list[set[tuple[int, int]]] = [set() for _ in g.points]
    for a, row in enumerate(g.jumps):
        for over, to in row:
            pairs[over].add((1 << min(a, to), 1 << max(a, to)))
    return tuple(tuple(sorted(s)) for s in pairs)


def _near(g: Geometry) -> tuple[int, ...]:
    """Points within two steps: only rebels near an officer are checked for backing."""
    return tuple(n | sum(1 << q for r in bits(n) for q in bits(g.neighbours[r])) for n in g.neighbours)


def _reach_to(k: Kernel) -> tuple[int, ...]:
    """Per point, the points a rebel can reach it from in any number of steps (empty board)."""
    cone = [0] * len(k.rebel_steps)
    for p in range(len(k.rebel_steps)):
        seen, todo = 0, k.rebel_steps[p]
        while todo:
            seen |= todo
            nxt = 0
            for q in bits(todo):
                nxt |= k.rebel_steps[q]
            todo = nxt & ~seen
        for q in bits(seen & ~(1 << p)):
            cone[q] |= 1 << p
    return tuple(cone)


def _came_from(k: Kernel) -> tuple[int, ...]:
    """Per point, the points a rebel could step to it from: the fortress filled in one move."""
    came = [0] * len(k.rebel_steps)
    for p, steps in enumerate(k.rebel_steps):
        for q in bits(steps):
            came[q] |= 1 << p
    return tuple(came)


def _move_reserve(k: Kernel) -> list[int]:
    """Per point, the longest forward path a rebel there can still make (empty board): its move reserve.

    Where rebels may step sideways back and forth (a cycle) the reserve is endless and the term is off (all 0).
    """
    size = len(k.rebel_steps)
    longest: list[int | None] = [None] * size

    def path(p: int, on: frozenset[int]) -> int:
        known = longest[p]
        if known is None:
            if p in on:
                raise ValueError("rebel steps form a cycle")
            known = longest[p] = max((1 + path(q, on | {p}) for q in bits(k.rebel_steps[p])), default=0)
        return known

    try:
        return [path(p, frozenset()) for p in range(size)]
    except ValueError:
        return [0] * size


def _seals(k: Kernel) -> tuple[tuple[int, int], ...]:
    """Fortress points where an officer boxed in by rebels stays boxed in for good: every neighbour and
    every landing point is in the fortress, where rebels never leave."""
    g = k.geometry
    seal = []
    for p in bits(k.fortress):
        box = g.neighbours[p] | sum(1 << to for _over, to in g.jumps[p])
        if not box & ~k.fortress:
            seal.append((1 << p, box))
    return tuple(seal)


def evaluator(ruleset: str) -> Evaluator:
    """The evaluator of a ruleset, built once per process."""
    ev = _EVALUATORS.get(ruleset)
    if ev is None:
        ev = _EVALUATORS[ruleset] = Evaluator(kernel(ruleset))
    return ev
