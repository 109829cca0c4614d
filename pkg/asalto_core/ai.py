"""The computer player: levels, analysis for the page, and the entry points its worker calls.

:func:`analyse` is a generator over the search (:mod:`asalto_core.search`): it yields
None every thousand-odd nodes, so a browser worker can return to its event loop or
cancel by not asking for more, and an :class:`Analysis` after each completed depth.
The last Analysis yielded is the answer. :func:`best_move` runs it to the end.

>>> a = best_move("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", node_limit=2000)
>>> str(a.move), a.to_json()["side"]
('d4-d5', 'rebels')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .chance import Chooser
from .compat import perf_counter
from .errors import AsaltoError, quote
from .geometry import popcount
from .movegen import PASS
from .notation import Move, move_from_raw
from .position import SIDE_NAMES, Position
from .search import TT_SIZE, WIN, WON, Result, Searcher

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence
    from typing import Any

    from .movegen import RawMove

# A score of SCALE centi-rebels reads as 1/(1+e^-1) = 73% to win: hand-set so that two rebels
# up (a common lead that the side ahead usually converts in self-play) shows as about 69%.
SCALE = 250
MAX_LINES = 5  # the most lines an analysis is asked for (the page shows three, as lichess's default)


@dataclass(frozen=True)
class Level:
    """A playing strength: the time per move, the deepest search, and how far from best it may stray.

    ``margin`` (centi-rebels) lets the weaker levels pick a move that is almost as good as
    the best (never a forced loss the best avoids), as a human who sees the idea but not
    every detail would; ``max_depth`` keeps them from seeing deep combinations.
    """

    __match_args__ = ("name", "title", "time_limit", "max_depth", "margin", "description")  # for MicroPython
    name: str
    title: str
    time_limit: float
    max_depth: int
    margin: int = 0
    description: str = ""


LEVELS: dict[str, Level] = {
    lv.name: lv
    for lv in (
        Level("beginner", "Beginner", 0.25, 2, 120, "looks one move ahead and often settles for a decent move"),
        Level("casual", "Casual", 0.5, 4, 40, "sees simple combinations; sometimes picks the second-best move"),
        Level("strong", "Strong", 1.0, 60, 0, "searches about a second per move and plays its best move"),
        Level("strongest", "Strongest", 3.0, 60, 0, "searches about three seconds per move"),
    )
}


# A level on a game clock (the arena's --game-time) shares what is left over the moves to come, as
# chess engines do in sudden death: never the last CLOCK_MARGIN seconds (the answer's way back, the
# arena's own time per move, a busy machine), less what each move costs beyond its search (as the
# clock showed), and no search under CLOCK_FLOOR: with less, it answers at once (bots.LevelBot).
CLOCK_MARGIN = 0.3
CLOCK_MOVES = 30  # moves a side is assumed still to play, however many it has played
CLOCK_FLOOR = 0.02


def clock_budget(level: str, seconds_left: float, overhead: float = 0.0) -> float | None:
    """The seconds ``level`` may search for a move with ``seconds_left`` on its game clock, each move
    costing ``overhead`` seconds besides: its own time per move at most, else what is left past the
    margin shared over :data:`CLOCK_MOVES` moves; never more than what is left past the margin.
    None: under the floor, no time to think: answer at once.

    >>> round(clock_budget("strong", 10.0), 3), clock_budget("strong", 3.3), clock_budget("strong", 0.31)
    (0.323, 0.1, None)
    >>> clock_budget("strong", 3.3, overhead=0.05), clock_budget("strong", 3.3, overhead=0.09)
    (0.05, None)
    """
    share = (seconds_left - CLOCK_MARGIN) / CLOCK_MOVES - max(0.0, overhead)
    return min(LEVELS[level].time_limit, share) if share >= CLOCK_FLOOR else None


@dataclass(frozen=True)
class Line:
    """One of the best lines the analysis board shows (multi-PV): its moves and score, from the mover's view."""

    __match_args__ = ("score", "mate", "pv", "side")  # for MicroPython
    score: int
    mate: int | None
    pv: tuple[Move, ...]
    side: str = "rebels"

    def win_probability(self) -> float:
        """The chance the side to move wins after this line's first move, 0..1 (as Analysis's)."""
        return _win_probability(self.score, self.mate)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page's worker: the figures the page puts in words in its language."""
        return {
            "move": str(self.pv[0]),
            "score": self.score,
            "mate": self.mate,
            "pv": [str(m) for m in self.pv],
            "win_probability": round(self.win_probability(), 4),
            "side": self.side,
        }


