"""Positions and the board: legal moves, play and undo, game end.

:class:`Position` is an immutable snapshot with a text form; :class:`Board` is the
mutable game in progress (python-chess style): a move stack, undo, repetition.

>>> board = Board("assault")
>>> board.turn, len(board.legal_moves)
('rebels', 1)
>>> board.push("d4-d5")
Move.parse('d4-d5')
>>> sorted(str(m) for m in board.legal_moves)[:3]
['c5-c6', 'c5-d4', 'c5-d6']
>>> board.pop()
Move.parse('d4-d5')
>>> Board.from_text(board.text()).text() == board.text()
True

Both have the same views (python-chess style): ``legal_moves`` (a property), ``turn``,
``ruleset`` (the name), ``rules`` (the :class:`~asalto_core.rulesets.Ruleset`),
``pieces()``, ``huffable()``, ``text()``, ``outcome()``, ``svg()``; in a notebook both
show as the board (``_repr_svg_``), and ``repr()`` gives code that rebuilds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .errors import IllegalMoveError, InvalidPositionError, NotationError, quote
from .geometry import bits, popcount
from .movegen import (
    BLOCKED,
    DEPLETED,
    FORTRESS,
    NO_MOVES,
    NO_OFFICERS,
    OFFICERS,
    PLACING,
    REBELS,
    REPETITION,
    ROUND_LIMIT,
    kernel,
)
from .notation import Move, format_position, move_from_raw, parse_position
from .rulesets import ORDINALS, find_ruleset, plural

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator, Sequence

    from .geometry import Geometry
    from .movegen import Kernel, RawMove, State
    from .rulesets import Ruleset

SIDE_NAMES = {OFFICERS: "officers", REBELS: "rebels", PLACING: "officers"}

_REASONS = {
    FORTRESS: "the rebels hold every point of the fortress",
    NO_OFFICERS: "no officer is left",
    DEPLETED: "too few rebels are left to fill the fortress",
    BLOCKED: "the rebels left the officers without a move, which this ruleset forbids",
    ROUND_LIMIT: "the round limit was reached",
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (``'officers'``, ``'rebels'`` or None for a draw) and why;
    a draw by repetition says on which occurrence of the position (the ruleset's ``repetition``)."""

    winner: str | None
    reason: str
    occurrence: int = 3
    __match_args__ = ("winner", "reason", "occurrence")

    def describe(self) -> str:
        """A sentence for the result banner.

        >>> Outcome("rebels", "fortress-taken").describe()
        'Rebels win: the rebels hold every point of the fortress.'
        >>> Outcome(None, "repetition", 2).describe()
        'Draw: the same position occurred for the second time.'
        """
        if self.reason == NO_MOVES:
            loser = "officers" if self.winner == "rebels" else "rebels"
            why = f"the {loser} have no legal move"
        elif self.reason == REPETITION:
            why = f"the same position occurred for the {ORDINALS[self.occurrence]} time"
        else:
            why = _REASONS[self.reason]
        head = f"{self.winner[0].upper()}{self.winner[1:]} win" if self.winner else "Draw"
        return f"{head}: {why}."

    def token(self) -> str:
        """The result token of a game record."""
        return f"{self.winner}-win" if self.winner else "draw"


class LegalMoves:
    """The legal moves of a position, in the kernel's order: a read-only sequence."""

    def __init__(self, moves: list[Move]) -> None:
        self._moves = moves
        self._set = set(moves)

    def __len__(self) -> int:
        return len(self._moves)

    def __getitem__(self, i: int) -> Move:
        return self._moves[i]

    def __contains__(self, move: object) -> bool:
        return move in self._set

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __repr__(self) -> str:
        return f"<LegalMoves {', '.join(map(str, self._moves))}>"

    def __call__(self) -> LegalMoves:
        """Itself: ``position.legal_moves()``, from when it was a method, still works."""
        return self


