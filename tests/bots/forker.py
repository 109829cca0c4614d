"""A hostile bot: on its first move it starts three processes meant to outlive its game and the
arena (a plain child, a daemon in a session of its own, one that ignores SIGTERM and SIGHUP), each
a Python sleeping for ever with the tests' mark on its command line; then it plays legal moves, or
with ``hang`` thinks for ever. Given a ``fifo``, each sleeper writes a byte to it and holds it open
until it ends: the tests read their starts, and their ends as the FIFO's last writer closes. The
tests write TARGETS in a copy of this file."""

import os
import signal
import sys
import time

TARGETS = {"mark": "forked-by-a-bot", "hang": False, "fifo": ""}
SLEEP = """import os, sys, time
if sys.argv[3]:
    told = os.open(sys.argv[3], os.O_WRONLY)
    os.write(told, b"+")
while True: time.sleep(3600)"""
started = []


def fork(how):
    if os.fork() == 0:
        if how == "daemon":
            os.setsid()
            if os.fork():
                os._exit(0)
        if how == "stubborn":
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
        os.execv(sys.executable, [sys.executable, "-c", SLEEP, TARGETS["mark"], how, TARGETS.get("fifo", "")])


def choose(board):
    if not started:
        for how in ("child", "daemon", "stubborn"):
            fork(how)
        started.append(True)
    while TARGETS["hang"]:
        time.sleep(3600)
    return board.legal_moves[0]
