"""The officers' side of Team.py: the first officer step it finds (never a capture: the course's
rules huff it when it could have taken, and the game goes on)."""

from RebelAI import empty_neighbours


def move(board):
    for r in range(7):
        for c in range(7):
            if board[r][c] == "O":
                steps = empty_neighbours(board, r, c)
                if steps:
                    return [[r, c], list(steps[0])]
    return []
