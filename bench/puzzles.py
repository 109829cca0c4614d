#!/usr/bin/env python3
"""The trainer's puzzle set: mined from the engine's own games, every puzzle proven.

    python bench/puzzles.py --mine [--until N] [--minutes M] [--deadline HH:MM] [--rulesets assault,asalto]
                        [--fewest]
                        play games (seeded: game N of a ruleset is always the same game), one
                        per ruleset in turn (--fewest: in the ruleset with the fewest puzzles),
                        until each ruleset has N puzzles as the set keeps them (500), this run
                        has had M minutes of CPU or the UTC clock says HH:MM, and keep the
                        proven puzzles; resumable: the games mined are in
                        bench/games/puzzles-<ruleset>.jsonl with the CPU spent, and a run goes
                        on from there. Then write the set (site/puzzles/puzzles.json)
    python bench/puzzles.py --write
                        only write the set from the games mined
    python bench/puzzles.py --table
                        print docs/teaching.md's table of the set's size per ruleset and theme
    python bench/puzzles.py --distinct
                        drop the set's duplicates (one position up to the move counter) and
                        near-duplicates (only the officers stand elsewhere) in place, as --write does
    python bench/puzzles.py [--before REV]
                        re-prove every puzzle of the set and write its size, its mix per ruleset
                        and theme and the time taken to bench/results/puzzles.md (with the set
                        of git revision REV beside it)

Games: each starts from random legal placements and OPENING random quiet plies; then game N is
played as SOURCES[N % len(SOURCES)] says: self-play of the AI's levels (as the page plays them,
with a node budget so a run is the same on any machine: weaker play leaves more to punish), a
level against a random-ish player (the blunders a newcomer makes), or self-play under a house
rule people use (its positions are posed as puzzles under the named rules). BRANCHES more
endings are played on from random positions of the game's last FORK plies (each a game of its
own from there, with its own seed and levels, for BRANCH_PLIES at most): most puzzles lie near a
game's end, and an ending costs a few dozen moves where a game costs hundreds. Each position is
searched full width (every move's score exact, SCREEN_DEPTH plies): a forced win, an only
defence or a move two rebels better than any other is a candidate. Where the officers could
capture, the SLIPS the screen likes best (moves that fail to capture, leaving an officer to
huff) are played and their positions screened too: the huff puzzles. When a game is won, its last
END_SCAN plies are asked of the prover: the winner's shortest forced win, the loser's only
defence, and the wins the loser's other moves would have allowed; the prover keeps what it
settled for the whole game (a :class:`~asalto_core.proof.Memo`), as these questions share their
trees. Every candidate is then proven by :mod:`asalto_core.tactics` (the set keeps only what it
proves: no answer forced in effect, a gain backed by material to the line's end); the same
position is kept once. A set with more one-move puzzles than longer ones keeps, of the one-move
puzzles, as many as there are longer ones, those with the most first moves to choose from. A
record's games without ``branches`` were mined before endings were branched and slips tried,
those without ``source`` before SOURCES (the script's history has those versions); a record's
``source`` says how its game was played (games mined with 8 branches followed an earlier table of
8 sources, with fewer random-ish players); their puzzles are proven like the rest. The set's ids are
kept across re-mines (:func:`number`).
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))
sys.path.insert(0, str(ROOT / "bench"))

import puzzle_ratings  # noqa: E402

from asalto_core import Position, __version__, ai  # noqa: E402
from asalto_core.errors import AsaltoError  # noqa: E402
from asalto_core.movegen import OFFICERS, PLACING  # noqa: E402
from asalto_core.notation import Move, move_from_raw  # noqa: E402
from asalto_core.proof import Memo, OutOfProof, forces_win  # noqa: E402
from asalto_core.rulesets import custom_name  # noqa: E402
from asalto_core.search import WIN, WON, Searcher  # noqa: E402
from asalto_core.tactics import (  # noqa: E402
    BUDGET,
    CHAIN,
    KINDS,
    MARGIN,
    MIN_CHOICES,
    SLACK,
    THEMES,
    alternatives,
    check,
    giveaway,
    material,
    themes,
)

RULESETS = ("assault", "asalto", "assaut", "citadelle", "royal-garrison")
MIN_PER_RULESET = 500  # the set's floor per ruleset (tests/test_tactics.py holds it)
PREFIX = {"assault": "at", "asalto": "ao", "assaut": "au", "citadelle": "ci", "royal-garrison": "rg"}  # of ids
SEED = 2028  # the set's seed: game N of a ruleset plays from random.Random(f"{SEED}:{ruleset}:{N}")
OPENING = (2, 8)  # random quiet plies after the placement
LEVELS = ("beginner", "casual")  # weaker play leaves more tactics to find
MOVE_NODES = {"beginner": 500, "casual": 1_500, "strong": 4_000}
WILD = "wild"  # the random-ish player: any legal move, a capture or huff when one is there half the time
# Where game N's positions come from (N modulo their number): (what, the officers' and the rebels'
# players, house-rule options or None). Each player is a level or WILD; "*" is beginner or casual.
SOURCES = (
    ("self-play", "*", "*", None),
    ("against a random-ish player", WILD, "casual", None),
    ("against a random-ish player", "casual", WILD, None),
    ("house rules", "*", "*", {"rebels": "any"}),
    ("against a random-ish player", WILD, "beginner", None),
    ("self-play", "strong", "casual", None),
    ("against a random-ish player", WILD, "casual", None),
    ("against a random-ish player", "beginner", WILD, None),
    ("house rules", WILD, "*", {"duty": "optional"}),
    ("self-play", "casual", "strong", None),
)
SCREEN_DEPTH = 2  # full-width plies searched at every position of a game
SCREEN_NODES = 4_000
GAIN_DEPTH = 4  # full-width plies that prove a material puzzle
MAX_WIN = 9  # the longest forced win (plies) mined
HUFF_WIN = 5  # the longest forced win mined after an officer fails to capture
SLIPS = 3  # the officers' failures to capture tried per position, those the screen likes best first
MAX_PLIES = {"*": 200, "royal-garrison": 400}  # its sepoys take longer to deplete or to hem in
END_BUDGET = 20_000  # prover positions per question of the end-of-game scan (a candidate is proven again after)
BRANCHES = 12  # endings played on from each game
FORK = 40  # a branch forks at most this many plies before the game's end (and in its second half)
BRANCH_PLIES = 60  # a branch not over by then is no ending: it stops
END_SCAN = 30  # plies before a won game's end searched for forced wins and only defences
MEMO_SIZE = 2_000_000  # prover entries a game's memos keep (some hundreds of MB) before starting afresh
GAMES = ROOT / "bench" / "games"
SET = ROOT / "site" / "puzzles" / "puzzles.json"
RESULTS = ROOT / "bench" / "results" / "puzzles.md"


def scores(position: Position, depth: int, nodes: int | None) -> tuple[dict, int] | None:
    """Each answer's score (moves with the same effect as one) and the depth reached, or None."""
    k, state = position.kernel, position.state
    last = None
    for r in Searcher(position.ruleset, tt_size=50_000).iterate(
        state, max_depth=depth, node_limit=nodes, full_width=True
    ):
        if r is not None:
            last = r
    if last is None:
        return None
    groups: dict = {}
    for m, v in last.scores:
        child = k.play(state, m)
        if child not in groups or v > groups[child][1]:
            groups[child] = (m, v)
    return groups, last.depth


