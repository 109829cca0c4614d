"""A bot that asks for far more memory than its limit."""


def choose(board):
    hog = [bytearray(10**6) for _ in range(100_000)]
    return str(len(hog))
