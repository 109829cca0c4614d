"""Two players at a distance play one game to its end by passing links (two browser contexts:
two browsers, two local storages), with an older link and a forged one on the way."""

from __future__ import annotations

import datetime
import re

import pytest
from conftest import LOCAL, Server
from playwright.sync_api import expect
from test_accessibility import violations, with_axe

from asalto_core.links import GameLink, read_game, read_query
from helpers import (
    ENGINE_MS,
    choose_mode,
    click_point,
    drawn,
    import_text,
    move_list,
    open_site,
    play,
    press,
    synced,
    wait_synced_after,
)

QUICK_END = [("d4", "d5"), ("c5", "c6"), ("d3", "d4"), ("e5", "c5")]  # assault with win=24 ends here


def open_link(page, link: str, refused: str = "") -> None:
    """Open a link the friend sent: in a fresh tab, or in the address bar of the page already
    open; a link the page refuses says ``refused`` and shows nothing new."""
    if not (page.url.startswith(LOCAL) and "asalto" in page.url):
        open_site(page, link)
    elif refused:
        page.goto(link)
        page.wait_for_function(f"document.getElementById('message').textContent.includes({refused!r})")
    else:
        before = synced(page)
        page.goto(link)
        wait_synced_after(page, before)


def start_with_friend(page, side: str) -> None:
    """New game, assault with the house rule win=24, against a friend at a distance."""
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    press(page, "#btn-new")
    page.select_option("#new-ruleset", "assault")
    choose_mode(page, "friend", side)
    expect(page.locator("#new-side")).to_be_visible()
    expect(page.locator("#new-level")).to_be_hidden()
    page.click("#new-custom summary")
    page.select_option('#custom-options select[data-option="win"]', "24")
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)


def copy_link(page, keyboard: bool = False) -> str:
    """Send the link as a player does: Copy; where the browser refuses, by hand (Ctrl+C on the
    link, which the page selected)."""
    if keyboard:
        page.focus("#friend-copy")
        page.keyboard.press("Enter")
    else:
        page.click("#friend-copy")
    page.wait_for_function("document.getElementById('friend-message').textContent !== ''")
    if "by hand" in page.inner_text("#friend-message"):
        assert page.evaluate("document.activeElement.id") == "friend-link"
        page.keyboard.press("Control+C")
    expect(page.locator("body")).to_have_attribute("data-friend-state", "waiting")
    return page.input_value("#friend-link")


