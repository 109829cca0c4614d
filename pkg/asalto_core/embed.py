"""The embed view's parameters, read and checked.

An embedded board takes everything from its URL (``embed.html?ruleset=assault&position=...``).
Every value is untrusted: each bad one becomes a specific message and a safe default,
never an exception, so the rest of the frame still works. Positions and records are the
engine's to read (:mod:`asalto_core.session`, on the page's MicroPython like this module).

>>> opts, problems = read_params({"ruleset": "assault", "ply": "3", "flip": "yes"}, ["assault"])
>>> opts["ply"], opts["flip"], opts["bg"], problems
(3, True, 'light', [])
>>> read_params({"ply": "-1", "colour": "red"}, ["assault"])[1]
["unknown parameter 'colour' (ignored)", "'ply' must be a whole number from 0, not '-1'"]
"""

from .geometry import is_number
from .svg import BOARD_COLOURINGS, PIECE_SETS

# Type names for checkers only: this file imports nothing at run time (``typing`` included).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Collection
    from typing import Any

TEXT_LIMIT = 100000  # longer records or positions are refused (a URL this long is a mistake)
PROMPT_LIMIT = 300
# arrows=, highlight= and answer=: longer lists are cut, longer texts refused (each item becomes a
# mark or a message on the page: a figure needs a few, and 100,000 froze the page for seconds).
LIST_ITEMS, LIST_LIMIT = 64, 2000
SIZE_MIN, SIZE_MAX = 120, 2000
COUNT_MAX = 50  # puzzles in one frame of a teacher's set
DIFFICULTIES = ("easy", "medium", "hard")  # or a rating range, "1200-1600"
# bg=: a frame's colours. Light by default, as the page around most frames; auto follows the reader's system.
BACKGROUNDS = ("light", "dark", "auto")
_NAME_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789-"
DEFAULT_PROMPT = "Your move: find the best move."
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_URL_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%"


def _quote(text: object) -> str:
    """A value as it appears in a message: short, in quotes (anything but text by its type)."""
    out = text[:41] if isinstance(text, str) else type(text).__name__
    if len(out) > 40:
        out = out[:37] + "..."
    return "'" + out + "'"


def _whole(text: str, low: int) -> int | None:
    """An int >= low from ASCII digits only (at most 9), else None."""
    if not is_number(text):
        return None
    n = int(text)
    return n if n >= low else None


def safe_record_url(url: str) -> str:
    """'' if ``url`` is a relative link on this site, else why it is refused.

    Only plain relative paths are allowed: no scheme (``https:``, ``javascript:``, ``data:``),
    no host (``//x``), no absolute path, no ``..`` (which could leave this project for another
    on the same host), no backslash, and no dot, slash or backslash written as a %-escape
    (``%2e%2e/`` is ``../`` to a server): a record can only come from the site that serves
    the embed (the page checks the resolved URL again).

    >>> safe_record_url("examples/game.txt"), safe_record_url("//evil.example/x")[:30]
    ('', 'only a relative link on this s')
    """
    if not isinstance(url, str):
        return "the record link must be text, not " + _quote(url)
    if not url:
        return "the record link is empty"
    lower = url.lower()
    if url[0] == "/" or "//" in url or ".." in url.split("/") or "%2e" in lower or "%2f" in lower or "%5c" in lower:
        return "only a relative link on this site is allowed, not " + _quote(url)
    for c in url:
        if c not in _URL_CHARS:
            return "only a relative link on this site is allowed, not " + _quote(url)
    return ""


def split_list(text: str) -> list[str]:
    """Moves or points separated by commas, spaces or semicolons; a placement keeps its commas
    only where ';' or spaces separate the items (``'@c5,e5; d4-d5'``)."""
    text = text.strip()
    if ";" in text or " " in text:
        parts = text.replace(";", " ").split()
    else:
        parts = text.split(",") if not text.startswith("@") else [text]
    return [p for p in parts if p]


class _Reading:
    """What every parameter's reader needs: the problems said so far and the names it may take."""

    def __init__(self, rulesets: "Collection[str]", languages: "Collection[str] | None") -> None:
        self.problems: list[str] = []
        self.rulesets = rulesets
        self.languages = languages

    def say(self, problem: str) -> None:
        self.problems.append(problem)


