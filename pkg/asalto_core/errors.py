"""The one exception family the engine raises for bad input.

Every error is a :class:`ValueError`, so a caller may catch ``ValueError`` or the
more precise :class:`AsaltoError`. Messages quote the input and say where it failed.
"""


class AsaltoError(ValueError):
    """Base class: any bad input (syntax, illegal move, impossible position)."""


class NotationError(AsaltoError):
    """Text that does not parse: a square, move, position or record with bad syntax."""


class IllegalMoveError(AsaltoError):
    """A well-formed move that the rules do not allow in the position."""


class InvalidPositionError(AsaltoError):
    """A position that parses but that the ruleset could never reach."""


class UnknownRulesetError(AsaltoError):
    """A ruleset or board name that the registry does not know."""
