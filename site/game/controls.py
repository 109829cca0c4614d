"""Input on the game page: pointer (click and drag), keyboard, and the board and toolbar buttons.

Points clicked go to the input state machine (board_input.Input); ``do_action`` carries out what
it returns: play a move, or a named cancel.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from game import annotate, api, frames, learn, storage
from game.app import app, board, can_input, shown_view
from game.game import (
    ai_now,
    ask,
    branch,
    navigate,
    navigate_path,
    play,
    play_line,
    redo,
    refused_click,
    rematch,
    stop_ai,
    toggle_analysis,
    undo,
)
from game.render import apply_theme, drag_piece, reveal, view
from game.review_search import review, review_button
from game.review_view import line_to
from lib import keyboard
from lib.page import B, el, message, on, spawn


def do_action(action):
    kind, detail = action
    if kind == "play":
        if learn.waiting():  # a move tried in the walk through the player's mistakes: not played
            learn.attempt(detail)
            return
        play(detail, True)  # it draws the new position: no second render
        return
    if kind == "cancel" and detail == "not-a-target":
        message("")
    api.redraw("input")


def click_point(point):
    if app.ui.editor is not None:  # setting up a position: the tool goes on the point
        if app.ui.editor.tool == "huff":
            api.set_up("input", "toggle_huff", point)
        else:
            api.set_up("input", "press", point)
        return
    if app.ui.annotating and app.ui.inp.arrow_tool:
        annotate.arrow_tool_click(point)
        return
    if not can_input():
        refused_click()  # never a new line by accident: ask first, or say why not
        return
    do_action(api.enter("none", "press", board(), point))


def board_xy(event):
    """The pointer's position in the board's SVG units, or None."""
    r = B.svgPoint(el("board"), event.clientX, event.clientY)
    return json.loads(r.value) if r.ok and r.value else None


def nearest_point(event):
    """The point pressed: the one whose circle the pointer is on (no layout read), else the nearest
    within reach (a press beside a point, or a drag's end, which the board captured)."""
    hit = event.target.getAttribute("data-point")
    if hit:
        return hit
    xy = board_xy(event)
    if xy is None:
        return None
    x, y = xy
    best, dist = None, 60 * 60
    for name, (px, py) in view.at.items():
        d = (px - x) ** 2 + (py - y) ** 2
        if d < dist:
            best, dist = name, d
    return best


def on_pointerdown(event):
    if event.button == 2 and app.ui.annotating and app.ui.editor is None:
        # a right-drag draws an arrow, a right-click marks a point
        api.enter("none", "right_press", nearest_point(event))
        return
    if event.button != 0 or app.play.view is None:
        return
    point = nearest_point(event)
    if point is None:
        return
    # the keyboard's cursor shows only while the keyboard is used
    api.enter("none", "press_pointer", {"from": point, "x": event.clientX, "y": event.clientY, "moved": False})
    board_node = el("board")
    board_node.setPointerCapture(event.pointerId)
    board_node.addEventListener("pointermove", _dragging)


def on_pointermove(event):
    d = app.ui.inp.drag
    if d is None or not can_input():
        return
    if not d["moved"] and (event.clientX - d["x"]) ** 2 + (event.clientY - d["y"]) ** 2 < 64:
        return
    if d["from"] not in view.piece_nodes:
        return
    api.enter("none", "hold", dict(d, moved=True))
    xy = board_xy(event)
    if xy is not None:
        drag_piece(d["from"], xy[0], xy[1])


# The pointer's moves reach Python only while a press is held: a mouse passing over the board
# (or a finger's press that never drags) costs a phone's main thread no call into MicroPython.
_dragging = create_proxy(on_pointermove)


def on_pointerup(event):
    el("board").removeEventListener("pointermove", _dragging)
    if event.button == 2 and app.ui.inp.right_from is not None:
        frm = app.ui.inp.right_from
        api.enter("none", "right_press", None)
        to = nearest_point(event)
        if to == frm:
            annotate.toggle_point(frm, annotate.brush(event))
        elif to is not None:
            annotate.toggle_arrow(frm, to, annotate.brush(event))
        return
    d = app.ui.inp.drag
    api.enter("none", "hold", None)
    if d is None:
        return
    if not d["moved"]:
        click_point(d["from"])
        return
    target = nearest_point(event)
    if not app.ui.inp.clicks or app.ui.inp.clicks[-1] != d["from"]:
        click_point(d["from"])
    if target and target != d["from"]:
        click_point(target)
    else:
        api.redraw("input")


def step_cursor(step):
    """The keyboard's cursor moved one point that way; from off the board it starts where play can
    start: the selection, else the first piece that can move."""
    at = view.at
    if not at:
        return
    starts = app.ui.inp.clicks[-1:] or (app.ui.inp.targets(board()) if app.play.view else [])
    point = keyboard.step_cursor(at, app.ui.inp.cursor, step, starts)
    if point != app.ui.inp.cursor:
        api.enter("input", "point_at", point)


def press_cursor(_detail):
    """Enter or Space on the board: the point under the cursor pressed, else a chain stopped."""
    if app.ui.inp.cursor:
        click_point(app.ui.inp.cursor)
    elif app.ui.inp.can_stop(board()):
        do_action(api.enter("none", "stop", board()))


def go_by(delta):
    spawn(navigate(shown_view()["ply"] + delta))


# The keyboard table's actions (keyboard.py) that the game page has.
KEYS = {
    "step": step_cursor,
    "press": press_cursor,
    "cancel": lambda _: api.enter("input", "reset", "escape"),
    "back": lambda _: go_by(-1),
    "forward": lambda _: go_by(1),
    "first": lambda _: spawn(navigate(0)),
    "last": lambda _: spawn(navigate(shown_view()["length"])),
    "undo": lambda _: spawn(undo()),
    "redo": lambda _: spawn(redo()),
    "flip": lambda _: flip(None),
    "hint": lambda _: spawn(ask("hint")),
}


def on_key(event):
    keyboard.handle(event, KEYS)


def flip(_event):
    api.choose("game", flipped=not app.ui.settings["flipped"])
    storage.save()


def on_moves_click(event):
    btn = event.target.closest("[data-path]")
    if btn is not None:  # a move of a side line
        spawn(navigate_path([int(i) for i in btn.getAttribute("data-path").split(",")]))
        return
    btn = event.target.closest("[data-ply]")
    if btn is not None:
        spawn(navigate(int(btn.getAttribute("data-ply"))))


def on_review_click(event):
    """A count of the summary or a point of the graph: that move shown, and its note in view (on a
    phone, never under the board or the toolbar)."""
    btn = event.target.closest("[data-ply]")
    if btn is not None:
        spawn(show_with_note(int(btn.getAttribute("data-ply"))))


async def show_with_note(ply):
    await navigate(ply)
    frames.when_done(lambda: reveal(el("review-note")))


def on_line_click(event):
    """A move of the analysis's line: the line played to it."""
    btn = event.target.closest("[data-upto]")
    if btn is not None:
        spawn(play_line(line_to(btn)))


def on_huff_click(event):
    btn = event.target.closest("[data-huff]")
    if btn is None or not can_input():
        return
    point = btn.getAttribute("data-huff") or None
    do_action(api.enter("none", "choose_huff", board(), point))


def on_menu_click(event):
    """A command chosen in the menu closes it (its settings stay open while they are changed).
    A dialog it opened is marked: its command is hidden with the menu, so the dialog gives the
    focus back to the menu's button when it closes (dialog_closed)."""
    if event.target.closest("button.item, a.item"):
        el("menu").hidePopover()
        opened = document.querySelector("dialog[open]")
        if opened is not None:
            opened.setAttribute("data-from-menu", "1")


def dialog_closed(event):
    """A dialog opened from the menu has closed: the focus, lost with the hidden command, goes
    to the menu's button (a keyboard goes on from there, not from the page's top)."""
    dialog = event.target
    if dialog.hasAttribute("data-from-menu"):
        dialog.removeAttribute("data-from-menu")
        active = document.activeElement  # the body, the hidden command, or still in the closed dialog
        if active is None or active.offsetParent is None or dialog.contains(active):
            el("btn-menu").focus()


def on_menu_toggle(event):
    el("btn-menu").setAttribute("aria-expanded", "true" if event.newState == "open" else "false")
    if event.newState == "open":
        B.placeMenu(el("menu"), el("btn-menu"))


def change_theme(_event):
    api.choose("none", theme=el("theme-menu").value)
    apply_theme()
    storage.save()


def change_look(_event):
    """A piece set or board colouring chosen in the menu: shown at once, kept with the settings."""
    api.choose("none", pieces=el("pieces-menu").value, colours=el("colours-menu").value)
    apply_theme()
    storage.save()


def change_sound(_event):
    api.choose("none", sound=bool(el("sound-toggle").checked))
    storage.save()


def bind():
    svg = el("board")
    svg.setAttribute("tabindex", "0")
    on(svg, "pointerdown", on_pointerdown)
    on(svg, "pointerup", on_pointerup)
    on(svg, "contextmenu", lambda e: e.preventDefault() if app.ui.annotating else None)
    on(document, "keydown", on_key)
    on(el("btn-undo"), "click", lambda e: spawn(undo()))
    on(el("btn-redo"), "click", lambda e: spawn(redo()))
    on(el("btn-pass"), "click", lambda e: do_action(("play", "--")) if can_input() else refused_click())
    on(el("btn-branch"), "click", lambda e: branch(True))
    on(el("btn-to-end"), "click", lambda e: branch(False))
    on(el("result-rematch"), "click", lambda e: rematch())
    on(el("btn-review"), "click", lambda e: spawn(review(el("review-depth").value)))
    on(el("result-review"), "click", lambda e: spawn(review(el("review-depth").value)))
    on(el("btn-review-run"), "click", lambda e: review_button())
    on(el("btn-analysis"), "click", lambda e: toggle_analysis())
    on(el("review-graph"), "click", on_review_click)
    on(el("review-summary"), "click", on_review_click)
    on(el("analysis-lines"), "click", on_line_click)
    on(el("btn-flip"), "click", flip)
    on(el("btn-hint"), "click", lambda e: spawn(ask("hint")))
    on(el("btn-ai"), "click", lambda e: ai_now())
    on(el("btn-stop-ai"), "click", lambda e: spawn(stop_ai()))
    on(el("btn-stop-chain"), "click", lambda e: do_action(api.enter("none", "stop", board())))
    on(el("btn-reload"), "click", lambda e: window.location.reload())
    on(el("moves"), "click", on_moves_click)
    on(el("nav-first"), "click", lambda e: spawn(navigate(0)))
    on(el("nav-back"), "click", lambda e: spawn(navigate(shown_view()["ply"] - 1)))
    on(el("nav-forward"), "click", lambda e: spawn(navigate(shown_view()["ply"] + 1)))
    on(el("nav-last"), "click", lambda e: spawn(navigate(shown_view()["length"])))
    on(el("menu"), "click", on_menu_click)
    on(el("menu"), "toggle", on_menu_toggle)
    for dialog in document.querySelectorAll("dialog"):
        on(dialog, "close", dialog_closed)
    on(el("theme-menu"), "change", change_theme)
    on(el("sound-toggle"), "change", change_sound)
    on(el("pieces-menu"), "change", change_look)
    on(el("colours-menu"), "change", change_look)
    on(el("huff-buttons"), "click", on_huff_click)
