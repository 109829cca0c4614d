"""Hostile bots in the arena: each tries what a student's bot must not do (read another process,
forge a result, outlive its game and the arena, reach the network) and the test reads what it got,
and checks it against what the tournament's first line says holds.

Each runs under every sandbox this machine can give (asalto_core.sandbox): as found (bubblewrap,
and a user id of its own when the tests run as root), without bubblewrap (a user id of its own
alone), as an unprivileged user (root only: the arena run through setpriv by the system's Python),
and with nothing (no bubblewrap, no user id: what a bare laptop gets, said so by ``describe``)."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import arena, sandbox
from asalto_core.arena import Job, Limits, play_game
from helpers import processes_with

ROOT = Path(__file__).resolve().parent.parent
BOTS = Path(__file__).parent / "bots"
SECRET = "ASALTO_TEST_SECRET"  # in the arena's environment: no bot may see it
USER = 61_234  # the unprivileged user the arena runs as in the "user" mode (no account has it)
SYSTEM_PYTHON = "/usr/bin/python3"  # one every user may run (the tests' own may sit in /root)


def _modes() -> list[str]:
    here = sandbox.here()
    modes = ["found"]
    if here.own_user:
        modes.append("user id alone")
    unprivileged = (
        os.geteuid() == 0 and shutil.which("setpriv") and os.access(SYSTEM_PYTHON, os.X_OK) and _has_no_account(USER)
    )
    if here.bwrap and unprivileged:
        modes.append("unprivileged")
    modes.append("nothing")
    if unprivileged:
        modes.append("unprivileged, nothing")  # a student's laptop without bubblewrap
    return modes


def _has_no_account(uid: int) -> bool:
    try:
        pwd.getpwuid(uid)
    except KeyError:
        return True
    return False


MODES = _modes()
WITHOUT = {"found": "", "user id alone": "bwrap", "unprivileged": "", "nothing": "bwrap,user",
           "unprivileged, nothing": "bwrap"}  # fmt: skip
NOTHING = ("nothing", "unprivileged, nothing")  # no sandbox: what a bot gets follows what the first line says


@pytest.fixture
def folder():
    """A tournament's folder others may enter (the unprivileged arena writes there)."""
    path = Path(tempfile.mkdtemp(prefix="asalto-hostile-"))
    path.chmod(0o755)
    yield path
    shutil.rmtree(path, ignore_errors=True)


def hostile(name: str, folder: Path, **targets: object) -> str:
    """A copy of the hostile bot ``name`` in ``folder``, told its targets."""
    text = (BOTS / f"{name}.py").read_text()
    if targets:
        start = text.index("TARGETS = {")
        text = text[:start] + f"TARGETS = {targets!r}" + text[text.index("\n", start) :]
    path = folder / f"{name}.py"
    path.write_text(text)
    return str(path)


def readable_package(folder: Path) -> Path:
    """A copy of asalto_core in ``folder``, for the unprivileged user: the checkout may sit where no
    other user can read (a fresh clone in a temporary folder is its owner's alone)."""
    copy = folder / "pkg"
    shutil.copytree(ROOT / "pkg" / "asalto_core", copy / "asalto_core", ignore=shutil.ignore_patterns("__pycache__"))
    for path in [copy, *copy.rglob("*")]:
        path.chmod(0o755 if path.is_dir() else 0o644)
    return copy


def arena_command(mode: str, folder: Path, bots: list[str], *more: str) -> tuple[list[str], dict, object]:
    """The command line of a match of ``bots`` (each side once) in ``mode``, its environment and
    what starts it (setpriv's user for the unprivileged mode)."""
    results, record = folder / "results.jsonl", folder / "games.asalto"
    python = SYSTEM_PYTHON if mode.startswith("unprivileged") else sys.executable
    argv = [python, "-m", "asalto_core", "match", *bots, "--ruleset", "assault", "--opening-plies", "0",
            "--max-plies", "6", "--move-time", "20", "--quiet", "--results", str(results), "--record", str(record),
            *more]  # fmt: skip
    env = dict(os.environ, PYTHONPATH=str(ROOT / "pkg"), ASALTO_SANDBOX_WITHOUT=WITHOUT[mode], TEACHER=SECRET)
    enter = None
    if mode.startswith("unprivileged"):
        env["PYTHONPATH"] = str(readable_package(folder))
        for path in folder.iterdir():
            os.chown(path, USER, USER)
        os.chown(folder, USER, USER)

        def enter() -> None:
            os.setgroups([])
            os.setgid(USER)
            os.setuid(USER)

        env["HOME"] = str(folder)
    return argv, env, enter


