#!/usr/bin/env python3
"""Site figures measured in the real (headless) Chromium; written to bench/results/site.{json,md}.

- cold load: a fresh browser context (empty cache, no service worker) to the board drawn and
  playable (legal targets from the build's data, ``board`` mark) and to the engine ready;
- warm load: the same context again, served by the service worker's cache;
- the AI's reply per level (Assault, the officers' answer to d4-d5, from the click to the drawn move);
- the longest main-thread task (PerformanceObserver ``longtask``) while the AI thinks;
- the built site's total size.

Other hosts are blocked with ``--host-resolver-rules`` rather than request routing, which
would turn off Chromium's HTTP cache. Targets: playable under 3 s cold, 1.5 s warm, and no
main-thread task over 50 ms while the AI thinks.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import DIST, LAUNCH_ARGS, Server, chromium_path  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

RESULTS = ROOT / "bench" / "results"
RUNS = 3
LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) {}
"""


def marks(page) -> dict:
    page.wait_for_function("window.asaltoMarks && window.asaltoMarks.engine", timeout=120000)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=120000)
    return page.evaluate("window.asaltoMarks")


def load(page, url: str) -> dict:
    page.goto(url)
    m = marks(page)
    return {"board": round(m["board"]), "engine": round(m["engine"])}


def ai_reply(page, level: str) -> dict:
    """Assault, the AI playing the officers: time its reply to d4-d5 and the long tasks meanwhile."""
    page.click("#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="rebels"]')
    page.select_option("#new-level", level)
    before = page.evaluate("Number(document.body.dataset.synced)")
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.synced) > {before}")
    page.click('#board .point[data-point="d4"]')
    t0 = page.evaluate("performance.now()")
    page.click('#board .point[data-point="d5"]')
    page.wait_for_function("document.body.dataset.thinking === 'move'")
    t_think = page.evaluate("performance.now()")
    page.wait_for_function("document.body.dataset.turn === 'rebels' && !document.body.dataset.thinking", timeout=60000)
    t1 = page.evaluate("performance.now()")
    tasks = page.evaluate(f"window.__longtasks.filter(([s, d]) => s + d > {t_think} && s < {t1})")
    return {
        "level": level,
        "reply_ms": round(t1 - t0),
        "longest_task_ms": round(max((d for _, d in tasks), default=0)),
        "long_tasks": len(tasks),
        "long_tasks_since_load": len(page.evaluate("window.__longtasks")),
    }


def main() -> None:
    if not (DIST / "index.html").exists():
        sys.exit("build the site first: python3 tasks.py build")
    server = Server()
    url = server.url
    size = sum(p.stat().st_size for p in DIST.rglob("*") if p.is_file())
    args = [*LAUNCH_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    out: dict = {"url_path": "/asalto/", "site_bytes": size, "files": sum(1 for p in DIST.rglob("*") if p.is_file())}
    with sync_playwright() as pw:
        kw = {"args": args}
        if chromium_path():
            kw["executable_path"] = chromium_path()
        browser = pw.chromium.launch(**kw)
        cold, warm = [], []
        for _ in range(RUNS):
            ctx = browser.new_context()
            page = ctx.new_page()
            cold.append(load(page, url))
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            for _ in range(2):
                warm.append(load(page, url))
            ctx.close()
        out["cold"] = cold
        out["warm"] = warm
        ctx = browser.new_context()
        ctx.add_init_script(LONGTASKS)
        page = ctx.new_page()
        load(page, url)
        levels = [o for o in page.evaluate("[...document.querySelectorAll('#new-level option')].map(o => o.value)")]
        if not levels:
            page.click("#btn-new")
            levels = page.evaluate("[...document.querySelectorAll('#new-level option')].map(o => o.value)")
            page.keyboard.press("Escape")
        out["ai"] = [ai_reply(page, level) for level in levels for _ in range(2)]
        ctx.close()
        browser.close()
    server.stop()
    out["measured"] = time.strftime("%Y-%m-%d %H:%M")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "site.json").write_text(json.dumps(out, indent=1) + "\n")
    md = report(out)
    (RESULTS / "site.md").write_text(md)
    print(md)


def report(out: dict) -> str:
    def med(rows, key):
        return round(statistics.median(r[key] for r in rows))

    lines = [
        "# Site figures (headless Chromium, localhost, served under /asalto/)",
        "",
        f"Measured {out['measured']}. Built site: {out['site_bytes'] / 1e6:.1f} MB in {out['files']} files.",
        "",
        "| load | playable board (ms, median) | engine ready (ms, median) | runs (board/engine) |",
        "|---|---|---|---|",
    ]
    for name in ("cold", "warm"):
        rows = out[name]
        runs = ", ".join(f"{r['board']}/{r['engine']}" for r in rows)
        lines.append(f"| {name} | {med(rows, 'board')} | {med(rows, 'engine')} | {runs} |")
    lines += [
        "",
        "Targets: playable board under 3000 ms cold and 1500 ms warm. 'Playable board' is the board drawn",
        "with the legal targets of the saved or start position clickable; a move made before the engine is",
        "ready is played when it is.",
        "",
        "| AI level | reply to d4-d5 (ms) | longest main-thread task while thinking (ms) | long tasks then "
        "| long tasks since load |",
        "|---|---|---|---|---|",
    ]
    for r in out["ai"]:
        lines.append(
            f"| {r['level']} | {r['reply_ms']} | {r['longest_task_ms']} | {r['long_tasks']} "
            f"| {r['long_tasks_since_load']} |"
        )
    lines += [
        "",
        "Target: no main-thread task over 50 ms while the AI thinks. 'Long tasks since load' counts every task",
        "over 50 ms the observer saw (MicroPython's start is one), which shows the observer works.",
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
