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


def set(change, **fields):
    """Write App fields (each must exist: a misspelt name is an error, never a new field), then
    ask for the parts that show ``change``."""
    for name, value in fields.items():
        if not hasattr(app, name):
            raise AttributeError(f"App has no field {name}")
        setattr(app, name, value)
    redraw(change)


def edit(change, field, **values):
    """Update what an App field holds: a dict (settings, a game with a friend, the review, the
    walk) or an object's fields (the study's title)."""
    held = getattr(app, field)
    if isinstance(held, dict):
        held.update(values)
    else:
        for name, value in values.items():
            setattr(held, name, value)
    redraw(change)


def count(field):
    """One more of an App counter (games started, views synced, searches, workers); its new value."""
    n = getattr(app, field) + 1
    setattr(app, field, n)
    return n


def keep_chapter():
    """The chapter shown holds the game on the board (before the study is exported or drawn)."""
    app.study.chapters[app.chapter].game = app.session.game


def record_text():
    """The record the page exports: the whole study (the chapter shown holding the game on the
    board), else the game."""
    if app.study is None:
        return app.session.record()
    keep_chapter()
    return app.study.record()


def set_input(change, **fields):
    """Write the input's fields (board_input.Input: the arrow tool, a drag, the cursor)."""
    for name, value in fields.items():
        if not hasattr(app.inp, name):
            raise AttributeError(f"Input has no field {name}")
        setattr(app.inp, name, value)
    redraw(change)


before_put = []  # run before another game comes onto the board (storage: the save asked for is written)


def put_game(session, settings, chosen=False):
    """The one transition that puts a game on the board, whichever way it comes (a new game, an
    opened one, a game with a friend, back home, a chapter, the save at start, another tab's):
    ``session`` with ``settings``. What belonged to the game before (state.fresh_game) starts
    afresh, and the input half entered goes. The caller then shows it (game.accept, show_opened)."""
    for fn in before_put:
        fn()
    before = app.settings["mode"] if app.session is not None else settings["mode"]  # none at start
    app.played_mode = st.played_mode(before, settings["mode"], app.played_mode, chosen)
    for name, value in st.fresh_game().items():
        setattr(app, name, value)
    app.inp.reset()
    app.session, app.settings = session, settings
    redraw("game")
