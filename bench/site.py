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

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from _ai_page import (  # noqa: E402
    AI_PAIRS,
    BARE_PAGE,
    BARE_WORKER,
    WARM_AI,
    WORKER_PAGE,
    ai_game_run,
    ai_levels,
    headline_ai,
    started_run,
)
from _browser import (  # noqa: E402
    DIST,
    LAUNCH_ARGS,
    RESULTS,
    RUNS,
    Bench,
    Server,
    chromium_version,
    counting_server,
    launch,
    section,
    snapshot,
)
from _embeds import PUZZLE, RECORD_URL, embed_runs, embed_url, headline_embeds, headline_ten, ten_frames, ten_run  # noqa: E402
from _game_page import headline_humans, humans_run, humans_state, long_game_run  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
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


if __name__ == "__main__":
    main()
