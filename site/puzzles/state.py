"""The puzzle trainer's state and its pure transitions (no DOM; MicroPython in the browser).

The set (``puzzles.json``, written by ``bench/puzzles.py``: every puzzle proven) is read
here; the player's record lives in local storage as one JSON object, every value checked
when read back. The rating is Glicko's (Glickman 1999, the rating system lichess's puzzles
use in its Glicko-2 form): each puzzle is an opponent whose rating is its difficulty, the
first try counts (a mistake or asking for the solution is a loss), retries do not. A
puzzle of several moves is the engine's (:class:`asalto_core.puzzle.Solving`): a move with
the recorded move's effect is right, and the computer plays the recorded reply.
"""

import math

from asalto_core.errors import AsaltoError
from asalto_core.geometry import bits, is_number
from asalto_core.notation import Move
from asalto_core.position import Board, Position
from asalto_core.puzzle import Puzzle, Solving, read_also
from lib.board_input import Input
from lib.keys import PUZZLES_KEY

STORE_KEY = PUZZLES_KEY
START_RATING, START_RD = 1500, 350.0
# A rating (the player's, a puzzle's) the Glicko code can use: within this range the chance of
# solving stays strictly between 0 and 1 in floating point (at 99,999 against a 1,000 puzzle it
# is exactly 1, and the update divides by zero). The set's puzzles are rated 600 to 2900.
MIN_RATING, MAX_RATING = 0, 4000
MIN_RD, MAX_RD = 60.0, 350.0
PUZZLE_RD = 80.0  # the puzzles' own deviation: their ratings are the search's measure, not exact
HISTORY = 400  # puzzles remembered as tried (oldest forgotten first)
DIFFICULTIES = (("easy", 0, 1299), ("medium", 1300, 1599), ("hard", 1600, 9999))
# The player's choice of difficulty: the rating the next puzzle is nearest, from theirs.
RELATIVE = (("easier", -300), ("normal", 0), ("harder", 300))
RUN_START, RUN_STEP = 900, 60  # a streak run starts near this rating, and each puzzle is this much harder
MAX_COUNT = 50  # a teacher's set: at most this many puzzles in one frame
_Q = math.log(10) / 400


def _g(rd):
    return 1 / math.sqrt(1 + 3 * _Q * _Q * rd * rd / (math.pi * math.pi))


def expected(rating, puzzle_rating, rd=PUZZLE_RD):
    """The chance a player of ``rating`` solves a puzzle of ``puzzle_rating`` (Glicko's E)."""
    return 1 / (1 + 10 ** (-_g(rd) * (rating - puzzle_rating) / 400))


def glicko(rating, rd, puzzle_rating, solved):
    """The player's (rating, deviation) after one puzzle: Glicko-1 for a single game. Both ratings
    are within MIN_RATING..MAX_RATING (clean_profile and read_set keep no other), and so is the new one."""
    g = _g(PUZZLE_RD)
    e = expected(rating, puzzle_rating)
    d2 = 1 / (_Q * _Q * g * g * e * (1 - e))
    inv = 1 / (rd * rd) + 1 / d2
    new = rating + _Q / inv * g * ((1 if solved else 0) - e)
    return max(MIN_RATING, min(MAX_RATING, round(new))), max(MIN_RD, min(MAX_RD, math.sqrt(1 / inv)))


def fresh_profile():
    return {
        "rating": START_RATING,
        "rd": START_RD,
        "streak": 0,
        "best": 0,
        "solved": 0,
        "failed": 0,
        "tried": [],
        "log": [],  # [id, 1 solved or 0 failed, rating after], oldest first
        "run_best": 0,  # the longest streak run
    }


def _log_entry(x):
    return (
        isinstance(x, list)
        and len(x) == 3
        and isinstance(x[0], str)
        and len(x[0]) < 20
        and x[1] in (0, 1)
        and not isinstance(x[1], bool)
        and _rating(x[2])
    )


def _rating(x):
    return isinstance(x, int) and not isinstance(x, bool) and MIN_RATING <= x <= MAX_RATING


def clean_profile(raw):
    """The player's record from storage, each value checked (read_profile)."""
    return read_profile(raw)[0]


def _count(x):
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 100000


