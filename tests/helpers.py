"""Shared helpers: positions built from lists of points; a project script loaded by its path; the
pages' folders; the engine's wheel."""

import contextlib
import fcntl
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from asalto_core import Position

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"

# Nine rebels parked far from the action on the standard board, so that a test
# position is not already won by the officers (they win below nine rebels).
FAR_REBELS = ["a3", "a4", "a5", "g3", "g4", "g5", "e1"]


def setup(ruleset: str, officers, rebels, turn: str = "officers", huffable=()) -> Position:
    return Position.setup(ruleset, officers, rebels, turn, huffable)


def moves(position: Position) -> list[str]:
    return sorted(str(m) for m in position.legal_moves)


def script(path: str, name: str | None = None) -> ModuleType:
    """The project's script at ``path`` (from the root, e.g. "build.py") as a module, loaded by path:
    the bench's and the tools' folders are not packages, and bench/ on sys.path would shadow
    tests/fuzz.py with bench/fuzz.py. (A page module is imported by its package instead, after
    ``page_modules_on_path``.)"""
    spec = importlib.util.spec_from_file_location(name or Path(path).stem, ROOT / path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def page_modules_on_path() -> None:
    """site/ on ``sys.path``: the pages' apps are packages there (``from lib.page import el``,
    ``from game import state``), as on MicroPython's file system."""
    if str(SITE) not in sys.path:
        sys.path.insert(0, str(SITE))


def page_file(name: str) -> Path:
    """A file of the pages by the name it has in dist/ (e.g. "puzzles.json"), wherever its app keeps it."""
    return script("build.py", "asalto_build").site_files()[name]


def page_sources(*modules: str) -> dict[str, str]:
    """Page modules by their path under site/ ("puzzles/state.py"), with each one's package
    (``__init__.py``), as ``micropython.run``'s extra files: where the page has them."""
    out = {}
    for module in modules:
        for name in (str(Path(module).parent / "__init__.py"), module):
            out[name] = (SITE / name).read_text()
    return out


def built_wheel(folder: Path) -> Path:
    """The engine's wheel, built by ``pip wheel`` (setuptools from the index, as build.py does) into
    ``folder``. One build at a time per tree: setuptools builds inside the tree (build/, the
    .egg-info), and pytest-xdist runs test files side by side. Built once per test run and tree
    (its files' digest, the run's id), a copy for each test that asks (two did, 3 CPU s each)."""
    tree = hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    sources = sorted(p for p in (ROOT / "pkg").rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    sources += [ROOT / "pyproject.toml", ROOT / "LICENSE", ROOT / "docs" / "python.md"]
    digest = hashlib.sha256()
    for path in sources:
        if ".egg-info" not in str(path):
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    kept = Path(tempfile.gettempdir()) / f"asalto-wheel-{tree}-{run}-{digest.hexdigest()[:12]}"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with open(Path(tempfile.gettempdir()) / f"asalto-wheel-{tree}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not list(kept.glob("asalto_core-*.whl")):
            for before in kept.parent.glob(f"asalto-wheel-{tree}-*"):  # an earlier run's, or older files'
                if before.is_dir():
                    shutil.rmtree(before, ignore_errors=True)
            kept.mkdir()
            subprocess.run(
                [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", kept, ROOT],
                check=True,
                env={**env, "PYTHONWARNINGS": "ignore"},
                cwd=kept,
            )
    (wheel,) = kept.glob("asalto_core-*.whl")
    return Path(shutil.copy(wheel, folder))


def processes_with(mark: str) -> list[int]:
    """The running processes (zombies aside, this one aside) whose command line holds ``mark``: what a
    bot left running (tests/test_sandbox.py, bench/hostile_bots.py)."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit() and int(name) != os.getpid():
            with contextlib.suppress(OSError):
                with open(f"/proc/{name}/stat", "rb") as f:
                    if f.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                        continue
                with open(f"/proc/{name}/cmdline", "rb") as f:
                    if mark.encode() in f.read():
                        out.append(int(name))
    return out
