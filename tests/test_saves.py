"""Issue 25, data loss: every game the page saves reads back, annotations and cursor included."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_annotations import WORDS, grow

from asalto_core import AsaltoError, Game
from asalto_core.errors import NotationError
from asalto_core.record import MAX_DEPTH
from asalto_core.session import SAVE_VERSION, Session, SessionError, save_version


def side_line() -> Session:
    """The issue's reproducer: two moves, then a side line of two moves from move 1."""
    s = Session.new("assault")
    s.play("d4-d5")
    s.play("c5-c6")
    s.go_to_path([1])
    s.play("e5-e6", branch=True)
    s.play("d3-d4", branch=True)
    return s


def test_a_descriptor_in_a_side_line_reads_back_at_its_branch_point():
    s = side_line()
    assert s.path == (1, 0, 2)
    desc = s.descriptor()
    assert desc["ply"] == 1  # where the side line leaves the main line, not the board's ply (3)
    assert Session.from_descriptor(desc).descriptor() == desc


def test_a_save_in_a_side_line_reads_back_with_its_cursor():
    s = side_line()
    again = Session.from_saved(json.loads(json.dumps(s.saved())))
    assert again.game == s.game and again.path == (1, 0, 2)


def first(s: Session) -> str:
    return str(next(iter(s.game.board.legal_moves)))


def another_move(s: Session) -> str:
    """Plays on to a position with two moves or more, plays one, steps back before it and
    returns another: playing it (``branch=True``) starts a variation one level deeper."""
    while len(s.game.board.legal_moves) < 2:
        s.play(first(s))
    s.play(first(s))
    path = list(s.path)
    s.go_to_path(path[:-1] + [path[-1] - 1])
    line, k = s.game.node(s.path)
    return next(str(m) for m in s.game.board.legal_moves if str(m) != str(line.moves[k]))


def nested(depth: int) -> Session:
    """A session whose cursor is in a variation nested ``depth`` deep."""
    s = Session.new("asalto")
    s.play(first(s))
    for _ in range(depth):
        s.play(another_move(s), branch=True)
    return s


def test_variations_nest_as_deep_in_a_session_as_a_record_reads():
    s = nested(MAX_DEPTH)
    assert len(s.path) // 2 == MAX_DEPTH
    assert Game.from_record(s.record()) == s.game
    other = another_move(s)
    before = (s.record(), s.path)
    with pytest.raises(NotationError, match=f"variations nest at most {MAX_DEPTH} deep"):
        s.play(other, branch=True)
    assert (s.record(), s.path) == before
    again = Session.from_saved(json.loads(json.dumps(s.saved())))
    assert again.game == s.game and again.path == s.path


def test_a_promotion_that_would_nest_too_deep_is_refused():
    s = nested(MAX_DEPTH)
    s.go_to_path([0])
    s.play(next(str(m) for m in s.game.board.legal_moves if str(m) != str(s.game.moves[0])), branch=True)
    assert s.path == (0, 0, 1)
    before = s.record()
    # The main line would become a side line, and the side lines below it one level deeper.
    with pytest.raises(SessionError, match=f"variations nest at most {MAX_DEPTH} deep"):
        s.promote()
    assert s.record() == before and s.path == (0, 0, 1)
    s.go_to_path([len(s.game.moves)])
    s.go_to_path([0, 0, 1])
    s.delete_variation()
    assert Game.from_record(s.record()) == s.game


def test_truncating_at_a_side_lines_start_drops_the_side_line_and_keeps_the_record_whole():
    s = side_line()
    s.go_to_path([1, 0, 0])
    s.set_comment("before the side line")
    dropped = s.game.truncate()
    assert [str(m) for m in dropped] == ["e5-e6", "d3-d4"]
    assert s.game.variations == [[], []] and s.path == (1,)
    assert Game.from_record(s.record()) == s.game


def test_save_versions():
    assert save_version({"version": SAVE_VERSION}) == "" and save_version({"version": 1}) == ""
    assert save_version({"version": 3}) == "newer"
    for bad in ({"version": True}, {"version": 2.0}, {"version": "2"}, {}, [], None, {"version": 0}):
        assert save_version(bad) == "older"


@pytest.mark.parametrize("where", ["ply", "path", "moves", "ruleset"])
def test_deeply_nested_saves_are_refused_with_a_short_message(where):
    deep: object = 1
    for _ in range(3000):
        deep = [deep]
    data = {"game": {"ruleset": "assault", "start": "", "moves": ["d4-d5"], "ply": 1}, "record": "1. d4-d5 {x} *"}
    if where == "path":
        data["path"] = deep
        assert Session.from_saved(data).path == (1,)  # a bad path: the cursor from the descriptor
        with pytest.raises(SessionError) as err:
            Session.new().go_to_path(deep)
    else:
        data["game"][where] = deep
        with pytest.raises(AsaltoError) as err:
            Session.from_saved(data)
    assert len(str(err.value)) < 200


def annotated_session(data) -> Session:
    """A random annotated session: moves, side lines (nested), symbols, comments, marks; the
    cursor anywhere in the tree."""
    game = Game(data.draw(st.sampled_from(["assault", "asalto", "royal-garrison", "citadelle"])))
    game.comment(data.draw(WORDS))
    grow(data, game, 0)
    s = Session(game)
    paths = [e["path"] for e in s.tree()] + [[0]]
    s.go_to_path(data.draw(st.sampled_from(paths)))
    if data.draw(st.booleans()) and len(s.path) > 1 and not s.game.node(s.path)[1]:
        s.game.truncate()
    return s


@settings(max_examples=80)
@given(st.data())
def test_every_save_the_page_writes_reads_back(data):
    s = annotated_session(data)
    text = json.dumps({"version": SAVE_VERSION, **s.saved()})
    again = Session.from_saved(json.loads(text))
    assert again.game == s.game and again.path == s.path and again.descriptor() == s.descriptor()
    assert Session.from_descriptor(s.descriptor()).descriptor() == s.descriptor()