@dataclass(frozen=True)
class Position:
    """An immutable position: ruleset, pieces, side to move, huffable officers.

    >>> p = Position.start("ludii")
    >>> p
    Position.from_text('ludii 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR o - 1')
    >>> p.ruleset, p.rules.first, len(p.legal_moves)
    ('ludii', 'officers', 6)
    """

    ruleset: str
    state: State
    fullmove: int = 1
    __match_args__ = ("ruleset", "state", "fullmove")

    @classmethod
    def start(cls, ruleset: str = "assault") -> Position:
        return cls(find_ruleset(ruleset).name, kernel(ruleset).start())

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Parse and validate a position's text; :class:`AsaltoError` says what is wrong."""
        name, state, number = parse_position(text)
        position = cls(name, state, number)
        validate(position, text)
        return position

    @classmethod
    def setup(
        cls,
        ruleset: str,
        officers: Iterable[str],
        rebels: Iterable[str],
        turn: str = "officers",
        huffable: Iterable[str] = (),
        fullmove: int = 1,
    ) -> Position:
        """A validated position from lists of points, for puzzles and teaching.

        >>> rebels = ["a3", "a4", "a5", "g3", "g4", "g5", "e1", "d4", "d2"]
        >>> Position.setup("assault", officers=["d5", "c7"], rebels=rebels).legal_moves
        <LegalMoves d5xd3xd1>
        """
        g = find_ruleset(ruleset).geometry
        sides = {"officers": OFFICERS, "rebels": REBELS, "place": PLACING}
        if not isinstance(turn, str) or turn not in sides:
            raise InvalidPositionError(f"turn must be one of officers, rebels, place, not {quote(turn)}")
        if isinstance(fullmove, bool) or not isinstance(fullmove, int) or not 1 <= fullmove < 10**9:
            raise InvalidPositionError(f"the move number must be a whole number from 1, not {quote(fullmove)}")

        def mask(points: Iterable[str]) -> int:
            # A list of point names (a lone name, a number or None is a mistake, not a board).
            try:
                names = None if isinstance(points, (str, bytes)) else list(points)
            except TypeError:
                names = None
            if names is None:
                raise InvalidPositionError(f"points must be a list of point names, not {type(points).__name__}")
            if not all(isinstance(p, str) for p in names):
                raise InvalidPositionError(f"points must be a list of point names, not {quote(names)}")
            return sum(1 << g.point(p) for p in set(names))

        position = cls(
            find_ruleset(ruleset).name, (mask(officers), mask(rebels), sides[turn], mask(huffable)), fullmove
        )
        validate(position)
        return position

    def text(self) -> str:
        return format_position(self.ruleset, self.state, self.fullmove)

    __str__ = text

    def __repr__(self) -> str:
        return f"Position.from_text({self.text()!r})"

    def svg(
        self,
        *,
        flipped: bool = False,
        coords: bool = True,
        arrows: Sequence[str] = (),
        highlight: Iterable[str] = (),
        title: str | None = None,
    ) -> str:
        """The position as a standalone SVG: the page's drawing (:func:`asalto_core.svg.board`).

        ``arrows`` are moves (``'d5xd3xf3'``), ``highlight`` points; the title defaults to the text.

        >>> Position.start("assault").svg().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
        True
        """
        from . import svg  # loaded on first use: the page draws with its own copy

        return svg.board(
            self.geometry.to_json(),
            self.pieces(),
            flipped=flipped,
            marked_lines=self.rules.marked_lines,
            coords=coords,
            arrows=_texts(arrows, "arrows", "move texts"),
            highlight=_texts(highlight, "highlight", "point names"),
            title=self.text() if title is None else str(title),
        )

    def _repr_svg_(self) -> str:
        """Jupyter draws the position by itself."""
        return self.svg()

    @property
    def rules(self) -> Ruleset:
        """The :class:`~asalto_core.rulesets.Ruleset` (``ruleset`` is its name)."""
        return find_ruleset(self.ruleset)

    @property
    def kernel(self) -> Kernel:
        return kernel(self.ruleset)

    @property
    def geometry(self) -> Geometry:
        return self.kernel.geometry

    @property
    def turn(self) -> str:
        return SIDE_NAMES[self.state[2]]

    @property
    def placing(self) -> bool:
        return self.state[2] == PLACING

    def pieces(self) -> dict[str, str]:
        """Point name -> ``'O'`` or ``'R'`` for every occupied point."""
        g, (officers, rebels, _, _) = self.geometry, self.state
        out = {g.points[i]: "O" for i in bits(officers)}
        out.update({g.points[i]: "R" for i in bits(rebels)})
        return out

    def huffable(self) -> list[str]:
        return [self.geometry.points[i] for i in bits(self.state[3] & self.kernel.all)]

    def implied_huff(self) -> str | None:
        """The officer every rebel move takes off when the rules leave no choice: a huff
        is due (removal ``auto``) and only one officer is huffable; None otherwise.

        >>> p = Position.from_text("citadelle 3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10")
        >>> p.play("c5xc3").huffable(), p.play("c5xc3").implied_huff()
        (['c3', 'e5'], None)
        """
        huffable = self.huffable()
        return huffable[0] if self.kernel.auto_removal and len(huffable) == 1 else None

    def raw_moves(self) -> list[RawMove]:
        if self.kernel.decided(self.state) or self._rounds_over():
            return []
        return self.kernel.moves(self.state)

    @property
    def legal_moves(self) -> LegalMoves:
        """The legal moves, as :attr:`Board.legal_moves` (a finished game has none)."""
        g, side = self.geometry, self.state[2]
        return LegalMoves([move_from_raw(g, m, side) for m in self.raw_moves()])

    def find_raw(self, move: Move) -> RawMove:
        """The kernel move behind ``move``; :class:`IllegalMoveError` if it is not legal."""
        g, side = self.geometry, self.state[2]
        for raw in self.raw_moves():
            if move_from_raw(g, raw, side) == move:
                return raw
        raise IllegalMoveError(f"illegal move {str(move)!r} in {self.text()!r}: {self._why_not(move)}")

    def _why_not(self, move: Move) -> str:
        if self.outcome():
            return "the game is over"
        pieces = self.pieces()
        if self.placing:
            return "the officers must first be placed in the fortress, e.g. " + str(self.legal_moves[0])
        if move.place:
            return "the officers are already placed"
        if move.huff and move.huff not in self.huffable():
            return f"the officer on {move.huff} cannot be huffed now"
        if self.kernel.auto_removal and self.state[3] and not move.huff:
            due = " or ".join(f"H{h}:<step>" for h in self.huffable())
            return f"an officer that failed to capture goes with every rebel move: write {due}"
        frm = move.from_point
        want = "R" if self.state[2] == REBELS else "O"
        if frm is not None and pieces.get(frm) != want:
            return f"no {self.turn[:-1]} on {frm}; it is the {self.turn}' turn"
        captures = [m for m in self.legal_moves if m.jump]
        if captures and self.kernel.forced and not move.jump:
            return "a capture must be made: " + ", ".join(map(str, captures[:4]))
        return "the rules do not allow it here"

    def play(self, move: Move | str) -> Position:
        """The position after a legal move (given as a :class:`Move` or its text).

        Where the rules pass the turn of an illegal move (:attr:`Ruleset.forfeit`), the
        pass ``--`` is a legal move in any unfinished position.
        """
        return self.play_raw(self.find_raw(_as_move(move)))

    def play_raw(self, raw: RawMove) -> Position:
        side = self.state[2]
        number = self.fullmove + (1 if side != PLACING and side != self.kernel.first else 0)
        return Position(self.ruleset, self.kernel.play(self.state, raw), number)

    def outcome(self) -> Outcome | None:
        """The result if the game is over here (repetition needs a :class:`Board`)."""
        done = self.kernel.outcome(self.state)
        if done is None:
            return Outcome(None, ROUND_LIMIT) if self._rounds_over() else None
        return Outcome(SIDE_NAMES[done[0]], done[1])

    def _rounds_over(self) -> bool:
        """The ruleset's last round is played (rounds are counted by the move number)."""
        limit = self.kernel.rules.max_rounds
        return bool(limit) and self.fullmove > limit

    def key(self) -> State:
        """What must repeat for a repetition: pieces, side to move, huffable officers."""
        return self.state


