"""Untrusted input on the pages (issue 13): forged and older saves, junk imports, a traversal
record-url. No script of the input runs, the page starts, and the input is refused with a reason."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from test_offline import write_save

from helpers import (
    ENGINE_MS,
    click_point,
    import_text,
    leave,
    move_list,
    moves,
    new_game,
    open_site,
    play,
    press,
    put_text,
    until_equal,
)

PAYLOAD = '"><img src=x onerror=window.__pwned=1><svg onload=window.__pwned=1>'


def corrupt(page) -> list:
    return page.evaluate("JSON.parse(localStorage.getItem('asalto.save.corrupt') || '[]')")


def assert_no_injection(page) -> None:
    assert page.evaluate("window.__pwned") is None
    expect(page.locator("img")).to_have_count(0)
    expect(page.locator("#board .piece").first).to_be_attached()  # the page started and drew a board


@pytest.mark.pages_only
def test_a_forged_save_runs_no_script_and_is_set_aside(context, server):
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5", PAYLOAD], "ply": 2}
    settings = {"ruleset": ["assault"], "mode": PAYLOAD, "level": {"x": 1}, "lang": PAYLOAD, "flipped": PAYLOAD}
    forged = json.dumps({"version": 2, "game": game, "settings": settings})
    write_save(context, server, forged)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("could not be read")
    assert_no_injection(page)
    expect(move_list(page)).to_have_count(0)
    assert corrupt(page) == [forged]
    leave(page)
    # An older (version 1) save with a view whose history carries markup: the view is never read.
    view = {"history": [{"ply": PAYLOAD, "side": PAYLOAD, "label": PAYLOAD, "move": PAYLOAD}], "ply": PAYLOAD}
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}
    write_save(context, server, json.dumps({"version": 1, "game": game, "view": view, "settings": {"mode": "humans"}}))
    page = context.new_page()
    open_site(page, server.url)
    assert_no_injection(page)
    expect(move_list(page)).to_have_text(["d4-d5"])
    assert PAYLOAD not in page.content()
    # A ruleset name with markup: refused by the engine, its text shown as text.
    leave(page)
    bad = json.dumps({"version": 2, "game": {"ruleset": PAYLOAD, "moves": []}, "settings": {}})
    write_save(context, server, bad)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("unknown ruleset")
    assert_no_injection(page)
    assert corrupt(page)[-1] == bad


@pytest.mark.pages_only
def test_a_save_of_an_older_shape_starts_a_fresh_game(context, server):
    old = json.dumps({"moves": ["d4-d5"], "ruleset": "assault"})  # no version: a shape before saves had one
    write_save(context, server, old)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("older version")
    expect(move_list(page)).to_have_count(0)
    assert corrupt(page) == [old]
    play(page, "d4", "d5")  # and the page plays on, saving the new shape
    saved = json.loads(page.evaluate("localStorage.getItem('asalto.save.v1')"))
    # The player's move saved (the computer's reply may already be saved after it).
    assert saved["version"] == 2 and saved["game"]["moves"][:1] == ["d4-d5"] and "view" not in saved


def test_a_junk_import_leaves_the_game_and_says_why(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    press(page, "#btn-io")
    page.fill("#io-text", "1. zz-zz <script>window.__pwned=1</script>")
    page.click("#io-load")
    page.wait_for_function("document.querySelector('#io-message').textContent.length > 0", timeout=ENGINE_MS)
    expect(page.locator("#io-message")).to_contain_text("Nothing was imported")
    expect(page.locator("#io-message")).to_contain_text("zz-zz")
    page.click("#dlg-io button[value=close]")
    expect(move_list(page)).to_have_text(["d4-d5"])
    assert page.evaluate("window.__pwned") is None
    import_text(page, "1. d4-d5 c5-c6")  # a good import still works after a refused one
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])


@pytest.mark.fresh_context  # what reaches the server
def test_a_traversal_record_url_is_refused_before_any_request(page, server):
    # As written in the link: %2e%2e is '..' once decoded, %252e%252e is '%2e%2e' (a server's '..').
    queries = ("%2e%2e/secret.txt", "%252e%252e/secret.txt", "..%252fsecret.txt", "examples/%252E%252E/secret.txt",
               "//evil.example/secret.txt", "%5c%5cevil/secret.txt")  # fmt: skip
    for query in queries:
        before = len(server.requests)
        page.goto(server.url + "embed.html?record-url=" + query)
        expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
        assert "record-url refused" in " ".join(page.locator("#messages li").all_inner_texts()), query
        fetched = [r for r in server.requests[before:] if "secret" in r and not r.startswith("/asalto/embed.html?")]
        assert fetched == [], fetched


@pytest.mark.pages_only
def test_a_save_nested_too_deep_to_decode_is_set_aside(context, server):
    """Found by the fuzz suite's long run: JSON nested so deep that decoding it recurses too far."""
    deep = "[" * 100000 + "]" * 100000
    write_save(context, server, deep)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("new game was started")  # read or not, it is no game
    expect(page.locator("#board .piece").first).to_be_attached()
    assert corrupt(page) == [deep]


