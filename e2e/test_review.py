"""Post-game review: the graph under the board, the summary per side (marks and accuracy), the note on a
marked move, Stop and Resume on one button, learning from one's mistakes, an imported record."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from test_accessibility import violations, with_axe
from test_languages import switch
from test_move_list import record

from asalto_core import Game
from helpers import (
    ENGINE_MS,
    click_point,
    drawn,
    import_text,
    leave,
    move_list,
    moves,
    new_game,
    open_site,
    play,
    press,
)

# Assault: the rebels' c3-d4 lets the officer on c5 jump three rebels (c5xe5xc3xc5).
LINE = [("d4", "d5"), ("e5", "d6"), ("c3", "d4"), ("c5", "e5", "c3", "c5"), ("c2", "c3"), ("d6", "e6")]
RECORD = '[Ruleset "assault"]\n\n1. d4-d5 e5-d6 2. c3-d4 c5xe5xc3xc5 3. c2-c3 d6-e6 *\n'


def reviewed(page, server) -> None:
    """A two-player Assault game of LINE played, then reviewed to its end."""
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    for points in LINE:
        play(page, *points)
    press(page, "#btn-review")
    review_done(page)


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
    expect(page.locator("#review-graph svg.eval-graph polyline")).to_have_count(1)
    graph, board = page.locator("#review-graph").bounding_box(), page.locator("#board-wrap").bounding_box()
    assert graph["y"] >= board["y"] + board["height"] - 1  # the graph under the board, as lichess's
    accuracy = page.locator("#review-summary tbody td:last-child").all_inner_texts()  # rebels, officers
    assert len(accuracy) == 2 and all(a.endswith("%") and 0 <= int(a[:-1]) <= 100 for a in accuracy), accuracy
    assert int(accuracy[0][:-1]) < 100  # the rebels (first row) gave three rebels away
    page.click("#nav-first")
    page.wait_for_function("document.body.dataset.ply === '0'")
    # Each count of the rebels' row goes to that side's first such move: c3-d4 is one of them.
    counts = page.locator("#review-summary tbody tr:first-child button")
    plies = [counts.nth(i).get_attribute("data-ply") for i in range(counts.count())]
    assert "3" in plies, plies
    counts.nth(plies.index("3")).click()
    page.wait_for_function("document.body.dataset.ply === '3'")
    note = page.inner_text("#review-note")
    assert "lets the officers capture 3" in note and "Better: " in note
    whole = page.evaluate(
        """() => { const n = document.querySelector('#review-note'), r = n.getBoundingClientRect(),
                         side = document.querySelector('#side').getBoundingClientRect();
                   return n.scrollWidth <= n.clientWidth && r.right <= side.right && r.bottom <= side.bottom; }"""
    )
    assert whole, "the note is shown whole, inside the panel"
    best = note.split("Better: ")[1].split(" ")[0]
    # The better move: the engine's arrow, over the pieces.
    expect(page.locator(f'#board .layer-over .arrow.engine[data-move="{best}"]')).to_have_count(1)
    expect(page.locator("#board .last-path")).to_have_count(1)  # and the move played
    page.click('#review-graph [data-ply="1"].g-hit')  # the graph jumps to a move
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    press(page, "#btn-io")
    # the export carries the review
    expect(page.locator("#io-text")).to_have_value(re.compile("lets the officers capture 3", re.IGNORECASE))
    page.click("#dlg-io button[value=close]")


def review_under_way(page, server) -> None:
    """A 40-move record imported and its review started, with a position or more searched."""
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, record(40))
    press(page, "#btn-review")
    page.wait_for_function(
        "document.body.dataset.review === 'running'"
        " && /: [1-9]/.test(document.querySelector('#review-status').textContent)",
        timeout=4 * ENGINE_MS,
    )


def test_the_review_button_stops_and_resumes_keeping_what_is_done(page, server):
    review_under_way(page, server)
    expect(page.locator("#btn-review-run")).to_have_text("Stop")
    page.click("#btn-review-run")
    page.wait_for_function("document.body.dataset.review === 'stopped'", timeout=ENGINE_MS)
    kept = int(page.inner_text("#review-status").split("after ")[1].split(" ")[0])
    assert kept > 0
    expect(page.locator("#btn-review-run")).to_have_text("Go on with the review")
    page.click("#btn-review-run")
    first = page.wait_for_function(
        "document.body.dataset.review === 'running' && document.querySelector('#review-status').textContent",
        timeout=ENGINE_MS,
    ).json_value()
    assert int(first.split(": ")[1].split(" ")[0]) >= kept, first  # it goes on from there
    review_done(page)


def test_go_on_pressed_as_soon_as_a_review_says_stopped_goes_on(page, server):
    """'Go on with the review' is shown as soon as Stop is pressed, while the workers still answer
    with what they found; pressed then, it goes on once they have (the press was lost: the page
    took it for a second Stop, and the review stayed stopped)."""
    review_under_way(page, server)
    page.evaluate(
        """() => new Promise(pressed => {
            const button = document.querySelector('#btn-review-run');
            const watch = new MutationObserver(() => {
                if (document.body.dataset.review !== 'stopped') return;
                watch.disconnect();
                button.click();  // 'Go on', the moment it is drawn
                pressed();
            });
            watch.observe(document.body, {attributes: true, attributeFilter: ['data-review']});
            button.click();  // 'Stop'
        })"""
    )
    expect(page.locator("body")).to_have_attribute("data-review", re.compile("^(starting|running|done)$"))
    review_done(page)


def walk_state(page, *states: str) -> str:
    """The walk's state once it is one of ``states`` and every part of the page shows it (the panel
    is drawn a frame before the move list and the body's data-ply on a busy machine)."""
    page.wait_for_function(
        f"""{list(states)}.includes(document.querySelector('#panel-learn').dataset.state)
            && document.body.dataset.drawing === ''""",
        timeout=4 * ENGINE_MS,
    )
    return page.get_attribute("#panel-learn", "data-state")


