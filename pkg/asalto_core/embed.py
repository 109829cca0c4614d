"""The embed view's parameters and position texts, read without the engine.

An embedded board takes everything from its URL (``embed.html?ruleset=assault&position=...``).
Every value is untrusted: each bad one becomes a specific message and a safe default,
never an exception, so the rest of the frame still works. A position alone is drawn
straight from its text (:func:`read_position`, the format of
:mod:`asalto_core.notation`), so a static figure needs no engine at all; records and
puzzles go to the engine. Like :mod:`asalto_core.svg` this file runs unchanged on the
page's MicroPython, hence plain functions and no imports.

>>> opts, problems = read_params({"ruleset": "assault", "ply": "3", "flip": "yes"}, ["assault"])
>>> opts["ply"], opts["flip"], problems
(3, True, [])
>>> read_params({"ply": "-1", "colour": "red"}, ["assault"])[1]
["unknown parameter 'colour' (ignored)", "'ply' must be a whole number from 0, not '-1'"]
"""

TEXT_LIMIT = 100000  # longer records or positions are refused (a URL this long is a mistake)
PROMPT_LIMIT = 300
SIZE_MIN, SIZE_MAX = 120, 2000
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
)
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")
_URL_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/%"


def _quote(text):
    """A value as it appears in a message: short, in quotes."""
    text = str(text)
    if len(text) > 40:
        text = text[:37] + "..."
    return "'" + text + "'"


def _flag(opts, problems, params, key, default):
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


def _whole(text, low):
    """An int >= low from text of digits only, else None."""
    if not text or not text.isdigit():
        return None
    n = int(text)
    return n if n >= low else None


def safe_record_url(url):
    """'' if ``url`` is a relative link on this site, else why it is refused.

    Only plain relative paths are allowed: no scheme (``https:``, ``javascript:``, ``data:``),
    no host (``//x``), no absolute path, no ``..`` (which could leave this project for another
    on the same host), no backslash: a record can only come from the site that serves the
    embed (the page checks the resolved URL again).

    >>> safe_record_url("examples/game.txt"), safe_record_url("//evil.example/x")[:30]
    ('', 'only a relative link on this s')
    """
    if not url:
        return "the record link is empty"
    if url[0] == "/" or "//" in url or ".." in url.split("/"):
        return "only a relative link on this site is allowed, not " + _quote(url)
    for c in url:
        if c not in _URL_CHARS:
            return "only a relative link on this site is allowed, not " + _quote(url)
    return ""


def split_list(text):
    """Moves or points separated by commas, spaces or semicolons; a placement keeps its commas
    only where ';' or spaces separate the items (``'@c5,e5; d4-d5'``)."""
    text = text.strip()
    if ";" in text or " " in text:
        parts = text.replace(";", " ").split()
    else:
        parts = text.split(",") if not text.startswith("@") else [text]
    return [p for p in parts if p]


def read_params(params, rulesets):
    """(options, problems): every parameter checked; a bad one falls back with a message."""
    problems = []
    opts = {}
    for key in sorted(params):
        if key not in KNOWN:
            problems.append("unknown parameter " + _quote(key) + " (ignored)")
    name = params.get("ruleset", "")
    opts["ruleset"] = ""
    if name:
        if base_of(name) in rulesets:
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
    opts["arrows"] = split_list(params.get("arrows", ""))
    opts["highlight"] = split_list(params.get("highlight", ""))
    prompt = params.get("prompt", "").strip()
    if len(prompt) > PROMPT_LIMIT:
        problems.append("the prompt is too long (at most 300 characters): shortened")
        prompt = prompt[:PROMPT_LIMIT]
    opts["prompt"] = prompt or DEFAULT_PROMPT
    opts["answer"] = split_list(params.get("answer", ""))
    if (opts["answer"] or params.get("prompt", "")) and not opts["puzzle"]:
        opts["puzzle"] = True  # an answer or a prompt only makes sense as a puzzle
    return opts, problems


def base_of(name):
    """The named ruleset house rules start from (``asalto:first=officers`` -> ``asalto``):
    its board is theirs. The options themselves are the engine's to check.

    >>> base_of("asalto:first=officers"), base_of("assault")
    ('asalto', 'assault')
    """
    return name.split(":", 1)[0]


def read_position(text, rulesets, boards):
    """``(ruleset, pieces, turn, huffable, move number)`` from a position text, or ValueError.

    The same syntax as the engine's ``parse_position`` (ranks from the top, ``O``/``R``,
    digits for empty runs); whether the position could occur is not checked here.
    ``rulesets`` maps a name to its board name, ``boards`` a board name to its geometry.

    >>> geometry = {"height": 2, "points": [{"name": "a1", "x": 0, "y": 0}, {"name": "a2", "x": 0, "y": 1}]}
    >>> read_position("tiny O/1 r - 3", {"tiny": "t"}, {"t": geometry})
    ('tiny', {'a2': 'O'}, 'rebels', [], 3)
    """
    fields = text.split()
    if len(fields) != 5:
        raise ValueError(
            "bad position "
            + _quote(text)
            + ": expected 5 fields (ruleset, points, side, huffable, move number), found "
            + str(len(fields))
        )
    name, body, side, huffs, number = fields
    if base_of(name) not in rulesets:
        raise ValueError("bad position " + _quote(text) + ": unknown ruleset " + _quote(name))
    geometry = boards[rulesets[base_of(name)]]
    ranks = body.split("/")
    height = geometry["height"]
    if len(ranks) != height:
        raise ValueError(
            "bad position " + _quote(text) + ": the board has " + str(height) + " ranks, found " + str(len(ranks))
        )
    pieces = {}
    names = set()
    for k, row in enumerate(ranks):
        rank = height - 1 - k
        points = [p["name"] for p in geometry["points"] if p["y"] == rank]
        at, run = 0, ""
        for c in row + " ":
            if c.isdigit():
                run += c
                continue
            if run:
                at += int(run)
                run = ""
            if c == " ":
                break
            if c not in "OR" or at >= len(points):
                what = "unexpected " + _quote(c) if c not in "OR" else "too many points"
                raise ValueError("bad position " + _quote(text) + ": " + what + " in rank " + str(rank + 1))
            pieces[points[at]] = c
            at += 1
        if at != len(points):
            raise ValueError(
                "bad position "
                + _quote(text)
                + ": rank "
                + str(rank + 1)
                + " describes "
                + str(at)
                + " points, the board has "
                + str(len(points))
            )
        names.update(points)
    turns = {"r": "rebels", "o": "officers", "p": "officers"}
    if side not in turns:
        raise ValueError("bad position " + _quote(text) + ": side to move must be r, o or p, not " + _quote(side))
    huffable = [] if huffs == "-" else huffs.split(",")
    for p in huffable:
        if pieces.get(p) != "O":
            raise ValueError("bad position " + _quote(text) + ": no officer on " + _quote(p) + " to huff")
    if not number.isdigit() or int(number) < 1:
        raise ValueError("bad position " + _quote(text) + ": the move number must be a positive integer")
    return name, pieces, turns[side], huffable, int(number)
