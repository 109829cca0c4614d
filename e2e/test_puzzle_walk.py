"""The trainer's flow between puzzles: the solution's playback stopped by Retry or Next, Next without
trying walking the set, and no puzzle's themes named before its first move in any view."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import ENGINE_MS

LONG = "rg0244"  # seven moves of Royal Garrison: a playback that takes a while


def open_trainer(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)


def test_retry_after_the_first_shown_move_stops_the_playback(page, server):
    open_trainer(page, server.url + f"puzzles.html?id={LONG}")
    page.click("#btn-solution")
    page.wait_for_selector('body[data-ply="1"]')
    page.click("#btn-retry")
    expect(page.locator("body")).to_have_attribute("data-playback", "stopped")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solving")
    expect(page.locator("#status")).to_have_text("Again from the start.")


def test_retry_before_the_first_shown_move_stops_the_playback(page, server):
    open_trainer(page, server.url + f"puzzles.html?id={LONG}")
    page.click("#btn-solution")
    page.click("#btn-retry")
    expect(page.locator("body")).to_have_attribute("data-playback", "stopped")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    page.click("#btn-solution")  # shown again, it plays out whole
    expect(page.locator("body")).to_have_attribute("data-playback", "done")
    expect(page.locator("body")).to_have_attribute("data-ply", "7")


def test_next_during_the_playback_stops_it(page, server):
    open_trainer(page, server.url + f"puzzles.html?id={LONG}")
    page.click("#btn-solution")
    page.wait_for_selector('body[data-ply="1"]')
    page.click("#btn-next")
    expect(page.locator("body")).to_have_attribute("data-playback", "stopped")
    expect(page.locator("#about-id")).not_to_have_text("#" + LONG)
    expect(page.locator("body")).to_have_attribute("data-ply", "0")


def test_next_without_trying_walks_the_set(page, server):
    open_trainer(page, server.url + "puzzles.html")
    shown = [page.inner_text("#about-id")]
    for _ in range(5):
        page.click("#btn-next")
        page.wait_for_function("ids => !ids.includes(document.querySelector('#about-id').textContent)", arg=shown)
        shown.append(page.inner_text("#about-id"))
    assert len(set(shown)) == 6, shown


def test_a_teachers_set_names_no_theme_before_the_first_move(page, server):
    page.goto(server.url + "embed.html?theme=chain&count=3")
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page.locator("#about-themes")).to_have_text("shown once solved")
    page.click("#btn-solution")
    expect(page.locator("#about-themes")).to_contain_text("Chain capture")
