"""Browser tests of the built site (dist/) in a real headless Chromium.

The site is served by a local static server under a subpath (``/asalto/``), as on a
GitHub Pages project site. Every request that is not to that server is aborted, and
any console error or page error fails the test, and so does any report of a breach of the
pages' Content-Security-Policy (a ``securitypolicyviolation`` event, logged as an error).
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Frame, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # for `import helpers`
sys.path.insert(1, str(ROOT))  # for build.host_headers
import counts  # noqa: E402
from time_factor import TIME_FACTOR  # noqa: E402
from xdist_groups import group_shared_fixtures  # noqa: E402

from build import host_headers  # noqa: E402 - after the path is set
from helpers import DEFAULT_MS  # noqa: E402

DIST = ROOT / "dist"
# expect(locator) retries as long as the page's own waits always did (Playwright's 30 s default), not
# its 5 s: a page under load (two cores shared) takes longer, never a different path. Every budget
# is stretched by ASALTO_TIME_FACTOR (helpers.TIME_FACTOR).
expect.set_options(timeout=DEFAULT_MS)
SUBPATH = "/asalto/"
LOCAL = "http://127.0.0.1:"  # the test servers; any other host is blocked
# Console lines that are not errors of ours (PyScript prints this for every worker).
BENIGN = ("Unable to use `window` or `document` in worker",)


def pytest_configure(config):
    config.addinivalue_line("markers", "pyodide_refused: the test holds back or refuses Pyodide's files (see context)")


def chromium_path() -> str | None:
    """ASALTO_CHROMIUM, else Debian's /usr/bin/chromium, else Playwright's own browser."""
    env = os.environ.get("ASALTO_CHROMIUM")
    if env:
        return env
    for candidate in ("/usr/bin/chromium", shutil.which("chromium")):
        if candidate and Path(candidate).exists():
            return candidate
    return None


LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]


# Every page reports a breach of its Content-Security-Policy as a console error (which fails the test).
CSP_WATCH = """document.addEventListener("securitypolicyviolation", (e) =>
  console.error("CSP violation: " + e.violatedDirective + " blocked " + e.blockedURI + " in " + e.sourceFile));"""


class SubpathHandler(http.server.SimpleHTTPRequestHandler):
    """dist/ served under SUBPATH only (anything else is a 404, like another site)."""

    log: list[str]

    def translate_path(self, path: str) -> str:
        if not path.startswith(SUBPATH):
            return str(Path(self.directory) / "__not_here__")
        return super().translate_path("/" + path[len(SUBPATH) :])

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        self.server.requests.append(self.path)  # type: ignore[attr-defined]

    def end_headers(self) -> None:
        # Like a static host that adds the README's headers: no COOP/COEP, revalidate HTML and
        # the service worker.
        if self.path.endswith((".html", "/", ".js")) or "sw.js" in self.path:
            self.send_header("Cache-Control", "no-cache")
        if self.path.startswith(SUBPATH):
            for name, value in host_headers(self.path[len(SUBPATH) :]).items():
                self.send_header(name, value)
        super().end_headers()


class PlainHandler(http.server.SimpleHTTPRequestHandler):
    """Another site: a folder served at the root of another port (a teacher's page)."""

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        self.server.requests.append(self.path)  # type: ignore[attr-defined]


class Server:
    """The built site (``dist``, DIST unless told) under SUBPATH; or, with ``root``, another local
    site serving that folder at /."""

    def __init__(self, root: Path | None = None, dist: Path = DIST) -> None:
        self.dist = dist
        if root is None:
            handler = functools.partial(SubpathHandler, directory=str(dist))
        else:
            handler = functools.partial(PlainHandler, directory=str(root))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.requests = []  # type: ignore[attr-defined]
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = self.origin + (SUBPATH if root is None else "/")

    @property
    def requests(self) -> list[str]:
        return self.httpd.requests  # type: ignore[attr-defined]

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def server(tmp_path_factory, worker_id):
    """The built site. Each pytest-xdist worker serves its own copy of dist/: a test that deploys a
    new version (writes server.dist) changes no other worker's site."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python3 tasks.py build` (or build.py) first")
    dist = DIST
    if worker_id != "master":
        dist = tmp_path_factory.mktemp("dist") / "dist"
        shutil.copytree(DIST, dist)
    srv = Server(dist=dist)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """pytest-playwright's launch arguments, with Debian's chromium where Playwright's is absent."""
    args = {**browser_type_launch_args, "args": LAUNCH_ARGS}
    path = chromium_path()
    if path:
        args["executable_path"] = path
    return args


def _stretched_context(new_context):
    """Browser.new_context whose contexts wait DEFAULT_MS for each action and navigation: the
    fixtures' contexts and those a test makes itself alike (Playwright's default is 30 s each)."""

    @functools.wraps(new_context)
    def made(self, *args, **kwargs):
        ctx = new_context(self, *args, **kwargs)
        ctx.set_default_timeout(DEFAULT_MS)
        ctx.set_default_navigation_timeout(DEFAULT_MS)
        return ctx

    return made


Browser.new_context = _stretched_context(Browser.new_context)  # type: ignore[method-assign]

# wait_for_function asks its question every POLL_MS unless told otherwise. Playwright's default asks
# it at every animation frame, which makes an idle page draw 60 frames a second while it waits: 0.13
# CPU s a second of waiting, against 0.02 for a timer about as often (bench/results/visit-cpu.md).
POLL_MS = 16


def _polled(wait_for_function):
    @functools.wraps(wait_for_function)
    def waiting(self, expression, *args, **kwargs):
        kwargs.setdefault("polling", POLL_MS)
        return wait_for_function(self, expression, *args, **kwargs)

    return waiting


Page.wait_for_function = _polled(Page.wait_for_function)  # type: ignore[method-assign]
Frame.wait_for_function = _polled(Frame.wait_for_function)  # type: ignore[method-assign]


if counts.FOLDER:
    counts.install()


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A file's tests that share a fixture go to one worker; every other test to any (xdist_groups)."""
    group_shared_fixtures(items)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """With ASALTO_E2E_COUNTS, each test's browser launches, contexts, pages, documents, workers,
    pauses and CPU written there (e2e/counts.py), its fixtures' set-up and tear-down included."""
    began, cpu = time.monotonic(), counts.tree_cpu() if counts.FOLDER else 0.0
    yield
    if counts.FOLDER:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "master")
        counts.write(item.nodeid, worker, time.monotonic() - began, counts.tree_cpu() - cpu)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """A test whose set-up, call or tear-down failed is counted as failed (bench/test_time.py)."""
    if counts.FOLDER and report.failed:
        counts.counted["failed"] = 1


