"""A bot that writes notes to standard error, and raw bytes to file descriptors 1 and 2."""

import os
import sys


def choose(board):
    sys.stderr.write(f"note: {len(board.legal_moves)} moves\n")
    os.write(1, b"raw bytes on fd 1\n")  # as C code or a child process would
    os.write(2, b"raw bytes on fd 2\n")
    return board.legal_moves[0]