# -- issue 25: no game lost on reload -----------------------------------------------------------------
@pytest.mark.pages_only
def test_a_game_shown_in_a_side_line_survives_a_reload(context, server):
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, "1. d4-d5 c5-c6 (1... e5-e6 2. d3-d4) *")
    page.click('#moves button[data-path="1,0,2"]')
    page.wait_for_selector('#moves [aria-current="step"][data-path="1,0,2"]', timeout=ENGINE_MS)
    # saved once the position is drawn and the page idle (or on leaving it)
    save = "() => { const s = JSON.parse(localStorage.getItem('asalto.save.v1')); return [s.game.ply, s.path]; }"
    until_equal(page, save, [1, [1, 0, 2]])
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-path", "1,0,2")
    assert moves(page)[:2] == ["d4-d5", "c5-c6"]
    expect(page.locator("#message")).not_to_contain_text("move number")


@pytest.mark.pages_only
def test_a_move_is_kept_when_the_page_is_left_before_its_save(context, server):
    """The game is saved once the move is painted and the page idle (the click's task stays short);
    a page left before that moment (a busy phone) still keeps the move: it is written on leaving."""
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    page.evaluate("window.requestIdleCallback = () => 0")  # from now on the page is never idle
    click_point(page, "d4")
    click_point(page, "d5")
    expect(page.locator("body")).to_have_attribute("data-ply", "1", timeout=ENGINE_MS)
    assert "d4-d5" not in page.evaluate("localStorage.getItem('asalto.save.v1')")  # not written yet
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    assert moves(page) == ["d4-d5"]


@pytest.mark.pages_only
def test_the_last_good_save_comes_back_when_a_newer_one_fails(context, server):
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}
    good = {"version": 2, "game": game, "settings": {"mode": "humans"}}  # no AI reply to race with
    write_save(context, server, json.dumps(good))
    page = context.new_page()
    open_site(page, server.url)
    expect(move_list(page)).to_have_text(["d4-d5"])
    leave(page)
    forged = json.dumps({"version": 2, "game": {"ruleset": "assault", "moves": ["zz"]}, "settings": {}})
    write_save(context, server, forged)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("last good save was restored")
    expect(move_list(page)).to_have_text(["d4-d5"])
    assert corrupt(page) == [forged]
    leave(page)
    newer = json.dumps({"version": 3, "game": {}, "settings": {}})
    write_save(context, server, newer)
    page = context.new_page()
    open_site(page, server.url)
    expect(move_list(page)).to_have_text(["d4-d5"])
    assert corrupt(page) == [forged, newer]


@pytest.mark.pages_only
def test_a_save_from_a_newer_version_or_nested_deep_is_set_aside_with_a_clear_message(context, server):
    newer = json.dumps({"version": 3, "game": {}, "settings": {}})
    write_save(context, server, newer)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#message")).to_contain_text("newer version")
    assert corrupt(page) == [newer]
    leave(page)
    deep = "[" * 3000 + "1" + "]" * 3000
    game = '{"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": ' + deep + "}"
    for text in ('{"version": 2, "settings": {}, "game": ' + game + "}",
                 '{"version": 2, "settings": {}, "game": {"ruleset": "assault", "moves": ["d4-d5"], "ply": 1}, '
                 '"record": "1. d4-d5 {x} *", "path": ' + deep + "}"):  # fmt: skip
        write_save(context, server, text)
        page = context.new_page()
        open_site(page, server.url)
        expect(page.locator("#board .piece").first).to_be_attached()
        assert len(page.inner_text("#message")) < 400
        leave(page)


@pytest.mark.pages_only
def test_two_tabs_see_each_others_games_and_never_overwrite_one_unseen(context, server):
    a = context.new_page()
    open_site(a, server.url)
    new_game(a, "assault", "humans")
    b = context.new_page()
    open_site(b, server.url)
    play(a, "d4", "d5")
    expect(b.locator("#message")).to_contain_text("another tab", timeout=ENGINE_MS)
    expect(move_list(b)).to_have_text(["d4-d5"])
    new_game(b, "assault", "humans")  # B's new game: A follows it and keeps its own game
    expect(a.locator("#message")).to_contain_text("kept", timeout=ENGINE_MS)
    expect(a.locator('#moves tbody button:not([data-ply="0"])')).to_have_count(0)  # drawn in the next frame
    previous = json.loads(a.evaluate("localStorage.getItem('asalto.previous')"))
    assert previous["game"]["moves"] == ["d4-d5"]


@pytest.mark.pages_only
def test_a_game_followed_from_another_tab_brings_none_of_this_tabs_redo(context, server):
    """Undo's redo stack belongs to the game it was taken back in: another tab's game (even this
    one, continued there) comes onto the board through the one transition, without it."""
    a = context.new_page()
    open_site(a, server.url)
    new_game(a, "assault", "humans")
    b = context.new_page()
    open_site(b, server.url)
    play(b, "d4", "d5")
    play(b, "c5", "c6")
    press(b, "#btn-undo")
    expect(b.locator("body")).to_have_attribute("data-ply", "1")
    expect(b.locator("#btn-redo")).to_be_enabled()
    expect(a.locator("body")).to_have_attribute("data-ply", "1", timeout=ENGINE_MS)  # A follows B's game
    play(a, "e5", "e6")  # A continues it: B's game is part of A's, so B simply follows
    expect(b.locator("body")).to_have_attribute("data-ply", "2", timeout=ENGINE_MS)
    expect(move_list(b)).to_have_text(["d4-d5", "e5-e6"])
    expect(b.locator("#btn-redo")).to_be_disabled()


