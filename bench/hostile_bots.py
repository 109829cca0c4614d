#!/usr/bin/env python3
"""What each hostile bot of tests/bots got, through ``asalto match`` before issue 48's sandbox (the
engine at a0743b2, from git) and now: the spy (other processes' environment and memory, the
teacher's secret), the forger (a forged game in the results file, the record, /tmp), the caller
(a local listener) and the forker (its three processes, and the arena's, after the arena is
killed with SIGKILL). Figures in bench/results/hostile-bots.md.

    python bench/hostile_bots.py
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "tests" / "bots"
sys.path.insert(0, str(ROOT / "tests"))
from helpers import processes_with  # noqa: E402 - after the path is set

BEFORE = "a0743b2"
SECRET = "ASALTO_TEST_SECRET"


def old_package(folder: Path) -> Path:
    """The engine at :data:`BEFORE`, unpacked from git."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", BEFORE, "pkg"], capture_output=True, check=True)
    with tarfile.open(fileobj=BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")
    return folder / "pkg"


class Match:
    """Matches of a hostile bot against examples:random in ``folder``, with the engine at ``pkg``."""

    def __init__(self, pkg: Path, folder: Path) -> None:
        self.pkg, self.folder = pkg, folder
        folder.mkdir()
        folder.chmod(0o755)
        self.results, self.record = folder / "r.jsonl", folder / "g.asalto"

    def bot(self, name: str, **targets: object) -> str:
        text = (BOTS / f"{name}.py").read_text()
        if targets:
            start = text.index("TARGETS = {")
            text = text[:start] + f"TARGETS = {targets!r}" + text[text.index("\n", start) :]
        path = self.folder / f"{name}.py"
        path.write_text(text)
        return str(path)

    def argv(self, bot: str, *more: str) -> list[str]:
        for path in (self.results, self.record):
            path.unlink(missing_ok=True)
        return [sys.executable, "-m", "asalto_core", "match", bot, "examples:random", "--ruleset", "assault",
                "--opening-plies", "0", "--max-plies", "6", "--move-time", "20", "--quiet", "--results",
                str(self.results), "--record", str(self.record), *more]  # fmt: skip

    def env(self) -> dict[str, str]:
        return dict(os.environ, PYTHONPATH=str(self.pkg), TEACHER=SECRET)

    def answers(self, bot: str) -> tuple[list[str], int]:
        """What the bot answered in each game, and the games the results file holds."""
        subprocess.run(self.argv(bot), env=self.env(), capture_output=True, timeout=600, check=True)
        games = [json.loads(line) for line in self.results.read_text().splitlines() if "asalto-tournament" not in line]
        said = [g["faults"][0]["detail"].split("'")[1] for g in games if g["reason"] != "forged" and g["faults"]]
        return said, len(games)


def measure(pkg: Path, folder: Path) -> dict[str, str]:
    m = Match(pkg, folder)
    out = {}
    said, _ = m.answers(m.bot("spy"))
    out["spy"] = "; ".join(sorted(set(said)))
    forger = m.bot("forger", results=str(m.results), record=str(m.record), me="")
    forger = m.bot("forger", results=str(m.results), record=str(m.record), me=forger)
    said, games = m.answers(forger)
    forged = m.results.read_text().count('"reason": "forged"')
    out["forger"] = f"{'; '.join(sorted(set(said)))}; {forged} forged lines in a results file of {games} games"
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    listener.setblocking(False)
    said, _ = m.answers(m.bot("caller", port=listener.getsockname()[1]))
    reached = 0
    with contextlib.suppress(BlockingIOError):
        while True:
            listener.accept()[0].close()
            reached += 1
    listener.close()
    out["caller"] = f"{'; '.join(sorted(set(said)))}; the listener accepted {reached}"
    mark = f"forked-by-{folder.name}"
    arena = subprocess.Popen(m.argv(m.bot("forker", mark=mark, hang=True), "--concurrency", "2"), env=m.env(),
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 120
    while len(processes_with(mark)) < 6 and time.monotonic() < deadline:
        time.sleep(0.1)
    started, running = len(processes_with(mark)), len(processes_with(str(folder)))
    arena.kill()
    arena.wait()
    time.sleep(3)  # what is left after the kernel's and the keepers' work: they act at once
    left, bots = processes_with(mark), processes_with(str(folder))
    for pid in left + bots:
        with contextlib.suppress(OSError):
            os.kill(pid, 9)
    out["forker"] = (
        f"{started} processes started, {running} of the arena's running; 3 s after the arena's "
        f"SIGKILL: {len(left)} of the bot's processes left, {len(bots)} bots and games' processes left"
    )
    return out


def main() -> None:
    argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter).parse_args()
    began = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="asalto-hostile-bench-"))
    work.chmod(0o755)
    try:
        before = measure(old_package(work / "old"), work / "before")
        after = measure(ROOT / "pkg", work / "after")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    sys.path.insert(0, str(ROOT / "pkg"))
    from asalto_core import sandbox

    lines = [
        "# Hostile bots through asalto match (bench/hostile_bots.py)",
        "",
        f"Each hostile bot of tests/bots against examples:random, each side once, as root on this machine; before: the "
        f"engine at {BEFORE}; after: {sandbox.describe()}.",
        "",
        "| bot | before | after |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {before[name]} | {after[name]} |" for name in before]
    lines += [
        "",
        "The forger's 'tmp ok' after: in bubblewrap its /tmp is an empty one of its own, gone with it. "
        "tests/test_sandbox.py plays the same bots without bubblewrap, as an unprivileged user and with "
        "no sandbox at all.",
        "",
        f"Total: {time.perf_counter() - began:.0f} s.",
        "",
    ]
    out = ROOT / "bench" / "results" / "hostile-bots.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
