"""The bot lab's Python (site/lab/host.py), which each of the lab's Pyodide workers runs, here on CPython."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def host():
    spec = importlib.util.spec_from_file_location("lab_host", ROOT / "site" / "lab" / "host.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pasted_bot_answers_and_its_failures_are_fault_lines():
    h = host()
    assert json.loads(h.load_bot("mine.py", "def choose(board):\n    return board.legal_moves[0]\n")) == {"ok": True}
    assert json.loads(h.new_game("course", "rebels")) == []
    lines = json.loads(h.choose("course", "[]", 2.0))
    assert lines[0].startswith("info time ") and lines[1] == "bestmove b4-c5"
    h.load_bot("bad.py", "def choose(board):\n    print('hi')\n    return 1 / 0\n")
    assert json.loads(h.choose("course", '["d4-d5"]', 2.0))[0].startswith("fault exception ZeroDivisionError")
    failed = json.loads(h.load_bot("broken.py", "def choose(board)\n"))
    assert not failed["ok"] and failed["error"].startswith("SyntaxError")
    assert json.loads(h.load_bot("level:beginner", "")) == {"ok": True}


def test_the_referee_draws_checks_and_completes_clicked_moves():
    h = host()
    view = json.loads(h.view("course", "[]", '["d4"]'))
    assert view["svg"].startswith("<svg") and view["turn"] == "rebels" and view["passes"]
    assert view["next"] == ["c5", "d5", "e5"] and view["move"] is None
    assert json.loads(h.view("course", "[]", '["d4", "d5"]'))["move"] == "d4-d5"
    assert json.loads(h.check("course", "[]", "d4-d5")) == {"ok": True, "move": "d4-d5"}
    illegal = json.loads(h.check("course", "[]", "a3-g5"))
    assert not illegal["ok"] and illegal["kind"] == "illegal"
    assert json.loads(h.check("course", "[]", "up"))["kind"] == "malformed"
    over = json.loads(h.view("course 3/O1O/7/R6/7/3/3 o - 9", "[]", "[]"))
    assert over["winner"] == "officers" and over["reason"] == "rebels-depleted"
