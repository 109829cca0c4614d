#!/usr/bin/env python3
"""Site figures measured in the real (headless) Chromium; written to bench/results/site.{json,md}.

One engine, two interpreters: the pages answer every rule question on MicroPython, and the
Pyodide worker is the AI alone, started only when a game needs it. Measured here:

- embedded figures (embed.html): an annotated record shown at a commented ply, and a puzzle,
  from navigation start to the first frame with its position and comment (``embed`` mark),
  cold (fresh context: empty cache, no service worker) and warm (the service worker's cache);
  the bytes served for the first embed (the server's count of response bodies, including the
  service worker's first-visit copies); ten figures (records at several plies, inline records
  with comments, two puzzles, a position) on one teacher's page on another local port, cold,
  until every frame is ready;
- the game page with two players (mode ``humans``, set in the New game dialog): a short Assault
  line played by clicks on the board, cold, with no request for Pyodide or the AI's worker;
  for every click, the time from the press to the next frame after the page has shown the
  result, and the longest main-thread task in that window (from a Chromium trace, which sees
  every task, not only those over 50 ms as the ``longtask`` observer does); the same for moves
  clicked on top of a saved 60-move game (the move list is long);
- against the AI: the page's default game (you play the rebels, who move first, the AI the
  officers), cold: your first move made as soon as the board is playable, then from navigation
  start to the AI's reply on the board, against a bare
  Pyodide worker's start (``loadPyodide`` in a module worker, nothing else) in the same run, and
  the same AI worker on a page of its own (what PyScript's worker adds to a bare Pyodide);
- the game page's playable board and AI worker ready, cold and warm; the AI's reply per level
  with the longest main-thread task while it thinks; the built site's total size.

Other hosts are blocked with ``--host-resolver-rules`` rather than request routing, which
would turn off Chromium's HTTP cache. The site is served from a copy of dist/ taken at the start
(so a rebuild meanwhile does not change what is measured), with the bare Pyodide page added to
that copy (it must be on the site's origin); dist/ itself is not touched. A part that fails is
reported and the others still run; the script exits non-zero if any check failed.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import BENIGN, DIST, LAUNCH_ARGS, Server, SubpathHandler, chromium_path  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from asalto_core import Board  # noqa: E402

RESULTS = ROOT / "bench" / "results"
RUNS = 3  # cold runs of each headline figure
WARM = 2  # warm reloads after each cold run
AI_RUNS = 2  # replies per AI level
AI_PAIRS = 15  # cold AI first moves, each paired with a bare Pyodide start (wide per-pair spread on 2 cores)
WARM_AI = 3  # of those, the first few also load the page again warm
SLOW_MS = 120000
VIEWPORT = {"width": 1100, "height": 900}
RECORD_URL = "examples/assault-double-jump.txt"
# The record's line, played by two players on the game page (every move legal in Assault).
LINE = [("d4", "d5"), ("c5", "c6"), ("b5", "c5"), ("e5", "e6"), ("e3", "d4"), ("c6", "d6"), ("e2", "e3"), ("d6", "c6")]
LONG_PLIES = 60  # a saved two-player game this long, then LINE's number of moves clicked on top
PUZZLE_POSITION = "asalto 3/O1O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR o - 5"
PUZZLE = {
    "position": PUZZLE_POSITION,
    "puzzle": "1",
    "prompt": "Your move: find the capture that takes two rebels.",
    "answer": "e6xe4xe2",
}
INLINE = (
    '[Ruleset "assault"]\n\n{The opening.} 1. d4-d5 {The rebels open in the centre.} c5-c6 '
    "{An officer steps out of the rebels' reach.} 2. b5-c5 {Filling the point the officer left.} *"
)
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
# In every page and frame: body data-* changes with their times, long tasks, and a click probe:
# the press (pointerdown's timeStamp), the next frame after pointerup's handlers, and, when the
# click completes a move, data-synced changing and the next frame after it.
PROBE = """
(() => {
  const b = (window.__bench = { attrs: {}, longtasks: [], probe: null });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) b.longtasks.push([e.startTime, e.duration]);
    }).observe({ type: "longtask", buffered: true });
  } catch (e) {}
  new MutationObserver((list) => {
    for (const m of list) {
      if (m.target !== document.body) continue;
      const name = m.attributeName.slice(5);
      const now = performance.now();
      (b.attrs[name] = b.attrs[name] || []).push([document.body.getAttribute(m.attributeName), now]);
      const p = b.probe;
      if (name === "synced" && p && p.synced === undefined) {
        p.synced = now;
        requestAnimationFrame(() => { p.frame = performance.now(); });
      }
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: [
    "data-board", "data-synced", "data-engine", "data-ply", "data-turn", "data-thinking", "data-embed"] });
  addEventListener("pointerdown", (e) => { if (b.probe) b.probe.press = e.timeStamp; }, true);
  addEventListener("pointerup", (e) => {
    const p = b.probe;
    if (!p) return;
    p.up = e.timeStamp;
    requestAnimationFrame(() => { p.upFrame = performance.now(); });
  }, true);
})();
"""
FRAME_INFO = """() => ({
  marks: window.asaltoMarks || {},
  origin: performance.timeOrigin,
  mode: document.body.dataset.mode || "",
  ply: document.body.dataset.ply || "",
  comment: (document.getElementById("comment") || {}).textContent || "",
  pieces: document.querySelectorAll("#board .piece").length,
  messages: [...document.querySelectorAll("#messages li")].map((li) => li.textContent),
})"""
TRACE_CATEGORIES = ["blink.user_timing", "disabled-by-default-devtools.timeline"]


# -- the server: the site under /asalto/, counting the bytes of every response body -------
class CountingHandler(SubpathHandler):
    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        outputfile.write(data)
        self.server.sent.append((self.path.split("?")[0], len(data)))  # type: ignore[attr-defined]


def counting_server(root: Path) -> Server:
    """The site in ``root`` (a snapshot of dist/) under /asalto/, as the e2e tests serve dist/."""
    server = Server()
    server.httpd.sent = []  # type: ignore[attr-defined]
    server.httpd.RequestHandlerClass = functools.partial(CountingHandler, directory=str(root))
    return server


def sent(server: Server, since: int = 0) -> list[tuple[str, int]]:
    return server.httpd.sent[since:]  # type: ignore[attr-defined]


def n_sent(server: Server) -> int:
    return len(server.httpd.sent)  # type: ignore[attr-defined]


def is_pyodide(path: str) -> bool:
    """A request for Pyodide or for the AI's worker (its script, its config, the wheel it installs)."""
    return "pyodide" in path or path.endswith("/worker.py") or "/wheels/" in path


