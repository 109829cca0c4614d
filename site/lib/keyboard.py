"""One keyboard table for every board (the game page, the embed, the trainer): what each key asks.

A key is read into a named action (``read``); a page binds the actions it has (``handle``), and a key
whose action a page lacks does nothing there, its default kept. On a board that takes the keyboard
(the game's, a puzzle's) the arrows move its cursor; elsewhere they step through the moves.
"""

# On a board that takes the keyboard: the cursor's steps (in the board's SVG directions).
CURSOR_STEPS = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
# ...and what the other keys do there: press the point under the cursor, drop the move entered.
BOARD_KEYS = {"Enter": "press", " ": "press", "Escape": "cancel"}
# Anywhere but a form field (on a board too, unless it took the key): the moves.
PAGE_KEYS = {
    "ArrowLeft": "back",
    "ArrowRight": "forward",
    "PageUp": "back",
    "PageDown": "forward",
    "Home": "first",
    "End": "last",
    "ArrowDown": "into-line",  # into a side line that branches at the move shown
    "ArrowUp": "out-of-line",  # out of it, where it branched
}
# A letter pressed alone (Caps Lock or Shift too), and with Ctrl.
LETTER_KEYS = {"f": "flip", "h": "hint"}
CTRL_KEYS = {"z": "undo", "y": "redo"}
# Where a key is the field's own: never an action.
FIELDS = "input,textarea,select,dialog"


def read(key: str, on_board: bool, ctrl: bool = False, alt: bool = False) -> tuple:
    """The action a key asks (name, detail), or (None, None): ``on_board`` when the focus is on a
    board that takes the keyboard, ``ctrl`` (or Meta) and ``alt`` as held."""
    if ctrl and key in CTRL_KEYS:
        return CTRL_KEYS[key], None
    if on_board and key in CURSOR_STEPS:
        return "step", CURSOR_STEPS[key]
    if on_board and key in BOARD_KEYS:
        return BOARD_KEYS[key], None
    if key in PAGE_KEYS:
        return PAGE_KEYS[key], None
    if not (ctrl or alt) and key.lower() in LETTER_KEYS:
        return LETTER_KEYS[key.lower()], None
    return None, None


def handle(event, actions: dict, board_takes_keys: bool = True) -> None:
    """Carry out a keydown with the page's ``actions`` (name -> function of the detail): a key in a
    form field is the field's; a key with no action here keeps its default."""
    target = event.target
    if target.closest(FIELDS):
        return
    on_board = board_takes_keys and target.closest("#board") is not None
    name, detail = read(event.key, on_board, bool(event.ctrlKey or event.metaKey), bool(event.altKey))
    act = actions.get(name)
    if act is None:
        return
    event.preventDefault()
    act(detail)


def point_toward(at: dict, current: str, dx: int, dy: int):
    """The point a keyboard cursor moves to from ``current`` in direction (dx, dy), or None:
    the nearest ahead, preferring points in line."""
    cx, cy = at[current]
    best, score = None, None
    for name in sorted(at):
        x, y = at[name]
        vx, vy = x - cx, y - cy
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        s = along + 3 * abs(vx * dy - vy * dx)
        if score is None or s < score:
            best, score = name, s
    return best


def step_cursor(at: dict, cursor, step: tuple, starts=()) -> str:
    """Where the cursor goes with ``step``: from off the board, to the first of ``starts`` (where
    play can start) or else the first point; on it, to the next point that way (kept at an edge)."""
    if cursor not in at:
        return (list(starts) or sorted(at))[0]
    return point_toward(at, cursor, step[0], step[1]) or cursor
