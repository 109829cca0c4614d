"""Nothing hidden, nothing covered: the huff choice and Stop here in view without scrolling, the
result beside the final position, on a desktop and on a phone."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from asalto_core import Board
from asalto_core.session import Session
from helpers import ENGINE_MS, click_point, drawn, import_text, new_game, open_site, play

OPENING = [("c5", "e5"), ("d4", "d5"), ("e5", "d4"), ("e4", "e5"), ("c5", "c6")]  # asalto: d4 may be huffed
SIZES = [{"width": 1280, "height": 720}, {"width": 390, "height": 844}]


def in_view(page, selector: str) -> bool:
    """The element is wholly inside the viewport as the page stands (no scrolling done)."""
    return page.evaluate(
        """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
           return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }""",
        selector,
    )


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_huff_and_stop_here_are_in_view(browser, server, size):
    context = browser.new_context(viewport=size, has_touch=size["width"] < 600)
    page = context.new_page()
    try:
        open_site(page, server.url)
        new_game(page, "asalto", "humans")
        for move in OPENING:
            play(page, *move)
        page.evaluate("window.scrollTo(0, 0)")
        expect(page.locator("#panel-huff")).to_be_visible()
        assert in_view(page, '#huff-buttons [data-huff="d4"]')
        page.focus('#huff-buttons [data-huff="d4"]')
        page.keyboard.press("Enter")  # by keyboard too
        expect(page.locator('#huff-buttons [data-huff="d4"]')).to_have_attribute("aria-pressed", "true")
        play(page, "f4", "e4")
        play(page, "c6", "d6")
        play(page, "b5", "c5")
        page.evaluate("window.scrollTo(0, 0)")
        click_point(page, "d6")
        click_point(page, "d4")
        expect(page.locator("#panel-chain")).to_be_visible()
        expect(page.locator("body")).to_have_attribute("data-drawing", "")  # scrolled, once every part is drawn
        assert in_view(page, "#btn-stop-chain")
    finally:
        context.close()


SIDE = """() => {
    const box = (sel) => { const r = document.querySelector(sel).getBoundingClientRect();
                           return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const cut = [...document.querySelectorAll('#side button:not(.visually-hidden), #status, #huff-explain')]
        .filter(e => e.offsetParent && e.getBoundingClientRect().height > 0 && e.scrollWidth > e.clientWidth + 1)
        .map(e => e.id || e.textContent);
    return {board: box('#board'), side: box('#side'), moves: box('#moves-wrap'), huff: box('#panel-huff'),
            nav: box('#controls .nav'), toolbar: box('#controls .toolbar'), cut};
}"""


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR", "de-DE", "es-ES"])
def test_a_pending_huff_waits_under_the_moves_by_the_controls_on_a_laptop(browser, server, locale):
    """As lichess's pending actions: the huff's question under the move list, above |< < > >| and
    the toolbar, all of it on a 1280x720 screen in every language, the move shown in the list's
    view, the board where it was."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    page = context.new_page()
    try:
        open_site(page, server.url)
        new_game(page, "asalto", "humans")
        board = page.evaluate(SIDE)["board"]
        for move in OPENING:
            play(page, *move)
        expect(page.locator("#panel-huff")).to_be_visible()
        expect(page.locator("body")).to_have_attribute("data-drawing", "")
        b = page.evaluate(SIDE)
        assert b["board"] == board, "the board moved"
        assert b["moves"]["bottom"] <= b["huff"]["top"] and b["huff"]["bottom"] <= b["nav"]["top"], b
        assert b["toolbar"]["bottom"] <= min(b["side"]["bottom"], 720), (locale, b)
        assert not b["cut"], (locale, b["cut"])
        assert page.evaluate(
            """() => { const w = document.querySelector('#moves-wrap').getBoundingClientRect(),
                             m = document.querySelector('#mode').getBoundingClientRect(),
                             r = document.querySelector('#moves [aria-current="step"]').getBoundingClientRect();
                       return r.height > 0 && r.top >= Math.max(w.top, m.top) - 1
                              && r.bottom <= Math.min(w.bottom, m.bottom) + 1; }"""
        ), "the move shown is in the list's view"
    finally:
        context.close()


def test_the_result_leaves_the_final_position_in_view(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, '[Ruleset "assault:win=24"]\n\n1. d4-d5 c5-c6 2. d3-d4 *')
    play(page, "e5", "c5")  # the forced capture; with house rules "fewer than 24" it wins at once
    expect(page.locator("body")).to_have_attribute("data-over", "1", timeout=ENGINE_MS)
    expect(page.locator("#result")).to_be_visible()
    board = page.locator("#board").bounding_box()
    result = page.locator("#result").bounding_box()
    overlap_x = min(board["x"] + board["width"], result["x"] + result["width"]) - max(board["x"], result["x"])
    overlap_y = min(board["y"] + board["height"], result["y"] + result["height"]) - max(board["y"], result["y"])
    assert overlap_x <= 0 or overlap_y <= 0, "the result covers the board"


def long_record(plies: int = 60) -> str:
    """A seeded random Assault game of ``plies`` moves (none ending it), as a record."""
    rng = random.Random(4)
    board, session = Board("assault"), Session.new("assault")
    for _ in range(plies):
        assert not board.is_game_over(), "the seed's game ended early: pick another seed"
        move = rng.choice(board.legal_moves())
        board.push(move)
        session.play(str(move))
    return session.record()


@pytest.mark.parametrize("size", SIZES, ids=["desktop", "phone"])
def test_the_move_shown_is_in_the_move_lists_view(browser, server, size):
    """In a long game the list scrolls to the move shown, both at the end and when stepping back."""
    context = browser.new_context(viewport=size)
    page = context.new_page()
    try:
        open_site(page, server.url)
        new_game(page, "assault", "humans")
        import_text(page, long_record())
        expect(page.locator("body")).to_have_attribute("data-ply", "60")
        visible = """() => { const b = document.querySelector('#moves [aria-current="step"]').getBoundingClientRect();
            const w = document.getElementById("moves-wrap").getBoundingClientRect();
            return b.height > 0 && b.top >= w.top - 1 && b.bottom <= w.bottom + 1; }"""
        drawn(page)  # the move shown is scrolled to in the frame's last part
        assert page.evaluate(visible)
        page.click('#moves button[data-ply="3"]')
        expect(page.locator("body")).to_have_attribute("data-ply", "3")
        drawn(page)
        assert page.evaluate(visible)
    finally:
        context.close()
