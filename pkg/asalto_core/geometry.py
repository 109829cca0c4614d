"""Board geometry as data: points, lines, fortress, marked lines and jump tables.

Points are named like chess squares: files ``a``, ``b``, ... from the left, ranks
``1``, ``2``, ... from the bottom, with the fortress at the top. A piece steps along
one line; an officer jumps along two collinear lines. Everything the rules need is
precomputed here once per board, as int bitmasks indexed by point number.

>>> board = BOARDS["standard"]
>>> len(board.points), len(board.lines), sorted(board.name_of(p) for p in board.fortress)[:3]
(33, 72, ['c5', 'c6', 'c7'])
>>> [board.name_of(q) for q in board.neighbours_of(board.index["d4"])]
['c3', 'd3', 'e3', 'c4', 'e4', 'c5', 'd5', 'e5']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .errors import NotationError, UnknownRulesetError, quote

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any

    Coord = tuple[int, int]  # (file, rank), both 0-based

FILES = "abcdefghi"
DIGITS = "0123456789"


def point_name(coord: Coord) -> str:
    """The name of a 0-based (file, rank) coordinate, e.g. ``(2, 0) -> 'c1'``."""
    return f"{FILES[coord[0]]}{coord[1] + 1}"


def parse_point(text: str) -> Coord:
    """The 0-based coordinate of a point name such as ``'c1'``; syntax only.

    >>> parse_point("d4")
    (3, 3)
    """
    if not isinstance(text, str) or len(text) < 2 or text[0] not in FILES or not is_number(text[1:]) or text[1] == "0":
        raise NotationError(f"bad point {quote(text)}: expected a file a-i and a rank from 1, like 'c3'")
    return FILES.index(text[0]), int(text[1:]) - 1


def is_number(text: str, max_digits: int = 9) -> bool:
    """ASCII digits only, and not too many: ``'²'.isdigit()`` is True on CPython (and False
    on MicroPython) but ``int('²')`` fails, and a 5,000-digit number is no move number.

    >>> is_number("12"), is_number("²"), is_number(""), is_number("1" * 10)
    (True, False, False, False)
    """
    return 0 < len(text) <= max_digits and all(c in DIGITS for c in text)


@dataclass(frozen=True)
class Geometry:
    """One board: its points, the lines joining them, and the fortress.

    ``marked`` holds the lines drawn doubled or coloured on German Tactics boards
    (closed to rebels when a ruleset says so); it is data for drawing as much as
    for the rules. Tables are built in ``__post_init__`` and never change.
    """

    name: str
    title: str
    width: int
    height: int
    coords: tuple[Coord, ...]
    lines: tuple[tuple[int, int], ...]
    fortress_mask: int
    marked: frozenset[tuple[int, int]] = frozenset()
    __match_args__ = ("name", "title", "width", "height", "coords", "lines", "fortress_mask", "marked")
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    points: tuple[str, ...] = field(init=False, repr=False, compare=False)
    neighbours: tuple[int, ...] = field(init=False, repr=False, compare=False)
    jumps: tuple[tuple[tuple[int, int], ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = tuple(point_name(c) for c in self.coords)
        nbr = [0] * len(self.coords)
        for a, b in self.lines:
            nbr[a] |= 1 << b
            nbr[b] |= 1 << a
        at = {c: i for i, c in enumerate(self.coords)}
        # A jump goes p -> over -> to along two lines in one straight direction.
        jumps = []
        for p, (f, r) in enumerate(self.coords):
            row = []
            for over in bits(nbr[p]):
                of, orank = self.coords[over]
                to = at.get((2 * of - f, 2 * orank - r))
                if to is not None and nbr[over] >> to & 1:
                    row.append((over, to))
            jumps.append(tuple(row))
        object.__setattr__(self, "points", names)
        object.__setattr__(self, "index", {n: i for i, n in enumerate(names)})
        object.__setattr__(self, "neighbours", tuple(nbr))
        object.__setattr__(self, "jumps", tuple(jumps))

    @property
    def all_mask(self) -> int:
        return (1 << len(self.coords)) - 1

    @property
    def fortress(self) -> frozenset[int]:
        return frozenset(bits(self.fortress_mask))

    def name_of(self, point: int) -> str:
        return self.points[point]

    def point(self, name: str) -> int:
        """The index of a point name on this board; :class:`NotationError` if absent."""
        parse_point(name)
        try:
            return self.index[name]
        except KeyError:
            raise NotationError(f"point {quote(name)} is not on the {self.name} board") from None

    def neighbours_of(self, point: int) -> list[int]:
        return list(bits(self.neighbours[point]))

    def distances_to_fortress(self) -> tuple[int, ...]:
        """Fewest line steps from each point to any fortress point (0 inside)."""
        dist = [-1] * len(self.coords)
        frontier = list(bits(self.fortress_mask))
        for p in frontier:
            dist[p] = 0
        while frontier:
            nxt = []
            for p in frontier:
                for q in bits(self.neighbours[p]):
                    if dist[q] < 0:
                        dist[q] = dist[p] + 1
                        nxt.append(q)
            frontier = nxt
        return tuple(dist)

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page and diagrams: names, coordinates, lines."""
        return {
            "name": self.name,
            "title": self.title,
            "width": self.width,
            "height": self.height,
            "points": [
                {
                    "name": n,
                    "x": self.coords[i][0],
                    "y": self.coords[i][1],
                    "fortress": bool(self.fortress_mask >> i & 1),
                }
                for i, n in enumerate(self.points)
            ],
            "lines": [[self.points[a], self.points[b]] for a, b in self.lines],
            "marked": sorted([self.points[a], self.points[b]] for a, b in self.marked),
        }