MEMOS: dict[tuple[str, int], Memo] = {}  # the prover's memo per ruleset and winner, for one game


def _proves(ruleset: str, state: tuple, winner: int, plies: int, budget: int) -> bool:
    """forces_win with the game's memo: its endings and lines ask about the same trees again."""
    memo = MEMOS.get((ruleset, winner))
    if memo is None or len(memo) > MEMO_SIZE:
        memo = MEMOS[ruleset, winner] = Memo(ruleset, winner)
    return forces_win(ruleset, state, winner, plies, budget=budget, memo=memo)


def _text(position: Position, raw: tuple) -> str:
    return str(move_from_raw(position.geometry, raw, position.state[2]))


def one_idea(moves: list) -> bool:
    """Whether ``moves`` are one answer: a single move, or steps that all make the same huff (the
    prover accepts each, with its own continuation)."""
    return len(moves) == 1 or (bool(moves) and bool(moves[0][3]) and all(m[3] == moves[0][3] for m in moves))


def _win_line(position: Position, plies: int) -> list[str] | None:
    """The forced win's line: the one winning answer at each solver move (or the first of steps
    with the same huff), the longest defence between."""
    k, rs = position.kernel, position.ruleset
    solver = position.state[2]
    line, left = [], plies
    try:
        while left > 0:
            groups: dict = {}
            for m in k.moves(position.state):
                groups.setdefault(k.play(position.state, m), m)
            if position.state[2] == solver:
                wins = [m for c, m in groups.items() if _proves(rs, c, solver, left - 1, BUDGET)]
                if not one_idea(wins):
                    return None
                move = wins[0]
            else:
                holds = [m for c, m in groups.items() if not _proves(rs, c, solver, left - 3, BUDGET)]
                if not holds:
                    return None
                move = holds[0]
            line.append(_text(position, move))
            position = position.play_raw(move)
            left -= 1
            if k.outcome(position.state):
                break
    except OutOfProof:
        return None
    return line if len(line) % 2 == 1 else None


