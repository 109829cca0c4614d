"""The puzzle trainer: a puzzle of several moves solved against the computer's replies, a failed
one and the rating it costs, the puzzle of the day offline, a teacher's set in one frame, a
three-move puzzle in a chosen difficulty, a failed puzzle replayed from the history, and a
streak run ended by a miss."""

from __future__ import annotations

import json
import re
import sys

import pytest
from conftest import ROOT, Server
from playwright.sync_api import expect

from asalto_core import Position
from helpers import ENGINE_MS, cut_choices, move_list

sys.path.insert(0, str(ROOT / "site"))  # the pages' packages: the trainer's state
from puzzles import state as ts  # noqa: E402 - after the path is set

PUZZLES, _, _ = ts.read_set((ROOT / "site" / "puzzles" / "puzzles.json").read_text())


def simple(p: dict) -> bool:
    """A puzzle whose solver's moves are entered by clicking their points (no huff, no stop mid-chain)."""
    return ts.ruleset_of(p) in ("assault", "royal-garrison") and not any("H" in m or "@" in m for m in p["line"])


def clicks(move: str) -> list[str]:
    return move.replace("x", "-").split("-")


def wrong_move(p: dict) -> str:
    """A move that is not the answer (a step rather than a capture where there is one)."""
    position = Position.from_text(p["position"])
    after = position.play(p["line"][0]).key()
    others = [str(m) for m in position.legal_moves if position.play(m).key() != after]
    return next((m for m in others if "x" not in m), others[0])


def open_trainer(page, url: str) -> None:
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)


def rating(page) -> int:
    return int(page.inner_text("#my-rating").rstrip("?"))


def key_to(page, point: str) -> None:
    """Arrow keys until the board's cursor is on ``point`` (toward it along the larger distance)."""
    for _ in range(40):
        here = (page.get_attribute("#board", "aria-activedescendant") or "")[3:]
        if here == point:
            return
        if not here:
            page.keyboard.press("ArrowUp")
            continue
        a = page.locator(f'#board .point[data-point="{here}"]').bounding_box()
        b = page.locator(f'#board .point[data-point="{point}"]').bounding_box()
        dx, dy = b["x"] - a["x"], b["y"] - a["y"]
        if abs(dx) > abs(dy):
            page.keyboard.press("ArrowRight" if dx > 0 else "ArrowLeft")
        else:
            page.keyboard.press("ArrowDown" if dy > 0 else "ArrowUp")
    raise AssertionError(f"the cursor never reached {point}")


def play_move(page, move: str, ply_after: int) -> None:
    for point in clicks(move):
        page.click(f'#board .point[data-point="{point}"]')
    page.wait_for_selector(f'body[data-ply="{ply_after}"]', timeout=ENGINE_MS)


def test_a_puzzle_of_several_moves_is_solved_against_the_computers_replies(page, server):
    p = next(p for p in PUZZLES if simple(p) and len(p["line"]) >= 3)
    open_trainer(page, server.url + f"puzzles.html?id={p['id']}")
    expect(page.locator("#about-id")).to_have_text("#" + p["id"])
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solving")
    expect(page.locator("#my-rating")).to_have_text(re.compile(r"^1500\??$"), use_inner_text=True)
    line = p["line"]
    # The first move from the keyboard: arrows move the cursor, Enter presses the point under it.
    page.focus("#board")
    for point in clicks(line[0]):
        key_to(page, point)
        page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-ply", "2", timeout=ENGINE_MS)  # the computer answered
    expect(page.locator("#status")).to_have_text(
        re.compile("^" + re.escape("The computer answers " + line[1])), use_inner_text=True
    )
    for k in range(2, len(line), 2):
        play_move(page, line[k], min(k + 2, len(line)))  # with the computer's reply, if one follows
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#status")).to_have_text("Solved! On to the next one.")
    expect(page.locator("#my-streak")).to_have_text("1")
    assert rating(page) > 1500
    expect(page.locator("#my-change")).to_have_text(re.compile(r"^\+"), use_inner_text=True)
    saved = json.loads(page.evaluate("localStorage.getItem('asalto.puzzles.v1')"))
    assert saved["solved"] == 1 and saved["tried"] == [p["id"]]
    end = Position.from_text(p["position"])
    for move in line:
        end = end.play(move)
    shown = page.evaluate("() => [...document.querySelectorAll('#board .piece')].map(n => n.dataset.piece).sort()")
    assert shown == sorted(end.pieces())
    with page.expect_navigation():
        page.click("#analyse")  # the puzzle and its line on the game page, from the puzzle's start
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)
    expect(move_list(page)).to_have_text(line)
    expect(page.locator("body")).to_have_attribute("data-ply", "0")