def _deviation(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and MIN_RD <= x <= MAX_RD


def _tried(x):
    return isinstance(x, str) and len(x) < 20


# The record's values: (key, the check of a value, or of each item of a list).
PROFILE = (
    ("rating", _rating, False),
    ("rd", _deviation, False),
    ("streak", _count, False),
    ("best", _count, False),
    ("solved", _count, False),
    ("failed", _count, False),
    ("run_best", _count, False),
    ("tried", _tried, True),
    ("log", _log_entry, True),
)


def read_profile(raw):
    """(profile, keys): the player's record from storage, each value checked, and the keys of the
    stored values it could not use (a rating the rating code cannot take, a count of another type,
    a list with items that do not read), each replaced by a fresh record's (a list keeps its items
    that read): the trainer says so rather than dropping them silently."""
    p = fresh_profile()
    if not isinstance(raw, dict):
        return p, []
    dropped = []
    for key, ok, items in PROFILE:
        if key not in raw:
            continue
        v = raw[key]
        if items and isinstance(v, list):
            kept = [x for x in v if ok(x)]
            p[key] = kept[-HISTORY:]
            if len(kept) < len(v):
                dropped.append(key)
        elif not items and ok(v):
            p[key] = float(v) if key == "rd" else v
        else:
            dropped.append(key)
    p["best"] = max(p["best"], p["streak"])
    return p, dropped


def record_result(profile, puzzle, solved):
    """The profile after a first try at ``puzzle``: rating, streak and counts (a new dict)."""
    p = dict(profile)
    p["rating"], p["rd"] = glicko(p["rating"], p["rd"], puzzle["rating"], solved)
    p["streak"] = p["streak"] + 1 if solved else 0
    p["best"] = max(p["best"], p["streak"])
    p["solved" if solved else "failed"] += 1
    p["tried"] = [x for x in p["tried"] if x != puzzle["id"]][-(HISTORY - 1) :] + [puzzle["id"]]
    p["log"] = p["log"][-(HISTORY - 1) :] + [[puzzle["id"], 1 if solved else 0, p["rating"]]]
    return p


# -- the player's history --------------------------------------------------------------------
def by_theme(puzzles, log, themes):
    """Per theme: (theme, tries, solved) over the log's tries (a puzzle tried twice counts twice)."""
    index = {p["id"]: p for p in puzzles}
    out = []
    for theme in themes:
        tries = solved = 0
        for pid, won, _ in log:
            if pid in index and theme in index[pid]["themes"]:
                tries += 1
                solved += won
        out.append((theme, tries, solved))
    return out


def to_replay(puzzles, log):
    """The puzzles whose last try failed, the latest first (those still in the set)."""
    last = {}
    for pid, won, _ in log:
        last[pid] = won
    index = {p["id"]: p for p in puzzles}
    seen, out = set(), []
    for pid, _, _ in reversed(log):
        if pid not in seen and last[pid] == 0 and pid in index:
            out.append(index[pid])
        seen.add(pid)
    return out


def curve(log, width, height, start=START_RATING):
    """The rating over time as SVG polyline points in a ``width`` x ``height`` box (the rating
    before the first try first), and the lowest and highest rating drawn."""
    ratings = [start] + [r for _, _, r in log]
    low, high = min(ratings), max(ratings)
    span = max(high - low, 50)
    n = max(len(ratings) - 1, 1)
    points = " ".join(
        f"{round(i * width / n, 1)},{round(height - (r - low) * height / span, 1)}" for i, r in enumerate(ratings)
    )
    return points, low, high


# -- the difficulty and a streak run ---------------------------------------------------------
def relative(name):
    """The offset from the player's rating for a difficulty name (``normal`` for an unknown one)."""
    for key, offset in RELATIVE:
        if key == name:
            return offset
    return 0


def run_next(puzzles, last=None, played=()):
    """A streak run's next puzzle: the easiest not played in this run that is at least RUN_STEP
    harder than the last one solved (the first: the easiest from RUN_START); None when none is left."""
    floor = RUN_START if last is None else last + RUN_STEP
    pool = [p for p in puzzles if p["id"] not in played and p["rating"] >= floor]
    if not pool:
        return None
    return min(pool, key=lambda p: (p["rating"], p["id"]))


# -- the set ---------------------------------------------------------------------------------
def ruleset_of(puzzle):
    return puzzle["position"].split(" ")[0]


class SetError(AsaltoError):
    """A puzzle set (``puzzles.json``) that does not read: the trainer says so and keeps no copy."""


def _texts(x):
    return isinstance(x, list) and all(isinstance(t, str) for t in x)


def read_set(text):
    """The puzzles of ``puzzles.json`` whose fields are all there (a damaged file loses only them);
    :class:`SetError` when the file is not a set or holds no puzzle at all."""
    import json

    try:
        data = json.loads(text)
    except (ValueError, RuntimeError) as err:  # RuntimeError: JSON nested too deep (RecursionError on CPython)
        raise SetError("the puzzle set is damaged: " + str(err)[:80]) from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), list):
        raise SetError("the puzzle set is damaged: it holds no list of puzzles")
    out = []
    for p in data["puzzles"]:
        if not isinstance(p, dict):
            continue
        fields = (
            isinstance(p.get("id"), str),
            isinstance(p.get("position"), str),
            _texts(p.get("line")) and len(p["line"]) % 2 == 1,
            _texts(p.get("themes")),
            _rating(p.get("rating")),
        )
        if all(fields):
            out.append(p)
    if not out:
        raise SetError("the puzzle set is damaged: it holds no puzzle that reads")
    if any(out[i - 1]["id"] > out[i]["id"] for i in range(1, len(out))):
        out.sort(key=lambda p: p["id"])  # the set is written in this order: MicroPython sorts slowly (0.3 s)
    provenance, themes = data.get("provenance"), data.get("themes")
    return out, provenance if isinstance(provenance, dict) else {}, themes if _texts(themes) else []


