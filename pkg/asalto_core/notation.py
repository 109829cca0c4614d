"""Text forms of moves and positions; ``parse(str(x)) == x`` for both.

Moves
    ``c3-c4``        a step
    ``d5xd3xf3``     a capture chain: start, then every landing point
    ``He5:c3-c4``    the rebels huff the officer on e5, then step
    ``He5``          a huff that removes the last officer (the game ends)
    ``@c5,e5``       the officers' player places the officers (sorted points)

Positions (one line, like chess FEN)::

    assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1

ruleset name; the points rank by rank from the top, ``O`` an officer, ``R`` a rebel,
a digit for a run of empty points; the side to move (``r`` rebels, ``o`` officers, ``p``
officers to be placed); the huffable officers (``-`` or ``c5,e5``); the move number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotationError
from .geometry import Geometry, parse_point
from .movegen import OFFICERS, PLACING, REBELS, RawMove, State
from .rulesets import find_ruleset

_POINT = r"[a-i][1-9]\d?"
_PATH = rf"{_POINT}(?:-{_POINT}|(?:x{_POINT})+)"
_MOVE_RE = re.compile(
    rf"^(?:@(?P<place>{_POINT}(?:,{_POINT})*)|H(?P<huff>{_POINT})(?::(?P<after>{_PATH}))?|(?P<path>{_PATH}))$"
)


@dataclass(frozen=True, slots=True)
class Move:
    """A move as the players write it, independent of any board.

    >>> Move.parse("d5xd3xf3")
    Move.parse('d5xd3xf3')
    >>> Move.parse("He5:c3-c4").huff
    'e5'
    >>> str(Move(path=("c3", "c4")))
    'c3-c4'
    """

    path: tuple[str, ...] = ()
    jump: bool = False
    huff: str | None = None
    place: tuple[str, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move's text form; syntax only (legality is the board's business)."""
        if not isinstance(text, str):
            raise NotationError(f"a move must be text, not {type(text).__name__}")
        m = _MOVE_RE.match(text.strip())
        if not m:
            raise NotationError(
                f"bad move {text!r}: expected a step 'c3-c4', a capture 'd5xd3', "
                "a huff 'He5:c3-c4' or a placement '@c5,e5'"
            )
        for p in re.findall(_POINT, text):
            parse_point(p)
        if m["place"]:
            points = m["place"].split(",")
            if len(set(points)) != len(points):
                raise NotationError(f"bad move {text!r}: a point is placed twice")
            return cls(place=tuple(sorted(points, key=_point_order)))
        body = m["path"] or m["after"] or ""
        path = tuple(re.split("[x-]", body)) if body else ()
        return cls(path=path, jump="x" in body, huff=m["huff"])

    @property
    def from_point(self) -> str | None:
        return self.path[0] if self.path else None

    @property
    def to_point(self) -> str | None:
        return self.path[-1] if self.path else None

    def __str__(self) -> str:
        if self.place:
            return "@" + ",".join(self.place)
        body = ("x" if self.jump else "-").join(self.path)
        if self.huff:
            return f"H{self.huff}:{body}" if body else f"H{self.huff}"
        return body

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _point_order(name: str) -> tuple[int, int]:
    f, r = parse_point(name)
    return r, f


def move_from_raw(g: Geometry, raw: RawMove, side: int) -> Move:
    """The written form of a kernel move."""
    frm, to, captured, removed, _after, path = raw
    names = tuple(g.points[p] for p in path)
    if frm < 0 and not removed:
        return Move(place=tuple(sorted(names, key=_point_order)))
    huff = g.points[removed.bit_length() - 1] if side == REBELS and removed else None
    return Move(path=names, jump=bool(captured), huff=huff)


# -- positions ---------------------------------------------------------------

_SIDES = {"o": OFFICERS, "r": REBELS, "p": PLACING}
_SIDE_CHARS = {v: k for k, v in _SIDES.items()}


def format_position(ruleset: str, state: State, fullmove: int) -> str:
    """The one-line text of a raw state under a ruleset."""
    officers, rebels, side, huffable = state
    g = find_ruleset(ruleset).geometry
    rows = []
    for rank in range(g.height - 1, -1, -1):
        row, run = "", 0
        for i, (_, r) in enumerate(g.coords):
            if r != rank:
                continue
            c = "O" if officers >> i & 1 else "R" if rebels >> i & 1 else ""
            if c:
                row += (str(run) if run else "") + c
                run = 0
            else:
                run += 1
        rows.append(row + (str(run) if run else ""))
    huffs = ",".join(g.points[i] for i in range(len(g.points)) if huffable >> i & 1) or "-"
    return f"{ruleset} {'/'.join(rows)} {_SIDE_CHARS[side]} {huffs} {fullmove}"


def parse_position(text: str) -> tuple[str, State, int]:
    """``(ruleset name, raw state, move number)`` from a position's text; syntax only.

    Whether the position could occur is checked by :func:`asalto_core.position.validate`.
    """
    if not isinstance(text, str):
        raise NotationError(f"a position must be text, not {type(text).__name__}")
    fields = text.split()
    if len(fields) != 5:
        raise NotationError(
            f"bad position {text!r}: expected 5 fields (ruleset, points, side, huffable, move number), "
            f"found {len(fields)}"
        )
    name, board, side_char, huffs, number = fields
    g = find_ruleset(name).geometry
    ranks = board.split("/")
    if len(ranks) != g.height:
        raise NotationError(f"bad position {text!r}: the {g.name} board has {g.height} ranks, found {len(ranks)}")
    officers = rebels = 0
    for k, row in enumerate(ranks):
        rank = g.height - 1 - k
        points = [i for i, (f, r) in enumerate(g.coords) if r == rank]
        at = 0
        for c in re.findall(r"\d+|.", row):
            if c.isdigit():
                at += int(c)
                continue
            if c not in "OR" or at >= len(points):
                what = f"unexpected {c!r}" if c not in "OR" else "too many points"
                raise NotationError(f"bad position {text!r}: {what} in rank {rank + 1} ({row!r})")
            if c == "O":
                officers |= 1 << points[at]
            else:
                rebels |= 1 << points[at]
            at += 1
        if at != len(points):
            raise NotationError(
                f"bad position {text!r}: rank {rank + 1} ({row!r}) describes {at} points, the board has {len(points)}"
            )
    if side_char not in _SIDES:
        raise NotationError(f"bad position {text!r}: side to move must be r, o or p, not {side_char!r}")
    huffable = 0
    if huffs != "-":
        for name_ in huffs.split(","):
            huffable |= 1 << g.point(name_)
    if not number.isdigit() or int(number) < 1:
        raise NotationError(f"bad position {text!r}: the move number must be a positive integer, not {number!r}")
    return name, (officers, rebels, _SIDES[side_char], huffable), int(number)
