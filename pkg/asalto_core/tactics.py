"""Proving a puzzle: one answer at every move, the whole line checked (the trainer's set).

A puzzle (:class:`~asalto_core.puzzle.Puzzle`) is worth training on only when its answer is the
answer: a second move that does as well makes a solver who found it "wrong". Three kinds, each
checked move by move, moves with the same effect counting as one (they leave the same position):

- ``win``: the solver forces the game's end; :func:`~asalto_core.proof.forces_win` proves every
  solver move wins in the plies left, that no other move wins even :data:`SLACK` plies slower, and
  that each reply holds out as long as any (the best defence);
- ``defence``: every move but one lets the opponent force a win within ``plies``; the prover shows
  the others lose and that the answer holds :data:`SLACK` plies longer than that;
- ``gain``: material, by a full-width search of ``depth`` plies: every solver move beats every
  other move by :data:`MARGIN` at least, each reply is the search's best, and the line wins three
  rebels or an officer.

:func:`check` says why a puzzle fails (None when it holds); :func:`themes` tags what it teaches;
:func:`rating` rates how hard it is to find. ``bench/puzzles.py`` mines
the set with them and re-proves it; the tests re-prove a sample. CPython only (the page reads the
proven set as data).

>>> start = "assault RRR/RR1/RRRRORR/1R4R/O5R/3/3 o - 42"
>>> win = {"position": start, "line": ["a3-a4", "g3-f4", "a4xc4"], "kind": "win"}
>>> check(win), themes(win), rating(win)
(None, ['endgame'], 1503)
>>> check(dict(win, line=["a3-a4"]))
'move 1 (a3-a4) does not win in 0 plies'
>>> check({"position": "assault 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2", "line": ["d6xd4xf4xd6"], "kind": "gain"})
'the first move is forced'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .geometry import popcount
from .movegen import BLOCKED, DEPLETED, FORTRESS, NO_MOVES, NO_OFFICERS, OFFICERS, PLACING, REBELS
from .notation import Move
from .position import Position
from .proof import OutOfProof, forces_win
from .search import WON, Searcher

if TYPE_CHECKING:
    from .movegen import RawMove, State

__all__ = ["KINDS", "MARGIN", "SLACK", "THEMES", "check", "material", "rating", "reading", "themes"]

MARGIN = 200  # centi-rebels: the answer beats every other move by two rebels at least
SLACK = 2  # plies: no other move wins even one move slower; the only defence holds one move longer
BUDGET = 40_000  # positions the prover may visit per question; past it the puzzle is not proven
CHAIN = 3  # rebels a material line must win (a huffed officer counts as this many)
KINDS = ("win", "defence", "gain")
# What a puzzle teaches, in the order the trainer lists them.
THEMES = ("chain", "huff", "fortress", "hemming", "defence", "endgame")
ENDGAME_SPARE = 4  # rebels beyond the officers' winning threshold: at most this many and it is an endgame race


def _groups(position: Position) -> dict[State, list[RawMove]]:
    """Legal moves by the position they leave: moves with the same effect are one answer."""
    k, state = position.kernel, position.state
    groups: dict[State, list[RawMove]] = {}
    for m in k.moves(state):
        groups.setdefault(k.play(state, m), []).append(m)
    return groups


def _mover(state: State) -> int:
    return OFFICERS if state[2] == PLACING else state[2]


def _wins(ruleset: str, state: State, side: int, plies: int) -> bool | None:
    """forces_win within the budget; None when the prover ran out."""
    if plies < 0:
        return False
    try:
        return forces_win(ruleset, state, side, plies, budget=BUDGET)
    except OutOfProof:
        return None


def _play(position: Position, text: str) -> tuple[Position, RawMove] | str:
    try:
        move = Move.parse(text)
        return position.play(move), position.find_raw(move)
    except Exception as e:  # a broken record: say why, never prove it
        return f"move {text}: {e}"


def check(puzzle: dict[str, Any]) -> str | None:
    """Why ``puzzle`` (a record of the set: position, line, kind, and plies or depth) is not proven, or None."""
    position = Position.from_text(puzzle["position"])
    line = list(puzzle["line"])
    if not line or len(line) % 2 == 0:
        return "a line ends on the solver's move"
    if position.outcome() or position.state[2] == PLACING:
        return "no move to find"
    if len(_groups(position)) < 2:
        return "the first move is forced"
    kind = puzzle["kind"]
    if kind == "win":
        return _check_win(position, line)
    if kind == "defence":
        return _check_defence(position, line, puzzle["plies"])
    if kind == "gain":
        return _check_gain(position, line, puzzle["depth"])
    return f"unknown kind {kind!r}"


def _check_win(position: Position, line: list[str]) -> str | None:
    rs, solver = position.ruleset, _mover(position.state)
    left = len(line)
    for i, text in enumerate(line):
        played = _play(position, text)
        if isinstance(played, str):
            return played
        after, raw = played
        left -= 1
        if _mover(position.state) == solver:
            if _wins(rs, after.state, solver, left) is not True:
                return f"move {i + 1} ({text}) does not win in {left} plies"
            for child in _groups(position):
                if child != after.state and _wins(rs, child, solver, left + SLACK) is not False:
                    return f"move {i + 1} ({text}) is not the only win"
        else:
            for child in _groups(position):
                if _wins(rs, child, solver, left) is not True:
                    return f"a reply to move {i} holds out longer than {left} plies"
            if _wins(rs, after.state, solver, left - 2) is not False:
                return f"reply {text} is not the best defence"
        position = after
    done = position.kernel.outcome(position.state)
    if done is None or done[0] != solver:
        return "the line does not end the game"
    return None


def _check_defence(position: Position, line: list[str], plies: int) -> str | None:
    if len(line) != 1:
        return "an only defence is one move"
    rs, other = position.ruleset, 1 - _mover(position.state)
    played = _play(position, line[0])
    if isinstance(played, str):
        return played
    after, _ = played
    groups = _groups(position)
    if len(groups) < 2:
        return "there is no choice"
    if _wins(rs, after.state, other, plies + SLACK) is not False:
        return f"{line[0]} does not hold {plies + SLACK} plies"
    for child in groups:
        if child != after.state and _wins(rs, child, other, plies) is not True:
            return "another move holds too"
    return None


def _scores(position: Position, depth: int) -> dict[State, int]:
    """Each answer's score at ``depth`` by a full-width search (exact for every root move)."""
    searcher = Searcher(position.ruleset, tt_size=100_000)
    k, state = position.kernel, position.state
    last = None
    for r in searcher.iterate(state, max_depth=depth, full_width=True):
        if r is not None:
            last = r
    assert last is not None
    scores: dict[State, int] = {}
    for m, v in last.scores:
        child = k.play(state, m)
        scores[child] = max(v, scores.get(child, -WON * 2))
    return scores


