"""The page's state and its pure transitions (no DOM): settings, the input state machine.

The legal moves come from the engine as click sequences (``{"move", "clicks", "huff",
"place"}``); the board only matches the points clicked so far against them. A step or
chain is entered point by point; a placement is a set of fortress points (any order).
"""

MODES = ("officers", "rebels", "humans", "watch")  # what the human plays


def default_settings():
    return {"ruleset": "assault", "mode": "officers", "level": "casual", "flipped": False, "lang": ""}


def clean_settings(raw, rulesets, levels):
    """Settings from storage, each value checked; anything unknown falls back to the default."""
    s = default_settings()
    if not isinstance(raw, dict):
        return s
    if raw.get("ruleset") in rulesets:
        s["ruleset"] = raw["ruleset"]
    if raw.get("mode") in MODES:
        s["mode"] = raw["mode"]
    if raw.get("level") in levels:
        s["level"] = raw["level"]
    s["flipped"] = raw.get("flipped") is True
    if raw.get("lang") in ("", "en", "fr", "de"):
        s["lang"] = raw["lang"]
    return s


def ai_side(mode):
    """Which sides the AI plays in a mode."""
    if mode == "officers":
        return ("rebels",)
    if mode == "rebels":
        return ("officers",)
    if mode == "watch":
        return ("officers", "rebels")
    return ()


def valid_game(desc):
    """A game descriptor's shape (the engine checks its moves)."""
    if not isinstance(desc, dict):
        return False
    if not isinstance(desc.get("ruleset"), str) or not isinstance(desc.get("start", ""), str):
        return False
    moves = desc.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return False
    ply = desc.get("ply")
    return isinstance(ply, int) and 0 <= ply <= len(moves)


def hint_path(move):
    """The points of a move in the engine's notation (``a:b-c``, ``axb``, ``@a,b``, ``Ha``), to mark."""
    body = move.split(":")[-1]
    if body.startswith("@"):
        return body[1:].split(",")
    if body.startswith("H"):
        return [body[1:]]
    return body.replace("x", "-").split("-")


class Input:
    """Clicks so far for the move being entered, and the huff chosen (if any)."""

    def __init__(self):
        self.clicks = []
        self.huff = None

    def reset(self, reason=""):
        self.clicks = []
        self.huff = None
        return ("cancel", reason)

    # -- matching against the legal moves ---------------------------------
    def candidates(self, moves):
        return [m for m in moves if m.get("huff") == self.huff]

    def placing(self, moves):
        return any(m.get("place") for m in moves)

    def _matches(self, m, clicks):
        if m.get("place"):
            return all(c in m["clicks"] for c in clicks) and len(set(clicks)) == len(clicks)
        return m["clicks"][: len(clicks)] == clicks

    def targets(self, moves, clicks=None):
        """Points that may be clicked next."""
        clicks = self.clicks if clicks is None else clicks
        out = []
        for m in self.candidates(moves):
            if not self._matches(m, clicks):
                continue
            if m.get("place"):
                nxt = [c for c in m["clicks"] if c not in clicks]
            else:
                nxt = m["clicks"][len(clicks) : len(clicks) + 1]
            for p in nxt:
                if p not in out:
                    out.append(p)
        return out

    def complete(self, moves, clicks=None):
        """The move the clicks (and huff) make, or None."""
        clicks = self.clicks if clicks is None else clicks
        for m in self.candidates(moves):
            if m.get("place"):
                if len(m["clicks"]) == len(clicks) and self._matches(m, clicks):
                    return m["move"]
            elif m["clicks"] == clicks:
                return m["move"]
        return None

    def can_stop(self, moves):
        """A chain whose rules allow stopping here, though it could go on."""
        return bool(self.clicks) and self.complete(moves) is not None and bool(self.targets(moves))

    # -- transitions -----------------------------------------------------------
    def choose_huff(self, moves, point):
        """Pick (or drop, with None) the officer to huff; a lone huff is played at once."""
        self.huff = point
        self.clicks = []
        done = self.complete(moves)
        if point is not None and done is not None:
            self.huff = None
            return ("play", done)
        return ("huff", point)

    def press(self, moves, huffable, point):
        """A point pressed on the board: before any click a huffable officer picks (or drops)
        the huff, as both the game page and a puzzle take it; anything else is a click."""
        if not self.clicks and point in huffable:
            return self.choose_huff(moves, None if self.huff == point else point)
        return self.click(moves, point)

    def click(self, moves, point):
        """One click (or drop) on a point; returns ``(action, detail)``.

        Actions: ``play`` (a complete move), ``select`` (more clicks needed or stopping
        allowed), ``cancel`` (with a reason: ``deselect``, ``not-a-target``).
        """
        clicks = self.clicks
        if point in self.targets(moves):
            clicks = clicks + [point]
            self.clicks = clicks
            done = self.complete(moves)
            if done is not None and not self.targets(moves):
                self.clicks = []
                self.huff = None
                return ("play", done)
            return ("select", point)
        if clicks and point == clicks[-1] and self.complete(moves) is not None:
            done = self.complete(moves)
            self.clicks = []
            self.huff = None
            return ("play", done)  # clicking the last landing again stops the chain there
        if clicks and point in clicks:
            huff = self.huff
            self.clicks = []
            self.huff = huff
            return ("cancel", "deselect")
        if clicks and point in self.targets(moves, []):
            self.clicks = [point]
            return ("select", point)  # another piece
        had = bool(clicks)
        self.clicks = []
        return ("cancel", "not-a-target" if had or point not in self.targets(moves, []) else "")

    def stop(self, moves):
        """Finish a chain where the rules allow it (the Stop button or Enter)."""
        done = self.complete(moves)
        if done is None:
            return ("cancel", "cannot-stop")
        self.clicks = []
        self.huff = None
        return ("play", done)