def _gain_line(position: Position, first: tuple) -> list[str] | None:
    """A material line: the answer, then (while it has not won three rebels or an officer) the
    search's reply and the solver's next answer, up to three solver moves."""
    solver, start = position.state[2], position
    line = [_text(position, first)]
    position = position.play_raw(first)
    for _ in range(2):
        if material(start, position, solver) >= CHAIN or position.kernel.outcome(position.state):
            return line
        reply = scores(position, GAIN_DEPTH, SCREEN_NODES)
        if reply is None:
            return None
        move = max(reply[0].values(), key=lambda mv: mv[1])[0]
        after = position.play_raw(move)
        answers = scores(after, GAIN_DEPTH, SCREEN_NODES)
        if answers is None or answers[1] < GAIN_DEPTH or len(answers[0]) < 2:
            return None
        ranked = sorted(answers[0].values(), key=lambda mv: -mv[1])
        if ranked[0][1] < ranked[1][1] + MARGIN:
            return None
        line += [_text(position, move), _text(after, ranked[0][0])]
        position = after.play_raw(ranked[0][0])
    return line if material(start, position, solver) >= CHAIN else None


def candidates(position: Position) -> tuple[list[dict], dict]:
    """The puzzles this position holds (proven) and each answer's (move, score) by the screen."""
    screened = scores(position, SCREEN_DEPTH, SCREEN_NODES)
    if screened is None or len(screened[0]) < MIN_CHOICES:
        return [], {}
    groups, _ = screened
    ranked = sorted(groups.values(), key=lambda mv: -mv[1])
    best_move, best = ranked[0]
    rivals = [mv for mv in ranked[1:] if not one_idea([best_move, mv[0]])]  # the same huff by another step is no rival
    found = []
    text = position.text()
    if rivals:
        second = rivals[0][1]
        if best > WON and WIN - best <= MAX_WIN and second <= WON:
            line = _win_line(position, WIN - best)
            if line:
                found.append({"position": text, "line": line, "kind": "win"})
        elif best > -WON and second < -WON:
            plies = max(WIN + v for _, v in rivals) - 1
            found.append({"position": text, "line": [_text(position, best_move)], "kind": "defence", "plies": plies})
        elif abs(best) < WON and best >= second + MARGIN:
            line = _gain_line(position, best_move)
            if line:
                found.append({"position": text, "line": line, "kind": "gain", "depth": GAIN_DEPTH})
    return [p for p in found if proven(p)], groups


def source(n: int) -> tuple[str, str, str, dict | None]:
    """Where game ``n`` of a ruleset comes from: (what, officers' player, rebels' player, house rules)."""
    return SOURCES[n % len(SOURCES)]


