"""The rule points the sources disagree on, one ruleset option at a time."""

import pytest

from asalto_core import RULESETS, Board, Position, find_ruleset
from asalto_core.movegen import kernel
from helpers import FAR_REBELS, moves, setup


def rebel_targets(ruleset: str, point: str) -> list[str]:
    """Where a lone rebel on ``point`` may step on an empty board."""
    k = kernel(ruleset)
    g = k.geometry
    mask = k.rebel_steps[g.index[point]]
    return sorted(g.points[i] for i in range(len(g.points)) if mask >> i & 1)


# -- rebel movement ----------------------------------------------------------


def test_forward_rebels_advance_and_go_sideways_only_on_the_side_arm_tops():
    assert rebel_targets("assault", "a5") == ["b5"]
    assert rebel_targets("assault", "b5") == ["c5"]
    assert rebel_targets("assault", "b4") == ["a5", "b5", "c5"]
    assert rebel_targets("assault", "c4") == ["c5"]
    assert rebel_targets("assault", "c5") == ["c6", "d6"]  # no sideways inside the fortress
    assert rebel_targets("assault", "e7") == []


def test_german_tactics_rebels_never_use_marked_lines():
    k = kernel("german-tactics")
    g = k.geometry
    for a, b in g.marked:
        assert not k.rebel_steps[a] >> b & 1 and not k.rebel_steps[b] >> a & 1


def test_not_away_allows_any_step_that_keeps_the_distance():
    assert rebel_targets("asalto", "a4") == ["a3", "a5", "b4"]  # a3 is as far as a4: allowed
    assert rebel_targets("asalto", "c6") == ["c5", "c7", "d6"]  # free inside, never out
    assert "b5" not in rebel_targets("asalto", "c5")


def test_shortest_path_rebels_close_in_by_one_each_step():
    assert rebel_targets("assaut", "a3") == ["b4"]
    assert rebel_targets("assaut", "d1") == ["d2"]
    assert rebel_targets("assaut", "d6") == ["c5", "c6", "c7", "d5", "d7", "e5", "e6", "e7"]


def test_never_back_rebels_may_go_sideways_anywhere():
    assert rebel_targets("assaut-free-soldiers", "a4") == ["a5", "b4"]
    assert rebel_targets("assaut-free-soldiers", "b4") == ["a4", "a5", "b5", "c4", "c5"]
    assert "b5" not in rebel_targets("assaut-free-soldiers", "c5")


def test_any_rebels_step_along_every_line():
    assert rebel_targets("ludii", "d4") == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]


# -- captures ----------------------------------------------------------------