def test_learn_from_your_mistakes_walks_through_them_one_by_one(page, server):
    with_axe(page)
    reviewed(page, server)
    page.click("#btn-learn")
    walk_state(page, "find")
    expect(page.locator("#learn-title")).to_have_text(re.compile("^Your mistakes: 1 of "), use_inner_text=True)
    expect(page.locator("#review-note")).to_have_text("")  # the answer is kept back
    ply = int(page.get_attribute("body", "data-ply"))
    played = re.sub(r"[?!]+$", "", moves(page)[ply])  # the mistake (the move after the position shown), unmarked
    expect(page.locator("#learn-text")).to_have_text(re.compile("^" + re.escape(played + ": ")), use_inner_text=True)
    assert violations(page) == []
    # The move played again: not as good; a second time: the best move is shown (the arrow).
    play_try(page, played)
    assert walk_state(page, "retry") == "retry"
    expect(page.locator("#learn-text")).to_have_text(f"{played} is not as good. Try once more.")
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))  # nothing played
    expect(move_list(page)).to_have_count(len(LINE))
    play_try(page, played)
    walk_state(page, "shown")
    expect(page.locator("#board .layer-over .arrow.engine")).to_have_count(1)
    assert page.evaluate("document.activeElement.id") == "learn-next"
    page.keyboard.press("Enter")  # the keyboard goes on to the next one
    state = walk_state(page, "find", "done")
    if state == "find":
        page.click("#learn-skip")
        walk_state(page, "find", "done")
    page.click("#learn-stop")
    expect(page.locator("#panel-learn")).to_be_hidden()
    expect(page.locator("#btn-learn")).to_be_visible()


