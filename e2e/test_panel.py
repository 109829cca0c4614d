"""The panel beside the board shows the game's state once: the players' bars (what each side took,
whose turn), one status line, a finished game's result as a card at the end of its moves (the
score, the reason, Rematch, Review, New game), and no visible sentence said twice in any state."""

from __future__ import annotations

import json

import pytest
from conftest import CSP_WATCH, LOCAL
from test_accessibility import with_axe
from test_move_list import record

from asalto_core.session import SAVE_VERSION, Session
from helpers import ENGINE_MS, import_text, moves, new_game, open_site, past_the_book, play

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

WCAG22 = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def repeated_when(page, condition: str) -> list[str]:
    """The panel's repeated texts at the moment ``condition`` (JS) first holds, read in the same
    task (a state that lasts a moment is not missed)."""
    handle = page.wait_for_function(f"() => ({condition}) && ({REPEATED})()", timeout=4 * ENGINE_MS)
    return handle.json_value()


def axe_clean(page) -> list[str]:
    found = page.evaluate(f"async () => (await axe.run(document, {{runOnly: {json.dumps(WCAG22)}}})).violations")
    return [f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}" for v in found]


def test_no_sentence_twice_while_the_computer_loads_and_thinks(browser, server):
    """Against a strong level while Pyodide is held back: the thinking line says it loads (once),
    the player moves, and the computer thinks on MicroPython meanwhile."""
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
        assert page.inner_text("#thinking").startswith("Loading the strong AI")
        play(page, "d4", "d5")
        assert repeated_when(page, "document.body.dataset.ply === '1'") == []  # playing
        past_the_book(page)
        assert repeated_when(page, "document.body.dataset.thinking === 'move'") == []  # the computer thinks
        assert "Loading the strong AI" in page.inner_text("#side")  # still loading: said once
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
    assert page.inner_text("#btn-review-run") == "Stop"  # the review's one button, while it runs
    assert repeated_when(page, "document.body.dataset.review === 'done'") == []
    page.click("#nav-back")
    assert repeated_when(page, "document.body.dataset.over === '0'") == []  # browsing back


def test_the_result_card_ends_the_moves_with_the_score_and_what_comes_next(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#status") == "Game over."  # the status says it; the card says how
    assert page.inner_text("#result-score") == "0-1"  # the rebels' score first, as PGN writes it
    assert page.inner_text("#result-text").startswith("Officers win: ")
    buttons = page.locator("#result button:visible").all_inner_texts()
    assert buttons == ["Rematch", "Review", "New game"]
    card = page.locator("#result").bounding_box()
    wrap = page.locator("#moves-wrap").bounding_box()
    assert card["y"] + card["height"] <= wrap["y"] + wrap["height"] + 1  # in the list's view, under the last move
    taken = page.inner_text("#player-top .count" if page.get_attribute("#player-top", "data-side") == "officers"
                            else "#player-bottom .count")  # fmt: skip
    assert int(taken) > 0  # the officers' bar shows the rebels they took
    page.click("#nav-first")
    page.wait_for_function("document.body.dataset.ply === '0'")
    assert page.is_visible("#result")  # the result stays at the end of the moves while browsing
    assert page.inner_text("#player-top .count") == "" and page.inner_text("#player-bottom .count") == ""


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
    assert page.is_visible("#result")
    assert "Computer" in page.inner_text('.player[data-side="rebels"]')
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#result-rematch")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)
    assert page.is_hidden("#result")
    assert "Computer" in page.inner_text('.player[data-side="officers"]')  # the player now has the rebels
    assert "You" in page.inner_text('.player[data-side="rebels"]')
    assert page.get_attribute("#btn-flip", "aria-pressed") == "true"  # the player keeps their seat
    play(page, "d4", "d5")  # the rebels move first: the player's move
    assert moves(page)[0] == "d4-d5"


def test_rematch_of_two_players_swaps_their_seats(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    top = page.get_attribute("#player-top", "data-side")
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#result-rematch")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)
    assert moves(page) == [] and page.is_hidden("#result")
    assert page.get_attribute("#player-top", "data-side") != top


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_result_card_passes_axe(page, server, scheme):
    with_axe(page)
    page.emulate_media(color_scheme=scheme)
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    assert axe_clean(page) == []
