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

# Type names for checkers only: this file imports nothing at run time (``typing`` included).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Collection
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
KNOWN = (
    "ruleset",
    "position",
    "record",
    "record-url",
    "ply",
    "move",
    "flip",
    "orientation",
    "size",
    "coords",
    "arrows",
    "highlight",
    "puzzle",
    "prompt",
    "answer",
    "lang",
    "bg",
    # A puzzle set from the trainer's (puzzles.html): embed.html hands these links over to it.
    "theme",
    "difficulty",
    "count",
    "id",
    "daily",
)
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_URL_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%"


def _quote(text: object) -> str:
    """A value as it appears in a message: short, in quotes (anything but text by its type)."""
    out = text[:41] if isinstance(text, str) else type(text).__name__
    if len(out) > 40:
        out = out[:37] + "..."
    return "'" + out + "'"


def _flag(opts: "dict[str, Any]", problems: list[str], params: dict[str, str], key: str, default: bool) -> None:
    value = params.get(key, "")
    if value == "":
        opts[key] = default
    elif value.lower() in _TRUE:
        opts[key] = True
    elif value.lower() in _FALSE:
        opts[key] = False
    else:
        opts[key] = default
        problems.append(_quote(key) + " must be 1 or 0, not " + _quote(value))


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


def _items(problems: list[str], params: dict[str, str], key: str) -> list[str]:
    """A list parameter (arrows, highlight, answer), within LIST_LIMIT characters and LIST_ITEMS items."""
    text = params.get(key, "")
    if len(text) > LIST_LIMIT:
        problems.append(_quote(key) + " is too long (" + str(len(text)) + " characters; at most 2000): ignored")
        return []
    items = split_list(text)
    if len(items) > LIST_ITEMS:
        problems.append(_quote(key) + " has " + str(len(items)) + " items; the first 64 are used")
    return items[:LIST_ITEMS]


def _puzzle_set(opts: "dict[str, Any]", problems: list[str], params: dict[str, str]) -> None:
    """A teacher's puzzle set: ``theme``, ``difficulty`` (easy, medium, hard or ``1200-1600``),
    ``count`` (1 to 50); and a trainer's ``id`` (one puzzle) or ``daily`` (the puzzle of the day)."""
    for key in ("theme", "id"):
        value = params.get(key, "")
        ok = len(value) <= 40 and all(c in _NAME_CHARS for c in value.lower())
        opts[key] = value if ok else ""
        if not ok:
            problems.append(_quote(key) + " must be a name of letters, digits and '-', not " + _quote(value))
    value = params.get("difficulty", "")
    low, dash, high = value.partition("-")
    ranged = dash != "" and is_number(low) and is_number(high) and int(low) <= int(high)
    opts["difficulty"] = value if value in DIFFICULTIES or ranged else ""
    if value and not opts["difficulty"]:
        problems.append("'difficulty' must be easy, medium, hard or a range like 1200-1600, not " + _quote(value))
    opts["count"] = None
    if params.get("count", ""):
        opts["count"] = _whole(params["count"], 1)
        if opts["count"] is None or opts["count"] > COUNT_MAX:
            problems.append("'count' must be a number of puzzles from 1 to 50, not " + _quote(params["count"]))
            opts["count"] = None
    _flag(opts, problems, params, "daily", False)


