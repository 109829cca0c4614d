"""The rebels' side of Team.py, and the course board's lines both sides use: the first rebel step
forward it finds, from the top left."""


def on(r, c):
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


def empty_neighbours(board, r, c):
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if r % 2 == c % 2 else [])
    return [(r + dr, c + dc) for dr, dc in steps if on(r + dr, c + dc) and board[r + dr][c + dc] == "."]


def move(board):
    for r in range(7):
        for c in range(7):
            if board[r][c] == "R":
                ahead = [(nr, nc) for nr, nc in empty_neighbours(board, r, c) if nr < r]
                if ahead:
                    return [[r, c], list(ahead[0])]
    return []
