"""Every way another game comes onto the board (api.put_game, issue 37) leaves nothing of the game
before: Undo's redo stack, a selection half entered, the board turned round for that game, its
result card, its rules and mode, a huff pending, its review and the walk through its mistakes, the
analysis board's answer, the computer's search for it. Two paths have their tests elsewhere
(another tab's game: test_hardening; a game opened after Undo: test_page_flow); these are the
other five, and Restore previous while the computer thinks."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_huff import reach_huff
from test_review import reviewed, walk_state

from helpers import (
    ENGINE_MS,
    choose_mode,
    click_point,
    import_text,
    move_list,
    new_game,
    open_site,
    past_the_book,
    play,
    press,
    synced,
    wait_synced_after,
)

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
    choose_mode(page, "friend", "rebels")
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


def board_points(page) -> int:
    return page.locator("#board [id^='pt-']").count()


def test_a_new_game_in_other_rules_keeps_no_huff_pending_nor_the_rules_before(page, server):
    reach_huff(page, server)  # Asalto, two players: the rebels may huff the officer on d4
    click_point(page, "d4")
    expect(page.locator("#board .layer-over .m-huffing")).to_have_count(1)
    cross = board_points(page)
    new_game(page, "royal-garrison", "humans")
    assert_nothing_left(page)
    expect(page.locator("#board .m-huffing")).to_have_count(0)
    expect(page.locator("#panel-huff")).to_be_hidden()
    expect(page.locator("#status")).not_to_contain_text("to be removed")
    assert board_points(page) > cross  # Royal Garrison's own, larger board
    expect(page.locator("#game-title")).to_have_text("Royal Garrison")
    play(page, "d6", "d7")  # a move of the Royal Garrison game, then a game of Assault again
    page.focus("#board")
    for key in ["ArrowDown"] + ["ArrowUp"] * 9:  # the keyboard's cursor, up to the board's top edge
        page.keyboard.press(key)
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", re.compile(r"pt-\w+[89]$"))
    new_game(page, "assault", "humans")
    assert_nothing_left(page)
    # the cursor is not left on a point this board lacks (the cross has no rows 8 and 9)
    expect(page.locator("#board")).not_to_have_attribute("aria-activedescendant", re.compile(r"[89]$"))
    assert board_points(page) == cross
    expect(page.locator("#game-title")).to_have_text("Assault")


# Another game of Assault (a random one, with captures), as long as wanted.
OTHER = ["d4-d5", "e5-d6", "f4-e5", "d6xd4xf4xd6", "f3-f4", "d6-e7", "e3-e4", "e7-e6", "e4-e5", "e6xe4"]


def record_of(moves: list[str]) -> str:
    pairs = [" ".join(moves[i : i + 2]) for i in range(0, len(moves), 2)]
    return '[Ruleset "assault"]\n\n' + " ".join(f"{n}. {p}" for n, p in enumerate(pairs, 1)) + " *\n"


def test_a_reviewed_game_leaves_no_review_walk_or_analysis_to_the_game_opened_next(page, server):
    reviewed(page, server)
    page.click("#btn-learn")
    walk_state(page, "find")  # the walk: the board at the position before the player's first mistake
    ply = int(page.get_attribute("body", "data-ply"))
    press(page, "#btn-analysis")
    expect(page.locator("#btn-analysis")).to_have_attribute("aria-pressed", "true")  # drawn with its line
    wait = "Analysis: the engine is looking at this position"
    expect(page.locator("#analysis")).to_contain_text("Analysis:")
    expect(page.locator("#analysis")).not_to_contain_text(wait, timeout=4 * ENGINE_MS)
    seen = page.inner_text("#analysis")  # the engine's line for that position
    import_text(page, record_of(OTHER[:ply]))  # another game ending at the same ply: game.open_game
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))
    expect(page.locator("body")).to_have_attribute("data-drawing", "")
    # Drawn with this game: the answer for the game before is not shown for it, not even until the next.
    assert page.inner_text("#analysis") != seen
    expect(page.locator("#review-panel")).to_be_hidden()
    expect(page.locator("#panel-learn")).to_be_hidden()
    expect(page.locator("#btn-learn")).to_be_hidden()
    expect(page.locator("#moves")).not_to_contain_text("?")  # no review mark on this game's moves
    expect(page.locator("#analysis")).to_be_visible()  # still on: a mode of the page, not of a game


def test_restore_previous_while_the_computer_thinks_stops_that_search_and_the_restored_game_goes_on(page, server):
    """Issue 50: Restore previous opened while the computer thinks ends that search (its answer, for
    a game no longer on the board, is dropped unsaid), and the restored game, the computer's to
    move, gets its move; it used to wait for ever behind the search of the game it replaced."""
    body = page.locator("body")
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strongest")  # the computer plays the officers
    past_the_book(page)
    expect(body).to_have_attribute("data-thinking", "move", timeout=ENGINE_MS)
    page.click("#btn-stop-ai")  # paused at the computer's move: the game kept for Restore previous
    expect(body).to_have_attribute("data-thinking", "")
    import_text(page, "1. d4-d5 *")  # the paused game is filed as the previous one
    new_game(page, "assault", "rebels", "strongest")  # the previous game stays filed
    past_the_book(page)
    expect(body).to_have_attribute("data-thinking", "move", timeout=ENGINE_MS)
    press(page, "#btn-io")
    before = synced(page)
    page.click("#io-restore")
    wait_synced_after(page, before)
    page.click("#dlg-io button[value=close]")
    expect(move_list(page)).to_have_count(6, timeout=ENGINE_MS)  # the restored game's computer moved
    expect(body).to_have_attribute("data-turn", "rebels")
    expect(page.locator("#message")).not_to_contain_text("stopped thinking")  # the dropped answer is not said
