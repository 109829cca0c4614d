"""Huffing as an action on the board: the huffable officer is pressed (pointer or keyboard) to
huff it, marked 'to be removed' until the move is made, pressed again to cancel; the status line
says what is pending, and the move made carries the huff."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_accessibility import violations, with_axe

from helpers import click_point, move_list, new_game, open_site, pieces, play, synced, wait_synced_after

# Asalto: the officer that moves e5-d4 leaves a capture undone; the rebels may huff it.
OPENING = [("c5", "e5"), ("d4", "d5"), ("e5", "d4"), ("e4", "e5"), ("c5", "c6")]


def huff_shown(page) -> dict:
    """What the page shows of a pending huff, for ``expect``: the mark over d4, the faded officers,
    d4's point (its accessible name), the status line and the panel's button."""
    return {
        "mark": page.locator("#board .layer-over .m-huffing"),
        "faded": page.locator("#board .piece.huffing:not(.gone)"),
        "label": page.locator("#pt-d4"),
        "status": page.locator("#status"),
        "pressed": page.locator('#huff-buttons [data-huff="d4"]'),
    }


def reach_huff(page, server) -> None:
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    for move in OPENING:
        play(page, *move)


def test_the_officer_pressed_is_marked_to_be_removed_and_pressed_again_is_kept(page, server):
    reach_huff(page, server)
    shown = huff_shown(page)
    expect(shown["pressed"]).to_have_attribute("aria-pressed", "false")
    expect(shown["label"]).to_have_attribute("aria-label", re.compile("may be huffed; press to huff it"))
    expect(shown["status"]).to_contain_text("press it on the board")
    expect(shown["mark"]).to_have_count(0)
    expect(shown["faded"]).to_have_count(0)
    click_point(page, "d4")
    expect(shown["mark"]).to_have_attribute("data-mark", "d4")  # one mark, over d4
    expect(shown["faded"]).to_have_attribute("data-piece", "d4")
    page.wait_for_function("getComputedStyle(document.querySelector('#board .piece[data-piece=\"d4\"]')).opacity < 0.6")
    expect(shown["label"]).to_have_attribute(
        "aria-label", "d4, officer, to be removed with your move; press again to cancel"
    )
    expect(shown["status"]).to_contain_text(
        "the officer on d4 is to be removed with your move (press it again to cancel)"
    )
    expect(shown["pressed"]).to_have_attribute("aria-pressed", "true")  # the panel's buttons say the same
    assert pieces(page)["d4"] == "O", "nothing is removed before the move is made"
    click_point(page, "d4")  # pressed again: cancelled, and said so
    expect(shown["pressed"]).to_have_attribute("aria-pressed", "false")
    expect(shown["label"]).to_have_attribute("aria-label", re.compile("may be huffed"))
    expect(shown["mark"]).to_have_count(0)
    expect(shown["faded"]).to_have_count(0)
    expect(shown["status"]).not_to_contain_text("to be removed")
    play(page, "f4", "e4")
    expect(move_list(page).last).to_have_text("f4-e4")
    assert pieces(page)["d4"] == "O"


def test_the_huff_pressed_after_a_rebel_is_selected_goes_with_the_move(page, server):
    reach_huff(page, server)
    click_point(page, "f4")
    click_point(page, "d4")  # the rebel stays selected
    page.wait_for_selector("#board .layer-over .m-huffing")
    expect(page.locator("#pt-f4")).to_have_attribute("aria-label", re.compile("selected"))
    before = synced(page)
    click_point(page, "e4")
    wait_synced_after(page, before)
    expect(move_list(page).last).to_have_text("Hd4:f4-e4")
    expect(page.locator("#message")).to_contain_text("huffed the officer on d4")
    assert "d4" not in pieces(page)
    expect(page.locator("#board .m-huffing")).to_have_count(0)


def drag_point(page, frm: str, to: str) -> None:
    """Press on ``frm``, move in steps to ``to`` and let go there, as a mouse drags a piece."""
    a = page.locator(f'#board .point[data-point="{frm}"]').bounding_box()
    b = page.locator(f'#board .point[data-point="{to}"]').bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


@pytest.mark.parametrize("how", ["click", "drag"])
def test_a_rebel_steps_into_the_huffed_officers_point(page, server, how):
    """Hd4:c3-d4: the officer on d4 huffed, the rebel on c3 takes its point, by clicks and by a drag;
    the press on d4 is the step, not the huff cancelled."""
    reach_huff(page, server)
    click_point(page, "d4")
    page.wait_for_selector("#board .layer-over .m-huffing")
    before = synced(page)
    if how == "click":
        click_point(page, "c3")
        expect(page.locator("#pt-c3")).to_have_attribute("aria-label", re.compile("selected"))
        click_point(page, "d4")
    else:
        drag_point(page, "c3", "d4")
    wait_synced_after(page, before)
    expect(move_list(page).last).to_have_text("Hd4:c3-d4")
    assert pieces(page)["d4"] == "R" and "c3" not in pieces(page)


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
    expect(page.locator("#status")).to_contain_text("to be removed")
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
    expect(move_list(page).last).to_have_text("Hd4:f4-e4")
    assert "d4" not in pieces(page)


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
