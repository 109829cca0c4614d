"""The game page's controller, the one writer of its state (chessground's api.ts, lila's ctrl): the
other modules read ``app`` and change it only through its named verbs (play, take_back, put_game,
think, start_review, show_hint...), each writing what belongs to what the page does and saying
what changed, and so which parts of the page are drawn again (``REDRAWS``: one request to
frames.py, drawn once per frame). Its field setters, _set and _edit, are its own.

A caller never picks drawing functions: it names the change. render.py registers the parts with
frames.py and draws each from the state it reads when drawn.
"""

import asyncio

from game import frames
from game import state as st
from game.app import app

# What changed -> the parts of the page drawn again (render.py's frames.part names), in one table.
REDRAWS = {
    "game": ("board", "side", "moves", "follow"),  # the game, the position shown, the settings
    "input": ("board", "side"),  # the move being entered, the cursor, a hint or the editor on the board
    "panel": ("side", "moves", "follow"),  # beside the board: review, analysis, study, the walk, a message
    "progress": ("progress",),  # the AI's search: its status line and buttons
    "none": (),  # bookkeeping nothing on the page shows (counters, caches, timings)
}


def redraw(change, animate=False):
    """Ask for the parts that show ``change`` (a key of REDRAWS); ``animate`` slides a move in."""
    for name in REDRAWS[change]:
        frames.request(name, animate if name == "board" else None)


def _group(name):
    """The group of App (app.play, app.ai, app.shared, app.ui) that holds field ``name``: a
    misspelt name is an error, never a new field."""
    for group in app.groups():
        if hasattr(group, name):
            return group
    raise AttributeError(f"App has no field {name}")


def _set(change, **fields):
    """Write App fields, each in its own group, then ask for the parts that show ``change``."""
    for name, value in fields.items():
        setattr(_group(name), name, value)
    redraw(change)


def _edit(change, field, **values):
    """Update what an App field holds: a dict (settings, a game with a friend, the review, the
    walk) or an object's fields (the study's title)."""
    held = getattr(_group(field), field)
    if isinstance(held, dict):
        held.update(values)
    else:
        for name, value in values.items():
            setattr(held, name, value)
    redraw(change)


def count(field):
    """One more of an App counter (games started, views synced, searches, workers); its new value."""
    group = _group(field)
    n = getattr(group, field) + 1
    setattr(group, field, n)
    return n


def worker_starting(eng, starting):
    """An AI worker (engine_client.Engine) is starting, or its start has ended (well or not)."""
    eng.starting = starting


def keep_chapter():
    """The chapter shown holds the game on the board (before the study is exported or drawn)."""
    app.shared.study.chapters[app.shared.chapter].game = app.play.session.game


def record_text():
    """The record the page exports: the whole study (the chapter shown holding the game on the
    board), else the game."""
    if app.shared.study is None:
        return app.play.session.record()
    keep_chapter()
    return app.shared.study.record()


def _set_input(change, **fields):
    """Write the input's fields (board_input.Input: the arrow tool, a drag, the cursor)."""
    for name, value in fields.items():
        if not hasattr(app.ui.inp, name):
            raise AttributeError(f"Input has no field {name}")
        setattr(app.ui.inp, name, value)
    redraw(change)


# The steps of the input's and the position editor's own state machines (their methods that change them).
INPUT_STEPS = ("press", "stop", "choose_huff", "reset")
EDITOR_STEPS = ("press", "toggle_huff", "clear", "set_ruleset", "choose_tool", "choose_turn")


def enter(change, step, *args):
    """A step of the move being entered (board_input.Input's ``step``: a press, the chain stopped, a
    huff chosen, a reset); its answer, the action it makes (controls.do_action)."""
    if step not in INPUT_STEPS:
        raise ValueError(f"not a step of the input: {step}")
    action = getattr(app.ui.inp, step)(*args)
    redraw(change)
    return action


def set_up(change, step, *args):
    """A step of the position being set up (editor.Editor's ``step``: a piece placed, a huff, the
    board cleared, the ruleset's start)."""
    if step not in EDITOR_STEPS:
        raise ValueError(f"not a step of the editor: {step}")
    getattr(app.ui.editor, step)(*args)
    redraw(change)


