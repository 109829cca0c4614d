#!/usr/bin/env python3
"""The computer's replies where a person waits; written to bench/results/book.{json,md}.

- A game against the strongest level (Assault, the computer the officers), cold, the player
  taking ``THINK_MS`` over each move: every reply's time from the press on its last point to the
  reply on the board (the page holds a reply until the player's move has been on the board for
  ``game.REPLY_PAUSE``), whether it came from the opening book, and when Pyodide was up (it starts
  at idle, while the player thinks).
- The casual level on a phone-class CPU: Chromium cannot throttle a worker (``Emulation.setCPU
  ThrottlingRate`` answers "only supported for pages, not workers"), so a bench page runs the
  light worker's code (MicroPython, the engine's search as bytecode, the same files) on its own
  main thread, throttled 4x, and searches positions of a casual game as the level does: the time
  of each search and the depth reached (casual stops at depth 4 or after 0.5 s).

The site is served from a snapshot of dist/, as bench/site.py serves it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

import _browser as S  # noqa: E402 - the browser benches' server and helpers
from playwright.sync_api import sync_playwright  # noqa: E402

from asalto_core import Position  # noqa: E402
from asalto_core.ai import best_move  # noqa: E402
from asalto_core.book import load, position_key  # noqa: E402
from helpers import new_game  # noqa: E402 - e2e/helpers.py: the New game dialog as the tests drive it

SLOW_MS, Bench, counting_server, snapshot = S.SLOW_MS, S.Bench, S.counting_server, S.snapshot
RESULTS = ROOT / "bench" / "results"
THINK_MS = 2500  # the player's time over each move of the strong game
STRONG_MOVES = 5  # the player's moves in it: the book covers the computer's first two replies
GAMES = 3  # cold strong games
THROTTLE = 4  # Chromium's CPU slowdown for the casual searches
CASUAL_POSITIONS = 16  # positions of a casual self-play game after the book, searched on the bench page
LIGHT_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>light AI on a page</title>
<link rel="stylesheet" href="./pyscript/core.css"><script type="module" src="./pyscript/core.js"></script>
<script type="mpy" config="./bench-light.json" src="./bench-light.py"></script><body></body>
"""
LIGHT_SCRIPT = """import json
import time
from pyscript import document, window
from pyscript.ffi import create_proxy
from asalto_core.ai import best_move

def think(text, seed):
    t = time.ticks_ms()
    a = best_move(text, "casual", seed=seed)
    ms = time.ticks_diff(time.ticks_ms(), t)
    return json.dumps({"move": str(a.move), "depth": a.depth, "nodes": a.nodes, "ms": ms})

window.asaltoThink = create_proxy(think)
document.body.dataset.started = "ready"
"""


def light_config(site: Path) -> dict:
    """The light worker's MicroPython config, as build.py wrote it into bridge.js."""
    text = (site / "bridge.js").read_text()
    start = text.index("const LIGHT_CONFIG = ") + len("const LIGHT_CONFIG = ")
    return json.loads(text[start : text.index(";\n", start)])


def the_players_move(position: Position) -> str:
    """The player's move: the first legal step (a capture when one is there), the same each run."""
    moves = list(position.legal_moves)
    return str(next((m for m in moves if m.jump), moves[0]))


def new_game_page(bench: Bench, tag: str, mode: str, level: str):
    """A cold game page on which a new Assault game was started from the New game dialog, as the
    e2e tests start one (``mode``: the player's side): (context, page). The press on Start is the
    last in the page's probe."""
    ctx = bench.context(tag)
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    page.evaluate("window.__bench.probe = {}")
    new_game(page, "assault", mode, level)
    return ctx, page


