"""Issue 48's page reproducers (hardening, round five): no stored value or file stops a page, and
the words say what happened."""

from __future__ import annotations

import json
import sys

import pytest
from conftest import ROOT
from playwright.sync_api import expect
from test_hardening_four import STUDY_KEY, TWO, stored, write_store

from helpers import ENGINE_MS, import_text, move_list, new_game, open_site, play

sys.path.insert(0, str(ROOT / "pkg"))
from asalto_core import Game, Position  # noqa: E402 - after the path is set
from asalto_core.book import Book, load, position_key  # noqa: E402
from asalto_core.links import share_query  # noqa: E402
from asalto_core.session import MAX_MOVES  # noqa: E402

SAVE = {"version": 2, "game": {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}, "settings": {}}
HUGE = 1_500_000  # characters: MicroPython ran out of memory copying this in, on every reload


def big(value: dict, n: int = HUGE) -> str:
    """``value`` as JSON, padded with a field of ``n`` characters."""
    return json.dumps(dict(value, pad="a" * n))


def started(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)


# -- a value too large to read is set aside unread, said, and the page works --------------------------
@pytest.mark.parametrize(
    ("key", "says"),
    [
        ("asalto.save.v1", "Your saved game could not be read (it is too large to read here: {n} characters"),
        (STUDY_KEY, "too large to read here (your saved study: {n} characters"),
        ("asalto.friends.v1", "too large to read here (your list of games with friends: {n} characters"),
        ("asalto.previous", "too large to read here (your previous game: {n} characters"),
    ],
)
def test_a_stored_value_too_large_to_read_is_set_aside_unread_and_the_page_starts(context, server, key, says):
    value = big(SAVE if key != STUDY_KEY else {"record": TWO, "chapter": 0})
    write_store(context, server, key, value)
    page = context.new_page()
    started(page, server.url)
    expect(page.locator("#message")).to_contain_text(says.format(n=len(value)))
    assert stored(page, key) != value
    assert json.loads(stored(page, key.rsplit(".", 1)[0] + ".corrupt")) == [value]  # kept whole
    play(page, "d4", "d5")  # the page plays
    expect(move_list(page).first).to_have_text("d4-d5")


def test_a_save_too_large_to_read_brings_back_the_last_good_one(context, server):
    write_store(context, server, "asalto.save.good", json.dumps(SAVE))
    write_store(context, server, "asalto.save.v1", big(SAVE))
    page = context.new_page()
    started(page, server.url)
    expect(page.locator("#message")).to_contain_text("too large to read here")
    expect(page.locator("#message")).to_contain_text("the last good save was restored")
    expect(move_list(page).first).to_have_text("d4-d5")


def first_start_stalls(context, server, key: str) -> list:
    """A good save and its last good copy stored, and ``key`` too large to read; the first start's
    data (data.json) held back for ever, every later one let through. The list holds the request held."""
    write_store(context, server, "asalto.save.good", json.dumps(SAVE))
    write_store(context, server, "asalto.save.v1", json.dumps(SAVE))
    write_store(context, server, key, big(SAVE))
    held: list = []
    context.route("**/data.json", lambda route: route.continue_() if held else held.append(route))
    return held


@pytest.mark.parametrize(
    ("key", "says"),
    [("asalto.save.v1", "the last good save was restored"), ("asalto.friends.v1", "your list of games with friends")],
)
def test_a_start_that_reloads_by_itself_still_says_what_it_set_aside(context, server, key, says):
    """Issue 49: under load the start's message about a value set aside read empty. The first start set
    the value aside, then waited so long for its data (the test's server, starved of CPU) that boot.js's
    stall watch reloaded the page, and the second start found nothing to set aside and said nothing.
    Here the first start's data never comes."""
    held = first_start_stalls(context, server, key)
    page = context.new_page()
    loads = []
    page.on("load", lambda _: loads.append(1))
    started(page, server.url)
    assert len(held) == 1 and len(loads) == 2  # the first start stalled, and the page reloaded
    expect(page.locator("#message")).to_contain_text("too large to read here")
    expect(page.locator("#message")).to_contain_text(says)
    expect(move_list(page).first).to_have_text("d4-d5")  # the game kept


def test_a_start_closed_before_it_speaks_leaves_its_message_to_the_next(context, server):
    """A tab closed while its start waits for its data (slow to come on a busy machine, here never)
    after it set a stored value aside: the next start, in another tab, says so. What a start found
    is kept beside the values it set aside, not in the tab's own session storage."""
    first_start_stalls(context, server, "asalto.friends.v1")
    first = context.new_page()
    with context.expect_event("request", lambda r: r.url.endswith("/data.json"), timeout=ENGINE_MS):
        first.goto(server.url)  # the stores are checked before the data is asked for
    first.close()
    page = context.new_page()
    started(page, server.url)
    expect(page.locator("#message")).to_contain_text("too large to read here")
    expect(page.locator("#message")).to_contain_text("your list of games with friends")
    expect(move_list(page).first).to_have_text("d4-d5")


