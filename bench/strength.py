#!/usr/bin/env python3
"""Strength benchmark: matches between the AI's levels and two baselines, speed and depth.

    python bench/strength.py            the full run (about 15-25 minutes on two cores)
    python bench/strength.py --quick    a smoke run (a few minutes; written to the temp directory)
    python bench/strength.py --weights MOBILITY=15,TRAPPED=300
                                        the strongest level with other evaluation weights
                                        against greedy only (how the weights were tuned)
    python bench/strength.py --rulesets assaut --pairing strongest-strong --pairs 10
                                        one ladder pairing with more pairs (the first
                                        LADDER_PAIRS from the full run's openings)
    python bench/strength.py --positions
                                        the regression positions (bench/positions/regression.txt,
                                        about a minute); exit status 1 if one fails
    python bench/strength.py --speed --before /tmp/old/pkg
                                        depth and nodes per second at 1 and 3 s, the table kept
                                        between moves, and an older engine's figures to compare
                                        (a directory holding its asalto_core); updates the speed
                                        section of bench/results/strength.md (about 3 minutes)
    python bench/strength.py --speed --before /tmp/old/pkg --pyodide node_modules/pyodide
                                        the same, and both engines' depth and speed in npm's Pyodide
                                        under node too (bench/pyodide_speed.mjs; about 8 minutes)
    python bench/strength.py --speed --micropython
                                        the same, and nodes per second and the depth of a 1 s search
                                        on npm's MicroPython under node, as the weaker levels' worker
                                        runs the engine (tests/micropython.py; about a minute more)

Baselines (they live here, not in the engine): ``random`` plays uniformly random legal
moves; ``greedy`` looks one ply ahead: officers capture the most rebels (else step next
to the most rebels), rebels huff if they can, else fill or advance the most.

The levels play with a node budget of NPS_REF nodes per second of their time limit,
times --scale, so a run gives the same games on any machine. Games are played in
colour-swapped pairs. Against the baselines they start from the start position; the
ladder's pairs (each level against the one below) each start from their own opening
of OPENING random quiet plies, the same for both games of the pair. In rulesets where
one side wins almost whatever the level, both games of a pair often go to that side;
such a pair is scored by margin (PAIR_RULE, printed with the results), so the ladder
measures which level won faster and lost slower rather than which colour it had.
The levels play as the page's worker does, each with one ai.Player for the whole game (its
transposition table kept between moves). Records go to bench/games/, figures to
bench/results/strength.md and strength.json (with the rebels' results by games and game lengths);
``--quick``, ``--weights`` and ``--pairing`` runs write to the temp directory instead (asalto-strength/).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# ASALTO_PKG: another engine's package directory, for the speed figures of an older version (--before).
sys.path.insert(0, os.environ.get("ASALTO_PKG", str(ROOT / "pkg")))

from asalto_core import LEVELS, Game, Position, ai, evaluation  # noqa: E402
from asalto_core.movegen import OFFICERS, REBELS  # noqa: E402
from asalto_core.notation import move_from_raw  # noqa: E402
from asalto_core.search import Searcher  # noqa: E402

RULESETS = ("assault", "asalto", "assaut", "royal-garrison")
NPS_REF = 60_000  # nodes per second of one core of the bench machine (CPython 3.11), measured by this script
MAX_PLIES = 300  # a game still going after this many plies is scored a draw
OPENING = 3  # random quiet plies before a ladder pair's games (placement counts as one): varied, still level
LADDER_PAIRS = 3  # colour-swapped pairs per ladder pairing and ruleset (each from its own opening): 4 ran past 25 min
# In assaut the rebels won every ladder game of the upper levels, so each pair goes by margin (PAIR_RULE), which
# three pairs measure poorly: strongest over strong scored 1.5/3 pairs, then 8.5/10 with
# `--rulesets assaut --pairing strongest-strong --pairs 10` (the same first three openings). Assaut games are
# short (about 50 plies), so ten pairs per pairing there add about two minutes to the full run.
LADDER_PAIRS_IN = {"assaut": 10}
PAIR_RULE = (
    "A pair is two games from the same opening with colours swapped. The player who scored more in the two "
    "games wins the pair. When each scored 1 (the same side won both, or two draws), the pair goes to the "
    "player whose win was shorter in plies, which is the same as whose loss was longer (a win counts "
    "MAX_PLIES minus its length, a loss minus that, a draw 0); if still level, to the one who captured more "
    "rebels as officers than it lost as rebels; else it is halved."
)
MIDGAMES = {  # positions reached in self-play (strong against strong), for the depth-at-1-second figure
    "assault": "assault 2R/O2/RRR2RR/1RR1RRR/RRORR1R/R1R/RRR r - 13",
    "asalto": "asalto 3/R2/1RRO1RR/RR3RR/RRRR1RR/1RR/RRR o - 12",
    "assaut": "assaut 3/3/RRR1O1R/RRRRRRR/RRRRRRR/1R1/1RR o - 12",
    "royal-garrison": "royal-garrison R6/RO1O1/RRR1RRORR/RRRR1RRRR/RR1RRRRRR/RRRRRRRRR/2RRRRRRR/RRRRR/RR1RR r - 21",
}

Player = Callable[[Position, list[str], random.Random], str]


def random_player(position: Position, history: list[str], rng: random.Random) -> str:
    return str(rng.choice(list(position.legal_moves)))


def greedy_player(position: Position, history: list[str], rng: random.Random) -> str:
    """One ply: the biggest capture or huff, else (rebels) the longest advance, (officers) the busiest point."""
    k, g, side = position.kernel, position.geometry, position.state[2]
    dist = g.distances_to_fortress()
    rebels = position.state[1]

    def gain(m: tuple) -> tuple[int, int, float]:
        frm, to, captured, removed = m[:4]
        if side == REBELS:
            return (removed.bit_count(), dist[frm] - dist[to] if frm >= 0 else 0, rng.random())
        if side == OFFICERS:
            return (captured.bit_count(), (k.neighbours[to] & rebels).bit_count(), rng.random())
        return (0, 0, rng.random())

    return str(move_from_raw(g, max(position.raw_moves(), key=gain), side))


def level_player(level: str, nodes: int, seed: int) -> Player:
    """A level as the page's worker plays it: one ai.Player for the whole game, its table kept."""
    engine = ai.Player()

    def play(position: Position, history: list[str], rng: random.Random) -> str:
        return str(engine.best_move(position, level, node_limit=nodes, seed=seed + len(history), history=history).move)

    return play


