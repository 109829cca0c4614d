"""The bot lab (lab/): bots loaded from a file or pasted, each in its own Pyodide worker; a game
against the computer's levels; a bot's exception, illegal move and running over its time shown
as they are; a small tournament's crosstable; offline after one visit."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect
from test_accessibility import TAGS, violations, with_axe

from helpers import open_site

BOTS = Path(__file__).resolve().parents[1] / "tests" / "bots"
RANDOM = "import random\n\n\ndef choose(board):\n    return random.choice(list(board.legal_moves))\n"
HANGS = "def choose(board):\n    while True:\n        pass\n"
RAISES = "def choose(board):\n    return 1 / 0\n"
ILLEGAL = "def choose(board):\n    return 'a3-g5'\n"
WCAG22 = [*TAGS, "wcag22a", "wcag22aa"]


def open_lab(page, server):
    page.goto(server.url + "lab/")
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=60_000)


def load(page, name, source):
    page.fill("#name", name)
    page.fill("#source", source)
    page.click("#load")
    expect(page.locator("#bots li", has_text=name).first).to_have_attribute("data-status", "ready", timeout=60_000)


def play(page, rebels, officers, ruleset="course", seconds="2"):
    page.select_option("#rebels", rebels)
    page.select_option("#officers", officers)
    page.select_option("#ruleset", ruleset)
    page.fill("#seconds", seconds)
    page.click("#play")


def test_a_pasted_bot_plays_the_computers_level_to_the_end(page, server):
    open_lab(page, server)
    load(page, "random.py", RANDOM)
    play(page, "random.py", "level:beginner")
    expect(page.locator("#status")).to_have_attribute("data-state", "over", timeout=120_000)
    assert int(page.locator("#board").get_attribute("data-plies")) > 4
    expect(page.locator("#log li[data-kind=over]")).to_have_count(1)


def test_a_course_bot_from_a_file_and_the_player_on_the_board(page, server):
    open_lab(page, server)
    page.set_input_files("#file", str(BOTS / "course_player.py"))
    expect(page.locator("#bots li", has_text="course_player.py")).to_have_attribute(
        "data-status", "ready", timeout=60_000
    )
    play(page, "you", "course_player.py")
    expect(page.locator("#status")).to_have_attribute("data-state", "playing", timeout=60_000)
    page.locator('#board [data-point="d4"]').first.click()
    page.locator('#board [data-point="d5"]').first.click()
    expect(page.locator("#board")).to_have_attribute("data-plies", "2", timeout=60_000)  # the bot answered


def test_faults_are_shown_and_a_bot_over_its_time_is_stopped(page, server):
    open_lab(page, server)
    load(page, "raises.py", RAISES)
    play(page, "raises.py", "level:beginner", ruleset="assault")
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("ZeroDivisionError", timeout=60_000)
    expect(page.locator("#status")).to_contain_text("Officers win")
    load(page, "hangs.py", HANGS)
    play(page, "hangs.py", "level:beginner", ruleset="assault", seconds="1")
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("over its time limit", timeout=60_000)
    expect(page.locator("#log li[data-kind=over]")).to_contain_text("its worker was stopped")
    load(page, "illegal.py", ILLEGAL)
    play(page, "level:beginner", "illegal.py", ruleset="course")  # the course's rules: counted, the turn passes
    expect(page.locator("#log li[data-kind=illegal]").nth(2)).to_contain_text(
        "Counted; the turn passes.", timeout=60_000
    )


def test_a_tournament_of_the_loaded_bots(page, server):
    open_lab(page, server)
    load(page, "random.py", RANDOM)
    page.set_input_files("#file", str(BOTS / "course_player.py"))
    expect(page.locator("#bots li", has_text="course_player.py")).to_have_attribute(
        "data-status", "ready", timeout=60_000
    )
    page.fill("#seconds", "2")
    page.click("#tournament")
    table = page.locator("#crosstable")
    expect(table).to_have_attribute("data-done", "yes", timeout=240_000)
    expect(table).to_have_attribute("data-games", "2")
    scores = [float(s) for s in table.locator("td[data-score]").evaluate_all("els => els.map(e => e.dataset.score)")]
    assert sum(scores) == 2 and len(scores) == 2


def test_the_lab_is_accessible_light_and_dark_on_a_desktop_and_a_phone(page, server):
    with_axe(page)
    found = {}
    for width, height in ((1280, 720), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            open_lab(page, server)
            load(page, "raises.py", RAISES)  # a game to its end: the board, the log and a fault shown
            play(page, "raises.py", "level:beginner", ruleset="assault")
            expect(page.locator("#status")).to_have_attribute("data-state", "over", timeout=60_000)
            found[f"{width}x{height} {scheme}"] = violations(page, tags=WCAG22)
    assert found == {key: [] for key in found}


def test_the_game_page_leads_to_the_lab(page, server):
    open_site(page, server.url)
    link = page.locator("#links a", has_text="Bot lab")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "yes", timeout=60_000)
    expect(page.locator("h1")).to_have_text("Bot lab")
