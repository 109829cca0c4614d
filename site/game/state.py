"""The game page's state and its pure transitions (no DOM): settings, whose move it is, what a
game on the board starts with. The move being entered is board_input.Input (site/lib: the embed
and the trainer enter moves the same way)."""

from typing import TYPE_CHECKING, Any

from asalto_core.errors import AsaltoError
from asalto_core.notation import Move
from asalto_core.rulesets import DEFAULT_RULESET, find_ruleset
from asalto_core.svg import BOARD_COLOURINGS, PIECE_SETS

if TYPE_CHECKING:
    from collections.abc import Mapping

MODES = ("officers", "rebels", "humans", "watch")  # what the human plays
THEMES = ("", "light", "dark")  # "" follows the system


def default_settings():
    """A first visit: the default rules, the newcomer playing the side that moves first against
    the AI, so that they can move at once while the AI's worker loads."""
    return {
        "ruleset": DEFAULT_RULESET,
        "mode": find_ruleset(DEFAULT_RULESET).first,
        "level": "casual",
        "flipped": False,
        "lang": "",
        "theme": "",  # "" follows the system; "light" or "dark" as chosen
        "sound": False,  # sounds are off until the player turns them on
        "pieces": PIECE_SETS[0],  # the piece set (asalto_core.svg)
        "colours": "wood",  # the board's colouring (asalto_core.svg)
    }


def clean_settings(raw, rulesets, levels, languages):
    """Settings from storage, each value checked; anything unknown falls back to the default.
    ``rulesets``: the names of the site's rulesets (a set); ``levels``: of the AI's levels.
    ``languages``: the codes there are catalogs for (i18n.languages), or '' (the browser's)."""
    s = default_settings()
    if not isinstance(raw, dict):
        return s
    # Only text is looked up: a list or dict from a forged save is unhashable (``x in dict`` raises).
    text = {k: v for k, v in raw.items() if isinstance(k, str) and isinstance(v, str)}
    if text.get("ruleset") in rulesets or is_house_rules(text.get("ruleset")):
        s["ruleset"] = text["ruleset"]
    if text.get("mode") in MODES:
        s["mode"] = text["mode"]
    if text.get("level") in levels:
        s["level"] = text["level"]
    s["flipped"] = raw.get("flipped") is True
    if text.get("lang") == "" or text.get("lang") in languages:
        s["lang"] = text["lang"]
    if text.get("theme") in THEMES:
        s["theme"] = text["theme"]
    s["sound"] = raw.get("sound") is True
    if text.get("pieces") in PIECE_SETS:
        s["pieces"] = text["pieces"]
    if text.get("colours") in BOARD_COLOURINGS:
        s["colours"] = text["colours"]
    return s


def is_house_rules(name):
    """A ruleset name with options changed (``assault:win=20``) that the engine accepts."""
    if not isinstance(name, str) or ":" not in name:
        return False
    try:
        find_ruleset(name)
    except AsaltoError:
        return False
    return True


def ai_side(mode):
    """Which sides the AI plays in a mode."""
    if mode == "officers":
        return ("rebels",)
    if mode == "rebels":
        return ("officers",)
    if mode == "watch":
        return ("officers", "rebels")
    return ()


# Putting another game on the board (api.put_game, the one transition every path takes: a new game,
# an opened one, a game with a friend, back home, a chapter, the save at start, another tab's game).


class Play:
    """The game on the board and what belongs to it alone (``app.play``): another game replaces it
    whole (fresh_game), so nothing of the previous game carries into the next."""

    def __init__(self, session=None):
        self.session = session  # the game: asalto_core.session.Session
        self.view = None if session is None else session.view()  # its picture of the position shown
        self.redo = []  # groups of moves taken back by Undo, the last group first to come back
        self.branch_asked = False  # a click while browsing asked whether to play from there
        self.branch_ok = False  # ...and the player said yes: moves may be made at an earlier ply
        self.note = False  # the message holds only until the game changes (Moves taken back: n.)
        self.hint = None  # the engine's suggested move (its text), drawn until the position changes
        self.review = None  # {"moves", "points", "marks", "done", "total"}: the review of these moves
        self.learn = None  # the walk through the player's mistakes of the review (learn.py)
        self.analysis = None  # the analysis board's latest answer, with the ply it is for
        self.ai_paused = False  # the AI's moves paused in this game
        self.ai_forced = False  # the AI move button: play for the side to move, whoever it is


