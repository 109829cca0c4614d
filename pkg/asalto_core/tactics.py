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
  rebels or an officer; and a search on material alone to the line's end (:func:`backed_by_material`)
  agrees: every other move comes out two rebels worse, every reply is the best defence there.

A puzzle must ask a real question: the answer is never forced in effect (:func:`giveaway`: fewer
than :data:`MIN_CHOICES` first moves with different effects, or the only capture or huff). A huff
is the idea, not the step that goes with it: at every solver move of the line, every other step
with the same huff that does as well is accepted too, and its own continuation is proven as the
line is (``also`` in the record, as :func:`alternatives` finds them: ``[index, moves...]`` puts the
moves in place of the line's from ``index``, the other step and as much of its continuation as
differs; a continuation that can keep the line's moves keeps them, so the record stays short).

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
'forced in effect: fewer than 4 first moves with different effects'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from .geometry import popcount
from .movegen import BLOCKED, DEPLETED, FORTRESS, NO_MOVES, NO_OFFICERS, OFFICERS, PLACING, REBELS
from .notation import Move, move_from_raw
from .position import Position
from .proof import OutOfProof, forces_win
from .search import WON, Searcher

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .movegen import Kernel, RawMove, State

__all__ = [
    "KINDS",
    "MARGIN",
    "MAX_LINES",
    "MIN_CHOICES",
    "SLACK",
    "THEMES",
    "alternatives",
    "backed_by_material",
    "check",
    "giveaway",
    "material",
    "material_value",
    "rating",
    "reading",
    "themes",
    "variations",
]

MARGIN = 200  # centi-rebels: the answer beats every other move by two rebels at least
SLACK = 2  # plies: no other move wins even one move slower; the only defence holds one move longer
BUDGET = 40_000  # positions the prover may visit per question; past it the puzzle is not proven
CHAIN = 3  # rebels a material line must win (a huffed officer counts as this many)
KINDS = ("win", "defence", "gain")
# What a puzzle teaches, in the order the trainer lists them.
THEMES = ("chain", "huff", "fortress", "hemming", "defence", "endgame")
MIN_CHOICES = 4  # first moves with different effects: with fewer, the answer is forced in effect
WON_MATERIAL = 1000  # a game won, in :func:`material_value`'s rebels
ENDGAME_SPARE = 4  # rebels beyond the officers' winning threshold: at most this many and it is an endgame race
MAX_LINES = 16  # other lines a puzzle accepts at most (the same huff by other steps): more and it is not kept


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


def _replay(position: Position, line: list[str]) -> Iterator[tuple[int, Position, Position, RawMove] | str]:
    """``line`` played from ``position``, move by move: its index, the position before it, the one
    after and the move; where a move cannot be played (a broken record), why, and no more."""
    for i, text in enumerate(line):
        played = _play(position, text)
        if isinstance(played, str):
            yield played
            return
        after, raw = played
        yield i, position, after, raw
        position = after


def check(puzzle: dict[str, Any]) -> str | None:
    """Why ``puzzle`` (a record of the set: position, line, kind, plies or depth, and ``also``) is
    not proven, or None."""
    position = Position.from_text(puzzle["position"])
    line = list(puzzle["line"])
    if not line or len(line) % 2 == 0:
        return "a line ends on the solver's move"
    if position.outcome() or position.state[2] == PLACING:
        return "no move to find"
    first = _play(position, line[0])
    if isinstance(first, str):
        return first
    kind = puzzle["kind"]
    if kind not in KINDS:
        return f"unknown kind {kind!r}"
    found = alternatives(puzzle)
    if isinstance(found, str):
        return found
    if sorted(list(x) for x in puzzle.get("also", [])) != found:
        return f"the other steps with the same huff should be {found}"
    lines = variations(puzzle)
    accepted = _accepted(position, lines)
    why = giveaway(position, first[1], accepted[position.state])
    if why:
        return "forced in effect: " + why
    for each in lines:
        if kind == "win":
            why = _check_win(position, each, accepted)
        elif kind == "defence":
            why = _check_defence(position, each, puzzle["plies"], accepted)
        else:
            why = _check_gain(position, each, puzzle["depth"], accepted)
        if why:
            return why if each == line else f"in the line {' '.join(each)}: {why}"
    return None


def variations(puzzle: dict[str, Any]) -> list[list[str]]:
    """Every line the puzzle accepts: its own, then each of ``also`` in full."""
    line = list(puzzle["line"])
    return [line] + [line[: x[0]] + list(x[1:]) + line[x[0] + len(x) - 1 :] for x in puzzle.get("also", [])]


def _accepted(position: Position, lines: list[list[str]]) -> dict[State, set[State]]:
    """The positions the accepted moves leave, by the position before each solver move."""
    accepted: dict[State, set[State]] = {}
    for line in lines:
        here = position
        for i, text in enumerate(line):
            after = here.play(text)
            if i % 2 == 0:
                accepted.setdefault(here.state, set()).add(after.state)
            here = after
    return accepted


def _captures(raw: RawMove) -> bool:
    return bool(raw[2] or raw[3])


def giveaway(position: Position, answer: RawMove, also: set[State]) -> str | None:
    """Why the first move is forced in effect, or None: fewer than :data:`MIN_CHOICES` first moves
    with different effects, or the answer is the only capture (or the only huff): the eye goes
    straight to it. ``also``: the positions other accepted moves leave (the same huff)."""
    groups = _groups(position)
    if len(groups) < MIN_CHOICES:
        return f"fewer than {MIN_CHOICES} first moves with different effects"
    mine = {position.kernel.play(position.state, answer)} | also
    if _captures(answer) and not any(_captures(m) for child, ms in groups.items() if child not in mine for m in ms):
        return "the answer is the only capture"
    return None


def alternatives(puzzle: dict[str, Any]) -> list[list[Any]] | str:
    """The other lines the puzzle accepts, as ``also`` records them (sorted), or why the record
    cannot be read: at each solver move of the line (and of these lines), every other step with
    the same huff that does as well, with its continuation (:func:`_continuation`). A win's: steps
    that win as fast; a defence's: steps that hold as long; a gain's: steps whose line ends with
    the same material (a huff wins it, not the step)."""
    start = Position.from_text(puzzle["position"])
    main = list(puzzle["line"])
    lines: list[list[str]] = []

    def walk(line: list[str], begin: int) -> str | None:
        """Adds the other lines branching from ``line`` at its moves from ``begin`` on."""
        for step in _replay(start, line):
            if isinstance(step, str):
                return step
            i, position, after, raw = step
            if i >= begin and i % 2 == 0 and raw[3]:
                for child, moves in _groups(position).items():
                    if child == after.state or moves[0][3] != raw[3]:
                        continue
                    rest = _continuation(puzzle, start, position.play_raw(moves[0]), line[i + 1 :])
                    other = line[:i] + [_text(position, moves[0])] + (rest or [])
                    if rest is None or other in lines:
                        continue
                    lines.append(other)
                    if len(lines) > MAX_LINES:
                        return f"more than {MAX_LINES} other lines with the same huff"
                    why = walk(other, i + 1)
                    if why:
                        return why
        return None

    why = walk(main, 0)
    if why:
        return why
    found = []
    for line in lines:
        differ = [i for i, (a, b) in enumerate(zip(line, main, strict=True)) if a != b]
        found.append([differ[0], *line[differ[0] : differ[-1] + 1]])
    return sorted(found)


def _continuation(puzzle: dict[str, Any], start: Position, position: Position, plan: list[str]) -> list[str] | None:
    """The rest of a line after another step with the same huff (``position``: what it leaves),
    as many plies as the line's (``plan``), keeping the line's moves where they serve; or None
    when the step does not do as well. A win's: each solver move one that still wins in the plies
    left, each reply one that holds longest; a gain's: the search's best at each move, and the
    same material at the end; a defence is one move."""
    kind, k, rs, solver = puzzle["kind"], position.kernel, position.ruleset, _mover(start.state)
    if kind == "defence":
        return [] if _wins(rs, position.state, 1 - solver, int(puzzle["plies"]) + SLACK) is False else None
    left = len(plan)
    if kind == "win" and _wins(rs, position.state, solver, left) is not True:
        return None
    end = start
    for text in puzzle["line"]:
        end = end.play(text)

    def serves(here: Position, child: State, left: int, scores: dict[State, int]) -> bool:
        """Whether the move to ``child`` is one the line can go on with."""
        if kind != "win":
            return scores[child] == max(scores.values())
        if _mover(here.state) == solver:
            return _wins(rs, child, solver, left) is True
        return _wins(rs, child, solver, left - 2) is False

    line: list[str] = []
    for planned in plan:
        left -= 1
        scores = _scores(position, int(puzzle["depth"])) if kind == "gain" else {}
        kept = _play(position, planned)
        if not isinstance(kept, str) and serves(position, kept[0].state, left, scores):
            move = kept[1]
        else:
            good = [ms[0] for child, ms in _groups(position).items() if serves(position, child, left, scores)]
            if not good:
                return None
            move = good[0]
        line.append(_text(position, move))
        position = position.play_raw(move)
    if kind == "win":
        done = k.outcome(position.state)
        return line if done is not None and done[0] == solver else None
    return line if material(start, position, solver) == material(start, end, solver) else None


def _text(position: Position, raw: RawMove) -> str:
    return str(move_from_raw(position.geometry, raw, position.state[2]))


def _check_win(position: Position, line: list[str], accepted: dict[State, set[State]]) -> str | None:
    rs, solver = position.ruleset, _mover(position.state)
    left, after = len(line), position
    for step in _replay(position, line):
        if isinstance(step, str):
            return step
        i, position, after, _ = step
        text = line[i]
        left -= 1
        if _mover(position.state) == solver:
            if _wins(rs, after.state, solver, left) is not True:
                return f"move {i + 1} ({text}) does not win in {left} plies"
            mine = {after.state} | accepted.get(position.state, set())
            for child in _groups(position):
                if child not in mine and _wins(rs, child, solver, left + SLACK) is not False:
                    return f"move {i + 1} ({text}) is not the only win"
        else:
            for child in _groups(position):
                if _wins(rs, child, solver, left) is not True:
                    return f"a reply to move {i} holds out longer than {left} plies"
            if _wins(rs, after.state, solver, left - 2) is not False:
                return f"reply {text} is not the best defence"
    done = after.kernel.outcome(after.state)
    if done is None or done[0] != solver:
        return "the line does not end the game"
    return None


def _check_defence(position: Position, line: list[str], plies: int, accepted: dict[State, set[State]]) -> str | None:
    if len(line) != 1:
        return "an only defence is one move"
    rs, other = position.ruleset, 1 - _mover(position.state)
    played = _play(position, line[0])
    if isinstance(played, str):
        return played
    after, _ = played
    groups, also = _groups(position), accepted.get(position.state, set())
    if _wins(rs, after.state, other, plies + SLACK) is not False:
        return f"{line[0]} does not hold {plies + SLACK} plies"
    for child in groups:
        if child != after.state and child not in also and _wins(rs, child, other, plies) is not True:
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


def _check_gain(position: Position, line: list[str], depth: int, accepted: dict[State, set[State]]) -> str | None:
    solver = _mover(position.state)
    start = after = position
    for step in _replay(start, line):
        if isinstance(step, str):
            return step
        i, position, after, _ = step
        text = line[i]
        scores = _scores(position, depth)
        mine = scores[after.state]
        if _mover(position.state) == solver:
            mine_too = {after.state} | accepted.get(position.state, set())
            others = [v for child, v in scores.items() if child not in mine_too]
            if not others:
                return f"move {i + 1} is the only legal move"
            if mine < max(others) + MARGIN:
                return f"move {i + 1} ({text}) is not {MARGIN} better than every other"
        elif mine < max(scores.values()):
            return f"reply {text} is not the best defence"
    swing = material(start, after, solver)
    if swing < CHAIN:
        return "the line wins less than three rebels or an officer"
    return backed_by_material(start, line, accepted)


def backed_by_material(position: Position, line: list[str], accepted: dict[State, set[State]]) -> str | None:
    """Why a gain's line is not the only good play on material alone, searched to the line's end,
    or None: every other solver move comes out :data:`MARGIN` (two rebels) worse, every reply is
    the best defence there. ``accepted``: what the accepted moves leave (the same huff by another
    step), by the position before them."""
    solver, k = _mover(position.state), position.kernel
    for i, text in enumerate(line):
        after = position.play(text)
        left = len(line) - i - 1
        worth = {child: material_value(k, child, solver, left) for child in _groups(position)}
        if _mover(position.state) == solver:
            mine = {after.state} | accepted.get(position.state, set())
            rest = [v for child, v in worth.items() if child not in mine]
            if rest and worth[after.state] < max(rest) + MARGIN // 100:
                return f"move {i + 1} ({text}): another move does as well on material to the line's end"
        elif worth[after.state] > min(worth.values()):
            return f"reply {text} is not the best defence on material to the line's end"
        position = after
    return None


def material_value(k: Kernel, state: State, solver: int, plies: int) -> int:
    """The solver's material after ``plies`` more plies of best play by both sides on material
    alone (rebels, an officer worth :data:`CHAIN`, a won game :data:`WON_MATERIAL`): a plain
    full-width alpha-beta search, nothing from the engine's evaluation."""
    memo: dict[tuple[State, int, int, int], int] = {}

    def score(s: State) -> int:
        done = k.outcome(s)
        if done is not None:
            return WON_MATERIAL if done[0] == solver else -WON_MATERIAL
        v = CHAIN * popcount(s[0]) - popcount(s[1])
        return v if solver == OFFICERS else -v

    def go(s: State, n: int, alpha: int, beta: int) -> int:
        """Minimax from the solver's side, within (alpha, beta)."""
        key = (s, n, alpha, beta)
        if key in memo:
            return memo[key]
        moves = k.moves(s)
        if n == 0 or not moves or k.decided(s):
            value = score(s)
        else:
            moves.sort(key=lambda m: -popcount(m[2]) - CHAIN * popcount(m[3]))
            maximise = _mover(s) == solver
            value = -WON_MATERIAL - 1 if maximise else WON_MATERIAL + 1
            for m in moves:
                v = go(k.play(s, m), n - 1, alpha, beta)
                if maximise:
                    value = max(value, v)
                    alpha = max(alpha, v)
                else:
                    value = min(value, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    break
        memo[key] = value
        return value

    return go(state, plies, -WON_MATERIAL - 1, WON_MATERIAL + 1)


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
