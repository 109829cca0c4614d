"""Each bot's process in a sandbox of the operating system, as judges and graders run students' code.

The arena calls :func:`start` where it starts a bot and :meth:`Jail.close` where it ends one; what
holds depends on the machine, found once at run time (:func:`here`) and said by :func:`describe`:

- **bubblewrap** (``bwrap``, where it runs: installed, and root or unprivileged user namespaces):
  no network, a process table of the bot's own (no other process to read), the whole file system
  read-only but an empty ``/tmp`` of its own, its working folder; when bwrap or its parent (the arena)
  dies, every process inside dies with it (the kernel ends a process namespace with its first process);
- **a user id of its own** per bot process where the arena runs as root (an id no account and no
  process uses): other processes and the teacher's files are another user's; a folder other users
  cannot enter (``/root``, where a Python may be installed) is shown to it holding only what it
  needs (the Python, the bot's own file: a mount namespace of its own); without bubblewrap, a
  network namespace of its own too;
- always: a clean environment, memory (address space), file size and (with a user id of its own)
  process-count limits, a fresh working folder as its home, and a keeper: without bubblewrap, a
  small process between the arena and the bot that becomes the parent of every process the bot
  starts (``PR_SET_CHILD_SUBREAPER``) and ends them all, and removes the folder, when the bot's
  game ends or the arena dies (``PR_SET_PDEATHSIG``).

No CPU-time limit: a bot's process plays game after game (each move held to its time), and every
process it starts is ended at the end of its game. ``ASALTO_SANDBOX_WITHOUT=bwrap,user`` leaves
layers out, to see (and test) what a machine without them gets.
"""

from __future__ import annotations

import _thread
import contextlib
import ctypes
import functools
import itertools
import json
import os
import shutil
import signal
import sys
import time
from typing import TYPE_CHECKING, NamedTuple

# The keeper (``__main__`` below: a Python of its own beside each bot where bubblewrap is not there)
# imports what it uses only: subprocess and tempfile are imported where the arena starts a bot.

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import IO

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
CLONE_NEWNET = 0x40000000
CLONE_NEWNS = 0x00020000
MS_BIND, MS_REC, MS_PRIVATE = 0x1000, 0x4000, 0x40000
FILE_MB = 64  # the largest file a bot may write (RLIMIT_FSIZE), in its own folder
PROCESSES = 256  # processes and threads of a bot's own user id (RLIMIT_NPROC, bubblewrap's included)
TMP_MB = 64  # the size of the empty /tmp bubblewrap gives it
UID_BASE = 1_900_000_000  # the bots' user ids: far above accounts and the usual subordinate ranges
KEEP = ("PATH", "LANG", "LC_ALL", "LC_CTYPE", "TZ")  # the only variables of the arena's a bot sees
# What tells the keeper to end its bot: held from its fork until it can act on them, so an arena
# killed while a keeper is still starting leaves no bot's folder behind (_keep).
TOLD = {signal.SIGTERM, signal.SIGHUP}

_serial = itertools.count()
# The user ids of this process's jails not yet closed: none is given to a second bot before its
# jail has ended every process of it. (A bot kept idle between games may have exited, leaving its
# id free of processes; given again, the old jail's close would kill the new bot.)
_held: set[int] = set()
_held_lock = _thread.allocate_lock()  # a Dask worker starts bots in several threads (the keeper imports no threading)


class Holds(NamedTuple):
    """What this machine gives a bot's process: bubblewrap's path (or ''), a user id of its own,
    a network namespace without bubblewrap."""

    bwrap: str
    own_user: bool
    own_network: bool


@functools.cache
def _libc() -> ctypes.CDLL:
    """The C library's functions (loaded by :func:`here`, before any fork)."""
    return ctypes.CDLL(None, use_errno=True)


def _prctl(option: int, value: int) -> bool:
    """Linux's prctl; False where it fails or does not exist (another system)."""
    prctl = getattr(_libc(), "prctl", None)
    return prctl is not None and prctl(option, value, 0, 0, 0) == 0


def _without() -> set[str]:
    return set(os.environ.get("ASALTO_SANDBOX_WITHOUT", "").replace(" ", ",").split(","))


@functools.cache
def here() -> Holds:
    """What holds on this machine: each layer tried once, by running it."""
    _libc()
    python = [sys.executable, "-c", "pass"]
    root = os.geteuid() == 0 and "user" not in _without() and _runs(python, _free_uid())
    uid = _free_uid() if root else None
    bwrap = "" if "bwrap" in _without() else shutil.which("bwrap") or ""
    if bwrap and _runs([bwrap, *_bwrap_options(), "--", *python], uid):
        return Holds(bwrap, root, False)
    return Holds("", root, root and _runs(python, uid, network=True))


