#!/usr/bin/env python3
"""The trainer's puzzle set: mined from the engine's own games, every puzzle proven.

    python bench/puzzles.py --mine [--until N] [--minutes M] [--rulesets assault,asalto]
                        play self-play games (seeded: game N of a ruleset is always the same
                        game) until each ruleset has N puzzles (330) or has had M minutes of CPU
                        in all, and keep the proven puzzles; resumable: the games mined are in
                        bench/games/puzzles-<ruleset>.jsonl with the CPU spent, and a run goes on
                        from there. Then write the set (site/puzzles.json)
    python bench/puzzles.py --write
                        only write the set from the games mined
    python bench/puzzles.py --table
                        print the README's table of the set's size per ruleset and theme
    python bench/puzzles.py
                        re-prove every puzzle of the set and write its size, its mix per ruleset
                        and theme and the time taken to bench/results/puzzles.md

Self-play: each game starts from random legal placements and OPENING random quiet plies, then
each side is one of the AI's weaker levels (beginner or casual, as the page plays them, with a
node budget so a run is the same on any machine: weaker play leaves more to punish). BRANCHES
more endings are played on from random positions of the game's second half (each a game of
its own from there, with its own seed and levels): most puzzles lie near a game's end. Each
position is searched full width (every move's score exact, SCREEN_DEPTH plies): a forced win,
an only defence or a move two rebels better than any other is a candidate. Where the officers
could capture, the slip the screen likes best (a move that fails to capture, leaving an officer
to huff) is played and its position screened too: the huff puzzles. When a game is won, its
last END_SCAN plies are asked of the prover: the winner's shortest forced win, the loser's only
defence, and the wins the loser's other moves would have allowed. Every candidate is then
proven by :mod:`asalto_core.tactics` (the set keeps only what it proves); the same position is
kept once. A record's games without ``branches`` were mined before endings were branched and
slips tried (the script's history has that version); their puzzles are proven like the rest.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core import Position, __version__, ai  # noqa: E402
from asalto_core.movegen import OFFICERS, PLACING  # noqa: E402
from asalto_core.notation import move_from_raw  # noqa: E402
from asalto_core.proof import OutOfProof, forces_win  # noqa: E402
from asalto_core.search import WIN, WON, Searcher  # noqa: E402
from asalto_core.tactics import BUDGET, CHAIN, KINDS, MARGIN, SLACK, THEMES, check, material, rating, themes  # noqa: E402

RULESETS = ("assault", "asalto", "assaut", "citadelle", "royal-garrison")
PREFIX = {"assault": "at", "asalto": "ao", "assaut": "au", "citadelle": "ci", "royal-garrison": "rg"}  # of ids
SEED = 2028  # the set's seed: game N of a ruleset plays from random.Random(f"{SEED}:{ruleset}:{N}")
OPENING = (2, 8)  # random quiet plies after the placement
LEVELS = ("beginner", "casual")  # weaker play leaves more tactics to find
MOVE_NODES = {"beginner": 500, "casual": 1_500}
SCREEN_DEPTH = 2  # full-width plies searched at every position of a game
SCREEN_NODES = 4_000
GAIN_DEPTH = 4  # full-width plies that prove a material puzzle
MAX_WIN = 9  # the longest forced win (plies) mined
HUFF_WIN = 5  # the longest forced win mined after an officer fails to capture
MAX_PLIES = {"*": 200, "royal-garrison": 400}  # its sepoys take longer to deplete or to hem in
END_BUDGET = 20_000  # prover positions per question of the end-of-game scan (a candidate is proven again after)
BRANCHES = 3  # endings played on from each game
END_SCAN = 30  # plies before a won game's end searched for forced wins and only defences
GAMES = ROOT / "bench" / "games"
SET = ROOT / "site" / "puzzles.json"
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


def _text(position: Position, raw: tuple) -> str:
    return str(move_from_raw(position.geometry, raw, position.state[2]))


def _win_line(position: Position, plies: int) -> list[str] | None:
    """The forced win's line: the one winning answer at each solver move, the longest defence between."""
    k, rs = position.kernel, position.ruleset
    solver = position.state[2]
    line, left = [], plies
    try:
        while left > 0:
            groups: dict = {}
            for m in k.moves(position.state):
                groups.setdefault(k.play(position.state, m), m)
            if position.state[2] == solver:
                wins = [m for c, m in groups.items() if forces_win(rs, c, solver, left - 1, budget=BUDGET)]
                if len(wins) != 1:
                    return None
                move = wins[0]
            else:
                holds = [m for c, m in groups.items() if not forces_win(rs, c, solver, left - 3, budget=BUDGET)]
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
    if screened is None:
        return [], {}
    groups, _ = screened
    ranked = sorted(groups.values(), key=lambda mv: -mv[1])
    best_move, best = ranked[0]
    found = []
    text = position.text()
    if len(ranked) >= 2:
        second = ranked[1][1]
        if best > WON and WIN - best <= MAX_WIN and second <= WON:
            line = _win_line(position, WIN - best)
            if line:
                found.append({"position": text, "line": line, "kind": "win"})
        elif best > -WON and second < -WON:
            plies = max(WIN + v for _, v in ranked[1:]) - 1
            found.append({"position": text, "line": [_text(position, best_move)], "kind": "defence", "plies": plies})
        elif abs(best) < WON and best >= second + MARGIN:
            line = _gain_line(position, best_move)
            if line:
                found.append({"position": text, "line": line, "kind": "gain", "depth": GAIN_DEPTH})
    return [p for p in found if check(p) is None], groups


