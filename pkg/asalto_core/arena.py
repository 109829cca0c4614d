"""The arena: matches and tournaments between bots, in the manner of cutechess-cli.

Each bot runs in its own process and speaks the engine protocol (:mod:`asalto_core.engine`):
a Python bot is hosted by ``asalto engine --bot SPEC``, a program in any other language is given
as ``cmd:PROGRAM ARGS``. The arena sends each position and waits for the move, no longer than the
time limit; a process is also held to a memory limit, in the sandbox this machine gives
(:mod:`asalto_core.sandbox`: no network, no other process, no file but its own folder's, where
it holds). Every failure is a result with its reason:

- ``exception``, ``memory``, ``timeout``, ``crash``: the bot loses;
- ``illegal``, ``malformed`` (no move at all), ``stdout`` (a line that is no answer, from a program
  of its own: a Python bot's prints come as ``info string`` lines): the bot loses, or, where the
  ruleset passes the turn of an illegal move (the course's, :attr:`~asalto_core.rulesets.Ruleset.forfeit`),
  the fault is counted and the turn passes.

Games are played in parallel (``concurrency`` processes, or every thread of a Dask cluster's
workers: :func:`run` takes any ``concurrent.futures``-like executor), each opening by both bots with
the colours swapped, in tasks of a few games between the same two bots (:func:`batches`). As in
cutechess-cli, a bot's process plays game after game (``newgame`` between them): each process
that plays games keeps the bots it has started, and starts one afresh only after a fault that
leaves it in doubt (an exception, a timeout, a crash, memory, stray output). Every
finished game is a line of the results file (JSON lines after one naming the tournament,
:mod:`asalto_core.results`), from which a stopped tournament resumes, and
a game of the multi-game record the page opens (a study of one chapter per game).
"""

from __future__ import annotations

import contextlib
import fcntl
import itertools
import json
import math
import multiprocessing.util
import os
import random
import selectors
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from . import results as results_file
from . import sandbox
from .errors import AsaltoError, quote
from .position import Board
from .ratings import ranking, sprt, standings
from .record import Game
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from typing import Any

LOSING = ("exception", "memory", "timeout", "crash")  # faults that lose under every ruleset
STARTUP_SECONDS = 20.0  # for a bot's process to start and answer the handshake (not its thinking time)
GRACE_SECONDS = 0.2  # over the time limit before a bot is stopped: the pipe's and the process's own delay
LAST_LINES = 5  # the lines a bot printed last, kept beside its fault
LOGGED = 1 << 20  # bytes of what a bot prints in one game that its log keeps (the rest is counted)
KEPT = 6  # idle bot processes a games' process keeps for its next games (the least recently used go first)
PROVEN_PLIES = 4  # an opening after which either side proves its win within this many plies is refused
PROOF_BUDGET = 20_000  # positions the proof may visit for each side of an opening (past it: unproven)
OPENING_TRIES = 1000  # random openings that may end the game, beyond those asked for, before giving up
RESTART = ("exception", "memory", "timeout", "crash", "stdout")  # faults after which a bot's process is not reused
TASKS_A_SLOT = 4  # tasks a tournament is cut into per game played at once: slots still busy as it ends
BATCH = 2  # games one task plays at most, between the same two bots: an opening with the colours swapped


@dataclass(frozen=True)
class Limits:
    """What a bot may use: seconds per move, or a clock for the whole game (then each move may take
    what is left), megabytes of memory for its process, and seconds to get ready for a game (a
    course bot's ``Player()`` is built then, as the course's script builds it before the game:
    loading a model is no move's thinking)."""

    move_seconds: float | None = 1.0
    game_seconds: float | None = None
    memory_mb: int = 1024
    setup_seconds: float = 60.0


@dataclass(frozen=True)
class Defaults:
    """What a match or tournament plays by where the command line does not say."""

    move_seconds: float
    max_plies: int
    opening_plies: int


# The course's script: 10 s a move, a draw after 1000 rounds (a rebels' and an officers' move each),
# every game from its start position.
COURSE_DEFAULTS = Defaults(move_seconds=10.0, max_plies=2000, opening_plies=0)
OTHER_DEFAULTS = Defaults(move_seconds=1.0, max_plies=400, opening_plies=2)


def defaults(ruleset: str) -> Defaults:
    """The course's way in its own ruleset (as its students' bots were written for), the arena's
    quicker one in every other."""
    return COURSE_DEFAULTS if find_ruleset(ruleset).name == "course" else OTHER_DEFAULTS


@dataclass
class Fault:
    """A bot's failure: the ply it happened at, the side, its kind, what exactly went wrong, and
    the last lines the bot printed before it (what a student looks at first)."""

    ply: int
    side: str
    kind: str
    detail: str
    printed: list[str] = field(default_factory=list)


def command(spec: str) -> list[str]:
    """The command that runs a bot: ``cmd:...`` as given, anything else hosted by ``asalto engine``
    in the arena's Python or the bot's own (:func:`own_python`). A file named relative to where the
    arena runs is named in full: a sandboxed bot starts in a folder of its own (``cmd:./mybot``,
    ``mybot.py``)."""
    if spec.startswith("cmd:"):
        try:
            words = shlex.split(spec[4:])
        except ValueError as err:
            raise AsaltoError(f"the bot {quote(spec)} is no command: {err}") from None
        if not words:
            raise AsaltoError(f"the bot {quote(spec)} names no program after cmd:")
        return [_in_full(w) for w in words]
    name, python = own_python(spec)
    return [_in_full(python) if python else sys.executable, "-m", "asalto_core", "engine", "--bot", _in_full(name)]


