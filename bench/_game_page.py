"""bench/site.py's game page with two players: a short line clicked on the board, cold, then moves
clicked on top of a long saved game; every click's time to the screen and longest task. Runs and their
lines of the report."""

from __future__ import annotations

import itertools
import json
import random
import urllib.parse

from _browser import SLOW_MS, Bench, Trace, first_at, is_pyodide, med, ms, n_sent, row, runs, sent

from asalto_core import Board
from helpers import new_game  # e2e/helpers.py, on the path by _browser: the dialog as the tests drive it

# The record's line, played by two players on the game page (every move legal in Assault).
LINE = [("d4", "d5"), ("c5", "c6"), ("b5", "c5"), ("e5", "e6"), ("e3", "d4"), ("c6", "d6"), ("e2", "e3"), ("d6", "c6")]
LONG_PLIES = 60  # a saved two-player game this long, then LINE's number of moves clicked on top


# -- the game page with two players -----------------------------------------------------------
def humans_state(bench: Bench) -> dict:
    """Storage with the setting mode=humans, set in the New game dialog."""
    ctx = bench.context("setup humans")
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    new_game(page, "assault", "humans")
    state = ctx.storage_state()
    ctx.close()
    saves = [i["value"] for o in state["origins"] for i in o["localStorage"] if i["name"] == "asalto.save.v1"]
    mode = json.loads(saves[0])["settings"]["mode"] if saves else None
    bench.check(mode == "humans", f"humans: the saved mode is {mode!r}, not 'humans'")
    return state


def click(page, point: str, until: str) -> dict:
    page.evaluate("window.__bench.probe = {}")
    page.click(f'#board .point[data-point="{point}"]')
    page.wait_for_function(f"window.__bench.probe.{until} !== undefined", timeout=SLOW_MS)
    return page.evaluate("window.__bench.probe")


def long_line(plies: int = LONG_PLIES, clicked: int = len(LINE), seed: int = 1) -> tuple[list[str], list]:
    """A seeded random Assault game of ``plies`` moves, then ``clicked`` moves that two clicks make
    (from a piece that is not huffable, to the point the move ends on), none of them ending it."""
    for s in itertools.count(seed):
        rng = random.Random(s)
        board = Board("assault")
        played: list[str] = []
        steps: list[tuple[str, str]] = []
        while len(played) < plies + clicked and not board.is_game_over():
            moves = board.legal_moves()
            if len(played) >= plies:
                huffable = board.huffable()
                moves = [
                    m
                    for m in moves
                    if len(m.path) == 2 and m.path[0] not in huffable and str(board.move_for(list(m.path))) == str(m)
                ]
                if not moves:
                    break
            move = rng.choice(moves)
            if len(played) >= plies:
                steps.append((move.path[0], move.path[1]))
            board.push(move)
            played.append(str(move))
        if len(steps) == clicked and not board.is_game_over():
            return played[:plies], steps
    raise AssertionError("unreachable: itertools.count never ends")


def long_game_run(bench: Bench, state: dict) -> dict:
    """A saved two-player game of LONG_PLIES moves, loaded cold, and more moves clicked on top:
    a click late in a long game must cost what an early one does (the move list grows)."""
    line, steps = long_line()
    game = {"ruleset": "assault", "start": "", "moves": line, "ply": len(line)}
    state = json.loads(json.dumps(state))
    for origin in state["origins"]:
        for item in origin["localStorage"]:
            if item["name"] == "asalto.save.v1":
                blob = json.loads(item["value"])
                blob["game"] = game
                item["value"] = json.dumps(blob)
    ctx = bench.context("long game", storage_state=state)
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=SLOW_MS)
    ply = page.evaluate("document.body.dataset.ply")
    bench.check(ply == str(LONG_PLIES), f"long game: the saved game was shown at ply {ply}, not {LONG_PLIES}")
    moves = []
    with Trace(bench.browser, page) as trace:
        for i, (frm, to) in enumerate(steps):
            click(page, frm, "upFrame")
            moves.append(click(page, to, "frame"))
            ply = page.evaluate("document.body.dataset.ply")
            bench.check(ply == str(LONG_PLIES + i + 1), f"long game: after {frm}-{to} data-ply is {ply}")
    ctx.close()
    return {"steps": [f"{a}-{b}" for a, b in steps], **click_figures(trace, "move", moves, "frame")}


