"""The phone layout (390x844) at a first visit, in each language: the move strip on top (as lichess's
mobile), the opponent's bar above the board, the player's bar below it, |< < > >| under that, the
toolbar at the bottom; nothing the player needs below the fold or under the fixed toolbar."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_accessibility import violations, with_axe
from test_huff import OPENING as HUFF_OPENING
from test_move_list import record

from helpers import ENGINE_MS, click_point, drawn, import_text, new_game, open_site, play, press

BOXES = """() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                           return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    return {
        top: box('#player-top'), board: box('#board-wrap'), bottom: box('#player-bottom'),
        moves: box('#moves-wrap'), start: box('#moves tr.start'), nav: box('#controls .nav'),
        status: box('#status'), toolbar: box('#controls .toolbar'),
        topText: document.querySelector('#player-top').innerText,
        bottomText: document.querySelector('#player-bottom').innerText,
    };
}"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE", "es-ES"])
def test_a_first_visit_on_a_phone_shows_both_bars_around_the_board_and_the_moves(browser, server, locale):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, locale=locale)
    try:
        page = context.new_page()
        open_site(page, server.url)
        b = page.evaluate(BOXES)
        # A first visit plays the rebels against the computer: the computer's bar on top.
        expect(page.locator("html")).to_have_attribute("lang", locale[:2])
        assert b["top"]["bottom"] <= b["board"]["top"] + 1, "the opponent's bar above the board"
        assert b["board"]["bottom"] <= b["bottom"]["top"] + 1, "the player's bar below the board"
        assert b["toolbar"]["bottom"] <= 844 + 1 and b["toolbar"]["top"] > 844 - 80, "the toolbar at the bottom"
        # The welcome's cards take the move strip's place until the first move (test_new_game).
        play(page, "d4", "d5")
        b = page.evaluate(BOXES)
        assert b["moves"]["bottom"] <= b["top"]["top"] + 1, "the move strip over the board and its bars (lichess's)"
        assert b["bottom"]["bottom"] <= b["nav"]["top"] + 1, "|< < > >| under the player's bar"
        for part in ("top", "board", "bottom", "start", "nav", "status"):
            box = b[part]
            assert box["top"] >= 0 and box["bottom"] <= b["toolbar"]["top"] + 1, (locale, part, box, b["toolbar"])
            assert box["left"] >= 0 and box["right"] <= 390 + 1, (locale, part, box)
    finally:
        context.close()


def test_the_bars_and_navigation_stay_in_view_during_a_game_on_a_phone(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        open_site(page, server.url)
        page.click("#welcome-humans")
        page.wait_for_selector("#welcome", state="hidden")
        for move in [("d4", "d5"), ("c5", "c6"), ("d3", "d4")]:
            play(page, *move)
        page.evaluate("window.scrollTo(0, 0)")
        b = page.evaluate(BOXES)
        for part in ("top", "board", "bottom", "nav", "status"):
            assert b[part]["top"] >= 0 and b[part]["bottom"] <= b["toolbar"]["top"] + 1, (part, b[part])
        current = page.locator('#moves button[aria-current="step"]').bounding_box()
        assert b["moves"]["top"] <= current["y"] and current["y"] + current["height"] <= b["moves"]["bottom"] + 1
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE", "es-ES"])
def test_a_pending_huff_is_said_above_the_toolbar_on_a_phone(browser, server, locale):
    """The huff's buttons, the move shown and the whole status line (three lines or four) stay
    above the fixed toolbar while a huff waits for the move."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, locale=locale)
    try:
        page = context.new_page()
        open_site(page, server.url)
        new_game(page, "asalto", "humans")
        for move in HUFF_OPENING:
            play(page, *move)
        click_point(page, "d4")
        page.wait_for_selector("#board .layer-over .m-huffing")
        drawn(page)  # the huff's buttons and the status, drawn beside the board
        page.evaluate("window.scrollTo(0, 0)")
        b = page.evaluate(BOXES)
        huff = page.locator("#huff-buttons").bounding_box()
        current = page.locator('#moves button[aria-current="step"]').bounding_box()
        assert huff["y"] + huff["height"] <= b["toolbar"]["top"] + 1, (locale, huff)
        assert b["moves"]["top"] <= current["y"] and current["y"] + current["height"] <= b["moves"]["bottom"] + 1
        for part in ("top", "board", "bottom", "nav", "status"):
            assert b[part]["top"] >= 0 and b[part]["bottom"] <= b["toolbar"]["top"] + 1, (locale, part, b[part])
    finally:
        context.close()


def test_the_phone_layout_passes_axe_light_and_dark_while_playing_huffing_at_the_result_and_after_a_review(
    browser, server
):
    """axe-core under WCAG 2.2 AA on a phone (390x844), in the light scheme and the dark: a game going
    on, a huff pending, the result, a finished review. The page's colours follow the scheme at once
    (style.css's light-dark()), so each moment is checked in both."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = with_axe(context.new_page())

        def in_both_schemes(moment: str) -> None:
            backgrounds = set()
            for scheme in ("light", "dark"):
                page.emulate_media(color_scheme=scheme)
                backgrounds.add(page.evaluate("getComputedStyle(document.body).backgroundColor"))
                assert violations(page) == [], (moment, scheme)
            assert len(backgrounds) == 2, (moment, backgrounds)  # each scheme's own colours were checked

        open_site(page, server.url)
        new_game(page, "asalto", "humans")
        for move in HUFF_OPENING[:3]:
            play(page, *move)
        in_both_schemes("playing")
        for move in HUFF_OPENING[3:]:
            play(page, *move)
        click_point(page, "d4")
        page.wait_for_selector("#board .layer-over .m-huffing")
        drawn(page)
        in_both_schemes("a huff pending")
        import_text(page, record(None))
        page.wait_for_selector("#result:not([hidden])")
        drawn(page)
        in_both_schemes("the result")
        press(page, "#btn-review")
        page.wait_for_selector("body[data-review=done]", timeout=4 * ENGINE_MS)
        in_both_schemes("the review done")
    finally:
        context.close()