# -- browser helpers ---------------------------------------------------------------------------
def launch(pw, args: list[str]):
    """Chromium with ``args``: Debian's (or ASALTO_CHROMIUM) where there is one, else Playwright's."""
    kw: dict = {"args": args}
    if chromium_path():
        kw["executable_path"] = chromium_path()
    return pw.chromium.launch(**kw)


class Bench:
    def __init__(self, browser, server: Server) -> None:
        self.browser = browser
        self.server = server
        self.url = server.url
        self.errors: list[str] = []
        self.problems: list[str] = []

    def context(self, tag: str, **kw):
        ctx = self.browser.new_context(viewport=VIEWPORT, **kw)
        ctx.add_init_script(PROBE)

        def attach(page) -> None:
            def console(msg) -> None:
                if msg.type == "error" and not any(b in msg.text for b in BENIGN):
                    self.errors.append(f"{tag}: console error: {msg.text}")

            page.on("console", console)
            page.on("pageerror", lambda err: self.errors.append(f"{tag}: page error: {err}"))

        ctx.on("page", attach)
        return ctx

    def check(self, ok: bool, text: str) -> None:
        if not ok:
            self.problems.append(text)
            print("PROBLEM:", text, flush=True)


class Trace:
    """A Chromium trace around a block: every main-thread task of the page, on the page's clock
    (the page on screen when the block ends: it may navigate inside the block)."""

    def __init__(self, browser, page) -> None:
        self.browser = browser
        self.page = page
        self.tasks: list[tuple[float, float, float]] = []  # start, wall time, thread (CPU) time

    def __enter__(self) -> Trace:
        self.browser.start_tracing(page=self.page, categories=TRACE_CATEGORIES)
        return self

    def __exit__(self, *exc) -> None:
        with contextlib.suppress(Exception):
            self.page.evaluate("performance.mark('bench-sync')")
        raw = json.loads(self.browser.stop_tracing())
        if exc[0] is not None:
            return
        events = raw["traceEvents"] if isinstance(raw, dict) else raw
        sync = next(e for e in events if e.get("name") == "bench-sync")
        offset = sync["ts"] / 1000 - sync["args"]["data"]["startTime"]  # trace ms minus the page's ms
        self.tasks = sorted(
            (e["ts"] / 1000 - offset, e.get("dur", 0) / 1000, e.get("tdur", e.get("dur", 0)) / 1000)
            for e in events
            if e.get("name") == "RunTask" and e.get("ph") == "X" and e["pid"] == sync["pid"] and e["tid"] == sync["tid"]
        )

    def longest(self, t0: float, t1: float) -> float:
        """The longest main-thread task overlapping [t0, t1] (page milliseconds), wall-clock."""
        return max((d for s, d, _ in self.tasks if s < t1 and s + d > t0), default=0.0)

    def longest_cpu(self, t0: float, t1: float) -> float:
        """The same by the main thread's own time: what is left once time taken by other work is removed."""
        return max((c for s, d, c in self.tasks if s < t1 and s + d > t0), default=0.0)

    def busy_cpu(self, t0: float, t1: float) -> float:
        """The main thread's own time in tasks that start in [t0, t1]."""
        return sum(c for s, _, c in self.tasks if t0 <= s < t1)


