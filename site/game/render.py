"""Everything the game page shows, derived from the App state in one place (``render``).

The board's drawing is svg.py's (shared with the embed view and diagram export); this
module places the pieces and markers and fills the status, move list, panels and buttons.
"""

import frames
import game_state as st
import move_strip
import review_view
import rules_text
from app import app, board, can_input, can_undo, geometry, human_turn, rules_of
from i18n import choose, language, outcome_text, set_language, side_name, t
from page import B, el, last_move_marks, message, set_text
from page import draw_board as draw_static
from page import point_label as piece_point_label
from pyscript import document

from asalto_core import svg as draw
from asalto_core.errors import LimitError
from asalto_core.links import LinkError, NewerLinkError, TooLongLinkError, UnplayableLinkError
from asalto_core.record import PGN_RESULTS
from asalto_core.session import outcome_json

HUFF_SEEN_KEY = "asalto.huff-explained"  # the huff is explained once per browser


class Drawing:
    """What is on screen now, so that a render writes only what changed (each DOM call from
    MicroPython costs, and a click must fit in a frame). Only this module writes it; the others
    read ``at`` (where each point is drawn). The board's layers are drawn again when what they
    show changes (the key in ``board``): nothing else forces a redraw."""

    def __init__(self):
        self.board = None  # the static layers drawn: (game or editor, board, flipped, marked lines, language)
        self.at = {}  # point -> (x, y) in the board's SVG units
        self.point_marks = {}  # point -> (label, is a target) as written
        self.point_nodes = []  # (point, its hit target's node)
        self.piece_nodes = {}  # point -> [node, kind, what was written]
        self.pieces_from = None  # (the view, what else render_pieces drew from): a press redraws none
        self.gone_pieces = []  # nodes fading out, removed at the next render
        self.jumped = set()  # the rebels drawn faded: jumped by the chain being entered
        self.huffing = None  # the officer drawn faded: to be huffed with the move being entered
        self.markers = None  # the marks' SVG as written (under, over the pieces)
        self.moves = None  # the move list's headers as written (the first side, the language)
        self.move_rows = []  # its rows on screen: (move_rows' row, tr node)
        self.current = None  # the button of the move shown (aria-current)
        self.players = {}  # what each side's card shows
        self.comment = ""  # the comment on the move shown, as written


drawn = Drawing()


def link_problem(err):
    """A link that cannot be opened, in plain words: what happened and what to do, the engine's
    own words behind a disclosure (its control characters never shown)."""
    if isinstance(err, NewerLinkError):
        key = "link-newer"
    elif isinstance(err, (TooLongLinkError, LimitError)):  # whole, and longer than the page reads
        key = "link-too-long"
    elif isinstance(err, LinkError) and not isinstance(err, UnplayableLinkError):
        key = "link-damaged"
    else:
        key = "link-unplayable"
    message(t(key), "error")
    details = document.createElement("details")
    summary = document.createElement("summary")
    summary.textContent = t("link-details")
    detail = document.createElement("span")
    detail.textContent = printable(str(err))
    details.append(summary, detail)
    el("message").append(" ", details)


def printable(text):
    """``text`` with every control character (C0, DEL, C1) shown as U+FFFD: never sent to the screen."""
    return "".join("\ufffd" if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text)


_said = {}  # (language, point, what stands on it, state) -> its label: written once, not at every move


def point_label(name, movable=(), targets=(), inputs=None):
    """A point of the game's board as a screen reader hears it (page.point_label); ``inputs`` is
    can_input(), asked once by a caller that labels every point."""
    if inputs is None:
        inputs = app.play.view is not None and can_input()
    kind = app.play.view["pieces"].get(name) if app.play.view else None
    if inputs and name == app.ui.inp.huff:
        return piece_point_label(name, kind, "huffing")
    if name in app.ui.inp.clicks:
        state = "selected"
    elif name in targets:
        state = "target"
    elif inputs and name in app.play.view["huffable"]:
        state = "huffable"
    else:
        state = "movable" if name in movable else ""
    key = (language(), name, kind, state)
    text = _said.get(key)
    if text is None:
        text = _said[key] = piece_point_label(name, kind, state)
    return text


def piece_label(kind, point):
    """A piece as a screen reader hears it (kept as point_label keeps a point's)."""
    key = (language(), point, kind, "piece")
    text = _said.get(key)
    if text is None:
        text = _said[key] = t("officer-on" if kind == "O" else "rebel-on", point=point)
    return text


def huffing():
    """The officer the player has pressed to huff with the move being made, or None."""
    return app.ui.inp.huff if app.play.view and can_input() else None


