"""The trainer's puzzle set (site/puzzles/puzzles.json) is proven: a sample of every theme is re-proved on
each run (bench/puzzles.py re-proves them all), and a tampered puzzle is caught."""

from __future__ import annotations

import json
import subprocess

import pytest

from asalto_core import Move, Position, __version__
from asalto_core.puzzle import Puzzle, read_also
from asalto_core.tactics import (
    MIN_CHOICES,
    THEMES,
    alternatives,
    backed_by_material,
    check,
    giveaway,
    material_value,
    themes,
)
from helpers import ROOT, script

SET = json.loads((ROOT / "site" / "puzzles" / "puzzles.json").read_text())
PUZZLES = SET["puzzles"]
RULESETS = ("assault", "asalto", "assaut", "citadelle", "royal-garrison")
PER_THEME = 3  # puzzles re-proved per theme on each run (each takes milliseconds to a second)
MIN_PER_RULESET = 500


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


def test_no_two_puzzles_share_a_position_up_to_the_move_counter():
    seen: dict[str, str] = {}
    for p in PUZZLES:
        key = p["position"].rsplit(" ", 1)[0]
        assert key not in seen, f"{p['id']} is {seen[key]} at another move number"
        seen[key] = p["id"]


def test_no_two_puzzles_differ_only_in_where_the_officers_stand():
    """Near-duplicates (bench/puzzles.py's likeness: every other piece, the turn and the answer the
    same) teach one idea twice; the set keeps the best of each such group."""
    likeness = script("bench/puzzles.py", "bench_puzzles").likeness
    seen: dict[tuple, str] = {}
    for p in PUZZLES:
        key = likeness(p)
        assert key not in seen, f"{p['id']} is {seen[key]} with the officers elsewhere"
        seen[key] = p["id"]


def test_every_ruleset_and_kind_is_in_the_set_tagged_by_known_themes():
    assert {p["position"].split()[0] for p in PUZZLES} == set(RULESETS)
    for ruleset in RULESETS:
        mine = [p for p in PUZZLES if p["position"].split()[0] == ruleset]
        assert len(mine) >= MIN_PER_RULESET, ruleset
        assert 2 * sum(len(p["line"]) >= 3 for p in mine) >= len(mine), f"{ruleset}: half of 3 plies or more"
    assert {p["kind"] for p in PUZZLES} == {"win", "defence", "gain"}
    assert all(p["themes"] and set(p["themes"]) <= set(THEMES) for p in PUZZLES)


@pytest.mark.parametrize("puzzle", sample(), ids=lambda p: p["id"])
def test_a_sample_of_every_theme_is_proven_again(puzzle):
    assert check(puzzle) is None
    assert themes(puzzle) == puzzle["themes"]


def test_the_ratings_predict_who_solves_them():
    """A solver run with a seed the ratings never saw solves more of the set's easiest puzzles
    than of its hardest, and the strongest more of the hardest than a weaker one (the hardest are
    rated near the strongest: the next level down, near-deterministic at its budget, may find none)."""
    ratings = script("bench/puzzle_ratings.py", "bench_puzzle_ratings")
    ranked = sorted(PUZZLES, key=lambda p: p["rating"])
    easy, hard = ranked[:12], ranked[-12:]
    casual, strong = (next(s for s in ratings.SOLVERS if s[0] == name) for name in ("casual-1k", "strong-30k"))
    seed = ratings.CHECK_SEED
    assert sum(ratings.attempt(p, casual, seed) for p in easy) > sum(ratings.attempt(p, casual, seed) for p in hard)
    assert sum(ratings.attempt(p, strong, seed) for p in hard) > sum(ratings.attempt(p, casual, seed) for p in hard)


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


def test_a_puzzle_mined_again_keeps_its_id_and_a_retired_id_is_never_given_again():
    number = script("bench/puzzles.py", "bench_puzzles").number
    a, b, c, d = ({"position": f"assaut {n}", "line": ["a"]} for n in "ABCD")
    previous = {"puzzles": [dict(a, id="au0001"), dict(b, id="au0002"), dict(c, id="au0003")]}
    again = [dict(d), dict(c), dict(a), dict(b, line=["b"])]  # b's line changed: another puzzle
    last = number(again, previous)
    assert [p["id"] for p in again] == ["au0004", "au0003", "au0001", "au0005"]
    later = [dict(a), dict(c)]  # b and d retired: their numbers are not given again
    number(later, {"puzzles": [*again[1:3]], "provenance": {"last_id": last}})
    assert [p["id"] for p in later] == ["au0001", "au0003"]
    fresh = [dict(b)]
    number(fresh, {"puzzles": later, "provenance": {"last_id": last}})
    assert fresh[0]["id"] == "au0006"


def committed_sets() -> list[dict]:
    """Every committed version of the set since ids are kept across re-mines (its provenance
    says the last id given) and the set they were first kept from, newest first; none outside a
    git checkout."""
    path = "site/puzzles/puzzles.json"
    try:
        revs = subprocess.run(
            ["git", "log", "--format=%H", "--", path], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        return []
    sets = []
    for rev in revs:
        text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True).stdout
        if not text:
            break
        sets.append(json.loads(text))
        if "last_id" not in sets[-1]["provenance"]:
            break
    return sets


