"""The embed view's parameter checks and its engine-free position reader (asalto_core.embed)."""

from __future__ import annotations

import random

import pytest

from asalto_core import BOARDS, RULESETS, Board, Position
from asalto_core.embed import DEFAULT_PROMPT, read_params, read_position, safe_record_url, split_list
from asalto_core.protocol import Session

NAMES = list(RULESETS)
BOARD_OF = {name: rs.board for name, rs in RULESETS.items()}
GEOMETRY = {name: g.to_json() for name, g in BOARDS.items()}


def positions() -> list[Position]:
    """Start positions of every ruleset and positions along seeded random games."""
    out = []
    for name in NAMES:
        board = Board(name)
        rnd = random.Random(name)
        out.append(board.position)
        for _ in range(40):
            moves = list(board.legal_moves)
            if not moves or board.outcome():
                break
            board.push(rnd.choice(moves))
            out.append(board.position)
    return out


def test_the_reader_agrees_with_the_engine_on_every_board():
    for position in positions():
        name, pieces, turn, huffable, number = read_position(position.text(), BOARD_OF, GEOMETRY)
        assert (name, pieces, turn, huffable, number) == (
            position.ruleset,
            position.pieces(),
            position.turn,
            position.huffable(),
            position.fullmove,
        ), position.text()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("assault 3/3", "expected 5 fields"),
        ("chess 3/3/7/7/7/3/3 r - 1", "unknown ruleset 'chess'"),
        ("assault 3/3/7/7/7/3 r - 1", "the board has 7 ranks, found 6"),
        ("assault 3/3/7/7/7/3/2RR r - 1", "too many points in rank 1"),
        ("assault 3/3/7/7/7/3/2 r - 1", "rank 1 describes 2 points"),
        ("assault 3/3/7/7/7/3/X2 r - 1", "unexpected 'X' in rank 1"),
        ("assault 3/3/7/7/7/3/3 x - 1", "side to move must be r, o or p"),
        ("assault 3/3/7/7/7/3/3 r c5 1", "no officer on 'c5' to huff"),
        ("assault 3/3/7/7/7/3/3 r - 0", "move number must be a positive integer"),
    ],
)
def test_bad_positions_are_refused_with_a_reason(text, message):
    with pytest.raises(ValueError, match=message):
        read_position(text, BOARD_OF, GEOMETRY)


def test_parameters_are_read_with_defaults():
    opts, problems = read_params({}, NAMES)
    assert problems == []
    assert (opts["ruleset"], opts["ply"], opts["flip"], opts["coords"], opts["puzzle"]) == (
        "",
        None,
        False,
        True,
        False,
    )
    assert opts["prompt"] == DEFAULT_PROMPT
    opts, problems = read_params(
        {"ruleset": "asalto", "move": "3", "orientation": "officers", "size": "300", "answer": "@c5,e5; d4-d5"}, NAMES
    )
    assert problems == []
    assert (opts["move"], opts["flip"], opts["size"], opts["puzzle"]) == (3, True, 300, True)
    assert opts["answer"] == ["@c5,e5", "d4-d5"]


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"ruleset": "<script>"}, "unknown ruleset '<script>'; known: asalto"),
        ({"size": "50"}, "'size' must be a width in pixels from 120 to 2000, not '50'"),
        ({"move": "0"}, "'move' must be a move number from 1, not '0'"),
        ({"coords": "perhaps"}, "'coords' must be 1 or 0, not 'perhaps'"),
        ({"orientation": "up"}, "'orientation' must be rebels or officers, not 'up'"),
        ({"record": "x", "record-url": "a.txt"}, "both 'record' and 'record-url' given"),
        ({"record": "x", "position": "y"}, "both a position and a record given"),
        ({"record-url": "javascript:alert(1)"}, "record-url refused"),
        ({"position": "x" * 100001}, "the position is too long"),
        ({"prompt": "?" * 301}, "the prompt is too long"),
        ({"Ruleset": "assault"}, "unknown parameter 'Ruleset' (ignored)"),
    ],
)
def test_each_bad_parameter_has_its_own_message(params, message):
    _opts, problems = read_params(params, NAMES)
    assert len(problems) == 1 and problems[0].startswith(message), problems


@pytest.mark.parametrize(
    "url",
    ["https://evil.example/g.txt", "//evil.example/g.txt", "/other/g.txt", "../other/g.txt", "a\\b.txt", "data:x", ""],
)
def test_only_relative_links_on_the_site_are_allowed(url):
    assert safe_record_url(url) != ""


def test_relative_links_are_allowed():
    assert safe_record_url("examples/assault-double-jump.txt") == ""
    assert safe_record_url("./games/2024%20final.txt") == ""


def test_lists_keep_a_placement_whole():
    assert split_list("d4,e5") == ["d4", "e5"]
    assert split_list("@c5,e5") == ["@c5,e5"]
    assert split_list("e6xe4xe2 c3-c4") == ["e6xe4xe2", "c3-c4"]


def test_the_replay_request_gives_every_frame_and_the_comments():
    record = '[Ruleset "assault"]\n\n{Start.} 1. d4-d5 {<b>The only move.</b>} c5-c6 2. c3-c9 *'
    answer = Session().handle({"op": "replay", "text": record})
    assert answer["ok"] and "c3-c9" in answer["warning"]
    assert [f["last"]["move"] if f["last"] else None for f in answer["frames"]] == [None, "d4-d5", "c5-c6"]
    assert answer["frames"][1]["pieces"]["d5"] == "R" and answer["frames"][2]["turn"] == "rebels"
    assert answer["comments"] == ["Start.", "<b>The only move.</b>", ""]
    assert [h["move"] for h in answer["history"]] == ["d4-d5", "c5-c6"]
    assert answer["tags"]["Ruleset"] == "assault"
    assert not Session().handle({"op": "replay", "text": ""})["ok"]
