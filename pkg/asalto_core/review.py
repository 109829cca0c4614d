"""Post-game review: the officers' win chance after every move, and the moves that changed it.

:func:`evaluate` searches each position of a game with the strongest level (a number of nodes
per position the player chooses, so the same game is judged the same on every machine) and yields
one :class:`Point` per position; :func:`judge`
then marks the moves where the chance moved most against the side that moved, with the
better move, its line and a reason in words. Runs in the AI's worker (it needs the search);
the thresholds are accuracy.py's (with the accuracy figures), the ones docs/playing.md states.

>>> from asalto_core import Game
>>> game = Game("assault")
>>> for m in ("d4-d5", "c5-c6", "d3-d4"):
...     _ = game.play(m)
>>> points = [p for p in evaluate(game, node_limit=300) if p is not None]
>>> [p.ply for p in points], all(0 <= p.officers <= 1 for p in points)
([0, 1, 2, 3], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .accuracy import BLUNDER, INACCURACY, MISTAKE
from .ai import analyse
from .errors import AsaltoError, quote
from .position import Position
from .session import REVIEW_NODES

if TYPE_CHECKING:
    from collections.abc import Collection, Iterator, Sequence

    from .record import Game

DEPTHS = REVIEW_NODES  # nodes of search per position, as the page offers them


@dataclass(frozen=True)
class Point:
    """One position of the game as the engine sees it: the officers' chance, a forced result, the best line."""

    ply: int
    officers: float  # the officers' chance to win, 0..1 (1 or 0 for a forced result)
    mate: int | None  # plies to a forced result, from the side to move's view (None: none found)
    side: str  # the side to move
    best: str  # the best move ('' when the game is over there)
    line: tuple[str, ...]
    describe: str
    __match_args__ = ("ply", "officers", "mate", "side", "best", "line", "describe")

    def chance(self, side: str) -> float:
        return self.officers if side == "officers" else 1 - self.officers

    def wins(self, side: str) -> bool:
        """Whether ``side`` has a forced win here."""
        return self.mate is not None and (self.mate > 0) == (self.side == side)

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "officers": round(self.officers, 4),
            "mate": self.mate,
            "side": self.side,
            "best": self.best,
            "line": list(self.line),
            "describe": self.describe,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Point:
        """A point sent back by the page; ValueError for anything but the shape :meth:`to_json` writes."""
        ply: Any = d.get("ply")
        officers: Any = d.get("officers")
        mate: Any = d.get("mate")
        line: Any = d.get("line")
        ok = (
            isinstance(ply, int)
            and isinstance(officers, (int, float))
            and not isinstance(officers, bool)
            and 0 <= officers <= 1
            and (mate is None or (isinstance(mate, int) and not isinstance(mate, bool)))
            and d.get("side") in ("officers", "rebels")
            and isinstance(d.get("best"), str)
            and isinstance(line, list)
            and all(isinstance(m, str) for m in line)
            and isinstance(d.get("describe"), str)
        )
        if not ok:
            raise AsaltoError(f"not a review point: {quote(d)}")
        return cls(ply, float(officers), mate, d["side"], d["best"], tuple(line), d["describe"])


def positions(game: Game) -> list[Position]:
    """Every position of the game, from the start to the last move."""
    out = [game.start]
    for move in game.moves:
        out.append(out[-1].play(move))
    return out


def evaluate(
    game: Game,
    node_limit: int = DEPTHS["quick"],
    done: Sequence[Point | None] = (),
    plies: Collection[int] | None = None,
) -> Iterator[Point | None]:
    """Search every position of ``game``; yield None while searching (the worker stays responsive
    and can stop) and a Point per position. Points already in ``done`` are yielded as they are,
    so a review that was left resumes where it stopped. With ``plies``, only those positions are
    searched (several workers share a game). Each position is searched afresh with ``node_limit``
    nodes: its point is the same whichever worker, interpreter or machine searched it, and
    whatever that worker searched before."""
    every = positions(game)
    for ply, position in enumerate(every):
        if ply < len(done) and done[ply] is not None:
            yield done[ply]
            continue
        if plies is not None and ply not in plies:
            continue
        outcome = position.outcome()
        if outcome is not None:
            chance = 0.5 if outcome.winner is None else float(outcome.winner == "officers")
            yield Point(ply, chance, 0 if outcome.winner else None, position.turn, "", (), outcome.describe())
            continue
        last = None
        for item in analyse(position, "strongest", history=every[:ply], node_limit=node_limit):
            if item is None:
                yield None
            else:
                last = item
        if last is None:  # a search cut short before its first depth: nothing to say yet
            continue
        p = last.win_probability()
        officers = p if position.turn == "officers" else 1 - p
        yield Point(ply, officers, last.mate, position.turn, str(last.move), tuple(map(str, last.pv)), last.describe())


