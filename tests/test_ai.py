"""The AI: tactics it must find, budgets it must respect, and the page's API.

Every search here runs on a node budget, so the results do not depend on the machine.
"""

from __future__ import annotations

import pytest

from asalto_core import LEVELS, RULESETS, Analysis, Position, analyse, best_move, evaluation
from asalto_core.evaluation import evaluator
from asalto_core.movegen import OFFICERS, REBELS
from asalto_core.notation import format_position

SIDE_ARMS = "a3 a4 a5 b3 b4 b5 f3 f4 f5 g3 g4 g5"


def pos(ruleset: str, officers: str, rebels: str, side: str = "o", huffable: str = "") -> Position:
    """A position from point lists, checked by the engine's own validation."""
    g = Position.start(ruleset).geometry

    def mask(points: str) -> int:
        return sum(1 << g.index[p] for p in points.split())

    state = (mask(officers), mask(rebels), OFFICERS if side == "o" else REBELS, mask(huffable))
    return Position.from_text(format_position(ruleset, state, 5))


def test_finds_the_capture_chain():
    # Capturing is optional in asalto; the officer on d5 should take both rebels, not one.
    p = pos("asalto", "d5 e7", "d4 d2 " + SIDE_ARMS)
    assert str(best_move(p, node_limit=3000).move) == "d5xd3xd1"


def test_huffs_the_last_officer():
    p = pos("asalto", "e5", "d4 d2 " + SIDE_ARMS, side="r", huffable="e5")
    a = best_move(p, node_limit=3000)
    assert str(a.move) == "He5"
    assert a.mate == 1 and a.describe() == "Rebels win in 1"


def test_huff_wins_an_officer():
    # Two officers, one huffable: removing it is worth far more than any step.
    p = pos("asalto", "e5 c7", "d4 d2 " + SIDE_ARMS, side="r", huffable="e5")
    assert best_move(p, node_limit=5000).move.huff == "e5"


def test_fills_the_fortress_in_one():
    p = pos("assault", "a3 g3", "c5 c6 c7 d6 d7 e5 e6 e7 d4 b4 f4", side="r")
    a = best_move(p, node_limit=3000)
    assert str(a.move) == "d4-d5"
    assert a.mate == 1 and a.win_probability() == 1.0


def test_does_not_open_a_double_jump():
    # Moving the rebel off d4 lets the officer on d6 jump d5 and d3 (d6xd4xd2).
    p = pos("assault", "d6 e7", "d5 d4 d3 a3 b3 a4 b4 f3 g3 f4 g4 c1 e1", side="r")
    assert "d6xd4xd2" in {str(m) for m in p.play("d4-e5").legal_moves}
    a = best_move(p, node_limit=20000)
    after = p.play(a.move)
    assert max((len(m.path) - 1 for m in after.legal_moves if m.jump), default=0) < 2


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@pytest.mark.parametrize("nodes", [1, 50, 400])
def test_tiny_budget_gives_a_legal_move(ruleset, nodes):
    p = Position.start(ruleset)
    for _ in range(3):  # the start (or placement), then two more positions
        a = best_move(p, "strongest", node_limit=nodes)
        assert a.move in p.legal_moves
        assert a.pv[0] == a.move
        p = p.play(a.move)


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_a_legal_move(level):
    p = Position.start("royal-garrison")
    a = best_move(p, level, node_limit=3000, seed=3)
    assert a.move in p.legal_moves


def test_deterministic_for_a_seed():
    p = pos("assault", "d6 e7", "d5 d4 d3 a3 b3 a4 b4 f3 g3 f4 g4 c1 e1", side="r")
    runs = [best_move(p, "beginner", node_limit=4000, seed=7).to_json() for _ in range(2)]
    for r in runs:
        r.pop("seconds")
    assert runs[0] == runs[1]


def test_analyse_yields_progress_and_can_be_cancelled():
    text = Position.start("assault").play("d4-d5").text()
    steps = analyse(text, node_limit=5000)
    seen = []
    for step in steps:
        seen.append(step)
        if len([s for s in seen if s is None]) == 2:
            break  # cancelling is just not asking for more
    steps.close()
    assert None in seen
    assert any(isinstance(s, Analysis) for s in seen)


