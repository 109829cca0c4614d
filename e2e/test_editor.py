"""The position editor: set up a position by clicking, see what the rules refuse, play it."""

from __future__ import annotations

from helpers import ENGINE_MS, click_point, moves, new_game, open_site, pieces, play, press


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
    page.wait_for_function("document.body.dataset.editor === ''", timeout=ENGINE_MS)
    assert pieces(page)["d5"] == "O" and len(pieces(page)) == 12
    play(page, "d5", "d3", "d1")  # the chain the teacher set up
    assert moves(page) == ["d5xd3xd1"]
