"""A hostile bot: it opens a socket to a local listener (the tests' port, in TARGETS of a copy of
this file) and sends a forged result. Its first answer is what it got, as a malformed move the
tests read: ``caller connected`` or ``caller refused ERROR``."""

import socket

TARGETS = {"port": 0}


def choose(board):
    try:
        with socket.create_connection(("127.0.0.1", TARGETS["port"]), timeout=2) as s:
            s.sendall(b"forged result\n")
        return "caller connected"
    except OSError as err:
        return f"caller refused {type(err).__name__}"
