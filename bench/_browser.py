"""The browser benches' server and helpers (bench/site.py, book.py, waits.py, trainer.py): the site
under /asalto/ counting the bytes it sends, Chromium with the page's probes, traces of its main-thread
tasks, a snapshot of dist/, and the report's small formatters. Not a bench itself: ``tasks.py bench``
runs every bench/*.py but those whose name starts with ``_``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests"), str(ROOT / "pkg")]

from conftest import BENIGN, DIST, LAUNCH_ARGS, Server, SubpathHandler, chromium_path  # noqa: E402, F401

RESULTS = ROOT / "bench" / "results"
RUNS = 3  # cold runs of each headline figure
WARM = 2  # warm reloads after each cold run
SLOW_MS = 120000
VIEWPORT = {"width": 1100, "height": 900}
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


# -- the report ---------------------------------------------------------------------------------------
def med(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def runs(values) -> str:
    return ", ".join("-" if v is None else str(v) for v in values)


def row(figure: str, before: str, now: str, spread: str = "", target: str = "", ok: bool | None = None) -> str:
    verdict = "" if ok is None else ("met" if ok else "**not met**")
    return f"| {figure} | {before} | {now} | {spread} | {target} | {verdict} |"