def difficulty_range(text):
    """(low, high) from ``easy``, ``medium``, ``hard`` or ``1200-1600``; None if unreadable."""
    for name, low, high in DIFFICULTIES:
        if text == name:
            return low, high
    low, dash, high = text.partition("-")
    if dash and is_number(low, 5) and is_number(high, 5) and int(low) <= int(high):
        return int(low), int(high)
    return None


def matching(puzzles, ruleset="", theme="", rating_range=None):
    """The puzzles of a ruleset and theme ('' for any) and within a rating range."""
    out = []
    for p in puzzles:
        if ruleset and ruleset_of(p) != ruleset:
            continue
        if theme and theme not in p["themes"]:
            continue
        if rating_range and not rating_range[0] <= p["rating"] <= rating_range[1]:
            continue
        out.append(p)
    return out


def next_puzzle(puzzles, profile, after="", offset=0, seen=()):
    """The next puzzle to train on: one neither tried yet nor ``seen`` (shown in this visit, tried
    or skipped), nearest the player's rating plus ``offset`` (the difficulty chosen; ties by id),
    never ``after`` (the one just played) while another is left: Next without trying walks the set,
    it never goes back and forth between two puzzles."""
    tried, skip = set(profile["tried"]), set(seen)
    skip.add(after)
    pool = [p for p in puzzles if p["id"] not in tried and p["id"] not in skip]
    if not pool:
        pool = [p for p in puzzles if p["id"] not in skip]
    if not pool:
        pool = [p for p in puzzles if p["id"] != after] or puzzles
    if not pool:
        return None
    target = profile["rating"] + offset
    return min(pool, key=lambda p: (abs(p["rating"] - target), p["id"]))


def day_number(date):
    """Days since 2000-01-01 of a 'YYYY-MM-DD' date (the browser's local date)."""
    y, m, d = (int(x) for x in date.split("-"))
    a = (14 - m) // 12
    y2, m2 = y + 4800 - a, m + 12 * a - 3
    jdn = d + (153 * m2 + 2) // 5 + 365 * y2 + y2 // 4 - y2 // 100 + y2 // 400 - 32045
    return jdn - 2451545


def daily(puzzles, date):
    """The puzzle of the day: the same for every player on that date, a different one each day
    (a stride through the set, so neighbouring days are of different games)."""
    if not puzzles:
        return None
    n = len(puzzles)
    stride = 7919 % n or 1
    while _gcd(stride, n) != 1:
        stride += 1
    return puzzles[(day_number(date) * stride) % n]


def _gcd(a, b):
    while b:
        a, b = b, a % b
    return a