def first_mistake(page, server) -> tuple[int, str]:
    """The reviewed game's first mistake to find (its ply) and the better move its note names."""
    reviewed(page, server)
    page.click("#btn-learn")
    walk_state(page, "find")
    ply = int(page.get_attribute("body", "data-ply"))
    page.click("#learn-stop")
    page.click(f'#moves [data-ply="{ply + 1}"]')  # the mistake itself: its note names the better move
    page.wait_for_function(f"document.body.dataset.ply === '{ply + 1}'")
    return ply, page.inner_text("#review-note").split("Better: ")[1].split(" ")[0]


def test_the_best_move_found_is_good(page, server):
    ply, best = first_mistake(page, server)
    page.click("#btn-learn")
    walk_state(page, "find")
    play_try(page, best)
    walk_state(page, "good")
    expect(page.locator("#learn-text")).to_have_text(
        re.compile("^" + re.escape(f"{best}: as good as the best move.")), use_inner_text=True
    )
    expect(page.locator("#learn-next")).to_be_visible()
    expect(page.locator("#learn-skip")).to_be_hidden()


def test_a_move_tried_that_is_neither_the_best_nor_the_one_played_is_asked_of_the_engine(page, server):
    """The engine looks at the position after the move tried (the lesson's question, asked as the
    page asks every question) and the walk says whether it is as good as the best."""
    ply, best = first_mistake(page, server)
    played = [re.sub(r"[?!]+$", "", m) for m in moves(page)]
    game = Game("assault")
    for move in played[:ply]:
        game.play(move)
    tried = next(str(m) for m in game.board.legal_moves if str(m) not in (best, played[ply]) and "-" in str(m))
    page.click("#btn-learn")
    walk_state(page, "find")
    play_try(page, tried)
    state = walk_state(page, "good", "retry")
    said = {"good": f"{tried}: as good as the best move.", "retry": f"{tried} is not as good. Try once more."}
    expect(page.locator("#learn-text")).to_have_text(re.compile("^" + re.escape(said[state])), use_inner_text=True)
    expect(page.locator("body")).to_have_attribute("data-search-end", "answered")
    expect(page.locator("body")).to_have_attribute("data-ply", str(ply))  # nothing played


def play_try(page, move: str) -> None:
    """Click the points of a move tried in the walk (it is not played: nothing syncs)."""
    for point in re.findall(r"[a-g][1-7]", move):
        click_point(page, point)


def test_an_imported_record_is_reviewed(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, RECORD)
    expect(move_list(page)).to_have_text(["d4-d5", "e5-d6", "c3-d4", "c5xe5xc3xc5", "c2-c3", "d6-e6"])
    press(page, "#btn-review")
    review_done(page)
    expect(page.locator("#review-summary button").first).to_be_attached()


# Sixteen moves of an Assault game between the engine's levels (bench/games), with mistakes to mark.
LONGER = (
    '[Ruleset "assault"]\n\n1. d4-d5 e5-d6 2. e3-d4 c5xe3xe5xc5 3. f5-e5 d6-e6 4. f4-f5 e6xe4 5. f3-f4 '
    "e4-e5 6. d2-e3 c5-d4 7. d1-d2 d4-c5 8. d3-d4 e5-e4 *\n"
)


def review_seen(page, server, cores: int) -> tuple[str, str]:
    """LONGER imported and reviewed on a page told it has ``cores`` cores (one review worker per core,
    at most four): the summary's words and the record exported with the review's notes."""
    page.add_init_script(f"Object.defineProperty(navigator, 'hardwareConcurrency', {{get: () => {cores}}})")
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, LONGER)
    press(page, "#btn-review")
    review_done(page)
    summary = page.inner_text("#review-summary")
    press(page, "#btn-io")
    exported = page.input_value("#io-text")
    page.click("#dlg-io button[value=close]")
    return summary, exported


@pytest.mark.pages_only
def test_the_same_record_reviewed_twice_gets_the_same_marks_and_accuracy(server, context):
    """Each position is searched for a number of nodes, not seconds: one worker or four, the review's
    marks, notes and accuracy are the same, whatever the machine's load."""
    first = context.new_page()
    one = review_seen(first, server, 1)
    leave(first)
    four = review_seen(context.new_page(), server, 4)
    assert "%" in one[0] and one[1].count("{") >= 1, one
    assert four == one


