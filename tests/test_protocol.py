"""The page's worker contract: JSON in, JSON out, and bad input never loses the game."""

import json

from asalto_core.protocol import Session, site_data

START = {"ruleset": "assault", "start": "", "moves": [], "ply": 0}


def ask(session: Session, **request) -> dict:
    return json.loads(session.handle_json(json.dumps(request)))


def test_a_move_comes_back_with_the_new_game_and_what_to_draw():
    answer = ask(Session(), op="play", game=START, move="d4-d5")
    assert answer["ok"] and answer["game"]["moves"] == ["d4-d5"]
    view = answer["view"]
    assert view["turn"] == "officers" and view["pieces"]["d5"] == "R"
    assert {m["move"] for m in view["moves"]} == {"c5-c6", "c5-d6", "c5-d4", "e5-e6", "e5-d6", "e5-d4"}
    assert view["last"]["path"] == ["d4", "d5"]


def test_an_illegal_move_is_an_error_and_the_game_is_unchanged():
    s = Session()
    answer = ask(s, op="play", game=START, move="c3-c4")
    assert not answer["ok"] and "illegal move 'c3-c4'" in answer["error"]
    assert ask(s, op="view", game=START)["view"]["moves"][0]["move"] == "d4-d5"


def test_bad_requests_are_answered_with_a_message():
    s = Session()
    assert "not JSON" in json.loads(s.handle_json("{oops"))["error"]
    assert "unknown request" in ask(s, op="explode")["error"]
    assert "must be a list" in ask(s, op="view", game={"ruleset": "assault", "moves": "d4-d5"})["error"]
    assert "unknown ruleset" in ask(s, op="new", ruleset="chess")["error"]


def test_a_corrupt_saved_game_names_the_bad_move():
    answer = ask(Session(), op="view", game={**START, "moves": ["d4-d5", "z9-z8"]})
    assert not answer["ok"] and "move 2 of the saved game" in answer["error"]


def test_importing_a_record_with_a_bad_move_keeps_the_moves_before_it():
    record = '[Ruleset "assault"]\n\n1. d4-d5 c5-d4 2. c3-c9 *'
    answer = ask(Session(), op="import", text=record)
    assert answer["ok"] and answer["game"]["moves"] == ["d4-d5", "c5-d4"]
    assert "move 3" in answer["warning"]


def test_importing_a_position_starts_a_game_there():
    text = "ludii 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1"
    answer = ask(Session(), op="import", text=text)
    assert answer["view"]["position"] == text and answer["game"]["start"] == ""


def test_a_huff_and_automatic_huffs_are_reported_for_the_page():
    start = "ludii 3/3/RR1O1RR/RRRRRRR/RRR1RRR/RRR/RRR o - 1"  # d5 could jump d4 to d3
    answer = ask(Session(), op="play", game={"ruleset": "ludii", "start": start, "moves": []}, move="d5-d6")
    last = answer["view"]["last"]
    assert last["automatic"] and last["removed"] == ["d6"]


def test_the_ai_answers_with_a_legal_move_and_can_be_cancelled():
    s = Session()
    steps = list(s.think({"game": START, "level": "beginner", "node_limit": 200}))
    assert steps[-1]["ok"] and steps[-1]["analysis"]["move"] == "d4-d5"
    thinking = s.think({"game": {**START, "moves": ["d4-d5"], "ply": 1}, "level": "strongest"})
    next(thinking)
    s.cancel()
    final = [step for step in thinking if step is not None][-1]
    assert final["ok"] and final["cancelled"]


def test_site_data_holds_every_board_ruleset_start_and_level():
    data = site_data()
    assert set(data["starts"]) == {rs["name"] for rs in data["rulesets"]}
    assert {"standard", "royal-garrison"} <= set(data["boards"])
    assert [lv["name"] for lv in data["levels"]] == ["beginner", "casual", "strong", "strongest"]
