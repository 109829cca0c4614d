"""Every way another game comes onto the board (api.put_game, issue 37) leaves nothing of the game
before: Undo's redo stack, a selection half entered, the board turned round for that game, its
result card, its rules and mode. Two paths have their tests elsewhere (another tab's game:
test_hardening; a game opened after Undo: test_page_flow); these are the other five."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import ENGINE_MS, click_point, import_text, new_game, open_site, press, wait_synced_after

# Assault where the officers win once fewer than 24 rebels remain: a finished game in four moves.
FINISHED = '[Ruleset "assault:win=24"]\n[Result "0-1"]\n\n1. d4-d5 c5-c6 2. d3-d4 e5xc5 0-1\n'


def leave_a_game_half_done(page) -> None:
    """The game before: a house-rules game for two, its result seen, the board turned round, the
    last move taken back (Redo can bring it back) and an officer selected."""
    import_text(page, FINISHED)
    expect(page.locator("#result")).to_be_visible()
    press(page, "#btn-flip")
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "true")
    press(page, "#btn-undo")
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    expect(page.locator("#btn-redo")).to_be_enabled()
    click_point(page, "e5")
    expect(page.locator("#board .m-selected")).to_have_count(1)


def assert_nothing_left(page, ply: str = "0") -> None:
    """Nothing of the game before on the board: no Redo, no selection, no result card."""
    expect(page.locator("body")).to_have_attribute("data-ply", ply, timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-drawing", "")
    expect(page.locator("#btn-redo")).to_be_disabled()
    expect(page.locator("#board .m-selected")).to_have_count(0)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("paused")


def test_a_new_game_starts_with_nothing_of_the_last(page, server):
    open_site(page, server.url)
    leave_a_game_half_done(page)
    new_game(page, "citadelle", "officers", "beginner")  # the officers move first: the player
    assert_nothing_left(page)
    expect(page.locator("#player-top")).to_contain_text("Computer")  # its own mode: against the computer
    expect(page.locator("#message")).not_to_contain_text("two players")


def test_the_save_at_start_brings_its_own_game_and_nothing_else(page, server):
    open_site(page, server.url)
    leave_a_game_half_done(page)
    new_game(page, "assault", "humans")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    assert_nothing_left(page)
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "true")  # a setting, kept with the save


def test_a_game_with_a_friend_starts_from_the_players_side_and_back_home_turns_back(page, server):
    open_site(page, server.url)
    leave_a_game_half_done(page)
    press(page, "#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="friend"]')
    page.select_option("#new-friend-side", "rebels")
    page.click("#new-start")
    expect(page.locator("body")).to_have_attribute("data-friend-state", "mine", timeout=ENGINE_MS)
    assert_nothing_left(page)  # friend.enter
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "false")  # the rebels at the bottom
    press(page, "#btn-friends")
    page.wait_for_selector("#dlg-friends[open]")
    before = int(page.evaluate("Number(document.body.dataset.synced || 0)"))
    page.click("#friends-home")
    wait_synced_after(page, before)
    expect(page.locator("body")).to_have_attribute("data-friend", "")
    # friend.home: the saved game of this device (the finished one, taken back to ply 3), without
    # its redo or selection, on the board the way it was turned before the friend's game.
    assert_nothing_left(page, "3")
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "true")


def test_a_study_restored_at_start_opens_its_chapter_with_nothing_of_the_last_game(page, server):
    open_site(page, server.url)
    press(page, "#btn-annotate")
    page.click("#study-start")
    expect(page.locator("#study-chapters button")).to_have_count(1)
    press(page, "#btn-annotate")
    leave_a_game_half_done(page)  # the imported game fills the study's blank chapter
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page.locator("#study-chapters button")).to_have_count(1)  # chapters.restore
    assert_nothing_left(page, "3")
