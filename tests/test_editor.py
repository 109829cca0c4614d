"""The position editor (site/game/editor.py, run by MicroPython in the browser)."""

from __future__ import annotations

from asalto_core import Position
from helpers import page_modules_on_path

page_modules_on_path()
from game import editor  # noqa: E402 - after the path is set


def test_pieces_go_on_and_off_with_the_tools():
    ed = editor.Editor(Position.start("assault"))
    ed.clear()
    ed.tool = "officer"
    ed.press("d6")
    ed.press("c7")
    ed.tool = "rebel"
    for p in ("a3", "d4", "d2"):
        ed.press(p)
    ed.press("d2")  # the same piece again takes it off
    assert ed.officers() == ["c7", "d6"] and ed.rebels() == ["a3", "d4"]
    ed.tool = "empty"
    ed.press("c7")
    assert ed.officers() == ["d6"]
    ed.tool = "officer"
    ed.press("e7")
    ed.turn = "officers"
    position, error = ed.position()
    assert error == "" and position.pieces() == {"d6": "O", "e7": "O", "a3": "R", "d4": "R"}


def test_what_the_rules_forbid_is_refused_in_words():
    ed = editor.Editor(Position.start("assault"))
    ed.tool = "officer"
    ed.press("a3")  # a third officer, on a rebel's point
    position, error = ed.position()
    assert position is None and "3 officers, but assault has only 2" in error
    ed.clear()
    assert ed.position()[1] == "put at least one officer on the board"


def test_huffable_officers_only_in_a_huffing_ruleset_with_the_rebels_to_move():
    ed = editor.Editor(Position.start("asalto"))
    ed.clear()
    ed.tool = "officer"
    ed.press("d5")
    ed.press("c7")
    ed.tool = "rebel"
    ed.press("d4")
    ed.turn = "rebels"
    ed.toggle_huff("d5")
    position, error = ed.position()
    assert error == "" and position.huffable() == ["d5"]
    ed.set_ruleset("assault")
    assert ed.ruleset == "assault" and ed.huffable == [] and len(ed.rebels()) == 24


def test_too_many_officers_is_said_once_and_plainly():
    for ruleset, points, said in (
        ("assault", ("c5", "d5", "e5"), "3 officers, but assault has only 2"),
        ("royal-garrison", ("c5", "d5", "e5", "c6"), "4 officers, but royal-garrison has only 3"),
    ):
        ed = editor.Editor(Position.start(ruleset))
        ed.clear()
        ed.tool = "officer"
        for p in points:
            ed.press(p)
        error = ed.position()[1]
        assert error.endswith(said) and "huffing" not in error


def test_a_huff_is_drawn_only_with_the_rebels_to_move_and_needs_a_rebel():
    ed = editor.Editor(Position.start("asalto"))
    ed.clear()
    ed.tool = "officer"
    ed.press("e5")
    ed.tool = "rebel"
    ed.press("a3")
    ed.turn = "rebels"
    ed.toggle_huff("e5")
    assert ed.huffs() == ["e5"] and ed.position()[0].text().endswith(" r e5 1")
    ed.turn = "officers"
    assert ed.huffs() == [] and ed.position()[0].huffable() == []
    ed.turn = "rebels"
    ed.tool = "empty"
    ed.press("a3")  # no rebel left: no capture the officer could have failed to make
    position, error = ed.position()
    assert position is None and "needs a rebel on the board" in error