def play_game(ruleset: str, n: int, branches: int = 0) -> list[dict]:
    """Game ``n`` of ``ruleset`` (seeded; played as :func:`source` says) and the puzzles proven in
    its positions; then ``branches`` more endings, each played on from a position of the game's
    second half with its own seed."""
    rng = random.Random(f"{SEED}:{ruleset}:{n}")
    MEMOS.clear()
    _, officers, rebels, house = source(n)
    try:
        played = custom_name(ruleset, house) if house else ruleset
    except AsaltoError:  # an option this ruleset has no such value for: its own rules
        played = ruleset
    position = Position.start(played)
    if position.state[2] == PLACING:
        position = position.play_raw(rng.choice(position.raw_moves()))
    for _ in range(rng.randint(*OPENING)):
        raw = position.raw_moves()
        quiet = [m for m in raw if not (m[2] or m[3])] or raw
        position = position.play_raw(rng.choice(quiet))
        if position.outcome():
            return []
    known: set[str] = set()
    found, history = _play_on(position, [], rng, f"{n}", known, (officers, rebels))
    for b in range(1, branches + 1):
        twig = random.Random(f"{SEED}:{ruleset}:{n}:{b}")
        fork = twig.randint(max(len(history) // 2, len(history) - FORK), len(history) - 1) if len(history) > 1 else 0
        more, _ = _play_on(history[fork], history[:fork], twig, f"{n}.{b}", known, (officers, rebels), BRANCH_PLIES)
        found += more
    return found


def named(position: Position) -> Position | None:
    """A house-rule game's position under its named rules (the puzzle's rules), None if not one."""
    name, _, rest = position.text().partition(" ")
    if ":" not in name:
        return position
    try:
        return Position.from_text(name.partition(":")[0] + " " + rest)
    except AsaltoError:
        return None


def proven(puzzle: dict) -> bool:
    """Whether the set keeps ``puzzle``; the other lines it accepts (the same huff, other steps) go in it."""
    also = alternatives(puzzle)
    if isinstance(also, list) and also:
        puzzle["also"] = also
    return check(puzzle) is None


def _move(player: str, position: Position, engine: ai.Player, seed: int, history: list[Position]):
    """The move ``player`` (a level or WILD) makes."""
    if player == WILD:
        rng = random.Random(seed)
        raw = position.raw_moves()
        takes = [m for m in raw if m[2] or m[3]]
        return position.play_raw(rng.choice(takes if takes and rng.random() < 0.5 else raw))
    a = engine.best_move(
        position, player, node_limit=MOVE_NODES[player], seed=seed, history=[h.text() for h in history]
    )
    return position.play(a.move)


def _play_on(
    position: Position,
    history: list[Position],
    rng: random.Random,
    name: str,
    known: set[str],
    sides: tuple[str, str] = ("*", "*"),
    plies: int = 0,
):
    """Play ``position`` to its end (or MAX_PLIES, or ``plies`` if given) by the players ``sides``
    says ("*": a weaker level chosen by ``rng``), keeping the puzzles of each new position and of a
    won game's last plies; ``known`` positions are not kept again. Returns the puzzles and the game's positions
    before its last move."""
    levels = tuple(rng.choice(LEVELS) if p == "*" else p for p in sides)
    players = (ai.Player(), ai.Player())
    history, found = list(history), []
    seed = rng.randrange(1 << 30)

    def keep(puzzles: list[dict], ply: int) -> None:
        for p in puzzles:
            if p["position"] not in known:
                known.add(p["position"])
                p["game"] = f"{name}:{ply}"
                found.append(p)

    for _ in range(plies or MAX_PLIES.get(position.ruleset, MAX_PLIES["*"])):
        if position.outcome():
            break
        posed = named(position)
        if posed is not None and not posed.outcome():
            puzzles, screened = candidates(posed)
            keep(puzzles + failed_captures(posed, screened), len(history))
        side = position.state[2]
        nxt = _move(levels[side], position, players[side], seed + len(history), history)
        history.append(position)
        position = nxt
    done = position.outcome()
    if done and done.winner and ":" not in position.ruleset:  # a house rule's end is not the named rules'
        for back, before in enumerate(reversed(history[-END_SCAN:])):
            keep([p for p in the_end(before, back + 1, done.winner) if proven(p)], len(history) - back - 1)
    return found, history


def failed_captures(position: Position, screened: dict) -> list[dict]:
    """Huff puzzles: where the officers could capture, a move of theirs that does not (or stops
    short) leaves an officer to huff. The SLIPS the screen (``screened``: each answer's score)
    rates best, the ones a player would fall for, are played and their puzzles kept: the rebels' forced
    win or material gain after it (as a chess puzzle starts after the opponent's slip)."""
    k = position.kernel
    if position.state[2] != OFFICERS or not k.huffing:
        return []
    found = []
    for move, _ in sorted((mv for mv in screened.values() if mv[0][4]), key=lambda mv: -mv[1])[:SLIPS]:
        slip = position.play_raw(move)
        if slip.outcome():
            continue
        here, _ = candidates(slip)
        if not here:  # one puzzle a position: a longer forced win found after the screen's would not be kept
            win = _shortest_win(slip, HUFF_WIN)
            here = [win] if win and proven(win) else []
        found += here
    return found


def the_end(position: Position, left: int, winner: str) -> list[dict]:
    """Puzzles in the last plies of a won game: the winner's forced win; the loser's only defence,
    and the forced wins each of the loser's other moves would have allowed."""
    if position.turn == winner:
        found = _shortest_win(position, left)
        return [found] if found else []
    if left > MAX_WIN + 1:  # its defences and the wins it allows are longer than any mined
        return []
    rs, k, text = position.ruleset, position.kernel, position.text()
    side = position.state[2]
    groups: dict = {}
    for m in k.moves(position.state):
        groups.setdefault(k.play(position.state, m), m)
    holds, lost = [], []
    for child, m in groups.items():
        try:
            if _proves(rs, child, 1 - side, left - 1, END_BUDGET):
                lost.append(m)
            else:
                holds.append(m)
        except OutOfProof:
            holds.append(m)
    found = []
    if one_idea(holds) and len(groups) >= 2:
        found.append({"position": text, "line": [_text(position, holds[0])], "kind": "defence", "plies": left - 1})
    for m in lost:
        win = _shortest_win(position.play_raw(m), left - 1)
        if win:
            found.append(win)
    return found


def _shortest_win(position: Position, left: int) -> dict | None:
    """The forced win of the side to move in the fewest plies (at most ``left`` and MAX_WIN) as a puzzle."""
    side = position.state[2]
    k = position.kernel
    if len({k.play(position.state, m) for m in k.moves(position.state)}) < 2:
        return None  # a forced move is no puzzle
    for n in range(1, min(left, MAX_WIN) + 1, 2):
        try:
            if _proves(position.ruleset, position.state, side, n, BUDGET):
                line = _win_line(position, n)
                return {"position": position.text(), "line": line, "kind": "win"} if line else None
        except OutOfProof:
            return None
    return None


def mine(rulesets: list[str], minutes: float, until: int, deadline: float, fewest: bool = False) -> None:
    """Play games in the rulesets in turn, one game each round (or, ``fewest``, always in the
    ruleset with the fewest puzzles: the smallest catches up first), until each has ``until``
    puzzles (as the set keeps them), this run has had ``minutes`` of CPU or the clock passes
    ``deadline`` (a Unix time), appending to the records."""
    GAMES.mkdir(exist_ok=True)
    state = {}
    for rs in rulesets:
        record = GAMES / f"puzzles-{rs}.jsonl"
        done = [json.loads(x) for x in record.read_text().splitlines()] if record.exists() else []
        state[rs] = {
            "n": max((g["game"] for g in done), default=-1) + 1,
            "cpu": max((g["cpu"] for g in done), default=0.0),  # CPU seconds of every run (cumulative)
            "kept": {},  # each group of near-duplicates (likeness) -> its longest line's plies
        }
        count_groups(state[rs]["kept"], [p for g in done for p in g["puzzles"] if proven(p)])
    start = time.process_time()
    if fewest:
        rulesets.sort(key=lambda rs: kept(state[rs]["kept"]))
    while time.process_time() - start < minutes * 60 and time.time() < deadline:
        busy = [rs for rs in rulesets if kept(state[rs]["kept"]) < until]
        if not busy:
            break
        for rs in busy[:1] if fewest else busy:
            s, before = state[rs], time.process_time()
            puzzles = play_game(rs, s["n"], BRANCHES)
            count_groups(s["kept"], puzzles)
            s["cpu"] = round(s["cpu"] + time.process_time() - before, 1)
            what, officers, rebels, house = source(s["n"])
            record = {"game": s["n"], "branches": BRANCHES, "cpu": s["cpu"], "puzzles": puzzles}
            record["source"] = f"{what}: officers {officers}, rebels {rebels}" + (f", {house}" if house else "")
            with (GAMES / f"puzzles-{rs}.jsonl").open("a") as out:
                out.write(json.dumps(record) + "\n")
            long = sum(len(p["line"]) >= 3 for p in puzzles)
            print(
                f"{rs} game {s['n']}: {len(puzzles)} puzzles ({long} of 3 plies or more), "
                f"{kept(s['kept'])} kept in all, {s['cpu']:.0f} s CPU",
                flush=True,
            )
            s["n"] += 1
        if fewest:
            rulesets.sort(key=lambda rs: kept(state[rs]["kept"]))


def write_set() -> None:
    """The set from every mined game: one puzzle per position, themed and rated, with provenance."""
    previous = json.loads(SET.read_text()) if SET.exists() else {"puzzles": []}
    before = frozenset(p["position"] for p in previous["puzzles"])
    puzzles, seen, games = [], set(), {}
    for rs in RULESETS:
        record = GAMES / f"puzzles-{rs}.jsonl"
        if not record.exists():
            continue
        lines = [json.loads(x) for x in record.read_text().splitlines()]
        games[rs] = len(lines)
        mined = []
        for g in lines:
            for p in g["puzzles"]:
                p.pop("also", None)
                if p["position"] in seen or not proven(p):  # mined by an older, laxer version
                    continue
                seen.add(p["position"])
                p["themes"] = themes(p)
                mined.append(p)
        puzzles += distinct(mined, before)
    last = number(puzzles, previous)
    puzzles.sort(key=lambda p: p["id"])  # the trainer's order (it need not sort them on MicroPython)
    fitted = puzzle_ratings.rate(puzzles)
    data = {
        "provenance": {
            "seed": SEED,
            "engine": __version__,
            "date": datetime.date.today().isoformat(),
            "games": games,
            "script": "bench/puzzles.py",
            "margin": MARGIN,
            "slack": SLACK,
            "sources": [f"{what}: officers {o}, rebels {r}" + (f", {h}" if h else "") for what, o, r, h in SOURCES],
            "solvers": fitted["solvers"],
            "last_id": last,
        },
        "themes": list(THEMES),
        "puzzles": puzzles,
    }
    SET.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(puzzles)} puzzles written to {SET.relative_to(ROOT)}")


def number(puzzles: list[dict], previous: dict) -> dict[str, int]:
    """Give each puzzle its id: the one it had in the ``previous`` set (the same position and
    line), so a player's history stays valid when the set is mined again; a new puzzle takes its
    ruleset's next number, past every number ever given (``last_id`` in the provenance), so a
    retired id never comes back as another puzzle. Returns the last number given per prefix."""
    known = {(p["position"], tuple(p["line"])): p["id"] for p in previous["puzzles"]}
    last = dict(previous.get("provenance", {}).get("last_id", {}))
    for i in known.values():
        last[i[:2]] = max(last.get(i[:2], 0), int(i[2:]))
    for p in puzzles:
        old = known.get((p["position"], tuple(p["line"])))
        if old is None:
            prefix = PREFIX[p["position"].split()[0]]
            last[prefix] = last.get(prefix, 0) + 1
            old = f"{prefix}{last[prefix]:04d}"
        p["id"] = old
    return last


def count_groups(lengths: dict, puzzles: list[dict]) -> None:
    """Count ``puzzles`` in ``lengths`` (each group of near-duplicates -> its longest line's plies):
    the set keeps one of each group (:func:`distinct`)."""
    for p in puzzles:
        key = likeness(p)
        lengths[key] = max(lengths.get(key, 0), len(p["line"]))


def kept(lengths: dict) -> int:
    """How many puzzles of the groups of near-duplicates (-> their longest line's plies) the set
    keeps: one of each, no more of one move than longer ones, as :func:`distinct` does."""
    longer = sum(n >= 3 for n in lengths.values())
    return longer + min(longer, len(lengths) - longer)


def balanced(mined: list[dict], before: frozenset[str] = frozenset()) -> list[dict]:
    """A ruleset's puzzles with no more of one move than of three plies or more: the one-move
    puzzles already in the set (positions ``before``: players' histories name them) are kept
    first, then those with the most first moves to choose from (in the order mined)."""
    longer = sum(len(p["line"]) >= 3 for p in mined)
    short = [p for p in mined if len(p["line"]) == 1]
    if len(short) <= longer:
        return mined
    choices = {p["position"]: len(Position.from_text(p["position"]).legal_moves) for p in short}
    ranked = sorted(short, key=lambda p: (p["position"] not in before, -choices[p["position"]]))
    keep = {p["position"] for p in ranked[:longer]}
    return [p for p in mined if len(p["line"]) >= 3 or p["position"] in keep]


def unmoved(puzzle: dict) -> str:
    """A puzzle's position up to its move counter: two puzzles of one such are the same puzzle."""
    return puzzle["position"].rsplit(" ", 1)[0]


def likeness(puzzle: dict) -> tuple:
    """What near-duplicates share: the ruleset, every piece but the officers, whose turn and the
    huff pending, and the solver's moves (the answer); only where the officers stand differs."""
    position = Position.from_text(puzzle["position"])
    fields = puzzle["position"].split()
    others = tuple(sorted(point for point, kind in position.pieces().items() if kind != "O"))
    return (fields[0], others, fields[2], fields[3], tuple(puzzle["line"][0::2]))


def best_first(puzzle: dict) -> tuple:
    """The best of a group first: the longest line, then the most first moves to choose from, then
    the oldest id (the one players' histories most likely name; a puzzle new to the set, not yet
    numbered, after every numbered one)."""
    choices = len(Position.from_text(puzzle["position"]).legal_moves)
    return (-len(puzzle["line"]), -choices, puzzle.get("id") or "~" + puzzle["position"])


def distinct(puzzles: list[dict], before: frozenset[str] = frozenset()) -> list[dict]:
    """``puzzles`` with the best (:func:`best_first`) of each group of duplicates (one position up
    to its move counter), then of each group of near-duplicates (:func:`likeness`: only the
    officers stand elsewhere); then, per ruleset, no more one-move puzzles than longer ones, as
    :func:`balanced` keeps them (``before``: the set's positions before, kept first). Duplicates go
    before the balance is struck, so every one-move puzzle kept is an idea of its own. The order is kept."""
    kept = list(puzzles)
    for same in (unmoved, likeness):
        groups: dict = {}
        for p in kept:
            groups.setdefault(same(p), []).append(p)
        best = {id(min(group, key=best_first)) for group in groups.values()}
        kept = [p for p in kept if id(p) in best]
    chosen = {id(p) for rs in RULESETS for p in balanced([p for p in kept if p["position"].split()[0] == rs], before)}
    return [p for p in puzzles if id(p) in chosen]


LENGTHS = ("1 ply", "3 plies", "5+ plies")


def length(puzzle: dict) -> str:
    n = len(puzzle["line"])
    return LENGTHS[0] if n == 1 else LENGTHS[1] if n == 3 else LENGTHS[2]


def table(data: dict) -> str:
    """The set's size per ruleset, line length, theme and kind (the bench's results and docs/teaching.md's table)."""
    keys = ("all", *LENGTHS, *THEMES, *("kind " + k for k in KINDS))
    counts: dict = {}
    for p in data["puzzles"]:
        rs = p["position"].split()[0]
        row = counts.setdefault(rs, dict.fromkeys(keys, 0))
        row["all"] += 1
        row[length(p)] += 1
        row["kind " + p["kind"]] += 1
        for t in p["themes"]:
            row[t] += 1
    rows = [[rs, *(str(counts[rs][k]) for k in keys)] for rs in RULESETS if rs in counts]
    total = ["all", *(str(sum(int(r[i]) for r in rows)) for i in range(1, len(keys) + 1))]
    head = ["ruleset", "puzzles", *keys[1:]]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in [*rows, total]]) + "\n"