def first_at(attrs: dict, name: str, test) -> float | None:
    for value, t in attrs.get(name, []):
        if value is not None and test(value):
            return t
    return None


def ms(x: float | None) -> int | None:
    return None if x is None else round(x)


# -- embedded figures -------------------------------------------------------------------------
def embed_url(url: str, **params: str) -> str:
    return url + "embed.html?" + urllib.parse.urlencode({k.replace("_", "-"): v for k, v in params.items()})


def collect_responses(page) -> list:
    got: list = []
    page.on("response", lambda r: got.append(r))
    return got


def embed_runs(bench: Bench, name: str, path: str, mode: str, comment: bool) -> dict:
    """Cold then warm loads of one embed, each in a fresh context; bytes of the cold one."""
    cold, warm, served, seen = [], [], [], []
    for _ in range(RUNS):
        ctx = bench.context(f"embed {name}")
        page = ctx.new_page()
        responses = collect_responses(page)
        start = n_sent(bench.server)
        page.goto(path)
        page.wait_for_selector("body[data-embed=ready]", timeout=SLOW_MS)
        info = page.evaluate(FRAME_INFO)
        bench.check(info["mode"] == mode, f"embed {name}: mode {info['mode']!r}, expected {mode!r}")
        bench.check(info["pieces"] > 0, f"embed {name}: no pieces drawn")
        bench.check(not comment or info["comment"] != "", f"embed {name}: no comment shown")
        bench.check(not info["messages"], f"embed {name}: messages {info['messages']}")
        cold.append({"pyscript": ms(info["marks"].get("pyscript")), "embed": ms(info["marks"]["embed"])})
        # The first visit's service worker copies the core files too: wait for it, then count.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SLOW_MS)
        page.wait_for_timeout(500)
        files = sent(bench.server, start)
        served.append(sum(n for _, n in files))
        body = 0
        for r in responses:
            with contextlib.suppress(Exception):
                body += len(r.body())
        seen.append(body)
        py = [p for p, _ in files if is_pyodide(p)]
        bench.check(not py, f"embed {name}: requests for Pyodide or the AI's worker: {py}")
        for _ in range(WARM):
            page.goto(path)
            page.wait_for_selector("body[data-embed=ready]", timeout=SLOW_MS)
            m = page.evaluate("window.asaltoMarks")
            warm.append({"pyscript": ms(m.get("pyscript")), "embed": ms(m["embed"])})
        ctx.close()
    # One more cold load, traced: the main thread's own time until the frame is ready, which the
    # machine's other work does not inflate (a floor for the wall-clock time on an idle machine).
    ctx = bench.context(f"embed {name} traced")
    page = ctx.new_page()
    with Trace(bench.browser, page) as trace:
        page.goto(path)
        page.wait_for_selector("body[data-embed=ready]", timeout=SLOW_MS)
    ready = page.evaluate("window.asaltoMarks.embed")
    traced = {"embed": ms(ready), "main_cpu": ms(trace.busy_cpu(0, ready))}
    ctx.close()
    largest = sorted(files, key=lambda f: -f[1])[:6]
    return {
        "path": path.split("/asalto/")[-1],
        "cold": cold,
        "warm": warm,
        "bytes_served": served,
        "bytes_page_responses": seen,
        "requests": len(files),
        "largest": largest,
        "traced": traced,
    }


