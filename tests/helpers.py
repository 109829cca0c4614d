"""Shared helpers: positions built from lists of points."""

from asalto_core import Position

# Nine rebels parked far from the action on the standard board, so that a test
# position is not already won by the officers (they win below nine rebels).
FAR_REBELS = ["a3", "a4", "a5", "g3", "g4", "g5", "e1"]


def setup(ruleset: str, officers, rebels, turn: str = "officers", huffable=()) -> Position:
    return Position.setup(ruleset, officers, rebels, turn, huffable)


def moves(position: Position) -> list[str]:
    return sorted(str(m) for m in position.legal_moves)
