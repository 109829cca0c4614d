"""The position editor: set up a position by clicking, see what the rules refuse, play it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import ENGINE_MS, click_point, import_text, move_list, new_game, open_site, pieces, play, press


def test_set_up_a_position_and_play_it(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    press(page, "#btn-setup")
    page.wait_for_selector("#panel-setup:not([hidden])")
    page.select_option("#setup-ruleset", "asalto")  # the title above the board and its Rules: the setup's
    expect(page.locator("#game-title")).to_have_text("Asalto")
    page.click("#btn-rules-here")
    expect(page.locator("#rules-title")).to_have_text("Asalto")
    page.keyboard.press("Escape")
    page.click("#setup-cancel")  # and the game's again once the editor is closed
    expect(page.locator("#game-title")).to_have_text("Assault")
    press(page, "#btn-setup")
    page.wait_for_selector("#panel-setup:not([hidden])")
    page.click("#setup-clear")
    page.check('input[name="setup-tool"][value="officer"]')
    for p in ("d5", "c7", "e7"):
        click_point(page, p)
    expect(page.locator("#setup-message")).to_contain_text("3 officers, but assault has only 2")
    expect(page.locator("#setup-play")).to_be_disabled()
    click_point(page, "e7")  # the same piece again takes it off
    page.check('input[name="setup-tool"][value="rebel"]')
    for p in ("d4", "d2", "a3", "a4", "a5", "g3", "g4", "g5", "e1", "c1"):
        click_point(page, p)
    page.select_option("#setup-turn", "officers")
    expect(page.locator("#setup-message")).to_have_text("The rules allow this position.")
    expect(page.locator("#setup-text")).to_have_value(re.compile("^assault "))
    page.click("#setup-play")
    expect(page.locator("body")).to_have_attribute("data-editor", "", timeout=ENGINE_MS)
    assert pieces(page)["d5"] == "O" and len(pieces(page)) == 12
    play(page, "d5", "d3", "d1")  # the chain the teacher set up
    expect(move_list(page)).to_have_text(["d5xd3xd1"])
    # Its record is one PGN tools read: SetUp and FEN for the position, the result as 0-1 (the rebels,
    # who move first, first); read back from SetUp and FEN alone, it is the same game and result.
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    page.click("#dlg-io button[value=close]")
    assert '[SetUp "1"]' in record and '[FEN "assault ' in record and '[Result "0-1"]' in record, record
    assert record.rstrip().endswith("d5xd3xd1 0-1"), record
    import_text(page, "\n".join(line for line in record.splitlines() if not line.startswith("[Position ")))
    expect(move_list(page)).to_have_text(["d5xd3xd1"])
    expect(page.locator("#result-score")).to_have_text("0-1")


def test_the_editor_keeps_its_tool_shows_the_huff_it_embeds_and_says_when_the_game_is_over(page, server):
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    press(page, "#btn-setup")
    page.check('input[name="setup-tool"][value="officer"]')
    page.click("#setup-cancel")
    press(page, "#btn-setup")  # reopened: the tool shown is the tool used
    tool = page.locator('input[name="setup-tool"]:checked').get_attribute("value")
    click_point(page, "a3")  # the start's rebel there: the rebel tool takes it off
    assert tool == "rebel"
    expect(page.locator('#board .piece:not(.gone)[data-piece="a3"]')).to_have_count(0)
    click_point(page, "a3")
    page.check('input[name="setup-tool"][value="officer"]')
    click_point(page, "c6")
    click_point(page, "e6")
    page.select_option("#setup-turn", "rebels")
    page.check('input[name="setup-tool"][value="huff"]')
    click_point(page, "e6")
    expect(page.locator("#setup-text")).to_have_value(re.compile(" r e6 1$"))
    expect(page.locator('#board .m-huffable[data-mark="e6"]')).to_have_count(1)
    page.select_option("#setup-turn", "officers")  # no huff with the officers to move: none drawn
    expect(page.locator("#setup-text")).to_have_value(re.compile(" o - 1$"))
    expect(page.locator("#board .m-huffable")).to_have_count(0)
    page.select_option("#setup-turn", "rebels")
    # The embed keeps the huff: its frame draws it and says it.
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.click("#setup-embed")
    page.wait_for_function("document.getElementById('setup-message').textContent === 'Copied.'")
    snippet = page.evaluate("navigator.clipboard.readText()")
    src = snippet.split('src="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    frame = page.context.new_page()
    frame.goto(src)
    expect(frame.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    expect(frame.locator('#board .m-huffable[data-mark="e6"]')).to_have_count(1)
    expect(frame.locator("#status")).to_contain_text("may first huff the officer on e6")
    frame.close()
    # A position the rules allow but where the game is over is said so.
    page.click("#setup-clear")
    page.check('input[name="setup-tool"][value="officer"]')
    click_point(page, "e5")
    page.check('input[name="setup-tool"][value="huff"]')
    click_point(page, "e5")
    expect(page.locator("#setup-message")).to_contain_text("needs a rebel on the board")
    page.select_option("#setup-turn", "officers")
    expect(page.locator("#setup-message")).to_contain_text("the game is already over")
    expect(page.locator("#setup-message")).to_have_attribute("class", "warn")
