"""The input state machine of every board (the game page, an embedded puzzle, the trainer): pure,
no DOM.

A step or chain is entered point by point; a placement is a set of fortress points in any
order. The engine's ``Board`` (run on the page by MicroPython) says which points may come
next and which move the clicks make.
"""


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

    # -- the pointer, the keyboard's cursor and the arrow tool (kept across moves) --------------------
    def point_at(self, point):
        """The keyboard's cursor on ``point`` (None: hidden while the pointer is used)."""
        self.cursor = point

    def press_pointer(self, drag):
        """A press on the board: the keyboard's cursor hides; ``drag`` the drag it may start."""
        self.cursor = None
        self.drag = drag

    def hold(self, drag):
        """The drag under way (the piece's point, where it started, whether it moved), or None."""
        self.drag = drag

    def right_press(self, point):
        """A right press (an arrow or a mark being drawn) from ``point``, or None once released."""
        self.right_from = point

    def use_arrow_tool(self, on):
        """The arrow tool on or off (a phone's way to draw arrows); an arrow half drawn goes."""
        self.arrow_tool = on
        self.arrow_from = None

    def start_arrow(self, point):
        """Where the arrow tool's arrow starts (None once it ends)."""
        self.arrow_from = point

    def leave_board(self, keep_cursor):
        """Another game comes onto the board: the move half entered goes, with half an arrow or a drag,
        and the keyboard's cursor unless ``keep_cursor`` (the new board has its point)."""
        self.reset()
        self.drag = self.right_from = self.arrow_from = None
        if not keep_cursor:
            self.cursor = None

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
        time in the rebels' turn, as both the game page and a puzzle take it; anything else is a click.
        Where the piece selected may step into the huffed officer's point (``Hd4:c3-d4``), that
        press is the step: the huff stays chosen."""
        stepping_in = bool(self.clicks) and point in self.targets(board)
        if point in board.position.huffable() and not stepping_in:
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
