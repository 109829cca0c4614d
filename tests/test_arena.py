"""The arena: every failure of a bot is a result with its reason, under each ruleset's policy; a
tournament's crosstable and ratings; resuming from the results file; the SPRT; the record."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import arena
from asalto_core.__main__ import main
from asalto_core.arena import Job, Limits, openings, play_game, report, run, schedule, standings
from asalto_core.ratings import elo
from asalto_core.study import Study

BOTS = Path(__file__).parent / "bots"
FAST = Limits(move_seconds=0.5 * TIME_FACTOR, memory_mb=400)  # 0.5 s on a quiet machine


def game(bad: str, ruleset: str, side: str = "rebels", plies: int = 12) -> dict:
    """One game of the bot ``bad`` (a file of tests/bots) against the random example bot."""
    bot, other = str(BOTS / f"{bad}.py"), "examples:random"
    if bad == "stray_line":  # a program of its own, speaking the protocol itself
        bot = f"cmd:{sys.executable} {BOTS / 'stray_line.py'}"
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
        ("stray_line", "stdout", "printed 'thinking hard'"),
    ],
)
def test_an_illegal_move_loses_or_passes_the_turn_as_the_ruleset_says(bad, kind, detail):
    lost = game(bad, "assault", "officers")
    assert lost["winner"] == "rebels" and len(lost["faults"]) == 1 and lost["faults"][0]["kind"] == kind
    assert lost["faults"][0]["detail"].startswith(detail)
    passed = game(bad, "course", "officers", plies=12)  # the course's rules: counted, and the turn passes
    assert [f["kind"] for f in passed["faults"]] == [kind] * 6 and passed["moves"][1::2] == ["--"] * 6
    assert "officers " + kind + " (counted; the turn passes)" in passed["record"]


@pytest.mark.parametrize("bot", ["prints_in_init", "prints", "prints_every_move", "writes_stderr"])
def test_a_bot_that_prints_plays_as_if_it_did_not(bot):
    """issue 53: a print in Player.__init__ was answered to newgame as a fault line, which the arena
    took for the first move's answer, and every later answer belonged to the position before; a
    bot that printed each turn never moved. What it prints (or writes to standard error) is now
    ``info string`` lines, and its moves are its own."""
    for side in ("rebels", "officers"):
        result = game(bot, "course", side, plies=16)
        assert result["faults"] == [] and len(result["moves"]) >= 8  # a fault would have passed its turn


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
    lines = [json.loads(line) for line in results.read_text().splitlines()[1:]]  # after the line naming it
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


def test_a_kept_process_that_ended_while_idle_is_replaced_not_blamed():
    """A bot's process kept between games that ends before the next game asks it anything (here
    told to quit; in fresh clones' engine suites one was found gone, "exited with code 0") is not the
    bot's fault in that game: a fresh process plays it."""
    arena.close_idle()
    try:
        play_game(Job(0, 0, "course", "examples:greedy", "examples:random", [], FAST, 400))  # played out: both kept
        kept = {bot.spec: bot for bot in arena._idle}
        kept["examples:random"].send("quit")  # still running as the next game takes it, or just ended
        game = play_game(Job(1, 0, "course", "examples:greedy", "examples:random", [], FAST, 400))
        assert game["faults"] == [] and game["reason"]
    finally:
        arena.close_idle()


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


def test_a_tournament_starts_each_bots_process_once_in_each_games_process_not_once_a_game():
    """Process starts counted, not timed: 12 games of three bots start each bot once at concurrency
    1 (3 starts, where a process a game started 24), at most once in each of the two games'
    processes at concurrency 2; every game says how many it started."""
    bots = ["examples:greedy", "examples:random", "level:beginner@100"]
    jobs = schedule(bots, "course", 2, False, FAST, opening_plies=2, seed=3, max_plies=30)
    for concurrency, most in ((1, 3), (2, 6)):
        games, _ = run(jobs, bots, concurrency=concurrency, progress=False)
        starts = [g["processes_started"] for g in games]
        assert len(games) == 12 and 3 <= sum(starts) <= most and set(starts) <= {0, 1, 2}
        assert all(g["arena_cpu_seconds"] > 0 for g in games)