def draw_board():
    """The static layers, redrawn only when the board, its side up or its marked lines change."""
    rs = rules_of(app.play.view["ruleset"])
    key = ("game", rs["board"], app.ui.settings["flipped"], rs["marked_lines"], language())
    if drawn.board == key:
        return
    drawn.at = draw_static(el("board"), geometry(), app.ui.settings["flipped"], rs["marked_lines"], label=point_label)
    drawn.board = key
    forget_drawing()


def forget_drawing():
    """The board was drawn afresh: nothing on it is known to be written yet. What render writes
    is remembered here, so that a click writes only what it changed (each DOM call from
    MicroPython costs, and a click must fit in a frame)."""
    drawn.point_marks = {}
    drawn.point_nodes = [(node.getAttribute("data-point"), node) for node in document.querySelectorAll("#board .point")]
    drawn.piece_nodes = {}
    drawn.pieces_from = None
    drawn.gone_pieces = []
    drawn.jumped = set()
    drawn.huffing = None
    drawn.markers = None


def input_points():
    """The points that can start a move, and those that can be clicked next (the same before a click)."""
    if not can_input():
        return [], []
    movable = app.ui.inp.targets(board(), [])
    return movable, (app.ui.inp.targets(board()) if app.ui.inp.clicks else movable)


def move_piece(shown, frm, to):
    entry = shown.pop(frm)
    entry[0].setAttribute("data-piece", to)
    shown[to] = entry


def render_pieces(animate, movable):
    """The pieces, as SVG groups kept from one render to the next so that a move slides.

    ``drawn.piece_nodes`` maps each point to [node, kind, what was written]: a piece whose
    place, label and mark are unchanged is not touched, and when nothing they are drawn from
    changed (a piece selected), none is looked at."""
    clicks = app.ui.inp.clicks
    inputs = (animate, movable, clicks if len(clicks) > 1 else [], language())
    was = drawn.pieces_from
    if was is not None and was[0] is app.play.view and was[1] == inputs and not drawn.gone_pieces:
        fade_huffed(drawn.piece_nodes)
        return
    drawn.pieces_from = (app.play.view, inputs)
    for node in drawn.gone_pieces:
        node.remove()
    drawn.gone_pieces = []
    pieces = dict(app.play.view["pieces"])
    shown = drawn.piece_nodes
    last = app.play.view.get("last") if animate else None
    if last and last["path"] and last["path"][0] in shown and last["path"][-1] not in shown:
        move_piece(shown, last["path"][0], last["path"][-1])
    # A chain being entered: show the moving piece at its latest landing, the rebels it jumped faded.
    jumped = set()
    if len(clicks) > 1 and not app.play.view["placing"]:
        first, now = clicks[0], clicks[-1]
        if first in pieces:
            pieces[now] = pieces.pop(first)
            if first in shown and now not in shown:
                move_piece(shown, first, now)
        jumped = {jumped_point(clicks[i - 1], clicks[i]) for i in range(1, len(clicks))}
    for point in list(shown):
        node, kind, _ = shown[point]
        if pieces.get(point) != kind:
            node.classList.add("gone")
            node.removeAttribute("data-piece")
            drawn.gone_pieces.append(node)
            del shown[point]
    for point in drawn.jumped ^ jumped:
        if point in shown:
            shown[point][0].classList.toggle("jumped", point in jumped)
    drawn.jumped = jumped
    html = []
    added = []
    for point, kind in pieces.items():
        x, y = drawn.at[point]
        now = (x, y, piece_label(kind, point), point in movable)
        entry = shown.get(point)
        if entry is None:
            piece = draw.piece_svg(kind, point, (x, y), now[2], sets=True)
            html.append(piece.replace('role="img"', 'aria-hidden="true"', 1))
            added.append((point, kind, now))
            continue
        was = entry[2]
        if was == now:
            continue
        node = entry[0]
        if was is None or was[:2] != now[:2]:
            node.style.transform = f"translate({x}px, {y}px)"
        if was is None or was[2] != now[2]:
            node.setAttribute("aria-label", now[2])
        if was is None or was[3] != now[3]:
            node.classList.toggle("movable", now[3])
        if was is None:
            node.classList.remove("dragging")
        entry[2] = now
    if html:
        layer = document.querySelector("#board .layer-pieces")
        layer.insertAdjacentHTML("beforeend", "".join(html))
        for point, kind, now in added:
            node = layer.querySelector(f'[data-piece="{point}"]')
            if now[3]:
                node.classList.add("movable")
            shown[point] = [node, kind, now]
    fade_huffed(shown)


