"""The game page's board, derived from the App state: what the board view (board_view.BoardView,
shared with the embed and the trainer) shows of the game or of the position being set up: its
pieces, the marks under and over them, each point's label, the keyboard's cursor.
"""

from pyscript import document

from asalto_core import svg as draw
from asalto_core.session import outcome_json
from game import review_view, rules_text
from game import state as st
from game.app import app, board, board_ruleset, can_input, geometry, rules_of, shown_view
from game.review_panel import review_mark
from lib.board_view import BoardView, last_move_marks
from lib.i18n import language, outcome_text, t
from lib.page import el, set_text, tell
from lib.page import point_label as piece_point_label

# The game's board: only this module draws on it; the others read ``view.at`` (where each point is).
view = BoardView()

_said: dict = {}  # (language, point, what stands on it, state) -> its label: written once, not at every move


def forget_words():
    """The labels made so far are dropped: a catalog that came since has their words."""
    _said.clear()


def point_label(name, movable=(), targets=(), inputs=None):
    """A point of the game's board as a screen reader hears it (page.point_label); ``inputs`` is
    can_input(), asked once by a caller that labels every point."""
    if inputs is None:
        inputs = app.play.view is not None and can_input()
    v = app.play.view
    kind = v["pieces"].get(name) if v else None
    if inputs and name == app.ui.inp.huff:
        return piece_point_label(name, kind, "huffing")
    if name in app.ui.inp.clicks:
        state = "selected"
    elif name in targets:
        state = "target"
    elif inputs and v is not None and name in v["huffable"]:
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
    """The static layers, redrawn only when the board, its side up, its marked lines or the
    language change (the points' labels are in it)."""
    rs = rules_of(shown_view()["ruleset"])
    key = ("game", rs["board"], app.ui.settings["flipped"], rs["marked_lines"], language())
    view.draw(key, geometry(), app.ui.settings["flipped"], rs["marked_lines"], label=point_label)


def input_points():
    """The points that can start a move, and those that can be clicked next (the same before a click)."""
    if not can_input():
        return [], []
    movable = app.ui.inp.targets(board(), [])
    return movable, (app.ui.inp.targets(board()) if app.ui.inp.clicks else movable)


def render_pieces(animate, movable):
    """The pieces, kept from one render to the next so that a move slides (BoardView.show_pieces):
    when nothing they are drawn from changed (a piece selected), none is looked at. A chain being
    entered shows the moving piece at its latest landing, the rebels it jumped faded."""
    clicks = app.ui.inp.clicks
    inputs = (animate, movable, clicks if len(clicks) > 1 else [], language())
    v = shown_view()
    if view.same_pieces(v, inputs):
        view.fade(huffing())
        return
    pieces = dict(v["pieces"])
    slides = []
    last = v.get("last") if animate else None
    if last and last["path"]:
        slides.append((last["path"][0], last["path"][-1]))
    jumped = set()
    if len(clicks) > 1 and not v["placing"]:
        first, now = clicks[0], clicks[-1]
        if first in pieces:
            pieces[now] = pieces.pop(first)
            slides.append((first, now))
        jumped = {jumped_point(clicks[i - 1], clicks[i]) for i in range(1, len(clicks))}
    view.show_pieces(pieces, piece_label, movable, slides, jumped, huffing(), source=v, inputs=inputs)


