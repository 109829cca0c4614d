"""The position editor: set up a position by clicking, see what the rules refuse, play it."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import ENGINE_MS, click_point, import_text, moves, new_game, open_site, pieces, play, press


def test_set_up_a_position_and_play_it(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    press(page, "#btn-setup")
    page.wait_for_selector("#panel-setup:not([hidden])")
    page.click("#setup-clear")
    page.check('input[name="setup-tool"][value="officer"]')
    for p in ("d5", "c7", "e7"):
        click_point(page, p)
    assert "3 officers, but assault has only 2" in page.inner_text("#setup-message")
    assert page.is_disabled("#setup-play")
    click_point(page, "e7")  # the same piece again takes it off
    page.check('input[name="setup-tool"][value="rebel"]')
    for p in ("d4", "d2", "a3", "a4", "a5", "g3", "g4", "g5", "e1", "c1"):
        click_point(page, p)
    page.select_option("#setup-turn", "officers")
    assert page.inner_text("#setup-message") == "The rules allow this position."
    assert page.input_value("#setup-text").startswith("assault ")
    page.click("#setup-play")
    expect(page.locator("body")).to_have_attribute("data-editor", "", timeout=ENGINE_MS)
    assert pieces(page)["d5"] == "O" and len(pieces(page)) == 12
    play(page, "d5", "d3", "d1")  # the chain the teacher set up
    assert moves(page) == ["d5xd3xd1"]
    # Its record is one PGN tools read: SetUp and FEN for the position, the result as 0-1 (the rebels,
    # who move first, first); read back from SetUp and FEN alone, it is the same game and result.
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    page.click("#dlg-io button[value=close]")
    assert '[SetUp "1"]' in record and '[FEN "assault ' in record and '[Result "0-1"]' in record, record
    assert record.rstrip().endswith("d5xd3xd1 0-1"), record
    import_text(page, "\n".join(line for line in record.splitlines() if not line.startswith("[Position ")))
    assert moves(page) == ["d5xd3xd1"] and page.inner_text("#result-score") == "0-1"


def test_the_editor_keeps_its_tool_shows_the_huff_it_embeds_and_says_when_the_game_is_over(page, server):
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    press(page, "#btn-setup")
    page.check('input[name="setup-tool"][value="officer"]')
    page.click("#setup-cancel")
    press(page, "#btn-setup")  # reopened: the tool shown is the tool used
    tool = page.locator('input[name="setup-tool"]:checked').get_attribute("value")
    click_point(page, "a3")  # the start's rebel there: the rebel tool takes it off
    assert tool == "rebel" and "a3" not in pieces(page)
    click_point(page, "a3")
    page.check('input[name="setup-tool"][value="officer"]')
    click_point(page, "c6")
    click_point(page, "e6")
    page.select_option("#setup-turn", "rebels")
    page.check('input[name="setup-tool"][value="huff"]')
    click_point(page, "e6")
    assert page.input_value("#setup-text").endswith(" r e6 1")
    assert page.locator('#board .m-huffable[data-mark="e6"]').count() == 1
    page.select_option("#setup-turn", "officers")  # no huff with the officers to move: none drawn
    assert page.locator("#board .m-huffable").count() == 0 and page.input_value("#setup-text").endswith(" o - 1")
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
    assert frame.locator('#board .m-huffable[data-mark="e6"]').count() == 1
    assert "may first huff the officer on e6" in frame.inner_text("#status")
    frame.close()
    # A position the rules allow but where the game is over is said so.
    page.click("#setup-clear")
    page.check('input[name="setup-tool"][value="officer"]')
    click_point(page, "e5")
    page.check('input[name="setup-tool"][value="huff"]')
    click_point(page, "e5")
    assert "needs a rebel on the board" in page.inner_text("#setup-message")
    page.select_option("#setup-turn", "officers")
    assert "the game is already over" in page.inner_text("#setup-message")
    assert page.get_attribute("#setup-message", "class") == "warn"