# The readers: each takes the parameter's name, its text ('' when absent) and the reading, and
# gives the option's value (a safe default, with a problem said, when the text is bad).


def _flag(default: bool) -> "Callable[[str, str, _Reading], bool]":
    def read(key: str, value: str, r: _Reading) -> bool:
        if value == "":
            return default
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        r.say(_quote(key) + " must be 1 or 0, not " + _quote(value))
        return default

    return read


def _number(low: int, high: int, wording: str) -> "Callable[[str, str, _Reading], int | None]":
    """A whole number from low to high (ASCII digits), or None; ``wording`` says what it must be."""

    def read(key: str, value: str, r: _Reading) -> int | None:
        if value == "":
            return None
        n = _whole(value, low)
        if n is None or n > high:
            r.say(_quote(key) + " must be " + wording + ", not " + _quote(value))
            return None
        return n

    return read


def _ruleset(key: str, value: str, r: _Reading) -> str:
    if value and value not in r.rulesets:
        r.say("unknown ruleset " + _quote(value) + "; known: " + ", ".join(r.rulesets))
        return ""
    return value


def _game_text(key: str, value: str, r: _Reading) -> str:
    """A position or a record, within TEXT_LIMIT."""
    value = value.strip()
    if len(value) > TEXT_LIMIT:
        r.say("the " + key + " is too long (" + str(len(value)) + " characters; at most 100000)")
        return ""
    return value


def _record_url(key: str, value: str, r: _Reading) -> str:
    url = value.strip()
    refused = safe_record_url(url) if url else ""
    if refused:
        r.say("record-url refused: " + refused)
        return ""
    return url


def _orientation(key: str, value: str, r: _Reading) -> str:
    if value not in ("", "rebels", "officers"):
        r.say("'orientation' must be rebels or officers, not " + _quote(value))
        return ""
    return value


def _items(key: str, value: str, r: _Reading) -> list[str]:
    """A list parameter (arrows, highlight, answer), within LIST_LIMIT characters and LIST_ITEMS items."""
    if len(value) > LIST_LIMIT:
        r.say(_quote(key) + " is too long (" + str(len(value)) + " characters; at most 2000): ignored")
        return []
    items = split_list(value)
    if len(items) > LIST_ITEMS:
        r.say(_quote(key) + " has " + str(len(items)) + " items; the first 64 are used")
    return items[:LIST_ITEMS]


def _prompt(key: str, value: str, r: _Reading) -> str:
    prompt = value.strip()
    if len(prompt) > PROMPT_LIMIT:
        r.say("the prompt is too long (at most 300 characters): shortened")
        prompt = prompt[:PROMPT_LIMIT]
    return prompt


def _lang(key: str, value: str, r: _Reading) -> str:
    """A language of the page's catalogs (without them, any two-letter code); '' for the reader's own."""
    if r.languages is not None:
        known = value in r.languages
        choices = ", ".join(sorted(r.languages))
    else:
        known = len(value) == 2 and value.isalpha() and value.islower()
        choices = "a two-letter code like 'fr'"
    if value and not known:
        r.say("'lang' must be " + choices + ", not " + _quote(value))
    return value if known else ""


def _bg(key: str, value: str, r: _Reading) -> str:
    if value and value not in BACKGROUNDS:
        r.say("'bg' must be " + ", ".join(BACKGROUNDS) + ", not " + _quote(value))
        return BACKGROUNDS[0]
    return value or BACKGROUNDS[0]


def _look(names: "Collection[str]") -> "Callable[[str, str, _Reading], str]":
    """A piece set or a board colouring of svg's tables; '' (the reader's own choice) when absent."""

    def read(key: str, value: str, r: _Reading) -> str:
        if value and value not in names:
            r.say(_quote(key) + " must be " + ", ".join(names) + ", not " + _quote(value))
            return ""
        return value

    return read


