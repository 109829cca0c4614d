"""The puzzle trainer's pure state (site/puzzles/state.py, run by MicroPython in the browser):
the rating, the player's record from storage, which puzzle comes next, and solving one."""

from __future__ import annotations

import json

import micropython
from hypothesis import given
from hypothesis import strategies as st

from helpers import page_file, page_modules_on_path, page_sources

page_modules_on_path()
from puzzles import state as ts  # noqa: E402 - after the path is set

TEXT = page_file("puzzles.json").read_text()
PUZZLES, PROVENANCE, THEMES = ts.read_set(TEXT)
WIN = {"id": "t1", "position": "assault RRR/RR1/RRRRORR/1R4R/O5R/3/3 o - 42", "line": ["a3-a4", "g3-f4", "a4xc4"],
       "kind": "win", "themes": ["endgame"], "rating": 1503}  # fmt: skip


def test_solving_beats_failing_and_a_harder_puzzle_counts_more():
    r, rd = ts.START_RATING, ts.START_RD
    up_easy, rd_after = ts.glicko(r, rd, 1100, True)
    up_hard, _ = ts.glicko(r, rd, 1900, True)
    down_easy, _ = ts.glicko(r, rd, 1100, False)
    down_hard, _ = ts.glicko(r, rd, 1900, False)
    assert down_easy < down_hard < r < up_easy < up_hard
    assert rd_after < rd  # one result makes the rating surer
    settled = ts.glicko(1500, ts.MIN_RD, 1500, True)
    assert 1500 < settled[0] < up_easy  # a settled rating moves less than a new one


@given(st.booleans(), st.integers(600, 2600), st.integers(600, 2600))
def test_the_deviation_stays_within_its_bounds(solved, rating, puzzle):
    new, rd = ts.glicko(rating, ts.START_RD, puzzle, solved)
    assert ts.MIN_RD <= rd <= ts.MAX_RD and (new >= rating if solved else new <= rating)


def test_a_result_moves_the_streak_and_the_counts():
    p = ts.record_result(ts.fresh_profile(), WIN, True)
    p = ts.record_result(p, dict(WIN, id="t2"), True)
    assert (p["streak"], p["best"], p["solved"], p["tried"]) == (2, 2, 2, ["t1", "t2"])
    p = ts.record_result(p, dict(WIN, id="t3"), False)
    assert (p["streak"], p["best"], p["failed"]) == (0, 2, 1)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=8), c, max_size=6),
)


@given(JSONISH | st.fixed_dictionaries({"rating": st.integers(), "rd": st.floats(), "tried": JSONISH}))
def test_any_stored_record_reads_as_a_valid_profile(raw):
    p = ts.clean_profile(raw)
    assert isinstance(p["rating"], int) and ts.MIN_RD <= p["rd"] <= ts.MAX_RD
    assert all(isinstance(x, str) for x in p["tried"]) and p["best"] >= p["streak"]
    assert ts.clean_profile(json.loads(json.dumps(p))) == p  # a saved profile reads back the same


def test_the_next_puzzle_is_new_and_near_the_players_rating():
    profile = dict(ts.fresh_profile(), rating=1500)
    first = ts.next_puzzle(PUZZLES, profile)
    nearest = min(abs(p["rating"] - 1500) for p in PUZZLES)
    assert abs(first["rating"] - 1500) == nearest
    profile = ts.record_result(profile, first, True)
    assert ts.next_puzzle(PUZZLES, profile)["id"] != first["id"]
    assert ts.next_puzzle([first], profile, first["id"]) == first  # the only one comes back


def test_a_harder_choice_aims_above_the_players_rating_and_an_easier_below():
    profile = dict(ts.fresh_profile(), rating=1500)
    for name, offset in ts.RELATIVE:
        chosen = ts.next_puzzle(PUZZLES, profile, "", ts.relative(name))
        assert abs(chosen["rating"] - 1500 - offset) == min(abs(p["rating"] - 1500 - offset) for p in PUZZLES)
    assert ts.relative("harder") > ts.relative("normal") == ts.relative("tough") == 0 > ts.relative("easier")


