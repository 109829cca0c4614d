"""The AI worker's protocol: JSON requests in, JSON answers out.

The web page answers every rule question itself (:mod:`asalto_core.session`, on
MicroPython); the Pyodide worker is the AI and only the AI. A request carries what the
search needs: the position's text and the texts of the positions before it (for the
repetition rule). Everything crosses the worker boundary as JSON text, so this module is
the whole contract and runs unchanged in CPython tests. Every request gets an answer
``{"ok": True, ...}`` or ``{"ok": False, "error": message}``; none raises, and none leaves
state behind that a fresh :class:`Worker` would not have.

>>> w = Worker()
>>> answer = w.answer({"op": "think", "position": "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1",
...                    "level": "beginner", "node_limit": 500})
>>> answer["ok"], answer["analysis"]["move"]
(True, 'd4-d5')
>>> w.handle_json('{"op": "think", "level": "casual"}')
'{"ok": false, "error": "the request has no position"}'
"""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING, Any

from . import __version__
from .ai import LEVELS, MAX_LINES, Player
from .errors import AsaltoError, quote
from .position import Position
from .review import DEPTHS, Point, evaluate, judge
from .rulesets import RULESET_NAMES, RULESETS
from .session import MAX_MOVES, Session

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .record import Game

MAX_HISTORY = MAX_MOVES  # positions before the one to think about: one a move, the page's one limit on a game
MAX_SECONDS = 60.0  # the longest a request may ask the AI to think
MAX_NODES = 50_000_000


class ProtocolError(AsaltoError):
    """A request the protocol cannot read (not the engine's business)."""


def _position(request: dict[str, Any]) -> tuple[Position, tuple[str, ...]]:
    text = request.get("position")
    if not isinstance(text, str) or not text:
        raise ProtocolError("the request has no position")
    history = request.get("history", [])
    if not isinstance(history, list) or not all(isinstance(h, str) for h in history):
        raise ProtocolError("the history must be a list of position texts")
    if len(history) > MAX_HISTORY:
        raise ProtocolError(f"the history has {len(history)} positions; at most {MAX_HISTORY} are accepted")
    position = Position.from_text(text)
    return position, tuple(Position.from_text(h).text() for h in history)


def _budget(request: dict[str, Any]) -> dict[str, Any]:
    """The search's limits from a request, each checked: a NaN or endless budget is refused."""
    kw: dict[str, Any] = {}
    seconds = request.get("time_limit")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds):
            raise ProtocolError(f"time_limit must be a number of seconds, not {quote(seconds)}")
        if not 0 < seconds <= MAX_SECONDS:
            raise ProtocolError(f"time_limit must be above 0 and at most {MAX_SECONDS:g} seconds, not {quote(seconds)}")
        kw["time_limit"] = float(seconds)
    for key, top in (("node_limit", MAX_NODES), ("seed", 2**63)):
        value = request.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
            raise ProtocolError(f"{key} must be a whole number from 0 to {top}, not {quote(value)}")
        kw[key] = value
    return kw


