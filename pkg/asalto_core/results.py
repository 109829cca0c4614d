"""The arena's results file: a first line naming its tournament, then one finished game a line.

A stopped tournament resumes from it, so nothing in it is trusted: a file of another tournament is
refused, and every line is checked (JSON, UTF-8, the shape of a game, a game of this schedule,
not one already read) before it counts; a line that fails is set aside with a message (left in
the file, never counted), and its game is played again, once. Lines are written whole: the
header by write-then-rename, each game by one write ending its line, after a check that the
line before it ended (a torn line stays a line of its own), then ``fsync``.

>>> import os, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "r.jsonl")
>>> schedule = {0: {"round": 0, "ruleset": "course", "officers": "a", "rebels": "b", "opening": []}}
>>> start(path, {"bots": ["a", "b"]}, schedule)
Loaded(games=[], set_aside=[])
>>> append(path, '{"id": true')
>>> append(path, '[]')
>>> start(path, {"bots": ["a", "b"]}, schedule).set_aside
["line 2: not JSON (Expecting ',' delimiter: line 2 column 1 (char 12))", 'line 3: [] is no game']
>>> start(path, {"bots": ["a", "c"]}, schedule)  # doctest: +ELLIPSIS
Traceback (most recent call last):
asalto_core.errors.AsaltoError: the results file '...' is another tournament's (its bots 'a, b', this one's ...
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import AsaltoError, quote

if TYPE_CHECKING:
    from typing import Any

KEY = "asalto-tournament"  # the header line's key, its value the file format's version
VERSION = 1
# Fields a tournament's header gained after files of this version were first written: a file
# without one was started before the arena had it, and is the same tournament whatever this run's value.
ADDED = ("setup_seconds",)
MAX_LINE = 4 << 20  # bytes: a game of thousands of plies with every fault's detail fits many times over
SIDES = ("officers", "rebels")
SCHEDULED = ("round", "ruleset", "officers", "rebels", "opening")  # what a line must share with its game


@dataclass
class Loaded:
    """The games a results file holds (each once, each checked) and the lines set aside, with why."""

    games: list[dict[str, Any]] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)


def start(path: str, tournament: dict[str, Any], schedule: dict[int, dict[str, Any]]) -> Loaded:
    """The games already played of this tournament, its file created (its first line) if new;
    :class:`AsaltoError` if the file cannot be written or is another tournament's."""
    header = {KEY: VERSION, **tournament}
    if os.path.isdir(path):
        raise AsaltoError(f"the results file {quote(path, 200)} is a folder: name a file")
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        _write_new(path, json.dumps(header) + "\n")
        return Loaded()
    if not os.access(path, os.W_OK):
        raise AsaltoError(f"the results file {quote(path, 200)} cannot be written")
    try:
        with open(path, "rb") as f:
            return _read(f, path, header, schedule)
    except OSError as err:
        raise AsaltoError(f"cannot read the results file {quote(path, 200)}: {err.strerror}") from None