# The AI's worker stops answering its first question (as a worker that died, or a page too busy to
# hear it): each call to it waits until the page gives up on it (bridge.js call's time limit or abort).
DEAD_FIRST_WORKER = """(() => {
    let bridge = null;
    Object.defineProperty(window, 'asaltoBridge', {configurable: true, get: () => bridge, set: (b) => {
        bridge = b;
        const call = b.call;
        let dead = null;
        b.call = (worker, method, arg, ms, key) => {
            if (method === 'think' && dead === null) dead = worker;
            const silent = {[method]: () => new Promise(() => {})};
            return call(worker === dead ? silent : worker, method, arg, ms, key);
        };
    }});
})()"""


def test_a_worker_restarted_as_the_page_starts_leaves_the_starts_message(context, server):
    """Issue 49: under load the start's message about a save set aside read empty: the computer's
    first reply was searched (its book came too late), its worker did not answer in time, and its
    restart cleared the message line. The restart now gives the line back."""
    write_store(context, server, "asalto.save.good", json.dumps(SAVE))
    write_store(context, server, "asalto.save.v1", big(SAVE))
    empty = Book.from_json(load("assault").to_json())
    empty.entries = {}
    context.route("**/books/assault.json", lambda route: route.fulfill(status=200, body=empty.to_json()))
    context.add_init_script(DEAD_FIRST_WORKER)
    page = context.new_page()
    started(page, server.url)
    expect(page.locator("body")).to_have_attribute("data-restarts", "1", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_count(2, timeout=ENGINE_MS)  # the new worker's reply
    expect(page.locator("#message")).to_contain_text("too large to read here")
    expect(page.locator("#message")).to_contain_text("the last good save was restored")


def test_the_trainer_starts_beside_a_game_save_too_large_to_read_and_leaves_it_to_the_game(context, server):
    value = big(SAVE)
    write_store(context, server, "asalto.save.v1", value)
    page = context.new_page()
    started(page, server.url + "puzzles.html")
    assert stored(page, "asalto.save.v1") == value  # the game page's to set aside and say so
    big_record = big({"rating": 1600}, 500_000)  # both within the browser's storage quota
    write_store(context, server, "asalto.puzzles.v1", big_record)
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page.locator("#messages")).to_contain_text("your puzzle record")
    assert json.loads(stored(page, "asalto.puzzles.corrupt")) == [big_record]


# -- the start's one message: every stored value checked as the page starts ------------------------------
def test_every_stored_value_is_checked_as_the_page_starts_and_said_in_one_message(context, server):
    write_store(context, server, "asalto.previous", "[1, 2]")
    write_store(context, server, "asalto.friends.v1", "{not json")
    page = context.new_page()
    started(page, server.url)
    message = page.locator("#message")
    expect(message).to_contain_text("your previous game")
    expect(message).to_contain_text("games with friends could not be read")
    assert json.loads(stored(page, "asalto.previous".replace("previous", "corrupt"))) == ["[1, 2]"]
    assert json.loads(stored(page, "asalto.friends.corrupt")) == ["{not json"]


# -- words: say what happened -----------------------------------------------------------------------------
def test_a_save_that_is_no_save_is_not_called_older_and_a_new_game_in_the_same_breath(context, server):
    write_store(context, server, "asalto.save.good", json.dumps(SAVE))
    write_store(context, server, "asalto.save.v1", "1e999")
    page = context.new_page()
    started(page, server.url)
    message = page.locator("#message")
    expect(message).to_have_text(
        "The last save could not be read (it holds no saved game); it is kept under 'asalto.save.corrupt' "
        "and the last good save was restored."
    )
    expect(move_list(page).first).to_have_text("d4-d5")


def test_a_link_too_long_is_called_too_long_not_damaged(page, server):
    open_site(page, server.url)
    page.goto(server.url + "#record=" + "a" * 400_001)
    expect(page.locator("#message")).to_contain_text("it carries more than this page reads")


def test_a_page_whose_start_fails_says_what_happened_not_the_connection(context, server, console):
    context.route("**/data.json", lambda route: route.fulfill(status=200, body="{}"))  # no rulesets
    page = context.new_page()
    page.goto(server.url)
    expect(page.locator("#loading-text")).to_contain_text("The page could not start:")
    expect(page.locator("body")).to_have_attribute("data-start", "stopped")  # no reload, no blaming the connection
    assert [e for e in console.errors if "the page did not start" in e]
    console.errors.clear()  # the one error this test asks for


