"""The page's state and its pure transitions (no DOM): settings, the input state machine.

A step or chain is entered point by point; a placement is a set of fortress points in any
order. The engine's ``Board`` (run on the page by MicroPython) says which points may come
next and which move the clicks make.
"""

from asalto_core.errors import AsaltoError
from asalto_core.notation import Move
from asalto_core.rulesets import DEFAULT_RULESET, find_ruleset
from asalto_core.svg import BOARD_COLOURINGS, PIECE_SETS

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


def can_input(view, mode, friend=None, annotating=False, thinking="", branch_ok=False):
    """A click on the board may enter a move now."""
    if annotating:  # both sides, at any move: a move there starts a side line
        if friend is not None and not browsing(view) and view["turn"] != friend["side"]:
            return False  # at the end it would be the friend's move in the game itself
        return view["outcome"] is None and not thinking
    return human_turn(view, mode, friend) and (not browsing(view) or branch_ok) and not thinking


def undo_target(view, mode, friend=None):
    """How far Undo takes back: against the AI to the player's previous turn (both plies), else one;
    never past the moves a friend has had by link."""
    ply = view["length"] - 1
    ai = ai_side(mode)
    if len(ai) == 1:
        hist = view["history"]
        while ply > 0 and hist[ply]["side"] in ai:
            ply -= 1
    if friend is not None:
        ply = max(ply, friend["sent"])
    return max(ply, 0)


def can_undo(view, friend=None):
    """Undo has a move to take back (not one a friend has already had by link)."""
    if friend is not None:
        return view["length"] > friend["sent"]
    return view["length"] > 0


def hint_path(move):
    """The points of a move in the engine's notation, to mark on the board."""
    m = Move.parse(move)
    return list(m.place or m.path) or [m.huff]


class Input:
    """Clicks so far for the move being entered, and the huff chosen (if any).

    Which clicks make which move is the engine's question (``Board.next_points`` and
    ``Board.move_for``): this only keeps the clicks and says what a press does.
    """

    def __init__(self):
        self.clicks = []
        self.huff = None
        # Where the pointer and the keyboard are, kept across moves (reset() leaves them):
        self.cursor = None  # the keyboard's cursor (a point), shown only while the keyboard is used
        self.drag = None  # a left-button press: {"from", "x", "y", "moved"}
        self.right_from = None  # a right-drag's first point (annotating: an arrow or a marked point)
        self.arrow_tool = False  # annotating on a touch screen: clicks draw arrows instead of moves
        self.arrow_from = None  # ...and the arrow's first point

    def reset(self, reason=""):
        self.clicks = []
        self.huff = None
        return ("cancel", reason)

    # -- asking the engine ------------------------------------------------------
    def targets(self, board, clicks=None):
        """Points that may be clicked next."""
        return board.next_points(self.clicks if clicks is None else clicks, self.huff)

    def complete(self, board, clicks=None):
        """The text of the move the clicks (and huff) make, or None."""
        move = board.move_for(self.clicks if clicks is None else clicks, self.huff)
        return None if move is None else str(move)

    def can_stop(self, board):
        """A chain whose rules allow stopping here, though it could go on."""
        return bool(self.clicks) and self.complete(board) is not None and bool(self.targets(board))

    # -- transitions -----------------------------------------------------------
    def choose_huff(self, board, point):
        """Pick (or drop, with None) the officer to huff; a lone huff is played at once. A piece
        already selected stays selected where it can still move with (or without) the huff."""
        self.huff = point
        if not all(c in self.targets(board, self.clicks[:i]) for i, c in enumerate(self.clicks)):
            self.clicks = []
        done = self.complete(board, [])
        if point is not None and done is not None:
            return self._played(done)
        return ("huff", point)

    def press(self, board, point):
        """A point pressed on the board: a huffable officer is huffed (pressed again, kept), at any
        time in the rebels' turn, as both the game page and a puzzle take it; anything else is a click."""
        if point in board.position.huffable():
            if board.position.implied_huff() is None:  # the rebels say which officer (and, by choice, whether)
                return self.choose_huff(board, None if self.huff == point else point)
            lone = board.move_for([])  # the officer that failed goes with every move; the last one alone
            if lone is not None and not self.clicks:
                return self._played(str(lone))
        return self.click(board, point)

    def click(self, board, point):
        """One click (or drop) on a point; returns ``(action, detail)``.

        Actions: ``play`` (a complete move), ``select`` (more clicks needed or stopping
        allowed), ``cancel`` (with a reason: ``deselect``, ``not-a-target``).
        """
        clicks = self.clicks
        if point in self.targets(board):
            self.clicks = clicks + [point]
            done = self.complete(board)
            if done is not None and not self.targets(board):
                return self._played(done)
            return ("select", point)
        done = self.complete(board)
        if clicks and point == clicks[-1] and done is not None:
            return self._played(done)  # clicking the last landing again stops the chain there
        if clicks and point in clicks:
            self.clicks = []
            return ("cancel", "deselect")
        if clicks and point in self.targets(board, []):
            self.clicks = [point]
            return ("select", point)  # another piece
        self.clicks = []
        return ("cancel", "not-a-target" if clicks or point not in self.targets(board, []) else "")

    def stop(self, board):
        """Finish a chain where the rules allow it (the Stop button or Enter)."""
        done = self.complete(board)
        if done is None:
            return ("cancel", "cannot-stop")
        return self._played(done)

    def _played(self, move):
        self.clicks = []
        self.huff = None
        return ("play", move)
