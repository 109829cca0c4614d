"""What each browser test costs, counted rather than timed (bench/test_time.py reads it).

With ASALTO_E2E_COUNTS set to a folder, every test's browser launches, contexts, pages,
documents loaded (a page of the site or a frame in it: each one starts MicroPython), workers
started (each light AI or review worker starts MicroPython too, the strong AI Pyodide), of them
the Pyodide starts (a fetch of Pyodide's wasm: routed contexts use no HTTP cache), fixed
pauses (``wait_for_timeout``) and the CPU seconds of the pytest worker and every process under it
(its browser's) are written there, one JSON line a test, one file a pytest worker. Counts and CPU
seconds hardly move with the machine's load, so a change to the fixtures is measured by them on a
busy machine as well as on a quiet one; a test's wall time beyond its CPU is time it waited.
"""

from __future__ import annotations

import functools
import json
import os
from collections import Counter
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, BrowserType, Page

FOLDER = os.environ.get("ASALTO_E2E_COUNTS", "")
KINDS = ("launches", "contexts", "pages", "documents", "workers", "pyodide", "pause_ms")
PYODIDE_WASM = "/pyodide.asm.wasm"  # fetched once by each Pyodide that starts

counted: Counter[str] = Counter()
installed = False


def _watch_page(page: Page) -> None:
    counted["pages"] += 1

    def navigated(frame) -> None:
        if frame.url.startswith("http"):
            counted["documents"] += 1

    page.on("framenavigated", navigated)
    page.on("worker", lambda _: counted.update(["workers"]))


def _fetched(request) -> None:
    if request.url.endswith(PYODIDE_WASM):
        counted["pyodide"] += 1


def _watch_context(ctx: BrowserContext) -> BrowserContext:
    counted["contexts"] += 1
    ctx.on("request", _fetched)  # a worker's requests too
    for page in ctx.pages:  # a persistent context opens with a page
        _watch_page(page)
    ctx.on("page", _watch_page)
    return ctx


def _counting(kind: str | None, method):
    """``method`` that counts one ``kind`` a call and watches the context it returns, if any."""

    @functools.wraps(method)
    def counted_call(self, *args, **kwargs):
        if kind:
            counted[kind] += 1
        made = method(self, *args, **kwargs)
        return _watch_context(made) if isinstance(made, BrowserContext) else made

    return counted_call


def _pause(method):
    @functools.wraps(method)
    def paused(self, timeout: float) -> None:
        counted["pause_ms"] += int(timeout)
        return method(self, timeout)

    return paused


def tree_cpu() -> float:
    """CPU seconds (user and system) of this process and every process under it, with what each has
    reaped of its own ended children (a closed context's renderer), read from Linux's /proc; 0
    where there is none. A process that ends reaped by none of them takes its time with it (the
    lab's tests come out negative): a floor, not yet a measure."""
    children: dict[int, list[int]] = {}
    ticks: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()  # after the command's name
        except OSError:  # it ended meanwhile
            continue
        pid = int(stat.parent.name)
        children.setdefault(int(fields[1]), []).append(pid)
        ticks[pid] = sum(map(int, fields[11:15]))  # utime, stime, cutime, cstime
    total, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += ticks.get(pid, 0)
        todo += children.get(pid, [])
    return total / os.sysconf("SC_CLK_TCK")


def install() -> None:
    """Count from now on, when ASALTO_E2E_COUNTS is set. Once: conftest.py may run twice (pytest's
    import and a test module's ``from conftest import``)."""
    global installed
    if installed:
        return
    installed = True
    BrowserType.launch = _counting("launches", BrowserType.launch)  # type: ignore[method-assign]
    BrowserType.launch_persistent_context = _counting("launches", BrowserType.launch_persistent_context)  # type: ignore[method-assign]
    Browser.new_context = _counting(None, Browser.new_context)  # type: ignore[method-assign]
    Page.wait_for_timeout = _pause(Page.wait_for_timeout)  # type: ignore[method-assign]


def write(nodeid: str, worker: str, seconds: float, cpu: float) -> None:
    """The counts since the last test, as this test's line; the counter starts again."""
    line = {"test": nodeid, "worker": worker, "seconds": round(seconds, 2), "cpu_s": round(cpu, 2)}
    line.update({k: counted[k] for k in (*KINDS, "failed")})
    with open(Path(FOLDER) / f"{worker}.jsonl", "a") as out:
        out.write(json.dumps(line) + "\n")
    counted.clear()
