"""The review and the analysis laid out as lichess's analysis board: the review under the board at its
width, the engine's gauge beside the board, the analysis's best move as an arrow and its line played
with a click; on a phone, the moves as a strip over the board that follows the move shown."""

from __future__ import annotations

import pytest
from conftest import Console, watched
from playwright.sync_api import expect
from test_move_list import record
from test_review import RECORD, review_done

from helpers import ENGINE_MS, drawn, import_text, move_list, new_game, open_site, press


@pytest.fixture(scope="module")
def reviewed(browser, server):
    """RECORD reviewed once at 1280x720, for the tests that read the review and step through its
    game (a review is the dearest set-up here: its MicroPython workers search every position)."""
    console, blocked = Console(), []
    context = watched(browser.new_context(viewport={"width": 1280, "height": 720}), blocked, console)
    try:
        page = context.new_page()
        open_site(page, server.url)
        import_text(page, RECORD)
        press(page, "#btn-review")
        review_done(page)
        yield page
    finally:
        context.close()
    assert not console.errors, "console errors:\n" + "\n".join(console.errors + console.lines[-20:])
    assert not blocked, f"requests left the site: {blocked}"


def test_on_a_laptop_the_review_lies_under_the_board_at_its_width_with_each_sides_figures(reviewed):
    """1280x720: the graph and the summary under the board, as wide as it, all in the window; each
    side's row names the side and gives its marks in words, its average loss and its accuracy."""
    page = reviewed
    drawn(page)
    board = page.locator("#board-wrap").bounding_box()
    for part in ("#review-graph", "#review-summary"):
        box = page.locator(part).bounding_box()
        assert box["y"] >= board["y"] + board["height"] - 1, (part, box, board)  # under the board
        assert abs(box["x"] - board["x"]) <= 12 and abs(box["width"] - board["width"]) <= 24, (part, box, board)
        assert box["y"] + box["height"] <= 720, (part, box)  # in the window, no scrolling
    heads = page.locator("#review-summary thead th").all_inner_texts()
    assert heads == ["Inaccuracies", "Mistakes", "Blunders", "Average loss", "Accuracy"], heads
    rows = page.locator("#review-summary tbody th").all_inner_texts()
    assert [r.split()[0] for r in rows] == ["Rebels", "Officers"], rows  # the names shown, not only a token
    loss = page.locator("#review-summary tbody tr:first-child td:nth-last-child(2)").inner_text()
    assert loss.isdigit() and int(loss) > 0, loss  # the rebels gave three rebels away


def gauge(page) -> tuple[int, str]:
    node = page.locator("#gauge")
    return int(node.get_attribute("aria-valuenow")), node.get_attribute("aria-valuetext")


def test_the_gauge_beside_the_board_follows_the_position_shown(reviewed):
    """After a review, the gauge right of the board (a meter with a name and a value) gives the
    officers' chance of the position shown: higher once the officer has jumped three rebels."""
    page = reviewed
    meter = page.locator("#gauge")
    expect(meter).to_be_visible()
    expect(meter).to_have_attribute("role", "meter")
    expect(meter).to_have_accessible_name("The officers' chance")
    box, board = meter.bounding_box(), page.locator("#board-wrap").bounding_box()
    assert board["x"] + board["width"] <= box["x"] and box["height"] >= board["height"] * 0.9, (box, board)
    page.click("#nav-first")
    page.wait_for_function("document.body.dataset.ply === '0'")
    press(page, "#nav-forward")
    press(page, "#nav-forward")
    page.wait_for_function("document.body.dataset.ply === '2'")
    drawn(page)
    before, _ = gauge(page)
    press(page, "#nav-forward")
    press(page, "#nav-forward")
    page.wait_for_function("document.body.dataset.ply === '4'")
    drawn(page)
    after, said = gauge(page)
    assert after > before, (before, after)
    assert said == f"Officers {after}%", said


def test_the_analysis_draws_its_best_move_as_an_arrow_and_a_click_plays_its_line(page, server):
    """Analysis on: the best move it gives is the engine's arrow on the board, and a move of its line
    clicked plays the line to that move (the moves in the list, the position after them shown)."""
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    press(page, "#btn-analysis")
    first = page.locator("#analysis-lines .line button").first
    expect(first).to_be_visible(timeout=4 * ENGINE_MS)
    best = first.inner_text()
    expect(page.locator(f'#board .layer-over .arrow.engine[data-move="{best}"]')).to_have_count(1)
    line = page.locator("#analysis-lines .line").first.locator("button")
    assert line.count() >= 2
    second = line.nth(1).inner_text()
    line.nth(1).click()
    page.wait_for_function("document.body.dataset.ply === '2'")
    expect(move_list(page)).to_have_text([best, second])


def test_on_a_phone_the_moves_are_a_strip_over_the_board_that_follows_the_move_shown(browser, server):
    """390x844: the moves in one row above the board (as lichess's mobile), the board whole under it;
    the strip scrolls sideways to the move shown, at the end and back at the start."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        open_site(page, server.url)
        import_text(page, record(40))
        drawn(page)
        strip = page.locator("#moves").bounding_box()
        board = page.locator("#board-wrap").bounding_box()
        assert strip["y"] + strip["height"] <= board["y"] + 1, (strip, board)  # over the board
        assert board["y"] >= 0 and board["y"] + board["height"] <= 844 and board["width"] <= 390
        buttons = [page.locator(f'#moves button[data-ply="{p}"]').bounding_box() for p in (1, 2, 3)]
        tops = {round(b["y"]) for b in buttons}
        assert len(tops) == 1, tops  # one row
        in_strip = """() => { const w = document.querySelector('#moves').getBoundingClientRect(),
                                c = document.querySelector('#moves [aria-current="step"]').getBoundingClientRect();
                              return c.width > 0 && c.left >= w.left - 1 && c.right <= w.right + 1; }"""
        page.wait_for_function(in_strip)  # the last move, at the end of the strip
        assert page.evaluate("document.querySelector('#moves').scrollLeft") > 0
        press(page, "#nav-first")
        page.wait_for_function("document.body.dataset.ply === '0'")
        page.wait_for_function(in_strip)
    finally:
        context.close()


@pytest.mark.parametrize("locale", ["en-US", "de-DE", "es-ES"])
def test_on_a_phone_the_reviews_figures_fit_the_screen_in_every_language(browser, server, locale):
    """390x844: the summary's five columns and both sides' rows within the review panel, the page not
    wider than the screen (its headers, "Accuracy" or "Genauigkeit", pushed it sideways by 1 and 28 px,
    and the Spanish table past its panel by 8 px)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, locale=locale)
    try:
        page = context.new_page()
        open_site(page, server.url)
        import_text(page, RECORD)
        press(page, "#btn-review")
        expect(page.locator("body")).to_have_attribute("data-review", "done", timeout=4 * ENGINE_MS)
        expect(page.locator("#review-summary")).to_be_visible()
        fit = page.evaluate(
            """() => { const panel = document.querySelector('#review-panel').getBoundingClientRect(),
                         table = document.querySelector('#review-summary').getBoundingClientRect();
                       return {panel: [panel.left, panel.right], table: [table.left, table.right],
                               page: document.documentElement.scrollWidth}; }"""
        )
        assert fit["page"] <= 390, fit
        assert fit["panel"][0] <= fit["table"][0] and fit["table"][1] <= fit["panel"][1], fit
    finally:
        context.close()