def test_two_players_play_a_game_to_its_end_by_links(page, friend, server):
    alice, bob = page, friend
    open_site(alice, server.url)
    press(alice, "#btn-new")  # Alice's own game on this device, which the game by link must not touch
    alice.check('#dlg-new input[name="mode"][value="humans"]')
    alice.click("#new-start")
    play(alice, "d4", "d5")
    start_with_friend(alice, "rebels")
    expect(alice.locator("#message")).to_contain_text("make your move")
    expect(alice.locator("body")).to_have_attribute("data-friend-state", "mine")
    play(alice, *QUICK_END[0])
    expect(alice.locator("body")).to_have_attribute("data-friend-state", "pending")
    expect(alice.locator("#friend-text")).to_contain_text("take your move back")
    press(alice, "#btn-undo")  # taken back before the link went: the move is Alice's again
    expect(alice.locator("body")).to_have_attribute("data-friend-state", "mine")
    expect(move_list(alice)).to_have_count(0)
    play(alice, *QUICK_END[0])
    link1 = copy_link(alice)  # Alice's browser refuses the clipboard: copied by hand
    expect(alice.locator("#btn-undo")).to_be_disabled()  # sent: no taking back
    assert len(link1) < len(LOCAL) + 200

    requested: list[str] = []
    bob.on("request", lambda r: requested.append(r.url))
    open_site(bob, link1)
    expect(bob.locator("#message")).to_contain_text("Your friend played d4-d5")
    assert not [u for u in requested if "worker.py" in u]  # a game by link needs no computer
    expect(bob.locator("body")).to_have_attribute("data-friend-state", "mine")
    expect(move_list(bob)).to_have_text(["d4-d5"])
    expect(bob.locator("#player-top")).to_contain_text("Your friend (by link)")  # Bob's officers at the bottom
    expect(bob.locator("#player-bottom")).to_have_attribute("data-side", "officers")
    assert "#" not in bob.url  # the link is consumed
    play(bob, *QUICK_END[1])
    link2 = copy_link(bob)
    expect(bob.locator("#friend-message")).to_contain_text("Link copied")

    open_link(alice, link2)
    expect(alice.locator("#message")).to_contain_text("Your friend played c5-c6")
    play(alice, *QUICK_END[2])
    link3 = copy_link(alice)

    # An older link of a game already ahead says so and changes nothing.
    open_link(bob, link1)
    expect(bob.locator("#message")).to_contain_text("older than your game")
    expect(move_list(bob)).to_have_text(["d4-d5", "c5-c6"])
    # A forged link (Alice's id, Bob's move edited into another) and a damaged one are refused.
    game, _ = read_game(read_query(link3.split("#", 1)[1]))
    forged = GameLink(game.id, game.ruleset, game.start, ["d4-d5", "e5-e6", "d3-d4"], game.time)
    open_link(bob, server.url + "#" + forged.query(), refused="does not continue your game")
    expect(bob.locator("#message")).to_contain_text("at move 2")
    expect(move_list(bob)).to_have_text(["d4-d5", "c5-c6"])
    other_rules = GameLink(game.id, "assault", game.start, game.moves, game.time)  # win=24 edited out
    open_link(bob, server.url + "#" + other_rules.query(), refused="other rules or another start")
    expect(move_list(bob)).to_have_text(["d4-d5", "c5-c6"])
    open_link(bob, link3[:-6] + "zz!zz", refused="cannot be opened")
    expect(move_list(bob)).to_have_text(["d4-d5", "c5-c6"])

    open_link(bob, link3)
    expect(bob.locator("#message")).to_contain_text("Your friend played d3-d4")
    play(bob, *QUICK_END[3])
    expect(bob.locator("body")).to_have_attribute("data-over", "1")
    expect(bob.locator("#friend-text")).to_contain_text("send this link so that your friend sees the end")
    link4 = copy_link(bob)

    open_link(alice, link4)
    expect(alice.locator("#message")).to_contain_text("Your friend played e5xc5. Captured 1: d5.")
    expect(alice.locator("body")).to_have_attribute("data-over", "1")
    expect(move_list(alice)).to_have_text(["d4-d5", "c5-c6", "d3-d4", "e5xc5"])

    # Every game by link is listed; Alice's own game is as she left it.
    alice.reload()
    alice.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(alice)).to_have_text(["d4-d5", "c5-c6", "d3-d4", "e5xc5"])  # the game by link stays on screen
    press(alice, "#btn-friends")
    rows = alice.locator("#friends-table tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("You lost")
    before = synced(alice)
    alice.click("#friends-home")
    wait_synced_after(alice, before)
    expect(move_list(alice)).to_have_text(["d4-d5"])
    expect(alice.locator("#player-top")).not_to_contain_text("friend", use_inner_text=True)
    expect(alice.locator("body")).to_have_attribute("data-friend", "")

    # A finished game is deleted from the list: the first press asks again, the second deletes.
    press(alice, "#btn-friends")
    delete = rows.first.locator("button[data-forget]")
    delete.click()
    expect(rows).to_have_count(1)
    expect(delete).to_have_text("Delete for good?")
    delete.click()
    alice.wait_for_function("document.querySelectorAll('#friends-table tbody tr').length === 0")
    expect(alice.locator("#friends-empty")).to_be_visible()
    expect(alice.locator("#friends-note")).to_have_text("The game is deleted.")
    alice.reload()
    alice.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(alice)).to_have_text(["d4-d5"])  # the game of this device is untouched
    assert alice.evaluate("JSON.parse(localStorage.getItem('asalto.friends.v1')).games") == []


def test_a_link_copied_at_once_after_a_move_is_the_link_kept(friend, server):
    """The link's time is the move's: copied before the game is kept, it is the same text after
    the save and after a reload, and "Link copied" stays (the clock moves on between each step)."""
    page = friend
    open_site(page, server.url)
    start_with_friend(page, "rebels")
    page.evaluate("() => { window.requestIdleCallback = (fn) => setTimeout(fn, 3000); }")  # a busy phone: kept late
    played_at = datetime.datetime(2030, 5, 1, 12, 0, tzinfo=datetime.UTC)
    page.clock.set_fixed_time(played_at)
    before = synced(page)
    click_point(page, QUICK_END[0][0])
    click_point(page, QUICK_END[0][1])
    page.clock.set_fixed_time(played_at + datetime.timedelta(minutes=1))
    expect(page.locator("body")).to_have_attribute("data-friend-state", "pending")
    link = copy_link(page)
    page.clock.set_fixed_time(played_at + datetime.timedelta(minutes=2))
    wait_synced_after(page, before)
    drawn(page)
    expect(page.locator("#friend-message")).to_contain_text("Link copied")
    expect(page.locator("#friend-link")).to_have_value(link)
    game, _ = read_game(read_query(link.split("#", 1)[1]))
    assert game.moves == ["d4-d5"] and game.time == int(played_at.timestamp())
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-friend-state", "waiting")
    expect(page.locator("#friend-link")).to_have_value(link)


