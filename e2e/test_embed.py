"""The embed view: stepping through a record, comments as text, bad input, puzzles, inside another page."""

from __future__ import annotations

import html
import re
import urllib.parse
import xml.etree.ElementTree as ET
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import ROOT, Server
from playwright.sync_api import expect

from asalto_core.links import pack, read_embed
from helpers import ENGINE_MS, new_game, open_site, play, press

RECORD = (ROOT / "site" / "examples" / "assault-double-jump.txt").read_text()
EVIL = "<b>bold</b> <img src=x onerror=\"document.title='pwned'\">"
BEFORE_CHAIN = "assault 3/O1O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR o - 5"


def embed_url(server, **params) -> str:
    return server.url + "embed.html?" + urllib.parse.urlencode({k.replace("_", "-"): v for k, v in params.items()})


def open_embed(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)


def pieces(frame) -> dict[str, str]:
    return frame.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board .piece')]
            .map(n => [n.dataset.piece, n.classList.contains('officer') ? 'O' : 'R']))"""
    )


def messages(frame) -> list[str]:
    return frame.locator("#messages li").all_inner_texts()


@pytest.mark.parametrize("packed", [False, True])
def test_steps_through_a_record_with_its_comments(page, server, packed):
    # The same record as text, or packed by the one link writer (what "Copy embed code" gives).
    open_embed(page, embed_url(server, record_z=pack(RECORD)) if packed else embed_url(server, record=RECORD))
    assert messages(page) == []
    expect(page.locator("body")).to_have_attribute("data-mode", "game")
    expect(page.locator("#title")).to_have_text("Example: the rebels open a line")
    expect(page.locator("#comment")).to_contain_text("capture chain is jumped to its end")  # the comment before move 1
    expect(page.locator("#btn-back")).to_be_disabled()
    expect(page.locator("#btn-forward")).to_be_enabled()
    page.click("#btn-forward")
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    assert pieces(page)["d5"] == "R" and "d4" not in pieces(page)
    expect(page.locator("#comment")).to_have_text("The rebels open in the centre.")
    expect(page.locator('#moves button[data-ply="1"]')).to_have_attribute("aria-current", "step")
    page.click("#btn-last")
    expect(page.locator("body")).to_have_attribute("data-ply", "10")
    expect(page.locator("#comment")).to_have_text(re.compile("^The officer on e6 jumps e5"), use_inner_text=True)
    assert pieces(page)["e2"] == "O" and "e5" not in pieces(page) and "e3" not in pieces(page)
    expect(page.locator("#board .m-captured")).to_have_count(2)
    page.click("#btn-back")
    expect(page.locator("#comment")).to_have_text(re.compile("^A mistake"), use_inner_text=True)
    page.click("#btn-first")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    assert pieces(page)["d4"] == "R"
    page.click('#moves button[data-ply="5"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "5")
    page.keyboard.press("ArrowRight")
    expect(page.locator("body")).to_have_attribute("data-ply", "6")
    assert messages(page) == []


def test_play_steps_on_by_itself(page, server):
    open_embed(page, embed_url(server, record=RECORD, ply="8"))
    expect(page.locator("body")).to_have_attribute("data-ply", "8")
    page.click("#btn-play")
    expect(page.locator("body")).to_have_attribute("data-ply", "10")
    expect(page.locator("#btn-play")).to_have_attribute("aria-pressed", "false")


def test_markup_in_comments_tags_and_prompt_stays_text(page, server):
    record = f'[Event "{EVIL.replace(chr(34), chr(39))}"]\n[Ruleset "assault"]\n\n1. d4-d5 {{{EVIL}}} *'
    open_embed(page, embed_url(server, record=record, ply="1"))
    expect(page.locator("#comment")).to_have_text(EVIL)
    expect(page.locator("#title")).to_have_text(EVIL.replace('"', "'"))
    expect(page.locator("#embed b, #embed img")).to_have_count(0)
    open_embed(page, embed_url(server, position=BEFORE_CHAIN, puzzle="1", prompt=EVIL, answer="e6xe4xe2"))
    expect(page.locator("#prompt")).to_have_text(EVIL)
    expect(page.locator("#embed b, #embed img")).to_have_count(0)
    assert page.title() != "pwned"


def test_a_malformed_record_keeps_the_moves_before_the_error(page, server):
    bad = RECORD.replace("e2-e3", "e2-e9")
    open_embed(page, embed_url(server, record=bad, ply="2"))
    expect(page.locator("body")).to_have_attribute("data-mode", "game")
    (text,) = messages(page)
    assert "could not be read to its end" in text and "e2-e9" in text and "6 moves before it" in text
    expect(page.locator("#moves li")).to_have_count(6)
    page.click("#btn-last")
    expect(page.locator("body")).to_have_attribute("data-ply", "6")
    expect(page.locator("#comment")).to_have_text("The officers wait for a mistake.")


def test_bad_parameters_give_specific_messages_and_the_rest_works(page, server):
    url = embed_url(server, ruleset="chess", size="huge", flip="maybe", ply="x", color="red")
    open_embed(page, url)
    got = messages(page)
    assert any("unknown ruleset 'chess'" in m for m in got)
    assert any("'size' must be a width" in m for m in got)
    assert any("'flip' must be 1 or 0" in m for m in got)
    assert any("'ply' must be a whole number" in m for m in got)
    assert any("unknown parameter 'color'" in m for m in got)
    expect(page.locator("#board .piece")).to_have_count(26)  # the Assault start, drawn anyway
    open_embed(page, embed_url(server, position="assault 3/3/RR r - 1"))
    expect(page.locator("#messages li").first).to_contain_text("board has 7 ranks, found 3")
    expect(page.locator("#board .piece")).to_have_count(26)
    open_embed(page, embed_url(server, record_url="https://evil.example/game.txt"))
    assert "record-url refused" in messages(page)[0]


def test_a_missing_record_file_is_reported(page, server, console):
    open_embed(page, embed_url(server, record_url="no-such-game.txt"))
    assert "could not be loaded" in messages(page)[0] and "HTTP 404" in messages(page)[0]
    expect(page.locator("#board .piece")).to_have_count(26)
    # The browser itself logs the 404: expected here, so it does not fail the test.
    expected = [e for e in console.errors if "404" in e]
    assert len(expected) == 1
    console.errors.remove(expected[0])


@pytest.mark.fresh_context  # what its first visit fetches
def test_a_position_alone_needs_no_engine(page, server):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    open_embed(page, embed_url(server, position=BEFORE_CHAIN, arrows="e6xe4xe2", highlight="e5,e3", flip="1"))
    expect(page.locator("body")).to_have_attribute("data-mode", "static")
    assert pieces(page)["e6"] == "O" and len(pieces(page)) == 26
    expect(page.locator('#board .arrow[data-move="e6xe4xe2"]')).to_have_count(1)
    expect(page.locator("#board .m-highlight")).to_have_count(2)
    expect(page.locator("#controls")).to_be_hidden()
    e1 = page.eval_on_selector('#board .point[data-point="d1"]', "n => Number(n.getAttribute('cy'))")
    d7 = page.eval_on_selector('#board .point[data-point="d7"]', "n => Number(n.getAttribute('cy'))")
    assert e1 < d7  # flipped
    # idle, the page asks to be kept for offline use: whatever it loads, it has loaded by then
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=ENGINE_MS)
    assert not [u for u in requested if "pyodide" in u or "worker.py" in u]
    # The engine it runs gives the rulesets and the board: no data.json. English comes in the
    # frame's archive with its own modules (one request): no catalog, no rules texts, no module alone.
    assert not [u for u in requested if u.endswith("/data.json") or "/locale/" in u]
    assert [u for u in requested if u.endswith(".tar.gz")] == [server.url + "embed-mpy.tar.gz"]
    assert not [u for u in requested if u.endswith(".mpy")]  # embed/view.mpy, lib/i18n.mpy: in the archive
    # PyScript's plugins that no page uses stay unloaded (build.PLUGINS_OFF)
    unused = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager")
    assert not [u for u in requested if any(f"/pyscript/{name}-" in u for name in unused)]


def background(frame) -> tuple[int, ...]:
    """The frame's background colour (r, g, b); ``frame`` a page or a frame locator."""
    text = frame.locator("body").evaluate("b => getComputedStyle(b).backgroundColor")
    return tuple(int(n) for n in re.findall(r"\d+", text)[:3])