def test_a_failed_puzzle_costs_rating_and_the_solution_plays_out(page, server):
    p = next(p for p in PUZZLES if simple(p) and len(p["line"]) >= 3)
    wrong = wrong_move(p)
    open_trainer(page, server.url + f"puzzles.html?id={p['id']}")
    for point in clicks(wrong):
        page.click(f'#board .point[data-point="{point}"]')
    expect(page.locator("body")).to_have_attribute("data-puzzle", "wrong")
    expect(page.locator("#status")).to_have_text(
        re.compile("^" + re.escape(f"Not the answer: {wrong}")), use_inner_text=True
    )
    expect(page.locator("#my-change")).to_have_attribute("class", "down")
    assert rating(page) < 1500
    expect(page.locator("#my-streak")).to_have_text("0")
    page.click("#btn-solution")
    page.wait_for_selector(f'body[data-ply="{len(p["line"])}"]', timeout=ENGINE_MS)
    expect(page.locator("#status")).to_have_text("The solution: " + " ".join(p["line"]) + ".")
    before = rating(page)
    page.click("#btn-retry")  # a retry is not scored again
    play_move(page, p["line"][0], 2)
    assert rating(page) == before
    page.click("#btn-next")
    page.wait_for_function(f"document.querySelector('#about-id').textContent !== '#{p['id']}'")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solving")


def test_the_puzzle_of_the_day_offline(context):
    srv = Server()
    page = context.new_page()
    open_trainer(page, srv.url + "puzzles.html")
    page.wait_for_function("document.documentElement.dataset.offline === 'ready'", timeout=ENGINE_MS)
    today = page.evaluate(
        "() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
        " + '-' + String(d.getDate()).padStart(2, '0'); }"
    )
    expected = ts.daily(PUZZLES, today)
    srv.stop()  # the site is gone: the page, its Python and the puzzles come from the cache
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.click("#btn-daily")
    page.wait_for_function(f"document.querySelector('#about-id').textContent === '#{expected['id']}'")
    expect(page.locator("#status")).to_have_text(
        re.compile("^" + re.escape(f"The puzzle of {today}.")), use_inner_text=True
    )
    expect(page.locator("#board .piece")).to_have_count(len(Position.from_text(expected["position"]).pieces()))


def test_a_teachers_set_in_one_frame(page, server):
    chains = ts.teacher_set(ts.matching(PUZZLES, theme="chain"), 3)
    page.goto(server.url + "embed.html?theme=chain&count=3&lang=fr")  # the embed link hands over
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    assert page.url.split("/")[-1].startswith("puzzles.html?theme=chain")
    expect(page.locator("#set-count")).to_have_text(f"Problème 1 sur {len(chains)}")
    expect(page.locator("#about-id")).to_have_text("#" + chains[0]["id"])
    expect(page.locator("#you")).to_be_hidden()
    expect(page.locator(".topbar")).to_be_hidden()
    page.click("#btn-next-set")
    expect(page.locator("#about-id")).to_have_text("#" + chains[1]["id"])
    assert page.evaluate("localStorage.getItem('asalto.puzzles.v1')") is None  # a frame keeps no score


def test_the_filters_say_how_many_puzzles_each_theme_has(page, server):
    open_trainer(page, server.url + "puzzles.html")
    ruleset = "assault"  # its rules have no huff: the theme cannot be chosen with them
    page.select_option("#pick-ruleset", ruleset)
    pool = ts.matching(PUZZLES, ruleset, "")
    chains = sum("chain" in p["themes"] for p in pool)
    expect(
        page.locator("#pick-theme option", has_text=re.compile("^" + re.escape(f"Chain capture ({chains})") + "$"))
    ).to_have_count(1)
    expect(page.locator('#pick-theme option[value="huff"]')).to_have_text("Huff (0)")
    expect(page.locator('#pick-theme option[value="huff"]')).to_have_js_property("disabled", True)
    page.select_option("#pick-theme", "chain")
    expect(page.locator("#pool")).to_have_text(f"{chains} puzzles")
    shown_id = page.inner_text("#about-id")  # read once: not once for each puzzle before it
    shown = next(p for p in PUZZLES if "#" + p["id"] == shown_id)
    assert ts.ruleset_of(shown) == ruleset and "chain" in shown["themes"]