# The index of a one-bit mask. MicroPython's int has no bit_length() or bit_count(); a table
# lookup is as fast as bit_length() on CPython, and boards have at most 67 points.
BIT_INDEX = {1 << i: i for i in range(128)}

try:
    popcount = int.bit_count
except AttributeError:  # MicroPython

    def popcount(mask: int) -> int:  # type: ignore[misc]
        """The number of set bits of ``mask``."""
        return bin(mask).count("1")


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first.

    >>> list(bits(0b10110)), popcount(0b10110)
    ([1, 2, 4], 3)
    """
    while mask:
        low = mask & -mask
        yield BIT_INDEX[low]
        mask ^= low


def _build(
    name: str,
    title: str,
    size: int,
    on_board: Callable[[int, int], bool],
    fortress_names: Iterable[str],
    diagonal: Callable[[int, int], bool],
    extra: Iterable[str] = (),
    removed: Iterable[str] = (),
    marked_rule: Callable[[tuple[int, int], tuple[int, int]], bool] | None = None,
) -> Geometry:
    """Lay out a board from predicates: which points exist and which diagonals are drawn.

    ``extra`` and ``removed`` are lines written ``"a4-b5"``; orthogonal neighbours are
    always joined.
    """
    coords = tuple(
        sorted(((f, r) for f in range(size) for r in range(size) if on_board(f, r)), key=lambda c: (c[1], c[0]))
    )
    at = {c: i for i, c in enumerate(coords)}
    pairs: set[tuple[int, int]] = set()
    for (f, r), i in at.items():
        for df, dr in ((1, 0), (0, 1)):
            j = at.get((f + df, r + dr))
            if j is not None:
                pairs.add((i, j))
        for df in (1, -1):
            j = at.get((f + df, r + 1))
            if j is not None and diagonal(f, r):
                pairs.add((min(i, j), max(i, j)))

    def named(text: str) -> tuple[int, int]:
        a, b = (at[parse_point(s)] for s in text.split("-"))
        return min(a, b), max(a, b)

    pairs |= {named(t) for t in extra}
    for t in removed:
        pairs.remove(named(t))
    lines = tuple(sorted(pairs))
    fortress = 0
    for n in fortress_names:
        fortress |= 1 << at[parse_point(n)]
    marked = frozenset(line for line in lines if marked_rule and marked_rule(coords[line[0]], coords[line[1]]))
    return Geometry(name, title, size, size, coords, lines, fortress, marked)


def _cross(arm: int, size: int) -> Callable[[int, int], bool]:
    lo, hi = (size - arm) // 2, (size + arm) // 2 - 1
    return lambda f, r: lo <= f <= hi or lo <= r <= hi


def _even(f: int, r: int) -> bool:
    return (f + r) % 2 == 0


_STD_FORTRESS = [f"{c}{r}" for r in (5, 6, 7) for c in "cde"]
_STD_CROSS = _cross(3, 7)
_OPEN_HORIZONTALS = {((0, 4), (1, 4)), ((1, 4), (2, 4)), ((4, 4), (5, 4)), ((5, 4), (6, 4))}


def _german_marked(a: Coord, b: Coord) -> bool:
    """German Tactics: every horizontal line is marked except the top line of each side arm."""
    return a[1] == b[1] and (a, b) not in _OPEN_HORIZONTALS


_ODD_ARM_DIAGONALS = [
    "b5-a4", "b5-c4", "d5-c4", "d5-e4", "f5-e4", "f5-g4",
    "c4-b3", "c4-d3", "e4-d3", "e4-f3", "d3-c2", "d3-e2",
]  # fmt: skip

_ROYAL_FORTRESS = [f"{c}9" for c in "bcdefgh"] + [f"{c}{r}" for r in (7, 8) for c in "cdefg"]


def _royal_points(f: int, r: int) -> bool:
    return _cross(5, 9)(f, r) or (r == 8 and f in (1, 7))


# What each board's drawing shows, and the source it follows, is said by the catalogs
# (``board-notes-NAME`` in asalto_core/locale): the rules panel's "Board" readings.
_LAYOUTS: dict[str, Callable[[], Geometry]] = {
    "standard": lambda: _build(
        "standard", "Standard 33-point board", 7, _STD_CROSS, _STD_FORTRESS, _even, marked_rule=_german_marked
    ),
    "simplified": lambda: _build(
        "simplified",
        "Simplified board",
        7,
        _STD_CROSS,
        _STD_FORTRESS,
        lambda f, r: False,
        extra=["c5-d6", "e5-d6", "c7-d6", "e7-d6"],
    ),
    "fuchs-und-henne": lambda: _build(
        "fuchs-und-henne",
        "Fuchs und Henne board",
        7,
        _STD_CROSS,
        _STD_FORTRESS,
        _even,
        extra=_ODD_ARM_DIAGONALS,
        removed=["c7-d6", "e7-d6"],
    ),
    "2-contra-20": lambda: _build(
        "2-contra-20",
        "2 contra 20 board",
        7,
        _STD_CROSS,
        _STD_FORTRESS,
        _even,
        extra=_ODD_ARM_DIAGONALS + ["d7-c6", "d7-e6", "c6-d5", "e6-d5", "a4-b3", "g4-f3", "c2-d1", "e2-d1"],
    ),
    "royal-garrison": lambda: _build(
        "royal-garrison",
        "Royal Garrison 67-point board",
        9,
        _royal_points,
        _ROYAL_FORTRESS,
        _even,
        extra=["b9-c8", "h9-g8"],
    ),
    "royal-garrison-diagonals": lambda: _build(
        "royal-garrison-diagonals",
        "Royal Garrison board with all diagonals",
        9,
        _royal_points,
        _ROYAL_FORTRESS,
        lambda f, r: True,
    ),
}
# In this order wherever boards are listed: MicroPython's dicts do not keep insertion order.
BOARD_NAMES: tuple[str, ...] = (
    "standard",
    "simplified",
    "fuchs-und-henne",
    "2-contra-20",
    "royal-garrison",
    "royal-garrison-diagonals",
)


class BoardTable:
    """Every board by name, read like a dict; each is laid out the first time it is asked for.

    A page that shows one board then builds only that one: on node's MicroPython, importing the
    engine took 52 ms when it built all six, and takes 12 ms now.

    >>> BOARDS["royal-garrison"].title, "standard" in BOARDS, len(BOARDS)
    ('Royal Garrison 67-point board', True, 6)
    """

    def __init__(self, layouts: dict[str, Callable[[], Geometry]], names: tuple[str, ...]) -> None:
        self._layouts = layouts
        self._names = names
        self._built: dict[str, Geometry] = {}

    def __getitem__(self, name: str) -> Geometry:
        board = self._built.get(name)
        if board is None:
            board = self._built[name] = self._layouts[name]()
        return board

    def __contains__(self, name: object) -> bool:
        return name in self._layouts

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def keys(self) -> tuple[str, ...]:
        return self._names

    def values(self) -> list[Geometry]:
        return [self[name] for name in self._names]

    def items(self) -> list[tuple[str, Geometry]]:
        return [(name, self[name]) for name in self._names]


BOARDS = BoardTable(_LAYOUTS, BOARD_NAMES)


def find_board(name: str) -> Geometry:
    """The board called ``name``; :class:`UnknownRulesetError` lists the known ones."""
    try:
        return BOARDS[name]
    except KeyError:
        raise UnknownRulesetError(f"unknown board {quote(name)}; known boards: {', '.join(BOARD_NAMES)}") from None