@dataclass(frozen=True)
class Analysis:
    """What the engine thinks of a position: its move, score and line, from the mover's view.

    ``lines`` holds the best lines asked for (:class:`Line`, best first; the first is the
    move's own), one unless the search was asked for more and found as many moves.
    """

    __match_args__ = ("move", "score", "mate", "pv", "depth", "nodes", "seconds", "side", "lines")  # MicroPython
    move: Move
    score: int
    mate: int | None
    pv: tuple[Move, ...]
    depth: int
    nodes: int
    seconds: float
    side: str = "rebels"
    lines: tuple[Line, ...] = ()

    def win_probability(self) -> float:
        """The chance the side to move wins, 0..1 (1 or 0 for a forced result).

        >>> Analysis(Move.parse("d4-d5"), 0, None, (), 1, 1, 0.0).win_probability()
        0.5
        """
        return _win_probability(self.score, self.mate)

    def describe(self) -> str:
        """The score in words, e.g. ``'Rebels win in 5'`` or ``'Officers are better (64%)'``.

        >>> Analysis(Move.parse("d4-d5"), 99997, 3, (), 3, 10, 0.0, "rebels").describe()
        'Rebels win in 2'
        """
        other = "officers" if self.side == "rebels" else "rebels"
        if self.mate is not None:
            winner = self.side if self.mate > 0 else other
            plies = abs(self.mate)
            moves = (plies + 1) // 2 if self.mate > 0 else plies // 2
            return f"{_capital(winner)} win in {max(1, moves)}"
        p = self.win_probability()
        leader, pct = (self.side, p) if p >= 0.5 else (other, 1 - p)
        if pct < 0.55:
            return f"The game is balanced ({round(pct * 100)}% {leader})"
        return f"{_capital(leader)} are better ({round(pct * 100)}%)"

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page's worker."""
        return {
            "move": str(self.move),
            "score": self.score,
            "mate": self.mate,
            "pv": [str(m) for m in self.pv],
            "depth": self.depth,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 3),
            "win_probability": round(self.win_probability(), 4),
            "describe": self.describe(),
            "side": self.side,
            "lines": [line.to_json() for line in self.lines],
        }


def _win_probability(score: int, mate: int | None) -> float:
    """The side to move's chance to win from a score (centi-rebels) or a forced result."""
    if mate is not None:
        return 1.0 if mate > 0 else 0.0
    return 1 / (1 + math.exp(-score / SCALE))


def _capital(word: str) -> str:
    """``word`` with a capital first letter (MicroPython's str has no ``capitalize``)."""
    return word[:1].upper() + word[1:]


class Player:
    """The computer of one game: :meth:`analyse` as the module's, but each search starts from the last ones.

    It keeps one :class:`~asalto_core.search.Searcher` per ruleset, so the transposition table
    (bounded by ``tt_size`` entries) carries what one move's search learned into the next; the
    page's worker keeps one Player for as long as it lives. Only the full-strength levels share
    it: the weaker ones search afresh, so what the stronger searches found does not make them strong.
    Its answers depend on what it searched before; :meth:`clear` forgets it all.

    >>> player = Player()
    >>> start = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"
    >>> first = player.best_move(start, node_limit=6000)
    >>> steps = [a for a in player.analyse(start, node_limit=6000) if a]  # progress as analyse's
    >>> str(steps[-1].move), steps[-1].depth > first.depth
    ('d4-d5', True)
    """

    def __init__(self, tt_size: int = TT_SIZE) -> None:
        self.tt_size = tt_size
        self.searchers: dict[str, Searcher] = {}

    def clear(self) -> None:
        """Forget every search (a new game need not: positions of another game are just not found)."""
        self.searchers.clear()

    def analyse(
        self,
        position: Position | str,
        level: str = "strongest",
        *,
        time_limit: float | None = None,
        node_limit: int | None = None,
        seed: int = 0,
        history: Sequence[str | Position] = (),
        lines: int = 1,
    ) -> Iterator[Analysis | None]:
        """Like :func:`analyse` (same arguments, same yields), with the kept table."""
        position, lv = _check(position, level)
        if lv.margin:
            searcher = Searcher(position.ruleset, self.tt_size)
        else:
            kept = self.searchers.get(position.ruleset)
            if kept is None:
                kept = self.searchers[position.ruleset] = Searcher(position.ruleset, self.tt_size)
            searcher = kept
        yield from _analyse(searcher, position, lv, time_limit, node_limit, seed, history, lines)

    def best_move(self, position: Position | str, level: str = "strongest", **kw: Any) -> Analysis:
        """Run :meth:`analyse` to the end and return its answer."""
        return _last(self.analyse(position, level, **kw))


