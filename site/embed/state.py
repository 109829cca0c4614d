"""One embedded figure's state and transitions (no DOM): stepping through a game, and a puzzle.

The embed view (embed/view.py) draws from a :class:`Figure` and sends it the reader's clicks
and keys; everything that decides what is shown lives here and is unit-tested on CPython
(tests/test_embed_state.py). The game comes from the engine's ``Session`` (one frame per ply);
a puzzle asks the engine's ``Board`` which clicks make which move, as the game page does, and
its ``puzzle`` module whether a move solves it (an answer with the same effect counts).
"""

from asalto_core.errors import AsaltoError
from asalto_core.notation import Move
from asalto_core.position import Board
from asalto_core.puzzle import Puzzle as Line
from asalto_core.puzzle import same_effect
from asalto_core.record import split_comment
from lib.board_input import Input
from lib.i18n import outcome_text, side_name, t

# A puzzle's states: waiting for an answer, a wrong try, a right move with more to find, solved,
# the answer shown.
WAITING, WRONG, GOING, RIGHT, SHOWN = "waiting", "wrong", "going", "right", "shown"


class Puzzle:
    """The position to solve (a ply of the game), the lines that solve it (one per answer of the
    link, else the record's) being solved, and its state."""

    def __init__(self, ply, solvings):
        self.ply = ply  # the ply shown while solving: the start, then after each reply
        self.solvings = solvings  # asalto_core.puzzle.Solving, one per accepted line
        self.board = Board(solvings[0].position)
        self.state = WAITING
        self.hint = ""  # the point a hint showed ('' for none)
        self.inp = Input()

    @property
    def open(self):
        return self.state in (WAITING, WRONG, GOING)

    @property
    def answers(self):
        """The moves that solve the position shown (the recorded ones)."""
        return [str(s.expected) for s in self.solvings if not s.solved]


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
        self.puzzle: Puzzle | None = None
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
        """``(text, kind)`` for the status line (with the huff the side to move may make first)."""
        text, kind = self._status()
        huffs = self.frame.get("huffable")
        if huffs and not self.frame["outcome"] and kind != "wrong":
            text += " " + t("fig-may-huff", points=", ".join(huffs))
        return text, kind

    def _status(self):
        frame, pz = self.frame, self.puzzle
        if pz and self.ply == pz.ply and self.verdict:
            return self.verdict, "" if pz.hint else "wrong" if pz.state == WRONG else "right"
        if pz and self.ply == pz.ply and pz.open:
            return t("fig-to-move", side=side_name(frame["turn"])), ""
        if frame["outcome"]:
            return (outcome_text(frame["result"], self.repetition) if frame.get("result") else frame["outcome"]), ""
        if self.line:
            n = len(self.line_frames()) - 1
            return t("fig-variation-move-of", ply=self.ply, length=n, side=side_name(frame["turn"])), ""
        if frame.get("place"):  # the officers' first move places them: a board shown without them says why
            return t("fig-to-place", n=frame["place"]), ""
        if len(self.frames) > 1:
            return t("fig-move-of", ply=self.ply, length=len(self.frames) - 1, side=side_name(frame["turn"])), ""
        return t("fig-to-move", side=side_name(frame["turn"])), ""

    def marks(self):
        """Points to mark for a puzzle being solved: the clicks so far, the next targets, a hint."""
        pz = self.puzzle
        if not pz or self.line or self.ply != pz.ply or not pz.open:
            return []
        marks = [("selected", p) for p in pz.inp.clicks] + [("target", p) for p in pz.inp.targets(pz.board)]
        return marks + self.hint_marks()

    def answer_arrow(self):
        """The answer's move, drawn once it is shown."""
        pz = self.puzzle
        if pz is None or self.line or self.ply != pz.ply or pz.state != SHOWN:
            return ""
        return pz.answers[0] if pz.answers else ""

    def hint_marks(self):
        pz = self.puzzle
        if not pz or not pz.hint or self.line or self.ply != pz.ply or not pz.open:
            return []
        return [("highlight", pz.hint)]

    # -- the puzzle ------------------------------------------------------------------------------
    def set_puzzle(self, board, given, line, wrong=()):
        """A puzzle at the start ply; ``given`` are the answers from the link (each a one-move
        puzzle), else ``line`` is the record's moves from there (the reader plays every other
        one, the frame the replies; a last reply is dropped) and ``wrong`` the teacher's comments
        on wrong moves, as ``asalto_core.puzzle.Puzzle`` takes them. Returns the problems found."""
        problems = []
        if not board.legal_moves:
            return [t("fig-no-move")]
        lines = []
        for text in given:
            try:
                move = Move.parse(text)
                board.position.find_raw(move)
                lines.append((move,))
            except AsaltoError as err:
                problems.append(t("fig-bad-answer", text=repr(text), error=err))
        if not given and line:
            lines.append(tuple(line[: len(line) - (1 - len(line) % 2)]))
        solvings = []
        for moves in lines:
            try:
                solvings.append(Line(board.position, moves, wrong=tuple(wrong)).start())
            except AsaltoError as err:
                problems.append(t("fig-bad-answer", text=repr(" ".join(str(m) for m in moves)), error=err))
        if not solvings:
            return problems + [t("fig-no-answer")]
        self.puzzle = Puzzle(self.start_ply, solvings)
        return problems

    def press(self, point):
        """A point of the puzzle's board pressed: a selection, or a move judged."""
        pz = self.puzzle
        if pz is None or self.line or self.ply != pz.ply or not pz.open:
            return ("ignored", point)
        action = pz.inp.press(pz.board, point)
        if action[0] == "play":
            self.judge(pz, action[1])
        return action

    def judge(self, pz, text):
        """The reader's move in puzzle ``pz`` (this figure's): right (the computer's reply follows, or
        the puzzle is solved) when it has the effect of a recorded answer, else wrong with the
        teacher's comment on it."""
        move = Move.parse(text)
        right = [s for s in pz.solvings if same_effect(s.position, move, s.expected)]
        solving = right[0] if right else pz.solvings[0]
        attempt = solving.play(move)
        pz.inp.reset()
        pz.hint = ""
        if attempt.verdict == "wrong":
            pz.state = WRONG
            self.verdict = t("fig-wrong", move=text) + (" " + attempt.comment if attempt.comment else "")
            return
        pz.solvings = [solving]
        expected = str(attempt.expected)
        if attempt.verdict == "solved":
            pz.state = RIGHT
            self.verdict = t("fig-right", move=text)  # as the reader played it (another order counts too)
            step = self.ply + 1 < len(self.frames) and self.history[self.ply]["move"] == expected
            self.ply += 1 if step else 0  # show the move played, as the record goes on
        else:
            pz.state = GOING
            self.verdict = t("fig-right-reply", move=text, reply=str(solving.reply))
            self.ply = min(self.ply + 2, len(self.frames) - 1)
        pz.ply = self.ply
        pz.board = Board(solving.position)

    def hint(self):
        """The point the next move starts from, marked on the board."""
        pz = self.puzzle
        if pz is None or not pz.open:
            return ""
        self.line = ()
        self.ply = pz.ply
        pz.hint = pz.solvings[0].hint()
        self.verdict = t("fig-hint", point=pz.hint)
        pz.inp.reset()
        return pz.hint

    def show_answer(self):
        """The answer: the moves still to find with the replies between them, to the line's end.
        True when that is more than one move, for the viewer to play them on the board (as
        lichess's "View the solution" does)."""
        pz = self.puzzle
        if pz is None:
            return False
        rests = [[str(m) for m in s.puzzle.line[s.index :]] for s in pz.solvings if not s.solved]
        pz.state = SHOWN
        self.line = ()
        self.ply = pz.ply
        self.verdict = t("fig-answer", moves=t("fig-or").join(" ".join(rest) for rest in rests))
        pz.inp.reset()
        return len(rests) == 1 and len(rests[0]) > 1 and self.ply < len(self.frames) - 1


def wrong_moves(game, start):
    """The teacher's comments on wrong moves: a commented side line at a move the reader must
    find (``asalto_core.puzzle.Puzzle``'s ``wrong``: its index in the puzzle's line)."""
    out = []
    for i in range(0, len(game.moves) - start, 2):
        for var in game.variations[start + i]:
            note = split_comment(var.comments[1])[0] or split_comment(var.comments[0])[0]
            if note:
                out.append((i, str(var.moves[0]), note))
    return out


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