def strong_game(bench: Bench) -> dict:
    ctx, page = new_game_page(bench, "strong game", "rebels", "strongest")
    position, replies = Position.start("assault"), []
    for n in range(1, STRONG_MOVES + 1):
        page.wait_for_timeout(THINK_MS)
        move = the_players_move(position)
        points = move.replace("x", "-").split("-")
        for point in points[:-1]:
            page.click(f'#board .point[data-point="{point}"]')
        page.evaluate("window.__bench.probe = {}")
        page.click(f'#board .point[data-point="{points[-1]}"]')
        press = page.evaluate("window.__bench.probe.press")
        page.wait_for_function(f"Number(document.body.dataset.ply || 0) >= {2 * n}", timeout=SLOW_MS)
        attrs = page.evaluate("window.__bench.attrs")
        shown = next(t for v, t in attrs["ply"] if v == str(2 * n))
        books = int(page.evaluate("document.body.dataset.bookMoves || '0'"))
        marks = page.evaluate("window.asaltoMarks")
        engine = next((t for v, t in attrs.get("engine", []) if v == "ready"), None)
        history = page.locator('#moves tbody tr:not(.variation) button:not([data-ply="0"])').all_inner_texts()
        position = position.play(move).play(history[-1])
        replies.append(
            {
                "reply": n,
                "ms": round(shown - press),
                "book": books == len([r for r in replies if r["book"]]) + 1,
                "lookup_ms": round(marks["bookAnswered"] - marks["bookAsked"], 1),
                "pyodide_up": engine is not None and engine < shown,
            }
        )
        if position.outcome():
            break
    attrs = page.evaluate("window.__bench.attrs")
    engine = next((t for v, t in attrs.get("engine", []) if v == "ready"), None)
    ctx.close()
    return {"replies": replies, "pyodide_ready_ms": round(engine) if engine else None}


def computer_first(bench: Bench, level: str) -> int:
    """New game as the officers of Assault (the computer's rebels move first), cold: from the press
    on Start to the computer's first move on the board."""
    ctx, page = new_game_page(bench, f"computer first, {level}", "officers", level)
    page.wait_for_function("document.body.dataset.ply === '1'", timeout=SLOW_MS)
    press = page.evaluate("window.__bench.probe.press")
    shown = next(t for v, t in page.evaluate("window.__bench.attrs")["ply"] if v == "1" and t >= press)
    ctx.close()
    return round(shown - press)


def casual_positions(count: int = CASUAL_POSITIONS) -> list[str]:
    """Positions of a casual self-play game in Assault, after the book's moves."""
    position, out, book = Position.start("assault"), [], load("assault")
    for ply in range(200):
        if position.outcome() or len(out) >= count:
            break
        if position not in book:
            out.append(position.text())
        position = position.play(best_move(position, "casual", node_limit=20_000, seed=ply).move)
    return out


def casual_throttled(bench: Bench, site: Path, rate: int, positions: int = CASUAL_POSITIONS) -> list[dict]:
    (site / "bench-light.html").write_text(LIGHT_PAGE)
    (site / "bench-light.py").write_text(LIGHT_SCRIPT)
    (site / "bench-light.json").write_text(json.dumps(light_config(site)))
    ctx = bench.context(f"casual x{rate}")
    page = ctx.new_page()
    page.goto(bench.url + "bench-light.html")
    page.wait_for_function("document.body.dataset.started === 'ready'", timeout=SLOW_MS)
    cdp = ctx.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    rows = []
    for i, text in enumerate(casual_positions(positions)):
        t = time.perf_counter()
        found = json.loads(page.evaluate("([text, seed]) => window.asaltoThink(text, seed)", [text, i]))
        found["wall_ms"] = round((time.perf_counter() - t) * 1000)
        found["position"] = position_key(Position.from_text(text))
        rows.append(found)
    ctx.close()
    return rows


