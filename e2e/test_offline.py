"""Offline after the first visit (service worker), and a corrupt save that must not blank the page."""

from __future__ import annotations

import json
import re

from conftest import Server
from playwright.sync_api import expect

from helpers import ENGINE_MS, leave, move_list, new_game, open_site, past_the_book, play, write_stored


def test_plays_offline_after_the_first_visit(context):
    srv = Server()
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    open_site(page, srv.url)
    # The first visit starts at once, without waiting for the service worker: the newcomer plays
    # the rebels against the AI. Once the AI has answered (its first search done), the service
    # worker keeps the files, the AI's too, and says so.
    play(page, "d4", "d5")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(2)
    # The page's modules and the engine's came in its archive, the weaker levels' worker's in its
    # own: two requests, none for a module alone.
    assert sorted(u for u in requested if u.endswith(".tar.gz")) == [srv.url + "light.tar.gz", srv.url + "mpy.tar.gz"]
    assert not [u for u in requested if u.endswith(".mpy")]
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    srv.stop()  # the site is gone: everything must now come from the service worker's cache
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(["d4-d5"])
    play(page, "c5", "c6")
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])
    # The AI too: the first visit started it, so its Pyodide was kept.
    new_game(page, "assault", "officers")
    page.wait_for_function("Number(document.body.dataset.ply || 0) >= 1", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(1)


CACHED_PATHS = """async () => {
  const names = await caches.keys();
  const cache = await caches.open(names[0]);
  return (await cache.keys()).map((r) => new URL(r.url).pathname);
}"""


def test_a_lesson_page_works_offline_after_one_visit(context):
    srv = Server()
    page = context.new_page()
    page.goto(srv.url + "examples.html")
    page.frame_locator("#ex-game").locator("html[data-offline=ready]").wait_for(timeout=ENGINE_MS)
    cached = page.evaluate(CACHED_PATHS)
    assert any(p.endswith("/embed.html") for p in cached) and any(p.endswith(".txt") for p in cached)
    # No AI in a lesson: neither Pyodide's 13 MB nor the game page's light AI worker is kept.
    assert not [p for p in cached if "/pyodide/" in p or "/wheels/" in p or p.endswith("/worker.py")]
    srv.stop()
    page.reload()
    ids = page.locator("iframe").evaluate_all("ns => ns.map(n => n.id)")
    assert len(ids) >= 10
    for fid in ids:
        page.locator(f"#{fid}").scroll_into_view_if_needed()
        frame = page.frame_locator(f"#{fid}")
        frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
        assert frame.locator("#messages li").count() == 0, fid


def write_save(context, server, text: str) -> None:
    """Write the saved game (helpers.write_stored)."""
    write_stored(context, server.origin, "asalto.save.v1", text)


def test_corrupt_save_gives_a_message_and_a_fresh_board(context, server):
    write_save(context, server, "{not json")
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("could not be read")
    expect(page.locator("#board .piece")).to_have_count(26)
    assert page.evaluate("JSON.parse(localStorage.getItem('asalto.save.corrupt'))") == ["{not json"]
    leave(page)
    # A save (of the older shape, with a view) whose moves the engine rejects: the same, the board
    # is the rules' start, and the first save set aside is still kept beside the second.
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c3-c9"], "ply": 2}
    bad = json.dumps({"version": 1, "game": game, "view": {}, "settings": {"mode": "humans"}})
    write_save(context, server, bad)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("move 2 of the saved game")
    expect(move_list(page)).to_have_count(0)
    assert page.evaluate("JSON.parse(localStorage.getItem('asalto.save.corrupt'))") == ["{not json", bad]
    leave(page)
    # A save of the older shape that the engine accepts is read, not set aside.
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}
    write_save(context, server, json.dumps({"version": 1, "game": game, "view": {}, "settings": {"mode": "humans"}}))
    page = context.new_page()
    open_site(page, server.url)
    expect(move_list(page)).to_have_text(["d4-d5"])


def test_keyboard_play(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the cursor appears on the first piece that can move
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "pt-d4")
    expect(page.locator("#pt-d4")).to_have_attribute("aria-label", "d4, rebel, can move")
    page.keyboard.press("Enter")
    expect(page.locator("#pt-d5")).to_have_attribute("aria-label", "d5, empty, legal target")
    status = re.compile(r"choose a highlighted point: arrow keys, then Enter$")  # not "click"
    expect(page.locator("#status")).to_have_text(status)
    page.keyboard.press("ArrowUp")
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "pt-d5")
    before = page.evaluate("Number(document.body.dataset.synced)")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.synced) > {before}")
    expect(move_list(page)).to_have_text(["d4-d5"])
    expect(page.locator("#announce")).to_have_text("Rebels played d4-d5.")
    expect(page.locator("#pt-d5")).to_have_attribute("aria-label", re.compile("^d5, rebel"))


WHEN_KEPT_WHOLE = """async () => {  // once the service worker has kept the build, puzzles and all
  for (;;) {
    for (const name of await caches.keys()) {
      if (await (await caches.open(name)).match('puzzles.json', { ignoreSearch: true })) return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}"""


def test_a_private_window_fetches_pyodides_wasm_once(browser):
    """A fresh context (a private window) downloads Pyodide's 9.6 MB wasm once: for the AI's
    worker, not again when the whole build is kept for offline use after Pyodide's first search.
    On a loaded machine Pyodide's worker used to be made before the service worker controlled the
    page: it fetched the wasm past it, and the copy for offline use, finding no 9.6 MB file in a
    private window's HTTP cache (in memory), fetched it again (bridge.js whenControlled)."""
    srv = Server()
    context = browser.new_context()
    try:
        page = context.new_page()
        open_site(page, srv.url)
        new_game(page, "assault", "rebels", "strongest")  # Pyodide plays the officers
        expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
        past_the_book(page)
        page.wait_for_function("Number(document.body.dataset.ply || 0) >= 6", timeout=ENGINE_MS)
        page.evaluate(WHEN_KEPT_WHOLE)
        wasm = [path for path in srv.requests if path.split("?")[0].endswith("/pyodide.asm.wasm")]
        assert len(wasm) == 1, wasm
    finally:
        context.close()
        srv.stop()
