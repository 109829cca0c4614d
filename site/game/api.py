"""The game page's controller, the one writer of its state (chessground's api.ts, lila's ctrl): the
other modules read ``app`` and change it only through its named verbs (step_game, put_game,
set_thinking, start_review, show_hint...), each writing what belongs to what the page does and saying
what changed, and so which parts of the page are drawn again (``REDRAWS``: one request to
frames.py, drawn once per frame). Its field setters, _set and _edit, are its own. Each field has
one verb that writes it, its owner; a verb that changes another's field calls that verb.

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


def record_text():
    """The record the page exports: the whole study (the chapter shown holding the game on the
    board), else the game."""
    if app.shared.study is None:
        return app.play.session.record()
    edit_study("none", "keep")
    return app.shared.study.record()


# The steps of the input's and the position editor's own state machines (their methods that change them).
INPUT_STEPS = (
    "press",
    "stop",
    "choose_huff",
    "reset",
    "point_at",
    "press_pointer",
    "hold",
    "right_press",
    "use_arrow_tool",
    "start_arrow",
    "leave_board",
)
EDITOR_STEPS = ("press", "toggle_huff", "clear", "set_ruleset", "choose_tool", "choose_turn")


def enter(change, step, *args):
    """A step of the move being entered (board_input.Input's ``step``: a press, the chain stopped, a
    huff chosen, a reset; the cursor, a drag, a right press, the arrow tool, another board): the
    one writer of the input; its answer, the action it makes (controls.do_action)."""
    if step not in INPUT_STEPS:
        raise ValueError(f"not a step of the input: {step}")
    action = getattr(app.ui.inp, step)(*args)
    redraw(change)
    return action


def set_up(change, step, *args):
    """A step of the position being set up: "open" with an editor.Editor, "close", or the editor's
    own ``step`` (a piece placed, a huff, the board cleared, the ruleset's start). ``change``
    "none" on closing: the game it set up is opened next."""
    if step == "open":
        _set(change, editor=args[0])
        return
    if step == "close":
        _set(change, editor=None)
        return
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
    enter("none", "leave_board", app.play.view is not None and app.play.view["board"] == board_before)
    choose("game", **settings)


# -- the review: a dict {"moves", "points", "marks", "done", "total", "depth", "state", "error", "accuracy",
# "resume_depth"},
# written here only; the verbs take the review they change, which may have left the board with its game.
def start_review(depth) -> tuple[dict, int]:
    """A review of the game on the board at ``depth`` starts, or goes on from what the one before
    found if it judged these moves at this depth; the review and its search's number."""
    moves = app.play.session.descriptor()["moves"]
    rv = app.play.review
    if rv is None or rv["moves"] != moves or rv.get("depth") != depth:
        total = len(moves) + 1
        rv = {"moves": moves, "points": [None] * total, "marks": [], "done": 0, "total": total}
    rv.update({"depth": depth, "state": st.review_step(st.review_state(rv), "start"), "error": ""})
    n = count("think_n")
    keep_review(rv, "panel")
    set_thinking("review")
    return rv, n


def keep_review(review, change="none"):
    """The review the game on the board has (None: it has none, its moves changed)."""
    _set(change, review=review)


def review_step(rv, event, error="", depth=""):
    """An event of the review (game/state.py's REVIEW_STEPS: "up", "stop", "fail" with the ``error`` that
    says why, "go_on" at ``depth`` once the stop's answers are in) steps its state."""
    rv["state"] = st.review_step(st.review_state(rv), event)
    if error:
        rv["error"] = error
    if depth:
        rv["resume_depth"] = depth
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
    _set("none", view=view)
    show_hint(None, "none")
    ask_branch(False, "none")
    if review is None and app.play.review is not None:
        keep_review(None)
        walk("none", marks=None)
    elif review is not app.play.review:
        keep_review(review)
    if not keep_branch:
        allow_branch(False, "none")


GAME_STEPS = ("play", "take_back", "redo", "go_to", "go_to_path")


def step_game(how, arg=None, branch=False):
    """A step through the game's moves (``how``, one of GAME_STEPS): "play" move ``arg`` (``branch``:
    as a side line, nothing dropped; Redo's moves and a new line agreed go), "take_back" to ply ``arg``
    (app.undo_target; the moves taken wait for Redo, a note said until the game changes), "redo" the
    last moves taken back, "go_to" ply ``arg`` (kept within the game), "go_to_path" a node of the
    game tree. Browsing unpauses the computer's moves. What play and take_back did; raises
    AsaltoError."""
    session = app.play.session
    done = None
    if how == "play":
        done = session.play(arg, branch=branch)
        _set("none", redo=[])
        allow_branch(False, "none")
    elif how == "take_back":
        done = session.take_back(arg)
        _set("none", redo=app.play.redo + [done])
        set_note(True)
    elif how == "redo":
        moves = app.play.redo[-1]
        _set("none", redo=app.play.redo[:-1])
        session.go_to(len(session.game.moves))
        for m in moves:
            session.play(m)
    elif how == "go_to":
        session.go_to(max(0, min(arg, len(session.game.moves))))
    elif how == "go_to_path":
        session.go_to_path(arg)
        return None
    else:
        raise ValueError(f"not a step through the game: {how}")
    if how != "play":
        pause_ai(False, "none")
    return done


def set_note(said):
    """The note Moves taken back: n. is said (a take-back), or no longer holds."""
    _set("none", note=said)


def ask_branch(asked, change="input"):
    """A click while browsing asks whether to play from there (``asked``), or the answer came."""
    _set(change, branch_asked=asked)


def allow_branch(ok, change="input"):
    """Moves may (or may no longer) be made at an earlier position."""
    _set(change, branch_ok=ok)


# -- the AI's search
def set_thinking(purpose, eng=None):
    """A search starts for ``purpose`` (game.ask's: "move", "hint", "analysis"; "learn"; "review"),
    on ``eng`` if it searches on a worker: a forced move is being made now; or, with "", the search
    under way ended (answered, cut short or failed)."""
    change = "progress" if purpose in ("move", "") else "panel" if purpose == "review" else "input"
    _set(change, thinking=purpose)
    searched_to(0)
    if purpose:
        force_ai(False)
    if eng is not None:
        _set("progress", thinker=eng)


def searched_to(depth):
    """The depth the search under way reached (its status line)."""
    _set("progress", depth=depth)


def pause_ai(paused, change="progress"):
    """The computer's moves paused in this game (Stop), or going on."""
    _set(change, ai_paused=paused)


def force_ai(forced=True):
    """The AI move button: the computer plays the side to move, whoever it is (until its search starts)."""
    _set("none", ai_forced=forced)


def await_paint():
    """A player's move is being drawn: the computer's reply waits until it is on screen."""
    _set("none", move_seen=asyncio.Event())


def painted(at):
    """The player's last move reached the screen at ``at`` (performance.now(), ms)."""
    _set("none", moved_at=at)


def keep_book(ruleset, book):
    """A ruleset's opening book (or None, or the Event of its fetch under way)."""
    _edit("none", "books", **{ruleset: book})


def show_hint(move, change="input"):
    """The engine's suggested move, drawn until the position changes (None: it goes)."""
    _set(change, hint=move)


def set_analysis(analysis, on=None):
    """The analysis board's latest answer, with the ply and path it is for (its best move is an
    arrow on the board); or, with ``on``, the analysis board turned on or off, its answer gone."""
    if on is not None:
        _set("panel", analysis_on=on)
    _set("panel", analysis=analysis)
    redraw("input")


def keep_reviewers(engines):
    """The MicroPython workers a review shares its positions with."""
    _set("none", reviewers=engines)


def share_review(engines, change="none"):
    """The workers of the review under way."""
    _set(change, reviewing=engines)


def end_review():
    """The review's search is over: it shares its positions with no worker now (its own MicroPython
    workers are stopped and forgotten by engine_questions.dismiss_reviewers)."""
    set_thinking("")
    share_review([], "panel")


# -- the walk through the player's mistakes (learn.py): {"marks", "i", "misses", "tried", "state"}
def walk(change, **fields):
    """The walk: begun at the first of ``marks`` (None: it is left), or its step: the mistake shown
    (``i``), the player's try, misses and state."""
    if "marks" in fields:
        marks = fields.pop("marks")
        walking = None if marks is None else {"marks": marks, "i": 0, "misses": 0, "tried": "", "state": "find"}
        _set("none" if fields else change, learn=walking)
    if fields:
        _edit(change, "learn", **fields)


# -- the annotation mode
def toggle_annotating():
    """Annotation mode on or off: the move half entered and the arrow tool go."""
    enter("none", "reset")
    enter("none", "use_arrow_tool", False)
    _set("game", annotating=not app.ui.annotating)


# -- a game with a friend
FRIEND_STEPS = ("join", "leave", "played", "sent")


def friend_step(how, entry=None, **fields):
    """A game with a friend: "join" ``entry`` (storage.read_friends'; the board's way round before it
    kept for after it), "leave" it for another game (the board turns back as it was), "played" (what
    is kept of it: its moves and the time of the last, as saved), "sent" (``sent``: how many of its
    moves were sent to the friend, the link made)."""
    if how == "join":
        if app.shared.friend is None:
            _set("none", home_flipped=app.ui.settings["flipped"])
        _set("none", friend=entry)
    elif how == "leave":
        _set("none", friend=None)
        choose("game", flipped=app.shared.home_flipped)
    elif how in ("played", "sent"):
        _edit("panel" if how == "sent" else "none", "friend", **fields)
    else:
        raise ValueError(f"not a step of a game with a friend: {how}")


# -- a study (chapters.py) and a record of many games
def show_study(change="none", **fields):
    """The study on the board and where this tab stands with it: ``study``, ``chapter`` shown,
    ``study_id``, ``study_rev`` and ``study_text`` (what was last written or followed),
    ``study_seen`` (the revisions it last wrote or followed, by number), ``study_undo`` (the Undo of a
    deletion) and ``study_asked`` (a study waiting for an answer)."""
    for name in fields:
        if name not in STUDY_FIELDS:
            raise AttributeError(f"not a field of the study: {name}")
    _set(change, **fields)


STUDY_FIELDS = (
    "study", "chapter", "study_id", "study_rev", "study_text", "study_seen", "study_undo", "study_asked",
)  # fmt: skip
# The changes of the study itself: asalto_core.study.Study's own (a chapter added, filled with a game,
# renamed, moved, deleted), its title, a chapter's puzzle question, the chapter shown holding the game.
STUDY_STEPS = ("add", "put", "rename", "move", "delete", "title", "prompt", "keep")


def edit_study(change, step, *args):
    """A change of the study on the board (``step``, one of STUDY_STEPS): "title" ``args[0]``, "prompt"
    of chapter ``args[0]`` to ``args[1]``, "keep" (the chapter shown holds the game on the board, its
    cursor and side lines: before the study is exported or drawn), else Study's own method; what it
    answers (add: the new chapter's index). Raises the study's StudyError, the study as it was."""
    if app.shared.study is None:
        raise ValueError("no study on the board")
    done = None
    if step == "title":
        app.shared.study.title = args[0]
    elif step == "prompt":
        app.shared.study.chapters[args[0]].prompt = args[1]
    elif step == "keep":
        app.shared.study.chapters[app.shared.chapter].game = app.play.session.game
    elif step in STUDY_STEPS:
        done = getattr(app.shared.study, step)(*args)
    else:
        raise ValueError(f"not a change of the study: {step}")
    redraw(change)
    return done


# The changes of the game's notes (asalto_core.session.Session's own): annotation mode's and the review's marks.
NOTE_STEPS = ("set_comment", "set_nag", "set_marks", "promote", "delete_variation", "annotate")


def note_game(step, *args):
    """A change of the notes of the game on the board (``step``, one of NOTE_STEPS: a comment, a
    symbol, arrows and points, a side line promoted or deleted, the review's marks). Raises the
    session's AsaltoError, the game as it was; the caller shows the position again (game.show)."""
    if step not in NOTE_STEPS:
        raise ValueError(f"not a change of the game's notes: {step}")
    getattr(app.play.session, step)(*args)


def record_games(games, text=""):
    """A record of more games than a study holds: its games and its text, kept for a reload (None and
    "" once it is closed)."""
    _set("none", record_games=games, record_text=text)
