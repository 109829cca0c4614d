"""The arena: every failure of a bot is a result with its reason, under each ruleset's policy; a
tournament's crosstable and ratings; resuming from the results file; the SPRT; the record."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import arena
from asalto_core.arena import Job, Limits, play_game, report, run, schedule, standings
from asalto_core.ratings import elo
from asalto_core.study import Study

BOTS = Path(__file__).parent / "bots"
FAST = Limits(move_seconds=0.5 * TIME_FACTOR, memory_mb=400)  # 0.5 s on a quiet machine


def game(bad: str, ruleset: str, side: str = "rebels", plies: int = 12) -> dict:
    """One game of the bot ``bad`` (a file of tests/bots) against the random example bot."""
    bot, other = str(BOTS / f"{bad}.py"), "examples:random"
    officers, rebels = (bot, other) if side == "officers" else (other, bot)
    # The memory hog gets the time to reach its limit (zeroing its pages takes a loaded machine a while).
    limits = Limits(move_seconds=10, memory_mb=400) if bad == "memory_hog" else FAST
    return play_game(Job(0, 0, ruleset, officers, rebels, [], limits, plies))


@pytest.mark.parametrize(
    ("bad", "kind", "detail"),
    [
        ("raises", "exception", "ValueError: the bot's own bug (line 9 of raises.py)"),
        ("hangs", "timeout", f"no move after {FAST.move_seconds:g} s"),
        ("memory_hog", "memory", "MemoryError"),
        ("crashes", "crash", "the process exited with code 3"),
    ],
)
def test_a_bot_that_fails_loses_under_every_ruleset(bad, kind, detail):
    for ruleset in ("assault", "course"):
        result = game(bad, ruleset)
        assert result["winner"] == "officers"
        assert [(f["side"], f["kind"]) for f in result["faults"]] == [("rebels", kind)]
        assert result["faults"][0]["detail"].startswith(detail) and result["reason"].startswith(f"rebels {kind}")


@pytest.mark.parametrize(
    ("bad", "kind", "detail"),
    [
        ("illegal", "illegal", "'a3-g5': illegal move"),
        ("garbage", "malformed", "the bot answered a dict of 1 item, which is no move"),
        ("prints", "stdout", "printed 'thinking about"),
    ],
)
def test_an_illegal_move_loses_or_passes_the_turn_as_the_ruleset_says(bad, kind, detail):
    lost = game(bad, "assault", "officers")
    assert lost["winner"] == "rebels" and len(lost["faults"]) == 1 and lost["faults"][0]["kind"] == kind
    assert lost["faults"][0]["detail"].startswith(detail)
    passed = game(bad, "course", "officers", plies=12)  # the course's rules: counted, and the turn passes
    assert [f["kind"] for f in passed["faults"]] == [kind] * 6 and passed["moves"][1::2] == ["--"] * 6
    assert "officers " + kind + " (counted; the turn passes)" in passed["record"]


def test_a_tournament_of_four_bots(tmp_path):
    bots = ["examples:greedy", "examples:random", str(BOTS / "course_player.py"), "level:beginner@200"]
    jobs = schedule(bots, "course", rounds=1, gauntlet=False, limits=FAST, opening_plies=2, seed=3, max_plies=120)
    assert len(jobs) == 12 and {(j.officers, j.rebels) for j in jobs} == {(a, b) for a in bots for b in bots if a != b}
    results, stopped = run(jobs, bots, results_path=str(tmp_path / "r.jsonl"), concurrency=2, progress=False)
    assert stopped == "" and sorted(r["id"] for r in results) == list(range(12))
    table = {s.bot: s for s in standings(results, bots)}
    for a in bots:
        assert table[a].games == 6 and sum(len(v) for v in table[a].against.values()) == 6
        for b in bots:
            if a != b:  # each pair's two games: the points of one side are what the other did not score
                assert sum(table[a].against[b]) + sum(table[b].against[a]) == 2
    assert sum(s.score for s in table.values()) == 12
    assert table["examples:greedy"].score > table["examples:random"].score
    text = report(results, bots)
    for rank, s in enumerate(standings(results, bots), 1):
        row = next(line for line in text.splitlines() if line.startswith(f"{rank:<5}{s.bot}"))
        if 0 < s.score < s.games:
            assert f"{elo(s.score / s.games):6.0f}" in row
    assert "Crosstable" in text


def test_a_stopped_tournament_resumes_from_its_results_file(tmp_path):
    bots = ["examples:greedy", "examples:random"]
    jobs = schedule(bots, "course", rounds=2, gauntlet=False, limits=FAST, opening_plies=2, seed=1, max_plies=80)
    results, record = tmp_path / "r.jsonl", tmp_path / "games.asalto"
    run(jobs[:3], bots, results_path=str(results), record_path=str(record), progress=False)  # stopped after 3
    played, _ = run(jobs, bots, results_path=str(results), record_path=str(record), progress=False)
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(played) == len(lines) == 4 and sorted(g["id"] for g in lines) == [0, 1, 2, 3]
    study = Study.from_record(record.read_text())  # the page opens the tournament's record as a study
    assert len(study.chapters) == 4
    for chapter, result in zip(study.chapters, sorted(lines, key=lambda g: g["id"]), strict=True):
        assert chapter.game.tags["Officers"] == result["names"]["officers"]
        assert [str(m) for m in chapter.game.moves] == result["opening"] + result["moves"]


def test_the_sprt_stops_a_one_sided_match_early():
    bots = ["examples:greedy", "examples:random"]
    jobs = schedule(bots, "course", rounds=20, gauntlet=False, limits=FAST, opening_plies=2, seed=5, max_plies=80)
    results, stopped = run(jobs, bots, concurrency=2, sprt_bounds=(0, 300, 0.1, 0.1), progress=False)
    assert stopped.startswith("SPRT: H1 accepted") and len(results) < len(jobs)


def test_a_game_clock_runs_out():
    """Under a clock for the whole game (no limit per move), the bot that uses it up loses on time."""
    limits = Limits(move_seconds=None, game_seconds=1.0 * TIME_FACTOR, memory_mb=400)
    result = play_game(Job(0, 0, "assault", "examples:random", str(BOTS / "hangs.py"), [], limits, 40))
    assert result["winner"] == "officers" and [f["kind"] for f in result["faults"]] == ["timeout"]
    budget = float(result["faults"][0]["detail"].split()[-2])  # "no move after S s": what was left on the clock
    assert 0 < budget <= limits.game_seconds


def test_a_program_speaking_the_protocol_plays_as_cmd():
    """Any program that speaks the engine protocol enters as cmd:...; its name is the one it gives."""
    program = f"cmd:{sys.executable} -m asalto_core engine --bot examples:greedy"
    result = play_game(Job(0, 0, "course", program, "examples:random", [], FAST, 20))
    assert result["faults"] == [] and result["names"]["officers"] == "examples:greedy" and result["moves"]


def test_a_bots_process_plays_game_after_game_and_is_started_afresh_after_a_timeout():
    """As cutechess-cli keeps an engine: the same processes play the next game (``newgame`` between),
    but a bot that ran out of time (its answer may still come) gets a new process."""
    arena.close_idle()
    job = Job(0, 0, "course", "examples:greedy", "examples:random", [], FAST, 20)
    first = play_game(job)
    kept = {b.spec: b.proc.pid for b in arena._idle}
    second = play_game(job)
    assert {b.spec: b.proc.pid for b in arena._idle} == kept and set(kept) == {"examples:greedy", "examples:random"}
    assert first["moves"] == second["moves"] and second["faults"] == []  # each game from a new game's state
    hangs = str(BOTS / "hangs.py")
    for _ in range(2):
        lost = play_game(Job(0, 0, "course", "examples:greedy", hangs, [], FAST, 20))
        assert [f["kind"] for f in lost["faults"]] == ["timeout"] and hangs not in {b.spec for b in arena._idle}
    assert {b.spec: b.proc.pid for b in arena._idle}["examples:greedy"] == kept["examples:greedy"]
    arena.close_idle()
    assert not arena._idle
