"""The example bots of the tutorial (docs/bots.md): ``random``, ``greedy`` and ``alphabeta``."""
