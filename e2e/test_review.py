"""Post-game review: the graph, the marked moves with the better move, jumping, an imported record."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import ENGINE_MS, import_text, moves, new_game, open_site, play, press

# Assault: the rebels' c3-d4 lets the officer on c5 jump three rebels (c5xe5xc3xc5).
LINE = [("d4", "d5"), ("e5", "d6"), ("c3", "d4"), ("c5", "e5", "c3", "c5"), ("c2", "c3"), ("d6", "e6")]
RECORD = '[Ruleset "assault"]\n\n1. d4-d5 e5-d6 2. c3-d4 c5xe5xc3xc5 3. c2-c3 d6-e6 *\n'


def review_done(page) -> None:
    page.wait_for_function(
        "document.querySelector('#review-status').textContent.startsWith('Review done')", timeout=4 * ENGINE_MS
    )


def test_a_finished_line_is_reviewed_and_the_mistake_shown(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    for points in LINE:
        play(page, *points)
    press(page, "#btn-review")
    page.wait_for_selector("#review-progress:not([hidden])", timeout=ENGINE_MS)  # progress while it searches
    review_done(page)
    assert page.locator("#review-graph svg.eval-graph polyline").count() == 1
    marks = page.locator("#review-marks button")
    assert marks.count() >= 1
    assert "c3-d4" in marks.first.inner_text()
    before = marks.first.bounding_box()
    marks.first.click()
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    assert marks.first.bounding_box()["y"] == before["y"]  # the note does not push the marks away
    note = page.inner_text("#review-note")
    assert "lets the officers capture 3" in note and "Better: " in note
    best = note.split("Better: ")[1].split(" ")[0]
    # The better move: the engine's arrow, over the pieces.
    assert page.locator(f'#board .layer-over .arrow.engine[data-move="{best}"]').count() == 1
    assert page.locator("#board .last-path").count() == 1  # and the move played
    page.click('#review-graph [data-ply="1"].g-hit')  # the graph jumps to a move
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    press(page, "#btn-io")
    assert "lets the officers capture 3" in page.input_value("#io-text").lower()  # the export carries the review
    page.click("#dlg-io button[value=close]")


def test_an_imported_record_is_reviewed(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, RECORD)
    assert moves(page) == ["d4-d5", "e5-d6", "c3-d4", "c5xe5xc3xc5", "c2-c3", "d6-e6"]
    press(page, "#btn-review")
    review_done(page)
    assert page.locator("#review-marks button").count() >= 1
