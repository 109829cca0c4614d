"""Annotation mode on the game page: comments, symbols, arrows and marked points, side lines.

Everything is the engine's (asalto_core.session: set_comment, set_nag, set_marks, promote,
delete_variation, play with branch=True) and lands in the record, so an export or an embed
shows it. Right-drag on the board draws an arrow and a right-click marks a point (as on
lichess); on a touch screen the arrow tool takes two clicks instead.
"""

from js import window

from asalto_core import svg as draw
from asalto_core.errors import AsaltoError
from asalto_core.links import embed_query
from asalto_core.record import line_text
from game import api
from game.app import app, shown_view
from game.game import show
from lib.i18n import language, t
from lib.page import B, copy_text, el, on, spawn, tell


def toggle():
    api.toggle_annotating()


def say(text, kind="info"):
    tell("annot-message", text, kind)


def edit(step, *args):
    """One change of the game tree's notes (api.note_game's ``step``); a refusal is said, the game stays as it was."""
    try:
        api.note_game(step, *args)
    except AsaltoError as err:
        say(str(err), "error")
        return
    say("")
    show(False)


def toggle_arrow_tool():
    api.enter("input", "use_arrow_tool", not app.ui.inp.arrow_tool)


def toggled(marks, mark, colour):
    """Marks with ``mark`` drawn in ``colour`` ('' green, else 'R', 'B' or 'Y') or taken off:
    drawing a mark again in its colour takes it off, in another colour recolours it (lichess)."""
    body = [m for m in marks if draw.mark_colour(m)[1] == mark]
    rest = [m for m in marks if draw.mark_colour(m)[1] != mark]
    return rest if colour + mark in body else rest + [colour + mark]


def toggle_arrow(frm, to, colour=""):
    arrows = toggled(shown_view()["arrows"], f"{frm}-{to}", colour)
    edit("set_marks", arrows, shown_view()["points"])


def toggle_point(point, colour=""):
    points = toggled(shown_view()["points"], point, colour)
    edit("set_marks", shown_view()["arrows"], points)


def brush(event):
    """A right-drag's colour, from the keys held (lichess's brushes): Shift red, Alt blue, Ctrl
    yellow, none green."""
    if event.shiftKey:
        return "R"
    if event.altKey:
        return "B"
    return "Y" if event.ctrlKey or event.metaKey else ""


def arrow_tool_click(point):
    """The arrow tool: a first click picks where the arrow starts, a second where it ends
    (the same point twice marks it)."""
    frm = app.ui.inp.arrow_from
    api.enter("input", "start_arrow", point if frm is None else None)
    if frm == point:
        toggle_point(point)
    elif frm is not None:
        toggle_arrow(frm, point)


def on_comment(_event):
    text = el("annot-comment").value
    if text != shown_view()["comment"]:
        edit("set_comment", text)


def on_nag(event):
    button = event.target.closest("[data-nag]")
    if button is not None:
        symbol = button.getAttribute("data-nag")
        edit("set_nag", symbol)


def copy_puzzle():
    """The embed code of a puzzle of the move shown: the record from the position before it, with
    that move and the moves after it to find (the replies between them and the side lines too: a
    commented one answers that wrong move), and the teacher's question."""
    moves = int(el("annot-puzzle-moves").value or "1")
    try:
        excerpt = app.play.session.game.excerpt(app.play.session.path, 2 * moves - 1)
    except AsaltoError as err:
        say(str(err), "error")
        return
    pairs = [("record", excerpt.record()), ("puzzle", "1")]
    prompt = " ".join(el("annot-prompt").value.split())
    if prompt:
        pairs.append(("prompt", prompt[:300]))
    r = B.embedSnippet(embed_query(pairs), 380, 560, t("annotate-puzzle-title"))
    if r.ok:
        spawn(copy(r.value))


async def copy(text):
    await copy_text(text, "annot-message")


def download_sheet():
    """The printable sheet (HTML: A4 or Letter, as many pages as needed): a diagram of every
    main-line move with a comment or a symbol, its comment in full and its side lines as text;
    in a study, every chapter's (a puzzle's question; the answers on a page of their own)."""
    words = (t("sheet-start"), t("sheet-after"))
    flipped = app.ui.settings["flipped"]
    try:
        if app.shared.study is not None:
            api.edit_study("none", "keep")
            title = app.shared.study.title or t("sheet-title")
            page = app.shared.study.sheet_page(title, flipped, language(), *words, t("sheet-answer"))
        else:
            title = app.play.session.game.tags.get("Event") or t("sheet-title")
            page = app.play.session.sheet_page(title, flipped, language(), *words)
    except AsaltoError:
        say(t("annotate-sheet-empty"), "warn")
        return
    B.download("asalto-sheet.html", page, "text/html")


def fill_print():
    """The printed page's record, written as the browser starts printing: the game's headers and
    its moves with every comment (the list on screen scrolls and shows one comment at a time)."""
    game = app.play.session.game
    el("print-headers").textContent = "\n".join(f"{k}: {v}" for k, v in game.tags.items())
    el("print-moves").textContent = line_text(game.line, game.start, braces=True)


def bind():
    on(window, "beforeprint", lambda e: fill_print())
    on(el("btn-annotate"), "click", lambda e: toggle())
    on(el("annot-comment"), "change", on_comment)
    on(el("annot-nags"), "click", on_nag)
    on(el("annot-arrow-tool"), "click", lambda e: toggle_arrow_tool())
    on(el("annot-clear-marks"), "click", lambda e: edit("set_marks", [], []))
    on(el("annot-promote"), "click", lambda e: edit("promote"))
    on(el("annot-delete"), "click", lambda e: edit("delete_variation"))
    on(el("annot-puzzle"), "click", lambda e: copy_puzzle())
    on(el("annot-sheet"), "click", lambda e: download_sheet())
