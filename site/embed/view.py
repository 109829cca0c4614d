"""The embed view (MicroPython): a board, a position or an annotated game inside a teacher's page.

Everything comes from the URL (asalto_core.embed reads and checks it) and every text
from the URL or a record goes into the page as text (textContent), never as markup.
The engine's rules run here on MicroPython: a position, a record or a puzzle is read
once (``Session.frames``: one frame per move) and stepped through locally, with no
worker and no Pyodide, so ten figures on one page cost little. Each bad parameter adds
a specific message and the rest still works. What is shown (the ply, autoplay, a
puzzle's state) is embed/state.py's, a pure module with unit tests; this module draws it and
turns clicks and keys into its transitions.
"""

import asyncio

from js import document, window

from asalto_core import svg
from asalto_core.embed import DEFAULT_PROMPT, read_params
from asalto_core.errors import AsaltoError
from asalto_core.record import split_games
from asalto_core.session import Session
from asalto_core.study import Study
from embed import state as fg
from lib import keyboard
from lib.board_view import BoardView, last_move_marks
from lib.i18n import languages, t
from lib.page import (
    B,
    apply_labels,
    el,
    link_params,
    load_language,
    on,
    press_state,
    problem,
    rules_in,
    site_data,
    spawn,
    tell,
)
from lib.page import point_label as piece_point_label

PLAY_STEP_S = 1.2


class Viewer:
    def __init__(self) -> None:
        self.data: dict = {}  # page.site_data, read first thing (main)
        self.opts: dict = {}  # the link's parameters (asalto_core.embed.read_params)
        self.ruleset = "assault"
        self.fig: fg.Figure | None = None  # the frames and what is shown: one from main() on (figure())
        self.cursor: str | None = None  # the keyboard's point on a puzzle's board
        self.study: Study | None = None  # a record of several games, one chapter shown
        self.chapter = 0


def figure() -> fg.Figure:
    """The figure shown. main() shows one before it binds a handler, and a chapter's replaces the one
    before at once (show_chapter), so a handler or a drawing always has one."""
    if v.fig is None:
        raise RuntimeError("the embed shows no figure yet")
    return v.fig


v = Viewer()
# The figure's board: drawn as a diagram (no slide), a piece taken off gone at once.
view = BoardView(animated=False, fade_out=False)


# -- drawing ---------------------------------------------------------------------
def rules():
    return rules_in(v.data, v.ruleset)


def geometry():
    return v.data["boards"][rules()["board"]]


def show_board():
    """The board: one image, or for a puzzle an application whose points are buttons."""
    puzzle = bool(v.fig and v.fig.puzzle)
    rs = rules()
    key = (rs["board"], v.opts["flip"], rs["marked_lines"], v.opts["coords"], puzzle)
    view.draw(
        key,
        geometry(),
        v.opts["flip"],
        rs["marked_lines"],
        coords=v.opts["coords"],
        interactive=puzzle,
        label=point_label,
    )


def piece_label(kind, point):
    return t("officer-on" if kind == "O" else "rebel-on", point=point)


def point_label(name):
    """A puzzle's point as a screen reader hears it (page.point_label, in the frame's language)."""
    fig = v.fig
    if fig is None:  # the board is drawn before its first figure (main, show_chapter)
        return piece_point_label(name, None)
    state = press_state(name, fig.marks(), fig.puzzle.inp.clicks if fig.puzzle else [])
    return piece_point_label(name, fig.frame["pieces"].get(name), state)


def check_marks():
    """Arrows and highlights that do not fit the board shown are reported, then skipped."""
    for name in v.opts["arrows"]:
        points = svg.move_points(svg.mark_colour(name)[1])
        if len(points) < 2 or any(p not in view.at for p in points):
            problem(t("embed-arrow-bad", name=repr(name)))
    for name in v.opts["highlight"]:
        if name not in view.at:
            problem(t("embed-highlight-bad", name=repr(name)))