def _check_gain(position: Position, line: list[str], depth: int) -> str | None:
    solver = _mover(position.state)
    start = position
    for i, text in enumerate(line):
        played = _play(position, text)
        if isinstance(played, str):
            return played
        after, _ = played
        scores = _scores(position, depth)
        mine = scores[after.state]
        if _mover(position.state) == solver:
            others = [v for child, v in scores.items() if child != after.state]
            if not others:
                return f"move {i + 1} is the only legal move"
            if mine < max(others) + MARGIN:
                return f"move {i + 1} ({text}) is not {MARGIN} better than every other"
        elif mine < max(scores.values()):
            return f"reply {text} is not the best defence"
        position = after
    swing = material(start, position, solver)
    if swing < CHAIN:
        return "the line wins less than three rebels or an officer"
    return None


def material(start: Position, end: Position, solver: int) -> int:
    """Rebels the solver came out ahead, an officer counted as :data:`CHAIN` (or the game won)."""
    done = end.kernel.outcome(end.state)
    if done is not None:
        return CHAIN if done[0] == solver else -CHAIN
    taken = popcount(start.state[1]) - popcount(end.state[1])
    huffed = popcount(start.state[0]) - popcount(end.state[0])
    swing = taken - CHAIN * huffed
    return swing if solver == OFFICERS else -swing


def themes(puzzle: dict[str, Any]) -> list[str]:
    """What the puzzle teaches, from its line and how it ends (at least one theme)."""
    position = Position.from_text(puzzle["position"])
    solver = _mover(position.state)
    k, tags = position.kernel, []
    rebels = popcount(position.state[1])
    for i, text in enumerate(puzzle["line"]):
        after = position.play(text)
        raw = position.find_raw(Move.parse(text))
        if i % 2 == 0 and solver == OFFICERS and popcount(raw[2]) >= 2:
            tags.append("chain")
        if solver == REBELS and raw[3]:
            tags.append("huff")
        position = after
    done = k.outcome(position.state)
    if done is not None and done[0] == solver:
        reason = done[1]
        if reason == FORTRESS:
            tags.append("fortress")
        elif reason in (BLOCKED, NO_MOVES) and solver == REBELS:
            tags.append("hemming")
        elif reason == NO_OFFICERS:
            tags.append("huff")
        if reason == DEPLETED or rebels <= k.threshold + ENDGAME_SPARE:
            tags.append("endgame")
    if puzzle["kind"] == "defence":
        tags.append("defence")
    if not tags:  # a win by the rebels stuck, or material won a rebel at a time
        tags.append("endgame" if puzzle["kind"] == "win" or rebels <= k.threshold + ENDGAME_SPARE else "chain")
    return [t for t in THEMES if t in tags]


def reading(puzzle: dict[str, Any]) -> int:
    """The plies a solver must read ahead to be sure of the answer: a forced win's length, an only
    defence's threat and the answer itself, a material line's length."""
    if puzzle["kind"] == "defence":
        return int(puzzle["plies"]) + 1
    return len(puzzle["line"])


def rating(puzzle: dict[str, Any]) -> int:
    """A Glicko-scale difficulty from what finding the answer takes: 150 per ply to read beyond
    the first, so the beginner level's two plies sit near 1150 and casual's four near 1450; more
    answers to choose from and a quiet first move (no capture, no huff: the eye is not drawn to
    it) make it harder.

    >>> p = "asalto R2/1OR/3RRRR/5RR/5O1/1R1/3 o - 73"
    >>> rating({"position": p, "line": ["d6xd4"], "kind": "win"})
    1112
    """
    position = Position.from_text(puzzle["position"])
    choices = len(_groups(position))
    raw = position.find_raw(Move.parse(puzzle["line"][0]))
    quiet = not (raw[2] or raw[3])
    return round(1000 + 150 * (reading(puzzle) - 1) + 40 * math.log2(choices) + (100 if quiet else 0))
