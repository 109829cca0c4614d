"""Accessibility: axe-core (WCAG 2.2 AA) finds nothing on the game page, its dialogs, the embed and a puzzle."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from playwright.sync_api import expect
from test_embed import embed_url, open_embed

from helpers import ENGINE_MS, choose, new_game, open_site, play, press

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]  # 2.2 adds the size of targets (24 px) among others
ANNOTATED = """[Ruleset "assault"]

1. d4-d5! {The rebels open.} c5-c6 (1... e5-e6?! {Slower.}) 2. d3-d4 *
"""


def with_axe(page):
    """axe-core in every document the page loads (an init script, which the pages' CSP allows:
    a <script> tag added later would be inline script, which it forbids)."""
    page.add_init_script(path=str(AXE))
    return page


def violations(page, frame=None, tags=TAGS) -> list[str]:
    """axe-core's WCAG 2.2 AA violations (or those of ``tags``) in the page (or a frame), one line each."""
    target = frame or page
    found = target.evaluate(f"async () => (await axe.run(document, {{runOnly: {json.dumps(tags)}}})).violations")
    return [f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:4])})" for v in found]


def test_the_game_page_and_its_dialogs(page, server):
    with_axe(page)
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    play(page, "c5", "e5")
    page.click('#board .point[data-point="d4"]')  # a selection: targets and labels on the board
    assert violations(page) == []
    for button, dialog in (("#btn-new", "#dlg-new"), ("#btn-rules", "#dlg-rules"), ("#btn-io", "#dlg-io")):
        press(page, button)
        page.wait_for_selector(f"{dialog}[open]")
        assert violations(page) == [], dialog
        page.keyboard.press("Escape")


@pytest.mark.parametrize(("button", "dialog"), [("#btn-io", "#dlg-io"), ("#btn-friends", "#dlg-friends")])
def test_a_dialog_opened_from_the_menu_by_keyboard_gives_the_focus_back_to_the_menu(page, server, button, dialog):
    """Escape closes a dialog opened from the menu and the keyboard goes on from the menu's button
    (the command's own button is hidden with the menu; the focus was lost to the page's top)."""
    open_site(page, server.url)
    page.focus("#btn-menu")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:popover-open")
    page.focus(button)
    page.keyboard.press("Enter")
    page.wait_for_selector(f"{dialog}[open]")
    page.keyboard.press("Escape")
    expect(page.locator(dialog)).not_to_have_attribute("open", "")
    page.wait_for_function("document.activeElement.id === 'btn-menu'")


def test_the_embed_view_and_a_puzzle(page, server):
    with_axe(page)
    open_embed(page, embed_url(server, **{"record-url": "examples/assault-double-jump.txt", "ply": "3"}))
    assert violations(page) == []
    open_embed(page, embed_url(server, position="assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", answer="d4-d5"))
    expect(page.locator("body")).to_have_attribute("data-mode", "puzzle")
    assert violations(page) == []


@pytest.mark.parametrize("size", [(320, 380), (380, 660), (390, 844), (1280, 720)])
def test_an_annotated_record_in_the_embed_has_moves_big_enough_to_tap(page, server, size):
    """A teacher's annotated game in a frame and opened whole: each move of its list (side lines
    too) is a 24 px target at least (WCAG 2.2), and the board leaves its controls in the window
    (a wide one) or fills its width (a narrow one)."""
    with_axe(page)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_embed(page, embed_url(server, record=ANNOTATED, ply="3"))
    expect(page.locator("#moves button")).to_have_count(4)  # the side line's move too
    assert violations(page) == []
    sizes = page.evaluate("() => [...document.querySelectorAll('#moves button')].map(b => b.offsetHeight)")
    assert min(sizes) >= 24, sizes
    assert page.locator("#controls").bounding_box()["y"] < size[1]
    if size[0] < size[1]:  # a lesson's narrow frame: the board as wide as the frame
        assert page.locator("#board").bounding_box()["width"] >= size[0] - 20


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_site_links_on_a_phone_in_a_long_language_are_targets(page, server, lang):
    """On a phone the top bar's links (Puzzles, Bot lab, Learn the rules) wrap in French and
    Spanish: each stays a 24 px target apart from the next (WCAG 2.2), above the board."""
    with_axe(page)
    page.set_viewport_size({"width": 390, "height": 844})
    open_site(page, server.url)
    choose(page, "#lang-menu", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=ENGINE_MS)
    assert violations(page) == []
    links = [page.locator(f"#links a:nth-child({n})").bounding_box() for n in (1, 2, 3)]
    assert all(b["height"] >= 24 for b in links), links
    assert max(b["y"] + b["height"] for b in links) <= page.locator("#board-area").bounding_box()["y"]


def test_a_puzzle_is_solved_by_keyboard(page, server):
    open_embed(page, embed_url(server, position="assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", answer="d4-d5"))
    page.focus("#board")
    page.keyboard.press("ArrowDown")
    expect(page.locator("#board")).to_have_attribute("aria-activedescendant", "pt-d4")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "right", timeout=ENGINE_MS)


def test_the_puzzle_trainer_light_and_dark_and_a_teachers_frame(page, server):
    with_axe(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.goto(server.url + "puzzles.html")
        expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
        assert violations(page) == [], scheme
    page.click("#btn-solution")  # the solution played out: the line's marks and the solved state
    expect(page.locator("body")).to_have_attribute("data-puzzle", "shown", timeout=ENGINE_MS)
    assert violations(page) == []
    page.click("#btn-history")  # the history: a failed puzzle to replay, the table, the curve (dark)
    expect(page.locator("body")).to_have_attribute("data-view", "history")
    expect(page.locator("#failed-list button")).to_have_count(1)
    assert violations(page) == []
    page.emulate_media(color_scheme="light")
    assert violations(page) == []
    page.click("#btn-back")
    page.click("#btn-run")  # a streak run under way
    expect(page.locator("body")).to_have_attribute("data-run", "on")
    assert violations(page) == []
    page.goto(server.url + "puzzles.html?theme=chain&count=3&bg=dark")
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    assert violations(page) == []
