"""Text forms of moves and positions; ``parse(str(x)) == x`` for both.

Moves
    ``c3-c4``        a step
    ``d5xd3xf3``     a capture chain: start, then every landing point
    ``He5:c3-c4``    the rebels huff the officer on e5, then step
    ``He5``          a huff that removes the last officer (the game ends)
    ``@c5,e5``       the officers' player places the officers (sorted points)
    ``--``           a turn passed (where the rules pass a turn: :attr:`~asalto_core.rulesets.Ruleset.forfeit`)

Positions (one line, like chess FEN)::

    assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1

ruleset name; the points rank by rank from the top, ``O`` an officer, ``R`` a rebel,
a digit for a run of empty points; the side to move (``r`` rebels, ``o`` officers, ``p``
officers to be placed); the huffable officers (``-`` or ``c5,e5``; in the course's rules,
``passed`` on the officers' turn after the rebels passed and left them no move: its script
checks for a win only after a legal move, so the officers pass and the game goes on); the
move number.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import NotationError, quote
from .geometry import BIT_INDEX, DIGITS, is_number, parse_point
from .movegen import OFFICERS, PLACING, REBELS
from .rulesets import find_ruleset

if TYPE_CHECKING:
    from .geometry import Geometry
    from .movegen import RawMove, State


MAX_MOVE_TEXT = 300  # characters: the longest chain on the largest board is far shorter
MAX_POSITION_TEXT = 1000  # characters (a house rule's name included)
MAX_MOVES = 5000  # a game longer than this is refused before it is replayed (the page, a record, a bot's game)


@dataclass(frozen=True, slots=True)
class Move:
    """A move as the players write it, independent of any board.

    >>> Move.parse("d5xd3xf3")
    Move.parse('d5xd3xf3')
    >>> Move.parse("He5:c3-c4").huff, Move.parse("He5").path
    ('e5', ())
    >>> str(Move(path=("c3", "c4")))
    'c3-c4'
    """

    path: tuple[str, ...] = ()
    jump: bool = False
    huff: str | None = None
    place: tuple[str, ...] = ()
    __match_args__ = ("path", "jump", "huff", "place")

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's text form; syntax only (legality is the board's business)."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}")
        if len(text) > MAX_MOVE_TEXT:
            raise NotationError(f"bad move: {len(text)} characters; a move is at most {MAX_MOVE_TEXT}")
        body = text.strip()
        if body == "--":
            return cls()
        if body.startswith("@"):
            points = body[1:].split(",")
            if not all(map(_is_point, points)):
                raise NotationError(_bad_move(text))
            if len(set(points)) != len(points):
                raise NotationError(f"bad move {quote(text)}: a point is placed twice")
            return cls(place=tuple(sorted(points, key=_point_order)))
        huff = None
        if body.startswith("H"):
            huff, colon, body = body[1:].partition(":")
            if not _is_point(huff) or (colon and not body):
                raise NotationError(_bad_move(text))
            if not colon:
                return cls(huff=huff)
        jump = "x" in body
        path = tuple(body.split("x" if jump else "-"))
        if len(path) < 2 or (not jump and len(path) != 2) or not all(map(_is_point, path)):
            raise NotationError(_bad_move(text))
        return cls(path=path, jump=jump, huff=huff)

    @property
    def null(self) -> bool:
        """A passed turn: no piece moves, no officer goes."""
        return not (self.path or self.place or self.huff)

    @property
    def from_point(self) -> str | None:
        return self.path[0] if self.path else None

    @property
    def to_point(self) -> str | None:
        return self.path[-1] if self.path else None

    def __str__(self) -> str:
        if self.null:
            return "--"
        if self.place:
            return "@" + ",".join(self.place)
        body = ("x" if self.jump else "-").join(self.path)
        if self.huff:
            return f"H{self.huff}:{body}" if body else f"H{self.huff}"
        return body

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _bad_move(text: str) -> str:
    expected = "a step 'c3-c4', a capture 'd5xd3', a huff 'He5:c3-c4', a placement '@c5,e5' or a pass '--'"
    return f"bad move {quote(text)}: expected {expected}"


def _is_point(name: str) -> bool:
    """A point name's syntax: a file a-i and a rank 1-99."""
    try:
        parse_point(name)
    except NotationError:
        return False
    return len(name) <= 3


def _point_order(name: str) -> tuple[int, int]:
    f, r = parse_point(name)
    return r, f


