"""The panel beside the board shows the game's state once: the players' bars (what each side took,
whose turn), one status line, a finished game's result as a card at the end of its moves (the
score, the reason, Rematch, Review, New game), and no visible sentence said twice in any state."""

from __future__ import annotations

import json
import re

import pytest
from conftest import CSP_WATCH, LOCAL
from playwright.sync_api import expect
from test_accessibility import violations, with_axe
from test_move_list import record

from asalto_core.session import SAVE_VERSION, Session
from helpers import ENGINE_MS, import_text, move_list, new_game, open_site, past_the_book, play

# Every visible text of the panel (its own text nodes, a move of the list excepted: a game may
# repeat a move), and those that appear more than once.
REPEATED = """() => {
    const seen = new Set(), twice = [];
    for (const node of document.querySelectorAll('#side *')) {
        if (node.closest('#moves tbody, .visually-hidden')) continue;
        if (!node.checkVisibility({visibilityProperty: true, opacityProperty: true})) continue;
        const own = [...node.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent)
            .join(' ').replace(/\\s+/g, ' ').trim();
        if (!/\\p{L}/u.test(own)) continue;
        if (seen.has(own)) twice.push(own); else seen.add(own);
    }
    return twice;
}"""


def repeated_when(page, condition: str, action=None) -> list[str]:
    """The panel's repeated texts at the moment ``condition`` (JS) first holds, after ``action`` (a
    player's step) if given. A MutationObserver reads them in the microtask after the change that
    made it hold, so a state that lasts a moment (the position between the player's move and the
    book's reply) is not missed, as a poll on a busy machine missed it."""
    page.evaluate(
        f"""() => {{
        if (window.__panelWatch) window.__panelWatch.disconnect();
        window.__panelSeen = undefined;
        const look = () => {{
            if (window.__panelSeen !== undefined || !({condition})) return;
            window.__panelSeen = ({REPEATED})();
            window.__panelWatch.disconnect();
        }};
        window.__panelWatch = new MutationObserver(look);
        const all = {{subtree: true, childList: true, attributes: true, characterData: true}};
        window.__panelWatch.observe(document, all);
        look();
    }}"""
    )
    if action is not None:
        action()
    page.wait_for_function("window.__panelSeen !== undefined", timeout=4 * ENGINE_MS)
    return page.evaluate("window.__panelSeen")


def test_no_sentence_twice_while_the_computer_loads_and_thinks(browser, server):
    """Against a strong level while Pyodide is held back: no word of its loading (a player never
    asked about it), the player moves, and the computer thinks on MicroPython meanwhile."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    held = []
    context.route("**/pyodide/**", lambda route: held.append(route))  # loading as long as the test runs
    context.route(lambda url: not url.startswith(LOCAL), lambda route: route.abort())
    context.add_init_script(CSP_WATCH)
    try:
        page = context.new_page()
        open_site(page, server.url)
        new_game(page, "assault", "rebels", "strong")
        assert repeated_when(page, "document.body.dataset.engine === 'starting'") == []
        expect(page.locator("#side")).not_to_contain_text(re.compile("Pyodide|MB|Loading"))
        assert repeated_when(page, "document.body.dataset.ply === '1'", lambda: play(page, "d4", "d5")) == []  # playing
        # The computer's reply in before the player's next move (a click in its turn is no move).
        page.wait_for_function("Number(document.body.dataset.ply || 0) >= 2", timeout=ENGINE_MS)
        past_the_book(page)
        assert repeated_when(page, "document.body.dataset.thinking === 'move'") == []  # the computer thinks
        expect(page.locator("#side")).not_to_contain_text(re.compile("Pyodide|MB|Loading"))  # still loading: unsaid
    finally:
        for route in held:
            route.abort()
        context.close()


def test_no_sentence_twice_from_the_result_to_the_review_and_back(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    assert repeated_when(page, "document.body.dataset.over === '1'") == []  # game over
    page.click("#result-review")
    assert repeated_when(page, "document.body.dataset.review === 'running'") == []
    expect(page.locator("#btn-review-run")).to_have_text("Stop")  # the review's one button, while it runs
    assert repeated_when(page, "document.body.dataset.review === 'done'") == []
    page.click("#nav-back")
    assert repeated_when(page, "document.body.dataset.over === '0'") == []  # browsing back


def test_the_result_card_ends_the_moves_with_the_score_and_what_comes_next(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    expect(page.locator("#status")).to_have_text("Game over.")  # the status says it; the card says how
    expect(page.locator("#result-score")).to_have_text("0-1")  # the rebels' score first, as PGN writes it
    expect(page.locator("#result-text")).to_have_text(re.compile("^Officers win: "), use_inner_text=True)
    expect(page.locator("#result button:visible")).to_have_text(["Rematch", "Review", "New game"])
    card = page.locator("#result").bounding_box()
    wrap = page.locator("#moves-wrap").bounding_box()
    assert card["y"] + card["height"] <= wrap["y"] + wrap["height"] + 1  # in the list's view, under the last move
    # the officers' bar shows the rebels they took
    expect(page.locator('.player[data-side="officers"] .count')).to_have_text(
        re.compile("^[1-9][0-9]*$"), use_inner_text=True
    )
    page.click("#nav-first")
    page.wait_for_function("document.body.dataset.ply === '0'")
    expect(page.locator("#result")).to_be_visible()  # the result stays at the end of the moves while browsing
    expect(page.locator("#player-top .count")).to_have_text("")
    expect(page.locator("#player-bottom .count")).to_have_text("")


def finished_save(mode: str) -> str:
    """A saved finished game (the officers won) played against the computer in ``mode``."""
    session, _ = Session.from_text(record(None))
    blob = session.saved()
    blob["version"] = SAVE_VERSION
    blob["settings"] = {"ruleset": "assault", "mode": mode, "level": "beginner", "flipped": False, "lang": "en",
                        "theme": "", "sound": False}  # fmt: skip
    return json.dumps(blob)


def test_rematch_against_the_computer_takes_the_other_side(page, server):
    open_site(page, server.url)
    page.evaluate("text => localStorage.setItem('asalto.save.v1', text)", finished_save("officers"))
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator('.player[data-side="rebels"]')).to_contain_text("Computer")
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#result-rematch")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator('.player[data-side="officers"]')).to_contain_text("Computer")  # the player now has the rebels
    expect(page.locator('.player[data-side="rebels"]')).to_contain_text("You")
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "true")  # the player keeps their seat
    play(page, "d4", "d5")  # the rebels move first: the player's move
    expect(move_list(page).first).to_have_text("d4-d5")


def test_rematch_of_two_players_swaps_their_seats(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    top = page.get_attribute("#player-top", "data-side")
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#result-rematch")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)
    expect(page.locator("#player-top")).not_to_have_attribute("data-side", top)
    expect(move_list(page)).to_have_count(0)
    expect(page.locator("#result")).to_be_hidden()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_result_card_passes_axe(page, server, scheme):
    with_axe(page)
    page.emulate_media(color_scheme=scheme)
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    assert violations(page) == []
