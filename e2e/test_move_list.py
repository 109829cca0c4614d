"""The move list follows the game: the move shown is always in the list's view, a finished game
ends with its result, and every move is a target big enough to hit (WCAG 2.2 target size)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect
from test_accessibility import with_axe

from asalto_core.record import Game
from helpers import drawn, import_text, open_site


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


def test_a_finished_game_ends_with_its_result(page, server):
    text = record(None)
    assert "0-1" in text  # the officers win this one: the rebels' score is written first
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
