"""Playing through the page: two humans with a chain and a huff, undo/redo, reload, share link."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import (
    ENGINE_MS,
    click_point,
    import_text,
    move_list,
    new_game,
    open_site,
    pieces,
    play,
    press,
    synced,
    targets,
    wait_synced_after,
)

# An Asalto (huffing) game: the officer that moves e5-d4 leaves a capture undone and is
# huffed by the rebels; later the officer on d6 jumps a three-leap chain.
OPENING = [("c5", "e5"), ("d4", "d5"), ("e5", "d4"), ("e4", "e5"), ("c5", "c6")]


def test_two_humans_chain_and_huff(page, server):
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    expect(page.locator("#status")).to_have_text("Place the 2 officers: click 2 points of the fortress")
    assert sorted(targets(page)) == ["c5", "c6", "c7", "d5", "d6", "d7", "e5", "e6", "e7"]
    # Placement is a set: e5 then c5 is the same as c5 then e5.
    play(page, "e5", "c5")
    for move in OPENING[1:]:
        play(page, *move)
    expect(move_list(page)).to_have_text(["@c5,e5", "d4-d5", "e5-d4", "e4-e5", "c5-c6"])
    # The rebels may huff the officer on d4: the choice is offered and explained.
    expect(page.locator("#panel-huff")).to_be_visible()
    expect(page.locator("#huff-explain")).to_be_visible()
    expect(page.locator("#status")).to_contain_text("huff")
    page.click('#huff-buttons [data-huff="d4"]')
    play(page, "f4", "e4")
    expect(move_list(page).last).to_have_text("Hd4:f4-e4")
    assert pieces(page).get("d4") is None
    expect(page.locator("#message")).to_contain_text("huffed the officer on d4")
    play(page, "c6", "d6")
    play(page, "b5", "c5")
    # The chain d6xd4xf4xd6, point by point; after each leap the rules allow stopping.
    before = synced(page)
    click_point(page, "d6")
    click_point(page, "d4")
    # a huffing ruleset lets the chain stop after a leap
    expect(page.locator("#panel-chain")).to_be_visible()
    expect(page.locator('#board .point.target[data-point="f4"]')).to_have_count(1)
    click_point(page, "f4")
    click_point(page, "d6")
    wait_synced_after(page, before)
    expect(move_list(page).last).to_have_text("d6xd4xf4xd6")
    expect(page.locator("#message")).to_contain_text("Captured 3")
    for p in ("d5", "e4", "e5"):
        assert p not in pieces(page)


def test_undo_redo_jump_and_reload(page, server):
    open_site(page, server.url)
    new_game(page, "asalto", "humans")
    play(page, "c5", "e5")
    play(page, "d4", "d5")
    play(page, "e5", "d4")
    after = pieces(page)
    page.click("#btn-undo")  # two players: one move is taken back, and it is that side's turn again
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    assert pieces(page)["e5"] == "O" and "d4" not in pieces(page)
    expect(move_list(page)).to_have_text(["@c5,e5", "d4-d5"])
    expect(page.locator("#btn-redo")).to_be_enabled()
    page.click("#btn-redo")
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    assert pieces(page) == after
    expect(page.locator("#btn-redo")).to_be_disabled()
    before = synced(page)
    page.click('#moves [data-ply="1"]')  # browsing is not taking back: the moves stay
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    assert pieces(page)["d4"] == "R"
    expect(move_list(page)).to_have_count(3)
    # The status numbers the moves as the list does: the placement is move 0.
    expect(page.locator("#status")).to_have_text(
        re.compile("^Move 0 of 1, @c5,e5: rebels to move"), use_inner_text=True
    )
    click_point(page, "e5")  # a click while browsing asks before it starts a new line
    expect(page.locator("#panel-branch")).to_contain_text("2 moves after it")  # beside the board: the next frame
    page.click("#btn-to-end")
    expect(page.locator("body")).to_have_attribute("data-ply", "3")
    assert synced(page) == before  # browsing does not change the game
    expect(move_list(page)).to_have_count(3)
    page.reload()
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(["@c5,e5", "d4-d5", "e5-d4"])
    assert pieces(page) == after


@pytest.mark.pages_only
def test_share_link_reopens_the_game(page, context, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    play(page, "c5", "c6")
    press(page, "#btn-io")
    link = page.input_value("#io-link")
    position = page.input_value("#io-position")
    assert link.startswith(server.url + "#record-z=")  # the whole record, packed
    other = context.new_page()
    # A fresh page in the same browser has the saved game; the link must win over it.
    other.goto(server.url)
    other.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    new_game(other, "asalto", "humans")
    other.goto("about:blank")
    open_site(other, link)
    expect(move_list(other)).to_have_text(["d4-d5", "c5-c6"])
    press(other, "#btn-io")
    expect(other.locator("#io-position")).to_have_value(position)
    assert "#" not in other.url  # the link is consumed: a reload resumes the saved game


def test_bad_link_and_bad_move_are_reported(page, server):
    open_site(page, server.url + "#ruleset=assault&moves=d4-d5+c3-c9")
    expect(page.locator("#message")).to_contain_text("cannot be opened")
    expect(page.locator("#board .piece").first).to_be_visible()
    new_game(page, "assault", "humans")
    click_point(page, "c3")  # not a piece that can move: nothing happens
    click_point(page, "d4")
    expect(page.locator("#board .point.target")).to_have_count(1)  # d4's one move is drawn: c3's click is past
    assert targets(page) == ["d5"]
    expect(move_list(page)).to_have_count(0)


def test_every_board_is_drawn_from_the_engine_geometry(page, server):
    open_site(page, server.url)
    new_game(page, "german-tactics", "humans")
    expect(page.locator("#board .point")).to_have_count(33)
    expect(page.locator("#board .layer-marked line").first).to_be_attached()  # closed lines drawn doubled
    new_game(page, "royal-garrison", "humans")
    expect(page.locator("#board .point")).to_have_count(67)
    expect(page.locator("#board .piece.officer")).to_have_count(3)
    expect(page.locator("#board .layer-marked line")).to_have_count(0)
    e1 = page.locator('#board .point[data-point="e1"]')
    low = e1.get_attribute("cy")
    page.click("#btn-flip")
    expect(e1).not_to_have_attribute("cy", low)  # the board is drawn flipped
    assert float(e1.get_attribute("cy")) < float(low)  # rank 1 is now at the top


def test_a_new_line_from_an_earlier_move_after_the_prompt(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    for frm, to in [("d4", "d5"), ("c5", "c6"), ("d3", "d4")]:
        play(page, frm, to)
    page.click('#moves [data-ply="2"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    click_point(page, "d5")
    page.click("#btn-branch")
    play(page, "d5", "d6")
    expect(move_list(page)).to_have_text(["d4-d5", "c5-c6", "d5-d6"])
    expect(page.locator("#panel-branch")).to_be_hidden()


def test_citadelle_the_rebels_choose_which_officer_goes(page, server):
    # Both officers could take two; a step costs one of them, and the rebels say which.
    open_site(page, server.url)
    new_game(page, "citadelle", "humans")
    import_text(page, "citadelle 3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10")
    play(page, "c5", "d4")
    expect(page.locator("#panel-huff")).to_be_visible()
    expect(page.locator("#panel-huff")).to_contain_text("Which officer goes?")
    expect(page.locator('#huff-buttons [data-huff="e5"]')).to_be_visible()  # the choice is drawn
    expect(page.locator('#huff-buttons [data-huff=""]')).to_have_count(0)  # no "Don't huff": one must go
    expect(page.locator("#status")).to_contain_text("which officer")
    page.click('#huff-buttons [data-huff="e5"]')
    play(page, "a4", "a5")
    expect(move_list(page).last).to_have_text("He5:a4-a5")
    assert "e5" not in pieces(page) and pieces(page)["d4"] == "O"