def make_player(name: str, scale: float, seed: int) -> Player:
    if name == "random":
        return random_player
    if name == "greedy":
        return greedy_player
    return level_player(name, max(200, int(LEVELS[name].time_limit * NPS_REF * scale)), seed)


def opening_player(position: Position, history: list[str], rng: random.Random) -> str:
    """A random quiet move (no capture, no huff) if there is one: openings vary but stay level."""
    raw = position.raw_moves()
    quiet = [m for m in raw if not (m[2] or m[3])] or raw
    return str(move_from_raw(position.geometry, rng.choice(quiet), position.state[2]))


def play_game(spec: tuple) -> dict:
    """One game; ``spec`` = (ruleset, officers' player, rebels' player, seed, random opening plies, scale)."""
    ruleset, off_name, reb_name, seed, opening, scale = spec
    rng = random.Random(seed)
    players = {"officers": make_player(off_name, scale, seed), "rebels": make_player(reb_name, scale, seed)}
    game = Game(ruleset, tags={"Event": "bench/strength.py", "Officers": off_name, "Rebels": reb_name,
                               "Opening": f"{opening} random quiet plies, seed {seed}"})  # fmt: skip
    history: list[str] = []
    board = game.board
    while not board.is_game_over() and game.ply < MAX_PLIES:
        position = board.position
        # The opening depends on the seed alone, so it is the same for both games of a pair.
        player = opening_player if game.ply < opening else players[position.turn]
        move = player(position, history, rng)
        history.append(position.text())
        game.play(move)
    outcome = board.outcome()
    winner = outcome.winner if outcome else None
    captured = len(board.rules.rebel_points) - board.position.state[1].bit_count()
    return {"spec": spec, "winner": winner, "plies": game.ply, "captured": captured, "record": game.record()}


def matches(quick: bool) -> list[tuple[str, str, str, int, int]]:
    """(ruleset, player A, player B, pairs, opening plies): A plays each side ``pairs`` times.

    Against the baselines the games start from the start position (greedy and random break
    ties at random, so the games differ). The ladder's pairs each start from their own
    opening of OPENING random quiet plies, the same for both games of the pair.
    """
    vs_greedy = 2 if quick else 5
    out = []
    for rs in RULESETS if not quick else ("assault", "royal-garrison"):
        ladder = 1 if quick else LADDER_PAIRS_IN.get(rs, LADDER_PAIRS)
        out += [
            (rs, "strongest", "greedy", vs_greedy, 0),
            (rs, "strongest", "random", 1, 0),
            (rs, "beginner", "greedy", ladder, OPENING),
            (rs, "casual", "beginner", ladder, OPENING),
            (rs, "strong", "casual", ladder, OPENING),
            (rs, "strongest", "strong", ladder, OPENING),
        ]
    return out


