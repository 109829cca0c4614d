"""The embed view's pure state (site/figure.py, run by MicroPython in the browser): stepping and puzzles."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from asalto_core.session import Session

SITE = Path(__file__).parents[1] / "site"
sys.path.insert(0, str(SITE))  # figure.py imports the page's state.py
_spec = importlib.util.spec_from_file_location("figure", SITE / "figure.py")
fg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fg)


def _record() -> str:
    """Four plies of Assault (each side's first legal move), with comments."""
    s = Session.new("assault")
    for text in ("d4-d5", "c5-c6", "d3-d4"):
        s.play(text)
    s.play(s.game.board.legal_moves[0])
    s.game.comment("After four plies.")
    return s.record()


RECORD = _record()


def figure(record: str = RECORD) -> tuple[fg.Figure, Session]:
    session, _ = Session.from_text(record)
    return fg.Figure(session.frames(), session.view()["history"]), session


def test_stepping_stays_within_the_game():
    fig, _ = figure()
    assert fig.go(-3) == 0 and fig.go(99) == 4
    assert fig.status() == ("Move 4 of 4; rebels to move.", "")


def test_autoplay_runs_to_the_end_then_stops():
    fig, _ = figure()
    fig.go(4)
    fig.start_playing()
    assert fig.ply == 0  # from the end it starts again
    steps = 0
    while fig.playing and fig.step_play():
        steps += 1
    assert steps == 4 and fig.ply == 4 and not fig.playing


def test_start_ply_from_the_link():
    fig, _ = figure()
    assert fg.start_ply(fig.frames, 2, None) == (2, "")
    assert fg.start_ply(fig.frames, None, 2) == (2, "")  # move 2 starts at ply 2
    ply, problem = fg.start_ply(fig.frames, 9, None)
    assert ply == 4 and "past the end" in problem


def test_a_puzzle_hides_later_moves_until_solved():
    fig, session = figure()
    fig.start_ply = fig.ply = 2
    session.go_to(2)
    assert fig.set_puzzle(session.game.board, [], "d3-d4") == []
    assert fig.limit() == 2 and fig.go(4) == 2
    assert ("target", "d3") in fig.marks()
    assert fig.press("d3") == ("select", "d3")
    assert fig.press("d4") == ("play", "d3-d4")
    assert fig.puzzle.state == fg.RIGHT and fig.ply == 3  # the move played is shown
    assert fig.status() == ("Right: d3-d4.", "right")
    assert fig.limit() == 4


def test_a_wrong_answer_can_be_tried_again_and_the_answer_shown():
    fig, session = figure()
    fig.start_ply = fig.ply = 2
    session.go_to(2)
    fig.set_puzzle(session.game.board, ["d3-d4"], "")
    other = next(m for m in session.game.board.legal_moves if str(m) != "d3-d4")
    for point in other.path:
        fig.press(point)
    assert fig.puzzle.state == fg.WRONG and fig.status()[1] == "wrong"
    fig.show_answer()
    assert fig.puzzle.state == fg.SHOWN and fig.answer_arrow() == "d3-d4"
    assert fig.press("d3") == ("ignored", "d3")


def test_a_bad_answer_in_the_link_is_reported():
    fig, session = figure()
    problems = fig.set_puzzle(session.game.board, ["c3-c9", "zz"], "")
    assert len(problems) == 3 and "not a legal move" in problems[0] and fig.puzzle is None
