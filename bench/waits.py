#!/usr/bin/env python3
"""Where a player waits (issue 35); written to bench/results/waits.{json,md}.

Each figure cold (a fresh browser context), at full speed and with the page's CPU throttled 4x
(CDP ``Emulation.setCPUThrottlingRate``: Chromium throttles the page, not its workers):

- strong and strongest: the longest reply of a 20-ply game from the start (the player moves as
  soon as it is their turn), from the frame that showed the player's move to the frame that
  shows the reply (the page's data-ply changes), with Pyodide's files refused and let through;
- review of a 75-ply game (a seeded random Assault game): first point on the review's graph and
  the whole quick review, from the press, with 1, 2 and 4 cores reported to the page
  (``navigator.hardwareConcurrency``, which sets the number of review workers);
- the longest main-thread task (PerformanceObserver ``longtask``) while the player plays ten
  moves of Royal Garrison against the beginner and against casual, after the board is ready,
  and the longest by the main thread's own time (a Chromium trace's), which a loaded machine
  stretches less; the same for a shorter game of each other main ruleset against the beginner
  (``rulesets``);
- bytes and requests on the wire before the first move (the default game: the player's first
  move on the board), and for a cold embed (until it is ready and five seconds after: the
  service worker's first-visit copying counts); ten embeds on one page, cold: all ready, and in
  one more traced run the renderer main thread's own time until then (the frames share it), at
  full speed and with that renderer throttled 4x.

``--site DIR`` measures another build (the figures of the code before a change: build it in a
copy of the repository at that commit); ``--label`` names the run in the results, which keep
every label's figures side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

import _browser as S  # noqa: E402 - the browser benches' server and helpers
import _embeds as E  # noqa: E402 - bench/site.py's embedded figures
from playwright.sync_api import sync_playwright  # noqa: E402

import helpers  # noqa: E402 - e2e/helpers.py: the New game dialog as the tests drive it
from asalto_core import Game, Position  # noqa: E402

RESULTS = ROOT / "bench" / "results"
SLOW_MS = 240000
THROTTLES = (1, 4)
LEVEL_BUDGET_S = {"strong": 1.0, "strongest": 3.0}  # the levels' time_limit (asalto_core.ai.LEVELS)
REVIEW_PLIES = 75
GAME_PLIES = 20
PLAY_MOVES = 10  # the player's moves in the Royal Garrison games
OTHER_RULESETS = ("assault", "asalto", "assaut", "citadelle")  # each a shorter game against the beginner
OTHER_MOVES = 6


def long_game(plies: int, seed: int = 7) -> str:
    """A seeded random Assault game of ``plies`` plies that has not ended, as a record."""
    for s in range(seed, seed + 500):
        rng = random.Random(s)
        game = Game("assault")
        while len(game.moves) < plies and game.outcome() is None:
            moves = [str(m) for m in game.board.legal_moves]
            game.play(rng.choice(moves))
        if len(game.moves) == plies and game.outcome() is None:
            return game.record()
    raise SystemExit("no random game lasted long enough")


def first_side(ruleset: str) -> str:
    """The side that moves first: the player's, so the computer replies to every move."""
    return Position.start(ruleset).turn


def throttle(ctx, page, rate: int) -> None:
    if rate > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})


def ply_times(page) -> dict[int, float]:
    """When data-ply first took each value (page ms), from bench/site.py's probe."""
    out: dict[int, float] = {}
    for value, at in page.evaluate("window.__bench.attrs").get("ply", []):
        if value and value.isdigit() and int(value) not in out:
            out[int(value)] = at
    return out


def play_move(page, move: str) -> None:
    """Click the move's points: a step or a chain's landings, or a placement's points."""
    points = move[1:].split(",") if move.startswith("@") else move.replace("x", "-").split("-")
    for point in points:
        page.click(f'#board .point[data-point="{point}"]')


def new_game(bench, tag: str, ruleset: str, mode: str, level: str, refuse_pyodide: bool, rate: int):
    ctx = bench.context(tag)
    if refuse_pyodide:
        ctx.route("**/pyodide/**", lambda route: route.abort())
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    helpers.new_game(page, ruleset, mode, level)
    throttle(ctx, page, rate)
    return ctx, page


