"""Issue 13's reproducers, each with its clear error or right answer, and the properties behind them."""

import json
import math
import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import AsaltoError, Board, Game, Position, embed, svg
from asalto_core.errors import InvalidPositionError, LimitError, NotationError
from asalto_core.geometry import BOARDS
from asalto_core.protocol import Worker
from asalto_core.rulesets import RULESET_NAMES
from asalto_core.session import MAX_MOVES, MAX_TEXT, Session
from helpers import script

START = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"


# -- the engine -------------------------------------------------------------------------------------
@pytest.mark.parametrize("move", [5, b"d4-d5", 1.5, ["d4", "d5"], None, {"d4": "d5"}])
def test_push_and_play_refuse_what_is_not_a_move(move):
    board = Board("assault")
    with pytest.raises(NotationError, match="a move must be text"):
        board.push(move)
    with pytest.raises(NotationError, match="a move must be text"):
        Session.new().play(move)
    assert board.text() == START and not board.move_stack


@pytest.mark.parametrize(
    "args, message",
    [
        (("assault", 5, ["a3"]), "points must be a list of point names, not int"),
        (("assault", None, ["a3"]), "not NoneType"),
        (("assault", "c7", ["a3"]), "not str"),
        (("assault", [5], ["a3"]), "not \\[5\\]"),
        (("assault", ["c7"], ["a3"], []), "turn must be one of"),
        (("assault", ["c7"], ["a3"], "officers", (), "1"), "move number"),
        (("assault", ["c7"], ["a3"], "officers", (), 0), "move number"),
    ],
)
def test_setup_refuses_bad_arguments_with_an_asalto_error(args, message):
    with pytest.raises(InvalidPositionError, match=message):
        Position.setup(*args)


@pytest.mark.parametrize(
    "text, message",
    [
        (START[:-1] + "²", "the move number must be a positive integer, not '²'"),
        (START[:-1] + "١", "the move number must be a positive integer"),
        (START.replace("3/3/", "²/3/"), "unexpected '²'"),
        (START[:-1] + "1" * 5000, "a position is at most 1000"),
    ],
)
def test_positions_take_ascii_digits_only(text, message):
    with pytest.raises(NotationError, match=message):
        Position.from_text(text)


@pytest.mark.parametrize(
    "text, message",
    [
        ("1" * 5000 + ". d4-d5", "bad move number '1111.*at most 9 digits"),
        ("1². d4-d5", "bad move number '1².': ASCII digits"),
        ("d" + "²" + "-d5", "bad move"),
    ],
)
def test_record_move_numbers_take_ascii_digits_only(text, message):
    with pytest.raises(NotationError, match=message):
        Game.from_record(text)
    with pytest.raises(NotationError):
        Session.from_text(text)


def test_embed_numbers_take_ascii_digits_only():
    opts, problems = embed.read_params({"ply": "²", "move": "1" * 5000, "size": "٣٠٠"}, ["assault"])
    assert (opts["ply"], opts["move"], opts["size"]) == (None, None, None)
    assert len(problems) == 3 and all(len(p) < 120 for p in problems)


def test_a_result_tag_outside_the_records_tokens_is_refused():
    with pytest.raises(NotationError, match="the Result tag must be one of"):
        Game(tags={"Result": "2-0"})
    game = Game()
    game.tags["Result"] = "2-0"  # set afterwards: written as '*', so the record still reads
    assert Game.from_record(game.record()) == game
    assert Game.from_record('[Result "2-0"]\n\n1. d4-d5 *').moves  # an odd tag in a record is no error


def test_tags_never_contradict_the_game():
    with pytest.raises(InvalidPositionError, match="the Ruleset tag 'ludii' is not"):
        Game("assault", tags={"Ruleset": "ludii"})
    with pytest.raises(InvalidPositionError, match="the Position tag"):
        Game("assault", tags={"Position": Position.start("ludii").text()})
    with pytest.raises(NotationError, match="the position is of the ludii ruleset"):
        Game.from_record(f'[Ruleset "assault"]\n[Position "{Position.start("ludii").text()}"]\n\n*')
    game = Game(tags={"Ruleset": "ludii"})  # tags alone describe the game
    assert game.start.ruleset == "ludii" and Game.from_record(game.record()) == game
    for tags in ({"bad name": "x"}, {"": "x"}, {"Événement": "x"}, {"Event": 5}, {5: "x"}):
        with pytest.raises(NotationError):
            Game(tags=tags)
    with pytest.raises(NotationError, match="a comment must be text"):
        Game().comment(5)


