"""The embed view's parameter checks (asalto_core.embed) and the frames it steps through (session)."""

from __future__ import annotations

import json
from pathlib import Path

import micropython
import pytest

from asalto_core import RULESETS, AsaltoError
from asalto_core.embed import DEFAULT_PROMPT, read_params, safe_record_url, split_list
from asalto_core.session import Session

NAMES = list(RULESETS)


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
    assert opts["bg"] == "light"
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
        ({"bg": "<b>black</b>"}, "'bg' must be light, dark, auto, not '<b>black</b>'"),
    ],
)
def test_each_bad_parameter_has_its_own_message(params, message):
    _opts, problems = read_params(params, NAMES)
    assert len(problems) == 1 and problems[0].startswith(message), problems


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.example/g.txt",
        "//evil.example/g.txt",
        "/other/g.txt",
        "../other/g.txt",
        "a\\b.txt",
        "data:x",
        "",
        "%2e%2e/other/g.txt",
        "%2E%2E/other/g.txt",
        "examples%2f..%2f..%2fg.txt",
        ".%2e/g.txt",
    ],
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


def test_a_record_gives_every_frame_and_the_comments():
    record = '[Ruleset "assault"]\n\n{Start.} 1. d4-d5 {<b>The only move.</b>} c5-c6 2. c3-c9 *'
    session, warning = Session.from_text(record)
    frames = session.frames()
    assert "c3-c9" in warning
    assert [f["last"]["move"] if f["last"] else None for f in frames] == [None, "d4-d5", "c5-c6"]
    assert frames[1]["pieces"]["d5"] == "R" and frames[2]["turn"] == "rebels"
    assert [f["comment"] for f in frames] == ["Start.", "<b>The only move.</b>", ""]
    assert [h["move"] for h in session.view()["history"]] == ["d4-d5", "c5-c6"]
    assert session.game.tags["Ruleset"] == "assault"
    with pytest.raises(AsaltoError):
        Session.from_text("")


def test_every_parameter_of_the_table_is_documented_for_teachers():
    from asalto_core.embed import PARAMETERS

    docs = (Path(__file__).resolve().parents[1] / "docs" / "teaching.md").read_text()
    table = docs.split("| parameter | meaning |", 1)[1].split("\n\n", 1)[0]
    missing = [name for name, _option, _reader in PARAMETERS if f"`{name}`" not in table and f"`{name}=" not in table]
    assert missing == [], missing


def test_the_parameters_read_the_same_on_micropython():
    cases = [
        {"ply": "-1", "colour": "red", "orientation": "officers", "answer": "d4-d5"},
        {"record": "1. d4-d5 *", "record-url": "x.txt", "position": "assault 3/3/7/7/7/3/3 r - 1", "bg": "blue"},
        {"size": "99999", "count": "0", "difficulty": "900-800", "theme": "<b>", "lang": "xx", "prompt": " "},
    ]
    code = (
        "import json\nfrom asalto_core.embed import read_params\n"
        "cases = json.load(open('/lib/cases.json'))\n"
        "print(json.dumps([read_params(c, ['assault'], ['en', 'fr']) for c in cases]))\n"
    )
    on_mpy = json.loads(micropython.run(code, {"cases.json": json.dumps(cases)}))
    assert on_mpy == [list(read_params(c, ["assault"], ["en", "fr"])) for c in cases]
