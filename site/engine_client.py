"""The AI worker's client (worker.py, asalto_core.protocol): start it, call it with time limits.

A call to a terminated worker never settles and a broken start resolves instead of failing,
so every step goes through the bridge with a time limit, and a start ends with a ping.
Requests and answers cross as JSON text: ints above 2**31 and dict proxies do not survive.
"""

import asyncio
import json

from page import B
from pyscript import workers

START_MS = 180000  # the first visit downloads Pyodide: allow for a slow line
PING_MS = 30000
CALL_MS = 20000


class Engine:
    """One PyScript worker by name; ``error`` says why it is not ``ready``."""

    def __init__(self, name):
        self.name = name
        self.worker = None
        self.ready = False
        self.starting = False
        self.error = ""

    def create(self):
        """Add the worker's <script> tag (the game page's first one is in its HTML already)."""
        r = B.startWorker(self.name)
        if not r.ok:
            self.error = r.error
        return r.ok

    async def connect(self):
        """Wait for the worker and ping it; False (with ``error``) if it does not answer in time."""
        self.ready = False
        r = await B.whenWorker(workers[self.name], START_MS)
        if r.ok:
            self.worker = r.value
            r = await B.call(self.worker, "ping", None, PING_MS)
        if not r.ok:
            self.error = r.error
            return False
        self.ready = True
        self.error = ""
        return True

    def replace(self, name):
        """Terminate this worker and take a new name: PyScript resolves a worker name only once."""
        B.killWorker(self.name)
        self.name = name
        self.ready = False

    async def wait(self):
        """Until the worker is ready; False once its start has failed."""
        while not self.ready:
            if self.error:
                return False
            await asyncio.sleep(0.05)
        return True

    def call(self, method, arg=None, ms=CALL_MS, key=None):
        """An exported worker function's answer (a promise); ``key`` makes it abortable (B.abort)."""
        return B.call(self.worker, method, arg, ms, key)

    async def request(self, req):
        """One protocol request; the answer dict, or ``ok`` False with ``error`` and ``lost``
        (True when the worker is dead or stuck: the call timed out or the worker was terminated)."""
        r = await self.call("request", json.dumps(req))
        if not r.ok:
            return {"ok": False, "error": r.error, "lost": r.timeout or "terminated" in r.error}
        try:
            return json.loads(r.value)
        except ValueError as err:
            return {"ok": False, "error": f"unreadable answer: {err}"}