AWKWARD = st.text(st.characters(blacklist_categories=("Cs",)) | st.sampled_from('{}[]"\\\n\r\t*.'), max_size=30)


@settings(max_examples=80)
@given(
    st.sampled_from(list(RULESET_NAMES) + ["assault:first=officers"]),
    st.lists(st.integers(0, 10**6), max_size=40),
    st.dictionaries(st.from_regex(r"[A-Za-z0-9_]{1,8}", fullmatch=True), AWKWARD, max_size=4),
    st.lists(AWKWARD, max_size=41),
    st.sampled_from(["*", "draw", "officers-win", "rebels-win"]),
)
def test_every_record_the_engine_writes_reads_back_equal(ruleset, picks, tags, comments, result):
    tags.pop("Ruleset", None)
    tags.pop("Position", None)
    tags["Result"] = result
    game = Game(ruleset, tags=tags)
    for pick in picks:
        moves = list(game.board.legal_moves)
        if not moves:
            break
        game.play(moves[pick % len(moves)])
    for ply, text in enumerate(comments[: len(game.moves) + 1]):
        game.comment(text, ply)
    again = Game.from_record(game.record())
    assert again == game and again.record() == game.record()
    assert Session.from_text(game.record())[0].game == game


def test_long_records_are_read_in_linear_time_and_refused_when_too_long():
    game = Game()
    game.play("d4-d5")
    text = "{" + "x\\}" * 300_000 + "} " + game.record()  # 900 KB of escapes in one comment
    assert Game.from_record(text).moves == game.moves
    # Linear: 16 times the escapes, about 16 times the lines run (quadratic: 256 times; it took minutes).
    [row] = script("bench/complexity.py").counts(only="escaped braces")
    assert row[5] == "linear", row
    with pytest.raises(LimitError, match=f"at most {MAX_MOVES} are read"):
        Session.from_text("1. " + " ".join(["d4-d5"] * (MAX_MOVES + 1)))
    with pytest.raises(AsaltoError, match=f"at most {MAX_TEXT}"):
        Session.from_text("x" * (MAX_TEXT + 1))


# -- the page's session ------------------------------------------------------------------------------
def test_junk_import_leaves_the_game_and_says_why():
    session = Session.new()
    session.play("d4-d5")
    before = (session.descriptor(), session.view())
    with pytest.raises(NotationError, match="bad move 'zz-zz'"):
        Session.from_text("1. zz-zz <script>")
    assert (session.descriptor(), session.view()) == before


@pytest.mark.parametrize(
    "desc",
    [
        None, [], "x", {"ruleset": "<img src=x onerror=alert(1)>", "moves": []},
        {"ruleset": "assault", "moves": ['"><img src=x onerror=window.__pwned=1>']},
        {"ruleset": "assault", "moves": ["d4-d5"], "ply": 5}, {"ruleset": "assault", "moves": ["d4-d5"], "ply": True},
        {"ruleset": "assault", "moves": [1]}, {"ruleset": "assault", "moves": "d4-d5"}, {"ruleset": ["assault"]},
        {"ruleset": "assault", "start": "ludii 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1", "moves": []},
        {"ruleset": "assault", "moves": ["d4-d5"] * (MAX_MOVES + 1)},
    ],
)  # fmt: skip
def test_bad_saves_are_refused_with_an_asalto_error(desc):
    with pytest.raises(AsaltoError):
        Session.from_descriptor(desc)


# -- the worker ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "[" * 100000, "{" * 100000, "1" * 5000, '"x"', "null", "", "\ud800",
        '{"op": "think", "position": 5}', '{"op": "think", "position": "assault"}',
        '{"op": "think", "position": "' + START + '", "level": ["casual"]}',
        '{"op": "think", "position": "' + START + '", "level": {}}',
        '{"op": "think", "position": "' + START + '", "time_limit": NaN}',
        '{"op": "think", "position": "' + START + '", "time_limit": Infinity}',
        '{"op": "think", "position": "' + START + '", "time_limit": -Infinity}',
        '{"op": "think", "position": "' + START + '", "time_limit": 1e300}',
        '{"op": "think", "position": "' + START + '", "node_limit": 1000000000000000000}',
        '{"op": "think", "position": "' + START + '", "node_limit": 1.5}',
        '{"op": "think", "position": "' + START + '", "history": [1]}',
        '{"op": "think", "position": "' + START + '", "history": "' + START + '"}',
        '{"op": "think", "position": "' + START + '", "seed": -1}',
        '{"op": ["think"]}', '{"op": "nope"}',
    ],
)  # fmt: skip
def test_handle_json_never_raises(text):
    answer = json.loads(Worker().handle_json(text))
    assert answer["ok"] is False and isinstance(answer["error"], str) and answer["error"]
    assert len(answer["error"]) < 400