def test_a_frame_takes_its_colours_from_the_link(page, server):
    # Light by default, whatever the reader's system; dark with bg=dark; auto follows the system.
    page.emulate_media(color_scheme="dark")
    open_embed(page, embed_url(server, position=BEFORE_CHAIN))
    assert min(background(page)) > 200
    open_embed(page, embed_url(server, position=BEFORE_CHAIN, bg="dark"))
    assert max(background(page)) < 60
    open_embed(page, embed_url(server, position=BEFORE_CHAIN, bg="auto"))
    assert max(background(page)) < 60
    page.emulate_media(color_scheme="light")
    assert min(background(page)) > 200
    open_embed(page, embed_url(server, position=BEFORE_CHAIN, bg="purple"))
    assert messages(page) == ["'bg' must be light, dark, auto, not 'purple'"]
    assert min(background(page)) > 200
    # The player's dark theme on this site stays on its own pages: a frame is as its link says.
    page.evaluate("localStorage.setItem('asalto.save.v1', JSON.stringify({settings: {theme: 'dark'}}))")
    open_embed(page, embed_url(server, position=BEFORE_CHAIN))
    assert min(background(page)) > 200


def test_a_puzzle_checks_the_answer(page, server):
    position = BEFORE_CHAIN.replace("assault", "asalto")
    open_embed(page, embed_url(server, position=position, puzzle="1", answer="e6xe4xe2"))
    expect(page.locator("body")).to_have_attribute("data-mode", "puzzle")
    expect(page.locator("#prompt")).to_have_text("Your move: find the best move.")
    page.click('#board .point[data-point="e6"]')
    page.click('#board .point[data-point="e4"]')
    page.click('#board .point[data-point="e4"]')  # stop after one leap: legal here, but not the answer
    expect(page.locator("body")).to_have_attribute("data-puzzle", "wrong")
    expect(page.locator("#status")).to_contain_text("Not the answer: e6xe4")
    for point in ("e6", "e4", "e2"):
        page.click(f'#board .point[data-point="{point}"]')
    expect(page.locator("body")).to_have_attribute("data-puzzle", "right")
    expect(page.locator("#status")).to_have_text("Right: e6xe4xe2.")