def validate(position: Position, text: str = "") -> None:
    """Raise :class:`InvalidPositionError` if the ruleset could never reach ``position``."""
    k, (officers, rebels, side, huffable) = position.kernel, position.state
    rs = position.rules
    where = f"position {quote(text or position.text())}"
    problems = []
    if officers & rebels:
        problems.append("a point holds two pieces")
    n_off, n_reb = popcount(officers), popcount(rebels)
    if n_off > rs.officers:
        problems.append(f"{n_off} officers, but {rs.name} has only {rs.officers}")
    if n_reb > len(rs.rebel_points):
        problems.append(f"{n_reb} rebels, but {rs.name} starts with {len(rs.rebel_points)}")
    lost = rs.officers - n_off
    if side == PLACING:
        if not rs.placement:
            problems.append(f"{rs.name} has no placement step")
        elif officers or rebels != k.rebel_start:
            problems.append("officers are placed before any other move, so the board must be the start")
    elif lost > 0 and not rs.loses_officers:
        problems.append(f"officers can only be lost by huffing, which {rs.name} does not have")
    elif rs.huffing and rs.max_huffs is not None and lost > rs.max_huffs:
        problems.append(f"at most {plural(rs.max_huffs, 'officer')} can be huffed in {rs.name}")
    unchecked, huffable = huffable & ~k.all, huffable & k.all
    if unchecked and (unchecked != k.unchecked or side != OFFICERS or k.officers_can_move(officers, rebels)):
        problems.append(
            "'passed' marks the officers' turn after the rebels passed, leaving them no move, where a pass is a move"
        )
    if huffable:
        if huffable & ~officers:
            problems.append("a huffable officer must stand on an officer's point")
        if side != REBELS or not rs.huffing:
            problems.append("officers can only be huffable with the rebels to move in a huffing ruleset")
        if not rebels:
            problems.append("an officer is huffable for a capture it failed to make: it needs a rebel on the board")
    if problems:
        raise InvalidPositionError(f"impossible {where}: " + "; ".join(problems))


