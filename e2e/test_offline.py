"""Offline after the first visit (service worker), and a corrupt save that must not blank the page."""

from __future__ import annotations

from conftest import Server

from helpers import ENGINE_MS, moves, new_game, open_site, play


def test_plays_offline_after_the_first_visit(context):
    srv = Server()
    page = context.new_page()
    open_site(page, srv.url)
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    srv.stop()  # the site is gone: everything must now come from the service worker's cache
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    assert moves(page) == ["d4-d5"]
    play(page, "c5", "c6")
    assert moves(page) == ["d4-d5", "c5-c6"]


def test_corrupt_save_gives_a_message_and_a_fresh_board(page, server):
    open_site(page, server.url)
    page.evaluate("localStorage.setItem('asalto.save.v1', '{not json')")
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    assert "could not be read" in page.inner_text("#message")
    assert page.locator("#board .piece").count() == 26
    assert page.evaluate("localStorage.getItem('asalto.save.corrupt')") == "{not json"
    # A save whose moves the engine rejects: same, and the board is the rules' start.
    page.evaluate(
        """localStorage.setItem('asalto.save.v1', JSON.stringify({version: 1,
        game: {ruleset: 'assault', start: '', moves: ['d4-d5', 'c3-c9'], ply: 2},
        view: JSON.parse(localStorage.getItem('asalto.save.v1')).view, settings: {mode: 'humans'}}))"""
    )
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    assert "could not be read" in page.inner_text("#message")
    assert moves(page) == []


def test_keyboard_play(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    page.focus("#board")
    page.keyboard.press("ArrowDown")  # the cursor appears on the first piece that can move
    assert "[d4, rebel]" in page.inner_text("#status")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    assert "[d5," in page.inner_text("#status")
    before = page.evaluate("Number(document.body.dataset.synced)")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.synced) > {before}")
    assert moves(page) == ["d4-d5"]
    assert page.get_attribute('#board .point[data-point="d5"]', "aria-label") == "d5, rebel"
