"""The analysis board's several lines (multi-PV): the best k root moves with exact scores and their lines.

Every search here runs on a node budget or to a fixed depth, so the results do not depend on the machine.
"""

from __future__ import annotations

import pytest

from asalto_core import Position, best_move
from asalto_core.errors import AsaltoError
from asalto_core.protocol import Worker
from asalto_core.rulesets import RULESET_NAMES
from asalto_core.search import Searcher

# One line, as the search gave it before it could give several: (ruleset, depth reached, nodes searched,
# score, line) at 20,000 nodes from the ruleset's start three plies in. A perft-like count: one node more
# or less, or another move, and the single line is no longer what it was.
ONE_LINE = [
    ("asalto", 7, 9964, 105, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3"),
    ("german-tactics", 9, 18778, 115, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3 c7-d7 c1-c2"),
    ("assault", 9, 15440, 109, "c5xe7 f5-e5 e7-d6 c4-c5 d4-c4 c5-c6 c4-c5 c6-c7 c5-d5"),
    ("assaut", 8, 12660, 105, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3 c7-d7"),
    ("assaut-no-blocking", 8, 12592, 105, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3 c7-d7"),
    ("assaut-free-soldiers", 7, 9943, 105, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3"),
    ("citadelle", 9, 18163, 115, "f5-e5 e6-d6 g5-f5 c7-d7 c3-d4 d7-c7 c2-c3 c7-d7 c1-c2"),
    ("royal-garrison", 7, 9218, 518, "d8xd6xf6xf8 f5-f6 g7-f7 f4-f5 f7-e7 h7-g7 c7-d8"),
    ("royal-garrison-diagonals", 6, 9537, 298, "c7xe7 b7-c8 e7-f8 h7-g8 g7xg9 f7-e8"),
    ("simplified", 12, 17371, 45, "d6xd4 e3-e4 d4-d5 e2-e3 d5-d6 d3-d4 c5-d5 d2-d3 d6-c5 e5-e6 d5-e5 e6-e7"),
    ("fuchs-und-henne", 7, 18422, 240, "c5xe5xg5 c4-c5 d4-d5 c3-c4 d5xb5 d3-e4 b5xd3xf5"),
    ("2-contra-20", 7, 9733, 435, "d4xf4xd6xd4 e3-f4 d4-d5 d2-e3 c5-c6 c1-d2 c6-d6"),
    ("ludii", 7, 10252, 105, "f5-e5 c6-d6 g5-f5 e6-e7 c3-d4 e7-d7 c2-c3"),
    ("course", 9, 12786, -1020, "c6-d6 f3-f4 -- d4-c5 -- d3-d4 d6-c6 d2-d3 c6-d6"),
]


def three_plies_in(ruleset: str) -> Position:
    """A ruleset's start after three plies (the middle legal move each time), where both sides have choices."""
    p = Position.start(ruleset)
    for _ in range(3):
        moves = p.legal_moves()
        p = p.play(moves[len(moves) // 2])
    return p


def test_every_ruleset_has_its_pinned_line():
    assert [name for name, *_ in ONE_LINE] == list(RULESET_NAMES)


@pytest.mark.parametrize(("ruleset", "depth", "nodes", "score", "line"), ONE_LINE)
def test_one_line_searches_as_the_single_line_did(ruleset, depth, nodes, score, line):
    a = best_move(three_plies_in(ruleset), node_limit=20_000, lines=1)
    assert (a.depth, a.nodes, a.score, " ".join(map(str, a.pv))) == (depth, nodes, score, line)
    assert [(x.score, x.pv) for x in a.lines] == [(a.score, a.pv)]


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_three_lines_are_the_three_best_moves_with_exact_scores(ruleset):
    """To depth 3, the three lines' scores are the three best of a full-width search, which scores
    every root move exactly; the lines start with three different moves (fewer where there are
    fewer, as where a capture is compulsory), best first."""
    position = three_plies_in(ruleset)
    state = position.state
    full = [r for r in Searcher(ruleset).iterate(state, max_depth=3, full_width=True) if r][-1]
    multi = [r for r in Searcher(ruleset).iterate(state, max_depth=3, lines=3) if r][-1]
    assert [s for s, _ in multi.lines] == sorted((s for _, s in full.scores), reverse=True)[:3]
    firsts = [line[0] for _, line in multi.lines]
    assert len(set(firsts)) == min(3, len(position.legal_moves()))
    assert (multi.move, multi.score, multi.pv) == (firsts[0], multi.lines[0][0], multi.lines[0][1])
    # Every other root move was shown to score no better than the third line.
    assert all(s <= multi.lines[-1][0] for m, s in multi.scores if m not in firsts)


def test_the_lines_are_legal_and_the_same_on_every_run():
    text = three_plies_in("asalto").text()
    first = best_move(text, node_limit=20_000, lines=3)
    again = best_move(text, node_limit=20_000, lines=3)
    assert (first.lines, first.nodes) == (again.lines, again.nodes)
    assert len(first.lines) == 3
    for line in first.lines:
        p = Position.from_text(text)
        for move in line.pv:
            p = p.play(str(move))  # raises on an illegal move


def test_fewer_moves_give_fewer_lines():
    only = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"  # the rebels' one move
    assert len(Position.from_text(only).legal_moves()) == 1
    assert [str(x.pv[0]) for x in best_move(only, node_limit=5_000, lines=3).lines] == ["d4-d5"]


def test_the_number_of_lines_is_checked():
    text = three_plies_in("asalto").text()
    for bad in (0, 6, "3", True):
        with pytest.raises(AsaltoError, match="lines"):
            best_move(text, node_limit=100, lines=bad)
    with pytest.raises(AsaltoError, match="full-strength"):
        best_move(text, "casual", node_limit=100, lines=3)


def test_the_worker_answers_with_the_lines():
    text = three_plies_in("asalto").text()
    answer = Worker().answer({"op": "think", "position": text, "level": "strongest", "node_limit": 20_000, "lines": 3})
    lines = answer["analysis"]["lines"]
    found = best_move(text, node_limit=20_000, lines=3).lines
    assert [x["pv"] for x in lines] == [[str(m) for m in x.pv] for x in found]
    assert lines[0]["pv"] == answer["analysis"]["pv"] and lines[0]["score"] == answer["analysis"]["score"]
    assert all(set(x) == {"move", "score", "mate", "pv", "win_probability", "side"} for x in lines)
    refused = Worker().answer({"op": "think", "position": text, "level": "strongest", "lines": 9})
    assert refused == {"ok": False, "error": "lines must be a whole number from 1 to 5, not 9"}
