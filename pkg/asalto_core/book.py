"""The opening book: the computer's first moves, searched once and kept, so every level answers
at once there (and the page can load the strong levels' Pyodide while the player thinks).

For each named ruleset, ``books/<ruleset>.json`` holds every position the computer can meet in
its first :data:`MOVES` moves, whichever side it plays: the strongest level's move there (a
search of ``nodes`` nodes, about what that level searches on a phone in its three seconds), and
the moves a full-width search finds almost as good, with how much worse each is (centi-rebels).
The strong levels play the book's move; a weaker level picks among the moves within its margin,
nearer ones likelier, as it does when it searches. ``tools/make_book.py`` writes the files with
their provenance (engine version, search budgets, date); ``tests/test_book.py`` searches a sample
again and finds the same moves.

>>> book = load("assault")
>>> start = Position.start("assault")
>>> str(book.choose(start, margin=0).move)
'd4-d5'
>>> start.play("d4-d5") in book  # the computer as the officers, after the rebels' first move
True
>>> book.choose(Position.from_text("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52")) is None  # out of the book
True
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .chance import Chooser
from .errors import AsaltoError, quote
from .notation import Move
from .position import Position

if TYPE_CHECKING:
    from collections.abc import Iterable

__all__ = ["MOVES", "Book", "Choice", "load", "position_key"]

MOVES = 2  # the computer's first moves covered, in every ruleset
WIDEST_MARGIN = 120  # centi-rebels: the beginner's margin, the widest any level strays from the best


def position_key(position: Position) -> str:
    """A position's text without its move number: the book's key (the move number is not the position)."""
    return position.text().rsplit(" ", 1)[0]


@dataclass(frozen=True)
class Choice:
    """A move from the book, with the strongest search's verdict on the position (mover's view)."""

    move: Move
    score: int
    depth: int
    __match_args__ = ("move", "score", "depth")

    def to_json(self) -> dict[str, Any]:
        """As the AI worker's analysis reads, so the page handles a book move like a searched one."""
        return {"move": str(self.move), "score": self.score, "depth": self.depth, "pv": [str(self.move)], "book": True}


class Book:
    """One ruleset's book: ``entries`` maps a position key to (move, score, depth, [(move, worse by)])."""

    def __init__(self, ruleset: str, entries: dict[str, list[Any]], provenance: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.entries = entries
        self.provenance = provenance

    @classmethod
    def from_json(cls, text: str) -> Book:
        """Read a book file; a malformed one is an :class:`AsaltoError` (the computer then searches)."""
        try:
            data = json.loads(text)
            ruleset, entries = data["ruleset"], data["positions"]
            if not isinstance(ruleset, str) or not isinstance(entries, dict):
                raise TypeError("ruleset or positions")
        except (ValueError, KeyError, TypeError, RuntimeError) as err:  # RuntimeError: JSON nested too deep
            raise AsaltoError(f"not an opening book: {str(err)[:100]}") from None
        for key in entries:  # the whole file, once: choose() then never meets a bad entry
            if not _entry_ok(key, entries[key]):
                shape = "[move, score, depth, [[move, worse by]...]]"
                raise AsaltoError(f"not an opening book: the entry of {quote(key[:100])} is not {shape}")
        provenance = {k: v for k, v in data.items() if k not in ("ruleset", "positions")}
        return cls(ruleset, entries, provenance)

    def to_json(self) -> str:
        """The file's text: one position per line, in key order, so a rebuilt book diffs line by line."""
        head = {"ruleset": self.ruleset}
        head.update(self.provenance)
        compact = (",", ":")
        lines = [json.dumps(k) + ": " + json.dumps(self.entries[k], separators=compact) for k in sorted(self.entries)]
        return json.dumps(head)[:-1] + ', "positions": {\n' + ",\n".join(lines) + "\n}}\n"

    def __len__(self) -> int:
        return len(self.entries)

    def __contains__(self, position: object) -> bool:
        return isinstance(position, Position) and position_key(position) in self.entries

    def choose(self, position: Position, margin: int = 0, seed: int = 0, history: Iterable[str] = ()) -> Choice | None:
        """The move to play from the book at a level that strays up to ``margin`` from the best,
        or None when the position is not in the book or the book names no legal move there (a
        damaged file: the computer searches). ``history`` holds the texts of the game's earlier
        positions (as the search takes them): a book move that would repeat one is not played
        from the book."""
        if position.ruleset != self.ruleset:
            return None
        entry = self.entries.get(position_key(position))
        if entry is None:
            return None
        best, score, depth, others = entry
        # As the search's weaker levels stray (ai._humanise): to a move almost as good, never to a pass.
        choices = [(best, 0)] + [(m, worse) for m, worse in others if worse <= margin and margin > 0 and m != "--"]
        # A book file is data: a move it names that the rules do not allow here is never played.
        legal = position.legal_moves
        choices = [(m, w) for m, w in choices if Move.parse(m) in legal]
        seen = {position_key(Position.from_text(text)) for text in history}
        choices = [(m, w) for m, w in choices if position_key(position.play(m)) not in seen]
        if not choices:
            return None
        if len(choices) == 1:
            move = choices[0][0]
        else:
            weights = [math.exp(-w * 3 / margin) for _, w in choices]
            move = Chooser(f"{seed}:{position.text()}").choice([m for m, _ in choices], weights)
        played = next(w for m, w in choices if m == move)
        return Choice(Move.parse(move), score - played, depth)


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _move_ok(text: object) -> bool:
    if not isinstance(text, str):
        return False
    try:
        Move.parse(text)
    except AsaltoError:
        return False
    return True


def _entry_ok(key: object, entry: object) -> bool:
    """An entry as :meth:`Book.choose` reads it: [move, score, depth, [[move, worse by]...]]."""
    if not isinstance(key, str) or not isinstance(entry, list) or len(entry) != 4:
        return False
    best, score, depth, others = entry
    if not (_move_ok(best) and _whole(score) and _whole(depth) and isinstance(others, list)):
        return False
    return all(isinstance(o, list) and len(o) == 2 and _move_ok(o[0]) and _whole(o[1]) for o in others)


_LOADED: dict[str, Book | None] = {}


def load(ruleset: str) -> Book | None:
    """The book of a named ruleset, read once from the package (None for a ruleset without one,
    such as house rules, and for a damaged one: the computer searches instead, and the damage is
    reported once, on the console)."""
    if ruleset not in _LOADED:
        here = __file__.replace("\\", "/").rsplit("/", 1)[0]
        path = f"{here}/books/{ruleset}.json"
        try:
            with open(path, encoding="utf-8") as f:
                _LOADED[ruleset] = Book.from_json(f.read())
        except OSError:
            _LOADED[ruleset] = None
        except AsaltoError as err:
            _LOADED[ruleset] = None
            print(f"asalto: the opening book of {ruleset} is ignored: {err}")
    return _LOADED[ruleset]
