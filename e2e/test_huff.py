"""Huffing as an action on the board: the huffable officer is pressed (pointer or keyboard) to
huff it, marked 'to be removed' until the move is made, pressed again to cancel; the status line
says what is pending, and the move made carries the huff."""

from __future__ import annotations

import pytest
from test_accessibility import violations, with_axe

from helpers import click_point, moves, new_game, open_site, pieces, play, synced, wait_synced_after

# Asalto: the officer that moves e5-d4 leaves a capture undone; the rebels may huff it.
OPENING = [("c5", "e5"), ("d4", "d5"), ("e5", "d4"), ("e4", "e5"), ("c5", "c6")]


def huff_shown(page) -> dict:
    """What the page shows of a pending huff: the mark over d4, the officer's look, its point's
    accessible name, the status line and the panel's button."""
    return page.evaluate(
        """() => ({
            mark: [...document.querySelectorAll('#board .layer-over .m-huffing')].map(n => n.dataset.mark),
            faded: [...document.querySelectorAll('#board .piece.huffing:not(.gone)')].map(n => n.dataset.piece),
            opacity: Number(getComputedStyle(document.querySelector('#board .piece[data-piece="d4"]')).opacity),
            label: document.querySelector('#pt-d4').getAttribute('aria-label'),
            status: document.querySelector('#status').innerText,
            pressed: document.querySelector('#huff-buttons [data-huff="d4"]').getAttribute('aria-pressed'),
        })"""
    )


def reach_huff(page, server) -> None:
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    for move in OPENING:
        play(page, *move)


def test_the_officer_pressed_is_marked_to_be_removed_and_pressed_again_is_kept(page, server):
    reach_huff(page, server)
    before = huff_shown(page)
    assert before["mark"] == [] and before["faded"] == [] and before["pressed"] == "false"
    assert "may be huffed; press to huff it" in before["label"]
    assert "press it on the board" in before["status"]
    click_point(page, "d4")
    page.wait_for_selector("#board .layer-over .m-huffing")
    chosen = huff_shown(page)
    assert chosen["mark"] == ["d4"] and chosen["faded"] == ["d4"]
    page.wait_for_function("getComputedStyle(document.querySelector('#board .piece[data-piece=\"d4\"]')).opacity < 0.6")
    assert chosen["label"] == "d4, officer, to be removed with your move; press again to cancel"
    assert "the officer on d4 is to be removed with your move (press it again to cancel)" in chosen["status"]
    assert chosen["pressed"] == "true"  # the panel's buttons say the same
    assert pieces(page)["d4"] == "O", "nothing is removed before the move is made"
    click_point(page, "d4")  # pressed again: cancelled, and said so
    page.wait_for_selector("#board .layer-over .m-huffing", state="detached")
    again = huff_shown(page)
    assert again["faded"] == [] and again["pressed"] == "false" and "may be huffed" in again["label"]
    assert "to be removed" not in again["status"]
    play(page, "f4", "e4")
    assert moves(page)[-1] == "f4-e4" and pieces(page)["d4"] == "O"


def test_the_huff_pressed_after_a_rebel_is_selected_goes_with_the_move(page, server):
    reach_huff(page, server)
    click_point(page, "f4")
    click_point(page, "d4")  # the rebel stays selected
    page.wait_for_selector("#board .layer-over .m-huffing")
    assert "selected" in page.get_attribute("#pt-f4", "aria-label")
    before = synced(page)
    click_point(page, "e4")
    wait_synced_after(page, before)
    assert moves(page)[-1] == "Hd4:f4-e4"
    assert "d4" not in pieces(page) and "huffed the officer on d4" in page.inner_text("#message")
    assert page.locator("#board .m-huffing").count() == 0


def cursor_to(page, point: str) -> None:
    """Walk the board's keyboard cursor to ``point`` with the arrow keys, as a keyboard user does."""
    page.focus("#board")
    page.keyboard.press("ArrowUp")  # the cursor shows
    for _ in range(20):
        now = (page.get_attribute("#board", "aria-activedescendant") or "")[3:]
        if now == point:
            return
        here = page.locator(f"#pt-{now}").bounding_box()
        there = page.locator(f"#pt-{point}").bounding_box()
        dx, dy = there["x"] - here["x"], there["y"] - here["y"]
        if abs(dx) > 5:
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the cursor never reached {point}")


def test_the_keyboard_huffs_on_the_officers_point(page, server):
    reach_huff(page, server)
    cursor_to(page, "d4")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .layer-over .m-huffing")
    assert "to be removed" in page.inner_text("#status")
    page.keyboard.press("Enter")  # again: cancelled
    page.wait_for_selector("#board .layer-over .m-huffing", state="detached")
    page.keyboard.press("Enter")
    page.wait_for_selector("#board .layer-over .m-huffing")
    cursor_to(page, "f4")
    page.keyboard.press("Enter")
    cursor_to(page, "e4")
    before = synced(page)
    page.keyboard.press("Enter")
    wait_synced_after(page, before)
    assert moves(page)[-1] == "Hd4:f4-e4" and "d4" not in pieces(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_a_pending_huff_is_accessible(browser, server, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 720})
    try:
        page = with_axe(context.new_page())
        reach_huff(page, server)
        click_point(page, "d4")
        page.wait_for_selector("#board .layer-over .m-huffing")
        assert violations(page) == []
    finally:
        context.close()