# How long a question to the AI may take before its worker is taken to have hung (one rule for every
# question, engine_questions.call_ms): a search three times its seconds, and 15 s more for a start's
# share of the CPU; a review its positions at the slowest worker's speed (its nodes are its budget,
# so its marks are the same on every device), and a call's time more (the judging alone: only that).
SLOWEST_NODES_PER_S = 250  # MicroPython on a phone-class CPU, busy: never the search's budget


def question_ms(request: "Mapping[str, Any]", level_ms: int, call_ms: int) -> int:
    """The milliseconds ``request`` (a worker's "think" or "review") may take; ``level_ms`` is the
    level's time for a search that asks for none of its own."""
    if request["op"] == "review":
        plies = request.get("plies")
        known = sum(1 for p in request["points"] if p)
        positions = len(plies) if plies is not None else len(request["game"]["moves"]) + 1 - known
        return positions * request["node_limit"] * 1000 // SLOWEST_NODES_PER_S + call_ms
    seconds = request.get("time_limit")
    return (int(seconds * 1000) if seconds else level_ms) * 3 + 15000


# The review as a stepped machine, like the input's (board_input.Input) and the editor's: its state
# is a name, changed only by an event the page dispatches (api.review_step). An event its state does
# not take leaves it as it is, so a worker's answer that comes after Stop, or a game left, changes
# nothing, and the page never has to ask first. Each state is what the review panel says:
REVIEW_STATES = (
    "idle",  # no review of this game
    "starting",  # asked for: its workers are starting
    "running",  # a worker is up and searching; the points come in
    "stopped",  # Stop, or its game left the board: what was found is kept, to go on from
    "resuming",  # stopped, and Go on pressed while its workers still answer: it starts again once they have
    "failed",  # no worker answered, after one more try on new workers
    "done",  # every position searched and the moves judged
    "stale",  # the game went on past the moves it judged: one press brings it up to date
)
# event -> {state: the state it leads to}
REVIEW_STEPS = {
    "start": {s: "starting" for s in ("idle", "stopped", "resuming", "failed", "done", "stale")},  # the button
    "up": {"starting": "running"},  # a worker is up
    "stop": {"starting": "stopped", "running": "stopped", "resuming": "stopped"},  # Stop, or its game left
    "go_on": {"stopped": "resuming", "resuming": "stopped"},  # Go on while a stop's answers come; again: not
    "fail": {"starting": "failed", "running": "failed"},  # no worker answered
    "judged": {"starting": "done", "running": "done"},  # every point known, the moves judged
    "grow": {s: "stale" for s in REVIEW_STATES if s != "idle"},  # the game went on past its moves
}


def review_state(review: dict | None) -> str:
    """The review's state: "idle" without one."""
    return "idle" if review is None else review.get("state", "idle")


def review_step(state: str, event: str) -> str:
    """The review's state after ``event`` (a key of REVIEW_STEPS: another is a ValueError)."""
    if event not in REVIEW_STEPS:
        raise ValueError(f"no review event {event!r}")
    return REVIEW_STEPS[event].get(state, state)


def review_halted(state: str) -> bool:
    """The review's search was stopped (and may be wished to go on): a worker's late answer is kept,
    but neither fails nor completes it."""
    return state in ("stopped", "resuming")