def ten_frames(url: str) -> list[tuple[str, str]]:
    """Ten embeds for one page: (expected mode, src)."""
    rec = {"record_url": RECORD_URL}
    return [
        ("game", embed_url(url, **rec, ply="0")),
        ("game", embed_url(url, **rec, ply="3")),
        ("game", embed_url(url, **rec, ply="6")),
        ("game", embed_url(url, **rec, ply="9")),
        ("game", embed_url(url, **rec, ply="10")),
        ("game", embed_url(url, record=INLINE, ply="1")),
        ("game", embed_url(url, record=INLINE, ply="3")),
        ("puzzle", embed_url(url, **rec, puzzle="1", ply="9")),
        ("puzzle", embed_url(url, **PUZZLE)),
        ("static", embed_url(url, position=PUZZLE_POSITION.replace("asalto", "assault"), arrows="e6xe4xe2")),
    ]


def ten_run(bench: Bench, lesson: Server, traced: bool = False) -> dict:
    """A teacher's page (another local port) with ten embeds, cold: every frame ready. Traced, it
    also gives the renderer main thread's own time until then (the frames share that thread)."""
    ctx = bench.context("ten embeds")
    page = ctx.new_page()
    start = n_sent(bench.server)
    with Trace(bench.browser, page) if traced else contextlib.nullcontext() as trace:
        page.goto(lesson.origin + "/lesson.html")
        frames = [f for f in page.frames if f != page.main_frame]
        bench.check(len(frames) == 10, f"ten embeds: {len(frames)} frames")
        for f in frames:
            f.wait_for_selector("body[data-embed=ready]", timeout=SLOW_MS)
    top = page.evaluate("performance.timeOrigin")
    ready, modes = [], []
    for f in frames:
        info = f.evaluate(FRAME_INFO)
        ready.append(info["origin"] + info["marks"]["embed"] - top)
        modes.append(info["mode"])
        bench.check(info["pieces"] > 0 and not info["messages"], f"ten embeds: {f.url}: {info}")
    expected = [m for m, _ in ten_frames(bench.url)]
    bench.check(sorted(modes) == sorted(expected), f"ten embeds: modes {modes}")
    page.wait_for_timeout(300)
    files = sent(bench.server, start)
    py = [p for p, _ in files if is_pyodide(p)]
    bench.check(not py, f"ten embeds: requests for Pyodide or the AI's worker: {py}")
    ctx.close()
    if trace is not None:
        return {"all_ready": ms(max(ready)), "main_cpu": ms(trace.busy_cpu(0, max(ready)))}
    return {
        "all_ready": ms(max(ready)),
        "first_ready": ms(min(ready)),
        "bytes_served": sum(n for _, n in files),
        "requests": len(files),
    }


# -- the game page with two players -----------------------------------------------------------
def humans_state(bench: Bench) -> dict:
    """Storage with the setting mode=humans, set in the New game dialog."""
    ctx = bench.context("setup humans")
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="humans"]')
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=SLOW_MS)
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
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="rebels"]')
    page.select_option("#new-level", level)
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=SLOW_MS)
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


# -- the run ----------------------------------------------------------------------------------------
def chromium_version() -> str:
    path = chromium_path()
    if not path:
        return "playwright's chromium"
    try:
        out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return path
    return out.strip()


def section(out: dict, name: str) -> None:
    """Print progress and note the machine's load (1-minute average) as each part starts."""
    load = round(os.getloadavg()[0], 2)
    out["machine"].setdefault("load_during", {})[name] = load
    print(f"{name} ... (load {load})", flush=True)


def build_hash(page: Path) -> str | None:
    m = re.search(r'name="asalto-build" content="([^"]+)"', page.read_text()) if page.exists() else None
    return m.group(1) if m else None


