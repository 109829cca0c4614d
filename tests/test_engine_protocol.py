"""The engine protocol: the transcript of docs/engine-protocol.md replayed against ``asalto engine``,
a hosted bot's faults as the protocol's lines, and every bad command answered ``error`` with
nothing changed (issue 48)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core.bots import load
from asalto_core.engine import MAX_LINE, Engine
from asalto_core.session import MAX_MOVES

ROOT = Path(__file__).resolve().parents[1]
BOTS = Path(__file__).parent / "bots"
LONG = "assault:rebels=any,repetition=off"  # rebels may step back: a game as long as a test needs
CYCLE = ("d4-d5", "c5-c6", "d5-d4", "c6-c5")


def run_engine(bot: str, stdin: bytes, memory_kb: int = 0, env: dict[str, str] | None = None):
    """``asalto engine --bot BOT`` run on ``stdin`` (in ``memory_kb`` of memory, if given): the finished process."""
    run = [sys.executable, "-m", "asalto_core", "engine", "--bot", bot]
    if memory_kb:
        run = ["sh", "-c", f'ulimit -v {memory_kb}; exec "$@"', "sh", *run]
    return subprocess.run(run, input=stdin, capture_output=True, timeout=120 * TIME_FACTOR, check=False, env=env)


def engine(bot: str, commands: list[str], memory_kb: int = 0) -> list[str]:
    """The answers of ``asalto engine --bot BOT`` to ``commands`` (in ``memory_kb`` of memory, if given)."""
    done = run_engine(bot, "".join(c + "\n" for c in commands).encode(), memory_kb)
    return done.stdout.decode().splitlines()


def state(e: Engine) -> tuple[object, ...]:
    """All a session keeps: the position (its start and moves) and newgame's pending fault."""
    board = e.board
    return (None if board is None else (board.root.text(), [str(m) for m in board.move_stack]), e.pending)


