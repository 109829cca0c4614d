"""The course's ruleset on the game page: a pass is a move (its own button; rebels hemmed in pass
by themselves), and the game goes on."""

from __future__ import annotations

from urllib.parse import quote

from playwright.sync_api import expect

from helpers import open_site, play

# Every rebel is blocked (rebels never step back, nor outwards), the officers can move.
HEMMED_IN = "course RRR/RRR/RRRORRR/7/3O3/3/3 r - 5"
PLAYED = '#moves tbody tr:not(.variation) button:not([data-ply="0"])'


def test_rebels_without_a_move_pass_by_themselves(page, server):
    open_site(page, server.url + "#ruleset=course&start=" + quote(HEMMED_IN))
    expect(page.locator(PLAYED)).to_have_text(["--"])
    expect(page.locator("#message")).to_contain_text("The turn was passed.")
    play(page, "d3", "d2")  # the officers' move; the rebels are still hemmed in and pass again
    expect(page.locator(PLAYED)).to_have_text(["--", "d3-d2", "--"])
    play(page, "d5", "d4")  # the officer steps out: the rebels have a move again
    expect(page.locator(PLAYED)).to_have_text(["--", "d3-d2", "--", "d5-d4"])
    play(page, "c5", "d5")  # played by a click, as any move
    expect(page.locator(PLAYED)).to_have_text(["--", "d3-d2", "--", "d5-d4", "c5-d5"])


def test_either_side_may_pass_with_the_pass_button_in_the_courses_rules_only(page, server):
    open_site(page, server.url + "#ruleset=course&start=" + quote("course 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"))
    page.locator("#btn-pass").click()  # the rebels pass, though they could move
    expect(page.locator(PLAYED)).to_have_text(["--"])
    expect(page.locator("#message")).to_contain_text("The turn was passed.")
    page.locator("#btn-pass").click()  # so do the officers
    expect(page.locator(PLAYED)).to_have_text(["--", "--"])
    play(page, "d4", "d5")
    expect(page.locator(PLAYED)).to_have_text(["--", "--", "d4-d5"])
    open_site(page, server.url + "#ruleset=assault")
    expect(page.locator("#btn-pass")).to_be_hidden()
