"""The arena as a course's student meets it (issue 53): the course's way by default in its ruleset,
a bot that cannot play refused before the first game, what a bot prints kept per bot and per game,
and a bot run with its own Python."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import arena
from asalto_core.__main__ import main
from asalto_core.arena import Job, Limits, openings, play_game
from asalto_core.movegen import OFFICERS, REBELS
from asalto_core.position import Board
from asalto_core.proof import OutOfProof, forces_win

BOTS = Path(__file__).parent / "bots"
FAST = Limits(move_seconds=0.5 * TIME_FACTOR, memory_mb=400)  # 0.5 s on a quiet machine


def scheduled(monkeypatch, *options: str) -> list[Job]:
    """The games ``asalto tournament`` would play with these options (none is played)."""
    jobs: list[Job] = []
    monkeypatch.setattr(arena, "check_bots", lambda bots, limits: None)
    monkeypatch.setattr(arena, "run", lambda todo, bots, **kw: (jobs.extend(todo), ([], ""))[1])
    assert main(["tournament", "examples:greedy", "examples:random", "--quiet", *options]) == 0
    return jobs


def test_the_course_ruleset_plays_by_the_courses_script_and_the_others_keep_theirs(monkeypatch):
    course = scheduled(monkeypatch)
    assert {(j.limits.move_seconds, j.max_plies, tuple(j.opening)) for j in course} == {(10.0, 2000, ())}
    assert course[0].limits.setup_seconds == 60.0
    assault = scheduled(monkeypatch, "--ruleset", "assault")
    assert {(j.limits.move_seconds, j.max_plies, len(j.opening)) for j in assault} == {(1.0, 400, 2)}
    asked = scheduled(monkeypatch, "--opening-plies", "4", "--move-time", "2", "--max-plies", "100", "--rounds", "3")
    assert {(j.limits.move_seconds, j.max_plies, len(j.opening)) for j in asked} == {(2.0, 100, 4)}


def test_help_says_which_default_applies_to_which_ruleset(capsys):
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "default: 10 in course, 1 in the others" in text
    assert "default: 2000 in course, the course's 1000 rounds; 400 in the others" in text
    assert "default: 0 in course, 2 in the other rulesets" in text


def test_a_players_slow_construction_is_not_its_moves_time():
    """A course Player() that takes 3 s (a model loading) lost every game at 1 s a move: it was built
    inside the first move's time. It is now built before the game, under a limit of its own."""
    slow = str(BOTS / "slow_init.py")
    for officers, rebels in ((slow, "examples:random"), ("examples:random", slow)):
        result = play_game(Job(0, 0, "course", officers, rebels, [], FAST, 8))
        assert result["faults"] == [] and len(result["moves"]) == 8
    hurried = Limits(move_seconds=FAST.move_seconds, memory_mb=400, setup_seconds=0.5)
    result = play_game(Job(0, 0, "course", "examples:random", slow, [], hurried, 8))
    assert [(f["side"], f["kind"]) for f in result["faults"]] == [("rebels", "timeout")]
    assert result["faults"][0]["detail"] == "not ready for the game after 0.5 s (building its Player)"
    arena.close_idle()


@pytest.mark.parametrize("ruleset", ["course", "assault"])
def test_openings_asked_for_are_balanced(ruleset):
    """37 of 200 random two-ply course openings had already lost an officer; none may now, and no
    opening leaves either side a win the engine proves within a few plies."""
    drawn = openings(ruleset, 100, 2, seed=1)
    assert len(drawn) == 100
    for line in drawn:
        board = Board(ruleset)
        for move in line:
            board.push(move)
        assert "--" not in line and _officers(board) == _officers(Board(ruleset))
        for who in (OFFICERS, REBELS):
            assert not _proven(board, who)


def _officers(board: Board) -> int:
    return list(board.pieces().values()).count("O")


def _proven(board: Board, who: int) -> bool:
    try:
        return forces_win(board.ruleset, board.position.state, who, getattr(arena, "PROVEN_PLIES", 4), budget=50_000)
    except OutOfProof:
        return False


def test_an_opening_that_loses_an_officer_or_a_proven_game_is_not_balanced():
    lost = Board("course")
    for move in ("c4-c5", "e6-e5"):  # the officer on c6 could take c5 and did not: the course huffs it
        lost.push(move)
    assert _officers(lost) == 1 and not lost.is_game_over() and not arena.balanced(lost)
    proven = Board.from_text("course RRR/R1R/O1RRR1O/3R3/7/3/3 r - 30")  # the rebels fill the fortress
    assert _proven(proven, REBELS) and not arena.balanced(proven)
    assert arena.balanced(Board("course"))