def _name(key: str, value: str, r: _Reading) -> str:
    """A theme or a puzzle id: letters, digits and '-'."""
    if len(value) <= 40 and all(c in _NAME_CHARS for c in value.lower()):
        return value
    r.say(_quote(key) + " must be a name of letters, digits and '-', not " + _quote(value))
    return ""


def _difficulty(key: str, value: str, r: _Reading) -> str:
    """easy, medium, hard or a rating range (``1200-1600``)."""
    low, dash, high = value.partition("-")
    if value in DIFFICULTIES or (dash != "" and is_number(low) and is_number(high) and int(low) <= int(high)):
        return value
    if value:
        r.say("'difficulty' must be easy, medium, hard or a range like 1200-1600, not " + _quote(value))
    return ""


# Every parameter the embed view takes: its name in the link, the option it sets and its reader,
# in the order their problems are said. The rules between parameters follow in _settle.
PARAMETERS: "tuple[tuple[str, str, Callable[[str, str, _Reading], Any]], ...]" = (
    ("ruleset", "ruleset", _ruleset),
    ("position", "position", _game_text),
    ("record", "record", _game_text),
    ("record-url", "record_url", _record_url),
    ("ply", "ply", _number(0, 10**9, "a whole number from 0")),
    ("move", "move", _number(1, 10**9, "a move number from 1")),
    ("flip", "flip", _flag(False)),
    ("orientation", "orientation", _orientation),
    ("size", "size", _number(SIZE_MIN, SIZE_MAX, "a width in pixels from 120 to 2000")),
    ("coords", "coords", _flag(True)),
    ("puzzle", "puzzle", _flag(False)),
    ("arrows", "arrows", _items),
    ("highlight", "highlight", _items),
    ("prompt", "prompt", _prompt),
    ("answer", "answer", _items),
    ("lang", "lang", _lang),
    ("bg", "bg", _bg),
    ("pieces", "pieces", _look(PIECE_SETS)),
    ("colours", "colours", _look(sorted(BOARD_COLOURINGS))),
    # A puzzle set from the trainer's (puzzles.html): embed.html hands these links over to it.
    ("theme", "theme", _name),
    ("id", "id", _name),
    ("difficulty", "difficulty", _difficulty),
    ("count", "count", _number(1, COUNT_MAX, "a number of puzzles from 1 to 50")),
    ("daily", "daily", _flag(False)),
)
KNOWN = tuple(name for name, _option, _reader in PARAMETERS)


def _settle(opts: "dict[str, Any]", r: _Reading) -> None:
    """The rules between parameters (as chessground's config settles its options)."""
    if opts["record"] and opts["record_url"]:
        r.say("both 'record' and 'record-url' given: the record in the link is shown")
        opts["record_url"] = ""
    if opts["position"] and (opts["record"] or opts["record_url"]):
        r.say("both a position and a record given: the record is shown")
        opts["position"] = ""
    if opts.pop("orientation") == "officers":
        opts["flip"] = True
    if (opts["answer"] or opts["prompt"]) and not opts["puzzle"]:
        opts["puzzle"] = True  # an answer or a prompt only makes sense as a puzzle
    opts["prompt"] = opts["prompt"] or DEFAULT_PROMPT


def read_params(
    params: object, rulesets: "Collection[str]", languages: "Collection[str] | None" = None
) -> "tuple[dict[str, Any], list[str]]":
    """(options, problems): every parameter checked; a bad one falls back with a message (a
    name or value that is not text is dropped with one). ``languages`` are the codes ``lang=``
    may take (the page's catalogs); without them any two-letter code passes."""
    r = _Reading(rulesets, languages)
    texts: dict[str, str] = {}
    if not isinstance(params, dict):
        r.say("the parameters are not a table of names and texts (ignored)")
    else:
        for key in params:
            if isinstance(key, str) and isinstance(params[key], str):
                texts[key] = params[key]
            else:
                r.say("a parameter that is not text (ignored): " + _quote(key))
    for key in sorted(texts):
        if key not in KNOWN:
            r.say("unknown parameter " + _quote(key) + " (ignored)")
    opts = {option: reader(name, texts.get(name, ""), r) for name, option, reader in PARAMETERS}
    _settle(opts, r)
    return opts, r.problems