def analyse(
    position: Position | str,
    level: str = "strongest",
    *,
    time_limit: float | None = None,
    node_limit: int | None = None,
    seed: int = 0,
    history: Sequence[str | Position] = (),
    lines: int = 1,
) -> Iterator[Analysis | None]:
    """Search ``position``; yield None every ~1000 nodes and an :class:`Analysis` per completed depth.

    Stopping the iteration at any point cancels; the last Analysis yielded is the answer,
    and there is always one, even when the budget runs out before depth 1 is done.
    ``history`` holds the game's earlier positions (their texts, or the positions themselves,
    which a caller that has them saves reading again): returning to one is scored as a draw.
    ``time_limit``/``node_limit`` replace the level's time budget. ``lines`` asks a full-strength
    level for that many best lines (:attr:`Analysis.lines`; fewer where there are fewer moves).
    With the same arguments and a node budget, the answer is always the same (each call
    searches afresh; a :class:`Player` keeps its table from one call to the next).

    >>> steps = list(analyse("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", node_limit=500))
    >>> [a.depth for a in steps if a][:3]
    [1, 2, 3]
    """
    position, lv = _check(position, level)
    yield from _analyse(Searcher(position.ruleset), position, lv, time_limit, node_limit, seed, history, lines)


def _check(position: Position | str, level: str) -> tuple[Position, Level]:
    """The position and level to search, or :class:`AsaltoError` for an unknown level or a finished game."""
    if isinstance(position, str):
        position = Position.from_text(position)
    if not isinstance(position, Position):
        raise AsaltoError(f"a position or its text is searched, not {quote(position)}")
    if not isinstance(level, str) or level not in LEVELS:
        raise AsaltoError(f"unknown level {quote(level)}; levels: {', '.join(LEVELS)}")
    if not position.raw_moves() or position.outcome():
        raise AsaltoError(f"no move to find in {position.text()!r}: the game is over")
    return position, LEVELS[level]


def _analyse(
    searcher: Searcher,
    position: Position,
    lv: Level,
    time_limit: float | None,
    node_limit: int | None,
    seed: int,
    history: Sequence[str | Position],
    lines: int = 1,
) -> Iterator[Analysis | None]:
    if time_limit is not None and (
        isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) or not 0 < time_limit < math.inf
    ):  # a NaN would never run out: the search would never end
        raise AsaltoError(f"the time limit must be a number of seconds above 0, not {quote(time_limit)}")
    if node_limit is not None and (type(node_limit) is not int or node_limit < 1):
        raise AsaltoError(f"the node limit must be a whole number from 1, not {quote(node_limit)}")
    if type(lines) is not int or not 1 <= lines <= MAX_LINES:
        raise AsaltoError(f"the lines asked for must be a whole number from 1 to {MAX_LINES}, not {quote(lines)}")
    if lines > 1 and lv.margin:
        raise AsaltoError(f"only a full-strength level shows several lines, not {lv.name}")
    if not isinstance(history, (list, tuple)) or not all(isinstance(t, (str, Position)) for t in history):
        raise AsaltoError("the history must be a list of position texts")
    if time_limit is None and node_limit is None:
        time_limit = lv.time_limit
    before = [t if isinstance(t, Position) else Position.from_text(t) for t in history]
    for i, p in enumerate(before):
        if p.ruleset != position.ruleset:  # another board's position: its points are not this board's
            raise AsaltoError(f"history position {i + 1} is of the {p.ruleset} rules, not {position.ruleset}")
    seen = [searcher.zobrist.full(p.state) for p in before]
    last = None
    for r in searcher.iterate(
        position.state,
        max_depth=lv.max_depth,
        node_limit=node_limit,
        time_limit=time_limit,
        seen=seen,
        full_width=lv.margin > 0,
        lines=lines,
    ):
        if r is None:
            yield None
            continue
        if lv.margin:
            r = _humanise(r, lv, Chooser(f"{seed}:{position.text()}"), searcher, position)
        last = _analysis(position, r)
        yield last
    if last is None:
        yield _analysis(position, _fallback(searcher, position, position.raw_moves()))