def test_forced_capture_jumps_the_chain_to_its_end():
    p = setup("assault", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    assert moves(p) == ["d5xd3xd1"]


def test_a_chain_may_turn_between_jumps():
    p = setup("assault", ["d5", "c7"], FAR_REBELS + ["d4", "e3"])
    assert moves(p) == ["d5xd3xf3"]


def test_every_distinct_landing_sequence_is_a_move():
    p = setup("assault", ["d5", "c7"], FAR_REBELS + ["d4", "e3", "c3"])
    assert moves(p) == ["d5xd3xb3", "d5xd3xf3"]


def test_the_jumped_rebel_and_the_start_point_are_free_for_the_rest_of_the_chain():
    # d4 x d3? No: c5 jumps d4 to e3, e3 jumps d3?? Build a loop: c5 -> e3 -> c3? Use a ring:
    # c4 jumped c5->c3, d3 jumped c3->e3, e4 jumped e3->e5, d5 jumped e5->c5 (back to the start).
    p = setup("assault", ["c5", "c7"], FAR_REBELS + ["c4", "d3", "e4", "d5"])
    assert "c5xc3xe3xe5xc5" in moves(p)


def test_single_capture_stops_after_one_jump():
    p = setup("ludii", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    assert "d5xd3" in moves(p) and "d5xd3xd1" not in moves(p)


def test_an_officer_never_jumps_an_officer():
    p = setup("assault", ["d5", "d4"], FAR_REBELS + ["c3", "c2"])
    assert not any("x" in m for m in moves(p))


def test_huffing_rules_let_a_chain_stop_anywhere_and_allow_steps():
    p = setup("asalto", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    ms = moves(p)
    assert "d5xd3" in ms and "d5xd3xd1" in ms and "d5-d6" in ms


# -- huffing -------------------------------------------------------------------


def huffable_after(position: Position, move: str) -> list[str]:
    return position.play(move).huffable()


def test_an_officer_that_could_capture_and_stepped_is_huffable_at_its_new_point():
    p = setup("asalto", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    assert huffable_after(p, "d5-d6") == ["d6"]
    assert huffable_after(p, "c7-d7") == ["d5"]
    assert huffable_after(p, "d5xd3xd1") == []  # it captured all it could
    assert huffable_after(p, "d5xd3") == ["d3"]  # it stopped while it could jump again (rule 11)


def test_the_rebels_may_huff_then_step_and_each_pair_is_a_move():
    p = setup("asalto", ["d5", "c7"], FAR_REBELS + ["d4", "d2"]).play("d5-d6")
    ms = moves(p)
    plain = [m for m in ms if not m.startswith("H")]
    huffs = [m for m in ms if m.startswith("Hd6:")]
    assert plain and len(huffs) >= len(plain)
    after = p.play(huffs[0])
    assert after.pieces().get("d6") is None and after.turn == "officers"


def test_huff_best_punishes_an_officer_that_took_less_than_its_best_capture():
    p = setup("citadelle", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    assert huffable_after(p, "d5xd3") == ["d3"]
    assert huffable_after(p, "d5xd3xd1") == []


def test_assaut_allows_only_one_officer_to_be_huffed():
    p = setup("assaut", ["d5", "c7"], FAR_REBELS + ["d4", "d2"]).play("d5-d6")
    huffed = p.play(next(m for m in p.legal_moves if m.huff))
    assert len([v for v in huffed.pieces().values() if v == "O"]) == 1
    q = setup("assaut", ["d5"], FAR_REBELS + ["d4", "d2"])
    assert huffable_after(q, "d5-d6") == []


def test_huffing_the_last_officer_ends_the_game():
    p = setup("asalto", ["d5"], FAR_REBELS + ["d4", "d2"]).play("d5-d6")
    lone = p.play("Hd6")
    assert lone.outcome().winner == "rebels" and lone.outcome().reason == "officers-gone"


def test_ludii_removes_every_officer_that_could_have_captured_after_a_quiet_move():
    p = setup("ludii", ["d5", "b3"], FAR_REBELS + ["d4", "d2", "c3"])
    after = p.play("d5-d6")  # d5 could jump d4, b3 could jump c3: both go
    assert [v for v in after.pieces().values() if v == "O"] == []
    assert after.outcome().reason == "officers-gone"
    other = p.play("b3-b4")  # the mover goes at its new point
    assert [k for k, v in other.pieces().items() if v == "O"] == []
    captured = p.play("d5xd3")
    assert sorted(k for k, v in captured.pieces().items() if v == "O") == ["b3", "d3"]


# -- start and placement ----------------------------------------------------------


def test_placement_offers_every_pair_of_fortress_points_then_rebels_move():
    board = Board("asalto")
    assert board.turn == "officers" and len(board.legal_moves) == 36
    board.push("@c5,e5")
    assert board.turn == "rebels"
    assert board.next_points() and board.pieces()["c5"] == "O"


def test_assault_starts_with_the_rebels_and_a_single_move():
    assert moves(Position.start("assault")) == ["d4-d5"]


def test_ludii_starts_with_the_officers_on_c6_and_e6():
    p = Position.start("ludii")
    assert p.turn == "officers"
    assert sorted(k for k, v in p.pieces().items() if v == "O") == ["c6", "e6"]


def test_royal_garrison_has_three_officers_and_fifty_rebels():
    pieces = Position.start("royal-garrison").pieces()
    assert sorted(k for k, v in pieces.items() if v == "O") == ["c7", "e7", "g7"]
    assert sum(v == "R" for v in pieces.values()) == 50


def test_alternate_boards_start_twenty_rebels_on_ranks_one_to_four():
    pieces = Position.start("fuchs-und-henne").pieces()
    rebels = [k for k, v in pieces.items() if v == "R"]
    assert len(rebels) == 20 and all(int(p[1:]) <= 4 for p in rebels)


# -- game end ------------------------------------------------------------------


FULL_FORTRESS = ["c5", "d5", "e5", "c6", "d6", "e6", "c7", "d7", "e7"]


def test_rebels_win_by_filling_the_fortress():
    p = setup("assault", ["a4", "g4"], FULL_FORTRESS + ["b3"])
    assert p.outcome().winner == "rebels" and p.outcome().reason == "fortress-taken"


def test_officers_win_when_too_few_rebels_remain():
    p = setup("assault", ["c5", "e5"], ["a3", "a4", "a5", "g3", "g4", "g5", "c1", "d1"])
    assert p.outcome().winner == "officers" and p.outcome().reason == "rebels-depleted"
    ludii = setup("ludii", ["c5", "e5"], ["a3"])
    assert ludii.outcome() is None


def test_trapped_officers_lose_unless_blocking_is_forbidden():
    # Officers on c7 and e7, boxed in by rebels that cannot be jumped.
    rebels = ["c6", "d7", "e6", "d6", "c5", "e5", "d5", "c4", "e4", "d4", "a3"]
    p = setup("assaut", ["c7", "e7"], rebels)
    assert p.legal_moves == [] or len(p.legal_moves) == 0
    assert p.outcome().winner == "rebels" and p.outcome().reason == "no-moves"
    q = setup("assaut-no-blocking", ["c7", "e7"], rebels)
    assert q.outcome().winner == "officers" and q.outcome().reason == "officers-blocked"


def test_threefold_repetition_is_a_draw():
    board = Board.from_text(setup("ludii", ["c6", "e6"], ["a3", "b3"], turn="officers").text())
    for _ in range(2):
        for m in ("c6-c7", "a3-a4", "c7-c6", "a4-a3"):
            board.push(m)
    assert board.outcome().winner is None and board.outcome().reason == "repetition"
    assert len(board.legal_moves) == 0


def test_every_ruleset_names_its_source_and_readings():
    for rs in RULESETS.values():
        assert rs.source and rs.description and rs.readings
        assert find_ruleset(rs.name) is rs
        assert len(rs.summary()) >= 8


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruleset_starts_with_a_legal_move(name):
    assert len(Position.start(name).legal_moves) > 0