def match(mode: str, folder: Path, bots: list[str]) -> tuple[str, list[dict]]:
    """Play the match; its first line (what the sandbox holds) and the games of its results file."""
    argv, env, enter = arena_command(mode, folder, bots)
    done = subprocess.run(argv, env=env, preexec_fn=enter, capture_output=True, text=True, timeout=300 * TIME_FACTOR)  # noqa: PLW1509
    assert done.returncode == 0, done.stderr
    lines = (folder / "results.jsonl").read_text().splitlines()
    header, games = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    said = done.stdout.splitlines()[0]
    assert header["asalto-tournament"] == 1 and (mode not in NOTHING or "NOT sandboxed" in said)
    if "write wherever you can" not in said:  # the arena's own two games, and nothing else
        assert sorted(g["id"] for g in games) == [0, 1] and all(g["reason"] != "forged" for g in games)
    return said, [g for g in games if g["reason"] != "forged"]


def answers(games: list[dict], bot: str) -> list[str]:
    """What the hostile bot answered instead of a move, in each game (its fault's detail)."""
    out = []
    for game in games:
        side = "officers" if game["officers"] == bot else "rebels"
        assert game["winner"] != side and [f["kind"] for f in game["faults"]] == ["malformed"]
        out.append(game["faults"][0]["detail"].split("'")[1])
    return out


@pytest.mark.parametrize("mode", MODES)
def test_a_bot_reads_no_other_process(mode, folder):
    spy = hostile("spy", folder)
    said, games = match(mode, folder, [spy, "examples:random"])
    got = answers(games, spy)
    if "can read your other processes" in said:  # no sandbox here (the first line says so): the spy reads
        assert all(a.endswith("secret Y") for a in got), got
        return
    for answer in got:  # it saw the other bot and the arena (or nothing at all) and read neither
        words = answer.split()
        assert words[3:] == ["env", "0", "mem", "0", "secret", "N"], answer


@pytest.mark.parametrize("mode", MODES)
def test_a_bot_cannot_forge_a_result(mode, folder):
    results, record = folder / "results.jsonl", folder / "games.asalto"
    tmp = f"/tmp/asalto-forged-{folder.name}"  # this test's own: another test's forger writes its own
    forger = hostile("forger", folder, results=str(results), record=str(record), me="", tmp=tmp)
    forger = hostile("forger", folder, results=str(results), record=str(record), me=forger, tmp=tmp)
    said, games = match(mode, folder, [forger, "examples:random"])
    got = answers(games, forger)
    written = set(Path("/tmp").glob(f"asalto-forged-{folder.name}-*"))
    for path in written:
        path.unlink()
    text = results.read_text()
    if "write wherever you can" in said:
        assert all(a.startswith("forger results ok record ok") for a in got) and '"forged"' in text
        return
    assert all(a.startswith("forger results no record no tmp ok home ok") for a in got), got
    assert "forged" not in text and "forged" not in record.read_text()
    assert [g["reason"] for g in games] == [f"{side} malformed: " + g["faults"][0]["detail"] for side, g in
                                            zip(("officers", "rebels"), games, strict=True)]  # fmt: skip
    if said.startswith("2 games; bots run in bubblewrap"):  # its /tmp was its own
        assert not written
    else:
        assert "may write where every user may (/tmp)" in said


@pytest.mark.parametrize("mode", MODES)
def test_a_bot_reaches_no_network(mode, folder):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    caller = hostile("caller", folder, port=listener.getsockname()[1])
    said, games = match(mode, folder, [caller, "examples:random"])
    got = answers(games, caller)
    with contextlib.suppress(BlockingIOError):
        listener.accept()[0].close()
        assert "WITH network" in said and got == ["caller connected"] * 2
        return
    listener.close()
    assert all(a.startswith("caller refused") for a in got) and "WITH network" not in said


def ended(mark: str) -> None:
    """Wait until no process's command line holds ``mark``: on each one's exit, told by its pidfd
    (the kernel's own mark, no clock); those that start meanwhile are waited for in turn."""
    while pids := processes_with(mark):
        for pid in pids:
            try:
                exited = os.pidfd_open(pid)
            except ProcessLookupError:  # gone already
                continue
            try:
                select.select([exited], [], [])  # readable once the process has exited
            finally:
                os.close(exited)


