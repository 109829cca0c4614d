"""The page's rules run on MicroPython: the same answers as CPython, from the same files."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import conformance
import micropython
import pytest

from asalto_core import ai, geometry, notation, position, rulesets, search
from helpers import script

pytestmark = pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")


@pytest.fixture(scope="module")
def on_micropython() -> dict:
    source = Path(conformance.__file__).read_text()
    out = micropython.run(
        "import json, conformance\nprint(json.dumps(conformance.report()))", {"conformance.py": source}
    )
    return json.loads(out)


@pytest.fixture(scope="module")
def on_cpython() -> dict:
    return json.loads(json.dumps(conformance.report()))


def test_perft_to_depth_4_in_every_ruleset(on_micropython, on_cpython):
    assert on_micropython["perft"] == on_cpython["perft"]
    assert dict(on_cpython["perft"])["ludii"] == [6, 46, 304, 3496]  # Ludii's own figures


@pytest.mark.parametrize("index", range(len(rulesets.RULESET_NAMES)))
def test_games_legal_moves_in_order_and_records(on_micropython, on_cpython, index):
    name, mpy = on_micropython["games"][index]
    assert name == rulesets.RULESET_NAMES[index]
    cpy = on_cpython["games"][index][1]
    for i, (a, b) in enumerate(zip(mpy["steps"], cpy["steps"], strict=True)):
        assert a == b, f"{name}, ply {i + 1}"
    assert (mpy["record"], mpy["outcome"]) == (cpy["record"], cpy["outcome"])
    assert mpy["round_trip"] and cpy["round_trip"]
    assert mpy["positions"] == 0


def test_house_rules(on_micropython, on_cpython):
    assert on_micropython["house_rules"] == on_cpython["house_rules"]
    assert [h[1] for h in on_cpython["house_rules"]][0] == "assault:rebels=not-away,first=officers"
    assert all(h[3]["round_trip"] for h in on_micropython["house_rules"])


def test_error_messages(on_micropython, on_cpython):
    # The one known difference: MicroPython's repr() escapes every non-ASCII character ('\\xb2').
    escaped = [e[:3] + [m.encode("ascii", "backslashreplace").decode() for m in e[3:]] for e in on_cpython["errors"]]
    assert on_micropython["errors"] == escaped
    assert all(e[2] != "accepted" for e in on_cpython["errors"])


def test_board_position_and_game_views_and_drawing(on_micropython, on_cpython):
    assert on_micropython["api"] == on_cpython["api"]
    assert on_cpython["api"]["svg"][1:] == [True, "&lt;"]


@pytest.mark.parametrize(
    "cls",
    [
        geometry.Geometry,
        rulesets.Ruleset,
        position.Position,
        position.Outcome,
        notation.Move,
        search.Result,
        ai.Level,
        ai.Analysis,
        ai.Line,
    ],
)
def test_dataclasses_name_their_fields_for_micropython(cls):
    """MicroPython's dataclass shim reads the fields from ``__match_args__``: it must be CPython's."""
    assert cls.__match_args__ == tuple(f.name for f in dataclasses.fields(cls) if f.init)


def test_annotated_records_and_the_session_tree(on_micropython, on_cpython):
    mpy, cpy = on_micropython["annotations"], on_cpython["annotations"]
    for key in sorted(cpy):
        assert mpy[key] == cpy[key], key
    assert all(r["round_trip"] for r in cpy["random"]) and all(r["round_trip"] for r in mpy["random"])
    assert any(e["depth"] > 1 for r in cpy["random"] for e in r["tree"])  # nested variations were made
    assert [b[1] for b in cpy["bad"]] == ["RecordError"] * 4
    # a game within one played on from it; not the other way, nor within one whose note was edited
    assert cpy["within"] == [True, False, False, True]


def test_every_save_reads_back_at_every_node(on_micropython, on_cpython):
    for mpy, cpy in zip(on_micropython["annotations"]["random"], on_cpython["annotations"]["random"], strict=True):
        assert mpy["saves"] == cpy["saves"] and all(cpy["saves"]) and len(cpy["saves"]) > 10


def complexity_shapes():
    return script("bench/complexity.py").SHAPES


def test_the_readers_are_linear_on_micropython():
    """Each reader's work for 16 times its input, against its work for the input (bench/complexity.py
    counts the lines it runs): about 16 times when linear, 256 when quadratic. Counted on node's
    MicroPython (the page's, in its build with sys.settrace), the same figures on every run; the
    inputs a quarter of the timings' (traced code runs slowly there, and a count needs no margin)."""
    source = (Path(__file__).parents[1] / "bench" / "complexity.py").read_text()
    code = "import json, complexity\nprint(json.dumps(complexity.counts(shrink=4)))"
    rows = json.loads(micropython.run(code, {"complexity.py": source}, settrace=True).strip().splitlines()[-1])
    assert [(name, v) for name, _, _, _, _, v in rows] == [(name, "linear") for name, _, _ in complexity_shapes()]
    assert all(row[2] > 0 for row in rows)  # the lines were counted


def test_the_search_finds_the_same_move_score_and_line(on_micropython, on_cpython):
    """Every level's answer at a fixed node count, from positions of every ruleset (conformance.searches)."""
    mpy, cpy = on_micropython["searches"], on_cpython["searches"]
    assert len(cpy) > len(rulesets.RULESET_NAMES)  # the starts and mid-game positions
    for a, b in zip(mpy, cpy, strict=True):
        assert a == b, b[0]
    assert all(row[1][4] >= 2 for row in cpy)  # deep enough to mean something


def test_the_weaker_levels_worker_answers_as_cpython():
    """site/lib/worker.py's protocol on MicroPython (the weaker levels' worker): the same answers."""
    from asalto_core.protocol import Worker

    requests = [
        {"op": "ping"},
        {"op": "think", "position": position.Position.start("asalto").text(), "level": "casual", "seed": 1},
        {"op": "think", "position": "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "level": "beginner"},
        {"op": "think", "position": "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "level": "strongest"},
    ]
    # The analysis board's three lines (multi-PV), from a position where the rebels have many moves.
    many = "asalto O2/2O/RRR2RR/RRR1RRR/RRRRRRR/RRR/RRR r - 2"
    requests.append({"op": "think", "position": many, "level": "strongest", "lines": 3})
    for r in requests[1:]:
        r["node_limit"] = 800
    # A review's points and marks at its node budget: the same whichever interpreter's worker took them.
    game = {"ruleset": "assault", "start": "", "moves": ["d4-d5", "c5-c6", "d3-d4", "e5xc5"], "ply": 4}
    requests.append({"op": "review", "game": game, "points": [], "node_limit": 600})

    def answers(w):
        out = []
        for r in requests:
            answer = None
            for step in w.steps(r):
                if step is not None:
                    answer = step
            if answer and answer.get("analysis"):
                answer["analysis"].pop("seconds")
            out.append(answer)
        return out

    code = (
        "import json\nfrom asalto_core.protocol import Worker\nfrom probe import answers\n"
        "print(json.dumps(answers(Worker())))"
    )
    source = "requests = " + json.dumps(requests) + "\n\n" + _source_of(answers)
    mpy = json.loads(micropython.run(code, {"probe.py": source}))
    assert mpy == json.loads(json.dumps(answers(Worker())))
    assert [a["ok"] for a in mpy] == [True] * 6 and mpy[5]["points"][4] is not None
    assert len({line["move"] for line in mpy[4]["analysis"]["lines"]}) == 3


def _source_of(fn) -> str:
    import inspect
    import textwrap

    return textwrap.dedent(inspect.getsource(fn))