# The ways a game comes onto the board, each with the steps it takes besides stopping the search
# under way (which every way takes, first) and writing the save asked for (every way, last): the
# game on screen filed for Restore previous, a first visit's welcome ended, a game with a friend left.
PUT_STEPS = {
    "new": ("end_welcome", "leave_friend"),  # the New game dialog
    "opened": ("file_previous", "end_welcome", "leave_friend"),  # an import, a link, a chapter, the previous game
    "friend": ("end_welcome",),  # a game with a friend (from a link, the dialog or another tab)
    "home": ("leave_friend",),  # back from a game with a friend to this device's game
    "start": (),  # the save, or the study, the page opens with
    "followed": (),  # another tab's save, or its version of the study's chapter on the board
}
_put_steps: dict = {}  # each step's function (put_step)


def put_step(name, fn):
    """Register ``fn`` as the step ``name`` of put_game, by the module that owns what it does
    (game.py: stop_search, end_welcome, leave_friend; storage.py: file_previous, and flush once it
    is bound). A step not yet registered (at start, the save before storage is bound) is skipped."""
    _put_steps[name] = fn


def put_game(session, how, own=None, **changes):
    """The one transition that puts a game on the board, whichever way ``how`` (a key of PUT_STEPS)
    it comes: the search for the game before is stopped (its answer, when it comes, is dropped and
    the game on the board takes over: game.next_search), then the way's own steps, then ``session``
    comes with ``own`` settings (a save's), else the page's after the steps (a game with a friend
    left gives back the board's way round): as they are for a new game or back home, else opened
    for this game (state.opened_settings: its ruleset, for two players); ``changes`` over them.
    ``app.play`` is replaced whole (state.fresh_game), so nothing of the game before carries
    over; the input half entered goes, with half an arrow or a drag, and the keyboard's cursor if
    this board does not have its point. The caller then shows it (game.accept, show_opened)."""
    for step in ("stop_search",) + PUT_STEPS[how] + ("flush",):
        if step in _put_steps:
            _put_steps[step]()
    if own is not None:
        settings = dict(own)
    elif how in ("new", "home"):
        settings = dict(app.ui.settings)
    else:
        settings = st.opened_settings(app.ui.settings, session.game.start.ruleset)
    settings.update(changes)
    before = app.ui.settings["mode"] if app.play.session is not None else settings["mode"]  # none at start
    app.ui.played_mode = st.played_mode(before, settings["mode"], app.ui.played_mode, how == "new")
    board_before = app.play.view["board"] if app.play.view is not None else None
    app.play = st.fresh_game(session)
    inp = app.ui.inp
    inp.reset()
    inp.drag = inp.right_from = inp.arrow_from = None
    if app.play.view["board"] != board_before:
        inp.cursor = None
    app.ui.settings = settings
    redraw("game")


# -- the review: a dict {"moves", "points", "marks", "done", "total", "depth", "state", "error", "accuracy"},
# written here only; the verbs take the review they change, which may have left the board with its game.
def start_review(depth):
    """A review of the game on the board at ``depth`` starts, or goes on from what the one before
    found if it judged these moves at this depth; the review and its search's number."""
    moves = app.play.session.descriptor()["moves"]
    rv = app.play.review
    if rv is None or rv["moves"] != moves or rv.get("depth") != depth:
        total = len(moves) + 1
        rv = {"moves": moves, "points": [None] * total, "marks": [], "done": 0, "total": total}
    rv.update({"depth": depth, "state": st.review_step(st.review_state(rv), "start"), "error": ""})
    n = count("think_n")
    _set("panel", review=rv, thinking="review")
    return rv, n


def review_step(rv, event, error=""):
    """An event of the review (game/state.py's REVIEW_STEPS: "up", "stop", "fail" with the ``error`` that
    says why) steps its state."""
    rv["state"] = st.review_step(st.review_state(rv), event)
    if error:
        rv["error"] = error
    redraw("progress" if rv["state"] == "running" else "panel")


def take_points(rv, found):
    """Points a worker found (a list by ply, or a dict of ply text -> point) into the review's."""
    pairs = enumerate(found) if isinstance(found, list) else ((int(k), found[k]) for k in found)
    before = rv["done"]
    for ply, point in pairs:
        if point and ply < rv["total"] and rv["points"][ply] is None:
            rv["points"][ply] = point
    rv["done"] = sum(1 for p in rv["points"] if p)
    if rv["done"] != before:
        redraw("progress")


def review_judged(rv, marks):
    """The moves that changed the verdict, once every point is known."""
    rv["marks"] = marks


def review_done(rv, accuracy):
    """The review is complete: each side's accuracy beside it."""
    rv["state"] = st.review_step(st.review_state(rv), "judged")
    rv["accuracy"] = accuracy
    redraw("panel")


