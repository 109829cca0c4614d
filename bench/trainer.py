#!/usr/bin/env python3
"""The puzzle trainer's start where a person waits; written to bench/results/trainer.{json,md}.

From navigation to the first puzzle playable (``body[data-board=ready]``: the set read on the
page's MicroPython, the puzzle drawn), cold (a fresh context: nothing cached), with Chromium's
CPU at full speed and throttled 4x (a phone), for the set now in ``site/puzzles/puzzles.json`` and for
the set of an earlier commit (``--before REV``, by default the first set, of 322 puzzles):
the same build with only the set swapped. Also each set's size, raw and gzipped (as a host
compresses it). The site is served from a snapshot of dist/, as bench/site.py serves it.

    python bench/trainer.py [--before REV] [--runs N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import tempfile
from pathlib import Path

import _browser as S  # the browser benches' server and helpers
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
BEFORE = "aef21a9"  # the commit of the first set (322 puzzles)
RATES = (1, 4)  # Chromium's CPU slowdown: none, a phone
READY = """new MutationObserver(() => {
  const ready = document.body && document.body.dataset.board === "ready";
  if (ready && !window.benchReady) window.benchReady = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-board"]});"""


def start_ms(browser, url: str, rate: int) -> float:
    """Navigation to the first puzzle playable, cold, with the CPU slowed ``rate`` times."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx.add_init_script(READY)
    try:
        page = ctx.new_page()
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(url + "puzzles.html")
        page.wait_for_function("window.benchReady", timeout=S.SLOW_MS * rate)
        return float(page.evaluate("window.benchReady"))
    finally:
        ctx.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", default=BEFORE, help="the commit whose set is measured as 'before'")
    parser.add_argument("--runs", type=int, default=5, help="cold starts per set and CPU rate")
    args = parser.parse_args()
    sets = {
        "before": subprocess.run(
            ["git", "show", f"{args.before}:site/puzzles.json"], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout,
        "now": (ROOT / "site" / "puzzles" / "puzzles.json").read_text(),
    }
    out: dict = {"runs": args.runs, "before": args.before, "sets": {}}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        site = Path(tmp) / "site"
        out["build"] = S.snapshot(site)
        browser = S.launch(pw, S.LAUNCH_ARGS)
        try:
            for name, text in sets.items():
                (site / "puzzles.json").write_text(text)
                server = S.counting_server(site)
                row: dict = {
                    "puzzles": len(json.loads(text)["puzzles"]),
                    "kb": round(len(text.encode()) / 1000, 1),
                    "gzip_kb": round(len(gzip.compress(text.encode())) / 1000, 1),
                }
                try:
                    start_ms(browser, server.url, 1)  # the first start fills the OS's file cache
                    for rate in RATES:
                        times = [start_ms(browser, server.url, rate) for _ in range(args.runs)]
                        row[f"x{rate}"] = [round(t) for t in times]
                        print(name, f"x{rate}", row[f"x{rate}"], flush=True)
                finally:
                    server.stop()
                out["sets"][name] = row
        finally:
            browser.close()
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "trainer.json").write_text(json.dumps(out, indent=1) + "\n")
    lines = [
        "# The puzzle trainer's start (bench/trainer.py)",
        "",
        f"Navigation to the first puzzle playable, cold, median of {args.runs} (spread), build {out['build']}; "
        f"'before' is the set of {args.before}, on the same build.",
        "",
        "| set | puzzles | size | gzipped | CPU full speed | CPU 4x slower (a phone) |",
        "|---|---|---|---|---|---|",
    ]
    for name, row in out["sets"].items():
        cells = [f"{statistics.median(row[f'x{r}']):.0f} ms ({min(row[f'x{r}'])}-{max(row[f'x{r}'])})" for r in RATES]
        lines.append(f"| {name} | {row['puzzles']} | {row['kb']} KB | {row['gzip_kb']} KB | {' | '.join(cells)} |")
    (RESULTS / "trainer.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