def render():
    fig = figure()
    frame = fig.frame
    at = view.at
    view.show_pieces(frame["pieces"], piece_label)
    marks, extra = last_move_marks(at, frame["last"])
    if fig.ply == fig.start_ply and not fig.line:
        marks += [("highlight", p) for p in v.opts["highlight"]]
        extra += "".join(svg.mark_arrow_svg(at, m) for m in v.opts["arrows"])
    # The record's own arrows and points at this move (its comment's [%arrows]/[%points]).
    marks += [("highlight", p) for p in frame.get("points", [])]
    marks += [("huffable", p) for p in frame.get("huffable", [])]
    extra += "".join(svg.mark_arrow_svg(at, m) for m in frame.get("arrows", []))  # a colour letter first
    answer = fig.answer_arrow()
    if answer:
        extra += svg.arrow_svg(at, svg.move_points(answer), answer)
    marks += fig.marks()
    if v.cursor:
        marks.append(("cursor", v.cursor))
    view.show_marks(extra + svg.markers_svg(at, marks))  # a figure's arrows under its pieces, as a diagram's
    if fig.puzzle:
        targets = [p for k, p in marks if k == "target"]
        view.label_points(lambda name: (point_label(name), name in targets))
        view.show_cursor(v.cursor)
    else:
        el("board").setAttribute("aria-label", t("embed-board-label", status=fig.status()[0]))
    render_text()
    document.body.dataset.ply = str(fig.ply)
    document.body.dataset.path = ",".join(str(n) for n in fig.path())
    if fig.puzzle:
        document.body.dataset.puzzle = fig.puzzle.state


def render_text():
    fig = figure()
    text, kind = fig.status()
    tell("status", text, kind)
    frame = fig.frame
    el("nag").textContent = frame.get("nag", "")
    el("comment").textContent = frame.get("comment", "")
    top = fig.limit() if not fig.line else len(fig.frames) - 1
    if fig.puzzle and fig.puzzle.open:
        top = fig.puzzle.ply
    here = ",".join(str(n) for n in fig.path())
    solving = bool(fig.puzzle and fig.puzzle.open)
    items = el("moves").children
    for i in range(items.length):
        item = items.item(i)
        if item.classList.contains("break"):
            continue
        first = int(item.dataset.path.split(",")[0])
        # A main-line move shows up to the limit; a variation with the move it replaces.
        # While a puzzle is open its side lines stay hidden too (one may be another answer).
        side = item.dataset.depth != "0"
        item.hidden = (first + 1 if side else first) > top or (side and solving)
        button = item.firstElementChild
        if item.dataset.path == here:
            button.setAttribute("aria-current", "step")
        else:
            button.removeAttribute("aria-current")
    # A puzzle being solved shows its own buttons; the steps through the game once it is done.
    for name in ("btn-first", "btn-back", "btn-play", "btn-forward", "btn-last"):
        el(name).hidden = solving or len(fig.frames) < 2
    el("btn-hint").hidden = el("btn-answer").hidden = not solving
    at_start = fig.ply == 0 and not fig.line
    el("btn-first").disabled = at_start
    el("btn-back").disabled = at_start
    el("btn-forward").disabled = fig.ply >= fig.limit()
    el("btn-last").disabled = fig.ply >= fig.limit()
    el("btn-play").disabled = fig.ply >= fig.limit() and not fig.playing
    el("btn-play").setAttribute("aria-pressed", "true" if fig.playing else "false")


def build_moves():
    """The move list with its variations (indented, in parentheses), built node by node with
    textContent (move texts and labels are data)."""
    box = el("moves")
    box.innerHTML = ""
    tree = figure().tree
    for h in tree:
        if h["depth"] and h.get("starts_variation"):
            box.append(line_break())
        item = document.createElement("li")
        path = ",".join(str(n) for n in h["path"])
        item.dataset.path = path
        item.dataset.depth = str(h["depth"])
        button = document.createElement("button")
        button.type = "button"
        button.dataset.path = path
        if h["depth"]:
            item.className = "var depth-" + str(min(h["depth"], 3))
            if h.get("starts_variation"):
                item.classList.add("var-start")
            if h.get("ends_variation"):
                item.classList.add("var-end")
        else:
            item.dataset.ply = str(h["path"][0])
            button.dataset.ply = str(h["path"][0])
        if h["label"]:
            num = document.createElement("span")
            num.className = "num"
            num.textContent = h["label"]
            button.append(num)
        button.append(document.createTextNode(h["move"]))
        if h.get("nag"):
            nag = document.createElement("span")
            nag.className = "nag"
            nag.textContent = h["nag"]
            button.append(nag)
        item.append(button)
        box.append(item)
        if h["depth"] and h.get("ends_variation"):
            box.append(line_break())
    box.hidden = not tree
    box.classList.toggle("has-variations", any(h["depth"] for h in tree))