def test_a_hint_marks_where_the_move_starts_and_costs_the_first_try(page, server):
    p = next(p for p in PUZZLES if simple(p) and len(p["line"]) == 1)
    start = clicks(p["line"][0])[0]
    open_trainer(page, server.url + f"puzzles.html?id={p['id']}")
    page.click("#btn-hint")
    expect(page.locator("#status")).to_have_text(f"Hint: the move starts from {start}.")
    expect(page.locator("#board .m-highlight")).to_have_count(1)
    expect(page.locator("#btn-hint")).to_be_disabled()
    expect(page.locator("#my-streak")).to_have_text("0")
    assert rating(page) < 1500
    play_move(page, p["line"][0], 1)
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#board .m-highlight")).to_have_count(0)
    expect(page.locator("#btn-hint")).to_be_disabled()
    expect(page.locator("#my-streak")).to_have_text("0")  # found with help: no streak


def solve(page, line: list[str], ply: int = 0) -> None:
    """Play the solver's moves of ``line`` (from ply ``ply``), waiting for each reply."""
    for k in range(0, len(line), 2):
        play_move(page, line[k], ply + min(k + 2, len(line)))


def with_profile(page, profile: dict) -> None:
    page.add_init_script(f"localStorage.setItem('asalto.puzzles.v1', {json.dumps(json.dumps(profile))})")


def test_a_three_move_puzzle_in_a_chosen_difficulty(page, server):
    """With Harder chosen, the next puzzle is the one nearest the player's rating plus 300: here a
    puzzle of three moves, solved; its themes show only once it is solved."""
    assault = ts.matching(PUZZLES, "assault")
    for target in [p for p in assault if simple(p) and len(p["line"]) >= 5]:
        profile = dict(ts.fresh_profile(), rating=target["rating"] - 300, rd=80.0)
        first = ts.next_puzzle(assault, profile)
        harder = ts.next_puzzle(assault, profile, first["id"], 300)
        if simple(harder) and len(harder["line"]) >= 5:
            break
    else:
        raise AssertionError("no Assault puzzle of three moves to pick as harder")
    with_profile(page, dict(profile, filters={"ruleset": "assault", "theme": "", "difficulty": "normal"}))
    open_trainer(page, server.url + "puzzles.html")
    expect(page.locator("#about-id")).to_have_text("#" + first["id"])
    page.select_option("#pick-difficulty", "harder")
    page.wait_for_function(f"document.querySelector('#about-id').textContent === '#{harder['id']}'")
    expect(page.locator("#about-themes")).to_have_text("shown once solved")
    solve(page, harder["line"])
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#about-themes")).to_have_text(", ".join(THEME_NAMES[x] for x in harder["themes"]))
    saved = json.loads(page.evaluate("localStorage.getItem('asalto.puzzles.v1')"))
    assert saved["filters"]["difficulty"] == "harder"  # the choice is kept


THEME_NAMES = {
    "chain": "Chain capture",
    "huff": "Huff",
    "fortress": "Filling the fortress",
    "hemming": "Hemming the officers in",
    "defence": "The only defence",
    "endgame": "Endgame race",
}


def test_a_failed_puzzle_is_replayed_from_the_history(page, server):
    p = next(p for p in PUZZLES if simple(p) and len(p["line"]) >= 3)
    wrong = wrong_move(p)
    open_trainer(page, server.url + f"puzzles.html?id={p['id']}")
    play_move(page, wrong, 0)
    expect(page.locator("body")).to_have_attribute("data-puzzle", "wrong")
    page.click("#btn-history")
    expect(page.locator("body")).to_have_attribute("data-view", "history")
    expect(page.locator("#board")).to_be_hidden()
    rows = page.locator("#theme-table tbody tr").all_inner_texts()
    theme = THEME_NAMES[p["themes"][0]]
    assert f"{theme}\t1\t0" in rows
    expect(page.locator("#curve-text")).to_have_text(
        re.compile("^Your rating over 1 tries: from 1500 to "), use_inner_text=True
    )
    replay = page.locator(f'#failed-list button[data-id="{p["id"]}"]')
    expect(replay).to_have_text(re.compile("^" + re.escape(f"Replay #{p['id']}: ")), use_inner_text=True)
    replay.press("Enter")  # by keyboard
    expect(page.locator("body")).to_have_attribute("data-view", "trainer")
    expect(page.locator("#about-id")).to_have_text("#" + p["id"])
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solving")
    solve(page, p["line"])
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    page.click("#btn-history")
    expect(page.locator("#failed-list")).to_have_text("None: every puzzle you missed has been solved since.")
    assert f"{theme}\t2\t1" in page.locator("#theme-table tbody tr").all_inner_texts()


