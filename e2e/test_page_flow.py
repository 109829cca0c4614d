"""The game page's flow (issue 23, "A game people enjoy"): opened games, messages that say what
happened and go when they no longer hold, the browsing status in the move list's terms, the
result box, the tab title, house rules, the AI's reply pace and the first visit."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from asalto_core import Board
from asalto_core.links import read_query, share_session
from helpers import (
    ENGINE_MS,
    choose,
    click_point,
    drawn,
    import_text,
    move_list,
    moves,
    new_game,
    open_site,
    play,
    press,
    synced,
    wait_synced_after,
)

# Assault where the officers win once fewer than 24 rebels remain: these moves end it.
QUICK_END = [("d4", "d5"), ("c5", "c6"), ("d3", "d4"), ("e5", "c5")]


def shows(page, selector: str, *texts: str) -> None:
    """Until the part ``selector`` shows each of ``texts`` (as a reader sees it: its inner text)."""
    for said in texts:
        expect(page.locator(selector)).to_contain_text(said, use_inner_text=True)


def shows_none(page, selector: str, *texts: str) -> None:
    """The part ``selector`` shows none of ``texts``: read once the frame is drawn."""
    drawn(page)
    for said in texts:
        expect(page.locator(selector)).not_to_contain_text(said, use_inner_text=True)


def assert_two_players_can_move(page, frm: str, to: str) -> None:
    """An opened game: both sides are the players', so the side to move moves at once."""
    shows(page, "#message", "two players")
    shows_none(page, "#status", "paused")
    for card in ("#player-top", "#player-bottom"):  # both sides' cards: no computer, no friend
        shows_none(page, card, "Computer", "friend")
    before = len(moves(page))
    play(page, frm, to)
    expect(move_list(page)).to_have_count(before + 1)


def test_a_shared_link_opens_for_two_players(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels")  # the AI plays the officers, who move next in the link
    page.goto("about:blank")
    open_site(page, server.url + "#ruleset=assault&moves=d4-d5")
    expect(page.locator("body")).to_have_attribute("data-turn", "officers")
    shows(page, "#message", "shared game")
    assert_two_players_can_move(page, "c5", "c6")
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])


def test_an_imported_game_and_the_restored_one_open_for_two_players(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels")
    import_text(page, "1. d4-d5 *")  # the officers (the AI's side) to move
    expect(page.locator("body")).to_have_attribute("data-turn", "officers")
    assert_two_players_can_move(page, "c5", "c6")
    import_text(page, "1. d4-d5 c5-c6 2. d3-d4 *")
    press(page, "#btn-io")
    before = synced(page)
    page.click("#io-restore")
    wait_synced_after(page, before)
    shows(page, "#io-message", "restored")
    shows_none(page, "#io-message", "imported")
    page.click("#dlg-io button[value=close]")
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])
    shows(page, "#message", "restored")
    assert_two_players_can_move(page, "d3", "d4")


