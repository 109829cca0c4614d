"""Literal cases for the rules the sources state clearly, each citing its sentence."""

import re

from asalto_core import RULESETS, Game, Position, perft
from asalto_core.geometry import BOARDS
from asalto_core.movegen import kernel
from asalto_core.rulesets import rules_markdown
from helpers import FAR_REBELS, moves, setup


def rebel_targets(ruleset: str, point: str) -> list[str]:
    k = kernel(ruleset)
    g = k.geometry
    mask = k.rebel_steps[g.index[point]]
    return sorted(g.points[i] for i in range(len(g.points)) if mask >> i & 1)


def officers(position: Position) -> list[str]:
    return sorted(p for p, v in position.pieces().items() if v == "O")


# Both officers can capture: d5 over d4 to d3, b3 over b4 to b5.
BOTH_CAN = FAR_REBELS + ["d4", "b4"]


# -- Cyningstan, 'Asalto', rule 11 ------------------------------------------------------------
# "If the officers' player fails to make a capture when one is available, then the rebel
# player may point out the capture and remove the officer who failed to make it (called
# huffing), before continuing with his own move."


def test_asalto_after_a_capture_the_other_officer_is_not_huffable():
    for name in ("asalto", "german-tactics"):
        p = setup(name, ["d5", "b3"], BOTH_CAN)
        assert p.play("d5xd3").huffable() == []  # the player made a capture
        assert p.play("b3xb5").huffable() == []


def test_asalto_after_a_quiet_move_every_officer_that_could_capture_is_huffable():
    p = setup("asalto", ["d5", "b3"], BOTH_CAN)
    assert p.play("d5-d6").huffable() == ["b3", "d6"]
    assert p.play("d5-d6").legal_moves()  # the rebels choose: plain steps and one huff each
    assert {m.huff for m in p.play("d5-d6").legal_moves()} == {None, "b3", "d6"}


def test_asalto_stopping_a_chain_that_could_go_on_is_failing_to_capture():
    p = setup("asalto", ["d5", "c7"], FAR_REBELS + ["f4", "d4", "d2"])  # nine left after a capture
    assert p.play("d5xd3").huffable() == ["d3"]
    assert p.play("d5xd3xd1").huffable() == []
    huffs = [m for m in p.play("d5xd3").legal_moves() if m.huff]
    assert huffs and all(m.huff == "d3" for m in huffs)


# -- the French rule sheet 'Assaut' -------------------------------------------------------------
# "Les officiers sont obligés de prendre, quand ils peuvent le faire" and "(même type de prise
# que le jeu de dames)"; its huffing paragraph is titled "« Souffler n'est pas jouer »": the
# duty is the player's, as in draughts, and a capture by either officer fulfils it.

# Both officers can capture two rebels: c5xc3xa5 and e5xe3xg5 (the audit's position).
TWO_CHAINS = "3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10"
ASSAUTS = ("assaut", "assaut-no-blocking", "assaut-free-soldiers")


def test_assaut_a_capture_by_either_officer_leaves_no_officer_huffable():
    for name in ASSAUTS:
        p = Position.from_text(f"{name} {TWO_CHAINS}")
        assert p.play("c5xc3xa5").huffable() == [] and p.play("e5xe3xg5").huffable() == []
        q = setup(name, ["d5", "b3"], BOTH_CAN)
        assert q.play("d5xd3").huffable() == [] and q.play("b3xb5").huffable() == []


def test_assaut_an_officer_that_stops_its_chain_early_may_be_huffed():
    for name in ASSAUTS:
        p = Position.from_text(f"{name} {TWO_CHAINS}")
        assert p.play("c5xc3").huffable() == ["c3"]  # it could have jumped on to a5


def test_assaut_a_step_when_a_capture_existed_costs_one_officer_the_rebels_choosing():
    for name in ASSAUTS:
        p = Position.from_text(f"{name} {TWO_CHAINS}").play("c5-d4")
        assert p.huffable() == ["d4", "e5"]
        assert {m.huff for m in p.legal_moves()} == {None, "d4", "e5"}  # either one, or none
        huffed = p.play(next(m for m in p.legal_moves() if m.huff == "e5"))
        assert officers(huffed) == ["d4"]