class Worker:
    """The worker's state: the AI's progress and whether the current search was cancelled."""

    def __init__(self) -> None:
        self.progress: dict[str, Any] | None = None
        self.cancelled = False
        self.player = Player()  # keeps its transposition table from one request to the next
        self.reviewed: tuple[list[Any], Game] | None = None  # the game a review asks about, replayed once

    def handle_json(self, text: str) -> str:
        """One request as JSON text; the answer as JSON text (never raises)."""
        try:
            request = json.loads(text)
        except (TypeError, ValueError, RecursionError) as err:
            return json.dumps({"ok": False, "error": f"the request is not JSON: {str(err)[:100]}"})
        try:
            return json.dumps(self.answer(request))
        except Exception as err:  # noqa: BLE001 - a page waits for every answer: never leave one out
            return json.dumps({"ok": False, "error": f"internal error: {type(err).__name__}: {str(err)[:100]}"})

    def answer(self, request: Any) -> dict[str, Any]:
        """A request run to its end (the ``think`` of tests and scripts)."""
        answer: dict[str, Any] = {"ok": False, "error": "no answer"}
        for step in self.steps(request):
            if step is not None:
                answer = step
        return answer

    def steps(self, request: Any) -> Iterator[dict[str, Any] | None]:
        """A request's answer, yielding None while the AI searches so the worker can let
        ``progress`` and ``cancel`` in; the last item is the answer."""
        if not isinstance(request, dict):
            yield {"ok": False, "error": "a request must be a JSON object"}
            return
        op = request.get("op")
        if op == "ping":
            yield {"ok": True, "version": __version__}
        elif op == "think":
            yield from self._think(request)
        elif op == "review":
            yield from self._review(request)
        else:
            error = f"unknown request {quote(op)}" if isinstance(op, str) else "the request has no op"
            yield {"ok": False, "error": error}

    def _think(self, request: dict[str, Any]) -> Iterator[dict[str, Any] | None]:
        """The AI's move in a position."""
        self.cancelled = False
        self.progress = None
        try:
            position, history = _position(request)
            level = request.get("level", "casual")
            if not isinstance(level, str) or level not in LEVELS:
                raise ProtocolError(f"unknown AI level {quote(level)}; known levels: {', '.join(LEVELS)}")
            if position.outcome():
                raise ProtocolError("the game is over")
            lines = request.get("lines", 1)
            if isinstance(lines, bool) or not isinstance(lines, int) or not 1 <= lines <= MAX_LINES:
                raise ProtocolError(f"lines must be a whole number from 1 to {MAX_LINES}, not {quote(lines)}")
            best = None
            for item in self.player.analyse(position, level, history=history, lines=lines, **_budget(request)):
                if item is not None:
                    best = item.to_json()
                    self.progress = best
                yield None
                if self.cancelled:
                    break
            if best is None or not best.get("move"):
                if self.cancelled:
                    yield {"ok": True, "cancelled": True, "analysis": None}
                    return
                raise ProtocolError("the AI found no move")
            yield {"ok": True, "cancelled": self.cancelled, "analysis": best}
        except AsaltoError as err:
            yield {"ok": False, "error": str(err)}

    def _review(self, request: dict[str, Any]) -> Iterator[dict[str, Any] | None]:
        """Every position of a game searched (``node_limit`` nodes each), then the moves
        judged. ``points`` from an earlier, stopped review are kept; a cancelled review answers
        with the points it has, so the page can resume it."""
        self.cancelled = False
        self.progress = None
        try:
            game = self._review_game(request.get("game"))
            node_limit = _budget({"node_limit": request.get("node_limit", DEPTHS["quick"])})["node_limit"]
            done = _points(request.get("points"), len(game.moves) + 1)
            points: list[Point | None] = list(done) + [None] * (len(game.moves) + 1 - len(done))
            total = len(points)
            plies = _plies(request.get("plies"), total)
            found: dict[str, Any] = {}  # this request's points so far, by ply (the page draws them as they come)
            for item in evaluate(game, node_limit, done, plies):
                if item is not None:
                    points[item.ply] = item
                    found[str(item.ply)] = item.to_json()
                    self.progress = {"done": sum(p is not None for p in points), "total": total, "points": found}
                yield None
                if self.cancelled:
                    break
            kept = [p.to_json() if p else None for p in points]
            if self.cancelled or any(p is None for p in points):
                yield {"ok": True, "cancelled": True, "points": kept, "marks": []}
                return
            marks = judge(game, [p for p in points if p is not None])
            yield {"ok": True, "cancelled": False, "points": kept, "marks": [m.to_json() for m in marks]}
        except AsaltoError as err:
            yield {"ok": False, "error": str(err)}

    def _review_game(self, descriptor: Any) -> Game:
        """The game of a review request: the same game as the last request's is not replayed again
        (several workers share a review, each asking for a few positions at a time)."""
        if not isinstance(descriptor, dict):
            return Session.from_descriptor(descriptor).game  # its error
        # Compared with the last game's fields, which read: a field nested too deep to read is
        # unequal at once, and then refused by the reader (never repr'd).
        key = [descriptor.get(k) for k in ("ruleset", "start", "moves", "ply")]
        if self.reviewed is None or self.reviewed[0] != key:
            self.reviewed = (key, Session.from_descriptor(descriptor).game)
        return self.reviewed[1]

    def cancel(self) -> None:
        self.cancelled = True


def _plies(raw: Any, total: int) -> set[int] | None:
    """The positions a review request asks this worker to search: all (None) unless a list of plies."""
    if raw is None:
        return None

    def ply(p: Any) -> bool:
        return isinstance(p, int) and not isinstance(p, bool) and 0 <= p < total

    if not isinstance(raw, list) or not all(ply(p) for p in raw):
        raise ProtocolError(f"plies must be a list of plies from 0 to {total - 1}")
    return set(raw)


def _points(raw: Any, most: int) -> list[Point | None]:
    """The points of an earlier review from a request (anything malformed is searched again)."""
    if not isinstance(raw, list):
        return []
    out: list[Point | None] = []
    for i, d in enumerate(raw[:most]):
        try:
            point = Point.from_json(d) if isinstance(d, dict) else None
        except (KeyError, TypeError, ValueError):
            point = None
        out.append(point if point is not None and point.ply == i else None)
    return out


def site_data() -> dict[str, Any]:
    """What a page reads that its engine does not hold: the rulesets' names and titles (the
    menus, in the engine's order) and the AI levels (with the margin a level strays from the
    best, which the page's opening book needs). A page makes a board's drawing data and a
    ruleset's rules panel from the engine it runs (``Geometry.to_json``, ``Ruleset.to_json``),
    so neither crosses the network twice.

    ``build.py`` writes it to ``data.json``.
    """
    levels = [{"name": k, "title": v.title, "time_limit": v.time_limit, "margin": v.margin} for k, v in LEVELS.items()]
    return {
        "rulesets": [{"name": name, "title": RULESETS[name].title} for name in RULESET_NAMES],
        "levels": levels,
    }