class Board:
    """A game in progress: the current position, the moves that led there, undo.

    ``Board(ruleset)`` starts a new game; ``Board(position)`` (a :class:`Position` or its
    text) or ``Board.from_text(text)`` starts from a position. Given both, the position
    must be of that ruleset.

    >>> Board("asalto 3/O1O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR o - 5").turn
    'officers'
    >>> Board("ludii", Position.start("assault"))
    Traceback (most recent call last):
    ...
    asalto_core.errors.InvalidPositionError: the position is of the assault ruleset, not ludii
    """

    def __init__(self, ruleset: str | Position | None = None, position: Position | str | None = None) -> None:
        self.root = start_position(ruleset, position)
        self.position = self.root
        self.move_stack: list[Move] = []
        self._positions: list[Position] = []
        self._seen: dict[State, int] = {self.root.key(): 1}  # how often each position occurred
        self._legal: tuple[Position, LegalMoves] | None = None  # the legal moves of one position, kept

    @classmethod
    def from_text(cls, text: str) -> Board:
        return cls(Position.from_text(text))

    # Delegated views of the current position.
    @property
    def ruleset(self) -> str:
        """The ruleset's name, as :attr:`Position.ruleset` (``rules`` is the object)."""
        return self.position.ruleset

    @property
    def rules(self) -> Ruleset:
        return self.position.rules

    @property
    def geometry(self) -> Geometry:
        return self.position.geometry

    @property
    def turn(self) -> str:
        return self.position.turn

    @property
    def legal_moves(self) -> LegalMoves:
        # A decided or stuck position has no moves already; only the repetition draw is the board's.
        if self._legal is None or self._legal[0] is not self.position:
            moves = LegalMoves([]) if self._repeated() else self.position.legal_moves
            self._legal = (self.position, moves)
        return self._legal[1]

    def text(self) -> str:
        return self.position.text()

    def pieces(self) -> dict[str, str]:
        return self.position.pieces()

    def huffable(self) -> list[str]:
        return self.position.huffable()

    def svg(
        self,
        *,
        flipped: bool = False,
        coords: bool = True,
        arrows: Sequence[str] = (),
        highlight: Iterable[str] = (),
        title: str | None = None,
    ) -> str:
        """The current position as SVG (:meth:`Position.svg`)."""
        return self.position.svg(flipped=flipped, coords=coords, arrows=arrows, highlight=highlight, title=title)

    def _repr_svg_(self) -> str:
        return self.position.svg()

    def push(self, move: Move | str) -> Move:
        """Play a legal move; :class:`IllegalMoveError` (and no change) otherwise."""
        move = _as_move(move)
        try:
            if self._repeated():
                raise IllegalMoveError("the game is over")
            nxt = self.position.play(move)
        except IllegalMoveError:
            done = self.outcome()
            if done:
                raise IllegalMoveError(f"illegal move {str(move)!r}: the game is over ({done.describe()})") from None
            raise
        self._positions.append(self.position)
        self.move_stack.append(move)
        self.position = nxt
        key = nxt.key()
        self._seen[key] = self._seen.get(key, 0) + 1
        return move

    def pop(self) -> Move:
        """Undo the last move and return it."""
        if not self.move_stack:
            raise IndexError("no move to undo")
        self._seen[self.position.key()] -= 1
        self.position = self._positions.pop()
        return self.move_stack.pop()

    def peek(self) -> Move | None:
        return self.move_stack[-1] if self.move_stack else None

    def outcome(self) -> Outcome | None:
        """The result, including a draw by the repetition of a position."""
        done = self.position.outcome()
        if done is None and self._repeated():
            return Outcome(None, REPETITION, self.position.rules.repetition)
        return done

    def _repeated(self) -> bool:
        """The current position has occurred for the third time (or as often as the ruleset says)."""
        times = self.position.rules.repetition
        return bool(times) and self._seen.get(self.position.key(), 0) >= times

    def is_game_over(self) -> bool:
        return self.outcome() is not None

    # -- moves by clicks: the one matcher every user interface uses ----------------------
    def next_points(self, clicked: Iterable[str] = (), huff: str | None = None) -> list[str]:
        """Points a player may click next, after the points clicked so far (and the officer
        chosen to huff, if any), in the legal moves' order.

        For a step or a chain that is the next landing point; with no clicks, the pieces
        that can move; for a placement, any fortress point not yet chosen, in any order.

        >>> b = Board("assault")
        >>> b.next_points(), b.next_points(["d4"])
        (['d4'], ['d5'])
        """
        prefix, huff = _clicks(clicked, huff)
        out: list[str] = []
        huff = huff or self.position.implied_huff()  # a huff without a choice comes with every move
        for m in self.legal_moves:
            if m.huff != huff or not _begins(m, prefix):
                continue
            nxt = [p for p in m.place if p not in prefix] if m.place else list(m.path[len(prefix) : len(prefix) + 1])
            out.extend(p for p in nxt if p not in out)
        return out

    def move_for(self, clicked: Iterable[str], huff: str | None = None) -> Move | None:
        """The legal move the clicked points (and the huff chosen) complete, or None.

        A chain that may stop early is complete at each landing where the rules allow
        stopping; a placement's points may come in any order. Where the rules leave the
        rebels no choice of huff (:meth:`Position.implied_huff`), ``huff`` may be left out.

        >>> Board("asalto").move_for(["e5", "c5"])
        Move.parse('@c5,e5')
        """
        prefix, huff = _clicks(clicked, huff)
        huff = huff or self.position.implied_huff()
        for m in self.legal_moves:
            if m.huff == huff and len(m.place or m.path) == len(prefix) and _begins(m, prefix) and not m.null:
                return m  # no clicks make no move: a pass is played as one ('--')
        return None

    def find_move(self, clicked: Iterable[str], huff: str | None = None) -> Move:
        """The legal move the clicked points complete; :class:`IllegalMoveError` if none does.

        >>> Board("assault").find_move(["d4", "d5"])
        Move.parse('d4-d5')
        """
        clicked, huff = _clicks(clicked, huff)
        move = self.move_for(clicked, huff)
        if move is None:
            what = "-".join(clicked) or "no point"
            raise IllegalMoveError(
                f"no legal move clicks {what}" + (f" with the huff of {huff}" if huff else "") + f" in {self.text()!r}"
            )
        return move

    def copy(self) -> Board:
        """The same game, to change apart from this one. Positions never change, so only the lists
        of them are copied: no move is played again (a bot is given a copy at every move)."""
        other = Board(self.root)
        other.position = self.position
        other.move_stack = list(self.move_stack)
        other._positions = list(self._positions)
        other._seen = dict(self._seen)
        return other

    def __repr__(self) -> str:
        return f"Board.from_text({self.text()!r})"


