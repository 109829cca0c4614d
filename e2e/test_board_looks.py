"""The board's looks: piece sets and board colourings chosen in the menu, kept with the settings;
every mark at least 3:1 against every colouring's board and fortress in both themes, as the
browser draws them; the last move framed, never taken for a selection."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from test_design import MARK_KINDS
from test_embed import embed_url, open_embed
from test_puzzles import open_trainer

from asalto_core import svg
from helpers import ENGINE_MS, choose, click_point, new_game, open_site, play

# Each mark as the page draws it (test_design's table), with the teacher's highlight besides.
MARKS = {**MARK_KINDS, "highlight": '<circle class="m-highlight" r="42"/>'}

DRAWN = """(marks) => {
    const layer = document.querySelector('#board .layer-markers');
    const out = {};
    for (const [kind, svg] of Object.entries(marks)) {
        layer.innerHTML = svg;
        let node = layer.firstElementChild;
        if (node.tagName === 'g') node = node.firstElementChild;
        const s = getComputedStyle(node);
        out[kind] = s.stroke === 'none' ? s.fill : s.stroke;
    }
    layer.innerHTML = '';
    out.paper = getComputedStyle(document.querySelector('#board-wrap')).backgroundColor;
    out.fort = getComputedStyle(document.querySelector('#board .layer-fortress rect')).fill;
    return out;
}"""


def rgb(css: str) -> tuple[float, ...]:
    """An 'rgb(r, g, b)' colour as the browser computes it, as 0..1 channels."""
    inside = css[css.index("(") + 1 : css.index(")")].replace(",", " ").split()
    return tuple(float(c) / 255 for c in inside[:3])


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two computed colours."""

    def lum(c: str) -> float:
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in rgb(c)]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_mark_stands_out_on_every_board_colouring(browser, server, scheme):
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        open_site(page, server.url)
        grounds = set()
        for colouring in svg.BOARD_COLOURINGS:
            choose(page, "#colours-menu", colouring)
            page.wait_for_function(f"document.documentElement.dataset.colours === '{colouring}'")
            drawn = page.evaluate(DRAWN, MARKS)
            paper, fort = drawn.pop("paper"), drawn.pop("fort")
            grounds.add((paper, fort))
            for kind, colour in drawn.items():
                for ground in (paper, fort):
                    assert contrast(colour, ground) >= 3, (colouring, scheme, kind, colour, ground)
        assert len(grounds) == len(svg.BOARD_COLOURINGS), "each colouring draws its own board"
    finally:
        context.close()


def looks(page, pieces: str, colours: str) -> None:
    """Until the page's root says the piece set and colouring chosen (the board's CSS follows them)."""
    expect(page.locator("html")).to_have_attribute("data-pieces", pieces)
    expect(page.locator("html")).to_have_attribute("data-colours", colours)


def test_the_piece_set_and_colouring_chosen_are_shown_and_kept(page, server):
    open_site(page, server.url)
    shown = """() => ({
        crown: getComputedStyle(document.querySelector('#board .piece.officer .glyph')).display,
        crest: getComputedStyle(document.querySelector('#board .piece.officer .crest')).display,
        shine: getComputedStyle(document.querySelector('#board .piece.rebel .shine')).display,
        paper: getComputedStyle(document.querySelector('#board-wrap')).backgroundColor,
    })"""
    first = page.evaluate(shown)
    assert first["crown"] == "none" and first["crest"] != "none" and first["shine"] == "none"
    choose(page, "#pieces-menu", "crowns")
    choose(page, "#colours-menu", "green")
    looks(page, "crowns", "green")
    crowned = page.evaluate(shown)
    assert crowned["crown"] != "none" and crowned["crest"] == "none"
    assert crowned["paper"] != first["paper"]
    page.reload()
    page.wait_for_selector("body[data-board=ready]")
    assert page.evaluate(shown) == crowned, "kept with the settings"
    expect(page.locator("#pieces-menu")).to_have_value("crowns")
    expect(page.locator("#colours-menu")).to_have_value("green")
    choose(page, "#pieces-menu", "stones")
    looks(page, "stones", "green")
    assert page.evaluate(shown)["shine"] != "none"


def test_the_last_move_is_framed_not_ringed_like_a_selection(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    click_point(page, "c5")  # the officers' turn: a selection beside the last move
    expect(page.locator("#board .layer-markers .m-selected")).to_have_count(1)
    marks = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board .layer-markers > *')]
            .filter(n => /m-last|m-selected/.test(n.getAttribute('class')))
            .map(n => [n.getAttribute('class'), [n.tagName, getComputedStyle(n).fill, getComputedStyle(n).stroke]]))"""
    )
    last, selected = marks["m-last"], marks["m-selected"]
    assert last[0] == "rect" and selected[0] == "circle", "a square frame, never a ring"
    assert last[1] == "none" and selected[1] != "none", "the last move's points are not filled"
    assert last[2] != selected[2]


LOOK = """() => ({
    crown: getComputedStyle(document.querySelector('#board .piece.officer .glyph')).display,
    fort: getComputedStyle(document.querySelector('#board .layer-fortress rect')).fill,
})"""


def test_the_look_chosen_reaches_the_trainer_the_embed_and_the_lessons(page, server):
    """One choice in the game page's menu: the puzzle trainer, an embedded board and a lesson's
    boards show the same pieces and colouring; a frame's link may name its own."""
    open_site(page, server.url)
    plain = page.evaluate(LOOK)
    choose(page, "#pieces-menu", "crowns")
    choose(page, "#colours-menu", "green")
    looks(page, "crowns", "green")
    chosen = page.evaluate(LOOK)
    assert chosen["crown"] != "none" and plain["crown"] == "none" and chosen["fort"] != plain["fort"]
    page.wait_for_function("/crowns/.test(localStorage.getItem('asalto.save.v1'))")
    open_trainer(page, server.url + "puzzles.html")
    assert page.evaluate(LOOK) == chosen, "the trainer"
    open_embed(page, embed_url(server, ruleset="assault"))
    assert page.evaluate(LOOK) == chosen, "an embedded board"
    page.goto(server.url + "examples.html")
    lesson = page.locator("#ex-board").element_handle().content_frame()
    lesson.wait_for_selector("body[data-embed=ready]", timeout=ENGINE_MS)
    assert lesson.evaluate(LOOK) == chosen, "a lesson's board"
    open_embed(page, embed_url(server, ruleset="assault", pieces="discs", colours="wood"))
    assert page.evaluate(LOOK) == plain, "the link's own look"
    open_embed(page, embed_url(server, ruleset="assault", pieces="hats"))
    expect(page.locator("body")).to_contain_text("'pieces' must be discs, crowns, stones, not 'hats'")
