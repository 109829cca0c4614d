"""The engine's perft against a second, naive implementation of the same rules."""

import pytest

from asalto_core import RULESETS, Position, perft
from asalto_core.perft import EXTERNAL
from reference_rules import Reference

DEPTHS = {"assault": 6, "simplified": 6, "royal-garrison": 5}


@pytest.mark.parametrize("name", sorted(set(RULESETS) - {"course"}))  # the course's: test_course.py
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


def reference_state(position):
    """The reference's form of an engine position: sets of point names."""
    g, (officers, rebels, side, huffable) = position.geometry, position.state
    names = lambda mask: frozenset(g.points[i] for i in range(len(g.points)) if mask >> i & 1)  # noqa: E731
    turn = {0: "officers", 1: "rebels", 2: "place"}[side]
    return (names(officers), names(rebels), turn, names(huffable))


@pytest.mark.parametrize("name", ["asalto", "german-tactics", "citadelle", "assaut", "royal-garrison-diagonals"])
def test_perft_agrees_along_random_games(name):
    """Two plies from every position of seeded random games, huffs and chains included."""
    import random

    ref = Reference(RULESETS[name])
    rng = random.Random(14)
    for _ in range(3):
        position = Position.start(name)
        for _ in range(60):
            assert ref.perft(reference_state(position), 2) == perft(position, 2), position.text()
            moves = position.legal_moves()
            if not len(moves):
                break
            captures = [m for m in moves if m.jump or m.huff]
            position = position.play(rng.choice(captures if captures and rng.random() < 0.7 else list(moves)))
