"""The one writer of the game page's state (chessground's api.ts): the other modules read ``app``
and change it only through these functions, each of which says what changed, and so which parts
of the page are drawn again (``REDRAWS``: one request to frames.py, drawn once per frame).

A caller never picks drawing functions: it names the change. render.py registers the parts with
frames.py and draws each from the state it reads when drawn.
"""

import frames
import game_state as st
from app import app

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


def set(change, **fields):
    """Write App fields, each in its own group, then ask for the parts that show ``change``."""
    for name, value in fields.items():
        setattr(_group(name), name, value)
    redraw(change)


def edit(change, field, **values):
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


def set_input(change, **fields):
    """Write the input's fields (board_input.Input: the arrow tool, a drag, the cursor)."""
    for name, value in fields.items():
        if not hasattr(app.ui.inp, name):
            raise AttributeError(f"Input has no field {name}")
        setattr(app.ui.inp, name, value)
    redraw(change)


# The steps of the input's and the position editor's own state machines (their methods that change them).
INPUT_STEPS = ("press", "stop", "choose_huff", "reset")
EDITOR_STEPS = ("press", "toggle_huff", "clear", "set_ruleset")


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
# Each step's function, registered by the module that owns what it does (game.py: stop_search,
# end_welcome, leave_friend; storage.py, once bound: file_previous, flush); a step not yet
# registered (at start, the save before storage is bound) is skipped.
put_steps = {}


def put_game(session, how, own=None, **changes):
    """The one transition that puts a game on the board, whichever way ``how`` (a key of PUT_STEPS)
    it comes: the search for the game before is stopped (its answer, when it comes, is dropped and
    the game on the board takes over: game.next_search), then the way's own steps, then ``session``
    comes with ``own`` settings (a save's), else the page's after the steps (a game with a friend
    left gives back the board's way round): as they are for a new game or back home, else opened
    for this game (game_state.opened_settings: its ruleset, for two players); ``changes`` over them.
    ``app.play`` is replaced whole (game_state.fresh_game), so nothing of the game before carries
    over; the input half entered goes, with half an arrow or a drag, and the keyboard's cursor if
    this board does not have its point. The caller then shows it (game.accept, show_opened)."""
    for step in ("stop_search",) + PUT_STEPS[how] + ("flush",):
        if step in put_steps:
            put_steps[step]()
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
