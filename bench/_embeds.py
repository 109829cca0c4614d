"""bench/site.py's embedded figures: one figure cold and warm, a record and a puzzle; ten figures on a
teacher's page. Runs and their lines of the report."""

from __future__ import annotations

import contextlib
import urllib.parse

from _browser import FRAME_INFO, RUNS, SLOW_MS, WARM, Bench, Server, Trace, is_pyodide, med, ms, n_sent, row, runs, sent

RECORD_URL = "examples/assault-double-jump.txt"
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


def ten_run(bench: Bench, lesson: Server, traced: bool = False, rate: int = 1) -> dict:
    """A teacher's page (another local port) with ten embeds, cold: every frame ready. Traced, it
    also gives the renderer main thread's own time until then (the frames share that thread).
    With ``rate`` > 1 that renderer (the page and its frames: one process) is throttled that many times."""
    ctx = bench.context("ten embeds")
    page = ctx.new_page()
    if rate > 1:
        ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
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
