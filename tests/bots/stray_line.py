"""A program of its own speaking the engine protocol (a cmd: bot) that writes a stray line before each move."""

import sys

from asalto_core.engine import read_position

board = None
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "asalto":
        print("id name stray")
        print("asaltook")
    elif words[0] == "isready":
        print("readyok")
    elif words[0] == "position":
        board = read_position(words[1:])
    elif words[0] == "go":
        print("thinking hard")
        print(f"bestmove {board.legal_moves[0]}")
    elif words[0] == "quit":
        break
    sys.stdout.flush()
