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


class LimitError(AsaltoError):
    """Input over one of the limits of what is read (a record's characters, a game's moves): not
    damaged and not against the rules, only longer than is read, and a page says so."""


def quote(value: object, limit: int = 57) -> str:
    """A value as an error message quotes it: text cut to a short prefix before it is quoted, a
    short list of numbers or texts item by item, anything else by its type and size. A message
    never holds the repr of a huge or deeply nested value (that costs memory, or recursion).

    >>> quote("d4-d5"), len(quote("x" * 100)), quote([3, 0, "a"]), quote([[[]]]), quote(10**100)
    ("'d4-d5'", 62, "[3, 0, 'a']", 'a list of 1 item', 'a number of more than 57 digits')
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= limit else repr(value[:limit]) + "..."
    if isinstance(value, int) and not isinstance(value, bool) and not -(10**limit) < value < 10**limit:
        return f"a number of more than {limit} digits"
    if value is None or isinstance(value, (bool, int, float)):
        return repr(value)
    if isinstance(value, (list, tuple)) and len(value) <= 8 and all(_plain(v) for v in value):
        inner = ", ".join(quote(v, 20) for v in value)
        return f"[{inner}]" if isinstance(value, list) else f"({inner}{',' if len(value) == 1 else ''})"
    size = len(value) if isinstance(value, (list, tuple, dict, str, bytes)) else None
    return f"a {type(value).__name__}" + ("" if size is None else f" of {size} item" + "s" * (size != 1))


def _plain(value: object) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))