# -- Cyningstan's note on German Tactics ---------------------------------------------------------
# "Rebels may not move along these specially marked lines, but officers may. The only
# horizontal lines along which they may move are the top line of the left- and right-hand
# arms of the cross." Otherwise rule 5: "A rebel may move along a marked line in any
# direction which does not lead him away from the fortress."


def test_german_tactics_rebels_follow_rule_5_on_the_open_lines():
    assert rebel_targets("german-tactics", "a4") == ["a3", "a5"]  # a4-b4 is marked; a3 is no further
    assert rebel_targets("german-tactics", "b5") == ["b4", "c5"]  # b4 is as near the fortress as b5
    assert rebel_targets("german-tactics", "c6") == ["c5", "c7"]  # c6-d6 is marked
    assert rebel_targets("asalto", "c6") == ["c5", "c7", "d6"]
    assert rebel_targets("assault", "b5") == ["c5"]  # Assault's forward-only moves differ


def test_german_tactics_officers_may_use_the_marked_lines():
    p = setup("german-tactics", ["c6", "e7"], FAR_REBELS + ["b3", "f3"])
    assert "c6-d6" in moves(p)


def test_german_tactics_is_described_without_forward_only_moves():
    rs = RULESETS["german-tactics"]
    assert "only advance" not in rs.description
    assert dict(rs.summary())["Rebels move"].startswith("along any line that does not take the rebel further")


# -- the booklet 'Assaut, jeu de la citadelle' ----------------------------------------------------
# "Les officiers capturent les soldats par saut, comme au jeu de dames, la prise est obligatoire";
# "un officier qui ne réalise pas une prise possible (ou la meilleure prise possible) est
# « soufflé » et retiré du définitivement du jeu": the duty is the player's, best capture
# included; a fault costs one of the officers that could have made the best capture.


def test_citadelle_the_best_capture_costs_nothing():
    p = Position.from_text(f"citadelle {TWO_CHAINS}")
    for best in ("c5xc3xa5", "e5xe3xg5"):
        after = p.play(best)
        assert after.huffable() == [] and not any(m.huff for m in after.legal_moves())
        assert len(officers(after)) == 2


def test_citadelle_a_step_costs_one_officer_the_rebels_choosing_which():
    p = Position.from_text(f"citadelle {TWO_CHAINS}").play("c5-d4")
    assert p.huffable() == ["d4", "e5"]
    ms = p.legal_moves()
    assert {m.huff for m in ms} == {"d4", "e5"}  # every move takes one off: not the rebels' option
    assert perft(p, 1) == len(ms)
    for m in ms:
        assert len(officers(p.play(m))) == 1


def test_citadelle_a_capture_smaller_than_the_best_costs_one_of_those_that_had_the_best():
    p = Position.from_text(f"citadelle {TWO_CHAINS}")
    assert p.play("c5xc3").huffable() == ["c3", "e5"]
    # Without f4, e5 can take only one: only c5 had the best capture (two).
    q = Position.from_text("citadelle 3/3/2O1O2/RRR1R1R/RR3RR/RRR/RRR o - 10")
    assert q.play("e5xe3").huffable() == ["c5"]
    assert q.play("e5-f5").huffable() == ["c5"]
    assert q.play("c5xc3").huffable() == ["c3"]
    assert q.play("c5xc3xa5").huffable() == []


def test_citadelle_a_failed_officer_is_removed_with_every_rebel_move():
    p = setup("citadelle", ["d5", "c7"], FAR_REBELS + ["d4", "d2"]).play("d5-d6")
    ms = p.legal_moves()
    assert ms and all(m.huff == "d6" for m in ms)
    assert perft(p, 1) == len(ms)
    after = p.play(ms[0])
    assert officers(after) == ["c7"] and after.turn == "officers"


def test_citadelle_the_best_capture_or_the_officer_goes():
    p = setup("citadelle", ["d5", "c7"], FAR_REBELS + ["f4", "d4", "d2"])
    assert p.play("d5xd3").legal_moves() and all(m.huff == "d3" for m in p.play("d5xd3").legal_moves())
    assert not any(m.huff for m in p.play("d5xd3xd1").legal_moves())


