"""A bot that raises on its third move."""

calls = [0]


def choose(board):
    calls[0] += 1
    if calls[0] == 3:
        raise ValueError("the bot's own bug")
    return board.legal_moves[0]