def play_against(page, ruleset: str, player_moves: int, rng: random.Random | None = None) -> Position:
    """The player's moves (the first legal one, or a seeded random one), each as soon as it is
    their turn; returns the position reached."""
    position = Position.start(ruleset)
    for n in range(player_moves):
        page.wait_for_function(
            f"Number(document.body.dataset.ply || 0) === {2 * n} && !document.body.dataset.thinking", timeout=SLOW_MS
        )
        if n:
            history = page.locator('#moves tbody tr:not(.variation) button:not([data-ply="0"])').all_inner_texts()
            position = position.play(history[-1])
        if position.outcome() is not None:
            break
        moves = [str(m) for m in position.legal_moves if not m.huff]
        move = rng.choice(moves) if rng else moves[0]
        play_move(page, move)
        page.wait_for_function(f"Number(document.body.dataset.ply || 0) >= {2 * n + 1}", timeout=SLOW_MS)
        position = position.play(move)
    page.wait_for_function(
        f"Number(document.body.dataset.ply || 0) >= {2 * player_moves} || document.body.dataset.over === '1'",
        timeout=SLOW_MS,
    )
    return position


def strong_replies(bench, level: str, refuse: bool, rate: int) -> dict:
    ctx, page = new_game(bench, f"{level} game", "assault", first_side("assault"), level, refuse, rate)
    play_against(page, "assault", GAME_PLIES // 2)
    at = ply_times(page)
    replies = [at[p] - at[p - 1] for p in range(2, GAME_PLIES + 1, 2) if p in at and p - 1 in at]
    engine = page.evaluate("document.body.dataset.engine || ''")
    ctx.close()
    return {"longest_ms": round(max(replies)), "replies_ms": [round(r) for r in replies], "pyodide": engine}


def review_run(bench, record: str, cores: int, rate: int) -> dict:
    ctx = bench.context(f"review {cores}")
    ctx.add_init_script(f"Object.defineProperty(navigator, 'hardwareConcurrency', {{get: () => {cores}}})")
    page = ctx.new_page()
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    before = int(page.evaluate("Number(document.body.dataset.synced || 0)"))
    page.click("#btn-menu")
    page.click("#btn-io")
    page.fill("#io-text", record)
    page.click("#io-load")
    page.wait_for_function(f"Number(document.body.dataset.synced || 0) > {before}", timeout=SLOW_MS)
    page.click("#dlg-io button[value=close]")
    throttle(ctx, page, rate)
    page.evaluate("""() => {
        const b = window.__bench;
        const graph = document.querySelector('#review-graph');
        new MutationObserver(() => {
            if (b.firstMark === undefined && graph.querySelector('polyline, circle, path.g-line, .g-point'))
                b.firstMark = performance.now();
        }).observe(graph, {childList: true, subtree: true});
        b.pressed = performance.now();
    }""")
    page.click("#btn-menu")
    page.click("#btn-review")
    page.wait_for_function(
        "document.querySelector('#review-status').textContent.startsWith('Review done')", timeout=SLOW_MS
    )
    out = page.evaluate("({pressed: window.__bench.pressed, first: window.__bench.firstMark, done: performance.now()})")
    ctx.close()
    first = out["first"] - out["pressed"] if out["first"] is not None else None
    return {
        "first_mark_ms": round(first) if first is not None else None,
        "whole_ms": round(out["done"] - out["pressed"]),
    }


def longest_task(bench, level: str, rate: int, ruleset: str = "royal-garrison", moves: int = PLAY_MOVES) -> dict:
    ctx, page = new_game(bench, f"{ruleset} {level}", ruleset, first_side(ruleset), level, False, rate)
    start = page.evaluate("performance.now()")
    with S.Trace(bench.browser, page) as trace:
        play_against(page, ruleset, moves, random.Random(3))
    tasks = [d for s, d in page.evaluate("window.__bench.longtasks") if s >= start]
    cpu = [c for s, _, c in trace.tasks if s >= start]
    ctx.close()
    return {
        "longest_ms": round(max(tasks, default=0)),
        "over_50ms": len(tasks),
        # The main thread's own time (the trace's): what is left once the time its task waited for
        # a core taken by other work on the machine is removed.
        "longest_cpu_ms": round(max(cpu, default=0)),
        "over_50ms_cpu": sum(c > 50 for c in cpu),
    }


def first_move_bytes(bench) -> dict:
    ctx = bench.context("first move")
    page = ctx.new_page()
    start = S.n_sent(bench.server)
    page.goto(bench.url)
    page.wait_for_selector("body[data-board=ready]", timeout=SLOW_MS)
    play_move(page, "d4-d5")
    page.wait_for_function("Number(document.body.dataset.ply || 0) >= 1", timeout=SLOW_MS)
    files = S.sent(bench.server, start)
    ctx.close()
    return {"bytes": sum(n for _, n in files), "requests": len(files)}


def embed_bytes(bench) -> dict:
    ctx = bench.context("embed")
    page = ctx.new_page()
    start = S.n_sent(bench.server)
    page.goto(E.embed_url(bench.url, record_url=E.RECORD_URL, ply="9"))
    page.wait_for_selector("body[data-embed=ready]", timeout=SLOW_MS)
    ready = S.sent(bench.server, start)
    page.wait_for_timeout(5000)
    files = S.sent(bench.server, start)
    ctx.close()
    return {"bytes_ready": sum(n for _, n in ready), "bytes": sum(n for _, n in files), "requests": len(files)}


def attempt(bench, tag: str, fn, *args) -> dict:
    """One run; a run that fails (a reply that never comes) is kept as its error, and the rest go on."""
    try:
        return fn(bench, *args)
    except Exception as err:  # noqa: BLE001 - a bench reports every failure and goes on
        bench.check(False, f"{tag}: {str(err).splitlines()[0]}")
        return {"error": str(err).splitlines()[0]}


def median(runs: list[dict], key: str) -> float | None:
    values = [r[key] for r in runs if r.get(key) is not None]
    return statistics.median(values) if values else None


def main() -> None:
    global SLOW_MS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=S.DIST)
    parser.add_argument("--label", default="now")
    parser.add_argument("--note", default="", help="what the label's run is (kept with its figures in the results)")
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated parts: strong,review,tasks,rulesets,bytes,ten")
    parser.add_argument("--cores", default="1,2,4", help="the cores reported to the page for the review runs")
    parser.add_argument("--reply-ms", type=int, default=240000, help="give up on a reply after this")
    args = parser.parse_args()
    parts = set(args.only.split(",")) if args.only else {"strong", "review", "tasks", "rulesets", "bytes", "ten"}
    args.cores = [int(c) for c in args.cores.split(",")]
    SLOW_MS = args.reply_ms
    tmp = tempfile.TemporaryDirectory()
    site = Path(tmp.name, "site")
    shutil.copytree(args.site, site)
    server = S.counting_server(site)
    lesson_dir = Path(tmp.name, "lesson")
    lesson_dir.mkdir()
    snippet = "".join(
        f'<iframe src="{src.replace("&", "&amp;")}" width="300" height="520" title="figure {i}"></iframe>'
        for i, (_, src) in enumerate(E.ten_frames(server.url))
    )
    (lesson_dir / "lesson.html").write_text(
        "<!doctype html><meta charset='utf-8'><link rel='icon' href='data:,'><title>Lesson</title>"
        f"<h1>Lesson</h1>{snippet}\n"
    )
    lesson = S.Server(root=lesson_dir)
    record = long_game(REVIEW_PLIES)
    out: dict = {"label": args.label, "measured": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    if args.note:
        out["note"] = args.note
    out["load_before"] = os.getloadavg()[0]  # other work on the machine shares its cores
    args_chromium = [*S.LAUNCH_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
    t0 = time.time()
    with sync_playwright() as pw:
        browser = S.launch(pw, args_chromium)
        bench = S.Bench(browser, server)
        for rate in THROTTLES:
            x = f"x{rate}"
            if "strong" in parts:
                for level in LEVEL_BUDGET_S:
                    for refuse in (True, False):
                        key = f"{level}_{'held' if refuse else 'let'}_{x}"
                        runs = [attempt(bench, key, strong_replies, level, refuse, rate) for _ in range(args.runs)]
                        out[key] = {"median_longest_ms": median(runs, "longest_ms"), "runs": runs}
                        print(key, out[key]["median_longest_ms"], flush=True)
            if "review" in parts:
                for cores in args.cores:
                    key = f"review_{cores}_{x}"
                    runs = [attempt(bench, key, review_run, record, cores, rate) for _ in range(args.runs)]
                    out[key] = {
                        "first_mark_ms": median(runs, "first_mark_ms"),
                        "whole_ms": median(runs, "whole_ms"),
                        "runs": runs,
                    }
                    print(key, out[key]["first_mark_ms"], out[key]["whole_ms"], flush=True)
            # The longest main-thread task: Royal Garrison ("tasks"), a shorter game of each other ruleset ("rulesets").
            levels = ("beginner", "casual") if "tasks" in parts else ()
            games = [("royal", level, "royal-garrison", PLAY_MOVES) for level in levels]
            games += [(ruleset, "beginner", ruleset, OTHER_MOVES) for ruleset in OTHER_RULESETS if "rulesets" in parts]
            for name, level, ruleset, moves in games:
                key = f"{name}_{level}_{x}"
                runs = [attempt(bench, key, longest_task, level, rate, ruleset, moves) for _ in range(args.runs)]
                out[key] = {
                    "longest_ms": median(runs, "longest_ms"),
                    "longest_cpu_ms": median(runs, "longest_cpu_ms"),
                    "runs": runs,
                }
                print(key, out[key]["longest_ms"], out[key]["longest_cpu_ms"], flush=True)
        if "bytes" in parts:
            runs = [attempt(bench, "first move", first_move_bytes) for _ in range(args.runs)]
            out["first_move"] = {"bytes": median(runs, "bytes"), "requests": median(runs, "requests"), "runs": runs}
            runs = [attempt(bench, "embed", embed_bytes) for _ in range(args.runs)]
            out["embed"] = {"bytes": median(runs, "bytes"), "bytes_ready": median(runs, "bytes_ready"), "runs": runs}
            print("bytes", out["first_move"]["bytes"], out["embed"]["bytes"], flush=True)
        if "ten" in parts:
            for rate in THROTTLES:
                runs = [attempt(bench, "ten embeds", E.ten_run, lesson, False, rate) for _ in range(args.runs)]
                # One more, traced: the shared main thread's own time, which the machine's load stretches less.
                traced = attempt(bench, "ten embeds traced", E.ten_run, lesson, True, rate)
                cpu = traced.get("main_cpu")
                key = "ten_embeds" if rate == 1 else f"ten_embeds_x{rate}"  # the first figures' name kept
                out[key] = {"all_ready_ms": median(runs, "all_ready"), "main_cpu_ms": cpu, "runs": runs}
                print(key, out[key]["all_ready_ms"], flush=True)
        out["problems"] = bench.problems + bench.errors[:20]
        browser.close()
    out["seconds"] = round(time.time() - t0)
    out["load_after"] = os.getloadavg()[0]
    write(out)


def cell(key: str, value: object) -> object:
    """A figure as the table shows it: a reply that never came says so."""
    return "no reply" if value is None and key.endswith("longest_ms") else value


def loads(run: dict) -> str:
    if run.get("load_before") is None:
        return ""
    return f" (load {run['load_before']:.1f} to {run.get('load_after', 0):.1f})"


def write(out: dict) -> None:
    """Merge this label's figures into waits.json (each label's kept) and rewrite waits.md."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / "waits.json"
    every = json.loads(path.read_text()) if path.exists() else {}
    mine = every.get(out["label"], {})
    mine.update(out)
    every[out["label"]] = mine
    path.write_text(json.dumps(every, indent=1) + "\n")
    labels = list(every)
    keys = sorted({k for v in every.values() for k in v if isinstance(v[k], dict)})
    lines = ["# Where a player waits (bench/waits.py)", "", "| figure | " + " | ".join(labels) + " |"]
    lines.append("|---|" + "---|" * len(labels))
    for key in keys:
        cells = []
        for label in labels:
            v = every[label].get(key)
            cells.append("" if v is None else ", ".join(f"{k} {cell(k, v[k])}" for k in v if k != "runs"))
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    lines += ["", "One cold run per figure; 'no reply' is a reply that had not come after the bench's limit (90 s)."]
    lines += ["Measured (1-minute load average before and after the run, on 2 cores shared with others' jobs): "]
    lines[-1] += ", ".join(f"{label} {every[label].get('measured', '')}{loads(every[label])}" for label in labels)
    lines += ["Problems: " + "; ".join(f"{label}: {every[label].get('problems')}" for label in labels)]
    lines += [""] + [f"{label}: {every[label]['note']}" for label in labels if every[label].get("note")]
    (RESULTS / "waits.md").write_text("\n".join(lines) + "\n")
    print(json.dumps(out)[:3000])


if __name__ == "__main__":
    main()
