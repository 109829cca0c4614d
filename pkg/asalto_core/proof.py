"""Checking the AI's verdicts: is an announced forced win really forced, by the rules alone?

The AI announces "Rebels win in 5" from a search that reduces, orders and remembers; a bug in any of
those can make a false verdict (issue 15). :func:`forces_win` decides the question apart from the AI:
a plain AND-OR search over the rules kernel's own moves and game end, every defence tried.
:func:`check_announcement` plays the announced line out on a :class:`~asalto_core.position.Board`
and asks the prover. The tests and ``bench/verdicts.py`` both use it.

>>> from asalto_core.movegen import REBELS
>>> from asalto_core.position import Position
>>> p = Position.from_text("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52")
>>> forces_win("assault", p.state, REBELS, 7), forces_win("assault", p.state, REBELS, 5)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .movegen import OFFICERS, PLACING, Kernel, kernel
from .position import Board, Position

if TYPE_CHECKING:
    from .ai import Analysis
    from .movegen import RawMove, State

__all__ = ["Check", "Memo", "OutOfProof", "check_announcement", "forces_win"]


class OutOfProof(Exception):
    """The prover's node budget ran out before the question was settled."""


class Memo:
    """What the prover learnt about one ruleset and winner, kept between questions: per position
    the fewest plies known to win and the most known not to. Questions about nearby positions (a
    game's last plies, a line's moves, a win asked in 1, 3, 5 plies) share most of their trees,
    and every entry is a settled fact, so reusing it never changes an answer, only its cost."""

    def __init__(self, ruleset: str, winner: int) -> None:
        self.ruleset = ruleset
        self.winner = winner
        self.won: dict[State, int] = {}
        self.not_won: dict[State, int] = {}

    def __len__(self) -> int:
        return len(self.won) + len(self.not_won)


def forces_win(
    ruleset: str,
    state: State,
    winner: int,
    plies: int,
    *,
    hints: dict[State, RawMove] | None = None,
    budget: int | None = None,
    memo: Memo | None = None,
) -> bool:
    """Whether ``winner`` can force the game's end in its favour within ``plies`` plies.

    Plain AND-OR search on the kernel's own moves and game end, nothing from the AI. The kernel
    knows no repetition draw (a Board's rule): the AI scores any repeated position as a draw, so
    it never counts on one, and :func:`check_announcement` plays the line on a Board. ``hints`` (a
    position -> the winner's move to try first, e.g. the announced line) and moves that end the
    game at once only change the order the winner's moves are tried in, never the answer.
    ``budget`` caps the positions visited: past it :class:`OutOfProof` is raised. ``memo`` (of
    the same ruleset and winner) carries what earlier questions settled into this one.
    """
    k = kernel(ruleset)
    hints = hints or {}
    if memo is None:
        memo = Memo(ruleset, winner)
    elif (memo.ruleset, memo.winner) != (ruleset, winner):
        raise ValueError(f"a memo of {memo.ruleset} for side {memo.winner} asked about {ruleset} for side {winner}")
    # Per position, the fewest plies known to win and the most known not to: a win in 3 is a win in 5.
    won, not_won = memo.won, memo.not_won
    visited = [0]

    def go(state: State, n: int) -> bool:
        if won.get(state, n + 1) <= n:
            return True
        if not_won.get(state, -1) >= n:
            return False
        visited[0] += 1
        if budget is not None and visited[0] > budget:
            raise OutOfProof
        if n == 0:  # a leaf: only whether the game is over, without listing the moves
            done = k.decided(state) or (None if k.can_move(state) else k.outcome(state, []))
            result = done is not None and done[0] == winner
        else:
            moves = k.moves(state)
            done = k.outcome(state, moves)
            if done:
                result = done[0] == winner
            elif (OFFICERS if state[2] == PLACING else state[2]) == winner:
                result = any(go(k.play(state, m), n - 1) for m in _winner_order(k, state, moves, winner, hints))
            else:
                result = all(go(k.play(state, m), n - 1) for m in moves)
        if result:
            won[state] = min(n, won.get(state, n))
        else:
            not_won[state] = max(n, not_won.get(state, n))
        return result

    return go(state, plies)


def _winner_order(
    k: Kernel, state: State, moves: list[RawMove], winner: int, hints: dict[State, RawMove]
) -> list[RawMove]:
    """The hinted move first, then moves that win on the spot, then the rest as generated."""
    hint = hints.get(state)
    play, decided = k.play, k.decided

    def key(m: RawMove) -> int:
        if m == hint:
            return 0
        done = decided(play(state, m))
        return 1 if done and done[0] == winner else 2

    return sorted(moves, key=key)


@dataclass(frozen=True)
class Check:
    """What checking one announcement found, and why: ``verdict`` is one of

    - ``proved``: the prover confirms it against every defence;
    - ``played``: the line ends the game as announced, the prover was not asked or ran out of budget;
    - ``unproved``: the line stops short of the end and the prover ran out of budget;
    - ``false``: a bug in the AI (an illegal or wrong line, or a defence the prover found).
    """

    verdict: str
    reason: str


def check_announcement(
    game: Position | Board,
    analysis: Analysis,
    *,
    prove: bool = True,
    budget: int | None = None,
) -> Check:
    """Check a forced result the AI announced in ``game``'s position (``analysis.mate`` is set).

    The line is played out on a Board (a copy of ``game`` when it is one, so that a repetition
    draw with the game's earlier positions counts): every move legal, no move after the end,
    and if it reaches the end, the announced winner in the announced number of plies. Then,
    or only when the line stops short of the end (the transposition table lost the rest) with
    ``prove=False``, :func:`forces_win` proves that the winner forces the end in time.
    """
    if analysis.mate is None:
        raise ValueError("no forced result announced")
    board = game.copy() if isinstance(game, Board) else Board(game)
    position = board.position
    mover = OFFICERS if position.state[2] == PLACING else position.state[2]
    winner = mover if analysis.mate > 0 else 1 - mover
    plies = abs(analysis.mate)
    hints: dict[State, RawMove] = {}
    for move in analysis.pv:
        if board.is_game_over():
            return Check("false", f"the line goes on after the end at {move}")
        try:
            hints[board.position.state] = board.position.find_raw(move)
        except ValueError as e:
            return Check("false", f"illegal move in the line: {e}")
        board.push(move)
    end = board.outcome()
    side = ("officers", "rebels")[winner]
    if end is not None:
        if (end.winner, len(analysis.pv)) != (side, plies):
            return Check("false", f"the line ends with {end.winner or 'a draw'} after {len(analysis.pv)} plies")
        if not prove:
            return Check("played", "the line ends the game as announced")
    elif len(analysis.pv) >= plies:
        return Check("false", "the line is past the announced end")
    try:
        if forces_win(position.ruleset, position.state, winner, plies, hints=hints, budget=budget):
            return Check("proved", f"{side} force the end within {plies} plies against every defence")
    except OutOfProof:
        if end is not None:
            return Check("played", "the line ends the game as announced; the proof ran out of budget")
        return Check("unproved", "the line stops short of the end and the proof ran out of budget")
    return Check("false", f"the prover finds a defence that holds {plies} plies")
