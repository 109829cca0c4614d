"""Issue 36's page reproducers (hardening, round four): no stuck page, no lost friend game, no limit
that a second door lets through, no page framed that should not be, and words a player can act on."""

from __future__ import annotations

import json
import sys

import pytest
from conftest import DIST, ROOT
from playwright.sync_api import expect

from helpers import (
    ENGINE_MS,
    choose,
    import_text,
    leave,
    move_list,
    new_game,
    open_site,
    play,
    press,
    synced,
    wait_synced_after,
    write_stored,
)

sys.path.insert(0, str(ROOT / "pkg"))
from asalto_core import Game  # noqa: E402 - after the path is set
from asalto_core.links import GameLink, share_query  # noqa: E402
from asalto_core.session import MAX_MOVES  # noqa: E402

STUDY_KEY = "asalto.study.v1"
FRIENDS_KEY = "asalto.friends.v1"
TWO = '[Event "A"]\n\n1. d4-d5 *\n\n[Event "B"]\n\n1. d4-d5 c5-c6 *\n'


def stored(page, key: str):
    return page.evaluate("k => localStorage.getItem(k)", key)


def put(page, key: str, text: str) -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])


def write_store(context, server, key: str, text: str) -> None:
    """Write a stored value (helpers.write_stored)."""
    write_stored(context, server.origin, key, text)


def reload(page) -> None:
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)


# -- 1: a stored value that does not read never stops the page ------------------------------------
@pytest.mark.pages_only
def test_a_stored_study_that_does_not_read_is_set_aside_and_the_page_starts(context, server):
    write_store(context, server, STUDY_KEY, json.dumps({"record": TWO, "chapter": 0}).replace(": 0}", ": 1e999}"))
    page = context.new_page()
    open_site(page, server.url)  # the chapter number does not read: the study opens on its first chapter
    press(page, "#btn-annotate")
    expect(page.locator("#study-chapters button")).to_have_count(2)
    expect(move_list(page)).to_have_text(["d4-d5"])
    leave(page)  # it saves the study as it leaves
    bad = json.dumps({"record": 5, "chapter": 0})
    write_store(context, server, STUDY_KEY, bad)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("could not be read")
    assert json.loads(stored(page, "asalto.study.corrupt")) == [bad] and stored(page, STUDY_KEY) is None


# -- 2: the 5,000-move limit at the study's door, and a refused game is never written back -------------
def test_a_study_link_over_the_move_limit_is_refused_and_nothing_is_saved_of_it(page, server):
    game = Game("assault:rebels=any,repetition=off")
    for i in range(MAX_MOVES + 1):
        game.play(("d4-d5", "c5-c6", "d5-d4", "c6-c5")[i % 4])
    open_site(page, server.url)
    before = synced(page)
    page.goto(server.url + "#" + share_query(game.record() + '\n[Event "b"]\n\n1. d4-d5 *\n', [0]))
    page.wait_for_function("document.getElementById('message').textContent.includes('cannot be opened')")
    assert synced(page) >= before
    expect(move_list(page)).to_have_count(0)
    reload(page)
    assert stored(page, "asalto.save.corrupt") is None and stored(page, STUDY_KEY) is None


# -- 3 and 4: games with friends ---------------------------------------------------------------------
FRIEND = {"id": "tabgame123", "ruleset": "assault", "start": "", "side": "officers", "moves": ["d4-d5"],
          "time": 1, "sent": 1}  # fmt: skip


@pytest.mark.pages_only
def test_a_stale_tab_never_takes_a_friend_game_back_a_move(context, server):
    a = context.new_page()
    open_site(a, server.url)
    put(a, FRIENDS_KEY, json.dumps({"games": [FRIEND], "open": FRIEND["id"]}))
    reload(a)
    b = context.new_page()
    open_site(b, server.url)
    expect(move_list(a)).to_have_text(["d4-d5"])
    expect(move_list(b)).to_have_text(["d4-d5"])
    before = synced(a)
    play(b, "c5", "c6")
    wait_synced_after(a, before)  # tab A follows tab B's move
    a.click("#btn-flip")  # and its redraw writes nothing older
    expect(move_list(a)).to_have_text(["d4-d5", "c5-c6"])
    assert json.loads(stored(a, FRIENDS_KEY))["games"][0]["moves"] == ["d4-d5", "c5-c6"]


