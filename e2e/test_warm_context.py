"""The warm context (conftest.WarmContext) that lends most tests their page: what one test stores,
the next never finds (what a page saves as it is left included), while the files the first test's
visit fetched are not fetched again; and a request that leaves the site is refused by the proxy
(conftest.OFF_SITE) and listed."""

from __future__ import annotations

from conftest import LEFT_OVER, LOCAL, NOTHING_LEFT, Console

from helpers import ENGINE_MS, new_game, open_site, play

# Every kind of storage a page can leave behind: a cookie, localStorage, IndexedDB, Cache Storage;
# the game page registers its service worker itself.
STORE = """async () => {
  document.cookie = "kept=1; max-age=3600";
  localStorage.setItem("kept", "1");
  await new Promise((done) => { const r = indexedDB.open("kept"); r.onsuccess = () => { r.result.close(); done(); }; });
  await caches.open("kept");
}"""
# A page's save as it is left that takes longer than the half second a closing page is given.
SLOW_SAVE_ON_LEAVING = """() => addEventListener("pagehide", () => {
  const end = performance.now() + 1000; while (performance.now() < end) {}
  localStorage.setItem("saved-on-leaving", "1"); })"""
# Two addresses off the site: a name and a bare address (which no host-name rule would catch).
OFF_SITE_URLS = ("http://example.invalid/x", "http://203.0.113.7/y")


def wasm_sent(answers: list[tuple[str, int]]) -> list[str]:
    """The wasm files the site sent whole (a 304 only confirmed a cached copy)."""
    return [path for path, status in answers if path.split("?")[0].endswith(".wasm") and status == 200]


def test_what_one_test_stores_the_next_does_not_find_but_its_cache_stays_warm(warm_context, server):
    blocked: list[str] = []
    console = Console()
    page = warm_context.lend(blocked, console).new_page()
    warm_context.devtools.send("Network.clearBrowserCache")  # as if this were the worker's first test
    before = len(server.answers)
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    page.evaluate(STORE)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_MS)
    stored = page.evaluate(LEFT_OVER)
    assert stored["cookies"] == "kept=1" and len(stored["localStorage"]) >= 2, stored  # the game saved too
    assert "kept" in stored["indexedDB"] and "kept" in stored["caches"] and stored["serviceWorkers"], stored
    assert wasm_sent(server.answers[before:]), server.answers[before:]
    warm_context.take_back()

    page = warm_context.lend(blocked, console).new_page()
    page.goto(server.url + "icon.svg")  # the site's origin, before any script of the site
    assert page.evaluate(LEFT_OVER) == NOTHING_LEFT
    before = len(server.answers)
    open_site(page, server.url)
    assert not wasm_sent(server.answers[before:]), server.answers[before:]
    warm_context.take_back()
    assert not console.errors and not blocked, (console.errors, blocked)


def test_a_request_that_leaves_the_site_is_refused_and_listed(warm_context, server):
    blocked: list[str] = []
    page = warm_context.lend(blocked, Console()).new_page()
    page.goto(server.origin + "/no-policy-here")  # outside the site: no Content-Security-Policy
    for url in OFF_SITE_URLS:
        assert page.evaluate("(url) => fetch(url).then(() => 'reached', () => 'refused')", url) == "refused"
    local = page.evaluate("(url) => fetch(url).then((r) => r.status)", server.url + "index.html")
    warm_context.take_back()
    assert local == 200
    assert sorted(blocked) == sorted(OFF_SITE_URLS), blocked
    assert all(not url.startswith(LOCAL) for url in blocked)


def test_a_pages_slow_save_on_leaving_is_written_before_the_next_test_and_cleared(warm_context, server):
    console = Console()
    page = warm_context.lend([], console).new_page()
    page.goto(server.url + "icon.svg")
    page.evaluate(SLOW_SAVE_ON_LEAVING)
    warm_context.take_back()
    assert warm_context.keeper.evaluate("() => Object.keys(localStorage)") == ["saved-on-leaving"]
    page = warm_context.lend([], console).new_page()
    page.goto(server.url + "icon.svg")
    assert page.evaluate(LEFT_OVER) == NOTHING_LEFT
    warm_context.take_back()
    assert not console.errors, console.errors
