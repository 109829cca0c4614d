"""The puzzle trainer's state (the trainer's modules read and change it) and its board's view."""

from lib.board_view import BoardView
from puzzles import state as ts


class Trainer:
    """What the trainer holds between a click and the next: the set, the player's record, the
    puzzle on the board, a teacher's frame, a streak run (one object the trainer's modules share)."""

    def __init__(self) -> None:
        self.data: dict = {}  # page.site_data, read first thing (trainer.main)
        self.puzzles: list = []  # the whole set, by id
        self.themes: list = []
        self.profile = ts.fresh_profile()
        self.filters = {"ruleset": "", "theme": "", "difficulty": "normal", "show_themes": False}
        self.attempt: ts.Attempt | None = None  # the puzzle on the board: None until one is (or if none plays)
        self.seen: list = []  # the puzzles shown in this visit, tried or skipped (Next walks past them)
        self.cursor: str | None = None  # the keyboard's point on the board
        self.frame: list | None = None  # a teacher's set: the puzzles in order (``index`` the one shown)
        self.index = 0
        self.busy = False  # the computer is answering: clicks wait
        self.run: dict | None = None  # a streak run: {"count", "last" rating solved, "played" ids, "over"}
        self.opened_here = False  # the history was opened from the trainer (Back returns to it)
        self.focus_board = False  # the trainer shown again takes the focus to the board (a replay)


tr = Trainer()
# The puzzle's board: its pieces slide, a piece taken off goes at once.
view = BoardView(fade_out=False)
