"""The Player: the transposition table kept between the moves of a game, bounded, and the same contract."""

from __future__ import annotations

import doctest

import pytest

from asalto_core import Position, ai, analyse, best_move, search
from asalto_core.ai import Player
from asalto_core.search import YIELD_EVERY

MID = "assault 2R/O2/RRR2RR/1RR1RRR/RRORR1R/R1R/RRR r - 13"


@pytest.mark.parametrize("module", [ai, search])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_a_fresh_player_answers_as_analyse():
    ours = Player().best_move(MID, "strong", node_limit=4000).to_json()
    theirs = best_move(MID, "strong", node_limit=4000).to_json()
    ours.pop("seconds"), theirs.pop("seconds")
    assert ours == theirs


def test_the_second_move_starts_from_the_first():
    # After the engine's move and the reply its line expected, the kept table reaches each depth sooner.
    player = Player()
    first = player.best_move(MID, node_limit=20000)
    after = Position.from_text(MID).play(first.pv[0]).play(first.pv[1])
    kept = {a.depth: a.nodes for a in player.analyse(after, node_limit=20000) if a}
    fresh = {a.depth: a.nodes for a in analyse(after, node_limit=20000) if a}
    deepest = max(fresh)
    assert kept[deepest] < 0.8 * fresh[deepest]


def test_the_table_stays_bounded():
    player = Player(tt_size=500)
    p = Position.from_text(MID)
    for _ in range(4):
        a = player.best_move(p, node_limit=6000)
        tt = player.searchers["assault"].tt
        assert len(tt) <= 2 * 500 + YIELD_EVERY  # trimmed during the search too
        p = p.play(a.move)
    searcher = player.searchers["assault"]
    deepest = max(e[0] for e in searcher.tt.values())
    searcher.trim()
    assert len(searcher.tt) <= 500 and max(e[0] for e in searcher.tt.values()) == deepest


def test_weaker_levels_do_not_use_the_stronger_searches():
    player = Player()
    player.best_move(MID, "strongest", node_limit=20000)
    for level in ("beginner", "casual"):
        ours = player.best_move(MID, level, node_limit=3000, seed=5).to_json()
        theirs = best_move(MID, level, node_limit=3000, seed=5).to_json()
        ours.pop("seconds"), theirs.pop("seconds")
        assert ours == theirs


def test_errors_as_analyse():
    with pytest.raises(ValueError, match="unknown level"):
        next(Player().analyse(MID, "grandmaster"))
    with pytest.raises(ValueError, match="game is over"):
        next(Player().analyse("assault RRR/RRR/RRRRRRR/7/O5O/3/3 o - 30"))
