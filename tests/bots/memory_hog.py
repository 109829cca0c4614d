"""A bot that asks for far more memory than its limit."""


def choose(board):
    hog = [bytearray(10**8) for _ in range(1000)]  # 100 MB at a time: over the limit in a few steps
    return str(len(hog))
