"""The Asalto engine protocol: a bot or an engine on standard input and output, as UCI or GTP.

One command a line in, answers a line each out; any language can speak it, and ``asalto engine``
speaks it for the engine's levels and for any Python bot (:mod:`asalto_core.bots`). The arena
(:mod:`asalto_core.arena`) drives every bot through it. docs/engine-protocol.md is the specification.

>>> import io
>>> out = io.StringIO()
>>> serve(load("level:beginner"), io.StringIO("asalto\\nposition startpos assault\\ngo\\nquit\\n"), out)
>>> print(out.getvalue(), end="")  # doctest: +ELLIPSIS
id name level:beginner
id author the Asalto engine
asaltook
info time ...
bestmove d4-d5
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import time
import traceback
from functools import partial
from typing import TYPE_CHECKING

from .bots import BotError, load
from .errors import AsaltoError
from .position import Board

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO

    from .bots import Bot

PROTOCOL = "asalto"  # the handshake, as UCI's "uci"
MAX_LINE = 100_000  # characters: a position and a game's moves fit many times over


def read_position(words: list[str], last: Board | None = None) -> Board:
    """The board of a ``position`` command's words: ``startpos RULESET`` or ``text`` and the five
    fields of a position's text, then optionally ``moves`` and the moves played since. A game
    that goes on from ``last`` (the board of the previous command) is played on from it."""
    if "moves" in words:
        at = words.index("moves")
        words, moves = words[:at], words[at + 1 :]
    else:
        moves = []
    if (
        last is not None
        and _same_start(words, last)
        and [str(m) for m in last.move_stack] == moves[: len(last.move_stack)]
    ):
        board, moves = last, moves[len(last.move_stack) :]
        for move in moves:
            board.push(move)
        return board
    if len(words) == 2 and words[0] == "startpos":
        board = Board(words[1])
    elif len(words) == 6 and words[0] == "text":
        board = Board.from_text(" ".join(words[1:]))
    else:
        raise AsaltoError("expected 'position startpos RULESET' or 'position text <position> [moves ...]'")
    for move in moves:
        board.push(move)
    return board


def _same_start(words: list[str], board: Board) -> bool:
    if words[:1] == ["startpos"]:
        return len(words) == 2 and board.root.text() == Board(words[1]).root.text()
    return words[:1] == ["text"] and " ".join(words[1:]) == board.root.text()


def _go(words: list[str]) -> tuple[float | None, bool]:
    """The seconds the bot has for this move from ``go [movetime MS] [timeleft MS]`` (the least given),
    and whether they are its game clock's (``timeleft``), to be shared over the moves still to come."""
    limits = {}
    for key, value in zip(words[::2], words[1::2], strict=False):
        if key in ("movetime", "timeleft") and value.isdigit():
            limits[key] = int(value) / 1000
    if not limits:
        return None, False
    least = min(limits.values())
    return least, limits.get("timeleft") == least


def serve(bot: Bot, stdin: IO[str], stdout: IO[str]) -> None:
    """Answer the protocol's commands from ``stdin`` on ``stdout`` until ``quit`` or the end of input.

    What the bot prints is caught: the move it then gives is not sent, and a ``fault stdout`` line
    says what it printed (its output would have been read as the protocol's). An exception in the
    bot is a ``fault exception`` line, an answer that is no move a ``fault malformed`` line.
    """
    board: Board | None = None

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    for raw in stdin:
        words = raw[:MAX_LINE].split()
        if not words:
            continue
        command, args = words[0], words[1:]
        try:
            if command == PROTOCOL:
                say(f"id name {bot.name}")
                say("id author " + getattr(bot.player, "AUTHOR", "the Asalto engine"))
                say("asaltook")
            elif command == "isready":
                say("readyok")
            elif command == "newgame" and len(args) == 2:
                for line in guarded(partial(bot.new_game, args[0], args[1])):
                    say(line)
            elif command == "position":
                board = read_position(args, board)
            elif command == "go":
                if board is None:
                    raise AsaltoError("go before any position")
                for line in go(bot, board, *_go(args)):
                    say(line)
            elif command == "quit":
                return
            else:
                raise AsaltoError(f"unknown command {raw.strip()[:80]!r}")
        except AsaltoError as err:
            say(f"error {' '.join(str(err).split())}")


def go(bot: Bot, board: Board, seconds: float | None, clock: bool = False) -> list[str]:
    """The answer lines to ``go``: ``info time MS`` (the bot's own thinking) and ``bestmove MOVE``,
    or one ``fault`` line (the arena's and the page's bot lab's one reading of a bot's failures).
    ``clock``: ``seconds`` are what is left of the bot's game clock, not this move's own."""
    began = time.perf_counter()
    lines = guarded(partial(bot.choose, board, seconds, clock=clock))
    if lines[0].startswith("fault "):
        return lines
    return [f"info time {(time.perf_counter() - began) * 1000:.1f}", f"bestmove {lines[0]}"]


def guarded(hook: Callable[[], object]) -> list[str]:
    """Run a bot's hook: ``[str(answer)]``, or a ``fault`` line for what it printed or raised."""
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            answer = hook()
    except BotError as err:
        return [f"fault malformed {_one_line(str(err))}"]
    except Exception as err:  # noqa: BLE001 - the bot's own failure (MemoryError included) is its result
        where = traceback.extract_tb(err.__traceback__)[-1]
        place = f"line {where.lineno} of {os.path.basename(where.filename)}"
        return [f"fault exception {_one_line(f'{type(err).__name__}: {err} ({place})')}"]
    if printed.getvalue():
        return [f"fault stdout printed {_one_line(repr(printed.getvalue()[:200]))}"]
    return [] if answer is None else [str(answer)]


def _one_line(text: str) -> str:
    return " ".join(text.split())[:500]


def main(spec: str) -> None:
    """``asalto engine``: serve ``spec``'s bot on this process's standard input and output.

    The protocol keeps the real standard output to itself: file descriptor 1 is pointed at
    standard error, so not even a bot's C code can write into the protocol's lines.
    """
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        bot = load(spec)
    except Exception as err:  # noqa: BLE001 - a bot that cannot load is told, then the process ends
        protocol.write(f"fault exception cannot load {spec}: {_one_line(f'{type(err).__name__}: {err}')}\n")
        protocol.flush()
        raise SystemExit(1) from None
    serve(bot, sys.stdin, protocol)