def mix(data: dict) -> str:
    """Per ruleset and theme, how many puzzles of each length (a puzzle counts under each theme)."""
    lines = ["| ruleset | theme | " + " | ".join(LENGTHS) + " |", "|" + "---|" * (2 + len(LENGTHS))]
    for rs in RULESETS:
        mine = [p for p in data["puzzles"] if p["position"].split()[0] == rs]
        for theme in THEMES:
            n = [sum(1 for p in mine if theme in p["themes"] and length(p) == x) for x in LENGTHS]
            if any(n):
                lines.append(f"| {rs} | {theme} | " + " | ".join(map(str, n)) + " |")
    return "\n".join(lines) + "\n"


def giveaways(data: dict) -> list[str]:
    """The ids of puzzles whose answer is forced in effect (the set must have none)."""
    found = []
    for p in data["puzzles"]:
        position = Position.from_text(p["position"])
        also = {position.play(x[1]).state for x in p.get("also", []) if x[0] == 0}
        if giveaway(position, position.find_raw(Move.parse(p["line"][0])), also):
            found.append(p["id"])
    return found


def earlier(rev: str) -> list[str]:
    """The set as git revision ``rev`` had it: its size and mix, to set beside today's."""
    for path in (SET.relative_to(ROOT), "site/puzzles.json"):  # the set's place, and before the apps' folders
        shown = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True)
        if shown.returncode == 0:
            break
    old = json.loads(shown.stdout)
    one = sum(len(p["line"]) == 1 for p in old["puzzles"])
    return [
        f"## Before: the set at {rev} ({old['provenance']['date']})",
        "",
        table(old).rstrip("\n"),
        "",
        f"One-move puzzles: {one} of {len(old['puzzles'])} ({one / len(old['puzzles']):.0%}).",
        "",
        mix(old).rstrip("\n"),
        "",
    ]


