"""Text forms: literal cases, round trips and refusals with clear messages."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from asalto_core import AsaltoError, InvalidPositionError, Move, NotationError, Position, UnknownRulesetError


@pytest.mark.parametrize("text", ["c3-c4", "d5xd3xf3", "d5xd3", "He5:c3-c4", "He5", "@c5,e5", "@c7,e7,g7", "h9-g8"])
def test_moves_round_trip(text):
    assert str(Move.parse(text)) == text
    assert Move.parse(str(Move.parse(text))) == Move.parse(text)
    assert eval(repr(Move.parse(text))) == Move.parse(text)


def test_placement_points_are_written_in_board_order():
    assert str(Move.parse("@e5,c5")) == "@c5,e5"


@pytest.mark.parametrize(
    "bad", ["", "c3", "c3-", "c3x", "c3-c4-c5", "H:c3-c4", "He5:", "@", "@c5,c5", "z1-z2", "c3–c4"]
)
def test_bad_moves_are_refused_with_the_input_quoted(bad):
    with pytest.raises(NotationError, match="bad move|bad point"):
        Move.parse(bad)


def test_start_positions_have_the_documented_text():
    assert Position.start("assault").text() == "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"
    assert Position.start("asalto").text() == "asalto 3/3/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR p - 1"
    assert Position.start("ludii").text() == "ludii 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1"


def test_positions_round_trip_with_huffable_officers_and_move_numbers():
    text = "asalto 3/1O1/RR3RR/RRR1RRR/RRRRRRR/RRR/RRR r d6 4"
    p = Position.from_text(text)
    assert p.text() == text and p.huffable() == ["d6"] and p.fullmove == 4


@pytest.mark.parametrize(
    "bad, message",
    [
        ("", "expected 5 fields"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR r - 1", "has 7 ranks"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRRR r - 1", "too many points"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RR r - 1", "describes 2 points"),
        ("assault 3/3/RRX1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "unexpected 'X'"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR x - 1", "side to move"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 0", "move number"),
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r z9 1", "bad point|not on"),
    ],
)
def test_malformed_positions_say_what_and_where(bad, message):
    with pytest.raises(NotationError, match=message):
        Position.from_text(bad)


def test_unknown_rulesets_are_named_in_the_error():
    with pytest.raises(UnknownRulesetError, match="'chess'.*known rulesets"):
        Position.from_text("chess 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1")


@pytest.mark.parametrize(
    "bad, message",
    [
        ("assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r d4 1", "huffable"),
        ("assault 3/3/RR1O1RR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "only be lost by huffing"),
        ("assault OOO/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "5 officers"),
        ("assault RRR/RRR/RRRRRRR/RRRRRRR/RRRRRRR/RRR/RRR o - 1", "0 officers|33 rebels"),
        ("assault 3/3/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR p - 1", "no placement"),
        ("assaut 3/3/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1", "officer"),
    ],
)
def test_unreachable_positions_are_refused(bad, message):
    with pytest.raises(InvalidPositionError, match=message):
        Position.from_text(bad)


@given(st.text(max_size=60))
def test_any_text_either_parses_and_round_trips_or_raises_our_error(text):
    for parse in (Move.parse, Position.from_text):
        try:
            value = parse(text)
        except AsaltoError:
            continue
        assert parse(str(value)) == value
