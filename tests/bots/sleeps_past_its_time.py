"""A bot that says what it is doing at every move, and at its second move sleeps past any time."""

import sys
import time

calls = [0]


def choose(board):
    calls[0] += 1
    print(f"move {calls[0]}: thinking")
    sys.stderr.write(f"move {calls[0]}: {len(board.legal_moves)} moves to weigh\n")
    if calls[0] >= 2:
        print("move 2: a long think")
        time.sleep(3600)
    return board.legal_moves[0]
