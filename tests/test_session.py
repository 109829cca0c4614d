"""The page's game (asalto_core.session, run on MicroPython): bad input never loses the game."""

import pytest

from asalto_core import AsaltoError, Game
from asalto_core.session import MAX_MOVES, Session

START = {"ruleset": "assault", "start": "", "moves": [], "ply": 0}


def test_a_move_gives_what_to_draw():
    s = Session.new("assault")
    last = s.play("d4-d5")
    view = s.view()
    assert last["path"] == ["d4", "d5"] and view["last"] == last
    assert view["turn"] == "officers" and view["pieces"]["d5"] == "R"
    assert sorted(str(m) for m in s.game.board.legal_moves) == ["c5-c6", "c5-d4", "c5-d6", "e5-d4", "e5-d6", "e5-e6"]
    assert s.descriptor() == {**START, "moves": ["d4-d5"], "ply": 1}


def test_an_illegal_move_is_refused_and_the_game_is_unchanged():
    s = Session.new("assault")
    s.play("d4-d5")
    before = (s.descriptor(), s.view())
    for bad in ("c3-c4", "zz", 5, None, b"d4-d5", ["c5-c6"]):
        with pytest.raises(AsaltoError):
            s.play(bad)
        assert (s.descriptor(), s.view()) == before


def test_a_saved_game_is_checked_and_names_what_is_wrong():
    with pytest.raises(AsaltoError, match="move 2 of the saved game"):
        Session.from_descriptor({**START, "moves": ["d4-d5", "z9-z8"]})
    for bad, message in (
        ({**START, "moves": "d4-d5"}, "must be a list"),
        ({**START, "ruleset": "chess"}, "unknown ruleset"),
        ({**START, "ply": 3}, "move number must be 0 to 0"),
        ({**START, "start": 5}, "must be text"),
        ({**START, "moves": ["d4-d5"] * (MAX_MOVES + 1)}, "at most"),
        ([], "not a game"),
    ):
        with pytest.raises(AsaltoError, match=message):
            Session.from_descriptor(bad)


def test_stepping_back_then_playing_starts_a_new_line():
    s = Session.new("assault")
    for _ in range(3):
        s.play(s.game.board.legal_moves[0])
    first, second = s.descriptor()["moves"][:2]
    s.go_to(1)
    assert s.view()["ply"] == 1 and s.view()["length"] == 3
    other = next(str(m) for m in s.game.board.legal_moves if str(m) != second)
    s.play(other)
    assert s.descriptor()["moves"] == [first, other]
    assert [h["move"] for h in s.view()["history"]] == [first, other]
    with pytest.raises(AsaltoError):
        s.go_to(7)


def test_importing_a_record_with_a_bad_move_keeps_the_moves_before_it():
    record = '[Ruleset "assault"]\n\n1. d4-d5 c5-d4 2. c3-c9 *'
    s, warning = Session.from_text(record)
    assert s.descriptor()["moves"] == ["d4-d5", "c5-d4"] and "move 3" in warning


def test_junk_that_yields_no_move_is_refused():
    for junk in ("1. zz-zz <script>", "", "   ", "nothing here"):
        with pytest.raises(AsaltoError):
            Session.from_text(junk)


def test_importing_a_position_starts_a_game_there():
    text = "ludii 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1"
    s, warning = Session.from_text(text)
    assert s.view()["position"] == text and s.descriptor()["start"] == "" and not warning


def test_a_huff_and_automatic_huffs_are_reported_for_the_page():
    start = "ludii 3/3/RR1O1RR/RRRRRRR/RRR1RRR/RRR/RRR o - 1"  # d5 could jump d4 to d3
    s = Session(Game(position=start))
    last = s.play("d5-d6")
    assert last["automatic"] and last["removed"] == ["d6"]


def test_the_history_labels_moves_by_number_and_side():
    s = Session.new("asalto")
    for m in ("@c5,e5", "d4-d5", "c5-c6"):
        s.play(m)
    assert [(h["label"], h["side"]) for h in s.view()["history"]] == [
        ("0.", "officers"),
        ("1.", "rebels"),
        ("", "officers"),
    ]
    assert s.positions_before() == [p.text() for p in s._before]


def test_taking_back_drops_the_moves_and_keeps_them_for_redo():
    s = Session.new("assault")
    for _ in range(4):
        s.play(s.game.board.legal_moves[0])
    moves = s.descriptor()["moves"]
    assert s.take_back(2) == moves[2:]
    assert s.descriptor() == {**START, "moves": moves[:2], "ply": 2}
    assert [h["move"] for h in s.view()["history"]] == moves[:2] and s.view()["length"] == 2
    for m in moves[2:]:
        s.play(m)
    assert s.descriptor()["moves"] == moves
    assert Session.from_descriptor(s.descriptor()).view() == s.view()