def test_every_id_of_an_earlier_set_still_in_the_set_is_the_same_puzzle():
    """A player's history names puzzles by id: a re-mined set never gives an id to another puzzle."""
    now = {p["id"]: (p["position"], p["line"]) for p in PUZZLES}
    for earlier in committed_sets():
        for p in earlier["puzzles"]:
            assert now.get(p["id"], (p["position"], p["line"])) == (p["position"], p["line"]), p["id"]
        for prefix, n in earlier["provenance"].get("last_id", {}).items():
            assert SET["provenance"]["last_id"][prefix] >= n
    last = SET["provenance"]["last_id"]
    assert all(int(p["id"][2:]) <= last[p["id"][:2]] for p in PUZZLES)


# Puzzles of the set before issue 39, which its filters refuse (as the issue cites them).
RG0285 = {"position": "royal-garrison RRRRRRR/RRR2/RRORR2RR/RRRRRO3/RR7/RRR6/R7O/5/5 o - 129",
          "line": ["c7xe5", "b4-c5", "f6xd6xf8"], "kind": "gain", "depth": 4}  # fmt: skip
AO0185 = {"position": "asalto RRR/1RR/RRR1ORR/RRRORR1/RRR1R1R/RRR/3 r d4 94", "line": ["Hd4:c4-d4"], "kind": "gain",
          "depth": 4}  # fmt: skip
AT0151 = {"position": "assault RRR/1RR/RRO1RRR/RR2RR1/4RR1/RO1/3 r - 48", "line": ["c2-c3"], "kind": "defence",
          "plies": 9}  # fmt: skip


def test_no_answer_in_the_set_is_forced_in_effect():
    """Four first moves with different effects at least, and never the only capture or huff."""
    for p in PUZZLES:
        position = Position.from_text(p["position"])
        answer = position.find_raw(Move.parse(p["line"][0]))
        also = {position.play(x[1]).state for x in p.get("also", []) if x[0] == 0}
        assert giveaway(position, answer, also) is None, p["id"]
        assert len({position.play(m).key() for m in position.legal_moves}) >= MIN_CHOICES


def test_a_coin_flip_and_the_only_huff_are_refused():
    assert check(AT0151) == "forced in effect: fewer than 4 first moves with different effects"
    assert check(dict(AO0185, also=alternatives(AO0185))) == "forced in effect: the answer is the only capture"


def test_a_gain_is_refused_where_another_chain_takes_more_on_material():
    """rg0285: at its third move, f6xd6xb4xd4 takes three rebels where the line's f6xd6xf8 takes two."""
    position = Position.from_text(RG0285["position"]).play("c7xe5").play("b4-c5")
    k, solver = position.kernel, position.state[2]
    line = material_value(k, position.play("f6xd6xf8").state, solver, 0)
    better = material_value(k, position.play("f6xd6xb4xd4").state, solver, 0)
    assert better == line + 1
    says = "another move does as well on material to the line's end"
    assert backed_by_material(position, ["f6xd6xf8"], {}) == f"move 1 (f6xd6xf8): {says}"
    assert backed_by_material(Position.from_text(RG0285["position"]), RG0285["line"], {}).endswith(says)


def test_every_step_with_the_same_huff_and_effect_is_accepted():
    """ao0185: six (and more) other steps with the huff on d4 leave the same material: each is listed,
    and a step with another effect (no huff) is not."""
    also = alternatives(AO0185)
    assert len(also) >= 6 and all(len(x) == 2 and x[0] == 0 and x[1].startswith("Hd4:") for x in also)
    assert "c4-d4" not in [x[1] for x in also]
    assert check(dict(AO0185, also=also[1:])).startswith("the other steps with the same huff should be")


# A huff at the first move of three plies (mined from a slip in Assaut): four steps fill c5 with the huff on d5.
HUFF_FIRST = {"position": "assaut RRO/RR1/1R1OR2/RRRRRRR/1RRRRR1/RR1/R2 r d5 35",
              "line": ["Hd5:b4-c5", "e7-e6", "d7-e7"], "kind": "win"}  # fmt: skip


def test_the_same_huff_by_another_step_is_accepted_at_the_first_move_and_continued():
    """Each other step that fills c5 with the huff on d5 wins as fast and goes on as the line does;
    a step that leaves c5 open (the same huff, another effect) is not accepted, nor listed."""
    also = alternatives(HUFF_FIRST)
    assert also == [[0, "Hd5:b5-c5"], [0, "Hd5:c4-c5"], [0, "Hd5:d4-c5"]]
    assert check(dict(HUFF_FIRST, also=also)) is None
    assert check(HUFF_FIRST).startswith("the other steps with the same huff should be")
    wrong = dict(HUFF_FIRST, also=sorted([*also, [0, "Hd5:d6-d5"]]))
    assert check(wrong).startswith("the other steps with the same huff should be")
    start = Position.from_text(HUFF_FIRST["position"])
    solving = Puzzle(start, tuple(HUFF_FIRST["line"]), also=read_also(also)).start()
    assert solving.play("c4-c5").verdict == "right" and str(solving.reply) == "e7-e6"
    assert solving.play("d7-e7").verdict == "solved"