def engine_modules(bot: str) -> set[str]:
    """The engine's modules a bot's process imports, as the arena starts it, by the time it has
    answered its first move (Python's own import log, ``-X importtime``)."""
    talk = b"asalto\nnewgame course rebels\nisready\nposition startpos course\ngo movetime 5000\nquit\n"
    env = {**os.environ, "PYTHONPATH": arena._package_path(), "PYTHONPROFILEIMPORTTIME": "1"}
    done = subprocess.run(
        arena.command(bot), input=talk, capture_output=True, env=env, check=True, timeout=120 * TIME_FACTOR
    )
    assert b"bestmove " in done.stdout, done.stdout
    names = [line.rpartition("|")[2].strip() for line in done.stderr.decode().splitlines()]
    return {name for name in names if name.startswith("asalto_core")}


def test_a_bots_process_loads_the_rules_and_its_bot_and_nothing_else():
    """A bot's process is started once per slot and bot (55 times in the bench's 16-core model), and
    each module it imports is read, and without kept bytecode compiled, at every start: counted, a
    Python bot's loads neither the search, the game records, the drawing code nor the page's
    session; a level's loads the search and its book, and still none of the rest."""
    unneeded = {"asalto_core.record", "asalto_core.svg", "asalto_core.session", "asalto_core.protocol"}
    search = {"asalto_core.ai", "asalto_core.search", "asalto_core.evaluation", "asalto_core.book"}
    python_bot = engine_modules("examples:greedy")
    assert {"asalto_core.engine", "asalto_core.position", "asalto_core.bots"} <= python_bot
    assert not python_bot & (unneeded | search)
    level = engine_modules("level:beginner@100")
    assert search <= level and not level & unneeded


def test_a_slot_is_given_the_task_whose_bots_it_keeps_then_the_longest():
    """Each slot of the arena's pool keeps its bots' processes: it is given a task of a pair it
    holds both bots of (no start) before a longer pair it would start one for, and of equals the
    longest; a slot that holds none is given the longest."""
    bots = ["examples:greedy", "examples:random", "level:beginner"]
    tasks = arena.batches(schedule(bots, "course", 2, False, FAST, opening_plies=0, seed=1), 1)
    played = [{"officers": "examples:random", "rebels": "examples:greedy", "wall_seconds": 1.0},
              {"officers": "examples:greedy", "rebels": "level:beginner", "wall_seconds": 5.0},
              {"officers": "level:beginner", "rebels": "examples:random", "wall_seconds": 3.0}]  # fmt: skip
    waiting = arena.Waiting(tasks, played)
    pair = lambda task: {task[0].officers, task[0].rebels}  # noqa: E731
    assert pair(waiting.for_slot(["examples:greedy", "examples:random"])) == {"examples:greedy", "examples:random"}
    assert pair(waiting.for_slot(["examples:random"])) == {"level:beginner", "examples:random"}  # 3 s, not 1 s
    assert pair(waiting.for_slot([])) == {"examples:greedy", "level:beginner"}
    kept = arena._kept_after(["level:beginner", "examples:greedy"], played[0])
    assert kept == ["level:beginner", "examples:greedy", "examples:random"]


def test_a_tournament_is_cut_into_tasks_of_one_pair_each_enough_to_keep_every_slot_busy():
    """Each task plays the games of one pair (its bots' processes started once for all of them);
    there are :data:`arena.TASKS_A_SLOT` tasks a slot or more, the pairs in turn."""
    bots = ["examples:greedy", "examples:random", "level:beginner@100", "level:beginner@200"]
    jobs = schedule(bots, "course", 6, False, FAST, opening_plies=2, seed=3)
    for slots, size in ((1, 2), (2, 2), (9, 2), (10, 1), (16, 1)):
        tasks = arena.batches(jobs, slots)
        assert sorted(j.id for task in tasks for j in task) == list(range(72))
        assert all(len({frozenset((j.officers, j.rebels)) for j in task}) == 1 for task in tasks)
        assert max(len(task) for task in tasks) == size and len(tasks) >= min(72, slots * arena.TASKS_A_SLOT)
        pairs = [frozenset((t[0].officers, t[0].rebels)) for t in tasks[:6]]
        assert len(set(pairs)) == min(6, len(tasks))