@pytest.mark.pages_only
def test_an_annotated_game_played_on_in_another_tab_is_followed_without_keeping_it_as_the_previous(context, server):
    """A tab whose game is within the other tab's (the same moves and notes, played on there) loses
    nothing by following it: it says the game was changed there and keeps no previous game; a note
    only this tab had is kept as the previous game."""
    a = context.new_page()
    open_site(a, server.url)
    new_game(a, "assault", "humans")
    import_text(a, "1. d4-d5 {A note.} *")
    b = context.new_page()
    open_site(b, server.url)
    expect(move_list(b)).to_have_text(["d4-d5"])
    kept = a.evaluate("localStorage.getItem('asalto.previous')")
    play(b, "c5", "c6")
    expect(move_list(a)).to_have_text(["d4-d5", "c5-c6"], timeout=ENGINE_MS)
    expect(a.locator("#message")).to_contain_text("another tab")
    expect(a.locator("#message")).not_to_contain_text("kept")
    assert a.evaluate("localStorage.getItem('asalto.previous')") == kept
    import_text(b, "1. d4-d5 {Another note.} *")  # B's own note in place of A's: A keeps its game
    expect(a.locator("#message")).to_contain_text("kept", timeout=ENGINE_MS)
    previous = json.loads(a.evaluate("localStorage.getItem('asalto.previous')"))
    assert previous["game"]["moves"] == ["d4-d5", "c5-c6"]


# -- issue 25: inputs that eat the page, deploys ----------------------------------------------------
def test_an_embed_of_many_comments_reads_in_time(context, server):
    """99,011 characters of comments (under the embed's 100,000) once grew MicroPython's heap to 2 GB
    (a record-url: a link this long is more than a static server reads)."""
    record = "1. d4-d5 " + "{c}" * 33000 + " *"
    context.route("**/examples/many-comments.txt", lambda route: route.fulfill(body=record))
    page = context.new_page()
    page.goto(server.url + "embed.html?record-url=examples/many-comments.txt")
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    expect(page.locator("#board .piece").first).to_be_attached()
    expect(page.locator("#messages li")).to_have_count(0)


def test_embed_lists_are_limited(page, server):
    page.goto(server.url + "embed.html?ruleset=assault&highlight=" + ",".join(["zz"] * 6000))
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    expect(page.locator("#messages li")).to_have_count(1)  # 'highlight' is too long: one message, not 6,000


def test_only_the_game_page_refuses_to_be_framed(page, server):
    game = page.request.get(server.url).headers
    assert game["content-security-policy"] == "frame-ancestors 'none'" and game["x-frame-options"] == "DENY"
    embed = page.request.get(server.url + "embed.html").headers
    assert "content-security-policy" not in embed and embed["x-content-type-options"] == "nosniff"


def test_a_stale_tab_finds_its_builds_files_after_a_deploy(context, server):
    page = context.new_page()
    open_site(page, server.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=ENGINE_MS)
    page.evaluate("""async () => {
      const old = await caches.open("asalto-0000000000000000");
      await old.put(new Request("gone-since.zip"), new Response("the build before"));
    }""")
    assert page.evaluate("fetch('gone-since.zip').then((r) => r.text())") == "the build before"


def test_a_page_whose_python_never_starts_reloads_once_then_says_so(context, server, console):
    """A file the start needs never arrives: the page reloads by itself once, then says why in
    the reader's words, with a button to try again (no CDN is ever asked instead)."""
    context.route("**/asalto/main.py", lambda route: route.fulfill(status=404, body="gone"))
    page = context.new_page()
    navigations = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    page.goto(server.url)
    expect(page.locator("body")).to_have_attribute("data-start", "failed", timeout=ENGINE_MS)
    assert len(navigations) == 2  # the first load and the one reload
    expect(page.locator("#loading-text")).to_contain_text("did not start")
    expect(page.locator("#start-retry")).to_have_text("Try again")
    console.errors[:] = [e for e in console.errors if "404" not in e and "main.py" not in e]


def test_annotations_too_long_to_save_are_said_before_a_reload_drops_them(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    long_comment = "w" * 9000
    record = "1. d4-d5 " + " ".join("{" + long_comment + "}" for _ in range(33)) + " c5-c6 *"  # 297 KB: it reads
    import_text(page, record)
    expect(page.locator("#message")).not_to_contain_text("longer than a save holds")
    page.click('#moves button[data-ply="2"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    press(page, "#btn-annotate")
    put_text(page, "#annot-comment", "x" * 9000)
    page.locator("#annot-comment").dispatch_event("change")
    expect(page.locator("#message")).to_contain_text("longer than a save holds")
