"""The AI worker's client (worker.py, asalto_core.protocol): start it, call it with time limits.

A call to a terminated worker never settles and a broken start resolves instead of failing,
so every step goes through the bridge with a time limit, and a start ends with a ping.
"""

import asyncio

from lib.page import B

START_MS = 180000  # the first visit downloads Pyodide: allow for a slow line (and a busy phone)
CALL_MS = 20000


class Engine:
    """One PyScript worker by name; ``error`` says why it is not ``ready``. ``kind`` "light" is the
    weaker levels' MicroPython worker, "" Pyodide's (the strong levels, the review, the analysis)."""

    def __init__(self, name, kind=""):
        self.name = name
        self.kind = kind
        self.worker = None
        self.ready = False
        self.starting = False
        self.error = ""
        self.settled = asyncio.Event()  # set when a start has ended, ready or failed

    def create(self):
        """Start the worker (boot.js starts the game page's first one before the page is up)."""
        r = B.startWorker(self.name, self.kind)
        if not r.ok:
            self.error = r.error
        return r.ok

    async def connect(self):
        """Wait for the worker and ping it; False (with ``error``) if it does not answer in time."""
        self.ready = False
        self.settled = asyncio.Event()
        r = await B.whenWorker(self.name, START_MS)
        if r.ok:
            self.worker = r.value
            # The worker answers once its interpreter is up: still part of the start, so the same limit.
            r = await B.call(self.worker, "ping", None, START_MS)
        self.ready = r.ok
        self.error = "" if r.ok else r.error
        self.settled.set()
        return r.ok

    def replace(self, name):
        """Terminate this worker; the next start is under a new name, so nothing awaits the old one."""
        B.killWorker(self.name)
        self.name = name
        self.ready = False
        self.error = ""

    async def wait(self):
        """Until the worker's start has ended: True if it is ready (no polling: the page's
        thread stays free for Pyodide's start meanwhile)."""
        if not self.ready and not self.error:
            await self.settled.wait()
        return self.ready

    def call(self, method, arg=None, ms=CALL_MS, key=None):
        """An exported worker function's answer (a promise); ``key`` makes it abortable (B.abort)."""
        return B.call(self.worker, method, arg, ms, key)
