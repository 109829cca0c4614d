"""Perft against Ludii's own figures and this engine's recorded ones."""

import pytest

from asalto_core import Position, perft
from asalto_core.__main__ import main
from asalto_core.perft import EXTERNAL, REGRESSION


@pytest.mark.parametrize("ruleset", sorted(EXTERNAL))
def test_perft_matches_an_independent_implementation(ruleset):
    _, counts = EXTERNAL[ruleset]
    start = Position.start(ruleset)
    assert [perft(start, d) for d in range(1, len(counts) + 1)] == list(counts)


@pytest.mark.parametrize("ruleset", sorted(REGRESSION))
def test_perft_of_every_ruleset_to_depth_four(ruleset):
    start = Position.start(ruleset)
    assert [perft(start, d) for d in range(1, 5)] == list(REGRESSION[ruleset][:4])


def slow_perft(position: Position, depth: int) -> int:
    """Perft through the public API, no bulk counting: checks the fast path."""
    if depth == 0:
        return 1
    return sum(slow_perft(position.play(m), depth - 1) for m in position.legal_moves)


@pytest.mark.parametrize("ruleset", ["asalto", "citadelle", "ludii", "royal-garrison", "2-contra-20"])
def test_bulk_counting_agrees_with_playing_every_move(ruleset):
    start = Position.start(ruleset)
    assert perft(start, 3) == slow_perft(start, 3)


def test_perft_from_a_position_with_a_huff_counts_each_huff_step_pair():
    p = Position.setup("asalto", ["d5", "c7"], ["a3", "a4", "a5", "g3", "g4", "g5", "e1", "d4", "d2"]).play("d5-d6")
    plain = len([m for m in p.legal_moves if not m.huff])
    assert perft(p, 1) == len(p.legal_moves) > plain


def test_the_cli_prints_one_line_per_depth_then_the_speed(capsys):
    assert main(["perft", "--ruleset", "ludii", "--depth", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:3] == ["1 6", "2 46", "3 304"]
    assert "leaves/s" in lines[3]


def test_the_cli_reports_a_bad_position_without_a_traceback(capsys):
    assert main(["perft", "--depth", "1", "--position", "assault nonsense"]) == 2
    assert "bad position" in capsys.readouterr().err


@pytest.mark.parametrize(
    "ruleset", ["asalto", "german-tactics", "citadelle", "royal-garrison", "royal-garrison-diagonals"]
)
def test_perft_to_depth_six_of_the_rulesets_issue_14_changed(ruleset):
    assert perft(Position.start(ruleset), 6) == REGRESSION[ruleset][5]


@pytest.mark.parametrize("ruleset", ["assaut", "assaut-no-blocking", "assaut-free-soldiers"])
def test_perft_to_depth_six_of_the_rulesets_read_as_draughts(ruleset):
    assert perft(Position.start(ruleset), 6) == REGRESSION[ruleset][5]


@pytest.mark.parametrize("ruleset, counts", [("assaut", [14, 266, 1920]), ("citadelle", [14, 346, 2026])])
def test_perft_where_both_officers_can_take_two(ruleset, counts):
    # The audit's position: after a fault the rebels choose which officer goes (citadelle: one must).
    p = Position.from_text(f"{ruleset} 3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10")
    assert [perft(p, d) for d in (1, 2, 3)] == counts
