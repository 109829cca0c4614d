"""The move list follows the game: the move shown is always in the list's view, a finished game
ends with its result, and every move is a target big enough to hit (WCAG 2.2 target size)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from test_accessibility import with_axe

from asalto_core.record import Game
from helpers import ENGINE_MS, click_point, drawn, import_text, open_site, press

SIZES = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}


def record(plies: int | None) -> str:
    """A game of the engine's own moves: the first legal step or leap for ``plies`` plies, or,
    with None, captures first until the game is over."""
    game = Game("assault")
    while game.outcome() is None and (plies is None or len(game.moves) < plies):
        legal = game.board.legal_moves
        leaps = [m for m in legal if "x" in str(m)]
        game.play((leaps if plies is None and leaps else legal)[0])
    return game.record()


def current_in_view(page) -> bool:
    """Whether the move shown is inside the list's visible box, below its sticky header."""
    return page.evaluate(
        """() => {
            const wrap = document.querySelector('#moves-wrap');
            const cur = wrap.querySelector('[aria-current="step"]');
            const box = wrap.getBoundingClientRect(), r = cur.getBoundingClientRect();
            const top = box.top + wrap.querySelector('thead').offsetHeight;
            return r.height > 0 && r.top >= top - 1 && r.bottom <= box.bottom + 1;
        }"""
    )


def wait_ply(page, ply: int) -> None:
    """Until the position after ``ply`` is shown and every part drawn (the list follows it last)."""
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))
    drawn(page)


def test_the_move_shown_stays_in_view_after_forty_plies_and_browsing(page, server):
    page.set_viewport_size({"width": 1280, "height": 720})  # a laptop's screen: forty plies do not fit
    open_site(page, server.url)
    import_text(page, record(40))
    wait_ply(page, 40)
    expect(page.locator('#moves [aria-current="step"]')).to_have_attribute("data-ply", "40")
    assert page.evaluate("(w => w.scrollHeight > w.clientHeight)(document.querySelector('#moves-wrap'))")  # it scrolls
    assert current_in_view(page)
    for ply in range(39, 29, -1):
        page.click("#nav-back")
        wait_ply(page, ply)
    assert current_in_view(page)
    page.click("#nav-first")
    wait_ply(page, 0)
    assert current_in_view(page)
    page.click("#nav-last")
    wait_ply(page, 40)
    assert current_in_view(page)


def in_the_window(page, selector: str) -> bool:
    """The element is on screen, under nothing fixed (a phone's toolbar, its sticky board)."""
    return page.evaluate(
        """(sel) => { const e = document.querySelector(sel), r = e.getBoundingClientRect();
                      return r.height > 0 && [r.top + 2, r.bottom - 2].every(
                          y => e.contains(document.elementFromPoint(r.left + r.width / 2, y))); }""",
        selector,
    )


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_a_finished_game_ends_with_its_result(browser, server, size):
    """The last move and the result card under it, both in the list's view and on screen, on a
    laptop and on a phone (where the list is a strip under the player's bar)."""
    text = record(None)
    assert "0-1" in text  # the officers win this one: the rebels' score is written first
    context = browser.new_context(viewport=size, has_touch=size["width"] < 600)
    page = context.new_page()
    try:
        open_site(page, server.url)
        import_text(page, text)
        page.wait_for_selector("#result:not([hidden])")
        drawn(page)
        card = page.inner_text("#result")
        assert card.startswith("0-1\n") and "Officers win" in card, card
        assert page.evaluate("document.querySelector('#moves-wrap').lastElementChild.id") == "result"
        assert current_in_view(page)
        box = page.evaluate(
            """() => { const w = document.querySelector('#moves-wrap').getBoundingClientRect(),
                             r = document.querySelector('#result').getBoundingClientRect();
                       return r.bottom <= w.bottom + 1; }"""
        )
        assert box, "the result is in view at the game's end"
        page.evaluate("window.scrollTo(0, 0)")
        for part in ('#moves [aria-current="step"]', "#result-score", "#result-rematch"):
            assert in_the_window(page, part), part
    finally:
        context.close()