def fade_huffed(shown):
    """The officer pressed to be huffed is drawn faded until the move is made or the huff dropped."""
    now = huffing()
    for point in {drawn.huffing, now} - {None}:
        if point in shown:
            shown[point][0].classList.toggle("huffing", point == now)
    drawn.huffing = now


def jumped_point(frm, to):
    """The point a leap from ``frm`` to ``to`` jumps: halfway along its straight line."""
    return chr((ord(frm[0]) + ord(to[0])) // 2) + str((int(frm[1:]) + int(to[1:])) // 2)


def drag_piece(point, x, y):
    """A piece dragged by the pointer follows it; the next render puts it in its place."""
    entry = drawn.piece_nodes.get(point)
    if entry is None:
        return False
    entry[0].classList.add("dragging")
    entry[0].style.transform = f"translate({x}px, {y}px)"
    entry[2] = None
    drawn.pieces_from = None
    return True


def render_markers(movable=None, targets=None):
    """The marks: under the pieces the points' rings and dots and the last move's path; over them
    the arrows (a teacher's, the hint's and the review's better move), each meaning its own look
    (asalto_core.svg's palette)."""
    if movable is None:
        movable, targets = input_points()
    v = app.play.view
    marks, under = last_move_marks(drawn.at, v.get("last"))
    over = ""
    chosen = huffing()
    marks += [("huffable", p) for p in v["huffable"] if p != chosen]
    if chosen:  # ringed and crossed out over the officer, which is drawn faded
        over += draw.markers_svg(drawn.at, [("huffing", chosen)])
    if can_input():
        for p in app.ui.inp.clicks:
            marks.append(("selected", p))
        if len(app.ui.inp.clicks) > 1 and not v["placing"]:  # a capture chain being entered
            under += draw.path_svg(drawn.at, app.ui.inp.clicks, "chain-path")
        for p in targets:
            marks.append(("target", p))
        if app.ui.inp.can_stop(board()):
            marks.append(("stop", app.ui.inp.clicks[-1]))
    # The record's own marks on this position ([%arrows] and [%points] in its comment).
    for arrow in v.get("arrows") or []:
        over += draw.mark_arrow_svg(drawn.at, arrow)
    marks += [("highlight", p) for p in v.get("points") or []]
    if app.ui.annotating and app.ui.inp.arrow_from:
        marks.append(("selected", app.ui.inp.arrow_from))
    mark = review_mark(v["ply"]) if app.play.learn is None else None  # a lesson keeps the answer back
    if mark:  # the better move the review found, from the position before the move played
        over += draw.arrow_svg(drawn.at, draw.move_points(mark["best"]), mark["best"], "engine")
    over += review_view.analysis_arrow(drawn.at)  # the analysis's best move in the position shown
    if app.play.hint:  # the engine's move: an arrow, or rings on a placement's or a lone huff's points
        path = draw.move_points(app.play.hint)
        over += draw.arrow_svg(drawn.at, path, app.play.hint, "engine")
        if not path:
            marks += [("hint", p) for p in st.hint_path(app.play.hint)]
    if app.ui.inp.cursor:
        marks.append(("cursor", app.ui.inp.cursor))
    drawing = (under + draw.markers_svg(drawn.at, marks), over)
    if drawing != drawn.markers:
        document.querySelector("#board .layer-markers").innerHTML = drawing[0]
        document.querySelector("#board .layer-over").innerHTML = drawing[1]
        drawn.markers = drawing
    # A placement's points are empty targets from the first click; otherwise targets follow a selection.
    picking = app.ui.inp.clicks or app.play.view["placing"]
    if not picking:
        targets = []
    else:
        movable = []
    # Only the points whose label or target mark changed are written.
    shown = drawn.point_marks
    inputs = can_input()
    for name, node in drawn.point_nodes:
        now = (point_label(name, movable, targets, inputs), name in targets)
        if shown.get(name) != now:
            shown[name] = now
            node.setAttribute("aria-label", now[0])
            node.classList.toggle("target", now[1])
    svg = el("board")
    if app.ui.inp.cursor:
        svg.setAttribute("aria-activedescendant", "pt-" + app.ui.inp.cursor)
    else:
        svg.removeAttribute("aria-activedescendant")


def result_text(outcome):
    """The result sentence in the page's language, from the engine's winner and reason."""
    options = dict(rules_of(app.play.view["ruleset"])["options"])
    return outcome_text(outcome, options.get("repetition", "3"))


def status_text():
    v = app.play.view
    if app.ui.annotating and not v["outcome"]:
        return t("annotate-status", side=side_name(v["turn"]))
    if v["outcome"]:
        return t("status-game-over")  # the result itself is the card's, at the end of the moves
    if v["ply"] < v["length"]:
        return review_status(v)
    if app.ai.thinking == "move":
        if app.ai.depth:
            return t("status-ai-depth", side=side_name(v["turn"]), depth=app.ai.depth)
        return t("status-ai", side=side_name(v["turn"]))
    if not human_turn():
        if app.shared.friend is not None:
            return t("status-friend", side=side_name(v["turn"]))
        if app.play.ai_paused:
            return t("status-ai-paused")
        return t("status-ai", side=side_name(v["turn"]))
    head = (
        t("status-you", side=side_name(v["turn"]))
        if st.ai_side(app.ui.settings["mode"]) or app.shared.friend is not None
        else t("status-turn", side=side_name(v["turn"]))
    )
    if v["placing"]:  # the sentence names the side: no "Officers to move:" before it
        placements = board().legal_moves
        return t("status-place", n=len(placements[0].place) if placements else 2)
    keys = "-key" if app.ui.inp.cursor is not None else ""  # said for the keyboard while it is used
    if app.ui.inp.can_stop(board()):
        what = t("status-chain-stop")
    elif len(app.ui.inp.clicks) > 1:
        what = t("status-chain" + keys)
    elif app.ui.inp.clicks:
        what = t("status-target" + keys)
    else:
        what = t("status-pick" + keys)
    if v["huff_choice"] and app.ui.inp.huff is not None:
        what = t("status-huffing", point=app.ui.inp.huff) + "; " + what
    elif v["huff_choice"] and not app.ui.inp.clicks:
        # Where a huff is due, no piece moves until the rebels say which officer goes.
        what = t("status-huff-due") if v["auto_removal"] else t("status-huff") + "; " + what
    return t("status-join", head=head, what=what)


def move_number(entry):
    """A move's number as the move list shows it (the placement before move 1 is move 0)."""
    return "0" if entry["label"] == "0." else str(entry["number"])


def review_status(v):
    """An earlier position on the board, said in the move list's terms: the move shown (with its
    number), the game's last number, the side to move."""
    total = move_number(v["history"][-1]) if v["history"] else "0"
    side = side_name(v["turn"])
    for h in v["tree"]:
        if h["current"]:
            return t("status-review", number=move_number(h), total=total, move=h["move"], side=side)
    return t("status-review-start", total=total, side=side)


def render_annotation():
    """The annotation panel for the node shown: its comment, its symbol, the tools' states."""
    el("btn-annotate").setAttribute("aria-pressed", "true" if app.ui.annotating else "false")
    el("panel-annotate").hidden = not app.ui.annotating
    if not app.ui.annotating:
        return
    v = app.play.view
    box = el("annot-comment")
    if document.activeElement is not box:  # never overwrite what is being typed
        box.value = v["comment"]
    for button in document.querySelectorAll("#annot-nags [data-nag]"):
        button.setAttribute("aria-pressed", "true" if button.getAttribute("data-nag") == v["nag"] else "false")
        button.disabled = not v["ply"]
    el("annot-arrow-tool").setAttribute("aria-pressed", "true" if app.ui.inp.arrow_tool else "false")
    in_side_line = len(v["path"]) > 1
    el("annot-promote").disabled = not in_side_line
    el("annot-delete").disabled = not in_side_line
    el("annot-puzzle").disabled = not v["ply"]


def render_comment():
    """The comment on the move shown (a record's, a teacher's), as text above the moves; while
    annotating it is in the comment box instead, and a reviewed move's in the review's note."""
    # While the review is shown, its note says what the review wrote into the comment.
    reviewed = app.play.review is not None and review_mark(app.play.view["ply"]) is not None
    text = "" if app.ui.annotating or reviewed else app.play.view["comment"]
    if text != drawn.comment:
        drawn.comment = text
        box = el("move-comment")
        box.hidden = not text
        box.textContent = text


def review_mark(ply):
    """The review's mark of the move that led to ``ply``, or None."""
    if not app.play.review:
        return None
    for mark in app.play.review["marks"]:
        if mark["ply"] == ply:
            return mark
    return None


def render_review():
    """The review: progress, the graph of the officers' chance, the marked moves, the note on the
    move shown; and the analysis board's line for the position shown."""
    rv, v = app.play.review, app.play.view
    el("review-panel").hidden = rv is None
    review_view.render_analysis()
    review_view.render_gauge()
    if rv is None:
        set_text(el("review-note"), "")
        return
    going_on = app.ai.go_on is not None and app.ai.go_on[0] is rv  # once the stop's answers are in
    state = "starting" if going_on else rv.get("state", "")
    running = app.ai.thinking == "review" and state != "stopped"  # a stopped one ends its chunk under way
    bar = el("review-progress")
    bar.hidden = not running
    bar.max = max(rv["total"], 1)
    bar.value = rv["done"]
    if state == "starting":
        status = t("review-starting")
    elif running:
        status = t("review-running", done=rv["done"], total=rv["total"])
    elif state == "done":
        status = t("review-done", n=len(rv["marks"]))
    elif state == "stale":
        status = t("review-stale", done=rv["done"], total=rv["total"])
    elif state == "failed":
        status = t("review-failed", error=rv["error"])
    else:
        status = t("review-stopped", done=rv["done"], total=rv["total"])
    set_text(el("review-status"), status)
    document.body.dataset.review = state
    run = el("btn-review-run")
    if running:
        run.textContent = t("review-stop")
    elif state == "failed":
        run.textContent = t("review-retry")
    elif state == "stale":
        run.textContent = t("review-update")
    else:
        run.textContent = t("review-resume" if 0 < rv["done"] < rv["total"] else "review-run")
    chances = [p["officers"] if p else None for p in rv["points"]]
    marks = [(m["ply"], m["kind"]) for m in rv["marks"]]
    el("review-graph").innerHTML = draw.eval_graph(chances, marks, v["ply"], t("review-graph"), 640, 100)
    review_view.render_summary(rv, v)
    mark = None if app.play.learn is not None else review_mark(v["ply"])  # a lesson keeps the answer back
    set_text(el("review-note"), (
        t("review-note", move=mark["move"], symbol=mark["symbol"], reason=reason_text(mark), best=mark["best"],
          line=" ".join(mark["line"][:6]), before=round(mark["before"] * 100), after=round(mark["after"] * 100))
        if mark
        else ""
    ))  # fmt: skip


def reason_text(mark):
    other = "rebels" if mark["side"] == "officers" else "officers"
    return t("reason-" + mark["reason"], n=mark["count"], other=side_name(other))


def render_moves():
    """The moves as a table of numbered rows (the side that moves first in the first column),
    built as DOM nodes with text, never from HTML strings; the list scrolls, not the page.
    Only the rows that differ from those on screen are built (a move played appends or patches
    the last row; the rows are plain tuples whose words are made once), and the move shown is
    marked by moving its aria-current from one button to another, so browsing rebuilds no row
    and a move late in a long game costs what one early in it does."""
    v = app.play.view
    first = v["first"]
    head = (first, language())
    if head != drawn.moves:
        drawn.moves = head
        el("moves-first").textContent = side_name(first, True)
        el("moves-second").textContent = side_name("officers" if first == "rebels" else "rebels", True)
    body = el("moves").querySelector("tbody")
    shown = drawn.move_rows
    rows = move_rows(v)
    for i, row in enumerate(rows):
        if i < len(shown) and shown[i][0] == row:
            continue
        node = row_node(row)
        if i < len(shown):
            body.replaceChild(node, shown[i][1])
            shown[i] = (row, node)
        else:
            body.append(node)
            shown.append((row, node))
    while len(shown) > len(rows):
        shown.pop()[1].remove()
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
    if drawn.current is not None:
        drawn.current.removeAttribute("aria-current")
    if button is not None:
        button.setAttribute("aria-current", "step")
        if in_list:
            B.focusQuietly(button)
    drawn.current = button


_labels = {}  # (move's words, language) -> its label for screen readers, made once


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
    v = app.play.view
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
    rows = [("start", spoken("start-position"))]
    row, free, side_line = None, [], []
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


def announce(text):
    """Say a move (both sides') to screen readers through the live region."""
    el("announce").textContent = text


def render_panels():
    v = app.play.view
    huff = el("panel-huff")
    show_huff = can_input() and v["huff_choice"] and not app.ui.inp.clicks
    huff.hidden = not show_huff
    if show_huff:
        due = v["auto_removal"]  # one officer must go: the rebels only say which
        el("huff-title").textContent = t("huff-title-due" if due else "huff-title")
        el("huff-explain").textContent = t("huff-explain-due" if due else "huff-explain")
        buttons = []
        for p in v["huffable"]:
            pressed = "true" if app.ui.inp.huff == p else "false"
            buttons.append(
                f'<button type="button" data-huff="{p}" aria-pressed="{pressed}">{t("huff-point", point=p)}</button>'
            )
        if not due:
            pressed = "true" if app.ui.inp.huff is None else "false"
            buttons.append(f'<button type="button" data-huff="" aria-pressed="{pressed}">{t("huff-none")}</button>')
        el("huff-buttons").innerHTML = "".join(buttons)
        seen = B.load(HUFF_SEEN_KEY)
        el("huff-explain").hidden = seen.ok and seen.value == "1"
        B.save(HUFF_SEEN_KEY, "1")
    el("panel-chain").hidden = not (can_input() and app.ui.inp.can_stop(board()))
    render_result()
    branch = el("panel-branch")
    branch.hidden = not app.play.branch_asked
    if app.play.branch_asked:
        el("branch-text").textContent = t("branch-ask", later=v["length"] - v["ply"])


def render_result():
    """A finished game's card at the end of its moves (as lichess ends the move list): the score as
    PGN writes it (the rebels, who move first, first), the result in words, and what comes next.
    Its Review gives way to the review's own button once there is a review; a game with a friend
    has no Rematch here (a new link is a new game)."""
    final = app.play.view["final"]
    card = el("result")
    card.hidden = final is None
    if final is None:
        return
    el("result-score").textContent = PGN_RESULTS[final["winner"] + "-win" if final["winner"] else "draw"]
    el("result-text").textContent = result_text(final)
    card.dataset.winner = final["winner"] or "draw"
    el("result-rematch").hidden = app.shared.friend is not None
    el("result-review").hidden = app.play.review is not None and app.play.review.get("state") == "done"


def player_card(side):
    """What a side's card shows: (side, name, who plays it, its pieces on the board, the other
    side's pieces it took, the pill: '', 'to-move', 'thinking' or 'winner', the search's depth,
    whether MicroPython stands in for Pyodide)."""
    v = app.play.view
    ai = st.ai_side(app.ui.settings["mode"])
    if app.shared.friend is not None:
        who = t("player-you") if side == app.shared.friend["side"] else t("player-friend")
    elif side in ai:
        who = t("player-computer", level=t("level-" + app.ui.settings["level"]))
    elif not ai:
        who = ""  # both sides played here: the side's name says all (said once, not on both cards)
    else:
        who = t("player-you")
    kind = "O" if side == "officers" else "R"
    count = sum(1 for k in v["pieces"].values() if k == kind)
    prey = "R" if kind == "O" else "O"
    at_start = sum(1 for k in app.play.session.game.start.pieces().values() if k == prey)
    taken = max(0, at_start - sum(1 for k in v["pieces"].values() if k == prey))
    final = v["final"] if v["ply"] == v["length"] else None
    if final:
        pill = "winner" if final["winner"] == side else ""
    elif v["outcome"] is None and v["turn"] == side:
        pill = "thinking" if app.ai.thinking == "move" else "to-move"
    else:
        pill = ""
    # A strong level's move searched on MicroPython while Pyodide loads: the card says so.
    stand_in = pill == "thinking" and app.ai.thinker.kind == "light" and not B.lightLevel(app.ui.settings["level"])
    return (side, side_name(side, True), who, count, taken, pill, app.ai.depth if pill == "thinking" else 0, stand_in)


def render_players():
    """The two sides beside the board, the side at the top of the board in the top card (as on
    lichess): who plays it, its pieces, whose turn it is, the computer's thinking. The cards'
    nodes are in the page; only the parts whose text changed are written (a move changes the turn
    and perhaps a count, not the names)."""
    top, bottom = ("rebels", "officers") if app.ui.settings["flipped"] else ("officers", "rebels")
    for node_id, side in (("player-top", top), ("player-bottom", bottom)):
        card = player_card(side)
        was = drawn.players.get(node_id)  # apply_labels forgets them: a language rewrites all
        if was == card:
            continue
        drawn.players[node_id] = card
        side, name, who, count, taken, pill, depth, stand_in = card
        node = el(node_id)
        words = {"to-move": t("pill-to-move"), "winner": t("pill-winner"), "thinking": t("thinking")}
        pill_text = t("pill-depth", depth=depth) if depth else words.get(pill, "")
        if stand_in:
            pill_text = t("thinking-light")
        pieces = t("pieces-left", n=count, side=side_name(side))
        other = "rebels" if side == "officers" else "officers"
        took = t("pieces-taken", n=taken, side=side_name(other, True)) if taken else ""
        if was is None or was[:3] != card[:3]:
            node.dataset.side = side
            node.querySelector(".token").className = "token " + side
            node.querySelector(".who strong").textContent = name
            node.querySelector(".who span").textContent = who
        if was is None or was[5:] != card[5:]:
            node.classList.toggle("to-move", pill in ("to-move", "thinking"))
            tag = node.querySelector(".turn")
            tag.hidden = not pill
            tag.classList.toggle("thinking", pill == "thinking")
            tag.querySelector(".pill-text").textContent = pill_text
        if was is None or was[3:5] != card[3:5]:  # what it took, as lichess shows captured pieces
            num = node.querySelector(".count")
            num.textContent = str(taken) if taken else ""
            num.title = took
        # A screen reader hears the card as one sentence (its parts are hidden from it).
        node.setAttribute("aria-label", ", ".join(x for x in (name, who, pieces, took, pill_text) if x))


def render_buttons():
    v = app.play.view
    for name, disabled in (
        ("nav-first", v["ply"] == 0), ("nav-back", v["ply"] == 0),
        ("nav-forward", v["ply"] >= v["length"]), ("nav-last", v["ply"] >= v["length"]),
    ):  # fmt: skip
        el(name).disabled = disabled
    el("btn-undo").disabled = not can_undo()
    el("btn-redo").disabled = not app.play.redo
    el("btn-pass").hidden = not v["passes"]  # the course's rules only: a pass is a move there
    el("btn-pass").disabled = not (v["passes"] and can_input())
    el("btn-flip").setAttribute("aria-pressed", "true" if app.ui.settings["flipped"] else "false")
    friend = app.shared.friend is not None  # a game between people: no computer's moves or hints
    el("btn-hint").disabled = bool(app.ai.thinking) or v["outcome"] is not None or friend
    el("btn-ai").disabled = bool(app.ai.thinking) or v["outcome"] is not None or friend
    el("btn-review").disabled = bool(app.ai.thinking) or not v["length"]
    el("btn-review-run").disabled = (bool(app.ai.thinking) and app.ai.thinking != "review") or not v["length"]
    # The thinking line: the search under way (a review says its own progress and has its own
    # Stop), or the computer's worker starting before its first move. Pyodide's loading is not said:
    # nothing waits for it (MicroPython answers meanwhile), and a player never asked about it.
    searching = app.ai.thinking and app.ai.thinking != "review"
    el("btn-stop-ai").hidden = not searching
    starting = app.ai.light.starting and bool(st.ai_side(app.ui.settings["mode"]))
    el("thinking").hidden = not (searching or (starting and not app.ai.thinking))
    el("thinking").classList.toggle("starting", not searching)
    if app.ai.thinking == "move":
        set_text(el("thinking-text"), "")  # the computer's bar says it thinks: here its Stop
    elif searching:
        set_text(el("thinking-text"), t("thinking-depth", depth=app.ai.depth) if app.ai.depth else t("thinking"))
    elif starting:
        set_text(el("thinking-text"), t("engine-starting"))
    set_text(el("game-title"), rules_text.title(v["ruleset"]))


def render_editor():
    """The position being set up: its pieces, its huffable officers, what the rules say of it."""
    ed = app.ui.editor
    rs = rules_of(ed.ruleset)
    key = ("editor", rs["board"], app.ui.settings["flipped"], rs["marked_lines"], language())
    if drawn.board != key:
        geo = app.ui.data["boards"][rs["board"]]
        drawn.at = draw_static(el("board"), geo, app.ui.settings["flipped"], rs["marked_lines"], label=editor_label)
        drawn.board = key
    pieces = []
    for point, kind in ed.pieces.items():
        label = t("officer-on" if kind == "O" else "rebel-on", point=point)
        piece = draw.piece_svg(kind, point, drawn.at[point], label, sets=True)
        pieces.append(piece.replace('role="img"', 'aria-hidden="true"', 1))
    document.querySelector("#board .layer-pieces").innerHTML = "".join(pieces)
    marks = [("huffable", p) for p in ed.huffs()]
    if app.ui.inp.cursor:
        marks.append(("cursor", app.ui.inp.cursor))
    document.querySelector("#board .layer-markers").innerHTML = draw.markers_svg(drawn.at, marks)
    for node in document.querySelectorAll("#board .point"):
        node.setAttribute("aria-label", editor_label(node.getAttribute("data-point")))
    position, error = ed.position()
    box = el("setup-message")
    outcome = position.outcome() if position else None
    if outcome is not None:  # allowed, but the game would be over before it starts
        repetition = dict(rs["options"]).get("repetition", "3")
        box.textContent = t("setup-decided", outcome=outcome_text(outcome_json(outcome), repetition))
        box.className = "warn"
    else:
        box.textContent = t("setup-valid") if position else t("setup-invalid", error=error)
        box.className = "info" if position else "error"
    el("setup-text").value = position.text() if position else ""
    for name in ("setup-play", "setup-embed", "setup-link", "setup-diagram"):
        el(name).disabled = position is None
    el("setup-turn").value = ed.turn
    for node in document.querySelectorAll('input[name="setup-tool"]'):
        node.checked = node.value == ed.tool  # the tool in use, also after Cancel and reopening
    el("status").textContent = t("setup-status")
    el("panel-setup").hidden = False
    document.body.dataset.editor = "1"


def editor_label(name):
    kind = app.ui.editor.pieces.get(name) if app.ui.editor else None
    text = piece_point_label(name, kind)
    return text + (", " + t("setup-huffable") if app.ui.editor and name in app.ui.editor.huffs() else "")


# What modules that draw from this one add beside the board (friend.render_panel), drawn with the rest.
extra_panels = []


def render_board(animate=False):
    """The board: pieces, markers and the points' labels. False when there is no game to draw,
    or the editor drew its own."""
    if app.play.view is None:
        return False
    if app.ui.editor is not None:
        render_editor()
        return False
    draw_board()
    movable, targets = input_points()
    render_pieces(animate, movable)
    render_markers(movable, targets)
    return True


def render_moved(animate):
    """A move played: its pieces at once, in the input's task (frames.py's "board" part's first
    draw); the marks and the points' labels follow with the whole board, in a task of its own."""
    if app.play.view is not None and app.ui.editor is None:
        draw_board()
        render_pieces(animate, [])


def draw_side(_=None):
    """The status, the players' cards, the panels and the buttons (frames.py's "side")."""
    if app.play.view is None or app.ui.editor is not None:
        return
    el("panel-setup").hidden = True
    set_text(el("status"), status_text())
    render_players()
    render_panels()
    for panel in extra_panels:
        panel()
    render_buttons()
    render_review()
    render_annotation()
    render_comment()
    render_thinking()


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


def render_thinking():
    """The body's data-* of a search under way: whether one is, and on which engine."""
    document.body.dataset.thinking = app.ai.thinking or ""
    document.body.dataset.thinker = ("light" if app.ai.thinker.kind else "engine") if app.ai.thinking else ""


def draw_progress(_=None):
    """The AI's search depth, or the review's progress, while the worker thinks (frames.py's
    "progress": the board and the move list are as they were, a phone's main thread is spared them)."""

    if app.play.view is None or app.ui.editor is not None:
        return
    set_text(el("status"), status_text())
    render_players()
    render_buttons()
    render_review()
    render_thinking()


frames.part("board", render_board, how="input", first=render_moved)
frames.part("side", draw_side, covers=("progress",))
frames.part("progress", draw_progress)
frames.part("moves", draw_moves)
frames.part("follow", draw_follow, how="alone")


def apply_labels():
    """Every fixed text of the page in the chosen language (the menu's, else the browser's)."""
    document.documentElement.lang = set_language(choose(app.ui.settings["lang"], B.language()))
    document.title = t("page-title")
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = t(node.getAttribute("data-i18n"))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label")))
    for node in document.querySelectorAll("[data-i18n-title]"):
        node.title = t(node.getAttribute("data-i18n-title"))
    for node in document.querySelectorAll("[data-i18n-placeholder]"):
        node.placeholder = t(node.getAttribute("data-i18n-placeholder"))
    document.title = t("page-title")
    lang = document.documentElement.lang
    el("lang-menu").value = lang
    # The lesson in the page's language: its catalog names the page (a language without its own
    # lesson names the English one).
    for name in ("link-lesson", "welcome-learn"):
        el(name).href = t("lesson-page")
    drawn.players = {}
    _said.clear()  # a catalog that came since: its words


def apply_theme():
    """The theme the player chose ('' follows the system), on the root before anything is drawn."""
    theme = app.ui.settings.get("theme", "")
    root = document.documentElement
    if theme:
        root.dataset.theme = theme
    else:
        root.removeAttribute("data-theme")
    el("theme-menu").value = theme
    el("sound-toggle").checked = bool(app.ui.settings.get("sound"))
    # The piece set and board colouring chosen: the board's CSS follows these on the root.
    root.dataset.pieces = el("pieces-menu").value = app.ui.settings["pieces"]
    root.dataset.colours = el("colours-menu").value = app.ui.settings["colours"]
