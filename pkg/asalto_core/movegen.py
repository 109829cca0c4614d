"""The rules kernel: legal moves, making moves and game end on raw int states.

A raw state is ``(officers, rebels, side, huffable)``: two bitmasks of occupied
points, whose turn it is (:data:`OFFICERS`, :data:`REBELS`, or :data:`PLACING` while
the officers' player places the officers), and the officers the rebels may huff.
A raw move is ``(frm, to, captured, removed, huffable_after, path)``:

- ``frm``/``to``: where the moving piece starts and ends (-1 for a lone huff or a placement);
- ``captured``: mask of rebels jumped; ``removed``: mask of officers taken off (a huff,
  or Ludii's automatic huffs, at the officers' points after the move);
- ``huffable_after``: the officers the rebels may huff on their next move;
- ``path``: the points the piece visits (start, then each landing), or the placed points.

Where the rules pass the turn of an illegal move (the course's: :attr:`Ruleset.forfeit`), a pass
(:data:`PASS`) is a legal move of either side in every unfinished position. The course's script
checks for a win only after a legal move, never after a pass or a huff, so on the officers' turn
after the rebels passed with the officers unable to move, the game goes on: ``huffable`` then holds
the bit :attr:`Kernel.unchecked` (written ``passed`` in a position's text), and the officers pass.

Everything a ruleset decides is compiled into per-board tables once, in :class:`Kernel`;
the public :class:`~asalto_core.position.Position` and the search both run on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .geometry import BIT_INDEX, bits, popcount
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from .geometry import Geometry
    from .rulesets import Ruleset

    State = tuple[int, int, int, int]
    RawMove = tuple[int, int, int, int, int, tuple[int, ...]]

OFFICERS, REBELS, PLACING = 0, 1, 2
PASS: RawMove = (-1, -1, 0, 0, 0, ())  # a turn that moves nothing (a legal move where the rules pass)

# Reasons a game ends, with the side that wins (None: a draw).
FORTRESS, NO_OFFICERS, DEPLETED, BLOCKED, NO_MOVES, REPETITION, ROUND_LIMIT = (
    "fortress-taken", "officers-gone", "rebels-depleted", "officers-blocked", "no-moves", "repetition", "round-limit",
)  # fmt: skip


def rebel_step_masks(rs: Ruleset, g: Geometry) -> tuple[int, ...]:
    """For each point, the mask of points a rebel there may step to (if empty)."""
    dist = g.distances_to_fortress()
    centre = (g.width - 1) / 2
    inner = {f for f, r in g.coords if r == 0}  # the files of the cross's upright arm
    side_arm_top = max(
        r for p, (f, r) in enumerate(g.coords) if f not in inner and not g.fortress_mask >> p & 1
    )  # the top line of the side arms (the fortress's corners b9, h9 are no arm)
    marked = {frozenset(line) for line in g.marked} if rs.marked_lines else set()
    masks = []
    for p, (f, r) in enumerate(g.coords):
        mask = 0
        in_fort = g.fortress_mask >> p & 1
        for q in bits(g.neighbours[p]):
            qf, qr = g.coords[q]
            q_fort = g.fortress_mask >> q & 1
            if frozenset((p, q)) in marked:
                continue
            if rs.rebel_move == "forward":
                sideways_in = r == qr == side_arm_top and (f not in inner or qf not in inner)
                ok = qr > r or (sideways_in and abs(qf - centre) < abs(f - centre))
            elif rs.rebel_move == "not-away":
                ok = dist[q] <= dist[p]
            elif rs.rebel_move == "shortest":
                ok = bool(q_fort) if in_fort else dist[q] == dist[p] - 1
            elif rs.rebel_move == "never-back":
                ok = bool(q_fort) if in_fort else qr >= r
            elif rs.rebel_move == "inward":
                # Never back, and never further from the middle file than it is (diagonals too).
                ok = qr >= r and not (qf < f < centre or centre < f < qf)
            else:
                ok = True
            if ok:
                mask |= 1 << q
        masks.append(mask)
    return tuple(masks)


class Kernel:
    """A ruleset compiled to tables; every method works on raw states and moves."""

    def __init__(self, rs: Ruleset) -> None:
        g = rs.geometry
        self.rules = rs
        self.geometry = g
        self.all = g.all_mask
        self.fortress = g.fortress_mask
        self.neighbours = g.neighbours
        self.jumps = tuple(tuple((1 << o, 1 << t, t) for o, t in row) for row in g.jumps)
        self.rebel_steps = rebel_step_masks(rs, g)
        self.threshold = rs.win_threshold
        self.officer_count = rs.officers
        self.forced = rs.duty == "forced"
        self.single = rs.capture == "single"
        self.to_end = rs.chain_stop == "end"  # only chains jumped to their end are moves
        self.duty = rs.duty
        self.huffing = rs.huffing
        # A huffable officer goes at the start of the rebels' turn whether they like it or not
        # (they pick which when several are huffable), not at their option.
        self.auto_removal = rs.huffing and rs.removal == "auto"
        # Optional capture has no penalty: as if no huff were left (the search reads it so).
        self.max_huffs = 0 if rs.duty == "optional" else rs.max_huffs
        self.blocking_loses = rs.blocking_loses
        self.officer_start = sum(1 << g.index[n] for n in rs.officer_start)
        self.rebel_start = sum(1 << g.index[n] for n in rs.rebel_points)
        self.first = OFFICERS if rs.first == "officers" else REBELS
        # huff-instead: a step while an officer could capture is not made; the mover goes if it
        # could capture, else the first able officer in reading order (from the top, left to right).
        self.reading = tuple(sorted(range(len(g.coords)), key=lambda p: (-g.coords[p][1], g.coords[p][0])))
        # Where illegal moves pass the turn, either side may pass at any turn (an illegal answer
        # costs nothing), and a win is checked only after a legal move (see the module's text).
        self.passes = rs.forfeit == "passes"
        self.unchecked = 1 << len(g.points) if self.passes else 0

    # -- start -------------------------------------------------------------
    def start(self) -> State:
        if self.rules.placement:
            return (0, self.rebel_start, PLACING, 0)
        return (self.officer_start, self.rebel_start, self.first, 0)

    # -- move generation ----------------------------------------------------
    def moves(self, state: State) -> list[RawMove]:
        """Every legal move in ``state`` (empty when the side to move is stuck)."""
        officers, rebels, side, huffable = state
        if side == REBELS:
            out = self._rebel_moves(officers, rebels, huffable)
        elif side == OFFICERS:
            out = self._officer_moves(officers, rebels)
        else:
            return self._placements(rebels)
        if self.passes:
            out.append(PASS)  # last: the levels' ties and fallbacks prefer a move that moves
        return out

    def _rebel_moves(self, officers: int, rebels: int, huffable: int) -> list[RawMove]:
        empty = self.all ^ officers ^ rebels
        steps = self.rebel_steps
        out: list[RawMove] = []
        # One huffable officer goes: by the rebels' choice, or always (auto), they pick which.
        options = [(1 << h, empty | 1 << h) for h in bits(huffable)]
        if not (huffable and self.auto_removal):
            options = [(0, empty)] + options
        for removed, free in options:
            if removed and removed == officers:
                out.append((-1, -1, 0, removed, 0, ()))  # the last officer goes: the game ends
                continue
            r = rebels
            while r:
                low = r & -r
                p = BIT_INDEX[low]
                r ^= low
                t = steps[p] & free
                while t:
                    tb = t & -t
                    t ^= tb
                    q = BIT_INDEX[tb]
                    out.append((p, q, 0, removed, 0, (p, q)))
        return out

    def _chains(self, start: int, officers: int, rebels: int) -> list[tuple[tuple[int, ...], int, bool]]:
        """Capture sequences of the officer on ``start``: (landing path, captured mask,
        whether it could jump on from its last landing).

        Chains jumped to their end only, or stopping after any jump, as the ruleset
        says; single capture stops after the first.
        """
        blocked = officers ^ (1 << start)
        jumps = self.jumps
        to_end = self.to_end
        out: list[tuple[tuple[int, ...], int, bool]] = []

        def extend(path: tuple[int, ...], taken: int) -> None:
            occupied = blocked | (rebels ^ taken)
            went_on = False
            for over, to, t in jumps[path[-1]]:
                if rebels & over and not taken & over and not occupied & to:
                    went_on = True
                    nxt = path + (t,)
                    if self.single:
                        out.append((nxt, taken | over, False))
                    else:
                        extend(nxt, taken | over)
            if taken and not (to_end and went_on):
                out.append((path, taken, went_on))

        extend((start,), 0)
        return out

    def _officer_moves(self, officers: int, rebels: int) -> list[RawMove]:
        empty = self.all ^ officers ^ rebels
        chains = [
            (o, self._chains(o, officers, rebels)) for o in bits(officers)
        ]  # a list: dicts are unordered on MicroPython
        capable = sum(1 << o for o, c in chains if c)
        out: list[RawMove] = []
        duty = self.duty
        huffs = self.huffing and (self.max_huffs is None or self.officer_count - popcount(officers) < self.max_huffs)
        # huff-best: the duty is the best capture any officer has; the officers that have it
        # answer for a move that takes fewer (draughts' rule: one of them is blown).
        most = [(o, max((popcount(c) for _, c, _ in cs), default=0)) for o, cs in chains] if duty == "huff-best" else []
        best = max((n for _, n in most), default=0)
        ablest = sum(1 << o for o, n in most if best and n == best)
        for o, cs in chains:
            for path, taken, more in cs:
                after = 0
                if huffs:
                    if duty == "huff":
                        # The player captured: only an officer that stopped short failed.
                        after = 1 << path[-1] if more else 0
                    elif duty == "huff-best":
                        after = _moved(ablest, o, path[-1]) if popcount(taken) < best else 0
                    else:
                        after = capable & ~(1 << o)  # each officer that could capture and did not
                out.append((o, path[-1], taken, 0, after, path))
        if self.forced and capable:
            return out
        for o in bits(officers):
            for q in bits(self.neighbours[o] & empty):
                after = removed = 0
                if capable and duty == "huff-instead":
                    out.append((o, o, 0, self._first_able(capable, o), 0, (o, q)))  # the step is not made
                    continue
                if capable:
                    if duty == "auto-huff-all":
                        removed = _moved(capable, o, q)
                    elif huffs:
                        after = _moved(ablest if duty == "huff-best" else capable, o, q)
                out.append((o, q, 0, removed, after, (o, q)))
        return out

    def _first_able(self, capable: int, mover: int) -> int:
        """The officer removed for a step while ``capable`` officers could capture (huff-instead)."""
        if capable >> mover & 1:
            return 1 << mover
        for p in self.reading:
            if capable >> p & 1:
                return 1 << p
        return 0

    def _placements(self, rebels: int) -> list[RawMove]:
        free = [p for p in bits(self.fortress & ~rebels)]
        out: list[RawMove] = []

        def choose(i: int, picked: tuple[int, ...]) -> None:
            if len(picked) == self.officer_count:
                out.append((-1, -1, 0, 0, 0, picked))
                return
            for k in range(i, len(free)):
                choose(k + 1, picked + (free[k],))

        choose(0, ())
        return out

    # -- making moves ---------------------------------------------------------
    def play(self, state: State, move: RawMove) -> State:
        officers, rebels, side, _ = state
        frm, to, captured, removed, after, path = move
        if side == PLACING:
            return (sum(1 << p for p in path), rebels, self.first, 0)
        if side == REBELS:
            if frm >= 0:
                rebels ^= 1 << frm | 1 << to
                return (officers & ~removed, rebels, OFFICERS, 0)
            officers &= ~removed
            # The script checks no win after a pass (to it, an illegal answer): officers it leaves stuck play on.
            stuck = not removed and self.passes and not self.officers_can_move(officers, rebels)
            return (officers, rebels, OFFICERS, self.unchecked if stuck else 0)
        if frm != to:
            officers ^= 1 << frm | 1 << to
        return (officers & ~removed, rebels & ~captured, REBELS, after)

    # -- game end ------------------------------------------------------------
    def decided(self, state: State) -> tuple[int, str] | None:
        """The winner and reason if the position ends the game by material or fortress.

        Checked in this order: fortress full, no officer left, too few rebels. Being
        without a move is found by :meth:`outcome`, which needs the move list; where a pass is a
        move, officers that cannot move have lost on their turn, unless the rebels' pass (or an
        officer's huff, on the rebels' turn) left them so: the script checks no win then.
        """
        officers, rebels, side, unchecked = state
        if side == PLACING:
            return None
        if rebels & self.fortress == self.fortress:
            return REBELS, FORTRESS
        checked = not self.passes or (side == OFFICERS and not unchecked & self.unchecked)
        if not officers and checked:
            return REBELS, NO_OFFICERS
        if popcount(rebels) < self.threshold:
            return OFFICERS, DEPLETED
        if self.passes and checked and not self.officers_can_move(officers, rebels):
            return REBELS, NO_MOVES
        return None

    def can_move(self, state: State) -> bool:
        """Whether the side to move has a legal move: :meth:`moves` is not empty, without listing them."""
        officers, rebels, side, huffable = state
        if side == PLACING:  # the officers go on free fortress points: enough of them must be free
            return popcount(self.fortress & ~rebels) >= self.officer_count
        if self.passes:
            return True
        if side == OFFICERS:
            return self.officers_can_move(officers, rebels)
        if huffable:
            return bool(self._rebel_moves(officers, rebels, huffable))
        empty = self.all ^ officers ^ rebels
        steps = self.rebel_steps
        return any(steps[p] & empty for p in bits(rebels))

    def officers_can_move(self, officers: int, rebels: int) -> bool:
        empty = self.all ^ officers ^ rebels
        for o in bits(officers):
            if self.neighbours[o] & empty:
                return True
            for over, to, _ in self.jumps[o]:
                if rebels & over and empty & to:
                    return True
        return False

    def outcome(self, state: State, moves: list[RawMove] | None = None) -> tuple[int, str] | None:
        """``(winner, reason)`` if the game is over in ``state``, else None."""
        done = self.decided(state)
        if done or state[2] == PLACING:
            return done
        if moves is None:
            moves = self.moves(state)
        if moves:
            return None
        if state[2] == OFFICERS:
            return (OFFICERS, BLOCKED) if self.blocking_loses else (REBELS, NO_MOVES)
        return OFFICERS, NO_MOVES


def _moved(mask: int, frm: int, to: int) -> int:
    """``mask`` of officers after the one on ``frm`` moved to ``to``: a fault follows the officer."""
    return mask & ~(1 << frm) | (1 << to if mask >> frm & 1 else 0)


_KERNELS: dict[str, Kernel] = {}


def kernel(name: str) -> Kernel:
    """The compiled kernel of a ruleset, built once per process."""
    k = _KERNELS.get(name)
    if k is None:
        k = _KERNELS[name] = Kernel(find_ruleset(name))
    return k