def pair_score(a_off: dict, a_reb: dict) -> float:
    """Player A's score for a colour-swapped pair (1, 0.5 or 0); see PAIR_RULE.

    ``a_off`` is the game where A had the officers, ``a_reb`` the one where A had the rebels.
    """
    points = game_points(a_off, "officers") + game_points(a_reb, "rebels")
    if points != 1:
        return 1.0 if points > 1 else 0.0

    def margin(g: dict, side: str) -> int:  # A's margin in one game: + for a win, shorter is bigger
        if g["winner"] is None:
            return 0
        return (MAX_PLIES - g["plies"]) * (1 if g["winner"] == side else -1)

    by_plies = margin(a_off, "officers") + margin(a_reb, "rebels")
    by_captures = a_off["captured"] - a_reb["captured"]  # rebels A took as officers minus rebels A lost as rebels
    tie = by_plies or by_captures
    return 0.5 if not tie else 1.0 if tie > 0 else 0.0


def game_points(g: dict, side: str) -> float:
    return 1.0 if g["winner"] == side else 0.5 if g["winner"] is None else 0.0


def set_weights(weights: dict[str, int]) -> None:
    """Override evaluation weights in this process (a pool worker), for tuning."""
    for name, value in weights.items():
        setattr(evaluation, name, value)
    evaluation.evaluator.cache_clear()


def run_matches(
    quick: bool,
    scale: float,
    jobs: int,
    weights: dict[str, int],
    only=RULESETS,
    out_dir: Path = ROOT / "bench",
    pairing: tuple[str, str] | None = None,
    pairs: int = 0,
) -> list[dict]:
    """Play the plan (or its strongest-vs-greedy part with ``weights``, or one ``pairing`` ``pairs`` times).

    Seeds come from each match's place in the full plan, so a partial run replays the full run's games.
    """
    specs = []
    plan = [(m, x) for m, x in enumerate(matches(quick)) if x[0] in only]
    if weights:
        plan = [(m, x) for m, x in plan if x[2] == "greedy" and x[1] == "strongest"]
    if pairing:
        plan = [(m, (*x[:3], pairs or x[3], x[4])) for m, x in plan if x[1:3] == pairing]
    for m, (rs, a, b, pairs, opening) in plan:
        for i in range(pairs):
            seed = 1000 * RULESETS.index(rs) + 100 * m + i
            specs += [(rs, a, b, seed, opening, scale), (rs, b, a, seed, opening, scale)]
    # The longest games (royal-garrison, strongest) first, so the pool does not end on one long game.
    order = sorted(range(len(specs)), key=lambda i: (specs[i][0] != "royal-garrison", "strongest" not in specs[i][1:3]))
    with multiprocessing.Pool(jobs, set_weights, (weights,)) as pool:
        done = pool.map(play_game, [specs[i] for i in order], chunksize=1)
    games = [None] * len(specs)
    for i, g in zip(order, done, strict=True):
        games[i] = g
    rows: dict[tuple, dict] = {}
    out_dir = out_dir / "games"
    out_dir.mkdir(parents=True, exist_ok=True)
    records: dict[str, list[str]] = {}
    for g_off, g_reb in zip(games[::2], games[1::2], strict=True):
        rs, a, b = g_off["spec"][:3]
        row = rows.setdefault((rs, a, b), {"ruleset": rs, "a": a, "b": b, "officers": [0.0, 0], "rebels": [0.0, 0],
                                           "pairs": [0.0, 0], "games": []})  # fmt: skip
        row["officers"][0] += game_points(g_off, "officers")
        row["rebels"][0] += game_points(g_reb, "rebels")
        row["officers"][1] += 1
        row["rebels"][1] += 1
        row["pairs"][0] += pair_score(g_off, g_reb)
        row["pairs"][1] += 1
        for g, a_side in ((g_off, "officers"), (g_reb, "rebels")):
            row["games"].append(
                {k: g[k] for k in ("winner", "plies", "captured")} | {"seed": g["spec"][3], "a": a_side}
            )
            records.setdefault(f"{rs}-{a}-vs-{b}.pgn", []).append(g["record"])
    for name, recs in records.items():
        (out_dir / name).write_text("\n".join(recs))
    return list(rows.values())