# -- the verbs: each names what the page does, writes the fields that belong to it and asks for
# the redraw it needs. The modules call these; _set and _edit are this module's own.
# The data the page runs on (main.py, once data.json is read).
def load_data(data):
    """The site's data: rulesets' names and titles, AI levels (each by its name)."""
    levels = {lv["name"]: lv for lv in data["levels"]}
    _set("none", data=data, rulesets={rs["name"] for rs in data["rulesets"]}, levels=levels)


def choose(change, **settings):
    """Settings the player chose (the board's way round, theme, pieces, sound, language): ``change``
    is what they redraw ("game" for what the board shows, "none" for what the caller applies)."""
    _edit(change, "settings", **settings)


# -- the game on the board
def show_view(view, review, keep_branch):
    """The session's position becomes the one shown: the hint and a question about a new line go;
    the review as it now stands (state.review_for: None once its moves changed, and the walk
    through its mistakes with it); a new line agreed stays only with ``keep_branch``."""
    _set("none", view=view, hint=None, branch_asked=False)
    if review is None and app.play.review is not None:
        _set("none", review=None, learn=None)
    elif review is not app.play.review:
        _set("none", review=review)
    if not keep_branch:
        _set("none", branch_ok=False)


def play(move, branch):
    """Play ``move`` on the session (``branch``: as a side line, nothing dropped); what it did.
    Redo's moves go, and so does a new line agreed (it was for this move). Raises AsaltoError."""
    last = app.play.session.play(move, branch=branch)
    _set("none", redo=[], branch_ok=False)
    return last


def take_back(target):
    """Take back to ``target`` (app.undo_target); the moves taken wait for Redo, the computer's
    moves unpaused, a note said until the game changes. The moves taken."""
    taken = app.play.session.take_back(target)
    _set("none", redo=app.play.redo + [taken], ai_paused=False, note=True)
    return taken


def redo():
    """The last moves taken back, played again at the end of the game."""
    moves = app.play.redo[-1]
    _set("none", redo=app.play.redo[:-1], ai_paused=False)
    app.play.session.go_to(len(app.play.session.game.moves))
    for m in moves:
        app.play.session.play(m)


def go_to(ply):
    """Browse to ``ply`` (kept within the game); the computer's moves unpaused."""
    app.play.session.go_to(max(0, min(ply, len(app.play.session.game.moves))))
    _set("none", ai_paused=False)


def go_to_path(path):
    """Show a node of the game tree (a move of a side line). Raises AsaltoError."""
    app.play.session.go_to_path(path)


def end_note():
    """The note said (Moves taken back: n.) no longer holds."""
    _set("none", note=False)


def ask_branch(asked):
    """A click while browsing asks whether to play from there (``asked``), or the answer came."""
    _set("input", branch_asked=asked)


def allow_branch(ok, change="input"):
    """Moves may (or may no longer) be made at an earlier position."""
    _set(change, branch_ok=ok)


# -- the AI's search
def think(purpose, eng=None):
    """A search starts for ``purpose`` (game.ask's: "move", "hint", "analysis"; "learn"), on
    ``eng`` if it searches on a worker: a forced move is being made now."""
    _set("progress" if purpose == "move" else "input", ai_forced=False, thinking=purpose, depth=0)
    if eng is not None:
        _set("progress", thinker=eng)


def stop_thinking():
    """The search under way ended (answered, cut short or failed)."""
    _set("progress", thinking="", depth=0)


def searched_to(depth):
    """The depth the search under way reached (its status line)."""
    _set("progress", depth=depth)


def pause_ai(paused):
    """The computer's moves paused in this game (Stop), or going on."""
    _set("progress", ai_paused=paused)


def force_ai():
    """The AI move button: the computer plays the side to move, whoever it is."""
    _set("none", ai_forced=True)


def await_paint():
    """A player's move is being drawn: the computer's reply waits until it is on screen."""
    _set("none", move_seen=asyncio.Event())


def painted(at):
    """The player's last move reached the screen at ``at`` (performance.now(), ms)."""
    _set("none", moved_at=at)


def keep_book(ruleset, book):
    """A ruleset's opening book (or None, or the Event of its fetch under way)."""
    _edit("none", "books", **{ruleset: book})


def show_hint(move):
    """The engine's suggested move, drawn until the position changes."""
    _set("input", hint=move)