def test_the_documented_transcript():
    text = (ROOT / "docs" / "engine-protocol.md").read_text()
    block = text.split("## A transcript", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    sent = [line[2:] for line in block.splitlines() if line.startswith("> ")]
    expected = [line[2:] for line in block.splitlines() if line.startswith("< ")]
    answers = engine("level:strong@2000", sent)
    assert len(answers) == len(expected)
    for got, want in zip(answers, expected, strict=True):
        assert got.startswith(want[:-3]) if want.endswith("...") else got == want


@pytest.mark.parametrize(
    ("bot", "fault"),
    [
        ("garbage.py", "fault malformed the bot answered a dict of 1 item, which is no move"),
        ("memory_hog.py", "fault exception MemoryError"),
    ],
)
def test_a_hosted_bots_failure_is_a_fault_line(bot, fault):
    commands = ["asalto", "position startpos course", "go", "isready", "quit"]
    answers = engine(str(BOTS / bot), commands, memory_kb=400_000 if bot == "memory_hog.py" else 0)
    assert answers[3].startswith(fault) and answers[4] == "readyok"  # the engine goes on after a fault


@pytest.mark.parametrize(
    "command",
    ["go movetime \u00b2", "go timeleft \u2460", "go movetime " + "9" * 300, "go timeleft " + "1" + "0" * 400,
     "go movetime", "go movetime -5", "go movetime 1.5", "go depth 3", "go movetime 5 movetime 6",
     "go movetime \u0665\u0660\u0660", "newgame", "newgame chess rebels", "newgame assault kings",
     "isready now", "asalto please", "position", "position startpos", "position startpos chess",
     "position text assault 3/3", "position startpos assault moves d4-d7", "fly"],
)  # fmt: skip
def test_a_bad_command_is_answered_error_and_changes_nothing(command):
    """issue 48: ``go movetime ²`` (or ``timeleft ①``, or 300 digits) was a traceback and exit 1."""
    e = Engine(load("level:beginner@50"))
    e.answer(f"position startpos {LONG} moves d4-d5")
    before = state(e)
    answer = e.answer(command)
    assert len(answer) == 1 and answer[0].startswith("error ") and len(answer[0]) < 600
    assert state(e) == before
    assert e.answer("go")[-1].startswith("bestmove ")


def test_a_refused_position_leaves_the_last_one_as_it_was():
    """issue 48: a failed ``position`` was half applied (the next ``go`` answered a position no command set)."""
    e = Engine(load("level:beginner@50"))
    e.answer("position startpos assault moves d4-d5")
    before = state(e)
    assert e.answer("position startpos assault moves d4-d5 e5-e6 d4-d7")[0].startswith("error illegal move 'd4-d7'")
    assert state(e) == before and e.board.turn == "officers"
    assert e.answer(f"position startpos {LONG} moves x")[0].startswith("error ") and state(e) == before


def test_the_move_limit_is_the_pages():
    """issue 48: 16,661 moves were taken (the page's limit is 5,000): one limit at every door."""
    e = Engine(load("level:beginner@50"))
    moves = " ".join(CYCLE[i % 4] for i in range(MAX_MOVES))
    assert e.answer(f"position startpos {LONG} moves {moves}") == [] and len(e.board.move_stack) == MAX_MOVES
    before = state(e)
    assert e.answer(f"position startpos {LONG} moves {moves} d4-d5") == [
        f"error the game has {MAX_MOVES + 1:,} moves; at most {MAX_MOVES:,} are accepted"
    ]
    assert state(e) == before


def test_a_line_that_is_not_utf8_is_answered_error_under_a_strict_locale():
    """issue 48: an invalid UTF-8 byte under a strict UTF-8 locale was a traceback and exit 1."""
    env = dict(os.environ, LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8:strict")
    done = run_engine("level:beginner@50", b"position startpos assault\n\xff go\ngo\nquit\n", env=env)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert lines[0] == "error the line is not UTF-8 text (byte 0xff at 1)" and lines[-1] == "bestmove d4-d5"


def test_an_over_long_line_is_skipped_unread():
    """issue 48: a position line over 100,000 characters was cut there and executed (an answer for
    another game); a 200 MB line was read whole first (417 MB resident). Now the line is skipped,
    in pieces, within a memory limit that reading it whole would break."""
    head = f"position startpos {LONG} moves ".encode()
    cut = head + " ".join(CYCLE[i % 4] for i in range(16_661)).encode()  # a game of 16,661 moves, over 100,000 bytes
    assert e_lines(cut)[0] == f"error the game has 16,661 moves; at most {MAX_MOVES:,} are accepted"
    huge = "{ printf 'position startpos assault moves '; head -c 200000000 /dev/zero | tr '\\0' x; printf '\\ngo\\n'; }"
    run = f'{huge} | {{ ulimit -v 300000; exec "$@"; }}'
    command = [sys.executable, "-m", "asalto_core", "engine", "--bot", "level:beginner@50"]
    done = subprocess.run(
        ["sh", "-c", run, "sh", *command], capture_output=True, timeout=300 * TIME_FACTOR, check=False
    )
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    assert done.stdout.decode().splitlines() == [
        f"error a line over {MAX_LINE:,} bytes was skipped",
        "error go before any position",
    ]


def e_lines(line: bytes) -> list[str]:
    """The answers of a bot of the engine's beginner level to one command line, through a real process."""
    return run_engine("level:beginner@50", line + b"\nquit\n").stdout.decode().splitlines()


@pytest.mark.parametrize(
    ("bot", "printed"),
    [
        ("prints_in_init.py", ["info string loading the model", "info string model loaded: 3 layers"]),
        ("prints.py", ["info string thinking about course 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"]),
        (
            "prints_every_move.py",
            ["info string   ...", "info string   O.O", "info string RR...RR"]
            + ["info string RRRRRRR"] * 2
            + ["info string   RRR"] * 2
            + ["info string rebels to move"],
        ),
        ("writes_stderr.py", ["info string note: 10 moves"]),  # the course's nine steps and its pass
    ],
)
def test_what_a_bot_prints_is_info_string_lines(bot, printed):
    """issue 53: a print in Player.__init__ answered newgame with a fault line (the arena took it for
    the first move's answer); a print each turn was a fault instead of the move. Now the protocol has
    its own channel: what a bot prints or writes to standard error, from Python, is passed on as
    ``info string`` lines, and what it writes on the file descriptors, never reaches the protocol."""
    answers = engine(str(BOTS / bot), ["asalto", "newgame course rebels", "position startpos course", "go", "quit"])
    assert all(line.split()[0] in ("id", "asaltook", "info", "bestmove") for line in answers), answers
    assert [line for line in answers if line.startswith("info string")] == printed
    assert answers[-1].startswith("bestmove ") and sum(line.startswith("bestmove") for line in answers) == 1


def test_newgame_is_answered_by_no_move_and_no_fault(tmp_path):
    """A Player() that raises is told at the next go, its one answer: no answer can be read for another's."""
    bot = tmp_path / "fails_to_start.py"
    bot.write_text("class Player:\n    def __init__(self):\n        raise ValueError('no model')\n\n"
                   "    def play_rebel(self, board):\n        return [[3, 3], [2, 3]]\n")  # fmt: skip
    answers = engine(str(bot), ["newgame course rebels", "isready", "position startpos course", "go", "go"])
    assert answers[0] == "readyok" and answers[1].startswith("fault exception ValueError: no model")
    assert answers[2].startswith("fault exception ValueError: no model") and len(answers) == 3


def test_moves_lists_the_legal_moves():
    e = Engine(load("level:beginner@50"))
    assert e.answer("moves") == ["error moves before any position"]
    e.answer("position startpos asalto")
    assert e.answer("moves") == ["legalmoves " + " ".join(str(m) for m in e.board.legal_moves)]
    e.answer("position text course 3/3/RRRRRRR/7/7/3/3 o - 1")
    assert e.answer("moves") == ["legalmoves"]  # the game is over
    assert e.answer("go") == ["error go in a finished game: Rebels win: no officer is left."]
