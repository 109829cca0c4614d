"""The engine's perft against a second, naive implementation of the same rules."""

import pytest

from asalto_core import RULESETS, Position, perft
from asalto_core.perft import EXTERNAL
from reference_rules import Reference

DEPTHS = {"assault": 6, "simplified": 6, "royal-garrison": 5}


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_perft_agrees_with_the_naive_reference(name):
    ref = Reference(RULESETS[name])
    depth = DEPTHS.get(name, 4)
    start = Position.start(name)
    assert [ref.perft(ref.start(), d) for d in range(1, depth + 1)] == [perft(start, d) for d in range(1, depth + 1)]


def test_the_reference_reproduces_ludii_too():
    ref = Reference(RULESETS["ludii"])
    assert [ref.perft(ref.start(), d) for d in range(1, 5)] == list(EXTERNAL["ludii"][1])


@pytest.mark.parametrize("name", ["asalto", "citadelle", "assaut", "ludii", "german-tactics"])
def test_perft_agrees_from_middle_game_positions_with_captures_and_huffs(name):
    ref = Reference(RULESETS[name])
    rebels = ["a3", "a4", "a5", "g3", "g4", "g5", "e1", "d4", "d2", "c4", "e3", "b4"]
    position = Position.setup(name, ["d5", "c6"], rebels)
    state = (frozenset(["d5", "c6"]), frozenset(rebels), "officers", frozenset())
    assert ref.perft(state, 4) == perft(position, 4)
