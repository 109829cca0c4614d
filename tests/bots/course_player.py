"""A bot in the course's format, written for the tests as a student would: a class Player with
play_rebel and play_officer on the 7x7 list of lists, moves as lists of [row, column]."""

import random

FORTRESS = {(r, c) for r in range(3) for c in range(2, 5)}


def on(r, c):
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


def dirs(r, c):
    out = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    return out + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if r % 2 == c % 2 else [])


class Player:
    def __init__(self):
        self.rng = random.Random(7)

    def play_rebel(self, board):
        moves = []
        for r in range(7):
            for c in range(7):
                if board[r][c] != "R":
                    continue
                for dr, dc in dirs(r, c):
                    nr, nc = r + dr, c + dc
                    if on(nr, nc) and board[nr][nc] == "." and nr <= r and not (c < 3 and nc < c or c > 3 and nc > c):
                        moves.append([[r, c], [nr, nc]])
        # forward first, into the fortress first
        moves.sort(key=lambda m: ((m[1][0], m[1][1]) not in FORTRESS, m[1][0] - m[0][0], self.rng.random()))
        return moves[0] if moves else []

    def play_officer(self, board):
        best = []
        steps = []
        for r in range(7):
            for c in range(7):
                if board[r][c] != "O":
                    continue
                for dr, dc in dirs(r, c):
                    if on(r + dr, c + dc) and board[r + dr][c + dc] == ".":
                        steps.append([[r, c], [r + dr, c + dc]])
                    tr, tc = r + 2 * dr, c + 2 * dc
                    if not best and on(tr, tc) and board[r + dr][c + dc] == "R" and board[tr][tc] == ".":
                        best = [[r, c], [tr, tc]]
        if best:
            return best
        return self.rng.choice(steps) if steps else []