def speed(seconds: float = 1.0, budgets: dict | None = None) -> list[dict]:
    """Depth reached in ``seconds`` of one core on the start and a mid-game position, and nodes per second.

    The machine is shared, so time is counted as CPU time: nodes per second from a fixed-node search
    timed with the process clock, then the depth a search reaches with that many nodes per second.
    ``budgets`` (ruleset, position) -> nodes replaces that budget, so two engines can be compared
    at equal nodes (``depth_at``): timings on a shared machine vary more than the engines do. The depth
    with the engine's own nodes per second is then kept too (``depth_own``): the same seconds for each.
    """
    out = []
    for rs in RULESETS:
        for label, pos in (("start", Position.start(rs)), ("mid-game", Position.from_text(MIDGAMES[rs]))):
            if pos.placing:
                pos = pos.play_raw(pos.raw_moves()[0])  # the placement (as older engines name it too)
            nps = nodes_per_second(pos)
            own = int(nps * seconds)
            nodes = (budgets or {}).get(f"{rs} {label} {seconds:g}", own)
            row = {"ruleset": rs, "position": label, "seconds": seconds, "depth": depth_at(pos, nodes),
                   "nodes": nodes, "nps": nps}  # fmt: skip
            if nodes != own:
                row |= {"depth_own": depth_at(pos, own), "nodes_own": own}
            out.append(row)
    return out


def depth_at(pos: Position, nodes: int) -> int:
    """The last depth a fresh search of ``pos`` completes with ``nodes`` nodes."""
    return [r.depth for r in Searcher(pos.ruleset).iterate(pos.state, node_limit=nodes) if r][-1]


def nodes_per_second(pos: Position, nodes: int = 30_000) -> int:
    """Nodes per second of CPU time of a fresh search of ``pos`` (the best of three)."""
    best = 0.0
    for _ in range(3):
        searcher = Searcher(pos.ruleset)
        t0 = time.process_time()
        for _r in searcher.iterate(pos.state, node_limit=nodes):
            pass
        best = max(best, searcher.nodes / max(time.process_time() - t0, 1e-9))
    return int(best)


def kept_table(seconds: float = 1.0, moves: int = 8) -> list[dict]:
    """Depth at equal time with the table kept between moves (ai.Player) and without (a fresh search).

    From each ruleset's mid-game position the kept player plays ``moves`` moves against itself;
    every position after the first is also searched afresh with the same budget: ``seconds`` at
    the mid-game position's nodes per second (CPU time, as :func:`speed`).
    """
    out = []
    for rs in RULESETS:
        engine, pos, history = ai.Player(), Position.from_text(MIDGAMES[rs]), []
        nodes = int(nodes_per_second(pos) * seconds)
        kept, fresh = [], []
        for i in range(moves):
            if pos.outcome():
                break
            a = engine.best_move(pos, "strong", node_limit=nodes, history=history)
            if i:
                kept.append(a.depth)
                fresh.append(ai.best_move(pos, "strong", node_limit=nodes, history=history).depth)
            history.append(pos.text())
            pos = pos.play(a.move)
        out.append({"ruleset": rs, "seconds": seconds, "nodes": nodes, "moves": len(kept), "kept": kept,
                    "fresh": fresh})  # fmt: skip
    return out


def targets(rows: list[dict]) -> list[str]:
    """Issue 4's targets, each checked against the rows: met or not, with the figures."""
    out = []
    for r in rows:
        (po, no), (pr, nr), (pp, np_) = r["officers"], r["rebels"], r["pairs"]
        if r["a"] == "strongest" and r["b"] == "greedy":
            ok = po >= 0.95 * no and pr >= 0.95 * nr
            out.append(f"- {'met' if ok else 'NOT met'}: {r['ruleset']} strongest scores at least 95% against "
                       f"greedy from each side ({po:g}/{no} as officers, {pr:g}/{nr} as rebels)")  # fmt: skip
        elif r["b"] != "random":
            ok = pp > np_ / 2
            out.append(f"- {'met' if ok else 'NOT met'}: {r['ruleset']} {r['a']} above {r['b']} "
                       f"({pp:g}/{np_} pairs, {po + pr:g}/{no + nr} games)")  # fmt: skip
    return out


