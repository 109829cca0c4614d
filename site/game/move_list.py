"""The game page's move list: numbered rows of the main line with its side lines, the move shown
marked and kept in view; drawn from the App state as render.py's "moves" and "follow" parts.
"""

from pyscript import document

from game import move_strip
from game.app import app, shown_view
from lib.i18n import language, side_name, t
from lib.page import B, el


class Shown:
    """The move list as it is on screen, so that a render builds only the rows that differ."""

    def __init__(self):
        self.head = None  # the list's headers as written (the first side, the language)
        self.rows = []  # its rows on screen: (move_rows' row, tr node)
        self.current = None  # the button of the move shown (aria-current)


shown = Shown()


def move_number(entry):
    """A move's number as the move list shows it (the placement before move 1 is move 0)."""
    return "0" if entry["label"] == "0." else str(entry["number"])


def render_moves():
    """The moves as a table of numbered rows (the side that moves first in the first column),
    built as DOM nodes with text, never from HTML strings; the list scrolls, not the page.
    Only the rows that differ from those on screen are built (a move played appends or patches
    the last row; the rows are plain tuples whose words are made once), and the move shown is
    marked by moving its aria-current from one button to another, so browsing rebuilds no row
    and a move late in a long game costs what one early in it does."""
    v = shown_view()
    first = v["first"]
    head = (first, language())
    if head != shown.head:
        shown.head = head
        el("moves-first").textContent = side_name(first, True)
        el("moves-second").textContent = side_name("officers" if first == "rebels" else "rebels", True)
    body = el("moves").querySelector("tbody")
    on_screen = shown.rows
    rows = move_rows(v)
    for i, row in enumerate(rows):
        if i < len(on_screen) and on_screen[i][0] == row:
            continue
        node = row_node(row)
        if i < len(on_screen):
            body.replaceChild(node, on_screen[i][1])
            on_screen[i] = (row, node)
        else:
            body.append(node)
            on_screen.append((row, node))
    while len(on_screen) > len(rows):
        on_screen.pop()[1].remove()
    mark_current(body, v["path"])


def reveal(node):
    """``node`` brought into view where a player looks: on a phone, between the board kept on top
    and the toolbar at the bottom (never under either); on a laptop, the window."""
    B.reveal(node, el("board-area"), document.querySelector("#controls > .toolbar"))


def mark_current(body, path):
    """The move shown (its path in the tree; [] the start) gets aria-current, the one before loses it.
    A keyboard in the list follows the move shown (as lichess's): the arrows, Home and End move the
    focus with it, so it never falls back to the page."""
    if not path:
        query = 'button[data-ply="0"]'
    elif len(path) == 1:
        query = f'button[data-ply="{path[0]}"]'
    else:
        query = f'button[data-path="{",".join(str(i) for i in path)}"]'
    button = body.querySelector(query)
    focused = document.activeElement
    in_list = focused is not None and bool(body.contains(focused))
    if shown.current is not None:
        shown.current.removeAttribute("aria-current")
    if button is not None:
        button.setAttribute("aria-current", "step")
        if in_list:
            B.focusQuietly(button)
    shown.current = button


_labels: dict = {}  # (move's words, language) -> its label for screen readers, made once


def spoken(key, **words):
    """t(key, **words), remembered: the move list says the same move the same way every time."""
    memo = (key, tuple(sorted(words.items())), language())
    if memo not in _labels:
        _labels[memo] = t(key, **words)
    return _labels[memo]


def follow_move():
    """The move shown scrolls into the list's view (the list scrolls, never the page); run after
    the panels above the list have opened or closed, since they move it. At the game's end the
    list scrolls to its end: the last move, and the result card under it."""
    wrap = el("moves-wrap")
    cur = wrap.querySelector('[aria-current="step"]')
    if cur is None:
        return
    box = wrap.getBoundingClientRect()
    if box.height == 0:
        return
    v = shown_view()
    if move_strip.follow_strip(cur, v["final"] and v["ply"] == v["length"]):  # a phone's row of moves
        return
    if v["final"] and v["ply"] == v["length"]:  # the last move, then its result card under it
        wrap.scrollTop = wrap.scrollHeight
        return
    move = cur.getBoundingClientRect()
    if move.top >= box.top + wrap.querySelector("thead").offsetHeight and move.bottom <= box.bottom:
        return
    wrap.scrollTop = max(0, wrap.scrollTop + move.top - box.top - (box.height - move.height) / 2)