def test_the_tasks_left_go_out_a_pair_not_yet_seen_first_then_the_pair_whose_games_took_longest():
    """The slot that draws a long game last plays on alone at the end: the pairs whose games took
    longest so far go first, each pair's tasks in the schedule's order."""
    bots = ["examples:greedy", "examples:random", "level:beginner"]
    tasks = arena.batches(schedule(bots, "course", 2, False, FAST, opening_plies=0, seed=1), 1)
    assert [len(t) for t in tasks] == [2] * 6
    played = [{"officers": "examples:random", "rebels": "examples:greedy", "wall_seconds": 1.0},
              {"officers": "examples:greedy", "rebels": "level:beginner", "wall_seconds": 5.0}]  # fmt: skip
    waiting = arena.Waiting(tasks, played)
    first = waiting.longest()
    waiting.took({"officers": "level:beginner", "rebels": "examples:random", "wall_seconds": 3.0})
    given = [first] + [waiting.longest() for _ in range(5)]
    assert not waiting and sorted(j.id for t in given for j in t) == list(range(12))
    pairs = [{j.officers, j.rebels} - {"level:beginner"} for j in (t[0] for t in given)]
    assert pairs == [{"examples:random"}, {"examples:greedy"}, {"examples:greedy"}, {"examples:random"},
                     {"examples:greedy", "examples:random"}, {"examples:greedy", "examples:random"}]  # fmt: skip
    assert given[0][0].round == 0 and given[3][0].round == 1  # a pair's own tasks in order


def finished(tmp_path) -> tuple[list, list, Path, bytes]:
    """A finished tournament of four games: its bots, jobs, results file and the file's bytes."""
    bots = ["examples:greedy", "examples:random"]
    jobs = schedule(bots, "course", rounds=2, gauntlet=False, limits=FAST, opening_plies=2, seed=1, max_plies=40)
    path = tmp_path / "r.jsonl"
    run(jobs, bots, results_path=str(path), progress=False)
    return bots, jobs, path, path.read_bytes()


