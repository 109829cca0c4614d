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
import socket
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, Page, expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # for `import helpers`
sys.path.insert(1, str(ROOT))  # for build.host_headers
import counts  # noqa: E402
from time_factor import TIME_FACTOR  # noqa: E402
from xdist_groups import group_shared_fixtures  # noqa: E402

from build import host_headers  # noqa: E402 - after the path is set
from helpers import DEFAULT_MS, NO_PAGE, leave  # noqa: E402

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
    config.addinivalue_line("markers", "fresh_context: the test's context is a fresh one, never the warm one's")
    config.addinivalue_line("markers", "pages_only: the test only opens pages in its context: the warm one lends it")


# Debian's build of the headless shell: the tests' browser where it is installed. It is the same
# Blink and V8 without the browser's own layer, as Playwright's own headless runs use; measured on
# e2e/test_design.py it costs 40 CPU-s where the full browser costs 68 (bench/results/suite-cpu.md).
HEADLESS_SHELL = "chromium-headless-shell"


def chromium_path(shell: bool = False) -> str | None:
    """ASALTO_CHROMIUM, else (with ``shell``, for a headless run) Debian's headless shell, else
    Debian's /usr/bin/chromium, else None: Playwright's own browser. Screenshots and benches keep
    the full browser, which is what a player's page runs in."""
    env = os.environ.get("ASALTO_CHROMIUM")
    if env:
        return env
    for candidate in (shell and shutil.which(HEADLESS_SHELL), "/usr/bin/chromium", shutil.which("chromium")):
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

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        self.server.answers.append((self.path, int(code)))  # type: ignore[attr-defined]
        super().log_request(code, size)

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
        self.httpd.answers = []  # type: ignore[attr-defined] - (path, status) of each, on the site only
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = self.origin + (SUBPATH if root is None else "/")

    @property
    def requests(self) -> list[str]:
        return self.httpd.requests  # type: ignore[attr-defined]

    @property
    def answers(self) -> list[tuple[str, int]]:
        """Each request to the site with its status: 200 sent the file, 304 found the cached copy current."""
        return self.httpd.answers  # type: ignore[attr-defined]

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
    """pytest-playwright's launch arguments, with Debian's chromium where Playwright's is absent
    (its headless shell for a headless run, where installed)."""
    args = {**browser_type_launch_args, "args": LAUNCH_ARGS}
    path = chromium_path(shell=args.get("headless", True))
    if path:
        args["executable_path"] = path
    return args


def full_browser(launch_args: dict) -> dict:
    """The launch arguments of the full browser, for a test that needs what only it has: a
    profile's settings (the headless shell reads none). Playwright's own is its "chromium" channel."""
    path = chromium_path()
    return {**launch_args, "executable_path": path} if path else {**launch_args, "channel": "chromium"}


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


# What a page held when its test failed: its marks (boot.js, bridge.js mark), its body's marks,
# its message line and the keys of its storage (this tab's session storage with their values).
PAGE_STATE = """() => ({url: location.href, marks: window.asaltoMarks || null, body: {...document.body.dataset},
  message: (document.getElementById('message') || {}).textContent, local: Object.keys(localStorage),
  session: Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k).slice(0, 400)]))})"""
STATE_MS = int(5000 * TIME_FACTOR)  # a page that does not answer within it is reported as such


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    """A browser test that failed reports its pages as they were (PAGE_STATE) and their last
    console lines and loads: what a failure on a busy machine needs to be reproduced."""
    outcome = yield
    report = outcome.get_result()
    console = getattr(item, "asalto_console", None)
    if report.when != "call" or not report.failed or console is None:
        return
    states = []
    for page in console.pages:
        if page.is_closed():
            continue
        try:
            # a locator's evaluate is bounded: a page whose main thread never frees would hold page.evaluate for ever
            states.append(repr(page.locator(":root").evaluate(PAGE_STATE, timeout=STATE_MS)))
        except Exception as err:  # noqa: BLE001 - a page that cannot answer says why
            states.append(f"{page.url}: {err}"[:300])
    report.sections.append(("the pages at the failure", "\n".join(states + console.lines[-40:])))


def pytest_report_header() -> str:
    return f"ASALTO_TIME_FACTOR: every wait of the browser tests stretched {TIME_FACTOR:g} times"


class Console:
    """Collects console errors and page errors (a test fails if any were seen), and each page's
    lines and loads for the report of a test that failed (pytest_runtest_makereport)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.lines: list[str] = []
        self.pages: list[Page] = []
        self.began = time.monotonic()
        self.listening = True

    def attach(self, page) -> None:
        self.pages.append(page)
        page.on("console", self._console)
        page.on("pageerror", self._error)
        page.on("requestfailed", lambda req: self.lines.append(f"failed: {req.url} {req.failure}"))
        page.on("load", lambda p: self.lines.append(f"{time.monotonic() - self.began:.1f} s: load {p.url}"))

    def stop(self) -> None:
        """Nothing more is collected: the test is over, and what its pages say as they are taken
        away (a start cut off, its fetches aborted) is not the test's."""
        self.listening = False

    def _error(self, err) -> None:
        if self.listening:
            self.errors.append(f"pageerror: {err}")

    def _console(self, msg) -> None:
        if not self.listening:
            return
        text = msg.text
        self.lines.append(f"{msg.type}: {text}")
        if msg.type == "error" and not any(b in text for b in BENIGN):
            self.errors.append(text)