def before_a_chain() -> tuple[str, list[str]]:
    """The captures-first game of ``record(None)`` up to the officers' first chain of two jumps
    after the fifteenth move (the list then scrolls), as a record, and that chain's points."""
    game = Game("assault")
    while True:
        legal = game.board.legal_moves
        leaps = [m for m in legal if "x" in str(m)]
        move = (leaps or legal)[0]
        if len(game.moves) >= 30 and str(move).count("x") >= 2:
            return game.record(), str(move).split("x")
        game.play(move)


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_move_shown_stays_in_view_while_a_chain_is_entered(browser, server, size):
    """A capture chain entered jump by jump late in a game: the list shows the move before it
    while the chain is entered, and the chain's move once it is made (not rows from before)."""
    text, points = before_a_chain()
    context = browser.new_context(viewport=size, has_touch=size["width"] < 600)
    page = context.new_page()
    try:
        open_site(page, server.url)
        import_text(page, text)
        shown = int(page.get_attribute("body", "data-ply"))
        assert shown >= 30
        page.evaluate("window.scrollTo(0, 0)")
        for point in points[:-1]:
            click_point(page, point)
        expect(page.locator("#board .piece.jumped")).to_have_count(len(points) - 2)
        drawn(page)
        assert current_in_view(page) and in_the_window(page, '#moves [aria-current="step"]')
        click_point(page, points[-1])
        wait_ply(page, shown + 1)
        drawn(page)
        assert current_in_view(page) and in_the_window(page, '#moves [aria-current="step"]')
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_move_is_a_big_enough_target(page, server, scheme):
    with_axe(page)
    page.emulate_media(color_scheme=scheme)
    open_site(page, server.url)
    import_text(page, '[Ruleset "assault"]\n\n1. d4-d5 c5-c6 (1... e5-e6 2. d3-d4 (2. e4-e5)) 2. d3-d4 *')
    page.wait_for_selector("#moves tr.variation button")
    rules = {"runOnly": {"type": "rule", "values": ["target-size"]}}
    found = page.evaluate(f"async () => (await axe.run('#moves', {json.dumps(rules)})).violations")
    assert found == [], [n["target"] for v in found for n in v["nodes"]]
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('#moves button')].map(b => [b.offsetWidth, b.offsetHeight])"
    )
    assert sizes and all(w >= 24 and h >= 24 for w, h in sizes), sizes


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
def test_the_keyboard_in_the_move_list_follows_the_move_shown(browser, server, size):
    """A move of the list focused, the arrows, Home and End browse the game and the focus goes with the
    move shown (it never drops to the page, a phone's strip too); End on the focused board goes to
    the last move, as the keys' help says."""
    context = browser.new_context(viewport=size, has_touch=size["width"] < 600)
    page = context.new_page()
    try:
        open_site(page, server.url)
        import_text(page, record(12))
        page.focus('#moves button[data-ply="12"]')
        focused_ply = "() => document.activeElement.dataset.ply || document.activeElement.tagName"
        for key, ply in (("ArrowLeft", "11"), ("ArrowLeft", "10"), ("ArrowRight", "11"), ("Home", "0"), ("End", "12")):
            page.keyboard.press(key)
            expect(page.locator("body")).to_have_attribute("data-ply", ply)
            page.wait_for_function(f"({focused_ply})() === '{ply}'")
        page.keyboard.press("Home")
        expect(page.locator("body")).to_have_attribute("data-ply", "0")
        page.focus("#board")
        page.keyboard.press("End")
        expect(page.locator("body")).to_have_attribute("data-ply", "12")
    finally:
        context.close()


# Every control the page shows (buttons, links, menus, fields), with its name and size where it is
# under WCAG 2.2's 24 by 24 CSS pixels.
SMALL_CONTROLS = """() => [...document.querySelectorAll('button, a[href], select, input:not([type=hidden]), summary')]
    .filter(b => b.offsetParent !== null && !b.closest('dialog:not([open])'))
    .map(b => [b.id || b.textContent.trim().slice(0, 20), b.getBoundingClientRect()])
    .filter(([name, r]) => r.width < 24 || r.height < 24)
    .map(([name, r]) => [name, Math.round(r.width), Math.round(r.height)])"""


def small_controls(page) -> dict[str, list]:
    """The controls under 24 pixels at each of SIZES (the page laid out again at each)."""
    found = {}
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        found[name] = page.evaluate(SMALL_CONTROLS)
    return found


def test_every_control_is_24_pixels_at_least_in_a_reviewed_finished_game(page, server):
    """The Rules link beside the title and the result card's buttons under a review were 18 and 20 px:
    on a desktop's screen and a phone's, one finished game reviewed."""
    open_site(page, server.url)
    assert small_controls(page) == {name: [] for name in SIZES}
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    press(page, "#result-review")
    page.wait_for_function(
        "document.querySelector('#review-status').textContent.startsWith('Review done')", timeout=4 * ENGINE_MS
    )
    assert small_controls(page) == {name: [] for name in SIZES}
