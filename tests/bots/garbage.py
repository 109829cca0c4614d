"""A bot that answers with something that is no move."""


def choose(board):
    return {"move": "up"}
