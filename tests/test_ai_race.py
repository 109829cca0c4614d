"""The rebels' race for the last holes (issue 15): supply, matching, stuck rebels, a seated officer."""

from __future__ import annotations

from asalto_core import Position
from asalto_core.evaluation import evaluator


def supply(text: str) -> tuple[int, int, int]:
    p = Position.from_text(text)
    ev = evaluator(p.ruleset)
    officers, rebels, _, _ = p.state
    return ev.supply(officers, rebels, ev.all ^ officers ^ rebels)[:3]


def test_a_rebel_inside_the_fortress_supplies_no_hole():
    # Issue 15's position without a5 and b5: c6, d6, e6 (and c5, d5, e5 through them) can step to d7 but
    # leave a hole behind; only a3, outside, can still fill the fortress, so d7 hangs on one rebel.
    assert supply("assault R1R/RRR/2RRR2/7/R1O1O2/3/3 r - 52") == (0, 1, 0)
    assert supply("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52") == (0, 0, 0)  # with a5, b5 and a3: well supplied


def test_two_holes_one_supplier():
    # c5 and d5 are empty and d1 is the only rebel that can reach either: one of them is stranded.
    assert supply("assault RRR/RRR/O3R2/4R1R/1O5/3/1R1 r - 40") == (1, 2, 0)


def test_rebels_with_no_step_left_are_frozen():
    # The end of the issue 15 game, one ply before the rebels ran out of moves: the six on ranks 6 and 7 can
    # never move again (no reserve), d5 and e5 are out of every rebel's reach, c5 still has three suppliers.
    p = Position.from_text("assault RRR/RRR/RR5/1ROO3/7/3/3 r - 61")
    officers, rebels, _, _ = p.state
    frozen = evaluator("assault").frozen(officers, rebels)
    g = p.geometry
    assert {g.points[i] for i in range(len(g.points)) if frozen >> i & 1} == {"c6", "d6", "e6", "c7", "d7", "e7"}
    assert supply(p.text()) == (2, 0, 0)


def test_an_officer_seated_on_a_hole_with_a_safe_retreat():
    # Issue 15's game after 55. d5-d6: the officer on d6 can always step back to d5, which no rebel can
    # reach any more, so the rebels cannot shut it in there while the officer on d4 keeps moving.
    assert supply("assault RRR/ROR/RR2R2/R2O3/1R5/3/3 o - 55") == (1, 0, 1)
    # Alone (citadelle: the same moves, but an officer can be huffed) it must move every turn: not seated.
    assert supply("citadelle RRR/ROR/RR2R2/R2O3/1R5/3/3 o - 55") == (1, 0, 1)
    assert supply("citadelle RRR/ROR/RR2R2/R6/1R5/3/3 o - 55") == (1, 0, 0)