def report(out: dict) -> str:
    lines = [
        "# The computer's replies where a person waits",
        "",
        f"`python bench/book.py`, {out['measured']}, build {out['build']}, {out['machine']['cores']} cores, "
        f"load {out['machine']['load_before']} before. Medians of {len(out['strong'])} cold games.",
        "",
        f"## Against the strongest level (Assault, the computer the officers, the player {THINK_MS} ms over a move)",
        "",
        "From the press on the move's last point to the reply on the board; the page holds a reply until",
        "the player's move has been on the board for 0.4 s, so a reply from the book shows at about 400 ms.",
        "The lookup is the page's time from asking the book to its answer (a move, or none: then the",
        "computer searches).",
        "",
        "| reply | from the book | Pyodide up | ms (median) | each game | the book's lookup (ms) |",
        "|---|---|---|---|---|---|",
    ]
    games = out["strong"]
    for i in range(min(len(g["replies"]) for g in games)):
        rs = [g["replies"][i] for g in games]
        books = {r["book"] for r in rs}
        up = {r["pyodide_up"] for r in rs}
        lines.append(
            f"| {i + 1} | {'yes' if books == {True} else 'no' if books == {False} else 'mixed'} "
            f"| {'yes' if up == {True} else 'no' if up == {False} else 'mixed'} "
            f"| {statistics.median(r['ms'] for r in rs):.0f} | {', '.join(str(r['ms']) for r in rs)} "
            f"| {', '.join(str(r['lookup_ms']) for r in rs)} |"
        )
    ready = [g["pyodide_ready_ms"] for g in games if g["pyodide_ready_ms"]]
    if ready:
        lines += ["", f"Pyodide up {statistics.median(ready):.0f} ms after navigation (median)."]
    lines += ["", "## The computer moving first (New game as the officers of Assault, cold)", ""]
    for level, runs in out["computer_first"].items():
        lines.append(
            f"- {level}: the press on Start to its first move on the board, {statistics.median(runs):.0f} ms "
            f"(median; {', '.join(map(str, runs))})"
        )
    for rate, rows in (("1", out["casual_x1"]), (str(THROTTLE), out["casual_throttled"])):
        ms = [r["ms"] for r in rows]
        depths = [r["depth"] for r in rows]
        lines += [
            "",
            f"## Casual on MicroPython, CPU x{rate} ({len(rows)} positions of a casual game after the book)",
            "",
            f"Search time: median {statistics.median(ms):.0f} ms, longest {max(ms)} ms; "
            f"depth reached: {min(depths)}-{max(depths)} (casual stops at 4), "
            f"{sum(d == 4 for d in depths)} of {len(depths)} at depth 4.",
        ]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one game of each kind and two casual positions, printed and not written: a check that the bench runs",
    )
    args = parser.parse_args()
    games, positions = (1, 2) if args.quick else (GAMES, CASUAL_POSITIONS)
    tmp = tempfile.TemporaryDirectory(prefix="asalto-book-")
    site = Path(tmp.name, "site")
    build = snapshot(site)
    out: dict = {
        "measured": time.strftime("%Y-%m-%d %H:%M"),
        "build": build,
        "machine": {"cores": os.cpu_count(), "load_before": [round(x, 2) for x in os.getloadavg()]},
    }
    server = counting_server(site)
    try:
        with sync_playwright() as pw:
            browser = S.launch(pw, S.LAUNCH_ARGS)
            bench = Bench(browser, server)
            out["strong"] = [strong_game(bench) for _ in range(games)]
            out["computer_first"] = {
                lv: [computer_first(bench, lv) for _ in range(games)] for lv in ("casual", "strongest")
            }
            out["casual_x1"] = casual_throttled(bench, site, 1, positions)
            out["casual_throttled"] = casual_throttled(bench, site, THROTTLE, positions)
            browser.close()
            out["errors"] = bench.errors + bench.problems
    finally:
        server.stop()
        tmp.cleanup()
    md = report(out)
    if not args.quick:
        RESULTS.mkdir(parents=True, exist_ok=True)
        (RESULTS / "book.json").write_text(json.dumps(out, indent=1) + "\n")
        (RESULTS / "book.md").write_text(md)
    print(md)
    if out["errors"]:
        sys.exit("\n".join(out["errors"]))


if __name__ == "__main__":
    main()