def click_figures(trace: Trace, kind: str, probes: list[dict], end: str) -> dict:
    """Per click (its probe): press to ``end`` (a frame), and the longest main-thread task between, wall and CPU."""
    return {
        f"{kind}_press_to_frame": [round(r[end] - r["press"], 1) for r in probes],
        f"{kind}_longest_task": [round(trace.longest(r["press"], r[end]), 1) for r in probes],
        f"{kind}_longest_task_cpu": [round(trace.longest_cpu(r["press"], r[end]), 1) for r in probes],
    }


def humans_run(bench: Bench, state: dict) -> dict:
    """A cold load of a two-player game and the LINE played by clicks, with no Pyodide at all."""
    ctx = bench.context("humans", storage_state=state)
    asked: list[str] = []
    ctx.on("request", lambda r: asked.append(r.url))
    page = ctx.new_page()
    start = n_sent(bench.server)
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=SLOW_MS)
    marks = page.evaluate("window.asaltoMarks")
    selects, moves = [], []
    with Trace(bench.browser, page) as trace:
        for i, (frm, to) in enumerate(LINE):
            p = click(page, frm, "upFrame")
            selects.append(p)
            targets = page.evaluate("[...document.querySelectorAll('#board .point.target')].map(n => n.dataset.point)")
            bench.check(to in targets, f"humans: {frm} selected, {to} not among the targets {targets}")
            p = click(page, to, "frame")
            moves.append(p)
            ply = page.evaluate("document.body.dataset.ply")
            bench.check(ply == str(i + 1), f"humans: after {frm}-{to} data-ply is {ply}")
    attrs = page.evaluate("window.__bench.attrs")
    engine = page.evaluate("document.body.dataset.engine || ''")
    page.wait_for_timeout(500)
    files = sent(bench.server, start)
    py = {p for p, _ in files if is_pyodide(p)}
    py = sorted(py | {u for u in asked if is_pyodide(urllib.parse.urlparse(u).path)})
    bench.check(not py, f"humans: requests for Pyodide or the AI's worker: {py}")
    bench.check(engine == "", f"humans: data-engine is {engine!r} (the AI's worker was started)")
    ctx.close()

    return {
        "board": ms(marks["board"]),
        "mpy": ms(marks.get("mpy")),
        "first_move_shown": ms(first_at(attrs, "ply", lambda v: int(v) >= 1)),
        "second_move_shown": ms(first_at(attrs, "ply", lambda v: int(v) >= 2)),
        **click_figures(trace, "move", moves, "frame"),
        "move_press_to_synced": [round(r["synced"] - r["press"], 1) for r in moves],
        **click_figures(trace, "select", selects, "upFrame"),
        "pyodide_requests": py,
        "bytes_served": sum(n for _, n in files),
        "requests": len(files),
    }