@dataclass(frozen=True)
class Mark:
    """A move that changed the verdict: how bad, the better move and its line, and why in words."""

    ply: int  # the move's ply (1 for the first move)
    move: str
    side: str
    kind: str  # 'inaccuracy', 'mistake', 'blunder' or 'missed-win'
    before: float  # the mover's chance before the move and after it
    after: float
    best: str
    line: tuple[str, ...]
    reason: str  # a code the page translates, with ``count`` where it applies
    count: int
    __match_args__ = ("ply", "move", "side", "kind", "before", "after", "best", "line", "reason", "count")

    @property
    def symbol(self) -> str:
        return {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "missed-win": "?"}[self.kind]

    def sentence(self) -> str:
        """The reason in English (the record's comments use it)."""
        text = {
            "missed-capture": f"Missed a capture of {self.count}",
            "missed-huff": "Missed the huff of an officer",
            "allows-capture": f"Lets the {_other(self.side)} capture {self.count}",
            "missed-win": "Missed a forced win",
            "walks-into-loss": f"Lets the {_other(self.side)} force a win",
            "worse": "A weaker move",
        }[self.reason]
        return f"{text}. Better: {self.best} ({' '.join(self.line[:6])})."

    def to_json(self) -> dict[str, Any]:
        return {
            "ply": self.ply,
            "move": self.move,
            "side": self.side,
            "kind": self.kind,
            "symbol": self.symbol,
            "before": round(self.before, 4),
            "after": round(self.after, 4),
            "best": self.best,
            "line": list(self.line),
            "reason": self.reason,
            "count": self.count,
            "sentence": self.sentence(),
        }


def judge(game: Game, points: Sequence[Point]) -> list[Mark]:
    """The moves where the mover's win chance fell by INACCURACY or more, or a forced win was lost."""
    every = positions(game)
    marks = []
    for i, move in enumerate(game.moves):
        if i + 1 >= len(points):
            break
        before, after = points[i], points[i + 1]
        side = every[i].turn
        played = str(move)
        if not before.best or played == before.best:
            continue
        loss = before.chance(side) - after.chance(side)
        missed_win = before.wins(side) and not after.wins(side)
        if missed_win:
            kind = "missed-win"
        elif loss >= BLUNDER:
            kind = "blunder"
        elif loss >= MISTAKE:
            kind = "mistake"
        elif loss >= INACCURACY:
            kind = "inaccuracy"
        else:
            continue
        reason, count = _reason(every[i], every[i + 1], move, before, after, side, missed_win)
        chances = before.chance(side), after.chance(side)
        marks.append(Mark(i + 1, played, side, kind, *chances, before.best, before.line, reason, count))
    return marks


def _reason(
    position: Position, after: Position, move: Any, before_point: Point, after_point: Point, side: str, missed: bool
) -> tuple[str, int]:
    """Why a move was worse, from what the moves capture and the verdicts (the evaluation's plain facts)."""
    if missed:
        return "missed-win", 0
    taken = len(position.pieces()) - len(after.pieces())
    best_after = position.play(before_point.best)
    best_taken = len(position.pieces()) - len(best_after.pieces())
    if best_taken > taken:
        return ("missed-capture" if side == "officers" else "missed-huff"), best_taken - taken
    if after_point.best and not after.outcome():
        reply = after.play(after_point.best)
        lost = len(after.pieces()) - len(reply.pieces())
        if lost > 0:
            return "allows-capture", lost
    if after_point.wins(_other(side)):
        return "walks-into-loss", 0
    return "worse", 0


def _other(side: str) -> str:
    return "officers" if side == "rebels" else "rebels"