@pytest.fixture
def console(request):
    made = Console()
    request.node.asalto_console = made  # for the report of a failure (pytest_runtest_makereport)
    return made


@pytest.fixture
def blocked():
    """URLs of every request that was aborted because it did not go to the local server."""
    return []


def _refused_port() -> int:
    """A port of this machine bound and never listened on: a connection to it is refused at once."""
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    _HELD.append(held)  # kept open as long as the tests run, so no other process takes the port
    return held.getsockname()[1]


_HELD: list[socket.socket] = []
# A context made with these options reaches only 127.0.0.1: every other request goes to a proxy that
# refuses it, as a network error (Chromium fetches loopback addresses past a proxy only when told).
# Unlike a route it leaves the HTTP cache on (Playwright turns the cache off in a context with any
# route), and it holds a service worker's own fetches too, which no route sees.
OFF_SITE = {"proxy": {"server": f"http://127.0.0.1:{_refused_port()}", "bypass": "127.0.0.1"}}


def _refused(blocked: list[str], hosts: tuple[str, ...], request) -> None:
    """A request of a context made with OFF_SITE that failed, listed if it left ``hosts``."""
    if request.url.startswith(("http:", "https:", "ws:", "wss:")) and not request.url.startswith(hosts):
        blocked.append(request.url)


def watched(ctx, blocked: list[str], console, hosts: tuple[str, ...] = (LOCAL,), proxied: bool = False):
    """A browser context held to the test's rules: requests to anything but ``hosts`` aborted
    (and listed in ``blocked``), breaches of the Content-Security-Policy logged as errors, and
    every page's console watched. A context made with OFF_SITE (``proxied``) has its requests
    that leave the site refused by the proxy, and each is listed as it fails. Any other has them
    routed: only those that leave ``hosts``, a pattern Playwright matches in its own process,
    where a route of every request made a round trip through this one for each of a page's
    60-odd files (0.15 CPU seconds a first visit)."""

    def route(r):
        blocked.append(r.request.url)
        r.abort()

    if not proxied:
        ctx.route(re.compile("^(?!" + "|".join(map(re.escape, hosts)) + ")"), route)  # any URL not of ``hosts``
    ctx.add_init_script(CSP_WATCH)
    watch(ctx, blocked, console, hosts if proxied else ())
    return ctx


def watch(ctx, blocked: list[str], console, refused_from: tuple[str, ...]) -> list[tuple[str, Callable]]:
    """A context's waits set to the tests' (also a persistent context's, which new_context did not
    make), every page's console watched, and with ``refused_from`` (a context made with OFF_SITE)
    each request that leaves those hosts listed as it fails. The listeners are returned, for a
    context lent again (WarmContext) to take them off."""
    ctx.set_default_timeout(DEFAULT_MS)
    ctx.set_default_navigation_timeout(DEFAULT_MS)
    listeners: list[tuple[str, Callable]] = [("page", console.attach)]
    if refused_from:
        listeners.append(("requestfailed", functools.partial(_refused, blocked, refused_from)))
    for event, listener in listeners:
        ctx.on(event, listener)
    return listeners


# What a test of a warm context finds cleared, asked at the site's origin before the test begins.
LEFT_OVER = """async () => ({
  cookies: document.cookie, localStorage: Object.keys(localStorage),
  indexedDB: (await indexedDB.databases()).map((d) => d.name), caches: await caches.keys(),
  serviceWorkers: (await navigator.serviceWorker.getRegistrations()).map((r) => r.scope) })"""
NOTHING_LEFT = {"cookies": "", "localStorage": [], "indexedDB": [], "caches": [], "serviceWorkers": []}
# Clearings of the storage before it is called kept: a write that was on its way as the first began
# (a renderer's, sent before the page closed) lands after it, and the next clears it.
CLEARINGS = 3


