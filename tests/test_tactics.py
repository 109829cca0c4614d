"""The trainer's puzzle set (site/puzzles.json) is proven: a sample of every theme is re-proved on
each run (bench/puzzles.py re-proves them all), and a tampered puzzle is caught."""

from __future__ import annotations

import json

import pytest

from asalto_core import Position, __version__
from asalto_core.tactics import THEMES, check, rating, themes
from helpers import ROOT, script

SET = json.loads((ROOT / "site" / "puzzles.json").read_text())
PUZZLES = SET["puzzles"]
RULESETS = ("assault", "asalto", "assaut", "citadelle", "royal-garrison")
PER_THEME = 3  # puzzles re-proved per theme on each run (each takes milliseconds to a second)


def sample() -> list[dict]:
    """The first puzzles (by id) of each theme, and of each kind, each once."""
    chosen: dict[str, dict] = {}
    for theme in THEMES:
        for p in [p for p in PUZZLES if theme in p["themes"]][:PER_THEME]:
            chosen[p["id"]] = p
    for kind in ("win", "defence", "gain"):
        for p in [p for p in PUZZLES if p["kind"] == kind][:PER_THEME]:
            chosen[p["id"]] = p
    return sorted(chosen.values(), key=lambda p: p["id"])


def test_the_set_says_where_it_came_from():
    prov = SET["provenance"]
    assert prov["seed"] and prov["script"] == "bench/puzzles.py" and prov["engine"] == __version__
    assert set(prov["games"]) <= set(RULESETS) and SET["themes"] == list(THEMES)
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)
    assert len({p["position"] for p in PUZZLES}) == len(PUZZLES)


def test_every_ruleset_and_kind_is_in_the_set_tagged_by_known_themes():
    assert {p["position"].split()[0] for p in PUZZLES} == set(RULESETS)
    for ruleset in RULESETS:
        assert sum(p["position"].split()[0] == ruleset for p in PUZZLES) >= 300, ruleset
    assert {p["kind"] for p in PUZZLES} == {"win", "defence", "gain"}
    assert all(p["themes"] and set(p["themes"]) <= set(THEMES) for p in PUZZLES)


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: p["id"])
def test_a_sample_of_every_theme_is_proven_again(puzzle):
    assert check(puzzle) is None
    assert themes(puzzle) == puzzle["themes"] and rating(puzzle) == puzzle["rating"]


def test_a_second_answer_is_caught():
    """A material puzzle whose answer is replaced by another move that leaves a different position."""
    p = next(p for p in PUZZLES if p["kind"] == "gain")
    position = Position.from_text(p["position"])
    after = position.play(p["line"][0]).key()
    other = next(m for m in position.legal_moves if position.play(m).key() != after)
    assert check(dict(p, line=[str(other)])) is not None


def test_the_tail_of_a_proven_win_is_proven_and_a_cut_line_is_not():
    p = next(p for p in PUZZLES if p["kind"] == "win" and len(p["line"]) >= 3)
    later = Position.from_text(p["position"]).play(p["line"][0]).play(p["line"][1])
    assert check({"position": later.text(), "line": p["line"][2:], "kind": "win"}) is None
    assert check(dict(p, line=p["line"][:1])) == f"move 1 ({p['line'][0]}) does not win in 0 plies"


def test_another_defence_is_caught():
    """An only defence's answer replaced by any other move: that move loses by force."""
    p = next(p for p in PUZZLES if p["kind"] == "defence")
    position = Position.from_text(p["position"])
    after = position.play(p["line"][0]).key()
    for other in position.legal_moves:
        if position.play(other).key() != after:
            assert check(dict(p, line=[str(other)])) is not None


def test_the_docs_give_the_sets_size_per_ruleset_and_theme():
    text = (ROOT / "docs" / "teaching.md").read_text()
    section = text.split("<!-- puzzles:begin -->\n", 1)[1].split("<!-- puzzles:end -->", 1)[0]
    assert section == script("bench/puzzles.py", "bench_puzzles").table(SET), "run: python bench/puzzles.py --table"