# -- files that read but do not play: a book move, a puzzle -----------------------------------------------
def test_a_book_move_the_rules_do_not_allow_is_never_played_and_the_computer_moves(context, server):
    book = Book.from_json(load("assault").to_json())  # a copy: the engine's own stays as it is
    book.entries[position_key(Position.start("assault").play("d4-d5"))] = ["e5-e7", 0, 0, []]
    context.route("**/books/assault.json", lambda route: route.fulfill(status=200, body=book.to_json()))
    page = context.new_page()
    open_site(page, server.url)
    play(page, "d4", "d5")
    expect(move_list(page)).to_have_count(2, timeout=ENGINE_MS)  # the computer searched instead
    expect(move_list(page).last).not_to_have_text("e5-e7")


WIN = {"id": "t1", "position": "assault RRR/RR1/RRRRORR/1R4R/O5R/3/3 o - 42", "line": ["a3-a4", "g3-f4", "a4xc4"],
       "kind": "win", "themes": ["endgame"], "rating": 1503}  # fmt: skip


@pytest.mark.parametrize(
    "bad",
    [dict(WIN, also=[[-4, "d4-d5"]]), dict(WIN, position="assault junk"), dict(WIN, line=["a1-a2"])],
)
def test_a_puzzle_that_does_not_play_is_skipped_and_the_rest_of_the_set_works(context, server, bad):
    puzzles = [dict(bad, id="t0", rating=1500), WIN]
    body = json.dumps({"puzzles": puzzles, "themes": ["endgame"]})
    context.route("**/puzzles.json", lambda route: route.fulfill(status=200, body=body))
    page = context.new_page()
    started(page, server.url + "puzzles.html")
    expect(page.locator("#messages")).to_contain_text("Puzzle #t0 of the set cannot be played")
    expect(page.locator("#about-id")).to_have_text("#t1")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solving")


def test_a_stored_rating_the_trainer_cannot_use_is_said_and_every_result_is_saved(context, server):
    write_store(context, server, "asalto.puzzles.v1", json.dumps({"rating": 99999, "solved": 4}))
    page = context.new_page()
    started(page, server.url + "puzzles.html")
    expect(page.locator("#messages")).to_contain_text("could not be used (your rating)")
    expect(page.locator("#my-solved")).to_have_text("4")  # what reads is kept
    page.click("#btn-solution")  # a first try lost: scored
    page.wait_for_function("JSON.parse(localStorage.getItem('asalto.puzzles.v1') || '{}').failed === 1")
    assert json.loads(stored(page, "asalto.puzzles.corrupt")) == [json.dumps({"rating": 99999, "solved": 4})]


def test_a_stored_choice_of_puzzles_that_does_not_read_is_said_not_dropped_silently(context, server):
    record = json.dumps({"solved": 2, "filters": {"ruleset": 5, "theme": "", "difficulty": "impossible"}})
    write_store(context, server, "asalto.puzzles.v1", record)
    page = context.new_page()
    started(page, server.url + "puzzles.html")
    expect(page.locator("#messages")).to_contain_text("could not be used (your choice of puzzles)")
    expect(page.locator("#my-solved")).to_have_text("2")  # what reads is kept
    expect(page.locator("#pick-difficulty")).to_have_value("normal")
    assert json.loads(stored(page, "asalto.puzzles.corrupt")) == [record]


def test_a_save_is_never_written_longer_than_a_reload_reads(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    quotes = '"' * 9000  # each written twice as long in the save's JSON
    record = "1. d4-d5 " + " ".join("{" + quotes + "}" for _ in range(33)) + " c5-c6 *"  # 297 KB: it reads
    import_text(page, record)
    expect(page.locator("#message")).to_contain_text("longer than a save holds")
    page.wait_for_function("(localStorage.getItem('asalto.save.v1') || '').includes('c5-c6')")
    assert len(stored(page, "asalto.save.v1")) <= 400_000
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6"])  # the moves kept
    expect(page.locator("#message")).not_to_contain_text("too large")


def test_a_chapter_over_the_move_limit_is_called_too_long_not_against_the_rules(page, server):
    game = Game("assault:rebels=any,repetition=off")
    for i in range(MAX_MOVES + 1):
        game.play(("d4-d5", "c5-c6", "d5-d4", "c6-c5")[i % 4])
    open_site(page, server.url)
    page.goto(server.url + "#" + share_query(game.record() + '\n[Event "b"]\n\n1. d4-d5 *\n', [0]))
    expect(page.locator("#message")).to_contain_text("it carries more than this page reads")