def set_analysis(analysis):
    """The analysis board's latest answer, with the ply and path it is for; its best move is an
    arrow on the board."""
    _set("panel", analysis=analysis)
    redraw("input")


def toggle_analysis():
    """The analysis board on or off; its answer (and its arrow) goes either way."""
    _set("panel", analysis_on=not app.ui.analysis_on, analysis=None)
    redraw("input")


def add_reviewer(eng):
    """One more MicroPython worker a review shares its positions with."""
    _set("none", reviewers=app.ai.reviewers + [eng])


def share_review(engines):
    """The workers of the review under way."""
    _set("none", reviewing=engines)


def end_review():
    """The review's search is over: its workers go."""
    _set("panel", thinking="", reviewing=[], reviewers=[])


def go_on(wish):
    """ "Go on" pressed while a stopped review's workers still answer: (review, depth), or None."""
    _set("panel", go_on=wish)


# -- the walk through the player's mistakes (learn.py): {"marks", "i", "misses", "tried", "state"}
def start_walk(marks):
    """The walk begins at the first of ``marks``."""
    _set("panel", learn={"marks": marks, "i": 0, "misses": 0, "tried": "", "state": "find"})


def walk(change, **fields):
    """The walk's step: the mistake shown (``i``), the player's try, misses and state."""
    _edit(change, "learn", **fields)


def end_walk():
    """The walk is left: no new line, no hint."""
    _set("input", learn=None, branch_ok=False, hint=None)


# -- the move being entered, the position editor, annotation
def move_cursor(point):
    """The keyboard's cursor on ``point`` (None: hidden while the pointer is used)."""
    _set_input("input", cursor=point)


def press_pointer(drag):
    """A press on the board: the keyboard's cursor hides; ``drag`` the drag it may start."""
    _set_input("none", cursor=None, drag=drag)


def drag(d):
    """The drag under way (the piece's point, where it started, whether it moved), or None."""
    _set_input("none", drag=d)


def right_press(point):
    """A right press (an arrow or a mark being drawn) from ``point``, or None once released."""
    _set_input("none", right_from=point)


def toggle_arrow_tool():
    """The arrow tool on or off (a phone's way to draw arrows)."""
    _set_input("input", arrow_tool=not app.ui.inp.arrow_tool, arrow_from=None)


def arrow_from(point):
    """Where the arrow tool's arrow starts (None once it ends)."""
    _set_input("input", arrow_from=point)


def toggle_annotating():
    """Annotation mode on or off: the move half entered and the arrow tool go."""
    enter("none", "reset")
    _set_input("none", arrow_tool=False, arrow_from=None)
    _set("game", annotating=not app.ui.annotating)


def open_editor(editor):
    """A position being set up (editor.Editor)."""
    _set("input", editor=editor)


def close_editor(change="game"):
    """The position editor closes (``change`` "none": the game it set up is opened next)."""
    _set(change, editor=None)


# -- a game with a friend
def join_friend(entry):
    """A game with a friend (storage.read_friends' entry) is the one on the board: the board's way
    round before it is kept for after it."""
    if app.shared.friend is None:
        _set("none", home_flipped=app.ui.settings["flipped"])
    _set("none", friend=entry)


def leave_friend():
    """The game with a friend gives way to another: the board turns back as it was before it."""
    _set("none", friend=None)
    _edit("game", "settings", flipped=app.shared.home_flipped)


def friend_played(**fields):
    """What is kept of the game with a friend: its moves and the time of the last (as saved)."""
    _edit("none", "friend", **fields)


def friend_sent(n):
    """How many of the game's moves were sent to the friend (the link made)."""
    _edit("panel", "friend", sent=n)


# -- a study (chapters.py) and a record of many games
def show_study(change="none", **fields):
    """The study on the board and where this tab stands with it: ``study``, ``chapter`` shown,
    ``study_id``, ``study_rev`` and ``study_text`` (what was last written or followed),
    ``study_undo`` (the Undo of a deletion) and ``study_asked`` (a study waiting for an answer)."""
    for name in fields:
        if name not in STUDY_FIELDS:
            raise AttributeError(f"not a field of the study: {name}")
    _set(change, **fields)


STUDY_FIELDS = ("study", "chapter", "study_id", "study_rev", "study_text", "study_undo", "study_asked")


def title_study(title):
    """The study's title."""
    _edit("none", "study", title=title)


def record_games(games, text=""):
    """A record of more games than a study holds: its games and its text, kept for a reload (None and
    "" once it is closed)."""
    _set("none", record_games=games, record_text=text)
