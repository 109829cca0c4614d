"""A bot that prints the board every turn, as the course's script itself does."""

from asalto_core.bots import course_board
from asalto_core.bots.examples import greedy_bot


def choose(board):
    for row in course_board(board):
        print("".join(row))
    print(f"{board.turn} to move", end="")  # and a line left open
    return greedy_bot.choose(board)