def rates() -> str:
    """Puzzles mined per CPU-minute by each version of the miner (told apart by its branches per
    game: 3 before endings were forked late and the prover kept a memo, 8 then, 12 since the prover's
    leaves list no moves and random-ish players come more often), from the records;
    an older version's finds were judged by its laxer checks, so the last column counts those the
    set keeps today (proven now, and within the balance of lengths)."""
    by: dict = {}
    in_set = {p["position"] for p in json.loads(SET.read_text())["puzzles"]}
    for rs in RULESETS:
        record = GAMES / f"puzzles-{rs}.jsonl"
        cpu = 0.0
        for line in record.read_text().splitlines() if record.exists() else []:
            g = json.loads(line)
            row = by.setdefault(g.get("branches", 0), [0, 0.0, 0, 0, 0])
            row[0] += 1
            row[1] += g["cpu"] - cpu
            row[2] += len(g["puzzles"])
            row[3] += sum(len(p["line"]) >= 3 for p in g["puzzles"])
            row[4] += sum(p["position"] in in_set for p in g["puzzles"])
            cpu = g["cpu"]
    lines = [
        "| branches per game | games | CPU min | puzzles | per CPU-min | 3+ plies per CPU-min "
        "| in the set per CPU-min |",
        "|---|---|---|---|---|---|---|",
    ]
    for branches, (games, seconds, found, long, kept) in sorted(by.items()):
        minutes = max(seconds / 60, 1e-9)
        lines.append(
            f"| {branches} | {games} | {minutes:.1f} | {found} | {found / minutes:.1f} | {long / minutes:.1f} "
            f"| {kept / minutes:.1f} |"
        )
    return "\n".join(lines) + "\n"