def rebels_table(rows: list[dict]) -> list[str]:
    """The rebels' results by games per ruleset and pairing, with game lengths, and the one-sided rulesets."""
    lines = [
        "| ruleset | player | opponent | rebels won, player as rebels | rebels won, opponent as rebels "
        "| plies of rebels' wins | plies of officers' wins |",
        "|---|---|---|---|---|---|---|",
    ]
    upper: dict[str, list[dict]] = {}
    for r in rows:
        if r["b"] in ("random", "greedy"):
            continue
        # The games alternate: A as officers, then A as rebels (older results do not say so otherwise).
        games = [g | {"a": g.get("a", ("officers", "rebels")[i % 2])} for i, g in enumerate(r["games"])]
        won = {side: sum(g["winner"] == "rebels" for g in games if g["a"] == side) for side in ("rebels", "officers")}
        n = {side: sum(g["a"] == side for g in games) for side in ("rebels", "officers")}
        plies = {w: sorted(g["plies"] for g in games if g["winner"] == w) for w in ("rebels", "officers")}
        lines.append(f"| {r['ruleset']} | {r['a']} | {r['b']} | {won['rebels']}/{n['rebels']} "
                     f"| {won['officers']}/{n['officers']} | {lengths(plies['rebels'])} "
                     f"| {lengths(plies['officers'])} |")  # fmt: skip
        if (r["a"], r["b"]) == ("strongest", "strong"):
            upper.setdefault(r["ruleset"], []).extend(games)
    lines.append("")
    for rs, games in upper.items():
        won = {w: sorted(g["plies"] for g in games if g["winner"] == w) for w in ("rebels", "officers", None)}
        tally = f"rebels {len(won['rebels'])}, officers {len(won['officers'])}, draws {len(won[None])}"
        one = [w for w in ("rebels", "officers") if not won[w]]
        if len(one) == 1:
            side = "officers" if one[0] == "rebels" else "rebels"
            lines.append(f"- {rs}: strongest against strong, the {side} won every decided game whoever played "
                         f"them ({tally}), in {lengths(won[side])} plies.")  # fmt: skip
        else:
            lines.append(f"- {rs}: strongest against strong, both sides won games ({tally}).")
    return lines


def lengths(plies: list[int]) -> str:
    """Game lengths in brief: how many, the median and the range."""
    if not plies:
        return "-"
    return f"{len(plies)}: median {plies[len(plies) // 2]}, {plies[0]}-{plies[-1]}"


