"""Every verdict the AI announces is true: a mate score is a forced result by the rules.

The positions are in ``bench/positions/verdicts.txt`` (the issue 15 reproducer, positions of the game
in that issue, and late positions of self-play in every ruleset). Each announced mate's line is played
out on a :class:`Board`; where the line stops short of the game's end (the transposition table lost the
rest), an exhaustive search over the rules kernel (:mod:`asalto_core.proof`) proves that the winner forces
the end in time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from asalto_core import LEVELS, Analysis, Move, Position, analyse, best_move
from asalto_core.ai import Player
from asalto_core.evaluation import evaluator
from asalto_core.proof import check_announcement, forces_win
from asalto_core.search import EXACT, WIN, Searcher

POSITIONS = Path(__file__).resolve().parent.parent / "bench" / "positions" / "verdicts.txt"
BUDGETS = (300, 3000)


def verdict_positions() -> list[str]:
    lines = POSITIONS.read_text().splitlines()
    return [line.split(" | ")[0] for line in lines if line.strip() and not line.startswith("#")]


def check_verdict(text: str, level: str, nodes: int, player: Player | None = None) -> int:
    """Check every mate announced while analysing ``text``; return how many there were."""
    p = Position.from_text(text)
    found = 0
    for a in (player.analyse if player else analyse)(p, level, node_limit=nodes):
        if a is None or a.mate is None:
            continue
        found += 1
        check = check_announcement(p, a, prove=False)
        assert check.verdict in ("played", "proved"), f"{text} {level} {nodes}: {check.reason}: {a.to_json()}"
    return found


def test_a_false_announcement_is_caught():
    # The issue 15 verdict: a win in 1 by d6-d7 (which empties d6) where the officers win in 4.
    p = Position.from_text("assault R1R/RRR/2RRR2/7/R1O1O2/3/3 r - 52")
    move = Move.parse("d6-d7")
    false = Analysis(move, WIN - 1, 1, (move,), 1, 1, 0.0)
    assert check_announcement(p, false).verdict == "false"
    assert check_announcement(p, Analysis(move, WIN - 3, 3, (move,), 1, 1, 0.0)).verdict == "false"
    true = best_move(p, node_limit=20_000)
    assert true.mate == -8 and check_announcement(p, true).verdict == "proved"


def test_the_issue_15_position_is_a_true_win_and_its_variants_are_not():
    # d6-d7 empties d6, but c5-d6 and b5-c5 then fill the fortress: the exhaustive search agrees.
    state = Position.from_text("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52").state
    assert forces_win("assault", state, 1, 7) and not forces_win("assault", state, 1, 5)
    # Without a5 and b5 no rebel outside the fortress can reach d7: the old check saw a win in one.
    officers, rebels, _, _ = Position.from_text("assault R1R/RRR/2RRR2/7/R1O1O2/3/3 r - 52").state
    assert not evaluator("assault").fills_next(officers, rebels)
    assert check_verdict("assault R1R/RRR/2RRR2/7/R1O1O2/3/3 r - 52", "strongest", 300) == 0


def test_a_losing_weak_level_announces_its_best_defence():
    # Every officer move loses; casual used to pick a quicker loss (d4-c3, mate in 1) and announce it.
    a = list(analyse("citadelle RRR/RRR/R1RR1RR/R2O2R/RR5/RR1/3 o - 40", "casual", node_limit=3000))[-1]
    assert str(a.move) == "d4-e5" and a.mate == -4


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_announced_mate_is_forced(level):
    found = sum(check_verdict(t, level, n) for t in verdict_positions() for n in BUDGETS)
    assert found >= 50  # the set holds enough decided positions for the check to mean something


def test_every_announced_mate_is_forced_with_a_kept_table():
    # One Player through the whole set (the positions of a game in order): what earlier searches stored
    # must not turn into a false verdict later.
    player = Player()
    found = sum(check_verdict(t, "strongest", n, player) for t in verdict_positions() for n in BUDGETS)
    assert found >= 50


def test_the_line_of_a_fortress_filled_next_move_is_not_an_older_hash_move():
    # bench/verdicts.py, royal-garrison game seed 7063: "Rebels win in 2" was true (h7-g7 fills the last hole),
    # but quiescence stores no move for it and the table held a7-b7 there from an earlier search, so the line
    # went g7-f8 e5-f6 a7-b7 f6-g7 and the officers won it.
    p = Position.from_text("royal-garrison RRRRRRR/RRR1R/R1RRRRRRR/9/2O1O4/9/4O4/5/5 r - 128")
    searcher = Searcher("royal-garrison")
    state, h, line = p.state, searcher.zobrist.full(p.state), []
    for text in ("g7-f8", "e5-f6", "a7-b7"):
        raw = Position("royal-garrison", state, 1).find_raw(Move.parse(text))
        line.append(raw)
        searcher.tt[h] = (1, EXACT, 0, raw)  # what the earlier searches left
        child = searcher.kernel.play(state, raw)
        state, h = child, searcher.zobrist.child(h, state, raw, child)
    pv = searcher.line(p.state, searcher.zobrist.full(p.state), line[0], 2)
    assert len(pv) == 3 and pv[:2] == line[:2] and pv[2] != line[2]
    after = p.play_raw(pv[0]).play_raw(pv[1]).play_raw(pv[2])
    assert after.outcome().winner == "rebels"
    assert check_verdict(p.text(), "strongest", 3600) > 0


def test_a_memo_shared_between_questions_changes_no_answer():
    # A game's last plies asked one after another, each win in 1 to 7 plies, with one memo and with
    # none: the memo only saves work (the later questions visit fewer positions).
    from asalto_core.proof import Memo, OutOfProof

    board = Position.from_text("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52")
    line = [board]
    for _ in range(6):
        a = best_move(line[-1], "casual", node_limit=300)
        if line[-1].play(a.move).outcome():
            break
        line.append(line[-1].play(a.move))
    memo = {side: Memo("assault", side) for side in (0, 1)}
    asked = 0
    for p in reversed(line):
        for side in (0, 1):
            for plies in (1, 3, 5, 7):
                try:
                    alone = forces_win("assault", p.state, side, plies, budget=20_000)
                except OutOfProof:
                    continue
                assert forces_win("assault", p.state, side, plies, budget=20_000, memo=memo[side]) == alone
                asked += 1
    assert asked >= 20 and len(memo[0]) and len(memo[1])
    with pytest.raises(ValueError):
        forces_win("asalto", line[0].state, 0, 1, memo=memo[0])
