"""One board view and one keyboard table for the three pages that show a board (issue 50): the game
page, the embed and the trainer draw through site/lib/board_view.py and read keys through
site/lib/keyboard.py (pure, tested here), and no page keeps a copy of either."""

from __future__ import annotations

import json
import re
from pathlib import Path

import micropython
import pytest

from helpers import script

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
keyboard = script("site/lib/keyboard.py", "page_keyboard")


def page_sources() -> dict[str, str]:
    """Every Python module of the pages by its path under site/ (the MicroPython shims left out)."""
    return {
        p.relative_to(SITE).as_posix(): p.read_text() for p in sorted(SITE.rglob("*.py")) if p.parent.name != "mpylib"
    }


def test_only_the_board_view_writes_into_a_board_layer():
    """A board's layers (pieces, marks under and over them) are written by board_view.py alone."""
    writers = [path for path, text in page_sources().items() if re.search(r"layer-(pieces|markers|over|\{)", text)]
    assert writers == ["lib/board_view.py"]


def test_only_the_keyboard_table_names_a_key():
    """Which key does what is said in keyboard.py alone: no page has a ladder of its own."""
    key = re.compile(r"""["'](Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown|Enter|Escape)["']""")
    assert [path for path, text in page_sources().items() if key.search(text)] == ["lib/keyboard.py"]


def test_only_the_page_library_puts_the_fixed_texts_in_a_language():
    """The pages' fixed texts ([data-i18n]) are put in the chosen language by page.apply_labels alone."""
    assert [path for path, text in page_sources().items() if "[data-i18n]" in text] == ["lib/page.py"]


KEY_CASES = [  # (key, on a board that takes the keyboard, Ctrl or Meta held, Alt held, the action)
    ("ArrowLeft", True, False, False, ("step", (-1, 0))),  # a board that takes the keyboard: its cursor
    ("ArrowUp", True, False, False, ("step", (0, -1))),
    ("ArrowLeft", False, False, False, ("back", None)),  # elsewhere: the moves
    ("ArrowDown", False, False, False, ("into-line", None)),
    ("Home", True, False, False, ("first", None)),  # on the board too
    ("PageDown", True, False, False, ("forward", None)),
    ("Enter", True, False, False, ("press", None)),
    (" ", True, False, False, ("press", None)),
    ("Escape", True, False, False, ("cancel", None)),
    ("Escape", False, False, False, (None, None)),
    ("Enter", False, False, False, (None, None)),  # a button's own
    ("z", False, True, False, ("undo", None)),
    ("y", True, True, False, ("redo", None)),
    ("F", False, False, False, ("flip", None)),  # Caps Lock or Shift
    ("f", False, True, False, (None, None)),  # Ctrl+F is the browser's find
    ("h", False, False, True, (None, None)),
    ("q", False, False, False, (None, None)),
]


@pytest.mark.parametrize(("key", "on_board", "ctrl", "alt", "action"), KEY_CASES)
def test_a_key_reads_as_one_action(key, on_board, ctrl, alt, action):
    assert keyboard.read(key, on_board, ctrl, alt) == action


class Key:
    """A keydown as the browser gives it: its key, its modifiers, where the focus is."""

    def __init__(self, key, inside=()):
        self.key, self.ctrlKey, self.metaKey, self.altKey = key, False, False, False
        self.target = self
        self.inside = inside
        self.prevented = False

    def closest(self, selector):
        return self if any(part in self.inside for part in selector.split(",")) else None

    def preventDefault(self):  # noqa: N802 - the DOM's name
        self.prevented = True


def test_a_key_is_carried_out_only_where_the_page_has_its_action():
    done = []
    actions = {"back": lambda detail: done.append("back"), "step": lambda detail: done.append(detail)}
    field = Key("ArrowLeft", inside=("select",))  # a menu's own arrows
    keyboard.handle(field, actions)
    on_board = Key("ArrowRight", inside=("#board",))
    keyboard.handle(on_board, actions)
    elsewhere = Key("ArrowLeft")
    keyboard.handle(elsewhere, actions)
    figure = Key("ArrowLeft", inside=("#board",))  # a figure's board takes no keyboard: the moves
    keyboard.handle(figure, actions, board_takes_keys=False)
    unbound = Key("Home")
    keyboard.handle(unbound, actions)
    assert done == [(1, 0), "back", "back"]
    assert [k.prevented for k in (field, on_board, elsewhere, figure, unbound)] == [False, True, True, True, False]


AT = {"a1": (0, 0), "b1": (100, 0), "c1": (200, 0), "a2": (0, -100), "b2": (100, -100)}


def test_the_cursor_starts_where_play_can_start_and_stops_at_an_edge():
    assert keyboard.step_cursor(AT, None, (1, 0), ["b2", "a1"]) == "b2"
    assert keyboard.step_cursor(AT, None, (1, 0)) == "a1"  # nothing can move: the first point
    assert keyboard.step_cursor(AT, "a1", (1, 0)) == "b1"
    assert keyboard.step_cursor(AT, "a1", (0, -1)) == "a2"
    assert keyboard.step_cursor(AT, "c1", (1, 0)) == "c1"


def test_the_keyboard_table_answers_the_same_on_micropython():
    """The pages read keys on MicroPython: the table's answers there are CPython's."""
    cases = [case[:4] for case in KEY_CASES]
    steps = [(None, (1, 0), ["b2"]), ("a1", (1, 0), []), ("a1", (0, -1), []), ("c1", (1, 0), [])]
    code = (
        "import json, keyboard\n"
        f"at = {AT!r}\n"
        f"out = [keyboard.read(*c) for c in {cases!r}]\n"
        f"out += [keyboard.step_cursor(at, c, s, starts) for c, s, starts in {steps!r}]\n"
        "print(json.dumps(out))\n"
    )
    want = [keyboard.read(*c) for c in cases] + [keyboard.step_cursor(AT, c, s, st) for c, s, st in steps]
    got = micropython.run(code, {"keyboard.py": (SITE / "lib" / "keyboard.py").read_text()})
    assert json.loads(got) == json.loads(json.dumps(want))