def own_python(spec: str) -> tuple[str, str]:
    """A bot's name and the Python that hosts it: ``NAME:python=PATH`` runs ``NAME`` with the
    interpreter at PATH (its author's virtual environment, with numpy or torch), anything else with
    the arena's own (``''``).

    >>> own_python("mybot.py:python=venv/bin/python"), own_python("level:strong")
    (('mybot.py', 'venv/bin/python'), ('level:strong', ''))
    """
    name, sep, python = spec.rpartition(":python=")
    if not sep:
        return spec, ""
    if not name or not python:
        raise AsaltoError(f"the bot {quote(spec, 300)}: write NAME:python=PATH, e.g. mybot.py:python=venv/bin/python")
    return name, os.path.expanduser(python)


def _python_home(spec: str) -> list[str]:
    """The folder of a bot's own Python (its virtual environment: ``bin/python``'s parent's parent),
    which its sandbox must show it."""
    _, python = own_python(spec) if not spec.startswith("cmd:") else ("", "")
    return [os.path.dirname(os.path.dirname(os.path.abspath(python)))] if python else []


def _in_full(word: str) -> str:
    """A word that names an existing file or folder, relative to here, as its absolute path."""
    return os.path.abspath(word) if not os.path.isabs(word) and os.path.exists(word) else word