def test_the_browsing_status_numbers_moves_as_the_list_does(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    for frm, to in [("d4", "d5"), ("c5", "c6"), ("d3", "d4")]:
        play(page, frm, to)
    shown = {}
    for ply in (0, 1, 2):
        page.click(f'#moves [data-ply="{ply}"]')
        expect(page.locator("body")).to_have_attribute("data-ply", str(ply))
        drawn(page)
        shown[ply] = page.inner_text("#status")
    # 1. d4-d5 c5-c6 2. d3-d4: three plies, two numbered moves.
    assert shown[1].startswith("Move 1 of 2") and "officers to move" in shown[1]
    assert shown[2].startswith("Move 1 of 2") and "rebels to move" in shown[2]
    assert shown[0].startswith("Start of the game (moves: 2)")


def test_taken_back_goes_with_redo(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    play(page, "c5", "c6")
    press(page, "#btn-undo")
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    shows(page, "#message", "taken back")
    press(page, "#btn-redo")
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    shows_none(page, "#message", "taken back")


def test_no_computer_in_a_two_player_game(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    shows_none(page, "#player-top", "Computer")
    shows_none(page, "#player-bottom", "Computer")
    new_game(page, "assault", "rebels")
    shows(page, "#player-top", "Computer · Beginner")  # the officers' card, at the top
    shows_none(page, "#player-bottom", "Computer")


def start_house_rules_with_the_details_closed(page) -> None:
    """Assault with win=24 chosen under Custom rules, the details then collapsed, and started."""
    press(page, "#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="humans"]')
    page.click("#new-custom summary")
    page.select_option('#custom-options select[data-option="win"]', "24")
    page.click("#new-custom summary")
    expect(page.locator("#new-custom")).not_to_have_attribute("open", "")
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)


def test_house_rules_are_kept_when_their_details_are_collapsed(page, server):
    open_site(page, server.url)
    start_house_rules_with_the_details_closed(page)
    for move in QUICK_END:
        play(page, *move)
    expect(page.locator("body")).to_have_attribute("data-over", "1")  # plain assault would go on
    press(page, "#btn-io")
    shared = share_session(read_query(page.input_value("#io-link").split("#", 1)[1]))
    assert shared is not None and shared.game.start.ruleset == "assault:win=24"


def test_the_result_stays_after_reload(page, server):
    open_site(page, server.url)
    start_house_rules_with_the_details_closed(page)
    for move in QUICK_END:
        play(page, *move)
    expect(page.locator("#result")).to_be_visible()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(4)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-score")).to_have_text("0-1")


def test_a_game_opened_after_undo_brings_no_redo_and_shows_its_own_result(page, server):
    """Another game comes onto the board without what belonged to the one before (api.put_game):
    Undo's redo stack; the opened game, finished, shows its own result card."""
    open_site(page, server.url)
    start_house_rules_with_the_details_closed(page)
    for move in QUICK_END:
        play(page, *move)
    expect(page.locator("#result")).to_be_visible()
    press(page, "#btn-undo")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    expect(page.locator("#btn-redo")).to_be_enabled()
    import_text(page, '[Ruleset "assault:win=24"]\n[Result "0-1"]\n\n1. d4-d5 c5-c6 2. d3-d4 e5xc5 0-1\n')
    expect(page.locator("body")).to_have_attribute("data-ply", "4")
    expect(page.locator("#btn-redo")).to_be_disabled()
    expect(page.locator("#result")).to_be_visible()


def test_a_click_where_the_computer_is_to_move_says_why_nothing_happens(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "beginner")  # the AI plays the officers
    play(page, "d4", "d5")
    page.wait_for_function("document.body.dataset.ply === '2' && !document.body.dataset.thinking", timeout=ENGINE_MS)
    page.click('#moves [data-ply="1"]')  # the officers, the computer's side, to move
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    click_point(page, "c5")
    shows(page, "#message", "computer's move")
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    expect(move_list(page)).to_have_count(2)


def test_move_labels_read_the_same_for_both_sides(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    play(page, "c5", "c6")
    labels = page.evaluate(
        """() => [...document.querySelectorAll('#moves button[data-ply]:not([data-ply="0"])')]
            .map(b => b.getAttribute('aria-label'))"""
    )
    assert labels == ["Move 1, rebels: d4-d5", "Move 1, officers: c5-c6"]


def test_the_tab_title_follows_the_language(page, server):
    open_site(page, server.url)
    expect(page).to_have_title("Asalto: the siege game")
    for lang, title in (("fr", "Asalto : le jeu du siège"), ("de", "Asalto: das Belagerungsspiel")):
        choose(page, "#lang-menu", lang)  # its catalog is fetched when first chosen
        page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=ENGINE_MS)
        expect(page).to_have_title(title)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page).to_have_title("Asalto: das Belagerungsspiel")
    choose(page, "#lang-menu", "en")
    expect(page).to_have_title("Asalto: the siege game")


def test_the_ai_reply_waits_until_the_players_move_was_seen(page, server):
    """The reply comes REPLY_PAUSE after the frame that showed the player's move was painted,
    by the page's own clock (its marks), however busy the machine."""
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "beginner")  # the beginner answers in tens of ms
    expect(page.locator("body")).to_have_attribute("data-light", "ready", timeout=ENGINE_MS)  # its worker: MicroPython
    play(page, "d4", "d5")
    expect(page.locator("body")).to_have_attribute("data-ply", "2", timeout=ENGINE_MS)
    # The reply's mark is set once the frame after the one that drew it is painted: waited for.
    expect(page.locator("body")).to_have_attribute("data-reply-shown", re.compile(r"\d"), timeout=ENGINE_MS)
    marks = page.evaluate("({painted: document.body.dataset.movePainted, reply: document.body.dataset.replyShown})")
    assert float(marks["reply"]) - float(marks["painted"]) >= 400, marks


def test_a_moves_garbage_is_collected_once_the_move_is_on_screen(page, server):
    """MicroPython's garbage is collected in a task of its own once the page is idle, after the
    frame that showed the move (the page's marks), not at the end of the click's task."""
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    expect(page.locator("body")).to_have_attribute("data-move-painted", re.compile(r"\d"), timeout=ENGINE_MS)
    page.wait_for_function(
        "(window.asaltoMarks.collected || 0) > Number(document.body.dataset.movePainted)", timeout=ENGINE_MS
    )


def test_a_first_visit_plays_the_side_that_moves_first_against_the_computer(page, server):
    open_site(page, server.url)
    shows(page, "#player-bottom", "You", "Rebels")
    shows(page, "#player-top", "Computer · Casual")
    expect(page.locator("#status")).to_have_text(re.compile(r"^Your move \(rebels\)"), use_inner_text=True)
    play(page, "d4", "d5")  # at once, while the AI may still be loading
    expect(move_list(page).first).to_have_text("d4-d5")
    new_game(page, "assault", "officers")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    shows(page, "#player-top", "You", "Officers")  # saved settings kept


def test_restoring_a_game_against_the_computer_keeps_playing_the_computer(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "beginner")  # the computer plays the officers
    play(page, "d4", "d5")
    expect(page.locator("body")).to_have_attribute("data-ply", "2", timeout=ENGINE_MS)
    import_text(page, "1. d4-d5 *")  # an imported game: two players
    press(page, "#btn-io")
    before = synced(page)
    page.click("#io-restore")
    wait_synced_after(page, before)
    page.click("#dlg-io button[value=close]")
    expect(move_list(page)).to_have_count(2)
    played = moves(page)
    shows_none(page, "#message", "two players")
    board = Board("assault")
    for move in played:
        board.push(move)
    step = next(m for m in board.legal_moves if len(m.path) == 2)  # whatever the computer replied
    play(page, *step.path)
    expect(page.locator("body")).to_have_attribute("data-ply", "4", timeout=ENGINE_MS)  # the computer answers
