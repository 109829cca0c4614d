"""Where a run's CPU goes, thread by thread: every thread of the processes in a cgroup (or under a
process) read from /proc twice a second, each one's user and system time added up by the kind of
process it is in (Chromium's ``--type``: renderer, gpu-process, utility; its browser; else the
program's name) and the thread's name (Chromium names its threads: the main thread takes the
program's name, then DedicatedWorker for a Web Worker, ThreadPoolForeg for its pool of background
work such as compiling, Compositor, VizCompositorTh...). A thread that ends between two readings
takes its last half second with it: the shares are a sample, the cgroup's own total is the count."""

from __future__ import annotations

import os
import re
import threading
from collections import Counter
from pathlib import Path

from asalto_core.sandbox import descendants

TICK = os.sysconf("SC_CLK_TCK")
EVERY_S = 0.5


def _kind(pid: int) -> str | None:
    """The kind of process ``pid`` is (None once it has gone)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        name = Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return None
    if "chrom" in command or "chrom" in name:
        typed = re.search(r"--type=(\S+)", command)
        return "chromium " + (typed.group(1) if typed else "browser")
    return name


class ThreadSampler:
    """CPU seconds by (kind of process, thread name) of the processes in ``cgroup`` (its folder),
    else of ``root`` and every process under it, from ``start()`` to ``stop()``."""

    def __init__(self, cgroup: Path | None = None, root: int | None = None) -> None:
        self.cgroup, self.root = cgroup, root
        self.seconds: Counter[tuple[str, str]] = Counter()
        self._last: dict[tuple[int, int], int] = {}
        self._kinds: dict[int, str | None] = {}
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> list[tuple[str, str, float]]:
        """The sampling ended; the figures, most first: (process kind, thread name, CPU s)."""
        self._done.set()
        self._thread.join()
        return [(kind, thread, round(s, 1)) for (kind, thread), s in self.seconds.most_common()]

    def _pids(self) -> list[int]:
        if self.cgroup is not None:
            try:
                return [int(p) for p in (self.cgroup / "cgroup.procs").read_text().split()]
            except OSError:
                return []
        return [self.root, *descendants(self.root)]

    def _run(self) -> None:
        while not self._done.wait(EVERY_S):
            self._read()
        self._read()

    def _read(self) -> None:
        for pid in self._pids():
            if pid not in self._kinds:
                self._kinds[pid] = _kind(pid)
            kind = self._kinds[pid]
            try:
                tids = os.listdir(f"/proc/{pid}/task")
            except OSError:
                continue
            for tid in tids:
                try:
                    stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
                except OSError:
                    continue
                name = re.sub(r"\d+$", "", stat[stat.index("(") + 1 : stat.rindex(")")])
                fields = stat.rsplit(")", 1)[1].split()
                ticks = int(fields[11]) + int(fields[12])
                key = (pid, int(tid))
                if kind is not None and ticks > self._last.get(key, 0):
                    self.seconds[(kind, name)] += (ticks - self._last.get(key, 0)) / TICK
                self._last[key] = ticks