class WarmContext:
    """One browser context a pytest worker lends to test after test, its storage cleared and checked
    cleared before each test. It keeps a page of the site's origin open (outside the site: a 404
    page, no script), so the renderer process of the site lives on from test to test, and with it
    what a new process pays for again (MicroPython's wasm compiled, PyScript's scripts parsed),
    and the context keeps its HTTP and code caches: a first visit costs about half the CPU of one in
    a fresh context (bench/visit_cpu.py). A test finds the storage of a first visit: no cookie,
    localStorage, IndexedDB, Cache Storage or service worker at the site or at any origin the
    context visited, no permission granted, the network on."""

    def __init__(self, browser: Browser, server: Server) -> None:
        self.ctx = browser.new_context(viewport={"width": 1100, "height": 900}, **OFF_SITE)
        self.ctx.add_init_script(CSP_WATCH)
        self.site = server.origin
        self.origins = {self.site}
        self.keeper = self.ctx.new_page()
        self.keeper.goto(self.site + NO_PAGE)
        self.devtools = self.ctx.new_cdp_session(self.keeper)
        self.devtools.send("ServiceWorker.enable")
        self.ctx.on("page", lambda page: page.on("framenavigated", self._visited))
        self.listeners: list[tuple[str, Callable]] = []
        self.console = Console()

    def _visited(self, frame: Frame) -> None:
        if frame.url.startswith("http"):
            self.origins.add(urllib.parse.urlsplit(frame.url)._replace(path="", query="", fragment="").geturl())

    def lend(self, blocked: list[str], console: Console) -> BrowserContext:
        """The context, cleared and checked, watched for this test as ``watched`` does."""
        self.devtools.send("ServiceWorker.stopAllWorkers")  # none still filling a cache as it is cleared
        left = {}
        for _ in range(CLEARINGS):
            for origin in sorted(self.origins):
                self.devtools.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.ctx.clear_cookies()
            left = self.keeper.evaluate(LEFT_OVER)
            if left == NOTHING_LEFT:
                break
        else:
            raise AssertionError(f"the warm context kept the last test's storage: {left}")
        self.origins = {self.site}
        self.ctx.clear_permissions()
        self.ctx.set_offline(False)
        self.listeners = watch(self.ctx, blocked, console, (LOCAL,))
        self.console = console
        return self.ctx

    def take_back(self) -> None:
        """The test's pages left (helpers.leave: their saves on leaving written before the next
        test's storage is cleared) and closed, their workers with them; its listeners removed."""
        for event, listener in self.listeners:
            self.ctx.remove_listener(event, listener)
        self.listeners = []
        self.console.stop()
        for page in self.ctx.pages:
            if page is not self.keeper:
                leave(page)

    def close(self) -> None:
        self.ctx.close()


@pytest.fixture(scope="session")
def warm_context(browser, server):
    warm = WarmContext(browser, server)
    yield warm
    warm.close()


# ASALTO_FRESH_CONTEXTS=1 gives every test a fresh context, as before the warm one: a suspected leak
# from one test to the next is ruled in or out, and bench/test_time.py measures what the warm one saves.
FRESH_CONTEXTS = os.environ.get("ASALTO_FRESH_CONTEXTS", "") == "1"


def _lent(item: pytest.Item) -> bool:
    """Whether the warm context lends the test its context. A test that asks for the context itself
    gets a fresh one (it may change the context) unless it is marked ``pages_only`` (it only opens
    pages in it); a test marked ``fresh_context`` (what a first visit fetches, the offline copy) or
    ``pyodide_refused`` always does."""
    if FRESH_CONTEXTS or any(item.get_closest_marker(m) for m in ("fresh_context", "pyodide_refused")):
        return False
    return item.get_closest_marker("pages_only") is not None or "context" not in getattr(item, "fixturenames", ())


@pytest.fixture
def context(browser, server, blocked, console, request):
    """The test's browser context: lent by the warm context (``_lent``), else fresh (no cache, no
    storage). A test marked ``pyodide_refused`` holds back or refuses Pyodide's files by routes,
    which Playwright cannot apply to a service worker's own fetches: its context lets no service
    worker in, so the page fetches Pyodide itself (bridge.js whenControlled goes on at once), as a
    network that refuses the files refuses the service worker too."""
    if _lent(request.node):
        warm = request.getfixturevalue("warm_context")
        yield warm.lend(blocked, console)
        warm.take_back()
    else:
        refused = request.node.get_closest_marker("pyodide_refused") is not None
        options = {"service_workers": "block"} if refused else {}
        made = browser.new_context(viewport={"width": 1100, "height": 900}, **OFF_SITE, **options)
        ctx = watched(made, blocked, console, proxied=True)
        yield ctx
        ctx.close()
    assert not console.errors, "console errors:\n" + "\n".join(console.errors + console.lines[-20:])
    assert not blocked, f"requests left the site: {blocked}"


@pytest.fixture
def page(request):
    """The test's page, in its context (``context``). Not a parameter of the fixture: a test that
    asks for the page alone is one that never asked for the context (``_lent``)."""
    return request.getfixturevalue("context").new_page()


@pytest.fixture
def friend(browser, server, blocked, console):
    """Another person's browser (a phone): its own context and storage, the clipboard allowed (for
    the site's origin: a permission's origin names the port)."""
    made = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, **OFF_SITE)
    ctx = watched(made, blocked, console, proxied=True)
    ctx.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.origin)
    yield ctx.new_page()
    ctx.close()
