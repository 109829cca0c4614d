"""The game page's state (one App, its fields in four groups) and the questions the other modules
ask of it; no DOM.

The groups are objects, read ``app.<group>.<field>``: ``app.play`` the game on the board and what
belongs to it alone (state.Play, with the AI paused or forced for it: another game replaces
it whole), ``app.ai`` the AI's workers and search, ``app.shared`` a study or a game with a friend,
``app.ui`` the page's data, settings, modes and input (the keyboard's cursor and the arrow tool
outlive a game). The names keep clear of the modules' and the engine's: a group named "game"
would read game.session.game beside game.py, one named "page" beside page.py. A field's name is unique
across the groups, so api.py's _set(change, field=...) finds its group and its verbs stay short.

The other modules read ``app``; only api.py writes it, through its named verbs (chessground's
api.ts: a test checks it), and each change it makes names what changed, which frames.py draws
once per frame. The game is an engine ``Session`` (asalto_core.session, on MicroPython):
``view`` is its plain-data picture of the position on screen. render.py draws everything from
this state, and what is on screen is recorded by what drew it (the board's in board.view); the input being
entered is ``app.ui.inp`` (board_input.Input). Whose move it is, what a click may do and how far
Undo goes are game/state.py's pure functions, asked here of the App's fields. Another game
comes onto the board only through api.put_game, which starts ``app.play`` afresh
(state.fresh_game); the AI is asked through game.ask.
"""

import asyncio

from asalto_core.rulesets import find_ruleset
from game import state as st
from lib.board_input import Input
from lib.engine_client import Engine
from lib.page import as_data


class Ai:
    """The AI: its workers, the search under way, the opening books."""

    def __init__(self):
        self.engine = Engine("engine-1")  # the AI's worker, started when a game needs it; restarts are engine-2, ...
        self.light = Engine("light-1", "light")  # the weaker levels' MicroPython worker: light-2, ... on restarts
        self.thinker = self.engine  # the worker of the search under way
        self.reviewers = []  # more MicroPython workers a review shares its positions with (review-N)
        self.reviewing = []  # the workers of the review under way
        self.worker_n = 1  # workers started so far (each restart's name takes the next number)
        self.thinking = ""  # "", "move", "hint" or another purpose of game.ask: the search under way
        self.think_n = 0  # searches asked so far: an answer to an older one is dropped
        self.depth = 0  # the depth the search under way has reached (its status line)
        self.books = {}  # ruleset -> its opening book (asalto_core.book.Book), None, or the Event of its fetch
        self.book_moves = 0  # moves played from the book since the page opened (data-book-moves)
        self.moved_at = -1e9  # when the player's last move was painted (performance.now(), ms)
        self.move_seen = asyncio.Event()  # set once it was (game.move_painted): the AI's search waits for it
        self.move_seen.set()


class Shared:
    """A study or a game with a friend: the games the board's game comes from and goes back to."""

    def __init__(self):
        self.study = None  # asalto_core.study.Study: the teacher's chapters (chapters.py), or None
        self.record_games = None  # a record of more games than a study holds: its games (chapters.py)
        self.record_text = ""  # that record, kept with the game shown until its list is closed
        self.chapter = 0  # the chapter on the board: its game is the session's
        self.study_id = ""  # the study's id among those kept in this browser (studies.py), '' before it is kept
        self.study_rev = 0  # the kept study's revision this tab last read or wrote (0: not kept yet)
        self.study_text = ""  # what this tab last wrote or followed of it (the same is not written again)
        self.study_seen = {}  # its revisions this tab last wrote or followed: the bases of merges when writes cross
        self.study_undo = None  # the kept study as it was before the last deletion (the Undo button), or None
        self.study_asked = None  # a study opened while a study of its name is kept: its record (the question asked)
        self.friend = None  # a game with a friend at a distance (storage.read_friends' entry): only its side moves here
        self.home_flipped = False  # the board's orientation before a game with a friend turned it


class Ui:
    """The page: its data, settings and modes, the input, and the marks tests wait on."""

    def __init__(self):
        self.data: dict = {}  # page.site_data (main.py reads it first): rulesets' names and titles, AI levels
        self.rulesets = set()  # the site's rulesets' names (a house rule's is checked by the engine)
        self.levels = {}  # AI level name -> its entry in data["levels"]
        self.settings = st.default_settings()  # what the player chose (state.clean_settings reads a save)
        self.played_mode = ""  # the mode against the AI before a game was opened for two players
        self.inp = Input()  # the move being entered, the keyboard's cursor, a drag, the arrow tool
        self.editor = None  # editor.Editor while a position is being set up
        self.annotating = False  # annotation mode: moves become side lines, marks are drawn
        self.analysis_on = False  # the analysis board: the engine's view of every position shown
        self.synced = 0  # views shown after a move or a new game (tests wait on it)
        self.games = 0  # games started from the New game dialog (data-games once drawn and saved: tests wait on it)


class App:
    """The page's state in four groups; a field's name is unique across them (api.py finds its group)."""

    def __init__(self):
        self.play = st.Play()  # the game on the board, and what belongs to it alone (state.fresh_game)
        self.ai = Ai()
        self.shared = Shared()
        self.ui = Ui()

    def groups(self):
        return (self.play, self.ai, self.shared, self.ui)


app = App()


def shown_view():
    """The picture of the position on the board (``app.play.view``). What reads it through here runs
    once the page has put its first game there (main.py, before the page takes a click); a reader
    that may run before (a worker up first, a drawing at load) checks ``app.play.view`` itself."""
    v = app.play.view
    if v is None:
        raise RuntimeError("no game on the board yet")
    return v


def board_ruleset():
    """The ruleset of what the board shows: the position being set up while the editor is open,
    else the game's. The title above the board and its Rules buttons name it."""
    return app.ui.editor.ruleset if app.ui.editor is not None else shown_view()["ruleset"]


def shown_study():
    """The study on the board (``app.shared.study``). What reads it through here runs only while there
    is one (its buttons show only then); a reader that may run without one checks the field itself."""
    study = app.shared.study
    if study is None:
        raise RuntimeError("no study on the board")
    return study


def board():
    """The engine's board at the cursor: legal moves and the click matcher."""
    return app.play.session.game.board


def rules_of(name):
    """A ruleset's rules-panel data, from the engine (house rules too), made once."""
    rs = _panels.get(name)
    if rs is None:
        rs = _panels[name] = as_data(find_ruleset(name).to_json())
    return rs


_panels: dict = {}  # each ruleset's rules-panel data, made once (not the App's: no game state)


def geometry():
    return app.ui.data["boards"][shown_view()["board"]]


def human_turn():
    return st.human_turn(app.play.view, app.ui.settings["mode"], app.shared.friend)


def browsing():
    return st.browsing(app.play.view)


def can_input():
    return st.can_input(
        app.play.view,
        app.ui.settings["mode"],
        app.shared.friend,
        app.ui.annotating,
        app.ai.thinking,
        app.play.branch_ok,
    )


def level_ms(level):
    for lv in app.ui.data["levels"]:
        if lv["name"] == level:
            return int(lv["time_limit"] * 1000)
    return 5000


def undo_target():
    return st.undo_target(app.play.view, app.ui.settings["mode"], app.shared.friend)


def can_undo():
    return st.can_undo(app.play.view, app.shared.friend)