def test_handle_json_refuses_what_is_not_text():
    for value in (None, 5, b"\xff"):
        assert json.loads(Worker().handle_json(value))["ok"] is False  # type: ignore[arg-type]


TIMING = ("seconds",)  # the only field of an answer that depends on the clock


def _strip(answer):
    if answer.get("analysis"):
        answer = dict(answer, analysis={k: v for k, v in answer["analysis"].items() if k not in TIMING})
    return answer


_POSITIONS = [START, "assault 3/3/RRO1ORR/R5R/RRR1RRR/1R1/3 o - 1", Position.start("asalto").text()]
REQUEST = st.fixed_dictionaries(
    {"op": st.sampled_from(["think", "ping", "nope"])},
    optional={
        "position": st.sampled_from(_POSITIONS + ["junk", ""]),
        "history": st.lists(st.sampled_from(_POSITIONS), max_size=3) | st.just("x"),
        "level": st.sampled_from(["beginner", "casual", "strongest", "x"]),
        "seed": st.integers(-1, 5),
    },
).map(lambda r: dict(r, node_limit=40))


@settings(max_examples=40)
@given(st.lists(REQUEST, min_size=1, max_size=6))
def test_one_worker_answers_as_a_fresh_worker_per_request(requests):
    """No request leaves state behind but the one kept on purpose: a long-lived worker answers each
    as a new one would once its search table is forgotten (the full-strength levels keep it from
    one move's search to the next, ai.Player, so their answers depend on what they searched)."""
    shared = Worker()
    for request in requests:
        shared.player.clear()
        text = json.dumps(request)
        assert _strip(json.loads(shared.handle_json(text))) == _strip(json.loads(Worker().handle_json(text)))


# -- drawing ------------------------------------------------------------------------------------------
NASTY_TEXT = st.text(st.characters(), max_size=20) | st.sampled_from(
    ["\x00\x01\x1f", "\ud800", "\udfff x", "\ufffe\uffff", '"><script>alert(1)</script>', "&amp;", "]]>"]
)


@settings(max_examples=60)
@given(NASTY_TEXT, NASTY_TEXT, NASTY_TEXT, st.sampled_from(sorted(BOARDS)))
def test_every_svg_parses_as_xml(title, kind, point, board):
    geometry = BOARDS[board].to_json()
    pieces = {point: "O", "d4": kind, "c5": "R"}
    text = svg.board(geometry, pieces, arrows=[title, "d4-d5"], highlight=[point, "c5"], title=title)
    ET.fromstring(text)
    at = svg.layout(geometry, False)
    ET.fromstring("<g>" + svg.markers_svg(at, [(kind, "d4"), ("highlight", point)]) + "</g>")
    ET.fromstring(svg.piece_svg(kind, point, (1.0, 2.0), title, extra=" " + kind))
    node = ET.fromstring(svg.piece_svg("O", point, (1.0, 2.0), title))
    assert node.get("onload") is None and len(list(node.iter())) == 3  # no markup got in


def test_random_game_positions_round_trip_through_text():
    rng = random.Random(5)
    for name in RULESET_NAMES:
        board = Board(name)
        for _ in range(30):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            assert Position.from_text(board.text()) == board.position
            assert not math.isnan(len(board.text()))


def test_a_comment_holding_the_records_stand_in_for_a_brace_reads_back_as_it_is_kept():
    """A record writes a comment's '}' as its look-alike U+FF5D and reads that back as '}': a
    comment typed with the look-alike is kept as '}' at once, so the game reads back equal."""
    game = Game("asalto")
    game.comment("\uff5d and }")
    assert game.comments[0] == "} and }"
    again = Game.from_record(game.record())
    assert again == game and again.record() == game.record()
    session = Session.from_text(game.record())[0]
    session.set_comment("a \uff5d")
    assert Session.from_text(session.game.record())[0].game == session.game