def move_rows(v):
    """The move list as rows of plain data, compared with the rows on screen (the move shown is
    not in them: mark_current): ("start", text), ("moves", number, cell, cell) with a cell
    (ply, text, label) or None, and ("side", entries) for the side lines since the last main-line
    move (a finished game's result follows them in its card, render_result)."""
    first = v["first"]
    marks = {m["ply"]: m for m in app.play.review["marks"]} if app.play.review and app.play.review["marks"] else {}
    rows: list = [("start", spoken("start-position"))]
    row: list = []  # the row being filled: its free cells are ``free``
    side_line: list = []
    free: list = []
    for h in v["tree"]:
        if h["depth"]:
            label = spoken("side-line-move", move=h["move"], side=side_name(h["side"]), depth=h["depth"])
            text = f"{h['label']} {h['move']}{h['nag']}".strip()
            side_line.append((tuple(h["path"]), text, label, h["depth"], h["starts_variation"], h["ends_variation"]))
            continue
        if side_line:
            rows.append(("side", tuple(side_line)))
            side_line, free = [], []
        column = 1 if h["side"] == first else 2
        if column == 1 or len(free) != 1 or h["label"] == "0.":
            row = ["moves", h["label"] or f"{h['number']}…", None, None]
            rows.append(row)
            free = [2, 3] if column == 1 else [3]  # a row begun by the second side leaves the first cell empty
        ply = h["path"][0]
        label = spoken("move-by", side=side_name(h["side"]), move=h["move"], number=move_number(h))
        mark = marks.get(ply)
        if mark:
            label += ", " + spoken("kind-" + mark["kind"])
        row[free.pop(0)] = (ply, h["move"] + (h["nag"] or (mark["symbol"] if mark else "")), label)
        if h["label"] == "0.":
            free = []  # the placement has its row to itself
    if side_line:
        rows.append(("side", tuple(side_line)))
    return [tuple(r) for r in rows]


def row_node(row):
    """One row of the move list as DOM nodes (see move_rows)."""
    tr = document.createElement("tr")
    if row[0] == "moves":
        num = document.createElement("th")
        num.scope = "row"
        num.textContent = row[1]
        tr.append(num)
        for cell in row[2:]:
            td = tr.appendChild(document.createElement("td"))
            if cell:
                td.append(move_button(cell[0], cell[1], cell[2]))
        return tr
    td = document.createElement("td")
    td.colSpan = 3
    tr.append(td)
    if row[0] == "start":
        tr.className = "start"
        td.append(move_button(0, row[1], ""))
        return tr
    tr.className = "variation"  # side lines, indented by depth, each in parentheses
    for path, text, label, depth, starts, ends in row[1]:
        if starts:
            td.append(document.createTextNode(" " + "  " * (depth - 1) + "("))
        button = move_button(None, text, label)
        button.dataset.path = ",".join(str(i) for i in path)
        td.append(button)
        if ends:
            td.append(document.createTextNode(")"))
    return tr


def move_button(ply, text, label):
    button = document.createElement("button")
    button.type = "button"
    if ply is not None:
        button.dataset.ply = str(ply)
    button.textContent = text
    if label:
        button.setAttribute("aria-label", label)
    return button


def draw_moves(_=None):
    """The move list, then the body's data-* of the position shown (frames.py's "moves")."""
    if app.play.view is None or app.ui.editor is not None:
        return
    render_moves()
    body = document.body
    body.dataset.editor = ""
    body.dataset.turn = app.play.view["turn"]
    body.dataset.ply = str(app.play.view["ply"])
    body.dataset.over = "1" if app.play.view["outcome"] else "0"


def draw_follow(_=None):
    """The move shown scrolled into view (frames.py's "follow", last and alone in its frame's turn:
    it reads the layout)."""
    if app.play.view is not None and app.ui.editor is None:
        follow_move()