def play_game(ruleset: str, n: int, branches: int = 0) -> list[dict]:
    """Game ``n`` of ``ruleset`` (seeded) and the puzzles proven in its positions; then ``branches``
    more endings, each played on from a position of the game's second half with its own seed."""
    rng = random.Random(f"{SEED}:{ruleset}:{n}")
    position = Position.start(ruleset)
    if position.state[2] == PLACING:
        position = position.play_raw(rng.choice(position.raw_moves()))
    for _ in range(rng.randint(*OPENING)):
        raw = position.raw_moves()
        quiet = [m for m in raw if not (m[2] or m[3])] or raw
        position = position.play_raw(rng.choice(quiet))
        if position.outcome():
            return []
    known: set[str] = set()
    found, history = _play_on(position, [], rng, f"{n}", known)
    for b in range(1, branches + 1):
        twig = random.Random(f"{SEED}:{ruleset}:{n}:{b}")
        fork = twig.randint(len(history) // 2, len(history) - 1) if len(history) > 1 else 0
        more, _ = _play_on(history[fork], history[:fork], twig, f"{n}.{b}", known)
        found += more
    return found


def _play_on(position: Position, history: list[Position], rng: random.Random, name: str, known: set[str]):
    """Play ``position`` to its end (or MAX_PLIES) by two of the weaker levels chosen by ``rng``,
    keeping the puzzles of each new position and of a won game's last plies; ``known`` positions
    are not kept again. Returns the puzzles and the game's positions before its last move."""
    levels = (rng.choice(LEVELS), rng.choice(LEVELS))
    players = (ai.Player(), ai.Player())
    history, found = list(history), []
    seed = rng.randrange(1 << 30)

    def keep(puzzles: list[dict], ply: int) -> None:
        for p in puzzles:
            if p["position"] not in known:
                known.add(p["position"])
                p["game"] = f"{name}:{ply}"
                found.append(p)

    for _ in range(MAX_PLIES.get(position.ruleset, MAX_PLIES["*"])):
        if position.outcome():
            break
        puzzles, screened = candidates(position)
        keep(puzzles + failed_captures(position, screened), len(history))
        side = position.state[2]
        level = levels[side]
        a = players[side].best_move(
            position, level, node_limit=MOVE_NODES[level], seed=seed + len(history), history=[h.text() for h in history]
        )
        history.append(position)
        position = position.play(a.move)
    done = position.outcome()
    if done and done.winner:
        for back, before in enumerate(reversed(history[-END_SCAN:])):
            keep([p for p in the_end(before, back + 1, done.winner) if check(p) is None], len(history) - back - 1)
    return found, history


def failed_captures(position: Position, screened: dict) -> list[dict]:
    """Huff puzzles: where the officers could capture, a move of theirs that does not (or stops
    short) leaves an officer to huff. The slip the screen (``screened``: each answer's score)
    rates best, the one a player would fall for, is played and its puzzles kept: the rebels' forced
    win or material gain after it (as a chess puzzle starts after the opponent's slip)."""
    k = position.kernel
    if position.state[2] != OFFICERS or not k.huffing:
        return []
    slips = [mv for mv in screened.values() if mv[0][4]]
    if not slips:
        return []
    slip = position.play_raw(max(slips, key=lambda mv: mv[1])[0])
    if slip.outcome():
        return []
    found, _ = candidates(slip)
    if found:  # one puzzle a position: a longer forced win found below would not be kept
        return found
    win = _shortest_win(slip, HUFF_WIN)
    return [win] if win and check(win) is None else []


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
            if forces_win(rs, child, 1 - side, left - 1, budget=END_BUDGET):
                lost.append(m)
            else:
                holds.append(m)
        except OutOfProof:
            holds.append(m)
    found = []
    if len(holds) == 1 and len(groups) >= 2:
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
            if forces_win(position.ruleset, position.state, side, n, budget=BUDGET):
                line = _win_line(position, n)
                return {"position": position.text(), "line": line, "kind": "win"} if line else None
        except OutOfProof:
            return None
    return None


def mine(rulesets: list[str], minutes: float, until: int) -> None:
    """Play games in each ruleset in turn until it has ``until`` puzzles or has had about
    ``minutes`` of CPU in all, appending to the record."""
    GAMES.mkdir(exist_ok=True)
    for rs in rulesets:
        record = GAMES / f"puzzles-{rs}.jsonl"
        done = [json.loads(x) for x in record.read_text().splitlines()] if record.exists() else []
        n = max((g["game"] for g in done), default=-1) + 1
        spent = max((g["cpu"] for g in done), default=0.0)  # CPU seconds of the runs before (cumulative)
        start = time.process_time() - spent
        kept = {p["position"] for g in done for p in g["puzzles"] if check(p) is None}  # as the set keeps them
        with record.open("a") as out:
            while time.process_time() - start < minutes * 60 and len(kept) < until:
                puzzles = play_game(rs, n, BRANCHES)
                kept |= {p["position"] for p in puzzles}
                cpu = round(time.process_time() - start, 1)
                out.write(json.dumps({"game": n, "branches": BRANCHES, "cpu": cpu, "puzzles": puzzles}) + "\n")
                out.flush()
                print(f"{rs} game {n}: {len(puzzles)} puzzles, {len(kept)} in all", flush=True)
                n += 1


def write_set() -> None:
    """The set from every mined game: one puzzle per position, themed and rated, with provenance."""
    puzzles, seen, games = [], set(), {}
    for rs in RULESETS:
        record = GAMES / f"puzzles-{rs}.jsonl"
        if not record.exists():
            continue
        lines = [json.loads(x) for x in record.read_text().splitlines()]
        games[rs] = len(lines)
        for g in lines:
            for p in g["puzzles"]:
                if p["position"] in seen or check(p) is not None:  # mined by an older, laxer version
                    continue
                seen.add(p["position"])
                p["themes"] = themes(p)
                p["rating"] = rating(p)
                puzzles.append(p)
    numbers: dict = {}  # each ruleset's puzzles numbered in the order mined: an id never changes
    for p in puzzles:
        rs = p["position"].split()[0]
        numbers[rs] = numbers.get(rs, 0) + 1
        p["id"] = f"{PREFIX[rs]}{numbers[rs]:04d}"
    puzzles.sort(key=lambda p: p["id"])  # the trainer's order (it need not sort them on MicroPython)
    data = {
        "provenance": {
            "seed": SEED,
            "engine": __version__,
            "date": datetime.date.today().isoformat(),
            "games": games,
            "script": "bench/puzzles.py",
            "margin": MARGIN,
            "slack": SLACK,
        },
        "themes": list(THEMES),
        "puzzles": puzzles,
    }
    SET.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"{len(puzzles)} puzzles written to {SET.relative_to(ROOT)}")


