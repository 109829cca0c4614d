"""The embed view's pure state (site/embed/state.py, run by MicroPython in the browser): stepping and puzzles."""

from __future__ import annotations

import json

import micropython
import pytest

from asalto_core.notation import Move
from asalto_core.session import Session
from helpers import page_modules_on_path, page_sources

page_modules_on_path()
from embed import state as fg  # noqa: E402 - after the path is set


@pytest.fixture(autouse=True)
def english():
    """The catalogs are compiled by conftest.page_catalogs; the figure's words are English here."""
    from lib import i18n

    i18n.set_language("en")


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
    assert fig.set_puzzle(session.game.board, [], [str(m) for m in session.game.moves[2:]]) == []
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
    fig.set_puzzle(session.game.board, ["d3-d4"], [])
    other = next(m for m in session.game.board.legal_moves if str(m) != "d3-d4")
    for point in other.path:
        fig.press(point)
    assert fig.puzzle.state == fg.WRONG and fig.status()[1] == "wrong"
    fig.show_answer()
    assert fig.puzzle.state == fg.SHOWN and fig.answer_arrow() == "d3-d4"
    assert fig.press("d3") == ("ignored", "d3")


def test_a_bad_answer_in_the_link_is_reported():
    fig, session = figure()
    problems = fig.set_puzzle(session.game.board, ["c3-c9", "zz"], [])
    assert len(problems) == 3 and "not a legal move" in problems[0] and fig.puzzle is None


ANNOTATED = """[Ruleset "assault"]

1. d4-d5 c5-c6?! {[%arrows c5-c6] Slow.} (1... c5-d4! {[%points d4] Better.} 2. b5-c5
(2. b4-c5) 2... d4xd6) 2. d3-d4 *
"""


def annotated_figure() -> fg.Figure:
    session, _ = Session.from_text(ANNOTATED)
    view = session.view()
    return fg.Figure(session.frames(), view["history"], tree=view["tree"], lines=session.variation_frames())


def test_frames_carry_the_records_arrows_points_and_symbols():
    fig = annotated_figure()
    fig.go(2)
    assert (fig.frame["arrows"], fig.frame["nag"], fig.frame["comment"]) == (["c5-c6"], "?!", "Slow.")
    assert [h["path"] for h in fig.tree][:3] == [[1], [2], [1, 0, 1]]


def test_stepping_into_and_out_of_variations():
    fig = annotated_figure()
    fig.go(1)
    assert fig.variations_here() == [(1, 0)]
    assert fig.enter_variation() and fig.path() == [1, 0, 1]
    assert fig.frame["points"] == ["d4"] and fig.frame["last"]["move"] == "c5-d4"
    assert fig.status()[0].startswith("Variation, move 1 of 3")
    assert fig.go(9) == 3 and fig.path() == [1, 0, 3]
    fig.go(0)  # back from the variation's first move: where it branched
    assert fig.path() == [1]
    assert fig.enter([1, 0, 1, 0, 1]) and fig.frame["last"]["move"] == "b4-c5"
    fig.leave()
    assert fig.path() == [1, 0, 1]
    fig.leave()
    assert fig.path() == [1] and not fig.enter([4, 0, 1]) and fig.enter([3]) and fig.path() == [3]
    fig.start_playing()  # at the end: play starts again from the line's start
    assert fig.ply == 0


# Three moves to find in Asalto (where a chain may stop): the first chain may be jumped in either
# order, and the side line is the teacher's comment on a wrong first move.
THREE = """[Ruleset "asalto"]
[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]

{Take everything you can.} 2... d6xd4xf4xd6 (2... d6xd4 {Only one rebel: the chain goes on.}) 3. c3-d4
c5xc3xe5 4. e3-d4 e5xc3xe3 *
"""


def puzzle_figure(record: str = THREE) -> tuple[fg.Figure, Session]:
    session, _ = Session.from_text(record)
    view = session.view()
    fig = fg.Figure(session.frames(), view["history"], tree=view["tree"], lines=session.variation_frames())
    session.go_to(0)
    game = session.game
    line = [str(m) for m in game.moves]
    assert fig.set_puzzle(game.board, [], line, fg.wrong_moves(game, 0)) == []
    return fig, session


def play(fig: fg.Figure, move: str) -> None:
    """The reader's clicks for ``move`` (every point of its path, the last one twice if the chain
    could go on)."""
    for point in Move.parse(move).path:
        fig.press(point)
    if fig.puzzle.inp.clicks:
        fig.press(fig.puzzle.inp.clicks[-1])


