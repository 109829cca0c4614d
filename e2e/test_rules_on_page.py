"""The rules answer on the page (MicroPython): no Pyodide for two players, a record or many embeds."""

from __future__ import annotations

from test_embed import embed_url, lesson_page

from helpers import ENGINE_MS, moves, new_game, open_site, pieces, play, targets

RECORD_URL = "examples/assault-double-jump.txt"


def no_pyodide(context) -> list[str]:
    """Refuse every request for Pyodide's files or the AI's worker; return the list of those refused."""
    refused: list[str] = []

    def refuse(route):
        refused.append(route.request.url)
        route.abort()

    context.route("**/pyodide/**", refuse)
    context.route("**/worker.py", refuse)
    context.route("**/py.json", refuse)
    return refused


def test_two_players_play_a_whole_line_without_pyodide(context, server, console):
    refused = no_pyodide(context)
    page = context.new_page()
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    assert targets(page) == []  # nothing selected yet; the rebels' one legal piece is marked movable
    line = [("d4", "d5"), ("c5", "c6"), ("d3", "d4"), ("c6", "c7"), ("d5", "c5")]
    for frm, to in line:
        play(page, frm, to)
    assert moves(page) == ["d4-d5", "c5-c6", "d3-d4", "c6-c7", "d5-c5"]
    assert pieces(page)["c5"] == "R" and pieces(page)["c7"] == "O"
    page.click("#btn-undo")
    page.wait_for_function("document.body.dataset.ply === '4'", timeout=ENGINE_MS)
    assert page.get_attribute("body", "data-engine") is None  # the AI's worker was never started
    assert refused == []


def test_a_record_embed_steps_through_its_moves_without_pyodide(context, server):
    refused = no_pyodide(context)
    page = context.new_page()
    page.goto(embed_url(server, **{"record-url": RECORD_URL, "ply": "2"}))
    page.wait_for_selector("body[data-embed=ready]", timeout=ENGINE_MS)
    assert page.get_attribute("body", "data-mode") == "game"
    page.click("#btn-forward")
    page.wait_for_function("document.body.dataset.ply === '3'")
    assert page.locator("#moves li").count() > 3
    assert refused == []


def test_a_page_with_ten_record_and_puzzle_embeds(context, server, tmp_path):
    refused = no_pyodide(context)
    frames = []
    for ply in range(1, 8):
        frames.append(embed_url(server, **{"record-url": RECORD_URL, "ply": str(ply)}))
    frames.append(embed_url(server, record="1. d4-d5 {The only move.} c5-c6 *", ruleset="assault"))
    frames.append(embed_url(server, **{"record-url": RECORD_URL, "ply": "4", "puzzle": "1"}))
    frames.append(embed_url(server, position="assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", answer="d4-d5"))
    snippet = "".join(f'<iframe src="{url}" width="300" height="520"></iframe>' for url in frames)
    with lesson_page(context, tmp_path, snippet) as first:
        assert first.locator("body").get_attribute("data-mode") == "game"
        page = context.pages[-1]
        ready = [f for f in page.frames if f != page.main_frame]
        assert len(ready) == 10
        for frame in ready:
            frame.wait_for_selector("body[data-embed=ready]", timeout=ENGINE_MS)
        modes = sorted(f.evaluate("document.body.dataset.mode") for f in ready)
        assert modes.count("puzzle") == 2 and modes.count("game") == 8
    assert refused == []
