"""The post-game review (asalto_core.review and the worker's review request)."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asalto_core import Game, Position
from asalto_core.accuracy import accuracy, average_loss
from asalto_core.ai import analyse
from asalto_core.errors import AsaltoError
from asalto_core.protocol import Worker
from asalto_core.review import BLUNDER, INACCURACY, Point, evaluate, judge
from asalto_core.session import Session


def blundered_game() -> Game:
    """Assault: the officers ignore a chain that wins rebels (their best move) and step aside."""
    game = Game("assault")
    for m in ("d4-d5", "c5-c6", "d3-d4"):
        game.play(m)
    return game


def test_every_position_gets_a_point_and_a_finished_game_its_result():
    game = blundered_game()
    points = [p for p in evaluate(game, node_limit=400) if p is not None]
    assert [p.ply for p in points] == [0, 1, 2, 3]
    assert points[3].best == "e5xc5"  # the forced capture
    sent = json.loads(json.dumps(points[2].to_json()))
    assert Point.from_json(sent).to_json() == points[2].to_json()


def test_the_move_that_throws_the_chance_away_is_marked_with_the_better_move():
    game = Game("assault")
    for m in ("d4-d5", "c5-c6"):
        game.play(m)
    points = [
        Point(0, 0.5, None, "rebels", "d4-d5", ("d4-d5",), ""),
        Point(1, 0.5, None, "officers", "c5-d4", ("c5-d4",), ""),
        Point(2, 0.5 - BLUNDER - 0.01, None, "rebels", "d3-d4", ("d3-d4",), ""),
    ]
    marks = judge(game, points)
    assert len(marks) == 1
    mark = marks[0]
    assert (mark.ply, mark.move, mark.side, mark.kind, mark.best) == (2, "c5-c6", "officers", "blunder", "c5-d4")
    assert mark.to_json()["symbol"] == "??" and "Better: c5-d4" in mark.sentence()
    small = [points[0], points[1], Point(2, 0.5 - INACCURACY + 0.05, None, "rebels", "d3-d4", (), "")]  # 5% lost
    assert judge(game, small) == []  # a loss below the threshold is no mark
    session = Session(game)
    session.annotate([m.to_json() for m in marks])
    assert game.comments[2].startswith("?? ") and Game.from_record(game.record()).comments[2] == game.comments[2]
    session.annotate([m.to_json() for m in marks])  # once only
    assert game.comments[2].count("??") == 1


def test_a_review_request_resumes_after_a_cancel_and_marks_moves():
    w = Worker()
    desc = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c5-c6", "d3-d4"], "ply": 3}
    steps = w.steps({"op": "review", "game": desc, "node_limit": 300})
    first = None
    for step in steps:
        if w.progress and w.progress["done"] >= 2:
            w.cancel()
        if step is not None:
            first = step
    assert first["ok"] and first["cancelled"] and first["points"][0] is not None
    final = w.answer({"op": "review", "game": desc, "node_limit": 300, "points": first["points"]})
    assert final["ok"] and not final["cancelled"] and all(final["points"])
    assert final["points"][:2] == first["points"][:2]  # kept, not searched again
    assert isinstance(final["marks"], list)


def test_bad_review_requests_are_answered():
    w = Worker()
    assert not w.answer({"op": "review", "game": {"ruleset": "assault", "moves": ["zz"]}})["ok"]
    junk = {"ply": 0, "officers": "x", "mate": None, "side": "rebels", "best": "", "line": [], "describe": ""}
    answer = w.answer({"op": "review", "game": {"ruleset": "assault", "moves": []}, "node_limit": 50, "points": [junk]})
    assert answer["ok"] and answer["points"][0]["officers"] != "x"  # a malformed point is searched again


def test_workers_sharing_a_game_each_search_their_own_positions_and_together_the_whole():
    """Positions are independent: two workers with alternate plies find what one finds alone, and a
    last request with every point searches nothing more and judges the moves."""
    desc = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c5-c6", "d3-d4"], "ply": 3}
    alone = Worker().answer({"op": "review", "game": desc, "node_limit": 300})
    shares = [Worker().answer({"op": "review", "game": desc, "node_limit": 300, "plies": p}) for p in ([0, 2], [1, 3])]
    for share, plies in zip(shares, ([0, 2], [1, 3]), strict=True):
        assert [i for i, p in enumerate(share["points"]) if p] == plies
    merged = [a or b for a, b in zip(shares[0]["points"], shares[1]["points"], strict=True)]
    assert [p["best"] for p in merged] == [p["best"] for p in alone["points"]]
    judged = Worker().answer({"op": "review", "game": desc, "node_limit": 1, "points": merged})
    verdicts = [[(m["ply"], m["kind"], m["best"]) for m in a["marks"]] for a in (judged, alone)]
    assert not judged["cancelled"] and verdicts[0] == verdicts[1]  # (lines differ: one worker's table learns)


def test_one_worker_asked_about_two_games_in_turn_reviews_each_its_own():
    """A worker keeps the game it was last asked about: another game asked next is its own."""
    worker = Worker()
    first = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c5-c6"], "ply": 2}
    second = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "e5-e6"], "ply": 2}
    for desc in (first, second, first):
        alone = Worker().answer({"op": "review", "game": desc, "node_limit": 300, "plies": [2]})
        again = worker.answer({"op": "review", "game": desc, "node_limit": 300, "plies": [2]})
        assert again["points"][2]["best"] == alone["points"][2]["best"]
        here = Position.start("assault").play(desc["moves"][0]).play(desc["moves"][1])
        assert again["points"][2]["best"] in [str(m) for m in here.legal_moves]


@given(st.integers(min_value=0, max_value=2**31))
def test_a_search_given_the_games_positions_answers_as_one_given_their_texts(seed):
    """The review hands each search the game's earlier positions as they are (not read from text
    again): the same answer for the same node budget."""
    game = Game("assault")
    rng = random.Random(seed)
    for _ in range(12):
        moves = [str(m) for m in game.board.legal_moves]
        if not moves or game.outcome() is not None:
            break
        game.play(rng.choice(moves))
    every = [game.start]
    for move in game.moves:
        every.append(every[-1].play(move))
    if every[-1].outcome() is not None:
        return

    def answers(history):  # every depth's answer but the time it took
        steps = analyse(every[-1], history=history, node_limit=300)
        return [{k: v for k, v in a.to_json().items() if k != "seconds"} for a in steps if a]

    assert answers(every[:-1]) == answers([p.text() for p in every[:-1]])


def test_a_workers_progress_carries_the_points_it_found():
    w = Worker()
    desc = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c5-c6"], "ply": 2}
    seen = []
    for _ in w.steps({"op": "review", "game": desc, "node_limit": 200, "plies": [1, 2]}):
        if w.progress:
            seen.append(sorted(w.progress["points"]))
    assert seen[-1] == ["1", "2"] and ["1"] in seen


def test_a_review_share_outside_the_game_is_refused():
    desc = {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}
    for plies in ([5], "0,1", [True], [-1]):
        answer = Worker().answer({"op": "review", "game": desc, "node_limit": 50, "plies": plies})
        assert not answer["ok"] and "plies" in answer["error"]


def test_accuracy_is_whole_for_moves_that_lose_nothing_and_falls_with_the_loss():
    sides = ["rebels", "officers"] * 3
    assert accuracy([0.5] * 7, sides + ["rebels"], "rebels") == 100
    # The rebels give away 40 points of their chance on one move of three: far less accurate.
    careless = accuracy([0.5, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9], sides + ["rebels"], "rebels")
    assert careless is not None and careless < 60
    assert accuracy([0.5, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9], sides + ["rebels"], "officers") == 100
    assert accuracy([0.5], ["rebels"], "rebels") is None  # no move: no figure


def test_the_average_loss_counts_each_sides_moves_in_points_of_its_chance():
    """The summary's average loss a move (lichess's average centipawn loss): the rebels' one move of
    three that gave 40 points away averages 13; the officers, who lost nothing, 0; gains count 0."""
    sides = ["rebels", "officers"] * 3
    officers = [0.5, 0.9, 0.9, 0.9, 0.9, 0.9, 0.9]
    assert average_loss(officers, sides + ["rebels"], "rebels") == 13
    assert average_loss(officers, sides + ["rebels"], "officers") == 0
    assert average_loss([0.5, None, 0.5], ["rebels", "officers", "rebels"], "rebels") is None


@given(st.lists(st.one_of(st.none(), st.floats(0, 1)), min_size=1, max_size=40))
def test_accuracy_is_a_percent_or_none(officers):
    sides = ["rebels" if i % 2 == 0 else "officers" for i in range(len(officers))]
    for side in ("rebels", "officers"):
        figure = accuracy(officers, sides, side)
        assert figure is None or 0 <= figure <= 100


def test_a_tried_move_is_asked_about_in_the_position_after_it():
    session = Session.new("assault")
    session.play("d4-d5")
    request = session.tried_request("c5-c6", 7, 0.5)
    expected = Position.start("assault").play("d4-d5").play("c5-c6")
    assert request["position"] == expected.text()
    assert request["history"] == [Position.start("assault").text(), Position.start("assault").play("d4-d5").text()]
    assert request["level"] == "strongest" and request["time_limit"] == 0.5
    with pytest.raises(AsaltoError):
        session.tried_request("d4-d6", 7, 0.5)


def test_the_same_game_gets_the_same_review_whichever_worker_searched_what():
    """The page's review request carries a node budget, and a worker searches each position afresh:
    one worker reviewing the whole game, and two that searched other things first and share the
    game's positions in another order, give the same points and the same marks."""
    game = Game("assault")
    rng = random.Random(3)
    for _ in range(14):
        game.play(rng.choice([str(m) for m in game.board.legal_moves]))
    session = Session(game)
    whole = Worker().answer(session.review_request("quick", []))
    assert whole["ok"] and not whole["cancelled"]

    shared: dict[int, object] = {}
    total = len(game.moves) + 1
    for plies in (list(range(total - 1, total // 2, -1)), list(range(total // 2, -1, -1))):
        worker = Worker()
        worker.answer({"op": "think", "position": game.start.play(game.moves[0]).text(), "node_limit": 3000})
        answer = worker.answer(session.review_request("quick", [], plies))
        shared.update((p["ply"], p) for p in answer["points"] if p is not None)
    assert [shared[ply] for ply in range(total)] == whole["points"]
    judged = Worker().answer(session.review_request("quick", [shared[ply] for ply in range(total)]))
    assert judged["marks"] == whole["marks"]