# Whether a part is whole in view: inside the panel part that scrolls (or the panel) and the window.
IN_VIEW = """(sel) => {
    const node = document.querySelector(sel), r = node.getBoundingClientRect();
    const box = (node.closest('#mode') || node.closest('#side') || node.closest('main')).getBoundingClientRect();
    return r.height > 0 && r.top >= box.top - 1 && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight;
}"""


def test_the_review_summary_fits_a_laptops_screen_with_the_result_and_a_note_in_every_language(browser, server):
    """At 1280x720, as on lichess: a finished game reviewed shows its result, both sides' rows of the
    summary and Learn from your mistakes without scrolling, also with a marked move's note shown; in
    each language the menu switches to, the review kept (it is done once: a language changes its
    words, not its figures)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="en-GB")
    try:
        page = context.new_page()
        open_site(page, server.url)
        import_text(page, record(None))
        page.wait_for_selector("#result:not([hidden])")
        press(page, "#btn-review")
        page.wait_for_selector("body[data-review=done]", timeout=4 * ENGINE_MS)
        heads = {}
        for lang in ("en", "fr", "de", "es"):
            if lang != "en":
                switch(page, lang)
                page.keyboard.press("Escape")  # the menu closed
                page.wait_for_function("!document.querySelector('#menu').matches(':popover-open')")
                page.click("#nav-last")  # back to the game's end from the marked move
                page.wait_for_selector("#result:not([hidden])")
            expect(page.locator("body")).to_have_attribute("data-review", "done")
            drawn(page)  # the moves and their scroll are drawn after the review's panel
            for part in ("#result", "#review-summary tbody tr:last-child", "#btn-learn"):
                assert page.evaluate(IN_VIEW, part), (lang, part)
            cut = page.evaluate(
                """() => [...document.querySelectorAll('#review-summary thead th, #review-summary td')]
                    .filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.textContent)"""
            )
            assert cut == [], (lang, cut)  # German 'GENAUIGKEIT' was cut to 'GENAUIGKEI'
            heads[lang] = page.locator("#review-summary thead").inner_text()
            page.click("#review-summary tbody button")  # a marked move: its note above the moves
            page.wait_for_selector("#review-note:not(:empty)")
            drawn(page)
            summary = "#review-summary tbody tr:last-child"
            for part in ("#review-note", summary, "#btn-learn", '#moves [aria-current="step"]'):
                assert page.evaluate(IN_VIEW, part), (lang, part)
        assert len(set(heads.values())) == 4, heads  # the summary in each language's words
    finally:
        context.close()


def test_the_analysis_of_an_ended_game_says_it_is_over_and_asks_nothing(page, server):
    """Analysis turned on at the end of a game: its line says the game is over there (it said the
    engine was looking, for ever, and the page showed the engine's refusal as an error)."""
    game = Game("assault")
    while game.outcome() is None:
        legal = game.board.legal_moves
        game.play(([m for m in legal if "x" in str(m)] or legal)[0])
    open_site(page, server.url)
    import_text(page, game.record())
    expect(page.locator("body")).to_have_attribute("data-over", "1")
    press(page, "#btn-analysis")
    expect(page.locator("#analysis")).to_have_text("Analysis: the game is over in this position.")
    drawn(page)
    expect(page.locator("#message")).not_to_contain_text("the game is over")
    assert page.evaluate("document.body.dataset.searchEnd || ''") == ""  # no search was asked
    press(page, "#nav-back")  # one move earlier the engine looks again
    expect(page.locator("#analysis")).not_to_have_text("Analysis: the game is over in this position.")


def test_with_the_analysis_on_the_pieces_that_can_move_keep_their_rings_and_move(page, server):
    """Analysis on, against the computer: while the engine looks at the position the rebels that can
    move are ringed and the status says to move one; a move made then is played, the analysis looks at
    the new position, and the computer still answers."""
    open_site(page, server.url)
    new_game(page, "assault", "rebels")
    press(page, "#btn-analysis")
    page.wait_for_function("document.body.dataset.thinking === 'analysis'")
    expect(page.locator("#board .piece.movable")).not_to_have_count(0)
    expect(page.locator("#status")).to_contain_text("can move")
    click_point(page, "d4")  # while the analysis still looks: its search is stopped for the new position
    click_point(page, "d5")
    expect(move_list(page).first).to_have_text("d4-d5")
    page.wait_for_function("document.body.dataset.ply === '2'", timeout=4 * ENGINE_MS)  # the computer's reply
    page.wait_for_function("document.body.dataset.thinking === 'analysis'", timeout=4 * ENGINE_MS)
    expect(page.locator("#board .piece.movable")).not_to_have_count(0)
    press(page, "#btn-analysis")  # turned off: its search stops, the rings stay
    page.wait_for_function("document.body.dataset.thinking === ''", timeout=4 * ENGINE_MS)
    expect(page.locator("#board .piece.movable")).not_to_have_count(0)


def test_a_review_goes_out_of_date_as_the_game_goes_on_and_its_result_offers_the_whole_review(page, server):
    """Reviewed before its last move, then played to the end: the review says it is out of date (not the
    old summary for a game that then ended), and the result offers the review of the whole game."""
    game = Game("assault")
    while game.outcome() is None:
        legal = game.board.legal_moves
        game.play(([m for m in legal if "x" in str(m)] or legal)[0])
    texts = [str(m) for m in game.moves]
    before_last = Game("assault")
    for m in texts[:-1]:
        before_last.play(m)
    open_site(page, server.url)
    import_text(page, before_last.record())
    press(page, "#btn-review")
    review_done(page)
    expect(page.locator("#review-summary")).to_be_visible()
    play(page, *re.split("[-x]", texts[-1]))
    expect(page.locator("body")).to_have_attribute("data-over", "1")
    expect(page.locator("#review-status")).to_contain_text("The game went on")
    expect(page.locator("#btn-review-run")).to_have_text("Update the review")
    expect(page.locator("#review-summary")).to_be_hidden()
    expect(page.locator("#result-review")).to_be_visible()
    page.click("#result-review")
    review_done(page)
    expect(page.locator("#review-summary")).to_be_visible()
    expect(page.locator("#result-review")).to_be_hidden()
    expect(page.locator("#review-graph .g-hit")).to_have_count(len(texts) + 1)  # every position, the last too


# Whether a part is whole in the window's free part on a phone: under the sticky board, above the toolbar.
IN_FREE_VIEW = """(sel) => {
    const r = document.querySelector(sel).getBoundingClientRect();
    const top = document.querySelector('#board-area').getBoundingClientRect().bottom;
    const bottom = document.querySelector('#controls > .toolbar').getBoundingClientRect().top;
    return r.height > 0 && r.top >= top - 1 && r.bottom <= bottom + 1;
}"""


def test_on_a_phone_the_review_and_a_mistakes_note_come_into_view(browser, server):
    """390x844: after Review the summary is in view (it started under the fold), and the note of the
    mistake its count leads to is whole between the board and the toolbar (it lay under the board)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    try:
        open_site(page, server.url)
        import_text(page, RECORD)
        press(page, "#btn-review")
        review_done(page)
        page.wait_for_function(f"({IN_FREE_VIEW})('#review-summary')")
        mistakes = page.locator("#review-summary tbody tr:first-child td:nth-of-type(2) button")
        expect(mistakes).to_have_text("1")
        mistakes.tap()
        expect(page.locator("#review-note")).to_contain_text("lets the officers capture 3")
        page.wait_for_function(f"({IN_FREE_VIEW})('#review-note')")
    finally:
        context.close()