def jumped_point(frm, to):
    """The point a leap from ``frm`` to ``to`` jumps: halfway along its straight line."""
    return chr((ord(frm[0]) + ord(to[0])) // 2) + str((int(frm[1:]) + int(to[1:])) // 2)


def drag_piece(point, x, y):
    """A piece dragged by the pointer follows it; the next render puts it in its place."""
    return view.drag(point, x, y)


def render_markers(movable=None, targets=None):
    """The marks: under the pieces the points' rings and dots and the last move's path; over them
    the arrows (a teacher's, the hint's and the review's better move), each meaning its own look
    (asalto_core.svg's palette)."""
    if movable is None:
        movable, targets = input_points()
    v = shown_view()
    marks, under = last_move_marks(view.at, v.get("last"))
    over = ""
    chosen = huffing()
    marks += [("huffable", p) for p in v["huffable"] if p != chosen]
    if chosen:  # ringed and crossed out over the officer, which is drawn faded
        over += draw.markers_svg(view.at, [("huffing", chosen)])
    if can_input():
        for p in app.ui.inp.clicks:
            marks.append(("selected", p))
        if len(app.ui.inp.clicks) > 1 and not v["placing"]:  # a capture chain being entered
            under += draw.path_svg(view.at, app.ui.inp.clicks, "chain-path")
        for p in targets:
            marks.append(("target", p))
        if app.ui.inp.can_stop(board()):
            marks.append(("stop", app.ui.inp.clicks[-1]))
    # The record's own marks on this position ([%arrows] and [%points] in its comment).
    for arrow in v.get("arrows") or []:
        over += draw.mark_arrow_svg(view.at, arrow)
    marks += [("highlight", p) for p in v.get("points") or []]
    if app.ui.annotating and app.ui.inp.arrow_from:
        marks.append(("selected", app.ui.inp.arrow_from))
    mark = review_mark(v["ply"]) if app.play.learn is None else None  # a lesson keeps the answer back
    if mark:  # the better move the review found, from the position before the move played
        over += draw.arrow_svg(view.at, draw.move_points(mark["best"]), mark["best"], "engine")
    over += review_view.analysis_arrow(view.at)  # the analysis's best move in the position shown
    if app.play.hint:  # the engine's move: an arrow, or rings on a placement's or a lone huff's points
        path = draw.move_points(app.play.hint)
        over += draw.arrow_svg(view.at, path, app.play.hint, "engine")
        if not path:
            marks += [("hint", p) for p in st.hint_path(app.play.hint)]
    if app.ui.inp.cursor:
        marks.append(("cursor", app.ui.inp.cursor))
    view.show_marks(under + draw.markers_svg(view.at, marks), over)
    # A placement's points are empty targets from the first click; otherwise targets follow a selection.
    picking = app.ui.inp.clicks or v["placing"]
    if not picking:
        targets = []
    else:
        movable = []
    # Only the points whose label or target mark changed are written.
    inputs = can_input()
    view.label_points(lambda name: (point_label(name, movable, targets, inputs), name in targets))
    view.show_cursor(app.ui.inp.cursor)


def render_editor(ed):
    """The position being set up (``ed``, the editor.Editor open): its pieces, its huffable officers,
    what the rules say of it."""
    rs = rules_of(ed.ruleset)
    key = ("editor", rs["board"], app.ui.settings["flipped"], rs["marked_lines"], language())
    geo = app.ui.data["boards"][rs["board"]]
    view.draw(key, geo, app.ui.settings["flipped"], rs["marked_lines"], label=editor_label)
    view.show_pieces(ed.pieces, piece_label)
    marks = [("huffable", p) for p in ed.huffs()]
    if app.ui.inp.cursor:
        marks.append(("cursor", app.ui.inp.cursor))
    view.show_marks(draw.markers_svg(view.at, marks))
    view.label_points(lambda name: (editor_label(name), False))
    position, error = ed.position()
    outcome = position.outcome() if position else None
    if outcome is not None:  # allowed, but the game would be over before it starts
        repetition = dict(rs["options"]).get("repetition", "3")
        tell("setup-message", t("setup-decided", outcome=outcome_text(outcome_json(outcome), repetition)), "warn")
    elif position:
        tell("setup-message", t("setup-valid"))
    else:
        tell("setup-message", t("setup-invalid", error=error), "error")
    el("setup-text").value = position.text() if position else ""
    for name in ("setup-play", "setup-embed", "setup-link", "setup-diagram"):
        el(name).disabled = position is None
    el("setup-turn").value = ed.turn
    for node in document.querySelectorAll('input[name="setup-tool"]'):
        node.checked = node.value == ed.tool  # the tool in use, also after Cancel and reopening
    el("status").textContent = t("setup-status")
    draw_title()
    el("panel-setup").hidden = False
    document.body.dataset.editor = "1"


def draw_title():
    """The title above the board: the rules of what it shows, a game's or a position being set up."""
    set_text(el("game-title"), rules_text.title(board_ruleset()))


def editor_label(name):
    ed = app.ui.editor
    kind = ed.pieces.get(name) if ed else None
    text = piece_point_label(name, kind)
    return text + (", " + t("setup-huffable") if ed and name in ed.huffs() else "")


def render_board(animate=False):
    """The board: pieces, markers and the points' labels. False when there is no game to draw,
    or the editor drew its own."""
    if app.play.view is None:
        return False
    if app.ui.editor is not None:
        render_editor(app.ui.editor)
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