def test_the_history_by_theme_the_rating_curve_and_the_failed_to_replay():
    chain = dict(WIN, id="c1", themes=["chain"])
    end = dict(WIN, id="e1", themes=["endgame"])
    p = ts.record_result(ts.fresh_profile(), chain, False)
    p = ts.record_result(p, end, False)
    p = ts.record_result(p, chain, True)  # replayed and solved: no longer to replay
    assert ts.by_theme([chain, end], p["log"], ["chain", "endgame", "huff"]) == [
        ("chain", 2, 1),
        ("endgame", 1, 0),
        ("huff", 0, 0),
    ]
    assert ts.to_replay([chain, end], p["log"]) == [end]
    assert ts.to_replay([chain], p["log"]) == []  # a puzzle gone from the set is not offered
    points, low, high = ts.curve(p["log"], 300, 100)
    ratings = [1500] + [r for _, _, r in p["log"]]
    assert (low, high) == (min(ratings), max(ratings)) and len(points.split()) == 4
    xy = [tuple(map(float, pair.split(","))) for pair in points.split()]
    assert xy[0][0] == 0 and xy[-1][0] == 300 and all(0 <= y <= 100 for _, y in xy)
    assert ts.clean_profile(json.loads(json.dumps(p)))["log"] == p["log"]
    assert ts.clean_profile(dict(p, log=[["x", True, 1500], ["y", 2, 1], ["z", 1, "1"], "w"]))["log"] == []


def test_a_streak_run_climbs_from_the_easiest_and_never_repeats():
    first = ts.run_next(PUZZLES)
    assert first["rating"] >= ts.RUN_START
    played, last, run = [first["id"]], first["rating"], [first]
    while (nxt := ts.run_next(PUZZLES, last, played)) is not None and len(run) < 20:
        assert nxt["rating"] >= last + ts.RUN_STEP and nxt["id"] not in played
        played.append(nxt["id"])
        last = nxt["rating"]
        run.append(nxt)
    assert len(run) >= 10  # the set's ratings span a run of ten at least
    assert ts.run_next(PUZZLES, 99999) is None


def test_filters_and_a_teachers_set():
    chains = ts.matching(PUZZLES, theme="chain")
    assert chains and all("chain" in p["themes"] for p in chains)
    one = ts.matching(PUZZLES, ruleset="assault", rating_range=(0, 1299))
    assert all(ts.ruleset_of(p) == "assault" and p["rating"] < 1300 for p in one)
    chosen = ts.teacher_set(chains, 4)
    assert len(chosen) == min(4, len(chains)) and chosen == sorted(chosen, key=lambda p: (p["rating"], p["id"]))
    assert ts.difficulty_range("hard") == (1600, 9999) and ts.difficulty_range("1200-1400") == (1200, 1400)
    assert ts.difficulty_range("1400-1200") is None and ts.difficulty_range("tough") is None


def test_the_puzzle_of_the_day_is_everyones_and_changes_each_day():
    days = [f"2026-11-{d:02d}" for d in range(1, 31)]
    picked = [ts.daily(PUZZLES, d)["id"] for d in days]
    assert picked == [ts.daily(PUZZLES, d)["id"] for d in days]
    assert len(set(picked)) == min(30, len(PUZZLES))  # no puzzle twice in a month
    assert ts.day_number("2000-01-01") == 0 and ts.day_number("2026-03-01") - ts.day_number("2026-02-28") == 1


def test_a_puzzle_of_several_moves_solved_by_clicks():
    a = ts.Attempt(WIN)
    assert a.solver == "officers" and "a3" in a.targets()
    assert a.press("a3")[0] == "select"
    assert a.press("a4") == ("right", "a3-a4", "g3-f4")
    a.play_reply()
    assert a.last["move"] == "g3-f4" and a.board.pieces()["f4"] == "R"
    a.press("a4")
    assert a.press("c4") == ("solved", "a4xc4")
    assert a.last["captured"] == ["b4"] and not a.open


