"""Search: iterative-deepening principal-variation alpha-beta on raw kernel states.

The search is a generator, like Sunfish's: it yields ``None`` every
:data:`YIELD_EVERY` nodes (so a browser worker can return to its event loop and a
caller can cancel by simply not asking for more) and a :class:`Result` after each
completed depth. Scores are from the side to move's view; a won game scores
``WIN - ply`` so the shortest win and the longest loss are preferred.

>>> from asalto_core.position import Position
>>> start = Position.start("assault")
>>> results = [r for r in Searcher("assault").iterate(start.state, max_depth=2) if r]
>>> [r.depth for r in results], [start.geometry.points[p] for p in results[-1].pv[0][5]]
([1, 2], ['d4', 'd5'])
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .chance import splitmix64
from .compat import MICROPYTHON, perf_counter, stable_sorted
from .evaluation import evaluator
from .geometry import BIT_INDEX, popcount
from .movegen import OFFICERS, PLACING, REBELS, kernel

if TYPE_CHECKING:
    from collections.abc import Generator, Iterable, Iterator

    from .movegen import RawMove, State

WIN = 100_000  # a won game; WIN - ply is a win found ply moves from the root
WON = WIN - 1_000  # scores beyond this are wins (no game is 1000 plies deep)
MAX_PLY = 120  # deepest ply the search (with extensions and quiescence) goes
# Nodes between yields and clock checks: ~20-50 ms of CPython, well under a frame budget. A node costs
# MicroPython about 0.6 ms (2.4 ms on a phone-class CPU), so there a search checks 16 times as often,
# or casual's half second would run on for up to a second and more (bench/results/book.md).
YIELD_EVERY = 64 if MICROPYTHON else 1024
# A search of under SHORT seconds checks its clock every 64 nodes, a few milliseconds: a level on a
# nearly spent game clock must not run on for tens of them (bots.LevelBot).
SHORT = 0.5
# Late-move reductions. Quiet moves from the fourth on (index LMR_FROM), at depth >= LMR_DEPTH, are first
# searched LMR_BASE + ln(depth) * ln(index) / LMR_DIV plies shallower (rounded down, at least one, one less at
# a PV node), and again at full depth if they beat alpha. A reduction skips no move, so a WIN score still
# needs every defence searched to the game's end. The table was picked by the depth of a 3 s search
# (bench/results/tuning.md).
LMR_FROM = 3
LMR_DEPTH = 3
LMR_DIV = 2.0
LMR_BASE = 0.5
LMR_MOVES = 64  # move indices past this one are reduced as this one
LMR = tuple(
    tuple(
        0 if i < LMR_FROM or d < LMR_DEPTH else max(1, min(d - 2, int(LMR_BASE + math.log(d) * math.log(i) / LMR_DIV)))
        for i in range(LMR_MOVES + 1)
    )
    for d in range(MAX_PLY + 1)
)
EXACT, LOWER, UPPER = 0, 1, 2  # transposition-table bounds
# Entries the transposition table keeps between searches: about 60 MB of CPython dict and tuples, roughly
# what two or three 3-second searches store. Past it the shallow entries go first (see Searcher.trim).
TT_SIZE = 300_000
# Static scores kept for positions quiescence meets again (15-35% of its calls in a 3 s search): the
# evaluation is half the search's time: 5-13% more nodes per second. Past this many entries (about 12 MB of
# CPython objects) the cache starts afresh.
EVAL_CACHE = 50_000


class OutOfBudget(Exception):
    """Raised inside the search when the time or node budget is spent."""


@dataclass
class Result:
    """One completed iteration: the best move, its score and line, and the work done.

    ``scores`` lists every root move's score in the order searched (exact when searched
    full-width): a list, not a dict, because MicroPython's dicts keep no order. ``lines`` holds
    the best root moves' lines, best first, each with its exact score (``(score, line)``): as many
    as the search was asked for (multi-PV), fewer where there are fewer moves.
    """

    __match_args__ = ("move", "score", "pv", "depth", "nodes", "seconds", "scores", "lines")  # for MicroPython
    move: RawMove
    score: int
    pv: list[RawMove]
    depth: int
    nodes: int
    seconds: float
    scores: list[tuple[RawMove, int]]
    lines: list[tuple[int, list[RawMove]]]


class Zobrist:
    """Random 64-bit keys per point for officers, rebels and huffable officers, and per side.

    Keys come from a fixed seed through SplitMix64 (written out, since MicroPython's ``random``
    differs from CPython's), so hashes are the same in every process, browser and interpreter.
    """

    def __init__(self, points: int) -> None:
        keys = splitmix64(0x5EED, 3 * points + 4)
        self.officer = keys[:points]
        self.rebel = keys[points : 2 * points]
        # One more than the points: the kernel's ``unchecked`` bit (a pass left the officers stuck).
        self.huff = keys[2 * points : 3 * points] + keys[-1:]
        self.side = keys[3 * points : 3 * points + 3]

    @staticmethod
    def _mask(mask: int, keys: list[int]) -> int:
        h = 0
        while mask:
            low = mask & -mask
            mask ^= low
            h ^= keys[BIT_INDEX[low]]
        return h

    def full(self, state: State) -> int:
        officers, rebels, side, huffable = state
        return (
            self._mask(officers, self.officer)
            ^ self._mask(rebels, self.rebel)
            ^ self._mask(huffable, self.huff)
            ^ self.side[side]
        )

    def child(self, h: int, state: State, move: RawMove, after: State) -> int:
        """The hash of ``after`` = ``state`` + ``move``, from the move alone."""
        side = state[2]
        if side == PLACING:
            return self.full(after)
        frm, to, captured, removed, huff_after, _ = move
        h ^= self.side[side] ^ self.side[after[2]]
        if state[3]:
            h ^= self._mask(state[3], self.huff)
        if side == REBELS:
            if frm >= 0:
                h ^= self.rebel[frm] ^ self.rebel[to]
            elif after[3]:
                h ^= self._mask(after[3], self.huff)  # the rebels' pass left the officers stuck
        else:
            if frm != to:
                h ^= self.officer[frm] ^ self.officer[to]
            if captured:
                h ^= self._mask(captured, self.rebel)
            if huff_after:
                h ^= self._mask(huff_after, self.huff)
        if removed:
            h ^= self._mask(removed, self.officer)
        return h


class Searcher:
    """Alpha-beta over one ruleset's kernel, with a transposition table kept between searches.

    Keep one Searcher for a whole game and each search starts from what the last ones learned;
    ``tt_size`` bounds the table (:meth:`trim`), so a long game does not grow it without end.
    """

    def __init__(self, ruleset: str, tt_size: int = TT_SIZE) -> None:
        self.tt_size = tt_size
        self.kernel = k = kernel(ruleset)
        self.evaluate = evaluator(ruleset).evaluate
        self.fills_next = evaluator(ruleset).fills_next
        self.evals: dict[State, int] = {}
        self.zobrist = Zobrist(len(k.geometry.points))
        self.tt: dict[int, tuple[int, int, int, RawMove | None]] = {}
        self.history: dict[RawMove, int] = {}
        self.killers: list[list[RawMove | None]] = [[None, None] for _ in range(MAX_PLY + 1)]
        self.nodes = 0

    # -- driver ---------------------------------------------------------------
    def iterate(
        self,
        state: State,
        *,
        max_depth: int = 60,
        node_limit: int | None = None,
        time_limit: float | None = None,
        seen: Iterable[int] = (),
        full_width: bool = False,
        lines: int = 1,
    ) -> Iterator[Result | None]:
        """Search ``state`` one depth after another; yield None now and then, a Result per depth.

        ``seen`` holds the hashes of earlier positions of the game: reaching one again
        scores as a draw. ``full_width`` searches every root move with an open window
        so that :attr:`Result.scores` is exact for all of them (the weaker levels use it).
        ``lines`` asks for the best that many root moves with exact scores and their lines
        (:attr:`Result.lines`, the analysis board's multi-PV); one line searches as ever.
        On running out of budget the generator returns; an unfinished depth is dropped.
        """
        self.start = perf_counter()
        self.deadline = self.start + time_limit if time_limit is not None else None
        self.node_limit = node_limit
        self.nodes = 0
        self.every = 64 if time_limit is not None and time_limit < SHORT else YIELD_EVERY
        self.next_check = min(self.every, node_limit or self.every)
        self.path = {h: 1 for h in seen}
        self.killers = [[None, None] for _ in range(MAX_PLY + 1)]
        self.trim()
        # Old history counts still order moves, but this search's cutoffs soon outweigh them.
        self.history = {m: v >> 2 for m, v in self.history.items() if v >> 2}
        h = self.zobrist.full(state)
        self.path[h] = 1
        k = self.kernel
        moves = k.moves(state)
        if not moves or k.decided(state):
            return
        best: list[RawMove] = []
        for depth in range(1, max_depth + 1):
            try:
                scores = yield from self._root(state, h, depth, moves, best, full_width, lines)
            except OutOfBudget:
                return
            # The best first, ties in the order searched (a stable sort): the first of the best leads.
            top = stable_sorted(scores, key=lambda ms: -ms[1])[:lines]
            best = [m for m, _ in top]
            move, score = top[0]
            found = [(v, self.line(state, h, m, depth)) for m, v in top]
            yield Result(move, score, found[0][1], depth, self.nodes, perf_counter() - self.start, scores, found)
            if abs(score) > WON and WIN - abs(score) <= depth:
                return  # a forced result seen to its end: searching deeper cannot change it

    def _root(
        self,
        state: State,
        h: int,
        depth: int,
        moves: list[RawMove],
        best: list[RawMove],
        full_width: bool,
        lines: int,
    ) -> Generator[None, None, list[tuple[RawMove, int]]]:
        """Scores of the root moves at ``depth``: exact for the best ``lines`` of them, bounds for the rest
        unless full width. The last depth's best moves go first, in their order."""
        ordered = self._order(moves, best[0] if best else None, 0)
        ordered = best + [m for m in ordered if m not in best]
        beta = WIN + 1
        exact: list[int] = []  # the scores known exactly, best first; alpha is the lines-th of them
        scores: list[tuple[RawMove, int]] = []
        for m in ordered:
            child = self.kernel.play(state, m)
            ch = self.zobrist.child(h, state, m, child)
            if full_width or len(exact) < lines:
                score = -(yield from self._search(child, ch, depth - 1, -beta, WIN + 1, 1))
            else:
                # A null window at the lines-th best: a move that cannot beat it needs no exact score.
                alpha = exact[lines - 1]
                score = -(yield from self._search(child, ch, depth - 1, -alpha - 1, -alpha, 1))
                if score <= alpha:
                    scores.append((m, score))
                    continue
                score = -(yield from self._search(child, ch, depth - 1, -beta, -score, 1))
            scores.append((m, score))
            if not full_width:
                exact = stable_sorted(exact + [score], key=lambda v: -v)[:lines]
        return scores

    def _check(self) -> None:
        """Stop when the budget is spent; called every :data:`YIELD_EVERY` nodes."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise OutOfBudget
        if self.deadline is not None and perf_counter() >= self.deadline:
            raise OutOfBudget
        self.next_check = self.nodes + self.every
        if self.node_limit is not None:
            self.next_check = min(self.next_check, self.node_limit)
        if len(self.tt) > 2 * self.tt_size:
            self.trim()  # a long analysis: bound the table as it goes
        if len(self.evals) > EVAL_CACHE:
            self.evals = {}

    def trim(self) -> None:
        """Bring the table under ``tt_size``: drop the shallowest entries (cheapest to find again) first."""
        tt = self.tt
        floor = 1
        while len(tt) > self.tt_size:
            tt = {h: e for h, e in tt.items() if e[0] > floor}
            floor += 1
        self.tt = tt

    # -- the search -------------------------------------------------------------
    def _search(self, state: State, h: int, depth: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        """Negamax with PVS, a transposition table, killers, history and late-move reductions."""
        self.nodes += 1
        if self.nodes >= self.next_check:
            self._check()
            yield None
        k = self.kernel
        side = state[2]
        done = k.decided(state)
        if done:
            return WIN - ply if done[0] == (side if side != PLACING else OFFICERS) else ply - WIN
        # A position already on the path (or earlier in the game) is a draw by repetition.
        if self.path.get(h):
            return 0
        if depth <= 0 or ply >= MAX_PLY:
            return self._quiesce(state, alpha, beta, ply)
        entry = self.tt.get(h)
        hash_move = None
        if entry:
            e_depth, e_flag, e_score, hash_move = entry
            if e_depth >= depth:
                if e_score > WON:
                    e_score -= ply
                elif e_score < -WON:
                    e_score += ply
                if e_flag == EXACT or (e_flag == LOWER and e_score >= beta) or (e_flag == UPPER and e_score <= alpha):
                    return e_score
        moves = k.moves(state)
        if not moves:
            return self._stuck(side, ply)
        # A forced reply costs nothing to look past, except a capture where capturing is compulsory: nearly
        # every single reply there is one, and the extension would compound down every line (the figures:
        # bench/results/tuning.md). Quiescence still plays them out.
        if len(moves) == 1 and not (k.forced and moves[0][2]):
            depth += 1
        orig_alpha = alpha
        best, best_move = -WIN - 1, None
        self.path[h] = 1
        play, child_hash = k.play, self.zobrist.child
        try:
            for i, m in enumerate(self._order(moves, hash_move, ply)):
                child = play(state, m)
                ch = child_hash(h, state, m, child)
                quiet = not (m[2] or m[3])
                if i == 0:
                    score = -(yield from self._search(child, ch, depth - 1, -beta, -alpha, ply + 1))
                else:
                    r = 0
                    if quiet and m not in self.killers[ply]:
                        r = LMR[min(depth, MAX_PLY)][min(i, LMR_MOVES)]
                        if r and beta - alpha > 1:
                            r -= 1
                    score = -(yield from self._search(child, ch, depth - 1 - r, -alpha - 1, -alpha, ply + 1))
                    if score > alpha and (r or (score < beta and beta - alpha > 1)):
                        score = -(yield from self._search(child, ch, depth - 1, -beta, -alpha, ply + 1))
                if score > best:
                    best, best_move = score, m
                    if score > alpha:
                        alpha = score
                        if alpha >= beta:
                            if quiet:
                                killers = self.killers[ply]
                                if killers[0] != m:
                                    killers[1], killers[0] = killers[0], m
                                self.history[m] = self.history.get(m, 0) + depth * depth
                            break
        finally:
            del self.path[h]
        flag = LOWER if best >= beta else UPPER if best <= orig_alpha else EXACT
        stored = best + ply if best > WON else best - ply if best < -WON else best
        self.tt[h] = (depth, flag, stored, best_move)
        return best

    def _quiesce(self, state: State, alpha: int, beta: int, ply: int) -> int:
        """Captures and huffs only, so a leaf is never scored in the middle of an exchange.

        The side to move may stand pat on the static score, except an officer that has a
        capture where not capturing is punished (forced capture, or a huff to follow).
        A rebel step that fills the fortress is a win found here too.
        """
        self.nodes += 1
        k = self.kernel
        side = state[2]
        done = k.decided(state)
        if done:
            return WIN - ply if done[0] == (side if side != PLACING else OFFICERS) else ply - WIN
        officers, rebels, _, huffable = state
        if side == REBELS:
            if self.fills_next(officers, rebels):
                return WIN - ply - 1
            if not huffable:
                return self._static(state)
            tactical = [m for m in k.moves(state) if m[3]]
            stand = True
        else:
            if not self._can_jump(officers, rebels):
                # No capture: no tactics to look at; only whether the officers can move at all
                # (where a pass is a move, officers that cannot move and have not lost pass).
                if not self._can_step(officers, rebels) and not k.passes:
                    return self._stuck(side, ply)
                return self._static(state)
            moves = k.moves(state)
            tactical = [m for m in moves if m[2]]
            stand = not (tactical and self._punished(officers))
            if len(tactical) > 1:
                tactical = stable_sorted(tactical, key=lambda m: -popcount(m[2]))
        best = -WIN - 1
        if stand:
            best = self._static(state)
            if best >= beta or ply >= MAX_PLY:
                return best
            alpha = max(alpha, best)
        for m in tactical:
            score = -self._quiesce(k.play(state, m), -beta, -alpha, ply + 1)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _static(self, state: State) -> int:
        """The evaluation of ``state``, from the cache when quiescence met it before."""
        score = self.evals.get(state)
        if score is None:
            score = self.evals[state] = self.evaluate(state)
        return score

    def _can_jump(self, officers: int, rebels: int) -> bool:
        """Whether an officer has a capture (cheaper than generating the moves, which most nodes need not)."""
        empty = self.kernel.all ^ officers ^ rebels
        jumps = self.kernel.jumps
        while officers:
            low = officers & -officers
            officers ^= low
            for over, to, _t in jumps[BIT_INDEX[low]]:
                if rebels & over and empty & to:
                    return True
        return False

    def _can_step(self, officers: int, rebels: int) -> bool:
        """Whether an officer has an empty neighbour (with no capture, its only kind of move)."""
        empty = self.kernel.all ^ officers ^ rebels
        neighbours = self.kernel.neighbours
        while officers:
            low = officers & -officers
            officers ^= low
            if neighbours[BIT_INDEX[low]] & empty:
                return True
        return False

    def _punished(self, officers: int) -> bool:
        """Whether officers that could capture and step instead lose for it (so they may not stand pat)."""
        k = self.kernel
        if k.passes:
            return False  # a pass declines the capture for nothing
        if k.forced or k.duty == "auto-huff-all" or k.max_huffs is None:
            return True
        return k.officer_count - popcount(officers) < k.max_huffs

    def _stuck(self, side: int, ply: int) -> int:
        """The score of the side to move when it has no legal move."""
        if side == OFFICERS and self.kernel.blocking_loses:
            return WIN - ply
        return ply - WIN

    def _order(self, moves: list[RawMove], hash_move: RawMove | None, ply: int) -> list[RawMove]:
        """Hash move, then captures (most rebels first) and huffs, killers, then by history."""
        killers = self.killers[ply] if ply <= MAX_PLY else (None, None)
        history = self.history

        def key(m: RawMove) -> int:
            if m == hash_move:
                return 1 << 40
            if m[2]:
                return (1 << 36) + popcount(m[2])
            if m[3]:
                return 1 << 35
            if m == killers[0]:
                return 1 << 34
            if m == killers[1]:
                return 1 << 33
            return history.get(m, 0)

        return stable_sorted(moves, key=key, reverse=True)

    def line(self, state: State, h: int, move: RawMove, depth: int) -> list[RawMove]:
        """The principal variation: the root move, then hash moves while they are legal.

        A move that wins on the spot goes first: quiescence scores a fortress filled next
        move as a win without storing the move, and the hash move found there may be an
        older search's (bench/verdicts.py caught a line going on past the announced win).
        """
        k = self.kernel
        pv = [move]
        seen = {h}
        child = k.play(state, move)
        state, h = child, self.zobrist.child(h, state, move, child)
        while len(pv) < depth + 8 and h not in seen and not k.decided(state):
            seen.add(h)
            moves = k.moves(state)
            mover = OFFICERS if state[2] == PLACING else state[2]
            win = next((m for m in moves if (k.decided(k.play(state, m)) or (-1,))[0] == mover), None)
            entry = self.tt.get(h)
            m = win or (entry[3] if entry else None)
            if m is None or m not in moves:
                break
            pv.append(m)
            child = k.play(state, m)
            state, h = child, self.zobrist.child(h, state, m, child)
        return pv
