"""The AI worker's contract: JSON in, JSON out; every request answered, none raising."""

import json

import pytest

from asalto_core.protocol import Worker, site_data
from asalto_core.rulesets import RULESET_NAMES, RULESETS

START = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"


def ask(worker: Worker, **request) -> dict:
    return json.loads(worker.handle_json(json.dumps(request)))


def test_the_ai_answers_with_a_legal_move_and_can_be_cancelled():
    w = Worker()
    answer = ask(w, op="think", position=START, level="beginner", node_limit=200)
    assert answer["ok"] and answer["analysis"]["move"] == "d4-d5"
    after = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR o - 1".replace("RRO1ORR/RRRRRRR", "RRORORR/RRR1RRR")
    thinking = w.steps({"op": "think", "position": after, "history": [START], "level": "strongest"})
    next(thinking)
    w.cancel()
    final = [step for step in thinking if step is not None][-1]
    assert final["ok"] and final["cancelled"]


@pytest.mark.parametrize(
    ("request_text", "message"),
    [
        ("{oops", "not JSON"),
        ("[" * 100000, "not JSON"),
        ('"think"', "must be a JSON object"),
        ('{"op": "explode"}', "unknown request"),
        ('{"op": 5}', "has no op"),
        ('{"op": "think"}', "has no position"),
        ('{"op": "think", "position": "assault 3/3 r - 1"}', "has 7 ranks"),
        ('{"op": "think", "position": "' + START + '", "level": ["x"]}', "unknown AI level"),
        ('{"op": "think", "position": "' + START + '", "history": "x"}', "list of position texts"),
        ('{"op": "think", "position": "' + START + '", "time_limit": NaN}', "time_limit"),
        ('{"op": "think", "position": "' + START + '", "time_limit": Infinity}', "time_limit"),
        ('{"op": "think", "position": "' + START + '", "time_limit": 1e300}', "at most 60"),
        ('{"op": "think", "position": "' + START + '", "node_limit": 1000000000000000000}', "node_limit"),
        ('{"op": "think", "position": "' + START.replace(" 1", " ²") + '"}', "move number"),
    ],
)
def test_bad_requests_are_answered_with_a_message(request_text, message):
    answer = json.loads(Worker().handle_json(request_text))
    assert answer["ok"] is False and message in answer["error"]


def test_a_finished_game_has_no_move_to_find():
    over = "assault RRR/RRR/1RRRRR1/O1O4/7/3/3 o - 20"  # the rebels hold the fortress
    assert "over" in ask(Worker(), op="think", position=over)["error"]


def test_site_data_holds_every_ruleset_title_and_level_in_order():
    data = site_data()
    assert [rs["name"] for rs in data["rulesets"]] == list(RULESET_NAMES)
    assert data["rulesets"][2]["title"] == RULESETS["assault"].title
    assert "boards" not in data  # the pages draw each board from their own engine
    assert [lv["name"] for lv in data["levels"]] == ["beginner", "casual", "strong", "strongest"]
