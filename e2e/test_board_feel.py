"""The board's feel: a capture chain fades each rebel as it is jumped, and the loading badge at
first paint leaves the coordinates readable."""

from __future__ import annotations

from playwright.sync_api import expect
from test_play import OPENING

from helpers import click_point, new_game, open_site, pieces, play, synced, until_equal, wait_synced_after

# The rebels faded as jumped, in order of their points.
JUMPED = "() => [...document.querySelectorAll('#board .piece.jumped:not(.gone)')].map(n => n.dataset.piece).sort()"


def before_the_chain(page, server) -> None:
    """An Asalto game of two players where the officer on d6 can jump d5, then e4 (d6xd4xf4xd6)."""
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    for move in OPENING:
        play(page, *move)
    page.click('#huff-buttons [data-huff="d4"]')
    play(page, "f4", "e4")
    play(page, "c6", "d6")
    play(page, "b5", "c5")


def test_rebels_fade_as_the_chain_jumps_them(page, server):
    before_the_chain(page, server)
    before = synced(page)
    click_point(page, "d6")
    expect(page.locator('#board .point.target[data-point="d4"]')).to_have_count(1)  # d6 is chosen
    until_equal(page, JUMPED, [])
    click_point(page, "d4")
    until_equal(page, JUMPED, ["d5"])  # the first rebel fades at the first leap
    assert pieces(page)["d5"] == "R", "still on the board until the move is made"
    click_point(page, "f4")
    until_equal(page, JUMPED, ["d5", "e4"])
    click_point(page, "d6")  # the chain's end: the move is made, the rebels leave
    wait_synced_after(page, before)
    until_equal(page, JUMPED, [])
    assert not {"d5", "e4", "e5"} & set(pieces(page))


def test_a_chain_taken_back_unfades_its_rebels(page, server):
    before_the_chain(page, server)
    click_point(page, "d6")
    click_point(page, "d4")
    until_equal(page, JUMPED, ["d5"])
    page.keyboard.press("Escape")
    page.wait_for_function("!document.querySelector('#board .piece.jumped')")
    assert pieces(page)["d5"] == "R"


def test_the_loading_badge_leaves_the_coordinates_readable(page, server):
    """Measured at the load event, before the engine is up: the badge shows, over no coordinate."""
    page.add_init_script(
        """addEventListener('load', () => {
            const box = n => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            const badge = document.getElementById('loading');
            window.firstPaint = {
                ready: document.body.dataset.board === 'ready',
                shown: !badge.hidden && badge.getBoundingClientRect().height > 0,
                badge: box(badge),
                coords: [...document.querySelectorAll('#board .layer-coords text')].map(n => [n.textContent, box(n)]),
            };
        });"""
    )
    open_site(page, server.url)
    first = page.evaluate("window.firstPaint")
    assert not first["ready"] and first["shown"], first
    left, top, right, bottom = first["badge"]
    assert len(first["coords"]) >= 14, "file letters and rank numbers drawn at first paint"
    covered = [
        text for text, (x0, y0, x1, y1) in first["coords"] if x0 < right and x1 > left and y0 < bottom and y1 > top
    ]
    assert covered == [], covered