def test_after_a_hint_its_point_is_said_as_a_piece_that_can_move(page, server):
    """The hint's highlight is drawn on the point, never read out as a state of its own."""
    position = BEFORE_CHAIN.replace("assault", "asalto")
    open_embed(page, embed_url(server, position=position, puzzle="1", answer="e6xe4xe2"))
    page.click("#btn-hint")
    expect(page.locator('#board [data-mark="e6"]')).not_to_have_count(0)
    expect(page.locator('#board .point[data-point="e6"]')).to_have_attribute("aria-label", re.compile(r", can move$"))


def test_a_puzzle_from_a_record_hides_the_answer_until_solved(page, server):
    open_embed(page, embed_url(server, record=RECORD, ply="9", puzzle="1"))
    expect(page.locator("#moves li:not([hidden])")).to_have_count(9)
    expect(page.locator("#btn-forward")).to_be_disabled()
    page.click("#btn-answer")
    expect(page.locator("#status")).to_contain_text("e6xe4xe2")
    expect(page.locator('#board .arrow[data-move="e6xe4xe2"]')).to_have_count(1)
    page.click("#btn-forward")
    expect(page.locator("body")).to_have_attribute("data-ply", "10")


LINE = """[Ruleset "asalto"]
[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]

2... d6xd4xf4xd6 3. c3-d4 c5xc3xe5 4. e3-d4 e5xc3xe3 *
"""


def test_the_answer_to_a_puzzle_of_several_moves_is_played_through_on_the_board(page, server):
    """As lichess's "View the solution": the whole line named, then played move by move."""
    open_embed(page, embed_url(server, record=LINE, puzzle="1"))
    page.click("#btn-answer")
    expect(page.locator("#status")).to_have_text("The answer: d6xd4xf4xd6 c3-d4 c5xc3xe5 e3-d4 e5xc3xe3.")
    expect(page.locator("body")).to_have_attribute("data-ply", "5")
    expect(page.locator("#btn-play")).to_have_attribute("aria-pressed", "false")  # it stopped at the line's end


