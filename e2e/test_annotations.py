"""Annotated games in the embed view (issue 12): arrows, points, symbols and variations, inside
another site's page; the lesson pages in three languages with every figure ready."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from conftest import ROOT
from playwright.sync_api import expect
from test_embed import lesson_page, open_embed

from asalto_core.session import Session
from helpers import ENGINE_MS

ANNOTATED = """[Event "Exported"]
[Ruleset "assault"]

1. d4-d5 c5-c6?! {[%arrows c5-c6,e5-e3] [%points d5] Slow.} (1... c5-d4!
{[%arrows c5-d4] Better.} 2. b5-c5 d4xd6) 2. d3-d4 *
"""


def arrows(frame) -> list[str]:
    return frame.locator("#board .arrow").evaluate_all("ns => ns.map(n => n.dataset.move)")


@pytest.mark.pages_only
def test_an_exported_annotated_game_shows_its_arrows_and_variation_on_another_site(context, server, tmp_path):
    session = Session.from_text(ANNOTATED)[0]
    record = session.record()  # the export, as the game page gives it
    src = server.url + "embed.html?" + urllib.parse.urlencode({"record": record, "ply": "2"})
    snippet = f'<iframe src="{src.replace("&", "&amp;")}" width="380" height="700" title="Game"></iframe>'
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("body")).to_have_attribute("data-ply", "2")
        assert arrows(frame) == ["c5-c6", "e5-e3"]
        expect(frame.locator('#board .m-highlight[data-mark="d5"]')).to_have_count(1)
        expect(frame.locator("#nag")).to_have_text("?!")
        expect(frame.locator("#comment")).to_have_text("Slow.")
        # The variation is in the move list, indented, as the engine's tree lists it.
        items = frame.locator("#moves li[data-path]")
        assert items.evaluate_all("ns => ns.map(n => n.dataset.path)") == [
            ",".join(map(str, e["path"])) for e in session.view()["tree"]
        ]
        var = frame.locator('#moves li.var[data-path="1,0,1"]')
        expect(var).to_have_text("1...c5-d4!")
        expect(var).not_to_have_css("margin-left", "0px")
        var.locator("button").click()
        expect(frame.locator("body")).to_have_attribute("data-path", "1,0,1")
        expect(frame.locator("#comment")).to_have_text("Better.")
        assert arrows(frame) == ["c5-d4"]
        expect(frame.locator('#moves li[data-path="1,0,1"] button')).to_have_attribute("aria-current", "step")
        frame.locator("#btn-forward").click()
        expect(frame.locator("body")).to_have_attribute("data-path", "1,0,2")
        frame.locator("#btn-forward").click()
        expect(frame.locator("body")).to_have_attribute("data-path", "1,0,3")
        expect(frame.locator("#board .m-captured")).to_have_count(1)
        # The keyboard: back out of the variation, then in again.
        frame.locator("#moves").press("ArrowUp")
        expect(frame.locator("body")).to_have_attribute("data-path", "1")
        frame.locator("#moves").press("ArrowDown")
        expect(frame.locator("body")).to_have_attribute("data-path", "1,0,1")
        frame.locator("#moves").press("ArrowLeft")
        expect(frame.locator("body")).to_have_attribute("data-path", "1")
        frame.locator("#moves").press("ArrowRight")
        expect(frame.locator("body")).to_have_attribute("data-path", "2")
        expect(frame.locator("#messages li")).to_have_count(0)


def test_a_record_file_with_variations_is_read_by_record_url(page, server):
    open_embed(page, server.url + "embed.html?record-url=examples/lesson-game.en.txt&ply=9")
    expect(page.locator("#moves li.var")).to_have_count(2)
    expect(page.locator("#nag")).to_have_text("?")
    expect(page.locator('#board .m-highlight[data-mark="e4"]')).to_have_count(1)
    page.click('#moves li[data-path="8,0,1"] button')
    expect(page.locator("#comment")).to_have_text(re.compile("^Safer"), use_inner_text=True)
    assert arrows(page) == ["e1-e2"]
    page.click("#btn-first")
    expect(page.locator("body")).to_have_attribute("data-path", "0")


@pytest.mark.pages_only
@pytest.mark.parametrize("name", ["examples.html", "examples.fr.html", "examples.de.html"])
def test_the_lesson_pages_have_every_figure_ready(context, server, name):
    page = context.new_page()
    page.goto(server.url + name)
    ids = page.locator("iframe").evaluate_all("ns => ns.map(n => n.id)")
    assert len(ids) >= 10
    lang = {"examples.html": "en", "examples.fr.html": "fr", "examples.de.html": "de"}[name]
    expect(page.locator("html")).to_have_attribute("lang", lang)
    for fid in ids:
        page.locator(f"#{fid}").scroll_into_view_if_needed()  # lazy frames load when near
        frame = page.frame_locator(f"#{fid}")
        frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
        expect(frame.locator("#messages li"), fid).to_have_count(0)
        expect(frame.locator("html")).to_have_attribute("lang", lang)
    modes = {
        "ex-puzzle": "puzzle",
        "ex-puzzle-game": "puzzle",
        "ex-game": "game",
        "ex-german": "static",
        "ex-royal": "static",
    }
    for fid, mode in modes.items():
        expect(page.frame_locator(f"#{fid}").locator("body")).to_have_attribute("data-mode", mode)
    german = page.frame_locator("#ex-german")
    expect(german.locator("#board [data-line]").first).to_be_attached()  # the marked lines are drawn
    game = page.frame_locator("#ex-game")
    expect(game.locator("#moves li.var")).to_have_count(2)
    game.locator("#btn-last").click()
    expect(game.locator("#board .arrow")).to_have_count(1)


def test_the_lesson_records_are_next_to_the_pages():
    for lang in ("en", "fr", "de"):
        assert (ROOT / "dist" / "examples" / f"lesson-game.{lang}.txt").exists()
