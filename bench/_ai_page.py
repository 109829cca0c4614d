"""bench/site.py's game page against the AI: the first reply cold against a bare Pyodide start and the
AI's worker alone, and each level's reply. Runs and their lines of the report."""

from __future__ import annotations

from _browser import SLOW_MS, Bench, Trace, first_at, med, ms, row, runs
from _game_page import click

from helpers import new_game  # e2e/helpers.py, on the path by _browser: the dialog as the tests drive it

AI_RUNS = 2  # replies per AI level
AI_PAIRS = 15  # cold AI first moves, each paired with a bare Pyodide start (wide per-pair spread on 2 cores)
WARM_AI = 3  # of those, the first few also load the page again warm
BARE_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>bare Pyodide worker</title>
<body><script type="module">
const w = new Worker("./bench-pyodide-worker.mjs", { type: "module" });
w.onmessage = (e) => {
  window.__started = { t: performance.now(), version: e.data };
  document.body.dataset.started = "ready";
};
w.onerror = (e) => { document.body.dataset.started = "error: " + e.message; };
</script></body>
"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
postMessage(py.runPython("import sys; sys.version"));
"""
# The game page's AI worker on a page of its own, made the way the game page makes it (the page's
# bridge.js: PyScript's PyWorker, the same worker.py and config) with no MicroPython page beside it:
# what PyScript's worker costs over a bare Pyodide, the floor for the game page's ratio.
WORKER_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>AI worker alone</title>
<script src="./bridge.js"></script>
<body><script type="module">
const B = window.asaltoBridge;
B.startWorker("alone");
const r = await B.whenWorker("alone", 120000);
try {
  if (!r.ok) throw r.error;
  await r.value.ping();
  window.__started = { t: performance.now() };
  document.body.dataset.started = "ready";
} catch (e) { document.body.dataset.started = "error: " + e; }
</script></body>
"""


# -- against the AI ------------------------------------------------------------------------------
def ai_game_run(bench: Bench, warm: bool) -> dict:
    """A first visit's game, cold (then warm): the newcomer plays the rebels, who move first, and
    makes their first move as soon as the board is playable; then the AI's reply (the officers')
    waits for its worker. Board, AI worker ready, the player's move and the AI's first move."""
    ctx = bench.context("ai game")
    page = ctx.new_page()
    rows = []
    for i in range(2 if warm else 1):
        page.goto(bench.url)
        page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
        page.click('#board .point[data-point="d4"]')
        page.click('#board .point[data-point="d5"]')
        page.wait_for_function("Number(document.body.dataset.ply || 0) >= 2", timeout=SLOW_MS)
        marks = page.evaluate("window.asaltoMarks")
        attrs = page.evaluate("window.__bench.attrs")
        turn = page.evaluate("document.body.dataset.turn")
        bench.check(turn == "rebels", f"ai game: after the AI's first move it is {turn}'s turn")
        rows.append(
            {
                "load": "cold" if i == 0 else "warm",
                "board": ms(marks["board"]),
                # The first visit's level is casual: its worker is MicroPython's (marks lightWorker, light).
                "worker_asked": ms(marks.get("lightWorker", marks.get("worker"))),
                "engine": ms(marks.get("light", marks.get("engine"))),
                "player_move": ms(first_at(attrs, "ply", lambda v: int(v) >= 1)),
                "first_ai_move": ms(first_at(attrs, "ply", lambda v: int(v) >= 2)),
            }
        )
        if i == 0:
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SLOW_MS)
        # The next load starts a new game from scratch, as the first did.
        page.evaluate("localStorage.clear()")
    ctx.close()
    return {"cold": rows[0], "warm": rows[1:]}


def started_run(bench: Bench, name: str, path: str) -> int:
    """A page that starts one worker (BARE_PAGE, WORKER_PAGE), cold: when it said it was up."""
    ctx = bench.context(name)
    page = ctx.new_page()
    page.goto(bench.url + path)
    page.wait_for_function("document.body.dataset.started", timeout=SLOW_MS)
    state = page.evaluate("document.body.dataset.started")
    bench.check(state == "ready", f"{name}: {state}")
    t = page.evaluate("window.__started ? window.__started.t : null")
    ctx.close()
    return ms(t)