def pytest_report_header() -> str:
    return f"ASALTO_TIME_FACTOR: every wait of the browser tests stretched {TIME_FACTOR:g} times"


class Console:
    """Collects console errors and page errors; a test fails if any were seen."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.lines: list[str] = []

    def attach(self, page) -> None:
        page.on("console", self._console)
        page.on("pageerror", lambda err: self.errors.append(f"pageerror: {err}"))
        page.on("requestfailed", lambda req: self.lines.append(f"failed: {req.url} {req.failure}"))

    def _console(self, msg) -> None:
        text = msg.text
        self.lines.append(f"{msg.type}: {text}")
        if msg.type == "error" and not any(b in text for b in BENIGN):
            self.errors.append(text)


@pytest.fixture
def console():
    return Console()


@pytest.fixture
def blocked():
    """URLs of every request that was aborted because it did not go to the local server."""
    return []


def watched(ctx, blocked: list[str], console, hosts: tuple[str, ...] = (LOCAL,)):
    """A browser context held to the test's rules: requests to anything but ``hosts`` aborted
    (and listed in ``blocked``), breaches of the Content-Security-Policy logged as errors, and
    every page's console watched. Only the requests that leave ``hosts`` are routed: Playwright
    matches the pattern in its own process, where a route of every request made a round trip
    through this one for each of a page's 60-odd files (0.15 CPU seconds a first visit)."""

    def route(r):
        blocked.append(r.request.url)
        r.abort()

    ctx.set_default_timeout(DEFAULT_MS)  # also a persistent context, which new_context did not make
    ctx.set_default_navigation_timeout(DEFAULT_MS)
    ctx.route(re.compile("^(?!" + "|".join(map(re.escape, hosts)) + ")"), route)  # any URL not of ``hosts``
    ctx.add_init_script(CSP_WATCH)
    ctx.on("page", console.attach)
    return ctx


@pytest.fixture
def context(browser, server, blocked, console, request):
    """The test's browser context. A test marked ``pyodide_refused`` holds back or refuses Pyodide's
    files by routes, which Playwright cannot apply to a service worker's own fetches: its context
    lets no service worker in, so the page fetches Pyodide itself (bridge.js whenControlled goes on
    at once), as a network that refuses the files refuses the service worker too."""
    refused = request.node.get_closest_marker("pyodide_refused") is not None
    options = {"service_workers": "block"} if refused else {}
    ctx = watched(browser.new_context(viewport={"width": 1100, "height": 900}, **options), blocked, console)
    yield ctx
    ctx.close()
    assert not console.errors, "console errors:\n" + "\n".join(console.errors + console.lines[-20:])
    assert not blocked, f"requests left the site: {blocked}"


@pytest.fixture
def page(context):
    return context.new_page()


@pytest.fixture
def friend(browser, blocked, console):
    """Another person's browser (a phone): its own context and storage, the clipboard allowed."""
    ctx = watched(browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True), blocked, console)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=LOCAL)
    yield ctx.new_page()
    ctx.close()