def line_break():
    """An empty list item that starts a new line of the move list (around a variation)."""
    item = document.createElement("li")
    item.className = "break"
    item.setAttribute("aria-hidden", "true")
    return item


def show_title(tags):
    parts = [tags[k] for k in ("Event", "Date") if tags.get(k)]
    players = [tags[k] for k in ("Officers", "Rebels") if tags.get(k)]
    if len(players) == 2:
        parts.append(t("embed-players", officers=players[0], rebels=players[1]))
    if parts:
        el("title").textContent = " · ".join(parts)
        el("title").hidden = False


# -- stepping -----------------------------------------------------------------------
def go(ply):
    figure().go(ply)
    render()


def first():
    figure().enter([0])
    render()


async def autoplay():
    figure().start_playing()
    render()
    while figure().playing:
        await asyncio.sleep(PLAY_STEP_S)
        if figure().playing:
            figure().step_play()
            render()
    render()


def toggle_play(_event):
    fig = figure()
    if fig.playing:
        fig.playing = False
        render()
    else:
        spawn(autoplay())


def on_moves_click(event):
    button = event.target.closest("button[data-path]")
    if button is not None:
        fig = figure()
        fig.playing = False
        fig.enter([int(n) for n in button.dataset.path.split(",")])
        render()


def press_cursor(_detail):
    """Enter or Space on a puzzle's board: the point under the keyboard's cursor pressed."""
    if v.cursor:
        figure().press(v.cursor)
        render()


def step_cursor(step):
    """The keyboard's cursor on a puzzle's board: it starts on a piece that can move."""
    v.cursor = keyboard.step_cursor(view.at, v.cursor, step, [p for k, p in figure().marks() if k == "target"])
    render()


def step_line(leave):
    """Into a side line that branches at the move shown, or out of it where it branched."""
    if leave:
        figure().leave()
    else:
        figure().enter_variation()
    render()


# The keyboard table's actions (keyboard.py) that a figure has.
KEYS = {
    "step": step_cursor,
    "press": press_cursor,
    "back": lambda _: go(figure().ply - 1),
    "forward": lambda _: go(figure().ply + 1),
    "first": lambda _: first(),
    "last": lambda _: go(len(figure().line_frames())),
    "into-line": lambda _: step_line(False),
    "out-of-line": lambda _: step_line(True),
}


def on_key(event):
    keyboard.handle(event, KEYS, board_takes_keys=bool(figure().puzzle))


# -- the puzzle -----------------------------------------------------------------------
def setup_puzzle(session, prompt, answers):
    """The figure's game (``session``, read from the record) as a puzzle from its start ply."""
    fig = figure()
    session.go_to(fig.start_ply)
    game = session.game
    line = [str(m) for m in game.moves[fig.start_ply :]]
    for text in fig.set_puzzle(game.board, answers, line, fg.wrong_moves(game, fig.start_ply)):
        problem(text)
    if fig.puzzle is None:
        return
    el("prompt").textContent = t("embed-prompt") if prompt == DEFAULT_PROMPT else prompt
    el("prompt").hidden = False
    board = el("board")
    board.setAttribute("role", "application")
    board.setAttribute("tabindex", "0")
    board.setAttribute("aria-label", t("puzzle-board-label", prompt=el("prompt").textContent))
    document.body.classList.add("puzzle")
    show_board()  # its points become buttons