def test_every_bad_line_of_a_results_file_is_set_aside_and_its_game_played_once(tmp_path, capsys):
    bots, jobs, path, whole = finished(tmp_path)
    header, g0, g1, g2, g3 = whole.splitlines(keepends=True)
    game2, game3 = json.loads(g2), json.loads(g3)
    line = lambda value: (json.dumps(value) + "\n").encode()  # noqa: E731
    damaged = [
        header, g0, b"\n", b"\xef\xbb\xbf" + g1, g0, b"5\n", b"[]\n", b'{"no": "id"}\n', line({**game2, "id": [2]}),
        line({**game2, "id": True}), b"\xff" + g2, b"[" * 100_000 + b"\n",
        line({**game3, "officers": "level:beginner"}), line({**game3, "id": 99}),
        line({**game3, "faults": [{"ply": 0}]}), line({**game3, "wall_seconds": "NaN"}),
        g3[: len(g3) // 2],  # the arena stopped while writing it
    ]  # fmt: skip
    path.write_bytes(b"".join(damaged))
    capsys.readouterr()
    results, _ = run(jobs, bots, results_path=str(path), progress=False)
    notes = capsys.readouterr().err
    for why in ("line 3: blank", "line 4: it starts with a byte-order mark", "line 5: game 0 again (line 2 has it)",
                "line 6: 5 is no game", "line 7: [] is no game", "line 8: it has no 'id'",
                "line 9: its 'id' is [2], not a game's number", "line 10: its 'id' is True, not a game's number",
                "line 11: not UTF-8 text (byte 1)", "line 12: nested too deep",
                "line 13: game 3's officers is 'level:beginner'",
                "line 14: game 99 is not in this tournament's schedule (games 0 to 3)",
                "line 15: its 'faults' is a list of 1 item, not a list of faults",
                "line 16: its 'wall_seconds' is 'NaN'",
                "line 17: cut short"):  # fmt: skip
        assert why in notes
    assert sorted(r["id"] for r in results) == [0, 1, 2, 3]  # game 0 kept, games 1 to 3 played again, once
    after = path.read_bytes()
    assert after.startswith(b"".join(damaged) + b"\n")  # the torn line stays a line of its own, set aside
    assert [json.loads(x)["id"] for x in after[len(b"".join(damaged)) + 1 :].splitlines()] == [1, 2, 3]
    again, _ = run(jobs, bots, results_path=str(path), progress=False)
    assert path.read_bytes() == after and sorted(r["id"] for r in again) == [0, 1, 2, 3]  # nothing played again
    assert report(again, bots) == report(results, bots)


def test_a_results_file_names_its_tournament_and_another_tournament_is_refused(tmp_path, capsys):
    path = tmp_path / "r.jsonl"
    command = ["match", "examples:greedy", "examples:random", "--rounds", "1", "--move-time", "0.5", "--max-plies",
               "30", "--quiet", "--results", str(path)]  # fmt: skip
    assert main(command) == 0
    first = json.loads(path.read_text().splitlines()[0])
    assert first["asalto-tournament"] == 1 and first["bots"] == ["examples:greedy", "examples:random"]
    assert (first["ruleset"], first["seed"], first["rounds"], first["opening_plies"]) == ("course", 1, 1, 0)
    played = path.read_bytes()
    assert main(command) == 0 and path.read_bytes() == played  # the same tournament: done, nothing replayed
    for change in (["--seed", "2"], ["--ruleset", "assault"], ["--opening-plies", "3"], ["--move-time", "0.4"]):
        capsys.readouterr()
        assert main(command + change) == 2
        assert f"the results file {str(path)!r} is another tournament's (its " in capsys.readouterr().err
    capsys.readouterr()
    assert main(["tournament", "examples:greedy", "examples:random", "level:beginner", *command[3:]]) == 2
    assert (
        "its bots 'examples:greedy, examples:random', this one's 'examples:greedy, examples:random, level:beginner'"
        in (capsys.readouterr().err)
    )
    assert path.read_bytes() == played
    header, *games = path.read_text().splitlines(keepends=True)
    before_setup = {k: v for k, v in json.loads(header).items() if k != "setup_seconds"}
    path.write_text(json.dumps(before_setup) + "\n" + "".join(games))  # started before Player() had its own limit
    played = path.read_bytes()
    assert main(command) == 0 and path.read_bytes() == played  # the same tournament, resumed: nothing replayed
    old = tmp_path / "old.jsonl"  # a file from before files named their tournament
    old.write_bytes(played.split(b"\n", 1)[1])
    assert main([*command[:-1], str(old)]) == 2 and "does not start by naming its tournament" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (["--opening-plies", "500"], "--opening-plies 500 is outside 0 to 100"),
        (["--opening-plies", "99", "--max-plies", "400"], "of 1 balanced openings of 99 random plies in course"),
        (["--opening-plies", "30", "--max-plies", "30"], "--opening-plies 30 leaves no move before --max-plies 30"),
        (["--move-time", "nan"], "--move-time nan is outside 0.01 to 86,400"),
        (["--move-time", "inf"], "--move-time inf is outside"),
        (["--move-time", "0"], "--move-time 0.0 is outside"),
        (["--game-time", "nan"], "--game-time nan is outside"),
        (["--memory", "0"], "--memory 0 is outside 32 to"),
        (["--rounds", "0"], "--rounds 0 is outside 1 to"),
        (["--concurrency", "-1"], "--concurrency -1 is outside 1 to"),
        (["--results", "."], "the results file '.' is a folder: name a file"),
        (["--results", "no/such/dir/r.jsonl"], "the results file's folder"),
        (["--record", "no/such/dir/r.jsonl"], "cannot write 'no/such/dir/r.jsonl': No such file or directory"),
        (["cmd:"], "the bot 'cmd:' names no program after cmd:"),
        (["cmd:'unclosed"], 'the bot "cmd:\'unclosed" is no command: No closing quotation'),
        (["missing.py"], "no bot file 'missing.py'"),
    ],
)
def test_the_command_line_is_checked_before_the_first_game(tmp_path, capsys, monkeypatch, change, message):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(arena, "play_game", None)  # a game played would fail the test
    bots = ["examples:greedy", change[0]] if not change[0].startswith("--") else ["examples:greedy", "examples:random"]
    options = change if change[0].startswith("--") else []
    assert main(["tournament", *bots, "--quiet", *options]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_the_course_openings_play_moves_not_passes():
    drawn = openings("course", 50, 2, seed=1)
    assert len(drawn) == 50 and not any("--" in opening for opening in drawn)


def test_asalto_match_counts_no_fault_against_a_bot_that_prints(tmp_path):
    """The course student's first contact (issue 53): a bot printing in Player.__init__, in asalto match."""
    bot = str(BOTS / "prints_in_init.py")
    run = [sys.executable, "-m", "asalto_core", "match", bot, "examples:random", "--max-plies", "20", "--move-time",
           "2", "--quiet", "--results", str(tmp_path / "r.jsonl")]  # fmt: skip
    done = subprocess.run(run, capture_output=True, text=True, timeout=300 * TIME_FACTOR, check=False)
    assert done.returncode == 0
    games = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()[1:]]  # after its header
    assert len(games) == 2 and all(g["faults"] == [] for g in games)
    lines = done.stdout.splitlines()
    table = next(i for i, line in enumerate(lines) if line.startswith("Rank "))
    assert all(line.split()[-1] == "0" for line in lines[table + 1 : table + 3])  # the Faults column
