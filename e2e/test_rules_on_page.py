"""The rules answer on the page (MicroPython): no Pyodide for two players, a record or many embeds."""

from __future__ import annotations

import re

from conftest import Server
from playwright.sync_api import expect
from test_embed import embed_url

from helpers import ENGINE_MS, leave, move_list, new_game, open_site, pieces, play, press

RECORD_URL = "examples/assault-double-jump.txt"


def no_pyodide(context) -> list[str]:
    """Refuse every request for Pyodide's files or the AI's worker; return the list of those refused."""
    refused: list[str] = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context.route("**/pyodide/**", refuse)
    context.route("**/worker.py", refuse)
    context.route("**/wheels/**", refuse)
    return refused


def test_two_players_play_a_whole_line_without_pyodide(context, server, console):
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")  # remembered: the next visit is a game of two players
    leave(page)
    refused = no_pyodide(context)
    page = context.new_page()
    open_site(page, server.url)
    expect(page.locator("#board .piece.movable")).to_have_count(1)  # the rebels' one legal piece: d4
    line = [("d4", "d5"), ("c5", "c6"), ("d3", "d4"), ("e5", "c5"), ("f4", "e5")]  # e5xc5 is forced
    for frm, to in line:
        play(page, frm, to)
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6", "d3-d4", "e5xc5", "f4-e5"])
    assert pieces(page)["e5"] == "R" and pieces(page)["c5"] == "O" and "d5" not in pieces(page)
    page.click("#btn-undo")
    expect(page.locator("body")).to_have_attribute("data-ply", "4", timeout=ENGINE_MS)
    expect(page.locator("body")).not_to_have_attribute("data-engine", re.compile(".*"))  # the AI's worker never started
    assert refused == []


def test_a_record_embed_steps_through_its_moves_without_pyodide(context, server):
    refused = no_pyodide(context)
    page = context.new_page()
    page.goto(embed_url(server, **{"record-url": RECORD_URL, "ply": "2"}))
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-mode", "game")
    page.click("#btn-forward")
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    assert page.locator("#moves li").count() > 3
    assert refused == []


def test_a_page_with_ten_record_and_puzzle_embeds(context, server, tmp_path):
    """Ten figures on a teacher's page (another local site), each reading its game on MicroPython."""
    refused = no_pyodide(context)
    frames = []
    for ply in range(1, 8):
        frames.append(embed_url(server, **{"record-url": RECORD_URL, "ply": str(ply)}))
    frames.append(embed_url(server, record="1. d4-d5 {The only move.} c5-c6 *", ruleset="assault"))
    frames.append(embed_url(server, **{"record-url": RECORD_URL, "ply": "4", "puzzle": "1"}))
    frames.append(embed_url(server, position="assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", answer="d4-d5"))
    snippet = "".join(f'<iframe src="{url}" width="300" height="520"></iframe>' for url in frames)
    (tmp_path / "lesson.html").write_text(f"<!doctype html><title>Ten figures</title>{snippet}")
    host = Server(root=tmp_path)
    try:
        page = context.new_page()
        page.goto(host.origin + "/lesson.html")
        for i in range(10):
            page.frame_locator(f"iframe >> nth={i}").locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
        modes = [f.evaluate("document.body.dataset.mode") for f in page.frames if f != page.main_frame]
    finally:
        host.stop()
    assert len(modes) == 10 and modes.count("puzzle") == 2 and modes.count("game") == 8
    assert refused == []


def test_a_game_of_house_rules_played_to_its_end(page, server):
    """Assault where the officers win once fewer than 24 rebels remain: the first capture ends it."""
    open_site(page, server.url)
    page.click("#btn-new")
    page.select_option("#new-ruleset", "assault")
    page.check('#dlg-new input[name="mode"][value="humans"]')
    page.click("#new-custom summary")
    page.select_option('#custom-options select[data-option="win"]', "24")
    expect(page.locator("#custom-name")).to_have_text("assault:win=24")
    page.select_option('#custom-options select[data-option="stop"]', "anywhere")
    page.select_option('#custom-options select[data-option="capture"]', "single")
    # A stop of a chain cannot apply to single captures: it is not offered, and not counted.
    expect(page.locator('#custom-options select[data-option="stop"]')).to_be_hidden()
    expect(page.locator("#custom-name")).to_have_text("assault:capture=single,win=24")
    expect(page.locator("#new-start")).to_be_enabled()
    page.select_option('#custom-options select[data-option="capture"]', "chain")
    expect(page.locator("#custom-name")).to_have_text("assault:stop=anywhere,win=24")
    page.select_option('#custom-options select[data-option="stop"]', "end")
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)
    for frm, to in [("d4", "d5"), ("c5", "c6"), ("d3", "d4"), ("e5", "c5")]:
        play(page, frm, to)
    expect(page.locator("body")).to_have_attribute("data-over", "1")
    expect(page.locator("#status")).to_have_text("Game over.")  # the status says it; the card says how
    expect(page.locator("#result-text")).to_contain_text("Officers win")
    press(page, "#btn-rules")  # the dialog opens once its texts are at hand (fetched the first time)
    expect(page.locator("#rules-title")).to_contain_text("house rules")
    page.click("#dlg-rules button[value=close]")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6", "d3-d4", "e5xc5"])  # the saved game keeps its house rules