def test_json_for_the_worker():
    a = best_move(Position.start("assault"), node_limit=2000)
    data = a.to_json()
    assert set(data) == {"move", "score", "mate", "pv", "depth", "nodes", "seconds", "win_probability",
                         "describe", "side", "lines"}  # fmt: skip
    assert data["move"] == "d4-d5" and data["pv"][0] == "d4-d5" and data["side"] == "rebels"
    assert 0.0 <= data["win_probability"] <= 1.0


def test_levels_for_a_menu():
    assert list(LEVELS) == ["beginner", "casual", "strong", "strongest"]
    times = [lv.time_limit for lv in LEVELS.values()]
    assert times == sorted(times) and all(lv.title for lv in LEVELS.values())


def test_game_over_and_bad_level_are_errors():
    over = pos("assault", "a3 g3", "c5 c6 c7 d5 d6 d7 e5 e6 e7 b4", side="o")
    with pytest.raises(ValueError, match="game is over"):
        best_move(over, node_limit=10)
    with pytest.raises(ValueError, match="unknown level"):
        best_move(Position.start("assault"), "grandmaster", node_limit=10)


def test_rebels_do_not_step_into_a_jump():
    # Six of the rebels' 19 moves let an officer jump; quiet advances behind the front are safe.
    front = "c6 d6 e6 f6 g6 c5 d5 e5 f5 g5 a5 b5 h5 i5 a6 b6 h6 i6"
    p = pos("royal-garrison", "d8 f8 e9", front + " c4 d4 e4 f4 g4 c3 d3 e3 f3 g3", side="r")
    assert any(m.jump for m in p.play("d6-d7").legal_moves)
    after = p.play(best_move(p, node_limit=20000).move)
    assert not any(m.jump for m in after.legal_moves)


def test_a_hole_no_rebel_can_reach_is_nearly_lost():
    # Eight of nine fortress points held and c5 empty: with the last rebel on c4 the rebels can fill
    # it; on g4 it can never get there (rebels only advance), and the rebels will run out of moves.
    held = "c6 d6 e6 c7 d7 e7 d5 e5"
    ev = evaluator("assault")
    can = ev.evaluate(pos("assault", "a3 a4", held + " c4 f3 g3", side="r").state)
    cannot = ev.evaluate(pos("assault", "a3 a4", held + " g4 f3 g3", side="r").state)
    assert can - cannot >= evaluation.STRANDED - evaluation.THIN  # c4 is the only one that can: a thin supply


def test_an_officer_sealed_in_the_last_hole_makes_the_rebels_reserve_count():
    # The assault game strongest lost as rebels against greedy: the officer on d7 is shut in for good (every
    # neighbour and landing point a fortress rebel), so d7 can never be filled and the rebels can only win by
    # trapping g3 before they run out of moves. Rebels on c4 d4 e4 can never move again (c5 d5 e5 are full);
    # on c1 d1 e1 they have 15 steps left, which must outweigh the three lines of advance the others have.
    ev = evaluator("assault")
    held = "c7 e7 c6 d6 e6 c5 d5 e5"
    short = pos("assault", "d7 g3", held + " c4 d4 e4", side="r").state
    long = pos("assault", "d7 g3", held + " c1 d1 e1", side="r").state
    assert ev.reserve(*short[:2]) == 0 and ev.reserve(*long[:2]) == 15
    g = Position.start("assault").geometry
    assert ev.fortress_free(*short[:2]) == 1 << g.index["g3"]
    assert ev.evaluate(long) > ev.evaluate(short)


def test_a_weaker_level_passes_only_when_passing_is_best():
    """In the course's rules a pass is a move; a weaker level strays to moves almost as good, never to a pass."""
    from asalto_core.ai import _humanise
    from asalto_core.chance import Chooser
    from asalto_core.movegen import PASS
    from asalto_core.search import Result, Searcher

    position = Position.start("course")
    step = position.raw_moves()[0]
    r = Result(step, 10, [step], 1, 1, 0.0, [(step, 10), (PASS, 10)], [(10, [step])])
    picks = [_humanise(r, LEVELS["beginner"], Chooser(str(i)), Searcher("course"), position).move for i in range(20)]
    assert picks == [step] * 20
    best_pass = Result(PASS, 10, [PASS], 1, 1, 0.0, [(PASS, 10), (step, -300)], [(10, [PASS])])
    assert _humanise(best_pass, LEVELS["beginner"], Chooser("0"), Searcher("course"), position).move == PASS