def table(data: dict) -> str:
    """The set's size per ruleset, theme and kind (the bench's results and the README's table)."""
    counts: dict = {}
    for p in data["puzzles"]:
        rs = p["position"].split()[0]
        row = counts.setdefault(rs, {"all": 0, **{t: 0 for t in THEMES}, **{"kind " + k: 0 for k in KINDS}})
        row["all"] += 1
        row["kind " + p["kind"]] += 1
        for t in p["themes"]:
            row[t] += 1
    keys = ("all", *THEMES, *("kind " + k for k in KINDS))
    rows = [[rs, *(str(counts[rs][k]) for k in keys)] for rs in RULESETS if rs in counts]
    total = ["all", *(str(sum(int(r[i]) for r in rows)) for i in range(1, len(keys) + 1))]
    head = ["ruleset", "puzzles", *THEMES, *("kind " + k for k in KINDS)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in [*rows, total]]) + "\n"


def reprove() -> None:
    """Re-prove the whole set; write its size, mix and time to bench/results/puzzles.md."""
    data = json.loads(SET.read_text())
    start = time.process_time()
    failed = [(p["id"], why) for p in data["puzzles"] if (why := check(p))]
    seconds = time.process_time() - start
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
            "A puzzle counts under each theme it has; kinds: a forced win (proved by the prover), an only "
            "defence (every other move loses by force, proved), a material gain (a full-width search).",
            *(f"- FAILED {i}: {why}" for i, why in failed),
            "",
        ]
    )
    RESULTS.write_text(text)
    print(text)
    if failed:
        sys.exit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mine", action="store_true")
    parser.add_argument("--minutes", type=float, default=60, help="CPU minutes per ruleset at most")
    parser.add_argument("--until", type=int, default=330, help="puzzles per ruleset to mine")
    parser.add_argument("--rulesets", default=",".join(RULESETS))
    parser.add_argument("--write", action="store_true", help="only write the set from the mined games")
    parser.add_argument("--table", action="store_true", help="print the README's table of the set and stop")
    args = parser.parse_args()
    if args.table:
        print(table(json.loads(SET.read_text())), end="")
        return
    if args.mine:
        mine(args.rulesets.split(","), args.minutes, args.until)
    if args.mine or args.write:
        write_set()
    else:
        reprove()


if __name__ == "__main__":
    main()
