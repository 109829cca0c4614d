"""The bot lab's Python, here on CPython: a bot's worker's (site/lab/host.py, on Pyodide in the
lab) and the referee's (site/lab/referee.py, on MicroPython in the lab, where it answers alike)."""

from __future__ import annotations

import base64
import importlib.util
import io
import json
import sys
import zipfile
from pathlib import Path

import micropython
import pytest

ROOT = Path(__file__).resolve().parents[1]
LAB = ROOT / "site" / "lab"


def lab(name: str):
    """A fresh copy of the lab's module ``name`` (site/lab/NAME.py), as a new worker loads it; a
    fresh host imports a fresh referee."""
    if name == "host":
        sys.modules["referee"] = lab("referee")
    spec = importlib.util.spec_from_file_location(name, LAB / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def host():
    return lab("host")


def referee():
    return lab("referee")


def test_a_pasted_bot_answers_and_its_failures_are_fault_lines():
    h = host()
    assert json.loads(h.load_bot("mine.py", "def choose(board):\n    return board.legal_moves[0]\n"))["ok"]
    assert json.loads(h.new_game("course", "rebels")) == []
    lines = json.loads(h.choose("course", "[]", 2.0))
    assert lines[0].startswith("info time ") and lines[1] == "bestmove b4-c5"
    h.load_bot("bad.py", "def choose(board):\n    print('hi')\n    return 1 / 0\n")
    printed, failed = json.loads(h.choose("course", '["d4-d5"]', 2.0))  # what it printed, then its fault
    assert printed == "info string hi" and failed.startswith("fault exception ZeroDivisionError")
    failed = json.loads(h.load_bot("broken.py", "def choose(board)\n"))
    assert not failed["ok"] and failed["error"].startswith("SyntaxError")
    assert json.loads(h.load_bot("level:beginner", ""))["ok"]


def test_the_referee_draws_checks_and_completes_clicked_moves():
    r = referee()
    view = json.loads(r.view("course", "[]", '["d4"]'))
    assert view["svg"].startswith("<svg") and view["turn"] == "rebels" and view["passes"]
    assert view["next"] == ["c5", "d5", "e5"] and view["move"] is None
    assert json.loads(r.view("course", "[]", '["d4", "d5"]'))["move"] == "d4-d5"
    assert json.loads(r.check("course", "[]", "d4-d5")) == {"ok": True, "move": "d4-d5"}
    illegal = json.loads(r.check("course", "[]", "a3-g5"))
    assert not illegal["ok"] and illegal["kind"] == "illegal"
    assert json.loads(r.check("course", "[]", "up"))["kind"] == "malformed"
    over = json.loads(r.view("course 3/O1O/7/R6/7/3/3 o - 9", "[]", "[]"))
    assert over["winner"] == "officers" and over["reason"] == "rebels-depleted"


def test_the_labs_table_is_the_command_lines():
    """The lab's crosstable and Elo come from asalto_core.ratings, as asalto tournament's report does."""
    from asalto_core.arena import report

    games = [
        {"officers": "mine.py", "rebels": "level:beginner", "winner": "officers", "faults": []},
        {"officers": "level:beginner", "rebels": "mine.py", "winner": None, "faults": [{"side": "rebels"}]},
        {"officers": "mine.py", "rebels": "examples:random", "winner": "officers", "faults": []},
        {"officers": "examples:random", "rebels": "mine.py", "winner": "officers", "faults": []},
    ]
    bots = ["mine.py", "level:beginner", "examples:random"]
    rows = json.loads(referee().table(json.dumps(games), json.dumps(bots)))
    assert [(r["bot"], r["score"], r["games"], r["faults"]) for r in rows] == [
        ("mine.py", 2.5, 4, 1),
        ("examples:random", 1.0, 2, 0),
        ("level:beginner", 0.5, 2, 0),
    ]
    assert rows[0]["against"] == {"level:beginner": [1.5, 2], "examples:random": [1.0, 2]}
    text = report(games, bots)
    for r in rows:
        line = next(x for x in text.splitlines() if x.startswith(f"{r['rank']:<5}{r['bot']}"))
        assert f"{r['elo']:6.0f}" in line and (r["margin"] is None or f"{r['margin']:6.0f}" in line)


def test_a_games_calls_play_each_move_once_and_a_bad_move_list_leaves_the_next_call_right(monkeypatch):
    """The referee is asked about every ply of a game (the board, then the bot's move): played from
    the start at each call, a 400-ply game cost 80,000 moves played; carried on, one each. Counted."""
    r = referee()
    played = []
    push = r.Board.push
    monkeypatch.setattr(r.Board, "push", lambda board, move: played.append(move) or push(board, move))
    moves = ["b4-c5", "c6-c7", "a4-b4", "e6-e5", "d4-d5", "e5-e6", "a3-a4", "e6-d6"]  # under the course's rules
    for ply in range(len(moves) + 1):
        view = json.loads(r.view("course", json.dumps(moves[:ply]), "[]"))
        assert view["plies"] == ply
        if ply < len(moves):
            assert json.loads(r.check("course", json.dumps(moves[:ply]), moves[ply]))["ok"]
    assert len(played) == 2 * len(moves)  # each once to carry the board on, once in the check of it
    after_undo = json.loads(r.view("course", json.dumps(moves[:2]), "[]"))  # taken back: played again
    assert after_undo["plies"] == 2 and after_undo["turn"] == "rebels"
    with pytest.raises(Exception, match="illegal"):
        r.view("course", json.dumps([*moves[:2], "a3-g5"]), "[]")
    fresh = referee()
    for ply in (3, 6, 1):  # after the refused list, each answer as a fresh referee's
        assert r.view("course", json.dumps(moves[:ply]), "[]") == fresh.view("course", json.dumps(moves[:ply]), "[]")


def test_undo_takes_back_past_the_bots_replies_and_a_forced_pass():
    """The player's (the rebels') last move that was no pass: before it, not before the pass the lab
    would play again at once."""
    r = referee()
    one_step_left = "course RRR/RRR/RR1ORRR/2R4/3O3/3/3 r - 5"  # after c4-c5 the rebels can only pass
    moves = '["c4-c5", "d3-d2", "--", "d2-d3"]'
    after = json.loads(r.view(one_step_left, moves, "[]", True, '["rebels"]'))
    assert after["turn"] == "rebels" and after["only_pass"] and after["undo"] == 0
    both = json.loads(r.view(one_step_left, moves, "[]", True, '["rebels", "officers"]'))
    assert both["undo"] == 3  # between two players: the officers' last move, not the pass before it
    started = json.loads(r.view("course", "[]", "[]", True, '["rebels"]'))
    assert started["undo"] is None and not started["only_pass"]


@pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")
def test_the_referee_answers_alike_on_micropython():
    """The lab runs the referee on MicroPython: a game's views and checks, a finished game's, a
    refused move and a tournament's table, as CPython answers them."""
    moves = json.dumps(["b4-c5", "c6-c7", "a4-b4", "e6-e5", "d4-d5"])
    games = [
        {"officers": "mine.py", "rebels": "level:beginner", "winner": "officers", "faults": []},
        {"officers": "level:beginner", "rebels": "mine.py", "winner": None, "faults": [{"side": "rebels"}]},
    ]
    calls = [
        ["view", "course", "[]", '["d4"]'],
        ["view", "course", moves, '["e6"]', True, '["officers"]'],
        ["check", "course", moves, "d6-d5"],
        ["check", "course", moves, "a3-g5"],
        ["check", "course", moves, "up"],
        ["view", "course 3/O1O/7/R6/7/3/3 o - 9", "[]", "[]", False],
        ["table", json.dumps(games), json.dumps(["mine.py", "level:beginner"])],
    ]
    code = "import json, referee\nfor fn, *args in json.loads(CALLS):\n    print(getattr(referee, fn)(*args))\n"
    source = {"referee.py": (LAB / "referee.py").read_text()}
    out = micropython.run(f"CALLS = {json.dumps(json.dumps(calls))}\n" + code, source)
    r = referee()
    expected = [json.loads(getattr(r, fn)(*args)) for fn, *args in calls]
    assert [json.loads(line) for line in out.splitlines()] == expected


def test_a_bot_that_prints_plays_in_the_lab_as_in_the_arena():
    """issue 53: a print in Player.__init__ ended the lab's game at once (a fault), where the arena
    shifted every answer: both now pass it on as an info string line and play the bot's moves."""
    h = host()
    source = (
        (ROOT / "tests" / "bots" / "course_player.py")
        .read_text()
        .replace("    def __init__(self):\n", "    def __init__(self):\n        print('model loaded')\n")
    )
    assert json.loads(h.load_bot("student.py", source)) == {"ok": True, "main": "student.py", "printed": []}
    assert json.loads(h.new_game("course", "rebels")) == ["info string model loaded"]
    lines = json.loads(h.choose("course", "[]", 2.0))
    assert lines[0].startswith("info time ") and lines[1].startswith("bestmove ") and len(lines) == 2


THREE = Path(__file__).parent / "bots" / "three_files"


def encoded(folder: Path, prefix: str = "") -> dict[str, str]:
    return {prefix + p.name: base64.b64encode(p.read_bytes()).decode() for p in sorted(folder.glob("*.py"))}


def test_a_bot_of_three_files_loads_from_a_folder_or_a_zip_and_plays(tmp_path):
    """A public course bot, Team20.py importing RebelAI.py and OfficerAI.py, loaded on the command
    line but not in the lab ("No module named 'RebelAI'"): the lab now takes all its files."""
    h = host()
    h.BUNDLE = str(tmp_path / "bot")
    alone = json.loads(h.load_bot("Team.py", (THREE / "Team.py").read_text()))
    assert not alone["ok"] and alone["error"] == "ModuleNotFoundError: No module named 'OfficerAI'"
    loaded = json.loads(h.load_bot("Team", "", json.dumps(encoded(THREE, "Team/"))))
    assert loaded == {"ok": True, "main": "Team/Team.py", "printed": []}
    assert json.loads(h.new_game("course", "rebels")) == ["info string Team: both sides ready"]
    assert json.loads(h.choose("course", "[]", 2.0))[-1] == "bestmove b4-c5"
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w") as archive:
        for name, data in encoded(THREE).items():
            archive.writestr(f"Team/{name}", base64.b64decode(data))
    files = {"Team.zip": base64.b64encode(packed.getvalue()).decode()}
    assert json.loads(h.load_bot("Team.zip", "", json.dumps(files)))["main"] == "Team/Team.py"


@pytest.mark.parametrize(
    ("files", "error"),
    [
        ({"../evil.py": "def choose(board):\n    pass\n"}, "ValueError: the path '../evil.py' leaves the bot's folder"),
        ({"a.py": "x = 1\n", "b.py": "y = 2\n"}, "ValueError: which file is the bot? One Python file that no other "
         "imports must define class Player or choose(board); found none"),
        ({"a.py": "def choose(b):\n    pass\n", "b.py": "def choose(b):\n    pass\n"}, "found a.py, b.py"),
    ],
)  # fmt: skip
def test_files_that_are_no_one_bot_are_refused_with_why(tmp_path, files, error):
    h = host()
    h.BUNDLE = str(tmp_path / "bot")
    sent = {path: base64.b64encode(text.encode()).decode() for path, text in files.items()}
    answer = json.loads(h.load_bot("bot", "", json.dumps(sent)))
    assert not answer["ok"] and error in answer["error"]
    assert not (tmp_path / "evil.py").exists()