def on_board_click(event):
    target = event.target.closest("[data-point]")
    fig = figure()
    if fig.puzzle is None or target is None:
        return
    v.cursor = None  # the keyboard's cursor shows only while the keyboard is used
    fig.press(target.getAttribute("data-point"))
    render()


def show_answer(_event):
    """The answer named, and a line of several moves played on the board."""
    if figure().show_answer():
        spawn(autoplay())
    render()


def show_hint(_event):
    figure().hint()
    render()


# -- start -------------------------------------------------------------------------------
def show_start():
    """The ruleset's start position."""
    v.fig = fg.Figure(Session.new(v.ruleset).frames())


async def record_text():
    """The record from the URL (inline or a link on this site), or '' with a message."""
    o = v.opts
    if o["record"]:
        text = o["record"]
    else:
        r = B.siteUrl(o["record_url"])
        if not r.ok:
            problem(t("embed-url-refused", url=repr(o["record_url"])))
            return ""
        r = await B.fetchText(r.value, 15000)
        if not r.ok:
            problem(t("embed-record-failed", error=r.error))
            return ""
        text = r.value
    if v.ruleset and "[Ruleset " not in text and "." in text:
        text = f'[Ruleset "{v.ruleset}"]\n\n' + text
    return text


def load_game(text):
    """A record or a position, read by the engine here, shown; a bad record keeps the moves before the
    error. Its session, or None (said) when it does not read."""
    try:
        session, warning = Session.from_text(text)
    except AsaltoError as err:
        problem(t("embed-game-bad", error=err))
        return None
    frames = session.frames()
    if warning:
        problem(t("embed-record-partial", error=warning, n=len(frames) - 1))
    v.ruleset = session.game.start.ruleset
    view = session.view()
    v.fig = fg.Figure(frames, view["history"], tree=view["tree"], lines=session.variation_frames())
    v.fig.repetition = session.game.board.position.rules.repetition
    show_title(session.game.tags)
    build_moves()
    return session


# -- a study: chapters -------------------------------------------------------------------------
def read_study(text):
    """The study in a record of several games (None for one game, or with a message if it cannot
    be read: the first game is then shown as far as it reads)."""
    try:
        if len(split_games(text)) < 2:
            return None
        return Study.from_record(text)
    except AsaltoError as err:
        problem(t("embed-study-bad", error=err))
        return None


def build_chapters(study):
    """The chapter menu: "n. title" per chapter of ``study`` (text, never markup)."""
    select = el("chapter-select")
    select.innerHTML = ""
    for n, chapter in enumerate(study.chapters):
        option = document.createElement("option")
        option.value = str(n)
        option.textContent = f"{n + 1}. {chapter.title}"
        select.append(option)
    el("chapters").hidden = False


def reset_view():
    """Forget the chapter shown: its puzzle, its move list, its title."""
    v.fig = v.cursor = None
    v.ruleset = "assault"
    for name in ("prompt", "title"):
        el(name).hidden = True
        el(name).textContent = ""
    el("moves").innerHTML = ""
    board = el("board")
    board.setAttribute("role", "img")
    board.removeAttribute("tabindex")
    board.removeAttribute("aria-activedescendant")
    document.body.classList.remove("puzzle")
    document.body.removeAttribute("data-puzzle")


def show_chapter(study, n, ply=None, move=None):
    """Chapter ``n`` of ``study``: its game, position or puzzle, from its start (or the link's ply)."""
    reset_view()
    v.chapter = n
    chapter = study.chapters[n]
    session = load_game(chapter.game.record())
    mode = "static" if session is None else "game"
    if session is None:
        show_start()
    show_board()
    fig = figure()
    start, trouble = fg.start_ply(fig.frames, ply, move)
    fig.start_ply = fig.ply = start
    if trouble:
        problem(trouble)
    linked = n == 0 and v.opts["puzzle"]  # the link's puzzle= is the first chapter's; the others' are their own
    if session is not None and (chapter.prompt or linked):
        setup_puzzle(session, chapter.prompt or v.opts["prompt"], [] if chapter.prompt else v.opts["answer"])
        if fig.puzzle:
            mode = "puzzle"
    elif not fig.history:
        mode = "static"
    el("chapter-select").value = str(n)
    el("btn-chapter-prev").disabled = n == 0
    el("btn-chapter-next").disabled = n >= len(study.chapters) - 1
    document.body.dataset.chapter = str(n)
    return mode


