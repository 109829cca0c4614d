"""The engine protocol: the transcript of docs/engine-protocol.md replayed against ``asalto engine``,
and a hosted bot's faults as the protocol's lines."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOTS = Path(__file__).parent / "bots"


def engine(bot: str, commands: list[str], memory_kb: int = 0) -> list[str]:
    """The answers of ``asalto engine --bot BOT`` to ``commands`` (in ``memory_kb`` of memory, if given)."""
    run = [sys.executable, "-m", "asalto_core", "engine", "--bot", bot]
    if memory_kb:
        run = ["sh", "-c", f'ulimit -v {memory_kb}; exec "$@"', "sh", *run]
    done = subprocess.run(
        run,
        input="".join(c + "\n" for c in commands),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.stdout.splitlines()


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
        ("prints.py", "fault stdout printed 'thinking about course"),
        ("garbage.py", "fault malformed the bot answered a dict of 1 item, which is no move"),
        ("memory_hog.py", "fault exception MemoryError"),
    ],
)
def test_a_hosted_bots_failure_is_a_fault_line(bot, fault):
    commands = ["asalto", "position startpos course", "go", "isready", "quit"]
    answers = engine(str(BOTS / bot), commands, memory_kb=400_000 if bot == "memory_hog.py" else 0)
    assert answers[3].startswith(fault) and answers[4] == "readyok"  # the engine goes on after a fault