def report(rows: list[dict], scale: float, elapsed: float | None, quick: bool, games: str = "") -> str:
    lines = [
        "# Strength benchmark",
        "",
        f"`python bench/strength.py{' --quick' if quick else ''}`: levels at {NPS_REF} nodes per second of "
        f"their time limit x {scale}"
        + (f"; {elapsed / 60:.1f} minutes." if elapsed else ".")
        + (f" Game records: {games}." if games else ""),
        "",
        "## Matches",
        "",
        "Games: the first player's score as officers and as rebels (a win 1, a draw 1/2). Against the "
        f"baselines the games start from the start position; ladder pairs start after {OPENING} random quiet "
        f"plies, the same for both games of a pair. Games still going after {MAX_PLIES} plies are draws.",
        "",
        "Pairs: " + PAIR_RULE,
        "",
        "| ruleset | player | opponent | as officers | as rebels | games | pairs |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        (po, no), (pr, nr), (pp, np_) = r["officers"], r["rebels"], r["pairs"]
        total = (po + pr) / max(1, no + nr)
        lines.append(f"| {r['ruleset']} | {r['a']} | {r['b']} | {po:g}/{no} | {pr:g}/{nr} | {total:.0%} "
                     f"| {pp:g}/{np_} ({pp / max(1, np_):.0%}) |")  # fmt: skip
    lines += ["", "## The rebels' results by games", "", *rebels_table(rows)]
    lines += ["", "## Targets (issue 4)", "", *targets(rows)]
    return "\n".join(lines) + "\n"


def speed_report(
    speeds: list[dict], kept: list[dict], before: list[dict], pyodide: dict | None = None, mpy: list | None = None
) -> str:
    """The speed section: depth and nodes per second at 1 and 3 s (before: main's engine), the kept table,
    and the same in Pyodide when measured (``--pyodide``)."""
    lines = [
        "## Speed",
        "",
        "A fresh search of the start and a mid-game position (MIDGAMES) for 1 and 3 seconds of one core, on "
        "CPython. The machine is shared, so seconds are CPU seconds: nodes per second from a 30000-node search "
        "timed by the process clock (best of three), and the depth reached with that many nodes per second. "
        "*Before*: the engine before issue 15 (main at b55c77e), measured by the same function, its depth with "
        "the same number of nodes (so the depths compare the searches, not the load of the machine at the time) "
        "and with its own nodes per second (the same seconds for each engine).",
        "",
        *speed_table(speeds, before),
    ]
    if pyodide:
        lines += [
            "",
            "### In Pyodide",
            "",
            f"The same in npm's Pyodide {pyodide['pyodide']} (Python {pyodide['python']}) under node, as the page's "
            "worker runs the engine (bench/pyodide_speed.mjs). Pyodide's process clock is the wall clock.",
            "",
            *speed_table(pyodide["speed"], pyodide.get("before", [])),
        ]
    if mpy:
        own = {(s["ruleset"], s["position"]): s for s in speeds if s["seconds"] == 1}
        lines += [
            "",
            "### On MicroPython",
            "",
            "npm's MicroPython (the page's WebAssembly build) under node, as the weaker levels' worker runs the "
            "engine (tests/micropython.py): nodes per second of a 5000-node search (the best of two, wall clock), "
            "and the depth reached with one second of them; CPython's from the table above.",
            "",
            "| ruleset | position | depth in 1 s | nodes/s | CPython nodes/s | CPython / MicroPython |",
            "|---|---|---|---|---|---|",
        ]
        for m in mpy:
            c = own.get((m["ruleset"], m["position"]), {}).get("nps")
            ratio = f"{c / m['nps']:.0f}x" if c and m["nps"] else "-"
            lines.append(f"| {m['ruleset']} | {m['position']} | {m['depth']} | {m['nps']} | {c or '-'} | {ratio} |")
    if kept:
        lines += [
            "",
            "### The table kept between moves",
            "",
            "ai.Player (the table kept) plays a few moves against itself from the mid-game position, each with "
            "the nodes of 1 or 3 CPU seconds; each position after the first is also searched afresh with the same.",
            "",
            "| ruleset | seconds | moves | depth, kept (mean) | depth, fresh (mean) | deeper / same / shallower |",
            "|---|---|---|---|---|---|",
        ]
    for k in kept:
        pairs = list(zip(k["kept"], k["fresh"], strict=True))
        n = max(1, len(pairs))
        tally = "/".join(str(sum(op(a, b) for a, b in pairs)) for op in (int.__gt__, int.__eq__, int.__lt__))
        lines.append(f"| {k['ruleset']} | {k['seconds']:g} | {len(pairs)} | {sum(k['kept']) / n:.2f} "
                     f"| {sum(k['fresh']) / n:.2f} | {tally} |")  # fmt: skip
    return "\n".join(lines) + "\n"


def speed_table(speeds: list[dict], before: list[dict]) -> list[str]:
    """Depth and nodes per second per ruleset, position and seconds, beside the older engine's."""
    was = {(b["ruleset"], b["position"], b["seconds"]): b for b in before}
    lines = [
        "| ruleset | position | seconds | depth | nodes | nodes/s | depth before (same nodes) "
        "| depth before (its nodes/s) | nodes/s before |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in speeds:
        b = was.get((s["ruleset"], s["position"], s["seconds"]), {})
        lines.append(f"| {s['ruleset']} | {s['position']} | {s['seconds']:g} | {s['depth']} | {s['nodes']} "
                     f"| {s['nps']} | {b.get('depth', '-')} | {b.get('depth_own', b.get('depth', '-'))} "
                     f"| {b.get('nps', '-')} |")  # fmt: skip
    return lines


def position_entries(name: str) -> list[list[str]]:
    """The entries of a bench/positions file: each line's fields (split at '|'), blank and comment lines skipped."""
    lines = (ROOT / "bench" / "positions" / name).read_text().splitlines()
    return [[f.strip() for f in line.split("|")] for line in lines if line.strip() and not line.startswith("#")]


def check_positions(nodes: int = 20000) -> list[tuple[str, str, str, bool]]:
    """The regression suite (bench/positions/regression.txt): the strongest level's answer against each expectation.

    An expectation is ``move M`` (the move played), ``not M`` (never that move), ``mate N`` (the
    announced mate, plies from the mover's view), or ``no-win`` (no forced win announced for the mover).
    """
    out = []
    for text, expect, _note in position_entries("regression.txt"):
        a = ai.best_move(text, "strongest", node_limit=nodes)
        kind, _, arg = expect.partition(" ")
        if kind == "move":
            ok = str(a.move) == arg
        elif kind == "not":
            ok = str(a.move) != arg
        elif kind == "mate":
            ok = a.mate == int(arg)
        else:
            ok = a.mate is None or a.mate < 0
        out.append((text, expect, f"{a.move} {a.describe()} (depth {a.depth})", ok))
    return out


def positions_report(checked: list[tuple[str, str, str, bool]]) -> str:
    lines = ["## Regression positions", "", "| position | expected | strongest, 20000 nodes | |", "|---|---|---|---|"]
    lines += [f"| `{t}` | {e} | {got} | {'ok' if ok else 'FAILED'} |" for t, e, got, ok in checked]
    return "\n".join(lines) + "\n"


def results_text(data: dict) -> str:
    """strength.md from strength.json: matches, regression positions, speed."""
    text = report(data["matches"], data["scale"], data.get("elapsed"), data.get("quick", False), data.get("games", ""))
    if data.get("positions"):
        text += "\n" + positions_report(data["positions"])
    if data.get("speed"):
        text += "\n" + speed_report(data["speed"], data.get("kept", []), data.get("speed_before", []),
                                     data.get("pyodide"), data.get("micropython"))  # fmt: skip
    return text


def measure_speed(before: str, pyodide: str = "", mpy: bool = False) -> dict:
    """Speed at 1 and 3 s and the kept-table figures; ``before``: an older package dir measured the same way;
    ``pyodide``: npm's Pyodide directory, to measure both engines in it too."""
    data: dict = {"speed": speed(1.0) + speed(3.0), "kept": kept_table(1.0) + kept_table(3.0)}
    if before:  # the older engine with the same node budgets: its depth at equal nodes, and its own speed
        env = dict(os.environ, ASALTO_PKG=before)
        cmd = [sys.executable, __file__, "--speed-json"]
        run = subprocess.run(cmd, env=env, input=json.dumps(budgets_of(data["speed"])), capture_output=True,
                             text=True, check=True)  # fmt: skip
        data["speed_before"] = json.loads(run.stdout)
    if pyodide:
        data["pyodide"] = pyodide_speed(pyodide, str(ROOT / "pkg"))
        if before:
            data["pyodide"]["before"] = pyodide_speed(pyodide, before, budgets_of(data["pyodide"]["speed"]))["speed"]
    if mpy:
        data["micropython"] = micropython_speed()
    return data


# Run on MicroPython (tests/micropython.py): nodes per second of a fresh search (the best of two, on the
# wall clock: MicroPython has no process clock), then the depth a search reaches with one second of them.
MICROPYTHON_SPEED = """
import json
from asalto_core.compat import perf_counter
from asalto_core.position import Position
from asalto_core.search import Searcher
out = []
for rs, label, text in POSITIONS:
    pos = Position.from_text(text)
    best = 0
    for _ in range(2):
        searcher = Searcher(pos.ruleset)
        t0 = perf_counter()
        for _r in searcher.iterate(pos.state, node_limit=NODES):
            pass
        best = max(best, searcher.nodes / max(perf_counter() - t0, 0.001))
    nodes = int(best)
    depth = [r.depth for r in Searcher(pos.ruleset).iterate(pos.state, node_limit=nodes) if r][-1]
    out.append({"ruleset": rs, "position": label, "seconds": 1.0, "depth": depth, "nodes": nodes, "nps": nodes})
print(json.dumps(out))
"""


def micropython_speed(nodes: int = 5000) -> list[dict]:
    """:func:`speed`'s rows at 1 s on npm's MicroPython under node (the weaker levels' worker in the page)."""
    sys.path.insert(0, str(ROOT / "tests"))
    import micropython  # tests/micropython.py: the page's MicroPython, with the page's engine files

    positions = []
    for rs in RULESETS:
        for label, pos in (("start", Position.start(rs)), ("mid-game", Position.from_text(MIDGAMES[rs]))):
            if pos.placing:
                pos = pos.play_raw(pos.raw_moves()[0])
            positions.append([rs, label, pos.text()])
    code = f"POSITIONS = {json.dumps(positions)}\nNODES = {nodes}\n" + MICROPYTHON_SPEED
    return json.loads(micropython.run(code).strip().splitlines()[-1])


def budgets_of(speeds: list[dict]) -> dict[str, int]:
    """The node budget of each speed row, as --speed-json and bench/pyodide_speed.mjs read them."""
    return {f"{s['ruleset']} {s['position']} {s['seconds']:g}": s["nodes"] for s in speeds}


def pyodide_speed(pyodide: str, pkg: str, budgets: dict[str, int] | None = None) -> dict:
    """:func:`speed` at 1 and 3 s in Pyodide under node (bench/pyodide_speed.mjs), for the engine in ``pkg``."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(budgets or {}, f)
    try:
        cmd = ["node", str(ROOT / "bench" / "pyodide_speed.mjs"), pyodide, pkg, f.name]
        run = subprocess.run(cmd, capture_output=True, text=True, check=True)
    finally:
        os.unlink(f.name)
    return json.loads(run.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer games, two rulesets")
    ap.add_argument("--scale", type=float, default=0.25, help="fraction of each level's time budget, as nodes")
    ap.add_argument("--weights", default="", help="NAME=VALUE,... evaluation weights to try against greedy")
    ap.add_argument("--rulesets", default=",".join(RULESETS), help="comma-separated rulesets (--weights, --pairing)")
    ap.add_argument("--pairing", default="", help="A-B: only this pairing (e.g. strongest-strong)")
    ap.add_argument("--pairs", type=int, default=0, help="pairs per match with --pairing (default: as planned)")
    ap.add_argument("--jobs", type=int, default=max(1, min(2, multiprocessing.cpu_count())))
    ap.add_argument("--positions", action="store_true", help="only check the regression positions (a minute)")
    ap.add_argument("--speed", action="store_true", help="only measure speed; update the results' speed section")
    ap.add_argument("--before", default="", help="with --speed: an older asalto_core's parent dir to compare")
    ap.add_argument("--pyodide", default="", help="with --speed: node_modules/pyodide, to measure in")
    ap.add_argument("--micropython", action="store_true", help="with --speed: measure on MicroPython too")
    ap.add_argument("--speed-json", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    out = ROOT / "bench" / "results"
    if args.speed_json:
        budgets = json.loads(sys.stdin.read() or "{}")
        print(json.dumps(speed(1.0, budgets) + speed(3.0, budgets)))
        return
    if args.positions:
        checked = check_positions()
        print(positions_report(checked))
        sys.exit(0 if all(ok for *_, ok in checked) else 1)
    if args.speed:
        data = json.loads((out / "strength.json").read_text())
        data.pop("pyodide", None)
        data.pop("micropython", None)
        data.update(measure_speed(args.before, args.pyodide, args.micropython))
        (out / "strength.json").write_text(json.dumps(data, indent=1))
        (out / "strength.md").write_text(results_text(data))
        print(speed_report(data["speed"], data["kept"], data.get("speed_before", []), data.get("pyodide"),
                           data.get("micropython")))  # fmt: skip
        return
    weights = {k: int(v) for k, v in (kv.split("=") for kv in args.weights.split(",") if kv)}
    # Only the full run writes into the repository; a smoke or tuning run goes to the temp directory.
    pairing = tuple(args.pairing.split("-", 1)) if args.pairing else None
    partial = args.quick or weights or pairing
    base = ROOT / "bench" if not partial else Path(tempfile.gettempdir()) / "asalto-strength"
    t0 = time.perf_counter()
    if weights or pairing:
        only = args.rulesets.split(",")
        rows = run_matches(args.quick, args.scale, args.jobs, weights, only, base, pairing, args.pairs)
        print(report(rows, args.scale, time.perf_counter() - t0, args.quick))
        print(f"games in {base / 'games'}")
        return
    rows = run_matches(args.quick, args.scale, args.jobs, {}, RULESETS, base)
    games = "bench/games/" if base == ROOT / "bench" else str(base / "games")
    data = {"matches": rows, "scale": args.scale, "elapsed": time.perf_counter() - t0, "quick": args.quick,
            "games": games, "positions": check_positions()}  # fmt: skip
    data.update(measure_speed(""))
    out = base / "results"
    old = out / "strength.json"
    if old.exists():  # the figures of the older engine stay until measured again with --speed --before
        data.setdefault("speed_before", json.loads(old.read_text()).get("speed_before", []))
    text = results_text(data)
    print(text)
    out.mkdir(parents=True, exist_ok=True)
    (out / "strength.md").write_text(text)
    (out / "strength.json").write_text(json.dumps(data, indent=1))
    print(f"written to {out} and {base / 'games'}")


if __name__ == "__main__":
    main()