def teacher_set(puzzles, count):
    """A teacher's set: ``count`` puzzles spread over the matching ones, easiest first."""
    ranked = sorted(puzzles, key=lambda p: (p["rating"], p["id"]))
    if count >= len(ranked):
        return ranked
    return [ranked[(i * len(ranked)) // count] for i in range(count)]


# -- solving one ---------------------------------------------------------------------------
SOLVING, WRONG, SOLVED, SHOWN = "solving", "wrong", "solved", "shown"


class Attempt:
    """One puzzle on the board: the engine's Solving, the clicks being entered, and how it went.

    ``counted`` is True once the first try has been scored (solved clean, or a mistake or the
    solution shown); a retry plays the puzzle again without scoring it."""

    def __init__(self, puzzle):
        self.puzzle = puzzle
        self.playback = 0  # counts the solution's playbacks and retries: a stopped playback's steps are refused
        self.engine = Puzzle(
            Position.from_text(puzzle["position"]), tuple(puzzle["line"]), also=read_also(puzzle.get("also"))
        )
        self.retry()
        self.counted = False

    def retry(self):
        self.playback += 1  # the solution being shown, if it is, stops
        self.solving = Solving(self.engine)
        self.board = Board(self.engine.position)
        self.inp = Input()
        self.state = SOLVING
        self.last = None  # the last move shown (the solver's, or the reply): its points, as render marks them
        self.moves = []  # the line's moves played so far (texts)
        self.hint = ""  # the point the move to find starts from, once a hint was asked for

    def ask_hint(self):
        """The point the move to find starts from (kept until that move is played)."""
        self.hint = self.solving.hint() if self.open else ""
        return self.hint

    @property
    def solver(self):
        return self.engine.solver

    @property
    def open(self):
        return self.state in (SOLVING, WRONG)

    def targets(self):
        return self.inp.targets(self.board) if self.open else []

    def press(self, point):
        """A point pressed: ('select'|'cancel'|'huff', ...) while a move is entered, else the
        judged move: ('right', move, reply) | ('wrong', move) | ('solved', move)."""
        if not self.open:
            return ("ignored", point)
        action = self.inp.press(self.board, point)
        if action[0] != "play":
            return action
        return self.play(action[1])

    def play(self, text):
        try:
            attempt = self.solving.play(text)
        except AsaltoError as err:
            return ("cancel", str(err))
        if attempt.verdict == "wrong":
            self.state = WRONG
            return ("wrong", str(attempt.move))
        self._push(str(attempt.expected))
        self.hint = ""
        if attempt.verdict == "solved":
            self.state = SOLVED
            return ("solved", str(attempt.expected))
        self.state = SOLVING
        return ("right", str(attempt.expected), str(self.solving.reply))

    def play_reply(self):
        """Show the computer's reply on the board (the engine has played it already); its text."""
        reply = str(self.solving.reply)
        self._push(reply)
        return reply

    def show_solution(self):
        """(the playback's number, the rest of the line from where the solver is): the moves to
        play out one by one with step_solution."""
        self.state = SHOWN
        self.hint = ""
        self.inp.reset()
        self.playback += 1
        return self.playback, [str(m) for m in self.solving.line[len(self.moves) :]]

    def step_solution(self, playback, text):
        """The next move of playback ``playback`` on the board; False, and nothing played, once that
        playback was stopped (Retry, or the solution shown again): its moves are not this board's."""
        if playback != self.playback or self.state != SHOWN:
            return False
        self._push(text)
        return True

    def _push(self, text):
        """Play a move of the line on the board; ``last`` says what it did, as the game page marks it."""
        position = self.board.position
        raw = position.find_raw(Move.parse(text))
        names = position.geometry.points
        self.last = {
            "move": text,
            "path": [names[i] for i in raw[5]] if raw[0] >= 0 else [],
            "placed": [names[i] for i in raw[5]] if raw[0] < 0 and not raw[3] else [],
            "captured": [names[i] for i in bits(raw[2])],
            "removed": [names[i] for i in bits(raw[3])],
        }
        self.board.push(text)
        self.moves.append(text)

    def analysis_link(self):
        """The game page's link (``./#ruleset=..&start=..&moves=..&ply=0``) pieces: the start and line."""
        return {
            "ruleset": ruleset_of(self.puzzle),
            "start": self.puzzle["position"],
            "moves": " ".join(self.puzzle["line"]),
            "ply": "0",
        }