def test_the_right_step_of_a_huff_solves_without_choosing_the_officer_first():
    """au0316 (issue 39): c2-c3 played at once, the officer on e5 not pressed first, is He5:c2-c3;
    another step with the same huff, listed as doing as well, solves too."""
    au0316 = {"id": "au0316", "position": "assaut RR1/RR1/O1RRORR/RRRRRRR/RR1RRRR/R1R/3 r e5 31", "kind": "gain",
              "line": ["He5:c2-c3"], "also": [[0, "He5:d6-e6"]], "themes": ["huff"], "rating": 1152}  # fmt: skip
    a = ts.Attempt(au0316)
    a.press("c2")
    assert a.press("c3") == ("solved", "He5:c2-c3")
    assert ts.Attempt(au0316).play("He5:d6-e6") == ("solved", "He5:d6-e6")
    assert ts.Attempt(au0316).play("d6-e6")[0] == "solved"
    assert ts.Attempt(au0316).play("c2-c3")[0] == "solved"
    assert ts.Attempt(au0316).play("d6-e7")[0] == "wrong"


# A huff at the first move (tests/test_tactics.py proves it): three other steps fill c5 with it.
HUFF_FIRST = {"id": "au9001", "position": "assaut RRO/RR1/1R1OR2/RRRRRRR/1RRRRR1/RR1/R2 r d5 35", "kind": "win",
              "line": ["Hd5:b4-c5", "e7-e6", "d7-e7"], "also": [[0, "Hd5:b5-c5"], [0, "Hd5:c4-c5"], [0, "Hd5:d4-c5"]],
              "themes": ["huff", "hemming"], "rating": 1500}  # fmt: skip


def test_the_same_huff_by_another_step_goes_on_and_the_solution_is_its_line():
    a = ts.Attempt(HUFF_FIRST)
    assert a.play("Hd5:d4-c5") == ("right", "Hd5:d4-c5", "e7-e6")
    a.play_reply()
    assert a.show_solution()[1] == ["d7-e7"] and a.moves == ["Hd5:d4-c5", "e7-e6"]


def test_a_wrong_move_then_the_solution_and_a_retry():
    a = ts.Attempt(WIN)
    a.press("e5")
    result = a.press("e4")
    assert result == ("wrong", "e5-e4") and a.state == ts.WRONG and a.open and a.moves == []
    playback, rest = a.show_solution()
    assert rest == ["a3-a4", "g3-f4", "a4xc4"] and not a.open
    for text in rest:
        assert a.step_solution(playback, text)
    assert a.board.is_game_over()
    a.retry()
    assert a.state == ts.SOLVING and a.moves == [] and a.board.pieces()["a3"] == "O"
    link = a.analysis_link()
    assert (link["start"], link["moves"]) == (WIN["position"], "a3-a4 g3-f4 a4xc4")


def test_retry_or_the_solution_shown_again_stops_the_playback_under_way():
    a = ts.Attempt(WIN)
    playback, rest = a.show_solution()
    assert a.step_solution(playback, rest[0])
    a.retry()  # after the first move shown: the playback's next move is not played on the new try
    assert not a.step_solution(playback, rest[1]) and a.moves == [] and a.open
    first, rest = a.show_solution()
    again, _ = a.show_solution()  # shown again before its first move: one playback goes on
    assert not a.step_solution(first, rest[0]) and a.step_solution(again, rest[0]) and a.moves == ["a3-a4"]


def test_next_without_trying_walks_the_set_and_never_goes_back_and_forth():
    profile = dict(ts.fresh_profile(), rating=1500)
    pool = ts.matching(PUZZLES, "assault")
    seen, after = [], ""
    for _ in range(6):
        after = ts.next_puzzle(pool, profile, after, 0, seen)["id"]
        seen.append(after)
    assert len(set(seen)) == 6
    everyone = [p["id"] for p in pool]
    assert ts.next_puzzle(pool, profile, everyone[0], 0, everyone)["id"] != everyone[0]  # all seen: it goes on


def test_a_hint_is_the_start_of_each_move_to_find_in_turn():
    a = ts.Attempt(WIN)
    assert a.ask_hint() == "a3" and a.hint == "a3"
    a.press("a3")
    a.press("a4")
    a.play_reply()
    assert a.hint == ""  # the move was found: its hint is gone
    assert a.ask_hint() == "a4"
    a.show_solution()
    assert a.hint == "" and a.ask_hint() == ""  # nothing left to find


def test_a_damaged_set_keeps_its_good_puzzles():
    data = json.loads(TEXT)
    data["puzzles"][0] = {"id": 3}
    data["puzzles"][1]["line"] = ["d4-d5", "d5-d6"]  # a line must end on the solver's move
    kept, _, _ = ts.read_set(json.dumps(data))
    assert len(kept) == len(PUZZLES) - 2


