"""A puzzle of several moves: an answer counts when it has the recorded move's effect."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import AsaltoError, IllegalMoveError, Position
from asalto_core.puzzle import Puzzle, same_effect

CHAIN = Position.from_text("assault 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2")
STEP = Position.from_text("asalto 2O/3/RRR1ORR/RRRRRRR/RR1RRRR/RRR/RRR o - 2")


def test_a_chain_taken_in_another_order_solves():
    solving = Puzzle(CHAIN, ("d6xd4xf4xd6", "c3-d4", "c5xc3xe5")).start()
    first = solving.play("d6xf4xd4xd6")
    assert (first.verdict, str(first.expected), str(solving.reply)) == ("right", "d6xd4xf4xd6", "c3-d4")
    assert solving.play("c5xc3xe5").verdict == "solved"
    assert solving.solved and solving.mistakes == 0


def test_a_wrong_move_is_judged_and_the_solver_tries_again():
    solving = Puzzle(
        STEP, ("e5xc3", "d3-d4", "c3xe5"), wrong=((0, "e5-d5", "The officer steps away: d4 stays."),)
    ).start()
    wrong = solving.play("e5-d5")
    assert (wrong.verdict, wrong.comment) == ("wrong", "The officer steps away: d4 stays.")
    assert solving.play("e7-d7").comment == ""  # no comment for this one
    assert solving.position == STEP and solving.mistakes == 2
    assert solving.hint() == "e5"
    assert solving.play("e5xc3").verdict == "right"
    assert solving.hint() == "c3"


def test_an_illegal_move_is_an_error_and_costs_nothing():
    solving = Puzzle(STEP, ("e5xc3", "d3-d4", "c3xe5")).start()
    with pytest.raises(IllegalMoveError):
        solving.play("e5-e3")
    assert solving.mistakes == 0 and solving.position == STEP


@pytest.mark.parametrize(
    ("line", "says"),
    [((), "at least one move"), (("e5xc3", "d3-d4"), "ends on the solver's move"), (("e5-e3",), "move 1")],
)
def test_a_broken_line_is_refused(line, says):
    with pytest.raises(AsaltoError, match=says):
        Puzzle(STEP, line)


def _effect(position, move):
    """What a solver sees a move do: where it ends, the pieces it removes, the officer huffed."""
    after = position.play(move).pieces()
    gone = sorted(p for p in position.pieces() if p not in after)
    return (move.path[-1:] or move.place, gone, move.huff)


@settings(max_examples=80)
@given(st.sampled_from(["assault", "asalto", "citadelle"]), st.data())
def test_same_effect_is_what_the_solver_sees(ruleset, data):
    """Two legal moves count as one answer exactly when they end on the same point, take the
    same pieces and huff the same officer."""
    position = Position.start(ruleset)
    for _ in range(data.draw(st.integers(0, 30))):
        moves = list(position.legal_moves)
        if not moves or position.outcome():
            return
        position = position.play(data.draw(st.sampled_from(moves)))
    moves = list(position.legal_moves)
    if not moves or position.outcome():
        return
    captures = [m for m in moves if m.jump] or moves
    a, b = data.draw(st.sampled_from(captures)), data.draw(st.sampled_from(moves))
    assert same_effect(position, a, b) == (_effect(position, a) == _effect(position, b))


HUFF = Position.from_text("asalto 1RR/3/RRRROR1/RRRO1RR/R1R1RRR/2R/RR1 r d4 25")
HUFF_LINE = ("Hd4:c4-d4", "e5xg5", "d4-e5", "g5-f5", "g4-g5")


def test_another_accepted_line_is_followed_from_the_move_that_left_the_line():
    """``also`` at the first move (its own replies and moves) and at the third (the line's after it)."""
    puzzle = Puzzle(HUFF, HUFF_LINE, also=((0, ("Hd4:c3-d4", "e5-e6", "d4-e4", "e6-d6", "e7-e6")), (2, ("f4-e5",))))
    other = puzzle.start()
    first = other.play("Hd4:c3-d4")
    assert (first.verdict, str(first.expected), str(other.reply)) == ("right", "Hd4:c3-d4", "e5-e6")
    assert other.play("d4-e5").verdict == "wrong"  # the puzzle's own line goes on so, this one does not
    assert other.play("d4-e4").verdict == "right" and str(other.reply) == "e6-d6"
    assert str(other.expected) == "e7-e6" and other.play("e7-e6").verdict == "solved"
    own = puzzle.start()
    assert own.play("Hd4:c4-d4").verdict == "right" and str(own.reply) == "e5xg5"
    assert own.play("f4-e5").verdict == "right" and str(own.reply) == "g5-f5"
    assert own.play("g4-g5").verdict == "solved"


@pytest.mark.parametrize(
    ("also", "says"),
    [(((1, ("e5-e6",)),), "starts at a solver's move"), (((0, ("Hd4:c3-d4", "e5-e6")),), "move 4 of another line")],
)
def test_a_broken_other_line_is_refused(also, says):
    with pytest.raises(AsaltoError, match=says):
        Puzzle(HUFF, HUFF_LINE, also=also)


@settings(max_examples=300)
@given(st.integers(-12, 12), st.lists(st.sampled_from(["Hd4:c3-d4", "e5-e6", "d4-e4", "f4-e5", "zz"]), max_size=6))
def test_another_line_anywhere_is_taken_or_refused_never_a_crash(index, moves):
    """An index before the line (an even negative one read from a set) or past it is refused as bad input."""
    try:
        puzzle = Puzzle(HUFF, HUFF_LINE, also=((index, tuple(moves)),))
    except AsaltoError:
        return
    assert 0 <= index < len(HUFF_LINE)
    assert [str(m) for m in puzzle.lines[1]] == [*HUFF_LINE[:index], *moves, *HUFF_LINE[index + len(moves) :]]