def snapshot(dest: Path) -> str:
    """Copy dist/ (it may be rebuilt while the bench runs); retry while a build is half written."""
    for _ in range(10):
        shutil.copytree(DIST, dest, ignore=shutil.ignore_patterns("bench-*"))
        hashes = {build_hash(dest / name) for name in ("index.html", "embed.html", "examples.html")}
        if len(hashes) == 1 and None not in hashes:
            return hashes.pop()
        shutil.rmtree(dest)
        time.sleep(3)
    sys.exit("dist/ keeps changing: no consistent build to measure")


def main() -> None:
    if not (DIST / "index.html").exists():
        sys.exit("build the site first: python3 tasks.py build")
    t_start = time.time()
    tmp = tempfile.TemporaryDirectory(prefix="asalto-bench-")
    site = Path(tmp.name, "site")
    build = snapshot(site)
    files = [p for p in site.rglob("*") if p.is_file()]
    out: dict = {
        "measured": time.strftime("%Y-%m-%d %H:%M"),
        "build": build,
        "machine": {"cores": os.cpu_count(), "load_before": [round(x, 2) for x in os.getloadavg()]},
        "chromium": chromium_version(),
        "url_path": "/asalto/",
        "site_bytes": sum(p.stat().st_size for p in files),
        "files": len(files),
        "runs": RUNS,
    }
    (site / "bench-pyodide.html").write_text(BARE_PAGE)
    (site / "bench-pyodide-worker.mjs").write_text(BARE_WORKER)
    (site / "bench-worker.html").write_text(WORKER_PAGE)
    server = counting_server(site)
    lesson_dir = Path(tmp.name, "lesson")
    lesson_dir.mkdir()
    snippet = "".join(
        f'<iframe src="{src.replace("&", "&amp;")}" width="300" height="520" title="figure {i}"></iframe>'
        for i, (_, src) in enumerate(ten_frames(server.url))
    )
    (lesson_dir / "lesson.html").write_text(
        "<!doctype html><meta charset='utf-8'><link rel='icon' href='data:,'><title>Lesson</title>"
        f"<h1>Lesson</h1>{snippet}\n"
    )
    lesson = Server(root=lesson_dir)
    args = [*LAUNCH_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

    def embeds() -> None:
        record = embed_url(server.url, record_url=RECORD_URL, ply="9")
        out["embed_record"] = embed_runs(bench, "record", record, "game", comment=True)
        out["embed_puzzle"] = embed_runs(bench, "puzzle", embed_url(server.url, **PUZZLE), "puzzle", comment=False)

    def ten() -> None:
        out["ten"] = [ten_run(bench, lesson) for _ in range(RUNS)]
        out["ten_traced"] = ten_run(bench, lesson, traced=True)

    def humans() -> None:
        state = humans_state(bench)
        out["humans"] = [humans_run(bench, state) for _ in range(RUNS)]
        out["long_game"] = [long_game_run(bench, state) for _ in range(RUNS)]

    def ai_first() -> None:
        games, bare, alone = [], [], []
        for i in range(AI_PAIRS):  # alternate which goes first, so that a drift in load evens out
            if i % 2:
                games.append(ai_game_run(bench, warm=i < WARM_AI))
            bare.append(started_run(bench, "bare Pyodide", "bench-pyodide.html"))
            alone.append(started_run(bench, "the AI's worker alone", "bench-worker.html"))
            if not i % 2:
                games.append(ai_game_run(bench, warm=i < WARM_AI))
        out["ai_game"], out["bare_pyodide"], out["pyscript_worker"] = games, bare, alone

    def levels() -> None:
        out["ai"] = ai_levels(bench)

    try:
        with sync_playwright() as pw:
            browser = launch(pw, args)
            bench = Bench(browser, server)
            parts = [
                ("embeds", embeds),
                ("ten embeds", ten),
                ("two players", humans),
                ("AI first move and bare Pyodide", ai_first),
                ("AI levels", levels),
            ]
            for name, part in parts:
                section(out, name)
                try:
                    part()
                except Exception as err:  # a part that fails is reported; the others still run
                    first = str(err).strip().splitlines()[0] if str(err).strip() else ""
                    bench.problems.append(f"{name}: failed: {type(err).__name__}: {first}")
                    print("FAILED:", name, err, flush=True)
            browser.close()
    finally:
        lesson.stop()
        server.stop()
        tmp.cleanup()
    out["errors"] = bench.errors
    out["problems"] = bench.problems
    out["machine"]["load_after"] = [round(x, 2) for x in os.getloadavg()]
    out["seconds"] = round(time.time() - t_start)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "site.json").write_text(json.dumps(out, indent=1) + "\n")
    md = report(out)
    (RESULTS / "site.md").write_text(md)
    print(md)
    if bench.problems:
        sys.exit(f"{len(bench.problems)} problem(s): see above")