def read_params(
    params: object, rulesets: "Collection[str]", languages: "Collection[str] | None" = None
) -> "tuple[dict[str, Any], list[str]]":
    """(options, problems): every parameter checked; a bad one falls back with a message (a
    name or value that is not text is dropped with one). ``languages`` are the codes ``lang=``
    may take (the page's catalogs); without them any two-letter code passes."""
    problems: list[str] = []
    opts: dict[str, Any] = {}
    texts: dict[str, str] = {}
    if not isinstance(params, dict):
        problems.append("the parameters are not a table of names and texts (ignored)")
    else:
        for key in params:
            if isinstance(key, str) and isinstance(params[key], str):
                texts[key] = params[key]
            else:
                problems.append("a parameter that is not text (ignored): " + _quote(key))
    params = texts
    for key in sorted(params):
        if key not in KNOWN:
            problems.append("unknown parameter " + _quote(key) + " (ignored)")
    name = params.get("ruleset", "")
    opts["ruleset"] = ""
    if name:
        if name in rulesets:
            opts["ruleset"] = name
        else:
            problems.append("unknown ruleset " + _quote(name) + "; known: " + ", ".join(rulesets))
    for key in ("position", "record"):
        value = params.get(key, "").strip()
        if len(value) > TEXT_LIMIT:
            problems.append("the " + key + " is too long (" + str(len(value)) + " characters; at most 100000)")
            value = ""
        opts[key] = value
    url = params.get("record-url", "").strip()
    opts["record_url"] = ""
    if url:
        refused = safe_record_url(url)
        if refused:
            problems.append("record-url refused: " + refused)
        else:
            opts["record_url"] = url
    if opts["record"] and opts["record_url"]:
        problems.append("both 'record' and 'record-url' given: the record in the link is shown")
        opts["record_url"] = ""
    if opts["position"] and (opts["record"] or opts["record_url"]):
        problems.append("both a position and a record given: the record is shown")
        opts["position"] = ""
    opts["ply"] = None
    if params.get("ply", ""):
        opts["ply"] = _whole(params["ply"], 0)
        if opts["ply"] is None:
            problems.append("'ply' must be a whole number from 0, not " + _quote(params["ply"]))
    opts["move"] = None
    if params.get("move", ""):
        opts["move"] = _whole(params["move"], 1)
        if opts["move"] is None:
            problems.append("'move' must be a move number from 1, not " + _quote(params["move"]))
    _flag(opts, problems, params, "flip", False)
    orientation = params.get("orientation", "")
    if orientation == "officers":
        opts["flip"] = True
    elif orientation not in ("", "rebels"):
        problems.append("'orientation' must be rebels or officers, not " + _quote(orientation))
    opts["size"] = None
    if params.get("size", ""):
        n = _whole(params["size"], SIZE_MIN)
        if n is None or n > SIZE_MAX:
            problems.append("'size' must be a width in pixels from 120 to 2000, not " + _quote(params["size"]))
        else:
            opts["size"] = n
    _flag(opts, problems, params, "coords", True)
    _flag(opts, problems, params, "puzzle", False)
    opts["arrows"] = _items(problems, params, "arrows")
    opts["highlight"] = _items(problems, params, "highlight")
    prompt = params.get("prompt", "").strip()
    if len(prompt) > PROMPT_LIMIT:
        problems.append("the prompt is too long (at most 300 characters): shortened")
        prompt = prompt[:PROMPT_LIMIT]
    opts["prompt"] = prompt or DEFAULT_PROMPT
    opts["answer"] = _items(problems, params, "answer")
    lang = params.get("lang", "")
    known = lang in languages if languages is not None else len(lang) == 2 and lang.isalpha() and lang.islower()
    opts["lang"] = lang if known else ""
    if lang and not known:  # the reader's browser's language is shown instead
        choices = ", ".join(sorted(languages)) if languages is not None else "a two-letter code like 'fr'"
        problems.append("'lang' must be " + choices + ", not " + _quote(lang))
    bg = params.get("bg", "")
    opts["bg"] = bg if bg in BACKGROUNDS else BACKGROUNDS[0]
    if bg and bg not in BACKGROUNDS:
        problems.append("'bg' must be " + ", ".join(BACKGROUNDS) + ", not " + _quote(bg))
    _puzzle_set(opts, problems, params)
    if (opts["answer"] or params.get("prompt", "")) and not opts["puzzle"]:
        opts["puzzle"] = True  # an answer or a prompt only makes sense as a puzzle
    return opts, problems