def reprove(before: str = "") -> None:
    """Re-prove the whole set; write its size, mix and time to bench/results/puzzles.md (and the
    set at git revision ``before`` beside it, if given)."""
    data = json.loads(SET.read_text())
    start = time.process_time()
    failed = [(p["id"], why) for p in data["puzzles"] if (why := check(p))]
    seconds = time.process_time() - start
    forced = giveaways(data)
    one = sum(len(p["line"]) == 1 for p in data["puzzles"])
    prov = data["provenance"]
    cpu = {}  # CPU seconds of mining per ruleset, from the games' records
    for rs in RULESETS:
        record = GAMES / f"puzzles-{rs}.jsonl"
        if record.exists():
            cpu[rs] = max(json.loads(x)["cpu"] for x in record.read_text().splitlines())
    text = "\n".join(
        [
            "# The puzzle set (bench/puzzles.py)",
            "",
            f"Mined by `bench/puzzles.py --mine` (seed {prov['seed']}, engine {prov['engine']}, {prov['date']}; "
            f"games per ruleset: {', '.join(f'{k} {v}' for k, v in prov['games'].items())}); "
            f"mining took {sum(cpu.values()) / 60:.1f} min of CPU "
            f"({', '.join(f'{k} {v:.0f} s' for k, v in cpu.items())}).",
            f"Re-proved: {len(data['puzzles']) - len(failed)} of {len(data['puzzles'])} in {seconds:.1f} s of CPU "
            f"(CPython {sys.version.split()[0]}).",
            "",
            table(data).rstrip("\n"),
            "",
            f"One-move puzzles: {one} of {len(data['puzzles'])} ({one / len(data['puzzles']):.0%}). "
            f"Answers forced in effect (fewer than {MIN_CHOICES} first moves with different effects, or the "
            f"only capture or huff): {len(forced)}.",
            "",
            "Per ruleset and theme, by the length of the line:",
            "",
            mix(data).rstrip("\n"),
            "",
            "Mining rate (puzzles found per CPU-minute, each position once per game, before the set's "
            "balance of lengths), by the miner's version:",
            "",
            rates().rstrip("\n"),
            "",
            "The ratings' check (the share solved by solvers of known strength) is bench/puzzle_ratings.py's, "
            "in bench/results/puzzle-ratings.md.",
            "",
            "A puzzle counts under each theme it has; kinds: a forced win (proved by the prover), an only "
            "defence (every other move loses by force, proved), a material gain (a full-width search).",
            *(f"- FAILED {i}: {why}" for i, why in failed),
            *(f"- FORCED IN EFFECT {i}" for i in forced),
            "",
            *(earlier(before) if before else []),
        ]
    )
    RESULTS.write_text(text)
    print(text)
    if failed or forced:
        sys.exit(1)


