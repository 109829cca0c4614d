"""The page's pure state module (site/state.py, run by MicroPython in the browser): move entry."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from asalto_core import RULESETS, Board
from helpers import script

ROOT = Path(__file__).resolve().parents[1]

state = script("site/state.py", "page_state")


@pytest.mark.parametrize(
    ("move", "points"),
    [("d3-d4", ["d3", "d4"]), ("c5xc3xe3", ["c5", "c3", "e3"]), ("Hd5:c5-c4", ["c5", "c4"]), ("@c1,d1", ["c1", "d1"])],
)
def test_hint_path_names_the_points_of_a_move(move, points):
    assert state.hint_path(move) == points


def found(ruleset, wanted):
    """A board from seeded random play where ``wanted(board)`` holds."""
    for seed in range(300):
        rnd, board = random.Random(seed), Board(ruleset)
        for _ in range(80):
            if wanted(board):
                return board
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rnd.choice(moves))
    raise AssertionError("no such position found")


def huff_board():
    return found("asalto", lambda b: b.position.huffable() and any(m.huff and m.path for m in b.legal_moves))


def test_press_on_a_huffable_officer_picks_then_drops_the_huff():
    board = huff_board()
    officer = next(m.huff for m in board.legal_moves if m.huff and m.path)
    inp = state.Input()
    assert inp.press(board, officer) == ("huff", officer)
    assert inp.huff == officer
    assert inp.press(board, officer) == ("huff", None)
    assert inp.huff is None


def test_a_huff_then_a_step_plays_the_huffing_move():
    board = huff_board()
    officer = next(m.huff for m in board.legal_moves if m.huff and m.path)
    inp = state.Input()
    inp.press(board, officer)
    step = next(m for m in board.legal_moves if m.huff == officer and m.path)
    assert inp.press(board, step.path[0]) == ("select", step.path[0])
    assert inp.press(board, step.path[1]) == ("play", str(step))


def test_press_plays_every_legal_move_of_every_start():
    for name in RULESETS:
        board = Board(name)
        for m in board.legal_moves:
            inp = state.Input()
            action = ("cancel", "")
            for point in reversed(m.place) if m.place else m.path:  # a placement in any order
                action = inp.press(board, point)
            assert action == ("play", str(m)), (name, str(m))


def test_a_chain_may_stop_where_the_rules_allow():
    board = found("asalto", lambda b: any(m.jump and len(m.path) > 2 for m in b.legal_moves))
    m = next(m for m in board.legal_moves if m.jump and len(m.path) > 2)
    inp = state.Input()
    inp.press(board, m.path[0])
    assert inp.press(board, m.path[1]) == ("select", m.path[1])
    assert inp.can_stop(board)  # asalto's huffing rules let a chain stop after any jump
    assert inp.stop(board) == ("play", str(board.move_for(m.path[:2])))


def test_an_officer_that_failed_goes_with_any_rebel_move_in_the_citadelle():
    board = found("citadelle", lambda b: len(b.position.huffable()) == 1 and len(b.legal_moves) > 1)
    step = board.legal_moves[0]
    inp = state.Input()
    assert inp.press(board, step.path[0]) == ("select", step.path[0])  # no huff to choose first
    assert inp.press(board, step.path[1]) == ("play", str(step)) and step.huff


def test_where_two_officers_could_go_the_rebels_say_which_before_their_step():
    board = Board.from_text("citadelle 3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10")
    board.push("c5-d4")  # both officers could have taken two
    inp = state.Input()
    assert inp.press(board, "a4") == ("cancel", "not-a-target")  # which officer first
    assert inp.press(board, "e5") == ("huff", "e5")
    assert inp.press(board, "a4") == ("select", "a4")
    assert inp.press(board, "a5") == ("play", "He5:a4-a5")


def test_settings_from_a_forged_save_fall_back_without_raising():
    rulesets, levels = {"assault": {}}, {"casual": {}}
    forged = {"ruleset": ["assault"], "mode": {"x": 1}, "level": ["casual"], "lang": [], "flipped": "yes", 5: "x"}
    assert state.clean_settings(forged, rulesets, levels, ["en"]) == state.default_settings()
    assert state.clean_settings({"ruleset": "assault", "mode": "humans"}, rulesets, levels, [])["mode"] == "humans"


def test_every_language_with_a_catalog_is_kept_in_the_settings():
    codes = sorted(p.stem for p in (ROOT / "pkg" / "asalto_core" / "locale").glob("*.po"))
    assert "es" in codes
    for code in codes + [""]:
        assert state.clean_settings({"lang": code}, {}, {}, codes)["lang"] == code
    assert state.clean_settings({"lang": "xx"}, {}, {}, codes)["lang"] == ""
