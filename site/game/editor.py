"""The position editor's state (no DOM): pieces put on and taken off, the side to move, huffs.

A teacher sets up any position by clicking points with a tool (officer, rebel, empty), picks
the side to move and any officers the rebels may huff; the engine says at once whether the
ruleset could ever reach it (``Position.setup``), in words. Unit-tested on CPython
(tests/test_editor.py); the page draws it (render.render_editor) and
passes it the clicks (controls.py).
"""

from asalto_core.errors import AsaltoError
from asalto_core.position import Position
from asalto_core.rulesets import find_ruleset
from lib.i18n import t


class Editor:
    """A position being set up: ``pieces`` maps a point to 'O' or 'R'."""

    def __init__(self, position):
        self.set_position(position)

    def set_position(self, position):
        """``position``'s pieces, side to move and huffable officers to edit, with the rebel tool."""
        self.tool = "rebel"
        self.ruleset = position.ruleset
        self.pieces = dict(position.pieces())
        self.turn = "rebels" if position.turn == "rebels" and not position.placing else "officers"
        self.huffable = list(position.huffable())
        self.fullmove = position.fullmove

    def points(self):
        return list(find_ruleset(self.ruleset).geometry.points)

    def press(self, point):
        """Put the tool's piece on ``point``; the same piece again, or the empty tool, takes it off."""
        if point not in self.points():
            return
        kind = {"officer": "O", "rebel": "R"}.get(self.tool)
        if kind is None or self.pieces.get(point) == kind:
            self.pieces.pop(point, None)
        else:
            self.pieces[point] = kind
        self.huffable = [p for p in self.huffable if self.pieces.get(p) == "O"]

    def choose_tool(self, tool):
        """The piece (or the eraser) a press on a point places."""
        self.tool = tool

    def choose_turn(self, turn):
        """The side to move in the position set up."""
        self.turn = turn

    def toggle_huff(self, point):
        if point in self.huffable:
            self.huffable.remove(point)
        elif self.pieces.get(point) == "O":
            self.huffable.append(point)

    def set_ruleset(self, name):
        """Another ruleset: its start position (the board may change)."""
        start = Position.start(name)
        self.set_position(start)
        self.turn = "rebels" if start.rules.first == "rebels" else "officers"

    def clear(self):
        self.pieces = {}
        self.huffable = []

    def huffs(self):
        """The huffable officers the position has: none with the officers to move."""
        return self.huffable if self.turn == "rebels" else []

    def officers(self):
        return sorted(p for p, k in self.pieces.items() if k == "O")

    def rebels(self):
        return sorted(p for p, k in self.pieces.items() if k == "R")

    def position(self):
        """``(Position, '')`` if the ruleset allows this position, else ``(None, why not)``."""
        if not self.officers():
            return None, t("setup-no-officer")
        try:
            officers, rebels = self.officers(), self.rebels()
            position = Position.setup(self.ruleset, officers, rebels, self.turn, self.huffs(), self.fullmove)
        except AsaltoError as err:
            return None, str(err)
        return position, ""