def move_from_raw(g: Geometry, raw: RawMove, side: int) -> Move:
    """The written form of a kernel move."""
    frm, to, captured, removed, _after, path = raw
    names = tuple(g.points[p] for p in path)
    if frm < 0 and not removed:
        return Move(place=tuple(sorted(names, key=_point_order)))
    huff = g.points[BIT_INDEX[removed]] if side == REBELS and removed else None  # one officer at most
    return Move(path=names, jump=bool(captured), huff=huff)


# -- positions ---------------------------------------------------------------

_SIDES = {"o": OFFICERS, "r": REBELS, "p": PLACING}
PASSED = "passed"  # the huffable field on the officers' turn after the rebels' pass left them no move
_SIDE_CHARS = {v: k for k, v in _SIDES.items()}


_RANKS: dict[str, list[list[int]]] = {}  # a board's name -> its points' indices rank by rank, top first


def _ranks(g: Geometry) -> list[list[int]]:
    """The board's points rank by rank from the top, each rank in the board's order (made once:
    a position's text is written at every move, and the page's MicroPython is slow to scan)."""
    ranks = _RANKS.get(g.name)
    if ranks is None:
        ranks = _RANKS[g.name] = [
            [i for i, (_, r) in enumerate(g.coords) if r == rank] for rank in range(g.height - 1, -1, -1)
        ]
    return ranks


def format_position(ruleset: str, state: State, fullmove: int) -> str:
    """The one-line text of a raw state under a ruleset."""
    officers, rebels, side, huffable = state
    g = find_ruleset(ruleset).geometry
    rows = []
    for rank in _ranks(g):
        row, run = "", 0
        for i in rank:
            c = "O" if officers >> i & 1 else "R" if rebels >> i & 1 else ""
            if c:
                row += (str(run) if run else "") + c
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    huffs = ",".join(g.points[i] for i in range(len(g.points)) if huffable >> i & 1) or "-"
    if huffable >> len(g.points):
        huffs = PASSED
    return f"{ruleset} {'/'.join(rows)} {_SIDE_CHARS[side]} {huffs} {fullmove}"


def parse_position(text: str) -> tuple[str, State, int]:
    """``(ruleset name, raw state, move number)`` from a position's text; syntax only.

    Whether the position could occur is checked by :func:`asalto_core.position.validate`.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise NotationError(f"bad position: {len(text)} characters; a position is at most {MAX_POSITION_TEXT}")
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"bad position {quote(text)}: expected 5 fields (ruleset, points, side, huffable, move number), "
            f"found {len(fields)}"
        )
    name, board, side_char, huffs, number = fields
    rs = find_ruleset(name)
    name, g = rs.name, rs.geometry  # house rules by their canonical name
    ranks = board.split("/")
    if len(ranks) != g.height:
        raise NotationError(f"bad position {quote(text)}: the {g.name} board has {g.height} ranks, found {len(ranks)}")
    officers = rebels = 0
    for k, row in enumerate(ranks):
        rank = g.height - 1 - k
        points = [i for i, (f, r) in enumerate(g.coords) if r == rank]
        at = 0
        for c in _runs(row):
            if c[0] in DIGITS:
                at += int(c) if is_number(c, 2) else len(points) + 1
                continue
            if c not in "OR" or at >= len(points):
                what = f"unexpected {quote(c)}" if c not in "OR" else "too many points"
                raise NotationError(f"bad position {quote(text)}: {what} in rank {rank + 1} ({quote(row)})")
            if c == "O":
                officers |= 1 << points[at]
            else:
                rebels |= 1 << points[at]
            at += 1
        if at != len(points):
            raise NotationError(
                f"bad position {quote(text)}: rank {rank + 1} ({quote(row)}) describes {at} points, "
                f"the board has {len(points)}"
            )
    if side_char not in _SIDES:
        raise NotationError(f"bad position {quote(text)}: side to move must be r, o or p, not {quote(side_char)}")
    huffable = 0
    if huffs == PASSED:
        huffable = 1 << len(g.points)  # the kernel's ``unchecked`` bit (validate says where it may be)
    elif huffs != "-":
        for name_ in huffs.split(","):
            huffable |= 1 << g.point(name_)
    if not is_number(number) or int(number) < 1:
        why = f"the move number must be a positive integer, not {quote(number)}"
        raise NotationError(f"bad position {quote(text)}: {why}")
    return name, (officers, rebels, _SIDES[side_char], huffable), int(number)


def _runs(row: str) -> list[str]:
    """A rank's text as tokens: each run of digits, and each other character alone."""
    out: list[str] = []
    for c in row:
        if c in DIGITS and out and out[-1][-1] in DIGITS:
            out[-1] += c
        else:
            out.append(c)
    return out