def test_a_three_move_puzzle_takes_a_chain_in_another_order_and_plays_the_replies():
    fig, _ = puzzle_figure()
    assert fig.puzzle.solvings[0].puzzle.moves == 3 and fig.limit() == 0
    play(fig, "d6xf4xd4xd6")  # the record has d6xd4xf4xd6: the same rebels, the same end
    assert fig.puzzle.state == fg.GOING and fig.ply == 2 and fig.limit() == 2
    assert fig.status() == ("Right: d6xf4xd4xd6. The reply: c3-d4. Your move again.", "right")  # as played
    assert fig.frame["last"]["move"] == "c3-d4"  # the computer's reply is on the board
    play(fig, "c5xc3xe5")
    assert fig.puzzle.state == fg.GOING and fig.ply == 4
    play(fig, "e5xc3xe3")
    assert fig.puzzle.state == fg.RIGHT and fig.limit() == 5 and fig.ply == 5


def test_a_wrong_move_gets_the_teachers_comment_and_a_hint_shows_where_to_start():
    fig, _ = puzzle_figure()
    fig.press("d6")
    fig.press("d4")
    fig.press("d4")  # stopping after one leap, as the side line does
    assert fig.puzzle.state == fg.WRONG
    assert fig.status() == ("Not the answer: d6xd4. Try again. Only one rebel: the chain goes on.", "wrong")
    assert fig.hint() == "d6" and ("highlight", "d6") in fig.marks()
    assert fig.status() == ("Hint: the move starts from d6.", "")
    assert fig.show_answer()  # a line of several moves: the viewer plays it on the board
    assert fig.answer_arrow() == "d6xd4xf4xd6" and fig.limit() == 5
    assert fig.status()[0] == "The answer: d6xd4xf4xd6 c3-d4 c5xc3xe5 e3-d4 e5xc3xe3."


def test_the_answer_after_a_right_first_move_is_the_rest_of_the_line():
    fig, _ = puzzle_figure()
    play(fig, "d6xd4xf4xd6")
    assert fig.show_answer() and fig.status()[0] == "The answer: c5xc3xe5 e3-d4 e5xc3xe3."


def test_a_record_ending_on_a_reply_drops_it():
    fig, _ = puzzle_figure(THREE.replace(" e5xc3xe3 *", " *"))
    assert fig.puzzle.solvings[0].puzzle.moves == 2


def test_stepping_and_autoplay_answer_the_same_on_micropython():
    """The embed's pure state is the page's: what it decides on CPython it decides on MicroPython."""
    session, _ = Session.from_text(RECORD)
    data = {"frames": session.frames(), "history": session.view()["history"]}
    code = (
        "import json\nfrom embed import state as fg\n"
        "d = json.load(open('/lib/figure.json'))\n"
        "fig = fg.Figure(d['frames'], d['history'])\n"
        "out = [fig.go(-3), fig.go(99), fg.start_ply(fig.frames, 2, None), fg.start_ply(fig.frames, None, 2)]\n"
        "fig.start_playing()\n"
        "while fig.playing and fig.step_play():\n"
        "    out.append(fig.ply)\n"
        "print(json.dumps(out))\n"
    )
    extra = {"figure.json": json.dumps(data), **page_sources("embed/state.py", "lib/board_input.py", "lib/i18n.py")}
    fig = fg.Figure(data["frames"], data["history"])
    want = [fig.go(-3), fig.go(99), fg.start_ply(fig.frames, 2, None), fg.start_ply(fig.frames, None, 2)]
    fig.start_playing()
    while fig.playing and fig.step_play():
        want.append(fig.ply)
    assert json.loads(micropython.run(code, extra)) == json.loads(json.dumps(want))


def test_a_board_whose_officers_are_placed_first_says_so():
    """An ``asalto`` board starts with no officers: the line says they are placed first, and how many."""
    fig, _ = figure(Session.new("asalto").record())
    assert fig.status() == ("Officers to move: place the 2 officers.", "")
    placed = Session.new("asalto")
    placed.play(placed.game.board.legal_moves[0])
    fig, _ = figure(placed.record())
    assert fig.status()[0] == "Officers to move: place the 2 officers." and fig.go(1) == 1
    assert fig.status()[0] == "Move 1 of 1; rebels to move."
