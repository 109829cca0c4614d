"""The weaker levels play in MicroPython's worker: a game against them never fetches Pyodide.

Pyodide (about 14 MB) is the strong levels, the review and the analysis: it loads when one of
them is chosen, and the page says so while it loads.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_ai import officers_to_the_end

from asalto_core import Position
from asalto_core.book import load, position_key
from helpers import ENGINE_MS, move_list, moves, new_game, open_site, play, press


def refuse_pyodide(context) -> list[str]:
    """Abort every request for Pyodide's files; the list of those asked for."""
    asked: list[str] = []

    def abort(route) -> None:
        asked.append(route.request.url)
        route.abort()

    context.route("**/pyodide/**", abort)
    return asked


def test_a_casual_game_to_its_end_without_pyodide(context, server):
    asked = refuse_pyodide(context)
    page = officers_to_the_end(context, server, "casual")  # casual plays the rebels
    expect(page.locator("#result-text")).to_have_text(
        re.compile("^(Officers win|Rebels win|Draw)"), use_inner_text=True
    )
    assert len(moves(page)) > 4
    body = page.evaluate("({...document.body.dataset})")
    assert body.get("light") == "ready" and "engine" not in body, body
    assert asked == []


def test_the_first_casual_reply_and_a_hint_without_pyodide(context, server):
    asked = refuse_pyodide(context)
    page = context.new_page()
    open_site(page, server.url)  # the first visit's game: we play the rebels, casual the officers
    play(page, "d4", "d5")
    page.wait_for_function("Number(document.body.dataset.ply || 0) >= 2", timeout=ENGINE_MS)
    press(page, "#btn-hint")
    page.wait_for_function("document.getElementById('message').textContent.includes('Hint')", timeout=ENGINE_MS)
    assert page.evaluate("document.body.dataset.engine") is None
    assert asked == []


def test_a_strong_game_loads_pyodide_and_says_so(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strong")  # the AI plays the officers, after our first move
    page.wait_for_function(
        "document.getElementById('message').textContent.includes('Pyodide')"
        " || document.body.dataset.engine === 'ready'",
        timeout=ENGINE_MS,
    )
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    expect(page.locator("#message")).not_to_contain_text("Pyodide")  # said while it loads, gone once it is up
    play(page, "d4", "d5")
    page.wait_for_function("Number(document.body.dataset.ply || 0) >= 2", timeout=ENGINE_MS)


@pytest.mark.pyodide_refused
def test_a_strong_games_first_replies_come_from_the_book_before_pyodide_is_up(context, server):
    """Pyodide's files are held back: the strongest level still answers the first moves at once,
    from the opening book; the first search after the book does not wait for Pyodide (MicroPython's
    worker searches), and once Pyodide is up it searches the moves after that."""
    book = load("assault")
    held = []
    context.route("**/pyodide/**", lambda route: held.append(route))  # neither answered nor refused: loading
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strongest")  # the AI plays the officers, after our move
    position = Position.start("assault")
    for n, (frm, to) in enumerate([("d4", "d5"), ("c4", "c5")], start=1):
        mine = position.play(f"{frm}-{to}") if f"{frm}-{to}" in {str(m) for m in position.legal_moves} else None
        if mine is None:  # the book's first reply took another path: play a legal rebel step
            step = next(m for m in position.legal_moves if not m.huff)
            frm, to = step.path
            mine = position.play(step)
        play(page, frm, to)
        page.wait_for_function(f"Number(document.body.dataset.ply || 0) >= {2 * n}", timeout=ENGINE_MS)
        reply = book.entries[position_key(mine)][0]
        expect(move_list(page).last).to_have_text(reply)
        position = mine.play(reply)
        expect(page.locator("body")).to_have_attribute("data-book-moves", str(n))
        expect(page.locator("body")).not_to_have_attribute("data-engine", "ready")
    assert held, "Pyodide was not even asked for"
    for route in held:
        route.continue_()
    context.unroute("**/pyodide/**")
    page.evaluate("""() => {
        window.thinkers = [];
        new MutationObserver(() => window.thinkers.push(document.body.dataset.thinker || ''))
            .observe(document.body, {attributes: true, attributeFilter: ['data-thinker']});
    }""")
    for n in (3, 4):
        if n == 4:  # Pyodide is up: it takes over from MicroPython
            expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
        step = next(m for m in position.legal_moves if not m.huff)
        play(page, *step.path)
        page.wait_for_function(f"Number(document.body.dataset.ply || 0) >= {2 * n}", timeout=ENGINE_MS)
        position = position.play(step).play(moves(page)[-1])
    expect(page.locator("body")).to_have_attribute("data-book-moves", "2")  # the third and fourth replies were searched
    thinkers = [t for t in page.evaluate("window.thinkers") if t]
    assert thinkers[-1] == "engine", thinkers