def start_position(ruleset: str | Position | None = None, position: Position | str | None = None) -> Position:
    """The start of a :class:`Board` or a game: a ruleset's start, or a position (or its text),
    which must then be of ``ruleset`` if that is given too."""
    if isinstance(ruleset, Position) or (isinstance(ruleset, str) and " " in ruleset.strip()):
        if position is not None:
            raise InvalidPositionError("give a ruleset and a position, or a position alone")
        ruleset, position = None, ruleset
    if isinstance(position, str):
        position = Position.from_text(position)
    if position is None:
        return Position.start(ruleset or "assault")
    if not isinstance(position, Position):
        raise InvalidPositionError(f"a position must be a Position or its text, not {type(position).__name__}")
    if ruleset is not None and find_ruleset(ruleset).name != position.ruleset:
        raise InvalidPositionError(f"the position is of the {position.ruleset} ruleset, not {ruleset}")
    return position


def _begins(move: Move, clicked: list[str]) -> bool:
    """Whether the points clicked so far begin ``move``: its path in order, or placed points in any order."""
    if move.place:
        return len(set(clicked)) == len(clicked) and all(p in move.place for p in clicked)
    return list(move.path[: len(clicked)]) == clicked


def _as_move(move: Move | str) -> Move:
    """A move given as a :class:`Move` or its text; anything else is a :class:`NotationError`
    (a Move made by hand with fields that are not point names too)."""
    if isinstance(move, Move):
        names = move.path + move.place if isinstance(move.path, tuple) and isinstance(move.place, tuple) else None
        if names is None or not all(isinstance(p, str) for p in names) or not isinstance(move.huff, (str, type(None))):
            raise NotationError("a Move's path and placement must be tuples of point names, its huff text or None")
        return move
    return Move.parse(move)  # refuses what is not text with a clear message


def _texts(value: object, what: str, kind: str) -> list[str]:
    """A list (or tuple or set) of texts, else a :class:`NotationError` naming ``what``."""
    if not isinstance(value, (list, tuple, set)) or not all(isinstance(v, str) for v in value):
        raise NotationError(f"{what} must be a list of {kind}, not {quote(value)}")
    return list(value)


def _clicks(clicked: object, huff: object) -> tuple[list[str], str | None]:
    """The clicked points and the huff chosen, checked: a list of point names and a text or None."""
    if huff is not None and not isinstance(huff, str):
        raise NotationError(f"the huff must be an officer's point or None, not {quote(huff)}")
    return _texts(clicked, "the clicked points", "point names"), huff
