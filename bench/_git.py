"""The repository's trees as the benches read them: an earlier commit's files, and the head's name."""

from __future__ import annotations

import subprocess
import tempfile
from collections.abc import Callable, Iterator
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


def before_and_now(before: str | None, measure: Callable[[str, Path], list[str]]) -> list[str]:
    """The lines ``measure`` writes of commit ``before``'s tree (when one is named), then of the
    working tree, each given its label: a bench's before and after from one checkout."""
    lines = []
    if before:
        with tree_at(before) as tree:
            lines += measure(f"before ({before})", tree)
    return lines + measure(f"now ({head()} and the working tree)", ROOT)