def _runs(argv: list[str], uid: int | None, network: bool = False) -> bool:
    import subprocess

    try:
        done = subprocess.run(argv, preexec_fn=_enter(uid, 256, network), capture_output=True, timeout=30)  # noqa: PLW1509 - the layers are set in the child
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def describe() -> str:
    """What holds, in a sentence for ``--help``, docs/bots.md and the tournament's first line."""
    holds = here()
    who = "each as a user id of its own" if holds.own_user else "as your user"
    if holds.bwrap:
        return (f"bots run in bubblewrap, {who}: without network, seeing no other process, "
                "writing only in an empty /tmp of their own; every process a bot starts ends with its game "
                "and with the arena")  # fmt: skip
    if holds.own_user:
        net = "without network" if holds.own_network else "WITH network (no namespace)"
        return (f"bots run {who}, {net}, in a fresh folder of their own; other processes unreadable; "
                "they may write where every user may (/tmp), not in your files; every process a bot starts "
                "ends with its game and with the arena (install bubblewrap for the rest)")  # fmt: skip
    ends = (
        "every process a bot starts ends with its game and with the arena unless the bot ends its keeper first"
        if sys.platform.startswith("linux")
        else "processes a bot starts may outlive it (not Linux)"
    )
    return ("bots are NOT sandboxed (no bubblewrap, not root): they run as your user, WITH network, "
            f"can read your other processes and write wherever you can; {ends} (install bubblewrap)")  # fmt: skip


def _free_uid(hold: bool = False) -> int:
    """A user id no account, no running process and no open jail of this process has: this
    process's range, the next in turn; with ``hold``, held until :func:`_release`."""
    import pwd

    with _held_lock:
        for _ in range(64):
            uid = UID_BASE + os.getpid() % 4_000_000 * 64 + next(_serial) % 64
            if uid in _held:
                continue
            with contextlib.suppress(KeyError):
                pwd.getpwuid(uid)
                continue
            if not _processes_of(uid):
                if hold:
                    _held.add(uid)
                return uid
    raise OSError("no free user id for a bot")


def _release(uid: int) -> None:
    with _held_lock:
        _held.discard(uid)


def _processes_of(uid: int) -> list[int]:
    out = []
    for name in _proc():
        if name.isdigit():
            with contextlib.suppress(OSError):
                if os.stat(f"/proc/{name}").st_uid == uid:
                    out.append(int(name))
    return out


def _bwrap_options(shown: Sequence[str] = ()) -> list[str]:
    """bubblewrap's sandbox: everything read-only but an empty /tmp of its own (the bot's folder,
    in memory: nothing of it outlives the sandbox), the bot's files (``shown``) read-only on it."""
    binds = [x for p in _outermost(list(shown)) for x in ("--ro-bind", p, p)]
    return ["--unshare-all", "--die-with-parent", "--new-session", "--ro-bind", "/", "/", "--proc", "/proc",
            "--dev", "/dev", "--size", str(TMP_MB << 20), "--tmpfs", "/tmp", "--size", str(TMP_MB << 20),
            "--tmpfs", "/var/tmp", *binds, "--chdir", "/tmp"]  # fmt: skip


def _enter(
    uid: int | None, memory_mb: int, network: bool = False, death: int = signal.SIGKILL, reach: Sequence[str] = ()
) -> Callable[[], None]:
    """What a bot's process does between fork and exec: limits, its namespaces, the folders it must
    reach, its user id, and a signal when its parent dies (set last: a change of user id clears it).
    A keeper's (``death`` one it handles) is held until the keeper can handle it."""
    import resource  # Unix's, imported before the fork

    memory = memory_mb << 20
    shown = _hidden_ancestors(reach) if uid is not None else {}
    parent = os.getpid()  # the process that forks the bot

    def enter() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_MB << 20, FILE_MB << 20))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        if network and _libc().unshare(CLONE_NEWNET) != 0:
            os._exit(121)
        if shown and not _show(shown):
            os._exit(123)
        if uid is not None:
            resource.setrlimit(resource.RLIMIT_NPROC, (PROCESSES, PROCESSES))
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
        held = death in TOLD
        if held:
            signal.pthread_sigmask(signal.SIG_BLOCK, TOLD)
        _prctl(PR_SET_PDEATHSIG, death)
        if os.getppid() != parent:  # the parent died before the signal was set
            if not held:
                os._exit(122)
            os.kill(os.getpid(), death)  # the keeper hears it once it starts, and cleans up

    return enter