def ai_reply(bench: Bench, page, level: str) -> dict:
    """Assault, the AI playing the officers: its reply to d4-d5 and the main thread meanwhile."""
    new_game(page, "assault", "rebels", level)
    worker = "light" if level in ("beginner", "casual") else "engine"  # MicroPython's worker, or Pyodide's
    page.wait_for_function(f"document.body.dataset.{worker} === 'ready'", timeout=SLOW_MS)
    click(page, "d4", "upFrame")
    with Trace(bench.browser, page) as trace:
        p = click(page, "d5", "frame")
        page.wait_for_function(
            "document.body.dataset.ply === '2' && document.body.dataset.turn === 'rebels'"
            " && !document.body.dataset.thinking",
            timeout=SLOW_MS,
        )
        page.wait_for_timeout(50)
    attrs = page.evaluate("window.__bench.attrs")
    t0 = p["press"]
    t_think = next((t for v, t in attrs.get("thinking", []) if v == "move" and t >= t0), p["frame"])
    t1 = next(t for v, t in attrs["ply"] if v == "2" and t >= t0)
    tasks = page.evaluate(f"window.__bench.longtasks.filter(([s, d]) => s + d > {t_think} && s < {t1})")
    return {
        "level": level,
        "reply_ms": round(t1 - t0),
        "press_to_frame_ms": round(p["frame"] - t0, 1),
        "longest_task_ms": round(trace.longest(t_think, t1), 1),
        "longest_task_cpu_ms": round(trace.longest_cpu(t_think, t1), 1),
        "long_tasks": len(tasks),
        "long_tasks_since_load": len(page.evaluate("window.__bench.longtasks")),
    }


def ai_levels(bench: Bench) -> list[dict]:
    ctx = bench.context("ai levels")
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    page.click("#btn-new")
    levels = page.evaluate("[...document.querySelectorAll('#new-level option')].map(o => o.value)")
    page.keyboard.press("Escape")
    bench.check(bool(levels), "ai levels: no level in the New game dialog")
    rows = [ai_reply(bench, page, level) for level in levels for _ in range(AI_RUNS)]
    ctx.close()
    return rows


def headline_ai(out: dict, lines: list[str], details: list[str]) -> None:
    ai_cold = [r["cold"] for r in out["ai_game"]]
    ai_warm = [w for r in out["ai_game"] for w in r["warm"]]
    bare = out["bare_pyodide"]
    ai_first = med(r["first_ai_move"] for r in ai_cold)
    worker = med(r["engine"] for r in ai_cold)
    bare_med = med(bare)
    pairs = [(a, b) for a, b in zip(ai_cold, bare, strict=True) if a["first_ai_move"] and b]
    ratios = [round(a["first_ai_move"] / b, 2) for a, b in pairs]
    worker_ratios = [round(a["engine"] / b, 2) for a, b in pairs if a["engine"]]
    alone = out["pyscript_worker"]
    alone_med = med(alone)
    alone_ratios = [round(a / b, 2) for a, b in zip(alone, bare, strict=True) if a and b]
    lines += [
        row(
            "against the AI (default game: you move first, at once), cold: the AI's reply on the board",
            "",
            f"{ai_first:.0f} ms",
            runs(r["first_ai_move"] for r in ai_cold),
        ),
        row("bare Pyodide worker started, cold, paired with each of those", "", f"{bare_med:.0f} ms", runs(bare)),
        row(
            "ratio: AI's first move / bare Pyodide (of the medians; per pair)",
            "",
            f"{ai_first / bare_med:.2f} (median per pair {med(ratios):.2f})",
            runs(ratios),
            "<= 1.15",
            ai_first / bare_med <= 1.15,
        ),
        row(
            "ratio: AI worker ready / bare Pyodide (of the medians; per pair)",
            "",
            f"{worker / bare_med:.2f}",
            runs(worker_ratios),
        ),
        row(
            "the AI's PyScript worker alone (started by the same bridge.js, no MicroPython page), ready, cold",
            "",
            f"{alone_med:.0f} ms, {alone_med / bare_med:.2f} x bare (per pair {med(alone_ratios):.2f})",
            runs(alone),
        ),
    ]
    details += [
        "",
        "## The game page against the AI (default game: you play the rebels and move first, the AI replies)",
        "",
        "| load | playable board (ms, median) | AI worker asked for (ms, median) | AI worker ready (ms, median) "
        "| AI's first move (ms, median) | runs (board/worker asked/ready/first move) |",
        "|---|---|---|---|---|---|",
    ]
    for name, rows in (("cold", ai_cold), ("warm", ai_warm)):
        each = ", ".join(f"{r['board']}/{r['worker_asked']}/{r['engine']}/{r['first_ai_move']}" for r in rows)
        details.append(
            f"| {name} | {med(r['board'] for r in rows):.0f} | {med(r['worker_asked'] for r in rows):.0f} "
            f"| {med(r['engine'] for r in rows):.0f} | {med(r['first_ai_move'] for r in rows):.0f} | {each} |"
        )
    details += [
        "",
        "Targets kept from before: playable board under 3000 ms cold and 1500 ms warm. 'Playable board' is the",
        "board drawn with the legal targets clickable; the rules run on the page, so it waits for no worker.",
        "'Worker asked for' is when boot.js asked PyScript for the AI's worker (asaltoBridge.startWorker), before",
        "the page's MicroPython starts: both interpreters then start together on the machine's cores, and the",
        "service worker is registered only once the page and the AI are up. 'The AI's PyScript worker alone'",
        "is the same worker on a page of its own: what PyScript's worker costs over a bare Pyodide.",
    ]