def _last(steps: Iterator[Analysis | None]) -> Analysis:
    answer = None
    for a in steps:
        if a is not None:
            answer = a
    assert answer is not None  # analyse always yields one
    return answer


def best_move(position: Position | str, level: str = "strongest", **kw: Any) -> Analysis:
    """Run :func:`analyse` to the end and return its answer.

    >>> a = best_move("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", node_limit=1)
    >>> str(a.move), a.depth
    ('d4-d5', 0)
    """
    return _last(analyse(position, level, **kw))


def book_move(position: Position, level: str, seed: int = 0, history: Sequence[str] = ()) -> Analysis | None:
    """The level's move from the ruleset's opening book (:mod:`asalto_core.book`), or None when the
    position is not in it: what the page and ``asalto play`` do before they search."""
    from . import book  # the book's files are read on the first question

    found = book.load(position.ruleset)
    choice = found and found.choose(position, LEVELS[level].margin, seed, history)
    if not choice:
        return None
    side = SIDE_NAMES[position.state[2]]
    line = Line(choice.score, None, (choice.move,), side)
    return Analysis(choice.move, choice.score, None, (choice.move,), choice.depth, 0, 0.0, side, (line,))


def _analysis(position: Position, r: Result) -> Analysis:
    side = SIDE_NAMES[position.state[2]]
    pv = _moves(position, r.pv)
    found = tuple(Line(score, _mate(score), _moves(position, line), side) for score, line in r.lines)
    return Analysis(pv[0], r.score, _mate(r.score), pv, r.depth, r.nodes, r.seconds, side, found)


def _mate(score: int) -> int | None:
    """Plies to a forced result (positive: the side to move wins), or None for a score of judgement."""
    return WIN - score if score > WON else -(WIN + score) if score < -WON else None


def _moves(position: Position, raw: list[RawMove]) -> tuple[Move, ...]:
    """A line's raw moves as moves, each read in the position it is played in."""
    g, state, k = position.geometry, position.state, position.kernel
    moves = []
    for m in raw:
        moves.append(move_from_raw(g, m, state[2]))
        state = k.play(state, m)
    return tuple(moves)


def _humanise(r: Result, lv: Level, rng: Chooser, searcher: Searcher, position: Position) -> Result:
    """A weaker level's pick: a move scoring within ``margin`` of the best, nearer ones likelier.

    A move that loses by force is never picked; when every move does, the best (slowest) loss is
    played, so the verdict shown is the position's own, not that of a quicker loss.
    """
    best = r.score
    if best <= -WON:
        return r
    # A pass (the course's rules) only as the best move: a player that strays passes no more for it.
    choices = [(m, s) for m, s in r.scores if s >= best - lv.margin and s > -WON and (m != PASS or m == r.move)]
    weights = [math.exp((s - best) * 3 / lv.margin) for _, s in choices]
    move, score = rng.choice(choices, weights)
    if move == r.move:
        return r
    line = searcher.line(position.state, searcher.zobrist.full(position.state), move, r.depth)
    return Result(move, score, line, r.depth, r.nodes, r.seconds, r.scores, [(score, line)])


def _fallback(searcher: Searcher, position: Position, raw: list[RawMove]) -> Result:
    """A legal move when not even depth 1 finished: the biggest capture or huff, else the first move."""
    move = max(raw, key=lambda m: (popcount(m[2]), popcount(m[3])))
    score = -searcher.evaluate(position.kernel.play(position.state, move))
    return Result(move, score, [move], 0, searcher.nodes, perf_counter() - searcher.start, [(move, score)],
                  [(score, [move])])  # fmt: skip
