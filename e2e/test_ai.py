"""Against the AI in its worker: a whole game, cancelling, a dead worker replaced, a hint."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect
from test_offline import write_save

from helpers import (
    DEFAULT_MS,
    ENGINE_MS,
    click_point,
    move_list,
    moves,
    new_game,
    open_site,
    past_the_book,
    play,
    press,
    synced,
    targets,
    wait_synced_after,
)

# Assault with 17 rebels left, officers to move: short enough for a whole game in a test.
SHORT = "assault 3/3/RRO1ORR/R5R/RRR1RRR/1R1/3 o - 1"
MOVES_TO_END = 150  # far more of our moves than such a game lasts


def shown_ply(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.ply || 0)"))


def human_move(page) -> None:
    """Play the officers' move a beginner would: the first movable piece, then the first targets.
    Counted by the position shown (data-ply, drawn with the turn the caller waited for), not by
    data-synced: the computer's reply may still be on its way to being saved."""
    before = shown_ply(page)
    page.locator("#board .piece.movable").first.wait_for(timeout=ENGINE_MS)
    point = page.locator("#board .piece.movable").first.get_attribute("data-piece")
    click_point(page, point)
    page.locator("#board .point.target").first.wait_for(timeout=ENGINE_MS)  # the piece's moves are drawn
    while shown_ply(page) == before:
        shown = targets(page)
        if not shown:
            break
        click_point(page, shown[0])
        # the move is played, or the chain goes on from the point reached (its targets are others)
        page.wait_for_function(
            """([n, was]) => Number(document.body.dataset.ply || 0) > n
                || [...document.querySelectorAll('#board .point.target')].map(p => p.dataset.point).join() !== was""",
            arg=[before, ",".join(shown)],
            timeout=ENGINE_MS,
        )
    page.wait_for_function(f"Number(document.body.dataset.ply || 0) > {before}", timeout=ENGINE_MS)


def officers_to_the_end(context, server, level: str):
    """A saved game against the AI at ``level`` (an imported one opens for two players), played
    to its end: we play the officers. Returns the page at the end."""
    game = {"ruleset": "assault", "start": SHORT, "moves": [], "ply": 0}
    settings = {"mode": "officers", "level": level}
    write_save(context, server, json.dumps({"version": 2, "game": game, "settings": settings}))
    page = context.new_page()
    open_site(page, server.url)
    for _ in range(MOVES_TO_END):
        page.wait_for_function(
            "document.body.dataset.over === '1' || (document.body.dataset.turn === 'officers'"
            " && !document.body.dataset.thinking && document.querySelector('#board .piece.movable'))",
            timeout=ENGINE_MS,
        )
        if page.evaluate("document.body.dataset.over") == "1":
            return page
        human_move(page)
    raise AssertionError(f"the game did not end in {MOVES_TO_END} of our moves")


@pytest.mark.pages_only
def test_full_game_against_the_ai(context, server):
    page = officers_to_the_end(context, server, "beginner")
    expect(page.locator("#result-text")).to_have_text(
        re.compile(r"^(Officers win|Rebels win|Draw)"), use_inner_text=True
    )
    expect(page.locator("#status")).to_contain_text("Game over")
    assert len(moves(page)) > 4
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    assert '[Result "' in record and '[Result "*"]' not in record


def test_cancel_then_resume(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strongest")  # the AI plays the officers
    past_the_book(page)
    expect(page.locator("body")).to_have_attribute("data-thinking", "move", timeout=ENGINE_MS)
    expect(page.locator("#thinking")).to_be_visible()
    page.click("#btn-stop-ai")
    # Stop cuts the search short (the worker stops searching; its answer is not waited for to the end)
    expect(page.locator("body")).to_have_attribute("data-search-end", "cancelled")
    expect(page.locator("body")).to_have_attribute("data-thinking", "")
    expect(page.locator("#status")).to_contain_text("paused")
    expect(move_list(page)).to_have_count(5)
    before = synced(page)
    page.click("#btn-ai")
    wait_synced_after(page, before, timeout=DEFAULT_MS)
    expect(move_list(page)).to_have_count(6)


def test_dead_worker_is_replaced_and_the_game_goes_on(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strongest")
    # Pyodide thinks (not MicroPython)
    expect(page.locator("body")).to_have_attribute("data-engine", "ready", timeout=ENGINE_MS)
    past_the_book(page)
    expect(page.locator("body")).to_have_attribute("data-thinking", "move", timeout=ENGINE_MS)
    page.evaluate("asaltoBridge.killWorker('engine-1')")  # as if it had crashed: the page is not told
    expect(page.locator("body")).to_have_attribute("data-restarts", "1", timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-turn", "rebels", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(6)
    names = page.evaluate("asaltoBridge.workerNames()")  # light-1, the weaker levels', may be up too
    assert "engine-2" in names and "engine-1" not in names, names


def test_hint_shows_a_legal_move(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    page.click("#btn-hint")
    # Two players: the AI's worker starts only now, for the hint.
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint: ')", timeout=ENGINE_MS)
    hint = page.inner_text("#message")
    assert hint.startswith("Hint: d4-d5. ") and hint.endswith(".") and hint.count("(") <= 1  # no brackets in brackets
    # The hint is the engine's arrow, drawn over the pieces, the whole length of the move.
    expect(page.locator('#board .layer-over .arrow.engine[data-move="d4-d5"]')).to_have_count(1)


def test_undo_against_the_ai_returns_to_the_players_turn(page, server):
    """Undo takes back the player's move and the AI's reply; the player moves again at once."""
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "beginner")  # the player is the rebels, who start
    play(page, "d4", "d5")
    page.wait_for_function("document.body.dataset.ply === '2' && !document.body.dataset.thinking", timeout=ENGINE_MS)
    page.click("#btn-undo")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    expect(move_list(page)).to_have_count(0)
    expect(page.locator("#status")).to_contain_text("Your move")
    play(page, "d4", "d5")  # the board takes the player's move: no review lock
    page.wait_for_function("document.body.dataset.ply === '2' && !document.body.dataset.thinking", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(2)
    expect(page.locator("#announce")).to_have_text(
        re.compile("^Officers played "), use_inner_text=True
    )  # the AI's move is announced