def test_friend_games_that_do_not_read_are_set_aside_under_their_own_key(page, server):
    open_site(page, server.url)
    put(page, FRIENDS_KEY, json.dumps({"games": [FRIEND, dict(FRIEND, id="badside123", side="king")], "open": ""}))
    reload(page)
    expect(page.locator("#message")).to_contain_text("games with friends could not be read")
    kept = json.loads(stored(page, FRIENDS_KEY))
    assert [g["id"] for g in kept["games"]] == [FRIEND["id"]]  # the game that reads stays
    assert "badside123" in json.loads(stored(page, "asalto.friends.corrupt"))[0]
    put(page, FRIENDS_KEY, "{not json")
    link = GameLink("newgame123", "assault", "", ["d4-d5"], 5)
    page.goto(server.url + "#" + link.query())
    expect(page.locator("body")).to_have_attribute("data-friend", "newgame123", timeout=ENGINE_MS)
    assert "{not json" in json.loads(stored(page, "asalto.friends.corrupt"))
    assert stored(page, "asalto.save.corrupt") is None  # the game's saves keep their own


# -- 5: a damaged puzzle set ------------------------------------------------------------------------
@pytest.mark.parametrize("body", ["[]", '{"puzzles": [{"id": "a'])
def test_the_trainer_says_when_its_set_is_damaged(context, server, body):
    context.route("**/puzzles.json", lambda route: route.fulfill(status=200, body=body))
    page = context.new_page()
    page.goto(server.url + "puzzles.html")
    page.wait_for_function(
        "document.getElementById('loading-text').textContent.includes('could not be read')", timeout=ENGINE_MS
    )
    expect(page.locator("#loading-text")).to_contain_text("Reload the page")


def test_a_damaged_set_kept_offline_is_dropped_and_fetched_again(context, server):
    page = context.new_page()
    page.goto(server.url + "puzzles.html")
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_MS)
    # The service worker's copy of the visit's files done (it would put a good set back over ours).
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=ENGINE_MS)
    page.evaluate("""async () => {
      for (const name of await caches.keys()) await (await caches.open(name)).put("puzzles.json", new Response("[]"));
    }""")  # the offline copy damaged (a deploy cut short)
    page.reload()
    page.wait_for_function(
        "document.getElementById('loading-text').textContent.includes('could not be read')", timeout=ENGINE_MS
    )
    page.wait_for_function("caches.match('puzzles.json').then((r) => r === undefined)", timeout=ENGINE_MS)
    page.reload()  # fetched again from the site
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)


# -- 7: every language with a catalog is kept through a reload ---------------------------------------
def test_every_language_is_kept_through_a_reload(page, server):
    codes = [code for code, _ in json.loads((DIST / "locale" / "languages.json").read_text())]
    assert "es" in codes
    open_site(page, server.url)
    for code in codes:
        choose(page, "#lang-menu", code)
        reload(page)
        assert page.evaluate("document.documentElement.lang") == code
        expect(page.locator("#lang-menu")).to_have_value(code)


# -- 8: who may frame which page --------------------------------------------------------------------
@pytest.mark.parametrize("path", ["", "index.html", "%69ndex.html", "index.htm%6c", "./index.html", "examples.html"])
def test_the_game_page_refuses_to_be_framed_however_its_path_is_written(page, server, path):
    headers = page.request.get(server.url + path).headers
    assert headers["content-security-policy"] == "frame-ancestors 'none'" and headers["x-frame-options"] == "DENY"


def test_a_teachers_puzzle_set_may_be_framed_by_another_site_and_the_trainer_not(browser, server, console, tmp_path):
    from conftest import Server

    for path in ("embed.html", "puzzles.html"):
        assert "content-security-policy" not in browser.new_context().request.get(server.url + path).headers
    (tmp_path / "index.html").write_text(
        f'<iframe id="set" src="{server.url}puzzles.html?theme=chain&count=3"></iframe>'
        f'<iframe id="own" src="{server.url}puzzles.html"></iframe>'
    )
    site = Server(tmp_path)
    ctx = browser.new_context()
    ctx.on("page", console.attach)
    try:
        page = ctx.new_page()
        page.goto(site.url)
        page.frame_locator("#set").locator("body[data-board=ready]").wait_for(timeout=ENGINE_MS)
        own = page.frame_locator("#own").locator("#loading-text")
        own.filter(has_text="in its own tab").wait_for(timeout=ENGINE_MS)
    finally:
        ctx.close()
        site.stop()


# -- 9: coloured arrows in every published frame ------------------------------------------------------
def test_an_embed_draws_every_coloured_arrow(page, server):
    record = "1. d4-d5 c5-c6 {[%cal Gc5c6,Rd4d5,Bc3c4,Yb3b4]} *"
    page.goto(server.url + "embed.html?ruleset=assault&ply=2&record=" + record.replace(" ", "+").replace("%", "%25"))
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    classes = page.eval_on_selector_all("#board .layer-markers g.arrow", "gs => gs.map(g => g.getAttribute('class'))")
    assert sorted(classes) == ["arrow", "arrow c-blue", "arrow c-red", "arrow c-yellow"]