def headline_humans(out: dict, lines: list[str], details: list[str]) -> None:
    hu = out["humans"]
    move_frame = [x for r in hu for x in r["move_press_to_frame"]]
    move_task = [x for r in hu for x in r["move_longest_task"]]
    move_cpu = [x for r in hu for x in r["move_longest_task_cpu"]]
    sel_frame = [x for r in hu for x in r["select_press_to_frame"]]
    sel_task = [x for r in hu for x in r["select_longest_task"]]
    sel_cpu = [x for r in hu for x in r["select_longest_task_cpu"]]
    pyodide = sum(len(r["pyodide_requests"]) for r in hu)
    long_task = [x for r in out["long_game"] for x in r["move_longest_task"]]
    long_cpu = [x for r in out["long_game"] for x in r["move_longest_task_cpu"]]
    lines += [
        row(
            f"two players: requests for Pyodide or the AI's worker (cold load + {len(LINE)} moves, x{len(hu)})",
            "the rules ran in the Pyodide worker",
            str(pyodide),
            "",
            "0",
            pyodide == 0,
        ),
        row(
            "two players, cold: board ready / second move on the board",
            "second move only after ~9.5 s",
            f"{med(r['board'] for r in hu):.0f} / {med(r['second_move_shown'] for r in hu):.0f} ms",
            runs(f"{r['board']}/{r['second_move_shown']}" for r in hu),
        ),
        row(
            f"two players: click completing a move, press to the next frame showing it ({len(move_frame)} clicks)",
            "",
            f"median {med(move_frame):.0f} ms, max {max(move_frame):.0f} ms",
        ),
        row(
            "two players: longest main-thread task per click completing a move, wall-clock",
            "",
            f"median {med(move_task):.0f} ms, max {max(move_task):.0f} ms",
            f"{sum(x > 16 for x in move_task)} of {len(move_task)} over 16 ms",
            "<= 16 ms",
            max(move_task) <= 16,
        ),
        row(
            "the same, the main thread's own (CPU) time of that task",
            "",
            f"median {med(move_cpu):.0f} ms, max {max(move_cpu):.0f} ms",
            f"{sum(x > 16 for x in move_cpu)} of {len(move_cpu)} over 16 ms",
            "<= 16 ms",
            max(move_cpu) <= 16,
        ),
        row(
            f"two players, a saved game at ply {LONG_PLIES}: longest task per click completing a move, wall / CPU "
            f"({len(long_task)} clicks)",
            "",
            f"median {med(long_task):.0f} / {med(long_cpu):.0f} ms, max {max(long_task):.0f} / {max(long_cpu):.0f} ms",
            f"{sum(x > 16 for x in long_task)} / {sum(x > 16 for x in long_cpu)} of {len(long_task)} over 16 ms",
            "<= 16 ms",
            max(long_task) <= 16,
        ),
        row(
            f"two players: selecting click: press to next frame; longest task wall / CPU ({len(sel_frame)} clicks)",
            "",
            f"median {med(sel_frame):.0f}; {med(sel_task):.0f} / {med(sel_cpu):.0f} ms, "
            f"max {max(sel_frame):.0f}; {max(sel_task):.0f} / {max(sel_cpu):.0f} ms",
            f"{sum(x > 16 for x in sel_task)} / {sum(x > 16 for x in sel_cpu)} of {len(sel_task)} over 16 ms",
            "<= 16 ms",
            max(sel_task) <= 16,
        ),
    ]
    details += [
        "",
        "## Two players on the game page (mode humans), cold",
        "",
        "| run | board ready (ms) | 2nd move shown (ms) | move clicks: press to next frame (ms) "
        "| longest task per move click, wall/CPU (ms) | bytes (kB) | Pyodide requests |",
        "|---|---|---|---|---|---|---|",
    ]
    for i, r in enumerate(hu, 1):
        tasks = zip(r["move_longest_task"], r["move_longest_task_cpu"], strict=True)
        details.append(
            f"| {i} | {r['board']} | {r['second_move_shown']} | {runs(round(x) for x in r['move_press_to_frame'])} "
            f"| {runs(f'{w:.0f}/{c:.0f}' for w, c in tasks)} | {r['bytes_served'] / 1e3:.0f} "
            f"| {len(r['pyodide_requests'])} |"
        )
    details += ["", f"The line played: {', '.join(f'{a}-{b}' for a, b in LINE)}."]
    details += [
        "",
        f"A longer game: a seeded random Assault game of {LONG_PLIES} moves, saved, loaded cold, then "
        f"{', '.join(out['long_game'][0]['steps'])} clicked on top (press to next frame; longest task wall/CPU, ms):",
        "",
    ]
    for i, r in enumerate(out["long_game"], 1):
        tasks = zip(r["move_longest_task"], r["move_longest_task_cpu"], strict=True)
        details.append(
            f"- run {i}: {runs(round(x) for x in r['move_press_to_frame'])}; "
            f"{runs(f'{w:.0f}/{c:.0f}' for w, c in tasks)}"
        )
