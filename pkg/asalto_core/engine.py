"""The Asalto engine protocol: a bot or an engine on standard input and output, as UCI or GTP.

One command a line in, answers a line each out; any language can speak it, and ``asalto engine``
speaks it for the engine's levels and for any Python bot (:mod:`asalto_core.bots`). The arena
(:mod:`asalto_core.arena`) drives every bot through it. docs/engine-protocol.md is the specification.

Every command is checked whole before it changes anything: a bad one is answered ``error MESSAGE``
and the session is as it was. Input is read as bytes, a line at a time and never more than
:data:`MAX_LINE` of it, so no line, however long, costs more memory than that.

>>> import io
>>> out = io.StringIO()
>>> serve(load("level:beginner"), io.BytesIO(b"asalto\\nposition startpos assault\\ngo\\nquit\\n"), out)
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
from .errors import AsaltoError, quote
from .notation import MAX_MOVES
from .position import Board
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import IO

    from .bots import Bot

PROTOCOL = "asalto"  # the handshake, as UCI's "uci"
# Bytes of one command line: a position and MAX_MOVES moves of up to 200 characters each fit.
MAX_LINE = 1 << 20
MAX_MS = 999_999_999  # the largest movetime or timeleft (11 days): nine digits at most
PRINTED = 10_000  # characters a bot's hook may print that are passed on (as info string lines)
SIDES = ("officers", "rebels")


def read_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[str | AsaltoError]:
    """Each line of ``stream`` as text, or the :class:`AsaltoError` that says why a line was skipped:
    longer than ``limit`` bytes (read on to its end in pieces, never held whole) or not UTF-8.

    >>> [str(x) for x in read_lines(io.BytesIO(b"isready\\n\\xff\\n" + b"x" * 9 + b"\\nquit"), limit=8)]
    ['isready\\n', 'the line is not UTF-8 text (byte 0xff at 1)', 'a line over 8 bytes was skipped', 'quit']
    """
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(65536)
            yield AsaltoError(f"a line over {limit:,} bytes was skipped")
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as err:
            yield AsaltoError(f"the line is not UTF-8 text (byte 0x{line[err.start]:02x} at {err.start + 1})")


def read_position(words: list[str], last: Board | None = None) -> Board:
    """The board of a ``position`` command's words: ``startpos RULESET`` or ``text`` and the five
    fields of a position's text, then optionally ``moves`` and the moves played since. A game
    that goes on from ``last`` (the board of the previous command) is played on from it; if a
    move is refused, ``last`` is left as it was."""
    if "moves" in words:
        at = words.index("moves")
        words, moves = words[:at], words[at + 1 :]
    else:
        moves = []
    if len(moves) > MAX_MOVES:
        raise AsaltoError(f"the game has {len(moves):,} moves; at most {MAX_MOVES:,} are accepted")
    if (
        last is not None
        and _same_start(words, last)
        and len(last.move_stack) <= len(moves)
        and [str(m) for m in last.move_stack] == moves[: len(last.move_stack)]
    ):
        played = len(last.move_stack)
        try:
            for move in moves[played:]:
                last.push(move)
        except Exception:
            while len(last.move_stack) > played:
                last.pop()
            raise
        return last
    if len(words) == 2 and words[0] == "startpos":
        board = Board(find_ruleset(words[1]).name)
    elif len(words) == 6 and words[0] == "text":
        board = Board.from_text(" ".join(words[1:]))
    else:
        raise AsaltoError("expected 'position startpos RULESET' or 'position text <position> [moves ...]'")
    for move in moves:
        board.push(move)
    return board


def _same_start(words: list[str], board: Board) -> bool:
    if words[:1] == ["startpos"]:
        return len(words) == 2 and board.root.text() == Board(find_ruleset(words[1]).name).root.text()
    return words[:1] == ["text"] and " ".join(words[1:]) == board.root.text()


def read_go(words: list[str]) -> tuple[float | None, bool]:
    """The seconds the bot has for this move from ``go [movetime MS] [timeleft MS]`` (the least
    given, or None), and whether they are its game clock's (``timeleft``), to be shared over the
    moves still to come; :class:`AsaltoError` for any other word or a number that is no whole
    number of milliseconds from 0 to :data:`MAX_MS` (ASCII digits only).

    >>> read_go(["movetime", "1500", "timeleft", "900"]), read_go(["movetime", "500"]), read_go([])
    ((0.9, True), (0.5, False), (None, False))
    >>> read_go(["movetime", "²"])
    Traceback (most recent call last):
    ...
    asalto_core.errors.AsaltoError: go's movetime is a whole number of milliseconds from 0 to 999999999, not '²'
    """
    if len(words) % 2:
        raise AsaltoError("expected 'go [movetime MS] [timeleft MS]'")
    limits: dict[str, int] = {}
    for key, value in zip(words[::2], words[1::2], strict=True):
        if key not in ("movetime", "timeleft") or key in limits:
            raise AsaltoError(f"expected 'go [movetime MS] [timeleft MS]', not {quote(key)} there")
        if not (0 < len(value) <= len(str(MAX_MS)) and all("0" <= c <= "9" for c in value)):
            raise AsaltoError(f"go's {key} is a whole number of milliseconds from 0 to {MAX_MS}, not {quote(value)}")
        limits[key] = int(value)
    if not limits:
        return None, False
    least = min(limits.values())
    return least / 1000, limits.get("timeleft") == least


class Engine:
    """One protocol session: the bot, the position the last ``position`` command set, and the fault
    ``newgame`` met (answered at the next ``go``, so that only ``go`` is ever answered by a move or
    a fault, and no answer can be taken for another command's)."""

    def __init__(self, bot: Bot, notes: list[str] | None = None, emit: Callable[[str], None] | None = None) -> None:
        self.bot = bot
        self.emit = emit  # where a line the bot prints goes as it prints it (else with the answer)
        self.board: Board | None = None
        self.pending: list[str] = []  # newgame's fault line, for the next go
        self.notes = notes or []  # what the bot printed as it loaded, given with the handshake
        self.done = False
        self.commands: dict[str, Callable[[list[str]], list[str]]] = {
            PROTOCOL: self.handshake,
            "isready": self.isready,
            "newgame": self.newgame,
            "position": self.position,
            "go": self.go,
            "moves": self.moves,
            "quit": self.quit,
        }

    def answer(self, line: str) -> list[str]:
        """The answer lines to one command line (none for an empty one); a bad command is answered
        ``error MESSAGE`` and changes nothing."""
        words = line.split()
        if not words:
            return []
        try:
            run = self.commands.get(words[0])
            if run is None:
                raise AsaltoError(f"unknown command {quote(words[0])}")
            return run(words[1:])
        except AsaltoError as err:
            return [f"error {_one_line(str(err))}"]

    def handshake(self, args: list[str]) -> list[str]:
        _no_arguments(PROTOCOL, args)
        author = getattr(self.bot.player, "AUTHOR", None)
        notes, self.notes = self.notes, []
        return [
            f"id name {_one_line(self.bot.name)}",
            "id author " + (_one_line(author) if isinstance(author, str) and author.strip() else "the Asalto engine"),
            *notes,
            "asaltook",
        ]

    def isready(self, args: list[str]) -> list[str]:
        _no_arguments("isready", args)
        return ["readyok"]

    def newgame(self, args: list[str]) -> list[str]:
        if len(args) != 2:
            raise AsaltoError("expected 'newgame RULESET SIDE'")
        ruleset = find_ruleset(args[0]).name
        if args[1] not in SIDES:
            raise AsaltoError(f"the side is officers or rebels, not {quote(args[1])}")
        lines = guarded(partial(self.bot.new_game, ruleset, args[1]), self.emit)
        self.board, self.pending = None, [line for line in lines if line.startswith("fault ")]
        return [line for line in lines if line.startswith("info ")]

    def position(self, args: list[str]) -> list[str]:
        self.board = read_position(args, self.board)
        return []

    def go(self, args: list[str]) -> list[str]:
        seconds, clock = read_go(args)
        board = self._board("go")
        if self.pending:
            fault, self.pending = self.pending, []
            return fault
        return go(self.bot, board, seconds, clock, self.emit)

    def moves(self, args: list[str]) -> list[str]:
        _no_arguments("moves", args)
        return [" ".join(["legalmoves", *(str(m) for m in self._board("moves", finished=True).legal_moves)])]

    def quit(self, args: list[str]) -> list[str]:
        _no_arguments("quit", args)
        self.done = True
        return []

    def _board(self, command: str, finished: bool = False) -> Board:
        if self.board is None:
            raise AsaltoError(f"{command} before any position")
        done = self.board.outcome()
        if done is not None and not finished:
            raise AsaltoError(f"{command} in a finished game: {done.describe()}")
        return self.board


def _no_arguments(command: str, args: list[str]) -> None:
    if args:
        raise AsaltoError(f"{command} takes nothing after it, not {quote(' '.join(args))}")


def serve(bot: Bot, stdin: IO[bytes], stdout: IO[str], notes: list[str] | None = None) -> None:
    """Answer the protocol's commands from ``stdin`` on ``stdout`` until ``quit`` or the end of input.

    What the bot prints (on standard output or error) is passed on as ``info string`` lines, each as
    soon as it is printed. An
    exception in the bot is a ``fault exception`` line, an answer that is no move a ``fault
    malformed`` line. ``notes``: lines to give with the handshake (what the bot printed as it loaded).
    """

    def emit(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    session = Engine(bot, notes, emit)
    for line in read_lines(stdin):
        answers = [f"error {line}"] if isinstance(line, AsaltoError) else session.answer(line)
        for answer in answers:
            stdout.write(answer + "\n")
        stdout.flush()
        if session.done:
            return


def go(
    bot: Bot, board: Board, seconds: float | None, clock: bool = False, emit: Callable[[str], None] | None = None
) -> list[str]:
    """The answer lines to ``go``: ``info string`` for what the bot printed, ``info time MS`` (the
    bot's own thinking) and ``bestmove MOVE``, or a ``fault`` line (the arena's and the page's bot
    lab's one reading of a bot's failures). ``clock``: ``seconds`` are what is left of the bot's
    game clock, not this move's own. ``emit``: as :func:`guarded`'s."""
    began = time.perf_counter()
    answer = guarded(partial(bot.choose, board, seconds, clock=clock), emit)
    *notes, last = answer or ["fault malformed the bot gave no answer"]
    if last.startswith("fault "):
        return [*notes, last]
    return [*notes, f"info time {(time.perf_counter() - began) * 1000:.1f}", f"bestmove {last}"]


class _Printed(io.StringIO):
    """What a bot prints during one hook: its first :data:`PRINTED` characters, the rest counted.
    With ``emit``, each whole line is passed on as it is printed (a bot stopped in the middle of a
    move has said what it was doing), the rest by :meth:`lines` at the hook's end."""

    def __init__(self, emit: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.dropped = 0
        self.emit = emit
        self.sent = 0  # the characters already passed on

    def write(self, text: str) -> int:
        room = max(0, PRINTED - self.tell())
        super().write(text[:room])
        self.dropped += max(0, len(text) - room)
        if self.emit is not None and "\n" in text[:room]:
            value = self.getvalue()
            end = value.rfind("\n") + 1
            for line in _info_lines(value[self.sent : end]):
                self.emit(line)
            self.sent = end
        return len(text)

    def lines(self) -> list[str]:
        """Each line printed and not yet passed on as an ``info string`` line (its own spacing kept:
        a board drawn in text)."""
        out = _info_lines(self.getvalue()[self.sent :])
        if self.dropped:
            out.append(f"info string ({self.dropped:,} more characters printed, not shown)")
        return out


def _info_lines(text: str) -> list[str]:
    return [f"info string {line.rstrip()[:500]}" for line in text.splitlines() if line.strip()]


def guarded(hook: Callable[[], object], emit: Callable[[str], None] | None = None) -> list[str]:
    """Run a bot's hook: an ``info string`` line for each line it printed (on standard output or
    error; with ``emit``, each whole line is given to it as printed instead), then ``str(answer)``
    (nothing for None) or a ``fault`` line for what it raised."""
    printed = _Printed(emit)
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            answer = hook()
    except BotError as err:
        return [*printed.lines(), f"fault malformed {_one_line(str(err))}"]
    except Exception as err:  # noqa: BLE001 - the bot's own failure (MemoryError included) is its result
        where = traceback.extract_tb(err.__traceback__)[-1]
        place = f"line {where.lineno} of {os.path.basename(where.filename)}"
        return [*printed.lines(), f"fault exception {_one_line(f'{type(err).__name__}: {err} ({place})')}"]
    return [*printed.lines(), *([] if answer is None else [str(answer)])]


def _one_line(text: str) -> str:
    return " ".join(text.split())[:500]


def main(spec: str) -> None:
    """``asalto engine``: serve ``spec``'s bot on this process's standard input and output.

    The protocol keeps the real standard input and output to itself, before the bot is imported:
    file descriptor 1 is pointed at standard error and 0 at the null device, so not even a bot's
    C code or a child process can write into the protocol's lines or read its commands.
    """
    protocol = os.fdopen(os.dup(1), "w", encoding="utf-8", errors="backslashreplace", buffering=1)
    commands = os.fdopen(os.dup(0), "rb")
    os.dup2(2, 1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdout, sys.stdin = sys.stderr, open(os.devnull, encoding="utf-8")  # noqa: SIM115 - for the process's life
    printed = _Printed()
    try:
        with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
            bot = load(spec)
    except Exception as err:  # noqa: BLE001 - a bot that cannot load is told, then the process ends
        lines = [*printed.lines(), f"fault exception cannot load {spec}: {_one_line(f'{type(err).__name__}: {err}')}"]
        protocol.write("".join(line + "\n" for line in lines))
        protocol.flush()
        raise SystemExit(1) from None
    serve(bot, commands, protocol, printed.lines())