ANNOTATED = """[Ruleset "assault"]
[Result "*"]

1. d4-d5! {The rebels open. [%cal Gd4d5] [%csl Re5]} c5-c6 (1... e5-e6?!
{Slower.}) 2. d3-d4 {Für <b>alle</b> & «tous».} *
"""


@pytest.mark.pages_only
def test_a_share_link_carries_comments_symbols_marks_and_side_lines(context, server):
    page = context.new_page()
    open_site(page, server.url)
    import_text(page, ANNOTATED)
    press(page, "#btn-io")
    link = page.input_value("#io-link")
    page.click("#dlg-io button[value=close]")
    other = context.new_page()
    open_site(other, link)
    expect(move_list(other)).to_have_text(["d4-d5!", "c5-c6", "d3-d4"])
    expect(other.locator("#moves tr.variation button")).to_have_text(["1... e5-e6?!"])
    expect(other.locator("#move-comment")).to_have_text("Für <b>alle</b> & «tous».")  # as text, never markup
    press(other, "#btn-io")
    expect(other.locator("#io-text")).to_have_value(ANNOTATED)


def test_a_game_link_opens_and_is_answered_offline(context):
    srv = Server()
    page = context.new_page()
    open_site(page, srv.url)
    play(page, "d4", "d5")  # the newcomer's game against the AI: its first reply lets the page be kept
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=ENGINE_MS)
    srv.stop()  # the site is gone: the link opens from the service worker's cache
    link = GameLink("offline123", "assault", "", ["d4-d5"], 1_800_000_000)
    other = context.new_page()
    open_site(other, srv.url + "#" + link.query())
    expect(other.locator("#message")).to_contain_text("Your friend played d4-d5")
    play(other, "c5", "c6")
    expect(other.locator("body")).to_have_attribute("data-friend-state", "pending")
    expect(other.locator("#friend-link")).to_have_value(re.compile("^" + re.escape(srv.url + "#game=")))


def test_the_game_by_link_by_keyboard_with_nothing_for_axe_to_find(page, server):
    with_axe(page)
    open_site(page, server.url)
    start_with_friend(page, "rebels")
    play(page, *QUICK_END[0])
    assert violations(page) == []
    copy_link(page, keyboard=True)
    press(page, "#btn-friends")
    page.wait_for_selector("#dlg-friends[open]")
    assert violations(page) == []
    expect(page.locator("#friends-table")).to_contain_text("Your friend's move")
    expect(page.locator("#friends-table")).to_contain_text(str(datetime.date.today().year))  # the last move's date
    page.keyboard.press("Escape")


def test_games_kept_badly_are_left_out_and_lose_nothing(page, server):
    open_site(page, server.url)
    good = {
        "id": "goodgame12",
        "ruleset": "assault",
        "start": "",
        "side": "rebels",
        "moves": ["d4-d5"],
        "time": 1,
        "sent": 1,
    }
    kept = {
        "games": [
            good,
            {"id": "<b>x</b>", "moves": "d4-d5"},
            dict(good, id="badmoves12", moves=["d4-d5", "d4-d5"]),
            dict(good, id="badside123", side="king"),
            [1, 2],
        ],
        "open": "badmoves12",
    }
    page.evaluate("kept => localStorage.setItem('asalto.friends.v1', JSON.stringify(kept))", kept)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-friend", "")  # the game on screen could not be replayed
    press(page, "#btn-friends")
    rows = page.locator("#friends-table tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Your friend's move")
    before = synced(page)
    rows.first.locator("button[data-game]").click()
    wait_synced_after(page, before)
    expect(page.locator("body")).to_have_attribute("data-friend", "goodgame12")
    expect(move_list(page)).to_have_text(["d4-d5"])
    # Deleting the game on screen goes back to the game of this device.
    press(page, "#btn-friends")
    before = synced(page)
    rows.first.locator("button[data-forget]").click()
    rows.first.locator("button[data-forget]").click()
    wait_synced_after(page, before)
    expect(page.locator("body")).to_have_attribute("data-friend", "")
    expect(move_list(page)).to_have_count(0)
    kept = page.evaluate("JSON.parse(localStorage.getItem('asalto.friends.v1'))")
    assert [g["id"] for g in kept["games"]] == ["badmoves12"] and kept["open"] == ""  # only it went
    page.evaluate("localStorage.setItem('asalto.friends.v1', '{not json')")
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    assert page.evaluate("localStorage.getItem('asalto.friends.corrupt')").count("not json") == 1  # set aside, not lost
