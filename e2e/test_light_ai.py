"""The weaker levels play in MicroPython's worker: a game against them never fetches Pyodide.

Pyodide (about 14 MB) is the strong levels, the review and the analysis: it loads when one of
them is chosen, and the page says so while it loads.
"""

from __future__ import annotations

from test_ai import officers_to_the_end

from helpers import ENGINE_MS, moves, new_game, open_site, play, press


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
    assert page.inner_text("#result-text").startswith(("Officers win", "Rebels win", "Draw"))
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
    page.wait_for_selector("body[data-engine=ready]", timeout=ENGINE_MS)
    assert "Pyodide" not in page.inner_text("#message")  # said while it loads, gone once it is up
    play(page, "d4", "d5")
    page.wait_for_function("Number(document.body.dataset.ply || 0) >= 2", timeout=ENGINE_MS)
