"""One embedded figure's state and transitions (no DOM): stepping through a game, and a puzzle.

The embed view (viewer.py) draws from a :class:`Figure` and sends it the reader's clicks
and keys; everything that decides what is shown lives here and is unit-tested on CPython
(tests/test_figure.py). The game comes from the engine's ``Session`` (one frame per ply);
a puzzle asks the engine's ``Board`` which clicks make which move, as the game page does.
"""

import state as st
from i18n import outcome_text, side, t

from asalto_core.errors import AsaltoError
from asalto_core.notation import Move

# A puzzle's states: waiting for an answer, a wrong try, solved, the answer shown.
WAITING, WRONG, RIGHT, SHOWN = "waiting", "wrong", "right", "shown"


class Puzzle:
    """The position to solve (a ply of the game), its accepted answers and its state."""

    def __init__(self, ply, board, answers):
        self.ply = ply
        self.board = board
        self.answers = answers
        self.state = WAITING
        self.inp = st.Input()

    @property
    def open(self):
        return self.state in (WAITING, WRONG)


class Figure:
    """The frames of a game (or of one position) and the ply shown; a puzzle, if any.

    With variations (``lines``: ``Session.variation_frames()``) the reader may step into one:
    ``line`` is then the variation's path without its last number (a tuple) and ``ply`` how
    many of its moves are shown (from 1; stepping back from 1 leaves it where it branched)."""

    def __init__(self, frames, history=(), start_ply=0, tree=(), lines=()):
        self.frames = frames
        self.history = list(history)
        self.tree = list(tree) or [dict(h, path=[h["ply"]], depth=0, nag="") for h in self.history]
        self.lines = {}
        for entry in lines:
            self.lines[tuple(entry["path"])] = entry
        self.line = ()  # the main line
        self.start_ply = start_ply
        self.ply = start_ply
        self.playing = False
        self.puzzle = None
        self.verdict = ""  # the puzzle's last verdict, shown until the reader steps away
        self.repetition = 3  # the ruleset's repetition count, named in a draw's reason

    # -- stepping -------------------------------------------------------------------------------
    @property
    def frame(self):
        return self.line_frames()[self.ply]

    def line_frames(self):
        """The frames of the line shown (the main line's, or a variation's from its branch point)."""
        return self.lines[self.line]["frames"] if self.line else self.frames

    def path(self):
        """The path of the node shown (as in ``Session.view()["tree"]``)."""
        return list(self.line) + [self.ply]

    def limit(self):
        """The last ply one may step to: a puzzle hides the moves after it until it is solved."""
        if self.line:
            return len(self.line_frames()) - 1
        if self.puzzle and self.puzzle.open:
            return self.puzzle.ply
        return len(self.frames) - 1

    def go(self, ply):
        """Show ``ply`` of the line shown (kept within it and a puzzle's limit); a selection is
        dropped. Back from a variation's first move is where it branched."""
        if self.line and ply < 1:
            return self.leave()
        self.ply = max(0, min(ply, self.limit()))
        if self.puzzle:
            self.puzzle.inp.reset()
        return self.ply

    def enter(self, path):
        """Show the node at ``path`` (a main-line ply ``[k]`` or a variation's move); False if
        there is none or a puzzle is being solved."""
        path = list(path)
        if len(path) == 1:
            self.line = ()
            self.go(path[0])
            return True
        key = tuple(path[:-1])
        if key not in self.lines or (self.puzzle and self.puzzle.open):
            return False
        self.line = key
        self.ply = max(1, min(path[-1], len(self.lines[key]["frames"]) - 1))
        return True

    def leave(self):
        """Out of the variation shown, to the position it branched from."""
        if not self.line:
            return self.ply
        parent = self.lines[self.line]["parent"]
        self.line = tuple(parent[:-1])
        self.ply = parent[-1]
        return self.ply

    def variations_here(self):
        """The variations that branch from the node shown (they replace its next move)."""
        here = self.path()
        return [key for key in self.lines if self.lines[key]["parent"] == here]

    def enter_variation(self):
        """Into the first variation branching here (its first move); False if there is none."""
        keys = self.variations_here()
        if not keys or (self.puzzle and self.puzzle.open):
            return False
        self.line = min(keys)
        self.ply = 1
        return True

    def step_play(self):
        """One step of autoplay; play stops at the last move it may show. False if it could not step."""
        if self.ply >= self.limit():
            self.playing = False
            return False
        self.go(self.ply + 1)
        if self.ply >= self.limit():
            self.playing = False
        return True

    def start_playing(self):
        self.playing = True
        if self.ply >= self.limit():
            self.ply = 1 if self.line else 0

    # -- what the reader sees ----------------------------------------------------------------
    def status(self):
        """``(text, kind)`` for the status line."""
        frame, pz = self.frame, self.puzzle
        if pz and self.ply == pz.ply and self.verdict:
            return self.verdict, "wrong" if pz.state == WRONG else "right"
        if pz and self.ply == pz.ply and pz.open:
            return t("fig-to-move", side=side(frame["turn"])), ""
        if frame["outcome"]:
            return (outcome_text(frame["result"], self.repetition) if frame.get("result") else frame["outcome"]), ""
        if self.line:
            n = len(self.line_frames()) - 1
            return t("fig-variation-move-of", ply=self.ply, length=n, side=side(frame["turn"])), ""
        if len(self.frames) > 1:
            return t("fig-move-of", ply=self.ply, length=len(self.frames) - 1, side=side(frame["turn"])), ""
        return t("fig-to-move", side=side(frame["turn"])), ""

    def marks(self):
        """Points to mark for a puzzle being solved: the clicks so far and the next targets."""
        pz = self.puzzle
        if not pz or self.line or self.ply != pz.ply or not pz.open:
            return []
        return [("selected", p) for p in pz.inp.clicks] + [("target", p) for p in pz.inp.targets(pz.board)]

    def answer_arrow(self):
        """The answer's move, drawn once it is shown."""
        pz = self.puzzle
        return pz.answers[0] if pz and not self.line and self.ply == pz.ply and pz.state == SHOWN else ""

    # -- the puzzle ------------------------------------------------------------------------------
    def set_puzzle(self, board, given, next_move):
        """A puzzle at the start ply; ``given`` are the answers from the link, ``next_move`` the
        record's move there (the answer when none is given). Returns the problems found."""
        problems = []
        if not board.legal_moves:
            return [t("fig-no-move")]
        answers = []
        for text in given:
            try:
                move = Move.parse(text)
                board.position.find_raw(move)
                answers.append(str(move))  # the engine's own spelling of it
            except AsaltoError as err:
                problems.append(t("fig-bad-answer", text=repr(text), error=err))
        if not given and next_move:
            answers.append(next_move)
        if not answers:
            return problems + [t("fig-no-answer")]
        self.puzzle = Puzzle(self.start_ply, board, answers)
        return problems

    def press(self, point):
        """A point of the puzzle's board pressed: a selection, or a move judged."""
        pz = self.puzzle
        if pz is None or self.line or self.ply != pz.ply or not pz.open:
            return ("ignored", point)
        action = pz.inp.press(pz.board, point)
        if action[0] == "play":
            self.judge(action[1])
        return action

    def judge(self, move):
        pz = self.puzzle
        if move in pz.answers:
            pz.state = RIGHT
            self.verdict = t("fig-right", move=move)
            nxt = self.history[self.ply]["move"] if self.ply < len(self.history) else ""
            if self.ply + 1 < len(self.frames) and nxt == move:
                self.ply += 1  # show the move played, as the record goes on
                pz.ply = self.ply
        else:
            pz.state = WRONG
            self.verdict = t("fig-wrong", move=move)
        pz.inp.reset()

    def show_answer(self):
        pz = self.puzzle
        if pz is None:
            return
        pz.state = SHOWN
        self.line = ()
        self.ply = pz.ply
        self.verdict = t("fig-answer", moves=t("fig-or").join(pz.answers))
        pz.inp.reset()


def start_ply(frames, ply, move):
    """The ply to show first from the link's ``ply`` or ``move`` (a move number), and a problem ('' if none)."""
    last = len(frames) - 1
    if ply is not None:
        if ply > last:
            return last, t("fig-ply-past", ply=ply, last=last)
        return ply, ""
    if move is not None:
        for i, frame in enumerate(frames):
            if frame["fullmove"] >= move:
                return i, ""
        return last, t("fig-move-past", move=move)
    return 0, ""