def _needed() -> list[str]:
    """The folders a Python bot reads: the interpreter's, the virtual environment's, the path's."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    found = [sys.base_prefix, sys.prefix, sys.exec_prefix, os.path.dirname(os.path.realpath(sys.executable)), here]
    return found + [p for p in sys.path if p and os.path.isdir(p)]


def _hidden_ancestors(paths: Sequence[str]) -> dict[str, list[str]]:
    """Each folder that other users cannot enter (``/root`` is 0700) and the needed paths under it."""
    out: dict[str, list[str]] = {}
    for path in {os.path.realpath(p) for p in [*_needed(), *paths]}:
        parts = path.split(os.sep)
        for i in range(2, len(parts)):
            folder = os.sep.join(parts[:i])
            with contextlib.suppress(OSError):
                if not os.stat(folder).st_mode & 0o001:
                    out.setdefault(folder, []).append(path)
                    break
    return {folder: _outermost(paths) for folder, paths in out.items()}


def _outermost(paths: list[str]) -> list[str]:
    """The paths not inside another of them (binding a folder brings what it holds)."""
    kept: list[str] = []
    for path in sorted(set(paths)):
        if not any(path.startswith(k + os.sep) for k in kept):
            kept.append(path)
    return kept


def _show(shown: dict[str, list[str]]) -> bool:
    """In a mount namespace of the bot's own: each closed folder becomes an empty one other users may
    enter, holding only the paths the bot needs (bound back from before it was covered)."""
    libc = _libc()
    if libc.unshare(CLONE_NEWNS) != 0 or libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return False
    for folder, paths in shown.items():
        held = {p: os.open(p, os.O_PATH) for p in paths if os.path.exists(p)}
        if libc.mount(b"tmpfs", folder.encode(), b"tmpfs", 0, b"mode=0755") != 0:
            return False
        for path, fd in held.items():
            if os.path.isdir(f"/proc/self/fd/{fd}"):
                os.makedirs(path, 0o755, exist_ok=True)
            else:
                os.makedirs(os.path.dirname(path), 0o755, exist_ok=True)
                os.close(os.open(path, os.O_CREAT | os.O_WRONLY, 0o644))
            if libc.mount(f"/proc/self/fd/{fd}".encode(), path.encode(), None, MS_BIND | MS_REC, None) != 0:
                return False
            os.close(fd)
    return True


class Jail:
    """A bot's process in its sandbox: :attr:`proc` speaks the protocol on its pipes; its standard
    error goes to ``stderr`` (a file the arena keeps as the bot's log), by default nowhere. It reads
    the files its command names, the arena's Python, and ``shown`` (a bot's own Python's folder)."""

    def __init__(
        self, argv: list[str], env: dict[str, str], memory_mb: int, stderr: IO[bytes] | None = None,
        shown: Sequence[str] = (),
    ) -> None:  # fmt: skip
        import subprocess
        import tempfile

        holds = here()
        reach = [os.path.abspath(a) for a in [*argv, *shown] if os.path.exists(a)] + _needed()
        self.uid = _free_uid(hold=True) if holds.own_user else None
        env = {k: env[k] for k in env if k in KEEP or k.startswith("PYTHON")}
        if holds.bwrap:
            self.folder = ""  # its own /tmp
            files = [p if os.path.isdir(p) else os.path.dirname(p) for p in reach]
            full = [holds.bwrap, *_bwrap_options(files), "--", *argv]
            enter = _enter(self.uid, memory_mb, reach=reach)
            self.inner = 2  # bubblewrap's own first process, then the bot
        else:
            self.folder = tempfile.mkdtemp(prefix="asalto-bot-")
            if self.uid is not None:
                os.chown(self.folder, self.uid, self.uid)
            plan = {"uid": self.uid, "memory_mb": memory_mb, "network": holds.own_network, "reach": reach,
                    "folder": self.folder}  # fmt: skip
            full = [sys.executable, "-I", "-S", os.path.abspath(__file__), json.dumps(plan), *argv]
            enter = _enter(None, memory_mb + 64, death=signal.SIGTERM)  # the keeper: Python's own memory too
            self.inner = 1
        env.update(HOME=self.folder or "/tmp", TMPDIR=self.folder or "/tmp")
        try:
            self.proc = subprocess.Popen(
                full, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL if stderr is None else stderr, env=env,
                cwd=self.folder or "/", preexec_fn=enter, start_new_session=True,  # noqa: PLW1509 - the sandbox is set up in the child
            )  # fmt: skip
        except OSError:
            if self.uid is not None:
                _release(self.uid)  # nothing ran under it
            raise

    def returncode(self) -> int:
        """The bot's exit code (negative: the signal that ended it), once it has ended."""
        code = self.proc.wait()
        return -(code - 128) if here().bwrap and code > 128 else code

    def strays(self) -> bool:
        """Whether the bot has processes of its own running besides itself (they go with it)."""
        return len(descendants(self.proc.pid)) > self.inner

    def close(self) -> None:
        """End the bot and every process it started, and remove its folder."""
        import subprocess

        with contextlib.suppress(OSError):
            self.proc.send_signal(signal.SIGKILL if here().bwrap else signal.SIGTERM)
        try:
            self.proc.wait(5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        if self.uid is not None:
            _end_user(self.uid)
            _release(self.uid)
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)


def start(
    argv: list[str], env: dict[str, str], memory_mb: int, stderr: IO[bytes] | None = None, shown: Sequence[str] = ()
) -> Jail:
    """Start ``argv`` as a bot: in the sandbox this machine gives, its pipes open."""
    return Jail(argv, env, memory_mb, stderr, shown)


def _proc() -> list[str]:
    """The entries of /proc (none on a system without it: nothing found, nothing ended there)."""
    try:
        return os.listdir("/proc")
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    """Every process under ``pid``, its children's children too, from Linux's /proc (none without it)."""
    parents: dict[int, list[int]] = {}
    for name in _proc():
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat", "rb") as f:
                    stat = f.read()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(b")") + 2 :].split()[1])
            parents.setdefault(ppid, []).append(int(name))
    out, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        out += children
        todo += children
    return out


