"""Nothing hidden, nothing covered: the huff choice and Stop here in view without scrolling, the
result beside the final position, on a desktop and on a phone."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import expect

from asalto_core import Board
from asalto_core.session import Session
from helpers import ENGINE_MS, click_point, import_text, new_game, open_site, play

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
        assert page.is_visible("#panel-huff") and in_view(page, '#huff-buttons [data-huff="d4"]')
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


def test_the_result_leaves_the_final_position_in_view(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, '[Ruleset "assault:win=24"]\n\n1. d4-d5 c5-c6 2. d3-d4 *')
    play(page, "e5", "c5")  # the forced capture; with house rules "fewer than 24" it wins at once
    expect(page.locator("body")).to_have_attribute("data-over", "1", timeout=ENGINE_MS)
    assert page.is_visible("#result")
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
        assert page.get_attribute("body", "data-ply") == "60"
        visible = """() => { const b = document.querySelector('#moves [aria-current="step"]').getBoundingClientRect();
            const w = document.getElementById("moves-wrap").getBoundingClientRect();
            return b.height > 0 && b.top >= w.top - 1 && b.bottom <= w.bottom + 1; }"""
        assert page.evaluate(visible)
        page.click('#moves button[data-ply="3"]')
        expect(page.locator("body")).to_have_attribute("data-ply", "3")
        assert page.evaluate(visible)
    finally:
        context.close()