def _write_new(path: str, text: str) -> None:
    """A new file, whole or not at all: written beside it, then renamed."""
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise AsaltoError(f"the results file's folder {quote(folder)} does not exist")
    part = f"{path}.part"
    try:
        with open(part, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(part, path)
    except OSError as err:
        raise AsaltoError(f"cannot write the results file {quote(path, 200)}: {err.strerror}") from None


def _read(f: Any, path: str, header: dict[str, Any], schedule: dict[int, dict[str, Any]]) -> Loaded:
    first, whole = _line(f)
    theirs = _json(first) if whole else None
    if not isinstance(theirs, dict) or theirs.get(KEY) != VERSION:
        raise AsaltoError(f"the results file {quote(path, 200)} does not start by naming its tournament (a results "
                          "file of this arena does): give another file")  # fmt: skip
    theirs = {**{k: header[k] for k in ADDED if k in header and k not in theirs}, **theirs}
    if theirs != header:
        differ = [k for k in header if k != KEY and theirs.get(k) != header[k]] or sorted(set(theirs) - set(header))
        what = "; ".join(f"its {k} {_short(theirs.get(k))}, this one's {_short(header.get(k))}" for k in differ[:3])
        raise AsaltoError(f"the results file {quote(path, 200)} is another tournament's ({what}): give another file, "
                          "or run the command that started it")  # fmt: skip
    loaded = Loaded()
    seen: dict[int, int] = {}
    number = 1
    while True:
        raw, whole = _line(f)
        if not raw:
            return loaded
        number += 1
        game = _json(raw) if whole else None
        if not whole:
            problem = f"longer than {MAX_LINE >> 20} MB"
        elif game is None:
            problem = _why_unreadable(raw)
        else:
            problem = _problem(game, schedule)
            if not problem and game["id"] in seen:
                problem = f"game {game['id']} again (line {seen[game['id']]} has it)"
        if problem or game is None:
            loaded.set_aside.append(f"line {number}: {problem}")
            continue
        seen[game["id"]] = number
        loaded.games.append(game)


def _line(f: Any) -> tuple[bytes, bool]:
    """The next line (at most :data:`MAX_LINE` bytes kept) and whether it was whole (not cut)."""
    raw = f.readline(MAX_LINE + 1)
    if len(raw) <= MAX_LINE:
        return raw, True
    while raw and not raw.endswith(b"\n"):
        raw = f.readline(MAX_LINE)
    return b"x", False


def _json(raw: bytes) -> Any:
    """The line's value, or None (also for a line whose value is null: no game is null)."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_no_constant)
    except (ValueError, RecursionError):
        return None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def _why_unreadable(raw: bytes) -> str:
    """Why a line is not a game's JSON, in words."""
    if not raw.strip():
        return "blank"
    if not raw.endswith(b"\n"):
        return "cut short (the arena stopped while writing it?)"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        return f"not UTF-8 text (byte {err.start + 1})"
    if text.startswith("\ufeff"):
        return "it starts with a byte-order mark"
    try:
        json.loads(text, parse_constant=_no_constant)
    except ValueError as err:
        return f"not JSON ({str(err)[:80]})"
    except RecursionError:
        return "nested too deep"
    return "null, which is no game"


def _short(value: object) -> str:
    if isinstance(value, list) and all(isinstance(x, str) for x in value):
        return quote(", ".join(value), 80)
    return quote(value)


def _problem(game: Any, schedule: dict[int, dict[str, Any]]) -> str:
    """What makes the line no game of this schedule ('' if it is one)."""
    if not isinstance(game, dict):
        return f"{quote(game)} is no game"
    for key, check, kind in _FIELDS:
        if key not in game:
            return f"it has no {key!r}"
        if not check(game[key]):
            return f"its {key!r} is {quote(game[key])}, not {kind}"
    if game["id"] not in schedule:
        last = max(schedule) if schedule else -1
        return f"game {game['id']} is not in this tournament's schedule (games 0 to {last})"
    expected = schedule[game["id"]]
    for key in SCHEDULED:
        if game[key] != expected[key]:
            return f"game {game['id']}'s {key} is {_short(game[key])}, the schedule's {_short(expected[key])}"
    return ""


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= 0


def _number(x: object) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _texts(x: object) -> bool:
    return isinstance(x, list) and all(isinstance(t, str) for t in x)


def _by_side(check: Any) -> Any:
    return lambda x: isinstance(x, dict) and all(check(x.get(side)) for side in SIDES)


def _fault(x: object) -> bool:
    return (
        isinstance(x, dict) and _whole(x.get("ply")) and x.get("side") in ("", *SIDES)
        and isinstance(x.get("kind"), str) and isinstance(x.get("detail"), str)
    )  # fmt: skip


_FIELDS = (  # each field of a game's line: its check, and what it must be
    ("id", _whole, "a game's number"),
    ("round", _whole, "a round's number"),
    ("ruleset", lambda x: isinstance(x, str), "a ruleset's name"),
    ("officers", lambda x: isinstance(x, str), "a bot"),
    ("rebels", lambda x: isinstance(x, str), "a bot"),
    ("names", _by_side(lambda x: isinstance(x, str)), "each side's name"),
    ("opening", _texts, "a list of moves"),
    ("moves", _texts, "a list of moves"),
    ("winner", lambda x: x is None or x in SIDES, "a side or null"),
    ("reason", lambda x: isinstance(x, str), "a text"),
    ("faults", lambda x: isinstance(x, list) and all(_fault(f) for f in x), "a list of faults"),
    ("thinking", _by_side(_number), "each side's seconds"),
    ("bot_seconds", _by_side(_number), "each side's seconds"),
    ("wall_seconds", _number, "seconds"),
    ("record", lambda x: isinstance(x, str), "a record"),
)


def append(path: str, line: str) -> None:
    """Add one line to a file, whole: one write (after a line end, if the file's last line was cut
    short), then ``fsync``."""
    data = line.encode("utf-8") + b"\n"
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        while data:
            data = data[os.write(fd, data) :]
        os.fsync(fd)
    finally:
        os.close(fd)
