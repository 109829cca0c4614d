"""The analysis board's lines as lichess shows them: up to three, each a row with its score first and its
moves as buttons a click plays into the move list, the best as the engine's arrow; fewer where there are
fewer moves; the verdict in the page's language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import ENGINE_MS, drawn, import_text, move_list, new_game, open_site, press

# Assault after the rebels' one first move: the officers have six moves, so three lines.
OPENED = '[Ruleset "assault"]\n\n1. d4-d5 *\n'


def lines(page):
    return page.locator("#analysis-lines .line")


def three_lines_shown(page) -> None:
    """Analysis on, once the engine has answered with its three lines."""
    press(page, "#btn-analysis")
    expect(lines(page)).to_have_count(3, timeout=4 * ENGINE_MS)
    drawn(page)


def test_the_analysis_shows_three_lines_each_clickable_into_the_move_list(page, server):
    """Three rows, each its score first (a token and a chance, or #n), then its moves; three different
    first moves; the best line's first move is the arrow; a click on a move of the second line plays
    that line to it, a new line of the move list."""
    open_site(page, server.url)
    import_text(page, OPENED)
    three_lines_shown(page)
    rows = lines(page)
    firsts = [rows.nth(i).locator("button").first.inner_text() for i in range(3)]
    assert len(set(firsts)) == 3, firsts
    for i in range(3):
        score = rows.nth(i).locator(".score")
        assert re.fullmatch(r"\d+%|#\d+", score.inner_text().strip()), score.inner_text()
        expect(score.locator(".token")).to_have_count(1)
        expect(rows.nth(i)).to_have_attribute("aria-label", re.compile(rf"^Line {i + 1}: "))
    expect(page.locator("#board .layer-over .arrow.engine")).to_have_count(1)
    expect(page.locator(f'#board .layer-over .arrow.engine[data-move="{firsts[0]}"]')).to_have_count(1)
    second = rows.nth(1).locator("button")
    assert second.count() >= 2
    reply = second.nth(1).inner_text()
    second.nth(1).click()
    page.wait_for_function("document.body.dataset.ply === '3'")
    expect(move_list(page)).to_have_text(["d4-d5", firsts[1], reply])


def test_with_one_legal_move_the_analysis_shows_one_line(page, server):
    """Assault's start: the rebels have one move (d4-d5), so one line, and the text says "Best line"."""
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    press(page, "#btn-analysis")
    expect(lines(page)).to_have_count(1, timeout=4 * ENGINE_MS)
    expect(lines(page).first.locator("button").first).to_have_text("d4-d5")
    expect(page.locator("#analysis-text")).to_contain_text("Best line:")


@pytest.mark.parametrize(
    ("locale", "said"),
    [
        ("fr-FR", r"^Analyse : (Les \w+ (sont mieux|gagnent en \d+)|La partie est équilibrée).*Meilleures suites :$"),
        (
            "de-DE",
            r"^Analyse: (Die \w+ (stehen besser|gewinnen in \d+)|Das Spiel ist ausgeglichen).*Beste Fortsetzungen:$",
        ),
        ("es-ES", r"^Evaluación: (Los \w+ (están mejor|ganan en \d+)|La partida está igualada).*Mejores líneas:$"),
    ],
)
def test_the_analysis_verdict_is_in_the_pages_language(browser, server, locale, said):
    """The verdict over the lines ("Officers are better (64%)" in English) and each row's label, in
    French, German and Spanish: none of the engine's English words."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale)
    try:
        page = context.new_page()
        open_site(page, server.url)
        import_text(page, OPENED)
        three_lines_shown(page)
        text = page.locator("#analysis-text").inner_text()
        assert re.match(said, text), text
        labels = [lines(page).nth(i).get_attribute("aria-label") for i in range(3)]
        titles = [lines(page).nth(i).locator(".score").get_attribute("title") for i in range(3)]
        for words in [text, *labels, *titles]:
            assert not re.search(r"\b(better|balanced|win in|Officers|Rebels)\b", words), words
    finally:
        context.close()


def test_each_line_keeps_to_one_row_until_the_keyboard_reaches_it(page, server):
    """As lichess's, a line is one row beside the board (its later moves cut at the column's edge), and a
    move reached by the keyboard is never hidden: the focused line opens to show all its moves."""
    open_site(page, server.url)
    import_text(page, OPENED)
    three_lines_shown(page)
    rows = lines(page)
    button_height = rows.first.locator("button").first.bounding_box()["height"]
    for i in range(3):
        assert rows.nth(i).bounding_box()["height"] < 1.5 * button_height, i
    last = rows.nth(0).locator("button").last
    last.focus()
    box, row = last.bounding_box(), rows.nth(0).bounding_box()
    assert box["x"] + box["width"] <= row["x"] + row["width"] + 1, (box, row)
    assert box["y"] + box["height"] <= row["y"] + row["height"] + 1, (box, row)