def _end_user(uid: int) -> None:
    """Kill every process of a bot's user id, from a child that takes that id (kill(-1) as it)."""
    for _ in range(10):
        if not _processes_of(uid):
            return
        child = os.fork()
        if child == 0:
            try:
                os.setgroups([])
                os.setgid(uid)
                os.setuid(uid)
                os.kill(-1, signal.SIGKILL)
            finally:
                os._exit(0)
        os.waitpid(child, 0)
        time.sleep(0.01)


def die_with_parent() -> None:
    """Have this process killed when its parent dies (a games' process when the arena does)."""
    with contextlib.suppress(OSError, AttributeError):
        _prctl(PR_SET_PDEATHSIG, signal.SIGKILL)


class _Told(Exception):
    """The keeper was told to end the bot."""


def _told(*_: object) -> None:
    raise _Told


def _keep(plan: dict[str, object], argv: list[str]) -> int:
    """The keeper (without bubblewrap): start the bot, become the parent of whatever it starts, and
    end it all when the bot exits or when the keeper is told to (SIGTERM: the arena ended the bot,
    or died)."""
    _prctl(PR_SET_CHILD_SUBREAPER, 1)
    uid = plan["uid"]
    reach = plan["reach"]
    enter = _enter(
        uid if isinstance(uid, int) else None, int(str(plan["memory_mb"])), bool(plan["network"]),
        reach=list(reach) if isinstance(reach, list) else [],
    )  # fmt: skip
    for told in TOLD:
        signal.signal(told, _told)
    bot = os.fork()
    if bot == 0:
        try:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, TOLD)  # the keeper's to hear, not the bot's
            enter()
            os.execvp(argv[0], argv)
        except OSError as err:  # said on the bot's standard error, which the arena keeps
            os.write(2, f"cannot run {argv[0]}: {err.strerror}\n".encode())
        finally:
            os._exit(127)
    status = 0
    with contextlib.suppress(_Told, ChildProcessError):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, TOLD)  # a death told while starting is heard here
        while True:
            pid, code = os.waitpid(-1, 0)
            if pid == bot:
                status = code
                break
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    while True:  # every process the bot started is now, or soon, the keeper's child
        for pid in descendants(os.getpid()):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        try:
            pid, code = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == bot:
            status = code
    shutil.rmtree(str(plan["folder"]), ignore_errors=True)  # the arena may be gone: nobody else would
    if os.WIFSIGNALED(status):  # the keeper ends as its bot did (SIGKILL has no handler to reset)
        if os.WTERMSIG(status) != signal.SIGKILL:
            signal.signal(os.WTERMSIG(status), signal.SIG_DFL)
        os.kill(os.getpid(), os.WTERMSIG(status))
    return os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1


if __name__ == "__main__":
    sys.exit(_keep(json.loads(sys.argv[1]), sys.argv[2:]))
