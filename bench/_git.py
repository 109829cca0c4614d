"""The repository's trees as the benches read them: an earlier commit's files, and the head's name."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def tree_at(commit: str, *paths: str) -> Iterator[Path]:
    """``commit``'s files (or only ``paths`` of them) in a temporary folder, gone after the block:
    a bench measures before and after a change from one working tree."""
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", commit, *paths], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        yield Path(tmp)


def head() -> str:
    """The short name of the commit checked out (a report says what it measured)."""
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