def go_chapter(n):
    if v.study is None or not 0 <= n < len(v.study.chapters) or n == v.chapter:
        return
    figure().playing = False
    el("messages").innerHTML = ""
    mode = show_chapter(v.study, n)
    el("controls").hidden = len(figure().frames) < 2 and mode != "puzzle"
    document.body.dataset.mode = mode
    render()


def on_chapter_change(_event):
    go_chapter(int(el("chapter-select").value))


def bind():
    on(el("btn-first"), "click", lambda e: first())
    on(el("btn-back"), "click", lambda e: go(figure().ply - 1))
    on(el("btn-forward"), "click", lambda e: go(figure().ply + 1))
    on(el("btn-last"), "click", lambda e: go(len(figure().line_frames())))
    on(el("btn-play"), "click", toggle_play)
    on(el("btn-answer"), "click", show_answer)
    on(el("btn-hint"), "click", show_hint)
    on(el("chapter-select"), "change", on_chapter_change)
    on(el("btn-chapter-prev"), "click", lambda e: go_chapter(v.chapter - 1))
    on(el("btn-chapter-next"), "click", lambda e: go_chapter(v.chapter + 1))
    on(el("moves"), "click", on_moves_click)
    on(el("board"), "click", on_board_click)
    on(document, "keydown", on_key)


async def main():
    params, link_problems = link_params()
    await load_language(params.get("lang", ""))
    apply_labels(params.get("lang", ""))  # the link's lang=, else the reader's browser language
    v.data = site_data()
    names = [rs["name"] for rs in v.data["rulesets"]]
    v.opts, problems = read_params(params, names, [code for code, _ in languages()])
    document.documentElement.dataset.theme = v.opts["bg"]
    for look in ("pieces", "colours"):  # the link's piece set and colouring, else the reader's own (boot.js)
        if v.opts[look]:
            document.documentElement.dataset[look] = v.opts[look]
    if any(v.opts[k] for k in ("theme", "difficulty", "count", "id", "daily")):  # the trainer's frame shows these
        window.location.replace("puzzles.html" + str(window.location.search) + str(window.location.hash))
        return
    for text in link_problems + problems:
        problem(text)
    o = v.opts
    v.ruleset = o["ruleset"] or "assault"
    if o["size"]:
        el("embed").style.maxWidth = f"{o['size']}px"
    has_game = bool(o["record"] or o["record_url"] or o["position"])
    if o["puzzle"] and not has_game:
        problem(t("embed-puzzle-no-game"))
    mode = "static"
    text = ""
    if o["record"] or o["record_url"]:
        text = await record_text()
        v.study = read_study(text) if text else None
    if v.study is not None:
        build_chapters(v.study)
        mode = show_chapter(v.study, 0, o["ply"], o["move"])
    else:
        session = load_game(text) if text else None
        if session is not None:
            mode = "game"
        elif o["position"]:
            session = load_game(o["position"])
            mode = "game" if session is not None and o["puzzle"] else "static"
        if session is None:
            show_start()
        show_board()
        fig = figure()
        ply, trouble = fg.start_ply(fig.frames, o["ply"], o["move"])
        fig.start_ply = fig.ply = ply
        if trouble:
            problem(trouble)
        if session is not None and mode == "game" and o["puzzle"]:
            setup_puzzle(session, o["prompt"], o["answer"])
            if fig.puzzle:
                mode = "puzzle"
    check_marks()
    bind()
    el("loading").hidden = True
    el("controls").hidden = len(figure().frames) < 2 and mode != "puzzle"
    document.body.dataset.mode = mode
    render()
    document.body.dataset.embed = "ready"
    B.mark("embed")
    B.keepOffline(False)