def review_for(review, moves):
    """The review as the game's moves now stand: the same review while they are the moves it judged;
    where the game went on past them, the review kept for its moves with the new positions still to
    search, marked out of date ('stale', one press brings it up to date); None once the moves it
    judged changed (an undo, another game)."""
    if review is None or review["moves"] == moves:
        return review
    judged = review["moves"]
    if len(moves) <= len(judged) or moves[: len(judged)] != judged:
        return None
    more = len(moves) - len(judged)
    stale = review_step(review_state(review), "grow")
    return dict(review, moves=moves, points=review["points"] + [None] * more, total=len(moves) + 1, state=stale)


def fresh_game(session):
    """``session`` on the board as another game starts: Undo's redo stack, a paused or forced AI,
    the review and the walk through its mistakes, analysis or hint, a new line agreed or asked for
    and a note all begin empty."""
    return Play(session)


def opened_settings(settings, ruleset):
    """The settings a game from elsewhere opens with (an import, a link, a chapter, a game with a
    friend): its own ruleset, for two players on this device, so the side to move moves at once."""
    out = dict(settings)
    out["ruleset"] = ruleset
    out["mode"] = "humans"
    return out


def played_mode(before, after, kept, chosen=False):
    """The mode against the computer the New game dialog offers again: the mode ``before`` when the
    next game leaves the computer out (``after``), else the one ``kept``; none once a new game is
    ``chosen`` in the dialog itself."""
    if chosen:
        return ""
    if ai_side(before) and not ai_side(after):
        return before
    return kept


# The page's questions about whose move it is, asked of the session's view (a dict), the mode and,
# in a game with a friend at a distance, its entry ({"side", "sent", ...}); pure, so tested
# like the engine on CPython and MicroPython.


def browsing(view):
    """An earlier position of the game is on the board (the move list or the arrow keys)."""
    return view["ply"] < view["length"]


def human_turn(view, mode, friend=None):
    """The player on this device moves now: the game is on, at its end, and the side to move is theirs."""
    if view is None or view["outcome"] is not None:
        return False
    if friend is not None and (view["turn"] != friend["side"] or browsing(view)):
        return False  # the friend's move comes by link; an earlier position here would fork the game
    return view["turn"] not in ai_side(mode)


# Searches beside the board that never play a move: the player may move while they run (as on
# lichess's analysis board), and the search then looks at the new position.
BESIDE_THE_BOARD = ("", "analysis")


def can_input(view, mode, friend=None, annotating=False, thinking="", branch_ok=False):
    """A click on the board may enter a move now."""
    free = thinking in BESIDE_THE_BOARD
    if annotating:  # both sides, at any move: a move there starts a side line
        if friend is not None and not browsing(view) and view["turn"] != friend["side"]:
            return False  # at the end it would be the friend's move in the game itself
        return view["outcome"] is None and free
    return human_turn(view, mode, friend) and (not browsing(view) or branch_ok) and free


def undo_target(view, mode, friend=None):
    """How far Undo takes back: against the AI to the player's previous turn (both plies), else one;
    past a forced pass too (the page plays it again at once, so Undo would stop there for good);
    never past the moves a friend has had by link."""
    ply = view["length"] - 1
    ai = ai_side(mode)
    hist = view["history"]
    while ply > 0 and (hist[ply].get("forced") or (len(ai) == 1 and hist[ply]["side"] in ai)):
        ply -= 1
    if friend is not None:
        ply = max(ply, friend["sent"])
    return max(ply, 0)


def can_undo(view, friend=None):
    """Undo has a move to take back (not one a friend has already had by link)."""
    if friend is not None:
        return view["length"] > friend["sent"]
    return view["length"] > 0


def walk_at(learn):
    """The ply of the position the walk through the player's mistakes (learn.py: ``app.play.learn``)
    has them find a move in, or None (no walk, or walked to its end)."""
    if learn is None or learn["i"] >= len(learn["marks"]):
        return None
    return learn["marks"][learn["i"]]["ply"] - 1


def hint_path(move):
    """The points of a move in the engine's notation, to mark on the board."""
    m = Move.parse(move)
    return list(m.place or m.path) or [m.huff]