# -- 10: delete chapter in an imported study ----------------------------------------------------------
def test_delete_chapter_deletes_in_an_imported_study(page, server):
    open_site(page, server.url)
    three = '[StudyName "S"]\n[ChapterName "One"]\n\n1. d4-d5 *\n\n'
    three += '[StudyName "S"]\n[ChapterName "Two"]\n\n1. d4-d5 c5-c6 *\n\n'
    three += '[StudyName "S"]\n[ChapterName "Three"]\n[Puzzle "Find it"]\n\n1. d4-d5 *\n'
    import_text(page, three)
    press(page, "#btn-annotate")
    page.click("#study-chapters button >> nth=2")
    page.fill("#chapter-title", "Renamed")
    page.press("#chapter-title", "Tab")
    page.click("#study-chapters button >> nth=0")
    page.click("#chapter-delete")
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 2")
    titles = page.eval_on_selector_all("#study-chapters button", "bs => bs.map(b => b.firstChild.textContent)")
    assert titles == ["1. Two", "2. Renamed"]
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])  # the deleted game is gone
    page.click("#study-chapters button >> nth=1")
    expect(page.locator("#chapter-prompt")).to_have_value("Find it")
    reload(page)
    press(page, "#btn-annotate")
    expect(page.locator("#study-chapters button")).to_have_count(2)


# -- 12: a deploy while the page is open --------------------------------------------------------------
def test_a_page_open_during_a_deploy_offers_the_update_and_keeps_the_game(context, server):
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_MS)
    sw = server.dist / "sw.js"  # the site this test's server serves (a copy of DIST under xdist)
    before = sw.read_text()
    try:
        sw.write_text(before + "\n// deployed again\n")
        page.evaluate("window.dispatchEvent(new Event('focus'))")  # within the hour: no check
        page.evaluate("window.asaltoMarks.updateChecked = 0; window.dispatchEvent(new Event('focus'))")
        page.wait_for_selector("body.update-ready #update", timeout=ENGINE_MS)
    finally:
        sw.write_text(before)
    page.click("#btn-reload")
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(["d4-d5"])


# Until the site's service worker controls the page: its controllerchange event, awaited.
CONTROLLED = """() => navigator.serviceWorker.controller !== null || new Promise((done) =>
    navigator.serviceWorker.addEventListener("controllerchange", () => done(true), { once: true }))"""


@pytest.mark.parametrize("path", ["puzzles.html", "embed.html?record=1.%20d4-d5%20*", "lab/"])
def test_every_page_hears_of_a_deploy_when_focused_and_says_so_quietly(context, server, path):
    """Not the game page alone: the trainer, an embed and the bot lab, focused past the pause between checks
    (the page's own mark, set back), find the new build and say so in a line with a Reload button.
    The lab's policy allows no eval, which wait_for_function needs: the page's own event is awaited."""
    page = context.new_page()
    page.goto(server.url + path)
    page.evaluate(CONTROLLED)
    sw = server.dist / "sw.js"  # the site this test's server serves (a copy of DIST under xdist)
    before = sw.read_text()
    try:
        sw.write_text(before + "\n// deployed again\n")
        page.evaluate("window.asaltoMarks.updateChecked = 0; window.dispatchEvent(new Event('focus'))")
        line = page.locator("#update[role=status]")
        expect(line).to_contain_text("A new version of this site is ready.", timeout=ENGINE_MS)
    finally:
        sw.write_text(before)
    expect(line.locator("button")).to_have_text("Reload")
    with page.expect_navigation():
        line.locator("button").click()
    expect(page.locator("#update")).to_have_count(0)


# -- 13: link errors in plain words ----------------------------------------------------------------
def test_a_damaged_link_says_what_to_do_and_shows_no_control_character(page, server):
    open_site(page, server.url)
    bad = GameLink("abcdefghij", "assault", "", ["d5\x15de3"], 5)
    page.goto(server.url + "#" + bad.query())
    page.wait_for_function("document.getElementById('message').textContent.includes('send it again')")
    said = page.inner_text("#message")
    assert "Ask your friend to send it again" in said and "d5" not in said  # the engine's words are behind
    page.click("#message summary")
    detail = page.inner_text("#message details")
    assert "cannot be played" in detail and not any(ord(c) < 32 and c != "\n" or 127 <= ord(c) < 160 for c in detail)
    page.goto(server.url + "#game=AAAA")
    page.wait_for_function("document.getElementById('message').textContent.includes('damaged in copying')")