def deadline(text: str) -> float:
    """The Unix time of today's HH:MM UTC (no limit for '')."""
    if not text:
        return float("inf")
    hours, minutes = (int(x) for x in text.split(":"))
    now = datetime.datetime.now(datetime.UTC)
    return now.replace(hour=hours, minute=minutes, second=0, microsecond=0).timestamp()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mine", action="store_true")
    parser.add_argument("--minutes", type=float, default=60, help="CPU minutes of this run at most")
    parser.add_argument("--deadline", default="", help="stop mining at this UTC time (HH:MM)")
    parser.add_argument("--until", type=int, default=500, help="puzzles per ruleset to mine")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--fewest", action="store_true", help="mine the ruleset with the fewest puzzles next")
    parser.add_argument("--write", action="store_true", help="only write the set from the mined games")
    parser.add_argument("--table", action="store_true", help="print docs/teaching.md's table of the set and stop")
    parser.add_argument(
        "--distinct", action="store_true", help="drop the set's duplicates and near-duplicates (distinct) in place"
    )
    parser.add_argument("--before", default="", help="a git revision whose set the results show beside this one")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(SET.read_text())), end="")
        return
    if args.distinct:
        data = json.loads(SET.read_text())
        before = len(data["puzzles"])
        kept = frozenset(p["position"] for p in data["puzzles"])
        data["puzzles"] = distinct(data["puzzles"], kept)  # each kept as proven and rated; the ids dropped stay retired
        SET.write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"{before - len(data['puzzles'])} duplicates dropped: {len(data['puzzles'])} puzzles in {SET.name}")
        return
    if args.mine:
        mine(args.rulesets.split(","), args.minutes, args.until, deadline(args.deadline), args.fewest)
    if args.mine or args.write:
        write_set()
    else:
        reprove(args.before)


if __name__ == "__main__":
    main()
