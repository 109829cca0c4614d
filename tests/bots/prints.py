"""A bot that prints its thoughts to standard output."""


def choose(board):
    print("thinking about", board.text())
    return board.legal_moves[0]