def test_the_history_has_its_own_address(page, server):
    """puzzles.html#history opens the history; Back to the puzzles leaves it; from the trainer its
    link opens it and the browser's Back returns, the failed puzzle still listed to replay."""
    p = next(p for p in PUZZLES if simple(p))
    log = [[p["id"], 0, 1480]]
    with_profile(page, dict(ts.fresh_profile(), rating=1480, failed=1, tried=[p["id"]], log=log))
    open_trainer(page, server.url + "puzzles.html#history")
    page.wait_for_selector("body[data-view=history]")
    expect(page).to_have_title("Your puzzle history")
    expect(page.locator("#board")).to_be_hidden()
    expect(page.locator(f'#failed-list button[data-id="{p["id"]}"]')).to_have_count(1)
    assert page.evaluate("document.activeElement.id") == "btn-back"
    page.keyboard.press("Enter")  # Back to the puzzles, by keyboard
    page.wait_for_selector("body[data-view=trainer]")
    expect(page).to_have_url(server.url + "puzzles.html")
    expect(page.locator("#board")).to_be_visible()
    page.click("#btn-history")
    page.wait_for_selector("body[data-view=history]")
    assert page.url == server.url + "puzzles.html#history"
    page.go_back()
    page.wait_for_selector("body[data-view=trainer]")
    expect(page).to_have_url(server.url + "puzzles.html")
    expect(page).not_to_have_title("Your puzzle history")
    page.go_forward()
    page.wait_for_selector("body[data-view=history]")
    page.click("#btn-back")
    page.wait_for_selector("body[data-view=trainer]")
    assert page.url == server.url + "puzzles.html"


def test_a_streak_run_ends_at_the_first_miss(page, server):
    """Each puzzle of a run is harder than the last and of the theme chosen; a miss ends it, the
    rating untouched."""
    unfiltered = ts.run_next(ts.matching(PUZZLES, "assault"))
    for theme in THEME_NAMES:  # a theme whose run starts elsewhere than the run of every theme
        pool = ts.matching(PUZZLES, "assault", theme)
        first = ts.run_next(pool)
        second = ts.run_next(pool, first["rating"], [first["id"]]) if first else None
        if second and simple(first) and simple(second) and first["id"] != unfiltered["id"]:
            break
    else:
        raise AssertionError("no Assault theme to run through")
    assert second["rating"] >= first["rating"] + ts.RUN_STEP and theme in second["themes"]
    filters = {"ruleset": "assault", "theme": theme, "difficulty": "normal"}
    with_profile(page, dict(ts.fresh_profile(), filters=filters))
    open_trainer(page, server.url + "puzzles.html")
    page.click("#btn-run")
    page.wait_for_function(f"document.querySelector('#about-id').textContent === '#{first['id']}'")
    expect(page.locator("#run-text")).to_have_text("Streak run: 0 solved")
    solve(page, first["line"])
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    expect(page.locator("#run-text")).to_have_text("Streak run: 1 solved")
    page.click("#btn-next")
    page.wait_for_function(f"document.querySelector('#about-id').textContent === '#{second['id']}'")
    play_move(page, wrong_move(second), 0)
    expect(page.locator("body")).to_have_attribute("data-run", "over")
    expect(page.locator("#run-text")).to_have_text("The run ends at 1 solved (your best run: 1).")
    expect(page.locator("#my-solved")).to_have_text("0")
    assert rating(page) == 1500
    saved = json.loads(page.evaluate("localStorage.getItem('asalto.puzzles.v1')"))
    assert saved["run_best"] == 1 and saved["log"] == []
    page.click("#btn-next")  # back to rated puzzles
    page.wait_for_selector("body:not([data-run=on]):not([data-run=over])")
    expect(page.locator("#run-box")).to_be_hidden()


def test_a_huff_puzzle_marks_no_officer_before_the_move(page, server):
    p = next(p for p in PUZZLES if p["position"].split()[3] != "-")
    open_trainer(page, server.url + f"puzzles.html?id={p['id']}")
    expect(page.locator("#board .m-huffable")).to_have_count(0)


# A huff at the first move of three plies (tests/test_tactics.py proves it): three other steps fill c5 with it.
HUFF_FIRST = {"id": "au9001", "position": "assaut RRO/RR1/1R1OR2/RRRRRRR/1RRRRR1/RR1/R2 r d5 35", "kind": "win",
              "line": ["Hd5:b4-c5", "e7-e6", "d7-e7"], "also": [[0, "Hd5:b5-c5"], [0, "Hd5:c4-c5"], [0, "Hd5:d4-c5"]],
              "themes": ["huff", "hemming"], "rating": 1500}  # fmt: skip


