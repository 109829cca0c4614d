"""The page's pure state module (site/state.py, run by MicroPython in the browser): move entry."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from asalto_core.protocol import Session

_spec = importlib.util.spec_from_file_location("page_state", Path(__file__).parents[1] / "site" / "state.py")
state = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(state)


@pytest.mark.parametrize(
    ("move", "points"),
    [("d3-d4", ["d3", "d4"]), ("c5xc3xe3", ["c5", "c3", "e3"]), ("Hd5:c5-c4", ["c5", "c4"]), ("@c1,d1", ["c1", "d1"])],
)
def test_hint_path_names_the_points_of_a_move(move, points):
    assert state.hint_path(move) == points


MOVES = [
    {"move": "Hd5", "clicks": [], "huff": "d5"},
    {"move": "Hd5:c5-c4", "clicks": ["c5", "c4"], "huff": "d5"},
    {"move": "c5-c4", "clicks": ["c5", "c4"], "huff": None},
]


def test_press_on_a_huffable_officer_picks_then_drops_the_huff():
    inp = state.Input()
    assert inp.press(MOVES[1:], ["d5"], "d5") == ("huff", "d5")
    assert inp.huff == "d5"
    assert inp.press(MOVES[1:], ["d5"], "d5") == ("huff", None)
    assert inp.huff is None


def test_press_plays_a_lone_huff_at_once_and_clicks_otherwise():
    inp = state.Input()
    assert inp.press(MOVES, ["d5"], "d5") == ("play", "Hd5")
    assert inp.press(MOVES, ["d5"], "c5") == ("select", "c5")
    assert inp.press(MOVES, ["d5"], "c4") == ("play", "c5-c4")


def test_press_plays_every_legal_move_of_a_start_view():
    view = Session().handle({"op": "new", "ruleset": "assault"})["view"]
    for m in view["moves"]:
        inp = state.Input()
        action = ("cancel", "")
        for point in m["clicks"]:
            action = inp.press(view["moves"], view["huffable"], point)
        assert action == ("play", m["move"])
