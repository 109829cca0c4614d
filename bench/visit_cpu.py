#!/usr/bin/env python3
"""What one visit to the game page costs the browser tests in CPU seconds: written to
bench/results/visit-cpu.md.

The browser suite loads about 630 documents (bench/results/test-time.md); its CPU is mostly their
starts. Each figure is the CPU (user and system) of this process and every process under it (the
browser's) from a fresh context to the page up with its light AI worker, the context closed: a
first visit in a fresh context, as each test made. Measured four ways of holding a context to the
tests' rules (e2e/conftest.watched): every request routed through this process (as the suite did),
only the requests that leave the site routed (a pattern Playwright matches itself), none routed, and
none routed with what leaves the site refused by a proxy (conftest.OFF_SITE: a routed context has no
HTTP cache); a first visit in the warm context a test's page now comes from (conftest.WarmContext:
its storage cleared and checked before the visit, the site's renderer process and the caches kept
from the visits before; the page closed after it); and a reload with the HTTP cache, with the light
AI's worker (a game against the computer, the default) and without it (two players); a reload
once the service worker keeps the site (a later visit). And what a
test's wait_for_function costs a page that is up, for each second it waits: polled at every
animation frame (Playwright's default), every 16 ms (the suite's, e2e/conftest.POLL_MS), or not
asked at all. CPU seconds hardly move with the machine's load; the
median is kept.

    .venv/bin/python bench/visit_cpu.py [--runs N] [--dist DIR] [--name NAME]
"""

from __future__ import annotations

import argparse
import contextlib
import re
import statistics
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]

from _browser import DIST, LAUNCH_ARGS, RESULTS, SLOW_MS, Server, chromium_path  # noqa: E402
from _sections import write_section  # noqa: E402
from conftest import OFF_SITE, Console, WarmContext  # noqa: E402
from counts import tree_cpu  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

WAIT_MS = 5000  # each way of waiting, measured this long
LOCAL = re.compile(r"^(?!http://127\.0\.0\.1:)")  # what e2e/conftest.watched routes now
SAVED = """Object.keys(localStorage).find((k) => {
  try { const v = JSON.parse(localStorage[k]); return !!(v && v.settings); } catch (e) { return false; } })"""
TWO_PLAYERS = """(k) => { const s = JSON.parse(localStorage.getItem(k) || '{}');
  s.settings = {...(s.settings || {}), mode: 'humans'}; localStorage.setItem(k, JSON.stringify(s)); }"""


# How a fresh context is held to the tests' rules (e2e/conftest.watched), by what each kind routes.
FIRST_VISITS = {
    "every request": "every request routed",
    "what leaves the site": "what leaves the site routed",
    "none": "none routed",
    "proxy": "none routed, what leaves the site refused by a proxy (OFF_SITE)",
}


def first_visit(browser: Browser, url: str, routed: str) -> float:
    """CPU seconds of a fresh context's first visit, up to the light worker ready, closed."""
    began = tree_cpu()
    ctx = browser.new_context(**(OFF_SITE if routed == "proxy" else {}))
    if routed == "every request":
        ctx.route("**/*", lambda r: r.continue_())
    elif routed == "what leaves the site":
        ctx.route(LOCAL, lambda r: r.abort())
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-board=ready][data-light=ready]", timeout=SLOW_MS)
    ctx.close()
    return tree_cpu() - began


def warm_visit(warm: WarmContext, url: str) -> float:
    """CPU seconds of a first visit in the warm context (e2e/conftest.WarmContext): its storage
    cleared and checked, the page up with the light worker ready, the page closed."""
    began = tree_cpu()
    page = warm.lend([], Console()).new_page()
    page.goto(url)
    page.wait_for_selector("body[data-board=ready][data-light=ready]", timeout=SLOW_MS)
    warm.take_back()
    return tree_cpu() - began


def reload(browser: Browser, url: str, light: bool) -> float:
    """CPU seconds of a reload (the HTTP cache warm) up to the page up, and its light worker with
    ``light`` (else the saved game is for two players: no worker), plus the idle second after."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    if not light:
        key = page.evaluate(SAVED)
        page.evaluate(TWO_PLAYERS, key)
    began = tree_cpu()
    page.reload()
    page.wait_for_selector("body[data-board=ready]" + ("[data-light=ready]" if light else ""), timeout=SLOW_MS)
    page.wait_for_timeout(1000)  # what the start left to do (the bench measures, no test waits on it)
    workers = page.evaluate("asaltoBridge.workerNames()")
    used = tree_cpu() - began
    ctx.close()
    assert bool(workers) == light, workers
    return used


def later_visit(browser: Browser, url: str) -> float:
    """CPU seconds of a reload once the service worker keeps the site (every visit after the
    first: each file it asks for answered from the worker's cache), up to the light worker ready,
    plus the idle second after."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("html[data-offline=ready]", timeout=SLOW_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SLOW_MS)
    began = tree_cpu()
    page.reload()
    page.wait_for_selector("body[data-board=ready][data-light=ready]", timeout=SLOW_MS)
    page.wait_for_timeout(1000)
    used = tree_cpu() - began
    ctx.close()
    return used


def waiting(browser: Browser, url: str) -> dict[str, float]:
    """CPU seconds a second of a page that is up, while a test waits on a question never true."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-board=ready][data-light=ready]", timeout=SLOW_MS)
    used = {}
    for polling, name in (("raf", "polled every frame"), (16, "polled every 16 ms"), (None, "not polled")):
        began = tree_cpu()
        if polling is None:
            page.wait_for_timeout(WAIT_MS)
        else:
            with contextlib.suppress(PlaywrightTimeout):
                page.wait_for_function("false", polling=polling, timeout=WAIT_MS)
        used[name] = (tree_cpu() - began) / (WAIT_MS / 1000)
    ctx.close()
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="visits of each kind (the median is kept)")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to visit (dist/)")
    parser.add_argument("--name", default="now", help="this run's section of the results")
    args = parser.parse_args()
    runs = args.runs
    server = Server(dist=args.dist)
    figures: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        warm = WarmContext(browser, server)
        warm_visit(warm, server.url)  # its caches filled once, as by the worker's first test
        for _ in range(runs):  # interleaved: a change of the machine's load falls on every kind alike
            for routed, name in FIRST_VISITS.items():
                figures.setdefault(f"first visit, {name}", []).append(first_visit(browser, server.url, routed))
            figures.setdefault("first visit in the warm context, its storage cleared", []).append(
                warm_visit(warm, server.url)
            )
            for light in (True, False):
                name = "reload, " + ("with the light AI's worker" if light else "two players: no worker")
                figures.setdefault(name, []).append(reload(browser, server.url, light))
            figures.setdefault("reload from the service worker's cache (a later visit)", []).append(
                later_visit(browser, server.url)
            )
            for how, seconds in waiting(browser, server.url).items():
                figures.setdefault(f"a second of waiting on the page, {how}", []).append(seconds)
        warm.close()
        browser.close()
    server.stop()
    lines = [
        "Written by `bench/visit_cpu.py` (see its docstring): the median of "
        f"{runs} visits of each kind, CPU of the browser and this process.",
        "",
        "| what | CPU (s), median | each run |",
        "|---|---:|---|",
    ]
    for name, seconds in figures.items():
        lines.append(f"| {name} | {statistics.median(seconds):.2f} | {' '.join(f'{s:.2f}' for s in seconds)} |")
    print("\n".join(lines))
    write_section(RESULTS / "visit-cpu.md", "One visit to the game page, in CPU seconds", args.name, lines)


if __name__ == "__main__":
    main()
