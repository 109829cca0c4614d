"""The engine's words as data: a message is an identifier and its parameters, and the
catalogs (``locale/LANG.po``, one per language, English among them) say it in words.

The rules panel, docs/rules.md and ``asalto rules`` all format the same messages: the page with
its catalogs (compiled by build.py), the engine in English with :func:`english`. A parameter
may itself be a message, or a list of messages (joined by the catalog's ``rules-sep``).

>>> english(message("fewer", n=9))
'when fewer than 9 rebels remain'
>>> english(message("list", items=[message("capture-single"), message("duty-optional")]))
'one jump per move; capturing is optional and never punished'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    Message = tuple[str, dict[str, Any]]

_english: dict[str, str] = {}


def message(key: str, **params: Any) -> Message:
    """A message: its identifier in the catalogs and the values of its ``{fields}``."""
    return (key, params)


def is_message(value: object) -> bool:
    """A message, as made here or read back from JSON (a list of an identifier and a table)."""
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        return False
    return isinstance(value[0], str) and isinstance(value[1], dict)


def render(msg: Message, lookup: Callable[[str], str]) -> str:
    """``msg`` in words: its catalog text (``lookup(key)``) with every field filled in."""
    key, params = msg
    if not params:
        return lookup(key)
    values = {}
    for name in params:
        value = params[name]
        if is_message(value):
            value = render(value, lookup)
        elif isinstance(value, (list, tuple)):
            value = lookup("rules-sep").join(render(item, lookup) for item in value)
        values[name] = value
    return lookup(key).format(**values)


def english(msg: Message) -> str:
    """``msg`` in English (the English catalog, read on first use)."""
    if not _english:  # the catalogs are beside this module (the page has its own compiled copy)
        import os

        with open(os.path.join(os.path.dirname(__file__), "locale", "en.po"), encoding="utf-8") as f:
            _english.update(read_po(f.read()))
    return render(msg, _english.__getitem__)


def read_po(text: str) -> dict[str, str]:
    """The messages of a gettext catalog (msgid -> msgstr; the header and comments left out):
    the subset of the format the project's catalogs use (no plurals, no contexts). build.py
    compiles the catalogs for the page with Babel; tests/test_i18n.py checks both agree."""
    out: dict[str, str] = {}
    key: list[str] = []
    value: list[str] = []
    current = key
    for line in text.splitlines() + [""]:
        line = line.strip()
        if line.startswith("msgid "):
            if key and value:
                out["".join(key)] = "".join(value)
            key, value = [_unquote(line[6:])], []
            current = key
        elif line.startswith("msgstr "):
            value = [_unquote(line[7:])]
            current = value
        elif line.startswith('"'):
            current.append(_unquote(line))
    if key and value:
        out["".join(key)] = "".join(value)
    out.pop("", None)
    return out


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(text: str) -> str:
    """A quoted catalog string's value (its escapes: \\n, \\t, \\", \\\\)."""
    inner = text.strip()[1:-1]
    if "\\" not in inner:
        return inner
    out, i = [], 0
    while i < len(inner):
        if inner[i] == "\\" and i + 1 < len(inner):
            out.append(_ESCAPES.get(inner[i + 1], inner[i + 1]))
            i += 2
        else:
            out.append(inner[i])
            i += 1
    return "".join(out)
