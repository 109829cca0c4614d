"""The page's worker protocol: JSON requests in, JSON answers out.

The web page knows no rules. It keeps a game as plain data (ruleset, start position,
moves, cursor) and asks the engine, through a Web Worker, for everything else: the
view to draw (pieces, whose turn, the legal moves as click sequences, the result,
the move list and record) and the AI's replies. Everything crosses the worker
boundary as JSON text, so this module is the whole contract and runs unchanged in
CPython tests.

A game descriptor is ``{"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}``
(``start`` is a position text, or empty for the ruleset's start).

>>> s = Session()
>>> answer = s.handle({"op": "play", "game": {"ruleset": "assault", "moves": []}, "move": "d4-d5"})
>>> answer["ok"], answer["game"]["moves"], answer["view"]["turn"]
(True, ['d4-d5'], 'officers')
>>> s.handle({"op": "play", "game": answer["game"], "move": "c3-c4"})["error"][:34]
"illegal move 'c3-c4' in 'assault 3"
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from . import __version__
from .ai import LEVELS, analyse
from .errors import AsaltoError
from .geometry import BOARDS, bits
from .position import Position
from .record import Game, RecordError
from .rulesets import RULESETS, custom_name, custom_options, find_ruleset

MAX_MOVES = 5000  # a record longer than this is refused rather than replayed


class ProtocolError(AsaltoError):
    """A request the protocol cannot read (not the engine's business)."""


def _game_from(desc: Any) -> Game:
    """Replay a game descriptor; :class:`AsaltoError` for anything malformed or illegal."""
    if not isinstance(desc, dict):
        raise ProtocolError("the request has no game")
    ruleset = desc.get("ruleset") or "assault"
    start = desc.get("start") or None
    moves = desc.get("moves") or []
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise ProtocolError("the game's moves must be a list of move texts")
    if len(moves) > MAX_MOVES:
        raise ProtocolError(f"the game has {len(moves)} moves; at most {MAX_MOVES} are accepted")
    game = Game(find_ruleset(ruleset).name, start)
    for i, m in enumerate(moves):
        try:
            game.play(m)
        except AsaltoError as err:
            raise ProtocolError(f"move {i + 1} of the saved game: {err}") from None
    ply = desc.get("ply", len(moves))
    if not isinstance(ply, int) or not 0 <= ply <= len(moves):
        ply = len(moves)
    game.go_to(ply)
    return game


def _read_text(text: Any) -> tuple[Game, str]:
    """A game from a record or a position text, and the error that cut a record short ('' if none)."""
    if not isinstance(text, str) or not text.strip():
        raise ProtocolError("nothing to import: paste a game record or a position")
    text = text.strip()
    if "[" in text or "." in text or "\n" in text:
        try:
            return Game.from_record(text), ""
        except RecordError as err:
            return err.partial, str(err)
    return Game(position=Position.from_text(text)), ""


def describe_game(game: Game) -> dict:
    return {
        "ruleset": game.start.ruleset,
        "start": "" if game.start == Position.start(game.start.ruleset) else game.start.text(),
        "moves": [str(m) for m in game.moves],
        "ply": game.ply,
    }


def _replay(game: Game) -> list[Position]:
    """The position before each move of the game (all of them, whatever the cursor)."""
    out, pos = [], game.start
    for m in game.moves:
        out.append(pos)
        pos = pos.play(m)
    return out


def _last_move(game: Game, before_each: list[Position]) -> dict | None:
    """What the move that led to the shown position did, for animation and messages."""
    if not game.ply:
        return None
    before = before_each[game.ply - 1]
    move = game.moves[game.ply - 1]
    frm, to, captured, removed, _after, path = before.find_raw(move)
    g = before.geometry
    names = [g.points[p] for p in path]
    return {
        "move": str(move),
        "side": before.turn,
        "path": [] if move.place else names,
        "placed": names if move.place else [],
        "captured": [g.points[p] for p in bits(captured)],
        "removed": [g.points[p] for p in bits(removed)],
        "huff": move.huff,
        # Taken off by the rules, not by a player's choice (Ludii's removals, citadelle's huffs).
        "automatic": bool(removed) and (not move.huff or before.kernel.auto_removal),
    }


def view(game: Game) -> dict:
    """Everything the page draws for the position at the game's cursor."""
    board = game.board
    position = board.position
    outcome = board.outcome()
    moves = []
    for m in board.legal_moves:
        moves.append(
            {
                "move": str(m),
                "clicks": list(m.place) if m.place else list(m.path),
                "huff": m.huff,
                "place": bool(m.place),
                "jump": m.jump,
            }
        )
    history = []
    before_each = _replay(game)
    for i, (m, pos) in enumerate(zip(game.moves, before_each, strict=True)):
        first = pos.kernel.first == pos.state[2]
        label = "0." if pos.placing else f"{pos.fullmove}." if first else ""
        history.append({"ply": i + 1, "label": label, "move": str(m), "side": pos.turn})
    final = game.outcome()
    return {
        "ruleset": position.ruleset,
        "board": position.rules.board,
        "position": position.text(),
        "turn": position.turn,
        "placing": position.placing,
        "pieces": position.pieces(),
        "huffable": position.huffable() if not outcome else [],
        # The huffable officers go with every rebel move (each legal move carries the huff).
        "auto_removal": position.kernel.auto_removal,
        "moves": moves,
        "outcome": _outcome_json(outcome),
        "final": _outcome_json(final),
        "history": history,
        "ply": game.ply,
        "length": len(game.moves),
        "last": _last_move(game, before_each),
        "record": game.record(),
        "move_number": position.fullmove,
    }


def _outcome_json(outcome) -> dict | None:
    if outcome is None:
        return None
    return {"winner": outcome.winner, "reason": outcome.reason, "describe": outcome.describe()}


class Session:
    """The worker's state: the last game replayed (to avoid replaying it again) and the AI's progress."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._desc: dict | None = None
        self.progress: dict | None = None
        self.cancelled = False

    # -- requests ----------------------------------------------------------
    def handle_json(self, text: str) -> str:
        """One request as JSON text; the answer as JSON text (never raises)."""
        try:
            request = json.loads(text)
        except (TypeError, ValueError) as err:
            return json.dumps({"ok": False, "error": f"the request is not JSON: {err}"})
        return json.dumps(self.handle(request))

    def handle(self, request: Any) -> dict:
        """Dispatch a request dict; errors come back as ``{"ok": False, "error": message}``."""
        if not isinstance(request, dict):
            return {"ok": False, "error": "a request must be a JSON object"}
        op = request.get("op")
        handler = getattr(self, f"op_{op}", None) if isinstance(op, str) else None
        if handler is None:
            return {"ok": False, "error": f"unknown request {op!r}"}
        try:
            return {"ok": True, **handler(request)}
        except AsaltoError as err:
            return {"ok": False, "error": str(err)}

    def game(self, desc: Any) -> Game:
        """The game of a descriptor, reusing the previous replay when it extends it."""
        if isinstance(desc, dict) and self._game is not None and self._desc is not None:
            same_start = (desc.get("ruleset"), desc.get("start") or "") == (
                self._desc["ruleset"],
                self._desc["start"],
            )
            moves = desc.get("moves")
            old = self._desc["moves"]
            if same_start and isinstance(moves, list) and moves[: len(old)] == old and len(moves) - len(old) < 4:
                game = self._game
                try:
                    game.go_to(len(old))
                    for m in moves[len(old) :]:
                        game.play(m)
                    ply = desc.get("ply", len(moves))
                    game.go_to(ply if isinstance(ply, int) and 0 <= ply <= len(moves) else len(moves))
                    self._desc = describe_game(game)
                    return game
                except (AsaltoError, IndexError, TypeError):
                    pass
        self._game = _game_from(desc)
        self._desc = describe_game(self._game)
        return self._game

    def _answer(self, game: Game) -> dict:
        self._game, self._desc = game, describe_game(game)
        return {"game": self._desc, "view": view(game)}

    def op_ping(self, request: dict) -> dict:
        return {"version": __version__}

    def op_view(self, request: dict) -> dict:
        return self._answer(self.game(request.get("game")))

    def op_new(self, request: dict) -> dict:
        return self._answer(Game(find_ruleset(request.get("ruleset")).name))

    def op_play(self, request: dict) -> dict:
        game = self.game(request.get("game"))
        move = request.get("move")
        if not isinstance(move, str):
            raise ProtocolError("the request has no move")
        game.play(move)
        return self._answer(game)

    def op_import(self, request: dict) -> dict:
        """A pasted record or position text; a record with a bad move keeps the moves before it."""
        game, warning = _read_text(request.get("text"))
        return {**self._answer(game), "warning": warning}

    def op_replay(self, request: dict) -> dict:
        """A whole record (or position) at once, for the embed view: one frame per ply to step
        through without asking again, the comments and tags as plain text, and the warning
        of a record that could not be read to its end (its moves before the error are kept)."""
        game, warning = _read_text(request.get("text"))
        if len(game.moves) > MAX_MOVES:
            raise ProtocolError(f"the record has {len(game.moves)} moves; at most {MAX_MOVES} are shown")
        before_each = _replay(game)
        history = view(game)["history"]
        frames = []
        for ply in range(len(game.moves) + 1):
            game.go_to(ply)
            position = game.board.position
            outcome = game.board.outcome()
            frames.append(
                {
                    "pieces": position.pieces(),
                    "turn": position.turn,
                    "position": position.text(),
                    "fullmove": position.fullmove,
                    "last": _last_move(game, before_each),
                    "outcome": outcome.describe() if outcome else "",
                }
            )
        return {
            **self._answer(game),
            "warning": warning,
            "frames": frames,
            "history": history,
            "comments": list(game.comments),
            "tags": dict(game.tags),
        }

    def op_rulesets(self, request: dict) -> dict:
        return {"rulesets": [rs.to_json() for rs in RULESETS.values()]}

    def op_house_rules(self, request: dict) -> dict:
        """The *Custom rules* form: ``{"base": "asalto", "changes": {"first": "officers"}}`` ->
        the ruleset's canonical name, its rules panel data, and the named base's options (key,
        label, value, choices) to draw the form with; ``base`` may be house rules already,
        changed further; a bad option is an error message.

        >>> a = Session().handle({"op": "house_rules", "base": "asalto", "changes": {"first": "officers"}})
        >>> a["name"], a["ruleset"]["base"], a["options"][7]["key"]
        ('asalto:first=officers', 'asalto', 'first')
        """
        base = find_ruleset(request.get("base")).name
        changes = request.get("changes") or {}
        if not isinstance(changes, dict) or not all(isinstance(v, str) for v in changes.values()):
            raise ProtocolError("changes must map option names to text values")
        rs = find_ruleset(custom_name(base, changes))
        return {"name": rs.name, "ruleset": rs.to_json(), "options": custom_options(rs.base or rs.name)}

    # -- the AI --------------------------------------------------------------
    def think(self, request: Any) -> Iterator[dict | None]:
        """The AI's move for the game at its cursor: yields None while searching (so the
        worker can let other requests in) and finally the answer dict."""
        self.cancelled = False
        self.progress = None
        try:
            if not isinstance(request, dict):
                raise ProtocolError("a request must be a JSON object")
            game = self.game(request.get("game"))
            level = request.get("level") or "casual"
            if level not in LEVELS:
                raise ProtocolError(f"unknown AI level {level!r}; known levels: {', '.join(LEVELS)}")
            if game.board.outcome():
                raise ProtocolError("the game is over")
            kw = {}
            for key in ("time_limit", "node_limit", "seed"):
                if isinstance(request.get(key), (int, float)) and not isinstance(request.get(key), bool):
                    kw[key] = request[key]
            history = tuple(p.text() for p in _replay(game)[: game.ply])
            best = None
            for item in analyse(game.board.position, level, history=history, **kw):
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

    def cancel(self) -> None:
        self.cancelled = True


def site_data() -> dict:
    """What the page needs before the engine starts: boards, rulesets, start views, AI levels.

    ``build.py`` writes it to ``data.json``, so the board is drawn at once.
    """
    levels = [{"name": k, "title": v.title, "time_limit": v.time_limit} for k, v in LEVELS.items()]
    starts = {}
    for name in RULESETS:
        game = Game(name)
        starts[name] = {"game": describe_game(game), "view": view(game)}
    return {
        "boards": {name: g.to_json() for name, g in BOARDS.items()},
        "rulesets": [rs.to_json() for rs in RULESETS.values()],
        "starts": starts,
        "levels": levels,
    }