# -- the report ---------------------------------------------------------------------------------------
def med(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def runs(values) -> str:
    return ", ".join("-" if v is None else str(v) for v in values)


def row(figure: str, before: str, now: str, spread: str = "", target: str = "", ok: bool | None = None) -> str:
    verdict = "" if ok is None else ("met" if ok else "**not met**")
    return f"| {figure} | {before} | {now} | {spread} | {target} | {verdict} |"


def report(out: dict) -> str:
    m = out["machine"]
    lines = [
        "# Site figures (headless Chromium, localhost, served under /asalto/)",
        "",
        f"Measured {out['measured']} (build {out['build']}) with {out['chromium']}, on a {m['cores']}-core machine;",
        f"1-minute load average {m['load_before'][0]} before, "
        + ", ".join(f"{v} at {k}" for k, v in m.get("load_during", {}).items())
        + f", {m['load_after'][0]} after. The load during the run counts the bench's own Chromium; a load",
        "before it above 1 means other work shared the cores. Each figure is a median, with every run shown.",
        f"Built site: {out['site_bytes'] / 1e6:.1f} MB in {out['files']} files. Cold = a fresh browser context (empty",
        "cache, no service worker); warm = the same context again (files from the service worker's cache). Times",
        "are from navigation start; bytes are response bodies as the local server sent them (uncompressed; a",
        f"static host that compresses sends fewer). The whole bench took {out['seconds']} s.",
        "",
        "## Headline: one engine, two interpreters",
        "",
        "| figure | before (issue) | now (median) | runs | target | |",
        "|---|---|---|---|---|---|",
    ]
    details: list[str] = []
    if "embed_record" in out and "embed_puzzle" in out:
        headline_embeds(out, lines, details)
    if "ten" in out:
        headline_ten(out, lines, details)
    if "humans" in out:
        headline_humans(out, lines, details)
    if "ai_game" in out:
        headline_ai(out, lines, details)
    lines += [
        "",
        "The longest task is from a Chromium trace (every main-thread task, not only those over 50 ms), between",
        "the press and the next frame after the page showed the result; tracing adds some overhead of its own.",
        "Wall-clock is what a player feels; CPU is the renderer main thread's own time in that task (the trace's",
        "thread clock), which leaves out the time the busy machine gave to other processes.",
        "'Press to next frame' also counts Chromium's frame scheduling. 'Second move on the board' has the",
        "clicks driven by Playwright as fast as it goes once the board is ready. The ten embeds sit on a",
        "teacher's page on another local port, loaded eagerly (no loading=lazy) so that all ten load at once;",
        "the frames share one renderer main thread, so their MicroPython starts queue behind each other.",
        "The traced runs' main-thread time is the page's own work on that thread (tasks' thread time, so",
        "time lost to other processes is left out): roughly the floor for the wall-clock time on an idle",
        "machine, though work on other threads (compiling wasm, the network) can still add to it.",
        *details,
    ]
    if "ai" in out:
        lines += [
            "",
            "## The AI's reply per level (Assault, the AI plays the officers, reply to d4-d5)",
            "",
            "| AI level | reply (ms) | press to next frame (ms) | longest main-thread task while thinking, "
            "wall/CPU (ms) | long tasks then | long tasks since load |",
            "|---|---|---|---|---|---|",
        ]
        for r in out["ai"]:
            lines.append(
                f"| {r['level']} | {r['reply_ms']} | {r['press_to_frame_ms']:.0f} "
                f"| {r['longest_task_ms']:.0f}/{r['longest_task_cpu_ms']:.0f} "
                f"| {r['long_tasks']} | {r['long_tasks_since_load']} |"
            )
        lines += [
            "",
            "Target: no main-thread task over 50 ms while the AI thinks (from the trace, every task). 'Long tasks'",
            "are the longtask observer's (over 50 ms; MicroPython's start is one, which shows the observer works).",
        ]
    if out["errors"] or out["problems"]:
        lines += ["", "## Problems seen", ""]
        lines += [f"- {p}" for p in out["problems"]]
        lines += [f"- {e}" for e in out["errors"]]
    lines.append("")
    return "\n".join(lines)


def headline_embeds(out: dict, lines: list[str], details: list[str]) -> None:
    er, ep = out["embed_record"], out["embed_puzzle"]
    rec_cold = med(r["embed"] for r in er["cold"])
    puz_cold = med(r["embed"] for r in ep["cold"])
    first_bytes = med(er["bytes_served"])
    lines += [
        row(
            "embedded annotated record (`record-url`, ply 9, with its comment), cold: first frame ready",
            "start position for 17 s, ready after 25-39 s",
            f"{rec_cold:.0f} ms",
            runs(r["embed"] for r in er["cold"]),
            "< 1000 ms",
            rec_cold < 1000,
        ),
        row(
            "embedded puzzle (position + answer), cold: first frame ready",
            "as above",
            f"{puz_cold:.0f} ms",
            runs(r["embed"] for r in ep["cold"]),
            "< 1000 ms",
            puz_cold < 1000,
        ),
        row(
            "the same (record / puzzle): main thread's own time until ready, one more cold run, traced",
            "",
            f"{er['traced']['main_cpu']} / {ep['traced']['main_cpu']} ms",
            f"that run was ready at {er['traced']['embed']} / {ep['traced']['embed']} ms (wall, tracing on)",
        ),
        row(
            "embedded record / puzzle, warm",
            "",
            f"{med(r['embed'] for r in er['warm']):.0f} / {med(r['embed'] for r in ep['warm']):.0f} ms",
            f"{runs(r['embed'] for r in er['warm'])} / {runs(r['embed'] for r in ep['warm'])}",
        ),
        row(
            f"bytes for the first embed (the record; {er['requests']} responses)",
            "",
            f"{first_bytes / 1e6:.2f} MB",
            runs(f"{b / 1e6:.2f}" for b in er["bytes_served"]),
            "< 1.5 MB",
            first_bytes < 1.5e6,
        ),
    ]
    details += [
        "",
        "## Embeds",
        "",
        "| embed | cold: first frame (ms) | cold: PyScript started (ms) | warm: first frame (ms) "
        "| bytes served, cold (kB) | bytes seen by the page (kB) |",
        "|---|---|---|---|---|---|",
    ]
    for name, e in (("record", er), ("puzzle", ep)):
        details.append(
            f"| {name} | {runs(r['embed'] for r in e['cold'])} | {runs(r['pyscript'] for r in e['cold'])} "
            f"| {runs(r['embed'] for r in e['warm'])} | {runs(round(b / 1e3) for b in e['bytes_served'])} "
            f"| {runs(round(b / 1e3) for b in e['bytes_page_responses'])} |"
        )
    details += [
        "",
        f"record: `{er['path']}`; puzzle: `{ep['path']}`.",
        "Largest files of the first record embed: "
        + ", ".join(f"{p.split('/asalto/')[-1]} {n / 1e3:.0f} kB" for p, n in er["largest"])
        + ". 'Bytes served' includes the service worker's first-visit copies of the core files (the page",
        "itself, boot.js, the CSS), which the page had already loaded once.",
    ]


def headline_ten(out: dict, lines: list[str], details: list[str]) -> None:
    ten = out["ten"]
    ready = med(r["all_ready"] for r in ten)
    lines.append(
        row(
            "ten embeds on one page (records, inline records, 2 puzzles, a position), cold: all ready",
            "",
            f"{ready:.0f} ms",
            runs(r["all_ready"] for r in ten),
            "< 3000 ms",
            ready < 3000,
        )
    )
    if "ten_traced" in out:
        t = out["ten_traced"]
        lines.append(
            row(
                "the same: the shared main thread's own time until all ready, one more cold run, traced",
                "",
                f"{t['main_cpu']} ms",
                f"that run was ready at {t['all_ready']} ms (wall, tracing on)",
            )
        )
    details += [
        "",
        "| ten embeds, cold | all ready (ms) | first ready (ms) | bytes served (kB) | responses |",
        "|---|---|---|---|---|",
    ]
    for i, r in enumerate(ten, 1):
        details.append(
            f"| run {i} | {r['all_ready']} | {r['first_ready']} | {r['bytes_served'] / 1e3:.0f} | {r['requests']} |"
        )


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


if __name__ == "__main__":
    main()
