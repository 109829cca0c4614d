"""Annotating on the game page: a comment, a symbol, an arrow, a marked point and a side line,
kept on reload, exported, and shown the same by an embed on another site."""

from __future__ import annotations

import re
import urllib.parse

import pytest
from playwright.sync_api import expect
from test_embed import lesson_page

from helpers import ENGINE_MS, click_point, moves, new_game, open_site, play, press


@pytest.mark.pages_only
def test_annotate_a_game_and_embed_the_export(page, server, context, tmp_path):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    for frm, to in [("d4", "d5"), ("c5", "c6"), ("d3", "d4")]:
        play(page, frm, to)
    press(page, "#btn-annotate")
    expect(page.locator("#panel-annotate")).to_be_visible()
    page.click('#moves [data-ply="1"]')  # after 1. d4-d5: the officers try another move
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    play(page, "e5", "e6")
    expect(page.locator("#moves tr.variation button")).to_have_count(1)
    assert moves(page)[:3] == ["d4-d5", "c5-c6", "d3-d4"]
    page.click('#moves [data-ply="2"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    page.fill("#annot-comment", "A quiet move.")
    page.press("#annot-comment", "Tab")  # the comment is kept when the box is left
    page.click('#annot-nags [data-nag="?!"]')
    page.click("#annot-arrow-tool")
    click_point(page, "d3")
    click_point(page, "d4")
    page.wait_for_selector('#board .arrow[data-move="d3-d4"]')
    page.click("#annot-arrow-tool")
    page.click('#board .point[data-point="e5"]', button="right")  # a right-click marks a point
    page.wait_for_selector('#board .m-highlight[data-mark="e5"]')
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.click('#moves [data-ply="2"]')
    page.wait_for_selector('#board .arrow[data-move="d3-d4"]')  # kept in the save
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    page.click("#dlg-io button[value=close]")
    assert "(" in record and "c5-c6?!" in record and "[%cal Gd3d4]" in record and "A quiet move." in record
    url = server.url + "embed.html?" + urllib.parse.urlencode({"record": record, "ply": "2"})
    snippet = f'<iframe src="{url}" width="380" height="660" title="Annotated"></iframe>'
    with lesson_page(context, tmp_path, snippet) as frame:
        frame.locator('#board .arrow[data-move="d3-d4"]').wait_for(timeout=ENGINE_MS)
        expect(frame.locator("#comment")).to_have_text(re.compile(r"^A quiet move\."), use_inner_text=True)
        expect(frame.locator("#moves li.var").first).to_be_attached()  # the side line, in the embed's move list