@pytest.mark.parametrize(
    ("bot", "said"),
    [
        ("examples:greedyy", "unknown example bot 'greedyy'"),
        ("level:strnog", "unknown level 'strnog'"),
        ("no_such_bot_module", "No module named 'no_such_bot_module'"),
        ("cmd:/no/such/program --fast", "/no/such/program: No such file or directory"),  # bwrap's or the keeper's
        ("{raises_on_import}", "ImportError: the bot needs its model file"),
    ],
)
def test_a_bot_that_cannot_play_is_refused_before_the_first_game(tmp_path, monkeypatch, capsys, bot, said):
    """A misspelled bot was scored as forfeits (exit 0); a missing cmd: program crashed the arena."""
    broken = tmp_path / "broken.py"
    broken.write_text("raise ImportError('the bot needs its model file')\n")
    bot = bot.format(raises_on_import=broken)
    monkeypatch.setattr(arena, "play_game", None)  # a game played would fail the test
    monkeypatch.setattr(arena.sandbox, "_without", lambda: {"bwrap"})  # the keeper's words, on any machine
    assert main(["tournament", "examples:greedy", bot, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: the bot {bot!r} cannot play: ") and said in err


def test_what_each_bot_prints_is_kept_per_bot_per_game_and_shown_beside_its_fault(tmp_path, capsys):
    logs = tmp_path / "logs"
    sleeper, printer = str(BOTS / "sleeps_past_its_time.py"), str(BOTS / "writes_stderr.py")
    command = ["match", sleeper, printer, "--move-time", str(FAST.move_seconds), "--quiet", "--bot-logs", str(logs)]
    assert main(command) == 0
    out = capsys.readouterr().out
    assert sorted(p.name for p in logs.iterdir()) == [
        "game-0001-officers.log", "game-0001-rebels.log", "game-0002-officers.log", "game-0002-rebels.log",
    ]  # fmt: skip
    sleeping = (logs / "game-0001-officers.log").read_text().splitlines()
    assert sleeping[0] == f"# {sleeper} as the officers in game 1 (round 1): its prints and standard error"
    assert [re.sub(r"\d+ moves", "N moves", line) for line in sleeping[1:]] == [
        "[ply 1] move 1: thinking", "[ply 1] move 1: N moves to weigh",  # its print and its sys.stderr
        "[ply 3] move 2: thinking", "[ply 3] move 2: N moves to weigh", "[ply 3] move 2: a long think",
    ]  # fmt: skip
    writing = (logs / "game-0001-rebels.log").read_text()
    assert "[ply 0] note: 10 moves" in writing
    assert "[ply 0] stderr: raw bytes on fd 1" in writing and "[ply 0] stderr: raw bytes on fd 2" in writing
    faults = out[out.index("Faults, each with the last lines its bot printed before it:") :].splitlines()
    assert faults[1] == f"game 1, ply 3: {sleeper} (officers) timeout: no move after {FAST.move_seconds:g} s"
    assert faults[2:7] == [f"    {line}" for line in sleeping[1:]]


def test_a_bot_runs_with_its_own_python(tmp_path):
    """A bot that needs a package the arena's Python lacks (numpy, torch) runs in its author's
    virtual environment: ``mybot.py:python=venv/bin/python``."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120 * TIME_FACTOR)
    python = venv / "bin" / "python"
    asked = [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]
    site = subprocess.run(asked, capture_output=True, text=True, check=True, timeout=60 * TIME_FACTOR).stdout.strip()
    assert site != sysconfig.get_paths()["purelib"]
    Path(site, "only_in_my_venv.py").write_text("def first(moves):\n    return moves[-1]\n")
    bot = tmp_path / "needs_my_venv.py"
    bot.write_text(
        "import only_in_my_venv\n\n\ndef choose(board):\n    return only_in_my_venv.first(board.legal_moves)\n"
    )
    own = f"{bot}:python={python}"
    result = play_game(Job(0, 0, "course", "examples:random", own, [], FAST, 6))
    assert result["faults"] == [] and len(result["moves"]) == 6
    assert result["moves"][0] == str(Board("course").legal_moves[-1])
    without = play_game(Job(0, 0, "course", "examples:random", str(bot), [], FAST, 6))
    assert "No module named 'only_in_my_venv'" in without["faults"][0]["detail"]
    arena.close_idle()


def test_a_bots_own_python_is_checked_before_the_first_game(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(arena, "play_game", None)
    bot = BOTS / "course_player.py"
    assert main(["match", "examples:greedy", f"{bot}:python={tmp_path}/nowhere/python", "--quiet"]) == 2
    assert f"no Python at '{tmp_path}/nowhere/python'" in capsys.readouterr().err
    assert main(["match", "examples:greedy", ":python=/usr/bin/python3", "--quiet"]) == 2
    assert "write NAME:python=PATH" in capsys.readouterr().err


PRINTING = json.loads((BOTS / "printing.json").read_text())["cases"]


@pytest.mark.parametrize("case", PRINTING, ids=lambda case: case["files"][0])
def test_a_bot_that_prints_plays_in_the_arena_as_in_the_lab(tmp_path, case):
    """The cases e2e/test_lab.py plays in the bot lab, here in the arena: the bot as the rebels from
    the course's start, its log holding what it printed, and no fault but the one it earns."""
    bot = str(BOTS / case["files"][0])
    result = play_game(Job(0, 0, "course", "examples:random", bot, [], FAST, 6, logs=str(tmp_path)))
    assert [f["kind"] for f in result["faults"]] == ([case["fault"]] if case["fault"] else [])
    if case["fault"]:
        assert result["faults"][0]["ply"] == 2  # its second move
    else:
        assert len(result["moves"]) == 6
    log = (tmp_path / "game-0001-rebels.log").read_text()
    at = [log.find(text) for text in case["printed"]]
    assert -1 not in at and at == sorted(at), log
    arena.close_idle()