class BotProcess:
    """One bot's process, spoken to through the engine protocol, with its time and memory limits,
    and what it printed in the game it plays (:attr:`printed`: its ``info string`` lines and its
    standard error, each line marked with the ply it was printed at)."""

    def __init__(self, spec: str, limits: Limits) -> None:
        self.spec, self.limits = spec, limits
        env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=_package_path())
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115 - the process's standard error, for its life
        fcntl.fcntl(self.errors.fileno(), fcntl.F_SETFL, os.O_APPEND)  # the bot's writes append, whatever is read
        self.errors_read = 0
        self.printed: list[str] = []
        self.printed_bytes = 0
        try:
            self.jail = sandbox.start(command(spec), env, limits.memory_mb, self.errors, _python_home(spec))
        except OSError as err:
            self.errors.close()
            raise AsaltoError(f"the bot {quote(spec, 300)} cannot be started: {err.strerror or err}") from None
        self.proc = self.jail.proc
        self.selector = selectors.DefaultSelector()
        assert self.proc.stdout is not None
        self.selector.register(self.proc.stdout, selectors.EVENT_READ)
        self.buffer = b""
        self.name = spec
        self.own = 0.0  # the seconds of thinking the bot reported (``info time``)

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # the process is gone: reading its answer says so

    def read_line(self, deadline: float) -> str | None:
        """The next line before ``deadline``; None when time is up; ``''`` when the process is gone."""
        assert self.proc.stdout is not None
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not self.selector.select(left):
                return None
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                return ""
            self.buffer += chunk
            if len(self.buffer) > 1_000_000:
                return "output of over a megabyte with no line end"
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", "replace").rstrip("\r") or " "

    def handshake(self) -> Fault | None:
        self.send("asalto")
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            line = self.read_line(deadline)
            if line is None:
                return Fault(0, "", "timeout", f"no answer to the handshake in {STARTUP_SECONDS:g} s")
            if line == "":
                return self._gone(0, "")
            if line.startswith("id name "):
                self.name = line[8:].strip()
            elif line.startswith("info string "):
                self.note(0, line[12:])  # what it printed as it loaded
            elif line.startswith("fault "):
                kind, _, detail = line[6:].partition(" ")
                return Fault(0, "", _kind(kind, detail), detail)
            elif line == "asaltook":
                return None

    def ask(self, board: Board, ply: int, seconds: float | None, timeleft: float | None) -> tuple[str | Fault, float]:
        """The bot's move text (or its fault) in ``board``, and the seconds it took from the arena's
        question to its answer (:attr:`own` holds the seconds the bot says it thought itself)."""
        moves = " ".join(str(m) for m in board.move_stack)
        self.send(f"position text {board.root.text()}" + (f" moves {moves}" if moves else ""))
        go = "go" + (f" movetime {int(seconds * 1000)}" if seconds else "")
        go += f" timeleft {int(timeleft * 1000)}" if timeleft is not None else ""
        side = board.turn
        began = time.monotonic()
        budget = min(x for x in (seconds, timeleft, 3600.0) if x is not None)
        deadline = began + budget + GRACE_SECONDS
        self.send(go)
        while True:
            line = self.read_line(deadline)
            took = time.monotonic() - began
            if line is None:
                return Fault(ply, side, "timeout", f"no move after {budget:g} s"), took
            if line == "":
                return self._gone(ply, side), took
            word, _, rest = line.partition(" ")
            if word == "bestmove":
                return rest.strip(), took
            if word == "info" and rest.startswith("time "):
                with contextlib.suppress(ValueError):
                    self.own += float(rest[5:].split()[0]) / 1000
                continue
            if word == "info" and rest.startswith("string "):
                self.note(ply, rest[7:])
                continue
            if word == "fault":
                kind, _, detail = rest.partition(" ")
                return Fault(ply, side, _kind(kind, detail), detail), took
            if word == "error":
                return self._settle(Fault(ply, side, "malformed", rest), deadline), took
            if word != "info":
                return self._settle(Fault(ply, side, "stdout", f"printed {quote(line[:200])}"), deadline), took

    def get_ready(self, ply: int, side: str) -> Fault | None:
        """After ``newgame``: wait for the bot to be ready (``isready``), no longer than its time to
        get ready, keeping what it prints meanwhile; the fault if it is not."""
        self.send("isready")
        seconds = self.limits.setup_seconds
        deadline = time.monotonic() + seconds
        while True:
            line = self.read_line(deadline)
            if line is None:
                return Fault(ply, side, "timeout", f"not ready for the game after {seconds:g} s (building its Player)")
            if line == "":
                return self._gone(ply, side)
            word, _, rest = line.partition(" ")
            if line == "readyok":
                return None
            if word == "info" and rest.startswith("string "):
                self.note(ply, rest[7:])
            elif word == "error":
                return self._settle(Fault(ply, side, "malformed", f"newgame: {rest}"), deadline)
            elif word != "info":
                return self._settle(Fault(ply, side, "stdout", f"printed {quote(line[:200])}"), deadline)

    def note(self, ply: int, text: str) -> None:
        """Keep a line the bot printed (up to :data:`LOGGED` bytes a game; past it, only counted)."""
        self.printed_bytes += len(text)
        if self.printed_bytes <= LOGGED:
            self.printed.append(f"[ply {ply}] {text}")

    def read_errors(self, ply: int) -> None:
        """Keep what the process wrote on its standard error since last read."""
        fd = self.errors.fileno()
        while self.printed_bytes <= LOGGED:
            chunk = os.pread(fd, 65536, self.errors_read)
            if not chunk:
                break
            self.errors_read += len(chunk)
            for line in chunk.decode("utf-8", "replace").splitlines():
                if line.strip():
                    self.note(ply, f"stderr: {line.rstrip()}")

    def last_lines(self) -> list[str]:
        """The lines the bot printed last in this game, as a fault shows them."""
        return self.printed[-LAST_LINES:]

    def take_log(self, ply: int) -> list[str]:
        """What the bot printed in the game now ended (its standard error read to its end), the log
        then started afresh for its next game."""
        self.read_errors(ply)
        lines, self.printed = self.printed, []
        if self.printed_bytes > LOGGED:
            lines.append(f"({self.printed_bytes - LOGGED:,} more characters printed, not kept)")
        self.printed_bytes = 0
        with contextlib.suppress(OSError):
            os.ftruncate(self.errors.fileno(), 0)
            self.errors_read = 0
        return lines

    def _settle(self, fault: Fault, deadline: float) -> Fault:
        """A line read before the answer to ``go``: the answers still on their way are read and dropped,
        up to the ``readyok`` of an ``isready``, so that none is taken for a later question's."""
        self.send("isready")
        while True:
            line = self.read_line(deadline)
            if line is None:
                return Fault(fault.ply, fault.side, "timeout", f"{fault.detail}, then no readyok in time")
            if line == "":
                return self._gone(fault.ply, fault.side)
            if line == "readyok":
                return fault

    def _gone(self, ply: int, side: str) -> Fault:
        code = self.jail.returncode()
        why = "was killed (signal 9: out of memory?)" if code == -9 else f"exited with code {code}"
        return Fault(ply, side, "crash", f"the process {why}")

    def close(self) -> None:
        """Ask the bot to quit, then end it and whatever it started (:meth:`sandbox.Jail.close`)."""
        self.send("quit")
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(0.5)
        self.jail.close()
        self.selector.close()
        self.errors.close()
        for pipe in (self.proc.stdin, self.proc.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # a bot that died left its pipe broken
                    pipe.close()


def _kind(kind: str, detail: str) -> str:
    """A ``fault`` line's kind, MemoryError told apart from other exceptions."""
    if kind == "exception" and detail.startswith("MemoryError"):
        return "memory"
    return kind if kind in ("exception", "malformed", "stdout") else "malformed"


def _package_path() -> str:
    """The folder holding asalto_core, first on the bots' path (so they import this engine)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    return os.pathsep.join([here] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])


_idle: list[BotProcess] = []  # this process's bots between games, the most recently used last
_closing_at_exit = [0]  # the process that has asked to close them at its exit
_idle_lock = threading.Lock()  # a Dask worker may play games in several threads
_starts = threading.local()  # how many bot processes this thread has started (see :func:`play_games`)


def _checkout(spec: str, limits: Limits, fresh: bool = False) -> tuple[BotProcess, Fault | None, bool]:
    """A bot's process for a game: an idle one of the same bot (and memory limit) if this process
    has one (unless ``fresh``), else a new one and its handshake's fault, if any; and whether it was
    kept from an earlier game."""
    with _idle_lock:
        for bot in [] if fresh else reversed(_idle):
            if bot.spec == spec and bot.limits.memory_mb == limits.memory_mb and bot.proc.poll() is None:
                _idle.remove(bot)
                bot.limits = limits
                return bot, None, True
    bot = BotProcess(spec, limits)
    _starts.count = _started() + 1
    return bot, bot.handshake(), False


def _started() -> int:
    return getattr(_starts, "count", 0)


def _checkin(bot: BotProcess, doubtful: bool) -> None:
    """After a game: the bot's process kept for the next one, or closed if the game left it in doubt
    (or ended before its end: an interrupted game's question may still be on its way), or if it
    left processes of its own running: they end with the game."""
    if doubtful or bot.proc.poll() is not None or bot.jail.strays():
        bot.close()
        return
    with _idle_lock:
        if _closing_at_exit[0] != os.getpid():  # once per process: a pool's workers run these at their exit too
            multiprocessing.util.Finalize(None, close_idle, exitpriority=10)
            _closing_at_exit[0] = os.getpid()
        _idle.append(bot)
        evicted = _idle[:-KEPT] if len(_idle) > KEPT else []
        del _idle[: len(evicted)]
    for old in evicted:
        old.close()


def close_idle() -> None:
    """Close the bot processes kept between games (a process playing games does so as it exits)."""
    with _idle_lock:
        bots = _idle[:]
        _idle.clear()
    for bot in bots:
        bot.close()


# -- one game -----------------------------------------------------------------------------------


@dataclass
class Job:
    """One game to play: its number, the bots on each side, the opening moves, the limits."""

    id: int
    round: int
    ruleset: str
    officers: str
    rebels: str
    opening: list[str]
    limits: Limits
    max_plies: int = 400
    event: str = "Asalto arena"
    logs: str = ""  # a folder for what each bot prints, one file per bot per game (``--bot-logs``)


def play_game(job: Job) -> dict[str, Any]:
    """Play one game to its end and return it as the results file's line (plain data)."""
    board = Board(job.ruleset)
    for move in job.opening:
        board.push(move)
    specs = {"officers": job.officers, "rebels": job.rebels}
    bots: dict[str, BotProcess] = {}
    faults: list[Fault] = []
    thinking = {"officers": 0.0, "rebels": 0.0}
    clocks = {side: job.limits.game_seconds for side in specs}
    winner: str | None = None
    reason = ""
    started = time.monotonic()
    comments: dict[int, str] = {}
    own: dict[str, float] = {}
    try:
        for side in ("rebels", "officers"):
            for fresh in (False, True):
                bot, fault, kept = _checkout(specs[side], job.limits, fresh)
                bots[side], own[side] = bot, bot.own
                if fault is None:
                    bot.send(f"newgame {board.ruleset} {side}")
                    fault = bot.get_ready(len(board.move_stack), side)
                if not (kept and fault is not None and fault.kind == "crash"):
                    break
                bot.close()  # a kept process that ended while idle, before this game asked it anything: a fresh one
            if fault is not None:
                fault.side, fault.ply = side, len(board.move_stack)
                bot.read_errors(fault.ply)
                fault.printed = bot.last_lines()
                faults.append(fault)
                winner, reason = _other(side), f"{side} {fault.kind}: {fault.detail}"
                break
        passes = find_ruleset(job.ruleset).forfeit == "passes"
        while not reason:
            done = board.outcome()
            if done:
                winner, reason = done.winner, done.describe()
                break
            if len(board.move_stack) >= job.max_plies:
                winner, reason = _adjudicate(board, job.max_plies)
                break
            side = board.turn
            ply = len(board.move_stack)
            answer, took = bots[side].ask(board, ply, job.limits.move_seconds, clocks[side])
            bots[side].read_errors(ply)
            thinking[side] += took
            if clocks[side] is not None:
                clocks[side] = max(0.0, clocks[side] - took)  # type: ignore[operator]
            if isinstance(answer, str):
                try:
                    board.push(answer)
                    continue
                except AsaltoError as err:
                    kind = "malformed" if not _is_move(answer) else "illegal"
                    answer = Fault(ply, side, kind, f"{quote(answer)}: {err}")
            answer.printed = bots[side].last_lines()
            faults.append(answer)
            if answer.kind in LOSING or not passes:
                winner, reason = _other(side), f"{side} {answer.kind}: {answer.detail}"
                break
            comments[ply] = f"{side} {answer.kind} (counted; the turn passes): {answer.detail}"
            board.push("--")
    finally:
        for side, bot in bots.items():
            printed = bot.take_log(len(board.move_stack))
            if job.logs:
                _write_log(job, side, bot.spec, printed)
            _checkin(bot, any(f.side == side and f.kind in RESTART for f in faults) or not reason)
    names = {side: bots[side].name if side in bots else specs[side] for side in specs}
    wall = time.monotonic() - started
    return {
        "id": job.id,
        "round": job.round,
        "ruleset": job.ruleset,
        "officers": job.officers,
        "rebels": job.rebels,
        "names": names,
        "opening": job.opening,
        "moves": [str(m) for m in board.move_stack[len(job.opening) :]],
        "winner": winner,
        "reason": reason,
        "faults": [asdict(f) for f in faults],
        "thinking": thinking,
        "bot_seconds": {side: bots[side].own - own[side] if side in bots else 0.0 for side in specs},
        "wall_seconds": wall,
        "record": _record(job, names, board, winner, reason, comments),
    }


def play_games(jobs: list[Job]) -> list[dict[str, Any]]:
    """Play a task's games one after the other, each line as :func:`play_game`'s with two counts of
    the arena's own work (bench/arena.py): ``processes_started``, the bot processes the game
    started (0 when both were kept from an earlier game), and ``arena_cpu_seconds``."""
    games = []
    for job in jobs:
        before, cpu = _started(), time.thread_time()
        game = play_game(job)
        game["processes_started"] = _started() - before
        game["arena_cpu_seconds"] = time.thread_time() - cpu  # the arena's own work: checks, protocol, record
        games.append(game)
    return games


def batches(jobs: list[Job], slots: int) -> list[list[Job]]:
    """The games cut into tasks for ``slots`` games at once: each task's games between the same two
    bots (a task's process starts their processes once and keeps them), at least
    :data:`TASKS_A_SLOT` tasks a slot so that none idles while another plays a long task to the end,
    and the pairs taken in turn so that the last tasks are not all one pair's."""
    size = max(1, min(BATCH, len(jobs) // (max(1, slots) * TASKS_A_SLOT)))
    by_pair: dict[frozenset[str], list[Job]] = {}
    for job in jobs:
        by_pair.setdefault(frozenset((job.officers, job.rebels)), []).append(job)
    cut = [[group[i : i + size] for i in range(0, len(group), size)] for group in by_pair.values()]
    return [task for turn in itertools.zip_longest(*cut) for task in turn if task]


def log_path(folder: str, game_id: int, side: str) -> str:
    """The file of what one side's bot printed in one game (``--bot-logs``)."""
    return os.path.join(folder, f"game-{game_id + 1:04d}-{side}.log")


def _write_log(job: Job, side: str, spec: str, printed: list[str]) -> None:
    """What the bot printed in the game, one line each, under a line saying whose and which game."""
    head = f"# {spec} as the {side} in game {job.id + 1} (round {job.round + 1}): its prints and standard error\n"
    with open(log_path(job.logs, job.id, side), "w", encoding="utf-8") as out:
        out.write(head + "".join(line + "\n" for line in printed))


def _is_move(text: str) -> bool:
    from .notation import Move

    try:
        Move.parse(text)
    except AsaltoError:
        return False
    return True


def _other(side: str) -> str:
    return "officers" if side == "rebels" else "rebels"


def _adjudicate(board: Board, plies: int) -> tuple[str | None, str]:
    """At the move cap: a win the engine proves within a few plies, else a draw."""
    from .movegen import OFFICERS, REBELS
    from .proof import OutOfProof, forces_win

    state = board.position.state
    for who, name in ((OFFICERS, "officers"), (REBELS, "rebels")):
        try:
            if forces_win(board.ruleset, state, who, 5, budget=200_000):
                return name, f"adjudicated after {plies} plies: the engine proves the {name} win"
        except OutOfProof:
            continue
    return None, f"adjudicated a draw after {plies} plies (the move cap)"


def _record(
    job: Job, names: dict[str, str], board: Board, winner: str | None, reason: str, notes: dict[int, str]
) -> str:
    """The game as a record: its tags, its moves with each fault as a comment, the result and why."""
    game = Game(
        job.ruleset,
        tags={"Event": f"{job.event}, game {job.id + 1}", "Round": str(job.round + 1), "Officers": names["officers"],
              "Rebels": names["rebels"], "Result": f"{winner}-win" if winner else "draw" if reason else "*"},
    )  # fmt: skip
    for ply, move in enumerate(board.move_stack):
        game.play(move)
        if ply in notes:
            game.comment(notes[ply])
    game.comment(f"{' '.join(game.comments[-1].split())} {reason}".strip())
    return game.record()


# -- tournaments ---------------------------------------------------------------------------------


def openings(ruleset: str, count: int, plies: int, seed: int) -> list[list[str]]:
    """``count`` openings of ``plies`` random legal moves from the start, seeded, each balanced
    (:func:`balanced`: no pass, no officer lost, no result the engine proves within a few plies)."""
    rng = random.Random(f"{ruleset}:{seed}")
    out: list[list[str]] = []
    for _ in range(count + OPENING_TRIES):
        if len(out) == count:
            break
        board = Board(ruleset)
        for _ in range(plies):
            moves = [m for m in board.legal_moves if not m.null]
            if not moves:
                break
            board.push(rng.choice(moves))
        if balanced(board):
            out.append([str(m) for m in board.move_stack])
    if len(out) < count:
        raise AsaltoError(f"{count + OPENING_TRIES} tries found {len(out)} of {count} balanced openings of {plies} "
                          f"random plies in {ruleset}: ask for fewer plies")  # fmt: skip
    return out


def balanced(board: Board) -> bool:
    """Whether a random opening leaves a game to play: not over, every officer of the start still
    on the board (or still to be placed), and neither side with a win the engine proves within
    :data:`PROVEN_PLIES` plies."""
    from .movegen import OFFICERS, REBELS
    from .proof import OutOfProof, forces_win

    if board.is_game_over() or _officer_lost(board):
        return False
    for who in (OFFICERS, REBELS):
        try:
            if forces_win(board.ruleset, board.position.state, who, PROVEN_PLIES, budget=PROOF_BUDGET):
                return False
        except OutOfProof:
            continue
    return True


def _officer_lost(board: Board) -> bool:
    """Whether an officer left the board in the game so far (officers only come by being placed)."""
    replay = Board.from_text(board.root.text())
    most = count = _officers(replay)
    for move in board.move_stack:
        replay.push(move)
        count = _officers(replay)
        most = max(most, count)
    return count < most


def _officers(board: Board) -> int:
    return sum(piece == "O" for piece in board.pieces().values())


def schedule(
    bots: list[str], ruleset: str, rounds: int, gauntlet: bool, limits: Limits, opening_plies: int, seed: int,
    max_plies: int = 400, event: str = "Asalto arena", logs: str = "",
) -> list[Job]:  # fmt: skip
    """Every game of a round robin (each pair) or a gauntlet (the first bot against each other),
    ``rounds`` times, each round's opening played twice per pair with the colours swapped."""
    if len(bots) < 2:
        raise AsaltoError("a match needs at least two bots")
    pairs = (
        [(bots[0], b) for b in bots[1:]] if gauntlet else [(a, b) for i, a in enumerate(bots) for b in bots[i + 1 :]]
    )
    lines = openings(ruleset, rounds, opening_plies, seed) if opening_plies else [[] for _ in range(rounds)]
    jobs: list[Job] = []
    for r, line in enumerate(lines):
        for a, b in pairs:
            for officers, rebels in ((a, b), (b, a)):
                jobs.append(Job(len(jobs), r, ruleset, officers, rebels, line, limits, max_plies, event, logs))
    return jobs


def report(results: list[dict[str, Any]], bots: list[str]) -> str:
    """The ranking (Elo against the field with its 95% error bar) and the crosstable, as text."""
    rows = ranking(results, bots)
    width = max(len(b) for b in bots)
    out = [f"{'Rank':<5}{'Bot':<{width + 2}}{'Elo':>6}{'+/-':>6}{'Games':>7}{'Score':>8}{'Draws':>7}{'Faults':>8}"]
    for row in rows:
        if row["games"]:
            if row["margin"] is None:  # every game one way: no finite figure, as cutechess-cli says
                rating, bar = f"{'inf' if row['wins'] else '-inf':>6}", f"{'inf':>6}"
            else:
                rating, bar = f"{row['elo']:6.0f}", f"{row['margin']:6.0f}"
            line = f"{rating}{bar}{row['games']:7d}{row['percent']:7.1f}%{row['draws_percent']:6.1f}%"
        else:
            line = f"{'-':>6}{'-':>6}{0:7d}{'-':>8}{'-':>7}"
        out.append(f"{row['rank']:<5}{row['bot']:<{width + 2}}{line}{row['faults']:8d}")
    out += ["", "Crosstable (points scored by the row's bot against the column's):", ""]
    out.append(f"{'':<{width + 6}}" + "".join(f"{row['rank']:>8}" for row in rows))
    for row in rows:
        cells = []
        for other in rows:
            got = row["against"].get(other["bot"])
            cells.append(f"{'':>8}" if other is row else f"{_half(got[0])}/{got[1]}".rjust(8) if got else f"{'-':>8}")
        out.append(f"{row['rank']:<4}  {row['bot']:<{width}}" + "".join(cells))
    return "\n".join(out)


def _half(x: float) -> str:
    return f"{x:g}" if x != int(x) else str(int(x))


def tournament_of(jobs: list[Job], bots: list[str], **more: Any) -> dict[str, Any]:
    """What names a tournament in its results file's first line: its bots, rules and limits, and
    whatever else the caller gives (the command line adds its rounds, openings and seed)."""
    first = jobs[0] if jobs else Job(0, 0, "", "", "", [], Limits())
    return {"bots": bots, "ruleset": first.ruleset, **asdict(first.limits), "max_plies": first.max_plies,
            "event": first.event, **more}  # fmt: skip


def read_results(path: str, tournament: dict[str, Any], jobs: list[Job]) -> results_file.Loaded:
    """The games of this tournament already in its results file (none if new: the file is then
    started), each checked once; :class:`AsaltoError` for another tournament's file."""
    schedule = {j.id: {"round": j.round, "ruleset": j.ruleset, "officers": j.officers, "rebels": j.rebels,
                       "opening": j.opening} for j in jobs}  # fmt: skip
    return results_file.start(path, tournament, schedule)


class Progress:
    """A one-line progress bar on standard error: games done, of how many, and the score so far."""

    def __init__(self, total: int, done: int, stream: Any = None, width: int = 30) -> None:
        self.total, self.done, self.width = total, done, width
        self.stream = stream if stream is not None else sys.stderr
        self.began = time.monotonic()

    def update(self, note: str = "") -> None:
        self.done += 1
        filled = self.width * self.done // max(self.total, 1)
        rate = self.done / max(time.monotonic() - self.began, 1e-9) * 60
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} games, "
                          f"{rate:.1f}/min {note}".ljust(100)[:120])  # fmt: skip
        self.stream.flush()

    def finish(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def run(
    jobs: list[Job],
    bots: list[str],
    *,
    results_path: str = "",
    record_path: str = "",
    concurrency: int = 1,
    executor: Any = None,
    sprt_bounds: tuple[float, float, float, float] | None = None,
    progress: Progress | bool = True,
    tournament: dict[str, Any] | None = None,
) -> tuple[list[dict[str, Any]], str]:
    """Play every job not yet in the results file; return all the results and why it stopped
    (``''`` when all were played, or the SPRT's verdict). ``executor``: any object with
    ``submit(fn, arg) -> future`` (a Dask client); by default a pool of ``concurrency`` processes.
    ``tournament`` names it in the results file (by default :func:`tournament_of` the jobs)."""
    loaded = (
        read_results(results_path, tournament or tournament_of(jobs, bots), jobs)
        if results_path
        else results_file.Loaded()
    )
    for note in loaded.set_aside:
        print(f"the results file {quote(results_path, 200)}, {note}: set aside (not counted)", file=sys.stderr)
    if record_path:
        _writable(record_path)
    done = loaded.games
    done_ids = {r["id"] for r in done}
    todo = [j for j in jobs if j.id not in done_ids]
    bar = (
        progress if isinstance(progress, Progress) else Progress(len(jobs), len(jobs) - len(todo)) if progress else None
    )
    stop = _sprt_verdict(done, bots, sprt_bounds)
    own = executor is None
    sandbox.here()  # found once, before the games' processes fork (they inherit it)
    # The arena's own pool: a process a slot, so that each slot is given the task whose bots it keeps.
    slots = (
        [ProcessPoolExecutor(1, initializer=sandbox.die_with_parent) for _ in range(max(1, concurrency))] if own else []
    )
    holds: list[list[str]] = [[] for _ in slots]  # the bots each slot's process keeps, as _checkin keeps them
    busy: dict[Future[Any], int] = {}
    pending: set[Future[Any]] = set()
    waiting = Waiting(batches(todo, _slots(executor, concurrency)), done)
    try:
        while not stop:
            for slot, pool in enumerate(slots):
                if waiting and slot not in busy.values():
                    future = pool.submit(play_games, waiting.for_slot(holds[slot]))
                    busy[future] = slot
                    pending.add(future)
            # On a cluster, one task more than its threads, to start as soon as one frees (workers may join late).
            while not own and waiting and len(pending) <= _slots(executor, concurrency):
                pending.add(executor.submit(play_games, waiting.longest()))
            if not pending:
                break
            finished, pending = _wait(pending)
            for future in finished:
                slot = busy.pop(future, -1)
                for game in future.result():
                    if slot >= 0:
                        holds[slot] = _kept_after(holds[slot], game)
                    waiting.took(game)
                    done.append(game)
                    _save(game, results_path, record_path)
                    stop = stop or _sprt_verdict(done, bots, sprt_bounds)
                    if bar:
                        bar.update(f"last: {game['winner'] or 'draw'}")
    finally:
        for future in pending:
            future.cancel()
        for pool in slots:  # each slot's process told first, then each waited for: they end together
            pool.shutdown(wait=False, cancel_futures=True)
        for pool in slots:
            pool.shutdown(wait=True)
        if bar:
            bar.finish()
    return done, stop


class Waiting:
    """The tasks not yet given to a slot, the longest first: a pair not yet seen first (what its games
    take is not known yet), then the pair whose games have taken longest on average. The slot that
    draws a long game last plays on alone at the end; started early, it ends among the others."""

    def __init__(self, tasks: list[list[Job]], played: list[dict[str, Any]]) -> None:
        self.pairs: dict[frozenset[str], list[list[Job]]] = {}
        for task in tasks:
            self.pairs.setdefault(frozenset((task[0].officers, task[0].rebels)), []).append(task)
        for stack in self.pairs.values():
            stack.reverse()  # the pair's next task last
        self.seconds: dict[frozenset[str], list[float]] = {}
        for game in played:
            self.took(game)

    def __bool__(self) -> bool:
        return any(self.pairs.values())

    def took(self, game: dict[str, Any]) -> None:
        """A game played: its pair's time."""
        total = self.seconds.setdefault(frozenset((game["officers"], game["rebels"])), [0.0, 0])
        total[0] += game["wall_seconds"]
        total[1] += 1

    def expected(self, pair: frozenset[str]) -> float:
        """A game's expected seconds between the two bots: their games' average so far, or
        unknown (infinite: tried first) before one has ended."""
        total, games = self.seconds.get(pair, (0.0, 0))
        return total / games if games else math.inf

    def longest(self) -> list[Job]:
        """The next task (of a pair that has one left)."""
        return self.for_slot([])

    def for_slot(self, kept: list[str]) -> list[Job]:
        """The next task for a slot that keeps the processes of the bots ``kept``: of the pairs that
        need the fewest of theirs started, the longest (a start costs a Python and its imports, and
        a bot's own model loaded, as many seconds as some games take)."""
        starts = {pair: len(pair - set(kept)) for pair, tasks in self.pairs.items() if tasks}
        fewest = min(starts.values())
        pair = max((p for p in starts if starts[p] == fewest), key=self.expected)  # the first of equals
        return self.pairs[pair].pop()


def _kept_after(kept: list[str], game: dict[str, Any]) -> list[str]:
    """The bots a slot's process keeps after ``game``: its two bots the most recent, at most :data:`KEPT`."""
    for bot in (game["rebels"], game["officers"]):
        kept = [b for b in kept if b != bot] + [bot]
    return kept[-KEPT:]


def _slots(executor: Any, concurrency: int) -> int:
    """Games played at once: ``concurrency`` in the arena's own pool, every thread of a Dask
    cluster's workers (each plays one game at a time)."""
    threads = getattr(executor, "nthreads", None)
    if executor is not None and callable(threads):
        return max(1, int(sum(threads().values())))
    return max(1, concurrency)


def _wait(pending: set[Any]) -> tuple[set[Any], set[Any]]:
    """Wait for at least one game (``concurrent.futures`` or Dask futures alike)."""
    if all(isinstance(f, Future) for f in pending):
        done, rest = wait(pending, return_when=FIRST_COMPLETED)
        return set(done), set(rest)
    done, rest = _distributed().wait(list(pending), return_when="FIRST_COMPLETED")
    return set(done), set(rest)


def _save(game: dict[str, Any], results_path: str, record_path: str) -> None:
    """Append the game to the results file, then to the multi-game record, each whole."""
    if results_path:
        results_file.append(results_path, json.dumps(game))
    if record_path:
        results_file.append(record_path, game["record"])


def _writable(path: str) -> None:
    """Stop before the first game if a file the arena writes cannot be written."""
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except OSError as err:
        raise AsaltoError(f"cannot write {quote(path)}: {err.strerror}") from None


def _sprt_verdict(
    results: list[dict[str, Any]], bots: list[str], bounds: tuple[float, float, float, float] | None
) -> str:
    """The SPRT's verdict on the first bot against the second (a match), or ``''``."""
    if bounds is None or len(bots) != 2:
        return ""
    s = standings(results, bots)
    first = next(x for x in s if x.bot == bots[0])
    llr, verdict = sprt(first.wins, first.draws, first.losses, *bounds)
    return f"SPRT: {verdict} accepted (LLR {llr:.2f})" if verdict else ""


RANGES = (  # each number of the command line: its option, least and greatest value (what a game can use)
    ("move_time", "--move-time", 0.01, 86_400.0),
    ("game_time", "--game-time", 0.01, 30 * 86_400.0),
    ("memory", "--memory", 32, 1 << 20),
    ("rounds", "--rounds", 1, 100_000),
    ("opening_plies", "--opening-plies", 0, 100),
    ("concurrency", "--concurrency", 1, 256),
    ("max_plies", "--max-plies", 1, 5_000),
    ("setup_time", "--setup-time", 0.01, 86_400.0),
)


def fill_defaults(args: Any) -> None:
    """The options the command line left unset, from the ruleset's :func:`defaults`."""
    chosen = defaults(args.ruleset)
    if args.move_time is None:
        args.move_time = chosen.move_seconds
    if args.max_plies is None:
        args.max_plies = chosen.max_plies
    if args.opening_plies is None:
        args.opening_plies = chosen.opening_plies


def check_arguments(args: Any, bots: list[str]) -> None:
    """Every argument of ``asalto match`` and ``tournament`` checked before the first game:
    :class:`AsaltoError` (exit 2) with what is wrong."""
    for name, option, least, most in RANGES:
        value = getattr(args, name)
        if value is not None and not least <= value <= most:  # also NaN: no comparison holds
            raise AsaltoError(f"{option} {value} is outside {_figure(least)} to {_figure(most)}")
    if args.opening_plies >= args.max_plies:
        raise AsaltoError(f"--opening-plies {args.opening_plies} leaves no move before --max-plies {args.max_plies}")
    for spec in bots:
        command(spec)
        name, python = own_python(spec) if not spec.startswith("cmd:") else (spec, "")
        if name.endswith(".py") and not os.path.isfile(name):
            raise AsaltoError(f"no bot file {quote(name)}")
        if python and not os.access(python, os.X_OK):
            raise AsaltoError(f"the bot {quote(spec, 300)}: no Python at {quote(python, 300)}")
    if args.record:
        _writable(args.record)
    if args.bot_logs:
        try:
            os.makedirs(args.bot_logs, exist_ok=True)
        except OSError as err:
            raise AsaltoError(f"cannot make the folder {quote(args.bot_logs)} for --bot-logs: {err.strerror}") from None
        _writable(log_path(args.bot_logs, 0, "rebels"))
        os.remove(log_path(args.bot_logs, 0, "rebels"))


def check_bots(bots: list[str], limits: Limits) -> None:
    """Start each bot once, before the first game: one that cannot be found or started (a misspelled
    name, a file that does not load, a missing program) stops the run with what it said, instead of
    losing every game by forfeit."""
    for spec in dict.fromkeys(bots):
        bot = BotProcess(spec, limits)
        try:
            fault = bot.handshake()
            bot.read_errors(0)
            said = bot.last_lines()
        finally:
            bot.close()
        if fault is not None:
            printed = "; it printed: " + " | ".join(said) if said else ""
            raise AsaltoError(f"the bot {quote(spec, 300)} cannot play: {fault.detail}{printed}")


def _figure(x: float) -> str:
    return f"{x:,.0f}" if x == int(x) else f"{x:g}"


def main(args: Any, bots: list[str], gauntlet: bool) -> int:
    """``asalto match`` and ``asalto tournament``: play, then print the ranking and crosstable."""
    fill_defaults(args)
    check_arguments(args, bots)
    limits = Limits(args.move_time if not args.game_time else None, args.game_time, args.memory, args.setup_time)
    jobs = schedule(bots, find_ruleset(args.ruleset).name, args.rounds, gauntlet, limits, args.opening_plies,
                    args.seed, args.max_plies, args.event, args.bot_logs)  # fmt: skip
    sprt_bounds = _sprt_bounds(args.sprt) if getattr(args, "sprt", None) else None
    named = tournament_of(jobs, bots, gauntlet=gauntlet, rounds=args.rounds, opening_plies=args.opening_plies,
                          seed=args.seed)  # fmt: skip
    if args.results:
        read_results(args.results, named, jobs)  # a file that cannot be used stops the run here, before any game
    print(f"{len(jobs)} games; {sandbox.describe()}", flush=True)
    check_bots(bots, limits)
    executor = _dask_client(args.dask, args.concurrency) if args.dask else None
    results, stopped = run(
        jobs, bots, results_path=args.results, record_path=args.record, concurrency=args.concurrency,
        executor=executor, sprt_bounds=sprt_bounds, progress=not args.quiet, tournament=named,
    )  # fmt: skip
    if executor is not None:
        executor.close()
    if stopped:
        print(stopped)
    print(report(results, bots))
    listed = faults_report(results)
    if listed:
        print(f"\n{listed}")
    return 0


def faults_report(results: list[dict[str, Any]], most: int = 20) -> str:
    """The faults of the games, each with the last lines its bot printed before it (the first
    ``most``; the results file holds them all)."""
    every = [(game, fault) for game in sorted(results, key=lambda g: g["id"]) for fault in game["faults"]]
    if not every:
        return ""
    more = f" ({len(every) - most} more in the results file)" if len(every) > most else ""
    out = [f"Faults, each with the last lines its bot printed before it{more}:"]
    for game, fault in every[:most]:
        who = game[fault["side"]] if fault["side"] in ("officers", "rebels") else "?"
        where = f"game {game['id'] + 1}, ply {fault['ply']}: {who} ({fault['side']})"
        out.append(f"{where} {fault['kind']}: {fault['detail']}")
        out += [f"    {line}" for line in fault.get("printed", [])]
    return "\n".join(out)


def _sprt_bounds(text: str) -> tuple[float, float, float, float]:
    """``--sprt elo0,elo1,alpha,beta``, each checked."""
    try:
        elo0, elo1, alpha, beta = (float(x) for x in text.split(","))
    except ValueError:
        raise AsaltoError(f"--sprt takes elo0,elo1,alpha,beta, e.g. 0,50,0.05,0.05, not {quote(text)}") from None
    if not (elo0 < elo1 and 0 < alpha < 1 and 0 < beta < 1):
        raise AsaltoError(f"--sprt {quote(text)}: elo0 must be below elo1, alpha and beta between 0 and 1")
    return elo0, elo1, alpha, beta


def _dask_client(address: str, workers: int) -> Any:
    """A Dask client: ``local`` starts a cluster of ``workers`` processes on this machine, anything
    else is a scheduler's address (``tcp://host:8786``), whose workers need asalto_core installed."""
    client = _distributed().Client
    if address == "local":
        return client(processes=True, n_workers=workers, threads_per_worker=1, dashboard_address=None)
    return client(address)


def _distributed() -> Any:
    """Dask's ``distributed`` (the optional extra), or a clear error without it."""
    import importlib

    try:
        return importlib.import_module("distributed")
    except ImportError:
        raise AsaltoError("--dask needs Dask distributed: pip install 'asalto_core[dask]'") from None