def test_the_set_is_read_in_the_order_of_its_ids_however_it_is_written():
    """The puzzle of the day is a place in that order: the same for everyone whatever the file's order."""
    data = json.loads(TEXT)
    assert [p["id"] for p in data["puzzles"]] == sorted(p["id"] for p in data["puzzles"])  # written in order
    data["puzzles"].reverse()
    assert ts.read_set(json.dumps(data))[0] == PUZZLES


def test_ratings_profiles_and_the_set_answer_the_same_on_micropython():
    """The trainer's pure state is the page's: what it decides on CPython it decides on MicroPython."""
    raw = {"rating": 1712.5, "rd": 80, "log": [["t1", 1, 1500, 1520.0]], "junk": 3, "streak": 99999}
    code = (
        "import json\nfrom puzzles import state as ts\n"
        "raw = json.load(open('/lib/raw.json'))\n"
        "out = [[round(x, 6) for x in ts.glicko(1500, 350, 1900, True)],\n"
        "       [round(x, 6) for x in ts.glicko(1500, 350, 1100, False)],\n"
        "       round(ts.expected(1500, 1700), 6), ts.difficulty_range('1200-1600'), ts.day_number('2026-11-26'),\n"
        "       ts.clean_profile(raw), ts.fresh_profile(), ts.read_profile(raw)[1]]\n"
        "a = ts.Attempt(json.load(open('/lib/huff.json')))\n"
        "out.append(list(a.play('Hd5:c4-c5')))\n"
        "a.play_reply()\n"
        "out.append(list(a.play('d7-e7')))\n"
        "print(json.dumps(out))\n"
    )
    extra = {"raw.json": json.dumps(raw), "huff.json": json.dumps(HUFF_FIRST)}
    extra.update(page_sources("puzzles/state.py", "lib/board_input.py", "lib/keys.py"))
    want = [
        [round(x, 6) for x in ts.glicko(1500, 350, 1900, True)],
        [round(x, 6) for x in ts.glicko(1500, 350, 1100, False)],
        round(ts.expected(1500, 1700), 6),
        ts.difficulty_range("1200-1600"),
        ts.day_number("2026-11-26"),
        ts.clean_profile(raw),
        ts.fresh_profile(),
        ts.read_profile(raw)[1],
        ["right", "Hd5:c4-c5", "e7-e6"],  # the same huff by another step than the line's, then its line
        ["solved", "d7-e7"],
    ]
    assert json.loads(micropython.run(code, extra)) == json.loads(json.dumps(want))


@given(st.integers(-(10**6), 10**6), st.floats(0, 10**6), st.integers(-(10**6), 10**6), st.booleans())
def test_a_stored_rating_the_code_cannot_use_is_not_kept_and_a_kept_one_always_rates(rating, rd, puzzle, solved):
    """A rating of 99,999 scored against any puzzle divided by zero: the cleaner keeps only ratings
    Glicko can take, the set only puzzles within them, and a result stays within them."""
    p = ts.clean_profile({"rating": rating, "rd": rd})
    assert ts.MIN_RATING <= p["rating"] <= ts.MAX_RATING
    first = ts.read_set(json.dumps({"puzzles": [dict(WIN, id="a", rating=puzzle), WIN]}))[0][0]
    assert first["id"] == ("a" if ts.MIN_RATING <= puzzle <= ts.MAX_RATING else WIN["id"])
    new = ts.record_result(p, first, solved)
    assert ts.MIN_RATING <= new["rating"] <= ts.MAX_RATING and ts.clean_profile(new) == new


def test_the_record_says_which_stored_values_it_could_not_use():
    raw = {"rating": 99999, "rd": 80, "streak": "3", "tried": ["a", 5], "log": [["a", 1, 1600]], "solved": 2}
    p, dropped = ts.read_profile(raw)
    assert dropped == ["rating", "streak", "tried"]
    assert (p["rating"], p["rd"], p["streak"], p["tried"], p["solved"]) == (ts.START_RATING, 80.0, 0, ["a"], 2)
    assert ts.read_profile(ts.fresh_profile()) == (ts.fresh_profile(), [])