def bot_folders(mark: str) -> list[str]:
    """The working folders of the bots started by the processes whose command lines hold ``mark``
    (each bot's keeper is told its folder: asalto_core/sandbox.py's plan); none under bubblewrap
    (a /tmp of its own)."""
    parents = {str(pid) for pid in processes_with(mark)}
    out = []
    for name in os.listdir("/proc"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = Path(f"/proc/{name}/stat").read_bytes()
            argv = Path(f"/proc/{name}/cmdline").read_bytes().decode().split("\0")
            if stat.rsplit(b")", 1)[1].split()[1].decode() in parents and argv[3].endswith("sandbox.py"):
                out.append(json.loads(argv[4])["folder"])  # python -I -S sandbox.py PLAN bot...
    return out


class Sleepers:
    """A FIFO in ``folder`` that the forker's sleeping processes each write a byte to and hold open
    (tests/bots/forker.py): their starts are read as they come, and their ends as its last writer
    closes, with no clock."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "sleepers"
        os.mkfifo(self.path)
        self.path.chmod(0o666)  # the bots' own user ids write to it
        self.fd = os.open(self.path, os.O_RDONLY | os.O_NONBLOCK)  # opened first: no writer blocks for long
        self.started = 0

    def _read(self) -> bytes:
        select.select([self.fd], [], [])  # a FIFO no writer has opened yet is not readable on Linux
        with contextlib.suppress(BlockingIOError):
            return os.read(self.fd, 64)
        return b"?"  # woken with nothing to read: look again

    def wait_started(self, count: int, starter: subprocess.Popen) -> None:
        """Wait until ``count`` sleepers have started; fail if they all end before, or if ``starter``
        (the arena) ends before they have (its exit told by its pidfd: none may have opened the FIFO)."""
        ended = os.pidfd_open(starter.pid)
        try:
            while self.started < count:
                readable, _, _ = select.select([self.fd, ended], [], [])
                if self.fd not in readable:
                    starter.wait()
                    said = starter.stderr.read().decode(errors="replace") if starter.stderr else ""
                    raise AssertionError(f"the arena ended ({starter.returncode}) after {self.started} of {count} "
                                         f"sleepers started: {said}")  # fmt: skip
                got = self._read()
                assert got, f"the sleepers ended after {self.started} of {count} started"
                self.started += got.count(b"+")
        finally:
            os.close(ended)

    def wait_ended(self) -> None:
        """Wait until every sleeper has ended (the FIFO's end: no writer holds it)."""
        while self._read():
            pass
        os.close(self.fd)


@pytest.mark.parametrize("mode", [m for m in MODES if not m.startswith("unprivileged")])
def test_what_a_bot_starts_ends_with_its_game(mode, folder, monkeypatch):
    mark = f"forked-{folder.name}"
    forker = hostile("forker", folder, mark=mark, hang=False)
    monkeypatch.setenv("ASALTO_SANDBOX_WITHOUT", WITHOUT[mode])
    sandbox.here.cache_clear()
    try:
        game = play_game(Job(0, 0, "assault", forker, "examples:random", [], Limits(10 * TIME_FACTOR, None, 400), 6))
        assert game["faults"] == [] and len(game["moves"]) == 6
        assert forker not in {b.spec for b in arena._idle}  # it left processes behind: not kept
        ended(mark)  # a process that outlived its game for good hangs here
    finally:
        arena.close_idle()
        sandbox.here.cache_clear()


@pytest.mark.parametrize("mode", MODES)
def test_nothing_a_bot_starts_outlives_the_arena_killed(mode, folder):
    mark = f"forked-{folder.name}"
    sleepers = Sleepers(folder)
    forker = hostile("forker", folder, mark=mark, hang=True, fifo=str(sleepers.path))
    argv, env, enter = arena_command(mode, folder, [forker, "examples:random"], "--concurrency", "2")
    arena_process = subprocess.Popen(argv, env=env, preexec_fn=enter, stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # noqa: PLW1509
    try:
        sleepers.wait_started(6, arena_process)  # three a game, two games at once
        assert processes_with(str(folder))  # the bots, the games' processes
        folders = bot_folders(str(folder))  # each bot's working folder, without bubblewrap
        assert len(folders) == (4 if "bwrap" in WITHOUT[mode] or not sandbox.here().bwrap else 0), folders
    finally:
        arena_process.send_signal(signal.SIGKILL)
        arena_process.wait()
    sleepers.wait_ended()  # what the bot started; one that outlives the arena for good hangs here
    ended(str(folder))  # the bots, their keepers (each removes its bot's folder before it exits), the games' processes
    left = [path for path in folders if os.path.exists(path)]
    assert not left, f"the bots' folders outlived the arena: {left}"


# A parent that starts a bot (a sleeper) and dies at once, the bot's keeper still starting.
STARTS_AND_DIES = """import os, sys
from asalto_core import sandbox
jail = sandbox.start([sys.executable, "-c", "import time; time.sleep(600)"], dict(os.environ), 256)
print(jail.folder, flush=True)
os._exit(0)"""


def test_an_arena_killed_as_its_bots_keeper_starts_leaves_no_bot_and_no_folder():
    """The keeper hears its parent's death only once its Python has started: told earlier, it
    still ends the bot and removes the bot's folder (the arena, gone, can no longer)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "pkg"), ASALTO_SANDBOX_WITHOUT="bwrap,user")
    done = subprocess.run([sys.executable, "-c", STARTS_AND_DIES], env=env, capture_output=True, text=True, check=True)
    path = done.stdout.strip()
    assert Path(path).name.startswith("asalto-bot-"), done
    ended(path)  # the keeper (its plan names the folder), which waits for the bot's end
    assert not os.path.exists(path)


def test_the_help_and_the_first_line_say_what_holds(folder):
    said = subprocess.run([sys.executable, "-m", "asalto_core", "tournament", "--help"], capture_output=True,
                          text=True, env=dict(os.environ, COLUMNS="400"), check=True).stdout  # fmt: skip
    assert f"On this machine, {sandbox.describe()}." in said
    argv, env, _ = arena_command("found", folder, ["examples:random", "examples:greedy"])
    first = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout.splitlines()[0]
    assert first == f"2 games; {sandbox.describe()}"


def test_the_keeper_imports_only_what_it_uses(tmp_path):
    """Without bubblewrap every bot's start runs a keeper beside it, a Python of its own: counted, it
    imports neither subprocess, tempfile nor dataclasses (the arena's side's; a third of the
    keeper's start), and still ends its bot's run by removing the bot's folder."""
    folder = tmp_path / "bot"
    folder.mkdir()
    plan = {"uid": None, "memory_mb": 256, "network": False, "reach": [], "folder": str(folder)}
    keeper = [sys.executable, "-I", "-S", "-X", "importtime", sandbox.__file__, json.dumps(plan), "true"]
    done = subprocess.run(keeper, capture_output=True, check=True, timeout=60 * TIME_FACTOR)
    names = {line.rpartition("|")[2].strip() for line in done.stderr.decode().splitlines()}
    assert {"ctypes", "json", "shutil"} <= names
    assert not names & {"subprocess", "tempfile", "dataclasses"}
    assert not folder.exists()


@pytest.mark.parametrize("mode", [m for m in MODES if m in ("found", "user id alone")])
def test_a_user_id_is_given_to_no_other_bot_while_its_jail_is_open(mode, monkeypatch):
    """A bot kept idle between games may exit, leaving its user id without a process: that id went
    to a later bot once the next 64 had been given, and the idle bot's close (evicted, or at the
    end) then killed the later bot at its first move (a cmd: bot's crash, seen once in the engine
    suite). The id waits for its jail's close."""
    monkeypatch.setenv("ASALTO_SANDBOX_WITHOUT", WITHOUT[mode])
    sandbox.here.cache_clear()
    first = sandbox.start(["true"], {}, 64)
    try:
        first.proc.wait()  # its bot has exited: no process has the id (bubblewrap's may wait to be reaped)
        assert first.uid not in {sandbox._free_uid() for _ in range(2 * 64)}
    finally:
        first.close()
        sandbox.here.cache_clear()


@pytest.mark.parametrize("mode", [m for m in MODES if m in ("found", "user id alone", "nothing")])
def test_a_bot_killed_by_sigkill_ends_so_and_its_keeper_with_it(mode, monkeypatch):
    """Without bubblewrap a keeper ends as its bot did: a bot ended by SIGKILL (which has no handler
    to reset) had the keeper exit 1 with its own traceback instead, read as the bot's crash."""
    monkeypatch.setenv("ASALTO_SANDBOX_WITHOUT", WITHOUT[mode])
    sandbox.here.cache_clear()
    with tempfile.TemporaryFile() as errors:
        jail = sandbox.start(["sh", "-c", "kill -9 $$"], {"PATH": os.environ["PATH"]}, 64, errors)
        try:
            assert jail.returncode() == -signal.SIGKILL
            errors.seek(0)
            assert errors.read() == b""  # no traceback of the keeper's
        finally:
            jail.close()
            sandbox.here.cache_clear()