def test_citadelle_removing_the_last_officer_ends_the_game():
    p = setup("citadelle", ["d5"], BOTH_CAN).play("d5-d6")
    assert moves(p) == ["Hd6"]
    end = p.play("Hd6")
    assert end.outcome().winner == "rebels" and end.outcome().reason == "officers-gone"


def test_citadelle_clicks_need_a_huff_choice_only_when_the_rebels_have_one():
    from asalto_core import Board

    board = Board.from_text(setup("citadelle", ["d5", "c7"], FAR_REBELS + ["d4", "d2"]).text())
    board.push("d5-d6")
    assert board.next_points() and str(board.find_move(["g5", "f5"])) == "Hd6:g5-f5"
    board = Board.from_text(f"citadelle {TWO_CHAINS}")
    board.push("c5-d4")
    assert board.next_points() == [] and board.move_for(["a4", "a5"]) is None  # which officer first
    assert "a4" in board.next_points(huff="e5") and str(board.find_move(["a4", "a5"], "e5")) == "He5:a4-a5"


# -- the games-wiki page 'Assault' ----------------------------------------------------------------
# "may never be moved sideways except at the very top of the two horizontal arms"; Royal
# Garrison: "Play is otherwise the same as Assault"; "Another version of the 'Royal
# Garrison' board connected all diagonals".


def test_royal_garrison_rebels_go_sideways_on_the_top_line_of_a_side_arm_into_the_fortress():
    assert "c7" in rebel_targets("royal-garrison", "b7")
    assert rebel_targets("royal-garrison", "a7") == ["b7"]
    assert "b6" not in rebel_targets("royal-garrison", "c6")


def test_the_second_royal_garrison_board_connects_every_diagonal():
    g = BOARDS["royal-garrison-diagonals"]
    assert len(g.points) == 67 and len(g.lines) == 216
    names = {frozenset((g.points[a], g.points[b])) for a, b in g.lines}
    for line in ("b7-c8", "g8-h7", "c8-d8", "c6-d5", "a4-b3"):
        assert frozenset(line.split("-")) in names
    start = Position.start("royal-garrison-diagonals")
    assert officers(start) == ["c7", "e7", "g7"] and len(start.pieces()) == 53


# -- what a reader sees ---------------------------------------------------------------------------


def test_no_file_name_of_a_source_reaches_a_reader():
    texts = [rules_markdown()] + [str(rs.to_json()) for rs in RULESETS.values()]
    for text in texts:  # a source's file is named 000, 001...; the course's 1000 rounds are no file
        assert not re.search(r"(?<!\d)00[0-3]", text)


def test_the_no_blocking_panel_does_not_say_the_rebels_win_by_blocking():
    rows = dict(RULESETS["assaut-no-blocking"].summary())
    assert "cannot move" not in rows["Rebels win"] and "without a move" in rows["Officers win"]
    assert "a side with no legal move loses" not in rows["Also"]


def test_numbers_agree_with_their_nouns():
    assert "at most 1 officer may be huffed" in dict(RULESETS["assaut"].summary())["Capture rule"]
    assert dict(RULESETS["ludii"].summary())["Officers win"] == "when no rebel remains"
    assert "3 officers" in dict(RULESETS["royal-garrison"].summary())["Pieces"]


def test_citadelle_the_page_is_told_the_removal_is_automatic():
    from asalto_core.session import Session

    start = setup("citadelle", ["d5", "c7"], FAR_REBELS + ["d4", "d2"])
    s = Session(Game(position=start))
    s.play("d5-d6")
    assert s.view()["auto_removal"] and s.view()["huffable"] == ["d6"] and not s.view()["huff_choice"]
    last = s.play("Hd6:g5-f5")
    assert last["removed"] == ["d6"] and last["automatic"]
    # Two officers could have made the best capture: the page asks the rebels which one goes.
    s = Session(Game(position=Position.from_text(f"citadelle {TWO_CHAINS}")))
    s.play("c5-d4")
    assert s.view()["auto_removal"] and s.view()["huff_choice"] and s.view()["huffable"] == ["d4", "e5"]
    last = s.play("He5:a4-a5")
    assert last["removed"] == ["e5"] and not last["automatic"]  # the rebels chose it
