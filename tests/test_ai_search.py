"""The search's reductions: deeper for the same nodes, and still exact about forced results.

Every search here runs on a node budget, so the results do not depend on the machine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from asalto_core import Position, best_move, search
from asalto_core.search import LMR, LMR_DEPTH, LMR_FROM, Searcher

REGRESSION = Path(__file__).resolve().parent.parent / "bench" / "positions" / "regression.txt"


def regression_cases() -> list[tuple[str, str]]:
    """(position, expectation) of bench/positions/regression.txt."""
    lines = REGRESSION.read_text().splitlines()
    return [tuple(f.strip() for f in line.split("|")[:2]) for line in lines if line.strip() and line[0] != "#"]


def depth_reached(text: str, nodes: int) -> int:
    p = Position.from_text(text)
    return [r.depth for r in Searcher(p.ruleset).iterate(p.state, node_limit=nodes) if r][-1]


def test_reductions_leave_the_first_moves_and_shallow_nodes_alone():
    assert all(not any(row[:LMR_FROM]) for row in LMR)
    assert all(not any(row) for row in LMR[:LMR_DEPTH])
    # A reduced move is still searched at least one ply deep, and later moves are reduced no less.
    assert all(d - 1 - r >= 1 for d, row in enumerate(LMR) for r in row if r)
    assert all(list(row) == sorted(row) for row in LMR)


@pytest.mark.parametrize(
    "text",
    [
        "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1",
        "asalto 3/R2/1RRO1RR/RR3RR/RRRR1RR/1RR/RRR o - 12",
        "royal-garrison R6/RO1O1/RRR1RRORR/RRRR1RRRR/RR1RRRRRR/RRRRRRRRR/2RRRRRRR/RRRRR/RR1RR r - 21",
    ],
)
def test_reductions_reach_deeper_with_the_same_nodes(text, monkeypatch):
    reduced = depth_reached(text, 60_000)
    monkeypatch.setattr(search, "LMR", tuple(tuple(0 for _ in row) for row in LMR))
    assert reduced > depth_reached(text, 60_000)


@pytest.mark.parametrize(("text", "expect"), regression_cases())
def test_the_reduced_search_keeps_the_regression_verdicts(text, expect):
    # The bench's regression positions (bench/strength.py --positions), at its budget: every `mate` there
    # was confirmed by exhaustive search, and `no-win` positions are where false wins were announced.
    a = best_move(text, "strongest", node_limit=20_000)
    kind, _, arg = expect.partition(" ")
    if kind == "mate":
        assert a.mate == int(arg)
    elif kind == "move":
        assert str(a.move) == arg
    elif kind == "not":
        assert str(a.move) != arg
    else:
        assert a.mate is None or a.mate < 0


def test_cached_static_scores_are_the_evaluations():
    p = Position.from_text("assault 2R/O2/RRR2RR/1RR1RRR/RRORR1R/R1R/RRR r - 13")
    searcher = Searcher("assault")
    for _ in searcher.iterate(p.state, node_limit=20_000):
        pass
    assert len(searcher.evals) > 1000
    assert all(score == searcher.evaluate(state) for state, score in searcher.evals.items())
    # The cache starts afresh once full, so a long analysis does not grow it without end.
    for _ in searcher.iterate(p.state, node_limit=3 * search.EVAL_CACHE):
        assert len(searcher.evals) <= search.EVAL_CACHE + search.YIELD_EVERY * 4