def docs_snippet() -> str:
    text = (ROOT / "docs" / "teaching.md").read_text()
    block = text.split("<!-- snippet:begin -->", 1)[1].split("<!-- snippet:end -->", 1)[0]
    return re.search(r"<iframe .*?</iframe>", block, re.S).group(0)


@contextmanager
def lesson_page(context, tmp_path, snippet: str, ready: str = "body[data-embed=ready]"):
    """A teacher's page on another local site holding ``snippet``; yields its iframe once ``ready``
    holds in it (an embed's mark; the trainer's is ``body[data-board=ready]``)."""
    host = Server(root=tmp_path)
    try:
        Path(tmp_path, "lesson.html").write_text(
            f'<!doctype html><link rel="icon" href="data:,"><title>Lesson</title><h1>Lesson</h1>{snippet}'
        )
        page = context.new_page()
        page.goto(host.origin + "/lesson.html")
        frame = page.frame_locator("iframe")
        frame.locator(ready).wait_for(timeout=ENGINE_MS)
        yield frame
    finally:
        host.stop()


@pytest.mark.pages_only
def test_the_docs_snippet_works_in_another_sites_page(context, server, tmp_path):
    """The teaching docs' <iframe> code, pointed at the test server, inside a page on another port."""
    snippet = docs_snippet().replace("https://your-name.github.io/asalto/", server.url)
    assert server.url + "embed.html?" in snippet
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("body")).to_have_attribute("data-mode", "game")
        frame.locator("#btn-forward").click()
        expect(frame.locator("#comment")).not_to_have_text("")
        expect(frame.locator("#messages li")).to_have_count(0)


@pytest.mark.pages_only
def test_the_examples_page_embeds_a_game_and_two_positions(context, server):
    page = context.new_page()
    page.goto(server.url + "examples.html")
    for name, mode in (("ex-game", "game"), ("ex-position", "static"), ("ex-puzzle", "puzzle")):
        page.locator(f"#{name}").scroll_into_view_if_needed()  # the lesson's frames load lazily
        frame = page.frame_locator(f"#{name}")
        frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
        expect(frame.locator("body")).to_have_attribute("data-mode", mode)
        expect(frame.locator("#messages li")).to_have_count(0)
    game = page.frame_locator("#ex-game")
    game.locator("#btn-last").click()
    expect(game.locator("#comment")).to_have_text(re.compile("^The officer on e6"), use_inner_text=True)


@pytest.mark.pages_only
def test_the_main_page_gives_the_embed_code_and_a_diagram(context, server, tmp_path):
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    press(page, "#btn-io")
    snippet = page.input_value("#io-embed")
    assert snippet.startswith(f'<iframe src="{server.url}embed.html?record') and "&amp;ply=0" in snippet
    page.check("#io-embed-here")  # opens at the move shown, not at the start
    expect(page.locator("#io-embed")).to_have_value(re.compile("&amp;ply=1"))
    snippet = page.input_value("#io-embed")
    query = html.unescape(snippet.split('src="', 1)[1].split('"', 1)[0]).split("?", 1)[1]
    assert "d4-d5" in read_embed("?" + query, "")[0]["record"]
    with page.expect_download() as download:
        page.click("#io-diagram")
    root = ET.fromstring(Path(download.value.path()).read_text())
    drawn = {g.get("data-piece") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("data-piece")}
    assert "d5" in drawn and "d4" not in drawn and len(drawn) == 26
    assert [g.get("data-move") for g in root.iter("{http://www.w3.org/2000/svg}g") if g.get("class") == "arrow"] == [
        "d4-d5"
    ]
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("body")).to_have_attribute("data-ply", "1")
        expect(frame.locator("#moves button")).to_have_text(["1.d4-d5"])
        assert min(background(frame)) > 200
    page.check("#io-embed-dark")  # for a page with dark colours
    expect(page.locator("#io-embed")).to_have_value(re.compile("&amp;bg=dark"))
    snippet = page.input_value("#io-embed")
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("body")).to_have_attribute("data-ply", "1")
        assert max(background(frame)) < 60
