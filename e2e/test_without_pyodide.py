"""Nothing waits for Pyodide: with every request for its files refused, the strong levels reply
(on MicroPython, and the side card says so) and a review starts at once and finishes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_review import RECORD, review_done, reviewed

from helpers import ENGINE_MS, import_text, move_list, ms, new_game, open_site, past_the_book, press

pytestmark = pytest.mark.pyodide_refused  # every test here refuses Pyodide's files (conftest's context)


@pytest.fixture
def no_pyodide(context, console):
    """Every request for Pyodide's files refused (a phone whose download of it never ends)."""
    refused: list[str] = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context.route("**/pyodide/**", refuse)
    yield refused
    # The refused files, and PyScript's report of the worker that could not start (an event).
    said = ("pyodide", "net::err_failed", "messageevent")
    console.errors[:] = [e for e in console.errors if not any(s in e.lower() for s in said)]


def no_alarm(page) -> None:
    """Only the extra strength is missing: nothing on the page says an engine failed."""
    box = page.locator("#message")
    assert box.get_attribute("class") != "error", box.inner_text()
    assert "could not start" not in box.inner_text()


# Each state of the computer's card as the page draws it, with the engine thinking (body data-thinker).
CARDS_SEEN = """() => {
  const seen = (window.__cards = []);
  const note = () => seen.push([document.body.dataset.thinker || "", document.querySelector("#player-top").innerText]);
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true,
    attributes: true, attributeFilter: ["data-thinker"] });
}"""
THOUGHT_ON_MICROPYTHON = "window.__cards.some(([thinker, card]) => thinker === 'light' && /quick engine/i.test(card))"


def test_a_strong_level_replies_on_micropython_while_pyodide_never_comes(context, server, no_pyodide):
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "rebels", "strong")  # the player has the rebels, who move first
    page.evaluate(CARDS_SEEN)
    past_the_book(page)
    # While MicroPython thinks, the computer's card says so: the words are seen, whenever the test
    # looks (a busy machine may bring the reply, and the card's plain words, before it does).
    page.wait_for_function(THOUGHT_ON_MICROPYTHON, timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.ply) >= 6", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(6)
    # Pyodide's start ended: a start that never answers is given up after engine_client.START_MS (180 s)
    page.wait_for_function("document.body.dataset.engine === 'failed'", timeout=ms(180_000) + ENGINE_MS)
    no_alarm(page)


def test_a_whole_review_runs_on_micropython_while_pyodide_never_comes(context, server, no_pyodide):
    page = context.new_page()
    reviewed(page, server)
    rebels = page.locator("#review-summary tbody tr:first-child button")  # c3-d4 (ply 3) gave three away
    assert "3" in [rebels.nth(i).get_attribute("data-ply") for i in range(rebels.count())]
    assert page.evaluate("document.body.dataset.review") == "done"
    no_alarm(page)


def test_a_review_whose_workers_cannot_start_says_so_and_its_button_tries_again(context, server, console):
    """The workers' files refused: the review fails at once (tried twice), says why in plain
    words with its Try again button; with the files back, the second press finishes it."""
    context.route("**/worker.py", lambda route: route.abort())  # from the start: no worker ever up
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, RECORD)
    press(page, "#btn-review")
    page.wait_for_function("document.body.dataset.review === 'failed'", timeout=ENGINE_MS)
    expect(page.locator("#review-status")).to_contain_text("could not be downloaded")
    expect(page.locator("#btn-review-run")).to_have_text("Try again")
    expect(page.locator("#btn-review-run")).to_be_enabled()
    context.unroute("**/worker.py")
    page.click("#btn-review-run")
    review_done(page)
    assert page.evaluate("document.body.dataset.review") == "done"
    console.errors[:] = [e for e in console.errors if "net::err_failed" not in e.lower()]  # the refused files


def test_review_pressed_twice_while_it_starts_runs_once_and_never_says_stopped(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, RECORD)
    page.evaluate("""() => {
        window.reviewSaid = [];
        const status = document.querySelector('#review-status');
        new MutationObserver(() => window.reviewSaid.push(status.textContent))
            .observe(status, {childList: true, characterData: true, subtree: true});
    }""")
    press(page, "#btn-review")
    press(page, "#btn-review")
    review_done(page)
    said = page.evaluate("window.reviewSaid")
    assert not [s for s in said if "stopped" in s], said
    assert any(s.startswith("Review starting") or s.startswith("Reviewing") for s in said), said


def test_a_stopped_review_keeps_its_positions_and_the_same_button_goes_on(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, RECORD)
    page.evaluate("document.querySelector('#review-depth').value = 'deep'")  # long enough to stop
    press(page, "#btn-review")
    expect(page.locator("body")).to_have_attribute("data-review", "running", timeout=ENGINE_MS)
    page.wait_for_function("document.querySelector('#review-progress').value >= 1", timeout=ENGINE_MS)
    expect(page.locator("#btn-review-run")).to_have_text("Stop")
    page.click("#btn-review-run")
    expect(page.locator("body")).to_have_attribute("data-review", "stopped", timeout=ENGINE_MS)
    done = int(page.evaluate("document.querySelector('#review-progress').value"))
    assert done >= 1
    expect(page.locator("#review-status")).to_contain_text("stopped after")
    expect(page.locator("#btn-review-run")).to_have_text(
        re.compile("^(Go on with the review|Review the game)$"), use_inner_text=True
    )
    page.click("#btn-review-run")
    review_done(page)