def test_the_same_huff_by_another_step_solves_and_the_puzzle_goes_on(context, server):
    """c4-c5 where the line has b4-c5 (both fill c5, the officer on d5 huffed): right, the computer
    answers as that step's line says, and the puzzle is solved from there."""
    data = json.loads((ROOT / "site" / "puzzles" / "puzzles.json").read_text())
    data["puzzles"].append(HUFF_FIRST)
    context.route("**/puzzles.json", lambda route: route.fulfill(status=200, body=json.dumps(data)))
    page = context.new_page()
    open_trainer(page, server.url + f"puzzles.html?id={HUFF_FIRST['id']}")
    expect(page.locator("#about-id")).to_have_text("#" + HUFF_FIRST["id"])
    play_move(page, "c4-c5", 2)  # the step alone, the officer to huff not pressed first
    expect(page.locator("#status")).to_contain_text("The computer answers e7-e6")
    play_move(page, "d7-e7", 3)
    expect(page.locator("body")).to_have_attribute("data-puzzle", "solved")
    assert rating(page) > 1500
    end = Position.from_text(HUFF_FIRST["position"]).play("Hd5:c4-c5").play("e7-e6").play("d7-e7")
    shown = page.evaluate("() => [...document.querySelectorAll('#board .piece')].map(n => n.dataset.piece).sort()")
    assert shown == sorted(end.pieces())  # the officer on d5 huffed, c4 moved to c5


def test_on_a_phone_the_trainers_parts_line_up_with_its_task(page, server):
    """390 px wide: what the trainer says, its buttons and the puzzle's facts start at the task's
    left edge, not against the screen's."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_trainer(page, server.url + "puzzles.html")
    task = page.locator("#task-box").bounding_box()
    assert task["x"] >= 8, task
    for part in ("#status", "#actions", "#about", "#you"):
        box = page.locator(part).bounding_box()
        assert abs(box["x"] - task["x"]) <= 1 and abs(box["width"] - task["width"]) <= 1, (part, box, task)


def test_a_streak_run_on_a_laptop_says_its_rules_above_the_buttons(page, server):
    """1280x720: the streak run's long status line is read whole, above the Hint button (the
    panel scrolls; its status was squeezed to two lines and the buttons covered the rest)."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_trainer(page, server.url + "puzzles.html")
    page.click("#btn-run")
    expect(page.locator("body")).to_have_attribute("data-run", "on")
    expect(page.locator("#status")).to_contain_text("Streak run")
    status = page.locator("#status")
    assert status.evaluate("n => n.scrollHeight <= n.clientHeight + 1")
    bottom = status.bounding_box()["y"] + status.bounding_box()["height"]
    assert bottom <= page.locator("#btn-hint").bounding_box()["y"] + 1


@pytest.mark.parametrize("button", ["#btn-run", "#btn-daily"])
def test_a_puzzle_started_from_the_panels_foot_is_shown_from_its_task(page, server, button):
    """1280x720: the streak run and the day's puzzle start from buttons at the panel's foot; the
    panel then shows the new puzzle's task (it kept its scroll, the task above it out of view),
    and the keyboard is on the board to play it."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_trainer(page, server.url + "puzzles.html")
    page.locator(button).scroll_into_view_if_needed()
    page.click(button)
    expect(page.locator("#task-box")).to_be_in_viewport(ratio=1)
    expect(page.locator("#board")).to_be_focused()


@pytest.mark.parametrize("locale", ["en-GB", "fr-FR"])
def test_on_a_phone_the_trainer_links_back_to_the_game(browser, server, locale):
    """390x844: the header keeps the way to the game page beside the history (only 'Learn the
    rules' gives way, a tap away on the game page); both links were hidden, leaving the browser's
    Back as the only way out. The menus that choose the next puzzle show each choice whole, on the
    phone and on a laptop (a theme in a third of a phone's width showed its first word)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
    try:
        page = context.new_page()
        open_trainer(page, server.url + "puzzles.html")
        expect(page.locator("#pick-theme option")).to_have_count(7)  # every theme, and all of them
        cut = {"390x844": cut_choices(page, "#choose select")}
        page.set_viewport_size({"width": 1280, "height": 720})
        cut["1280x720"] = cut_choices(page, "#choose select")
        assert not any(cut.values()), cut
        page.set_viewport_size({"width": 390, "height": 844})
        play = page.locator('#links a[href="./"]')
        expect(play).to_be_in_viewport(ratio=1)
        play.click()
        expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
        expect(page).to_have_url(server.url)
    finally:
        context.close()
