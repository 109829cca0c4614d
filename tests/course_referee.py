"""A referee for the course's rules, written from the rules as issue 40 states them and the
course's testing script's flow (issue 53), on the course's own board: a 7x7 list of lists of
``'O'``, ``'R'``, ``'.'`` and ``' '`` (off the board), row 0 at the fortress's end; a move is a list
of ``[row, column]`` points.

It shares no code with the engine (no import of asalto_core): the tests play it beside the
engine's ``course`` ruleset move by move. The rules, as written:

- Officers start at (1,2) and (1,4); 24 rebels fill every point outside the fortress (rows 0-2,
  columns 2-4); rebels move first.
- Lines: orthogonal neighbours; diagonals only from points whose row and column have the same parity.
- A rebel steps one point along a line, never to a higher row number; a rebel left of column 3
  never steps further left, one right of it never further right. Rebels never jump.
- An officer steps one point along any line, or captures by jumping a rebel on a line to the empty
  point beyond; it may jump again, and stop after any jump.
- A plain step while any officer could capture is not made: the first officer able to capture (the
  mover first, then the others in reading order) is removed, and the turn passes.
- Any other illegal or malformed move passes the turn, at any turn and for nothing (the script's
  penalty compares each side's count with itself): a pass is one more move of each side.
- After each legal move, and only then (never after a huff or a pass): officers win when fewer than
  9 rebels remain; rebels win when all 9 fortress points hold rebels, or when no officer can step or
  capture. After 1000 rounds (a rebel turn and an officer turn) nobody wins.
"""

from __future__ import annotations

import copy

FORTRESS = [(r, c) for r in range(3) for c in range(2, 5)]
ROUNDS = 1000


def on_board(r: int, c: int) -> bool:
    return 0 <= r < 7 and 0 <= c < 7 and (2 <= r <= 4 or 2 <= c <= 4)


def start() -> list[list[str]]:
    board = [["R" if on_board(r, c) else " " for c in range(7)] for r in range(7)]
    for r, c in FORTRESS:
        board[r][c] = "."
    board[1][2] = board[1][4] = "O"
    return board


def directions(r: int, c: int) -> list[tuple[int, int]]:
    """The line directions from (r, c): four orthogonal, and the diagonals where r and c share parity."""
    out = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if r % 2 == c % 2:
        out += [(-1, -1), (-1, 1), (1, -1), (1, 1)]
    return out


def rebel_moves(board: list[list[str]]) -> list[list[list[int]]]:
    out = []
    for r in range(7):
        for c in range(7):
            if board[r][c] != "R":
                continue
            for dr, dc in directions(r, c):
                nr, nc = r + dr, c + dc
                if not on_board(nr, nc) or board[nr][nc] != ".":
                    continue
                if nr > r or (c < 3 and nc < c) or (c > 3 and nc > c):
                    continue
                out.append([[r, c], [nr, nc]])
    return out


def jumps(board: list[list[str]], r: int, c: int) -> list[list[list[int]]]:
    """Every capture by the officer on (r, c): each chain and each of its beginnings."""
    out = []

    def extend(b: list[list[str]], path: list[list[int]]) -> None:
        pr, pc = path[-1]
        for dr, dc in directions(pr, pc):
            mr, mc, tr, tc = pr + dr, pc + dc, pr + 2 * dr, pc + 2 * dc
            if on_board(tr, tc) and b[mr][mc] == "R" and b[tr][tc] == ".":
                nb = copy.deepcopy(b)
                nb[pr][pc], nb[mr][mc], nb[tr][tc] = ".", ".", "O"
                out.append(path + [[tr, tc]])
                extend(nb, path + [[tr, tc]])

    extend(board, [[r, c]])
    return out


def officers(board: list[list[str]]) -> list[tuple[int, int]]:
    """The officers in reading order."""
    return [(r, c) for r in range(7) for c in range(7) if board[r][c] == "O"]


def officer_moves(board: list[list[str]]) -> list[list[list[int]]]:
    out = []
    for r, c in officers(board):
        out += jumps(board, r, c)
        for dr, dc in directions(r, c):
            nr, nc = r + dr, c + dc
            if on_board(nr, nc) and board[nr][nc] == ".":
                out.append([[r, c], [nr, nc]])
    return out


def moves(board: list[list[str]], side: str) -> list[list[list[int]]]:
    return rebel_moves(board) if side == "rebels" else officer_moves(board)


def play(board: list[list[str]], side: str, move: object) -> tuple[list[list[str]], str]:
    """The board after ``side`` plays ``move``, and what happened: ``'moved'``, ``'huffed'``
    (a step while a capture was possible: an officer removed instead) or ``'passed'`` (illegal)."""
    board = copy.deepcopy(board)
    if move not in moves(board, side):
        return board, "passed"
    assert isinstance(move, list)
    (r, c), (nr, nc) = move[0], move[1]
    if side == "officers" and abs(nr - r) <= 1 and abs(nc - c) <= 1:
        able = [p for p in officers(board) if jumps(board, *p)]
        if able:
            gone = (r, c) if (r, c) in able else able[0]
            board[gone[0]][gone[1]] = "."
            return board, "huffed"
    piece = board[r][c]
    for (pr, pc), (qr, qc) in zip(move, move[1:], strict=False):
        board[pr][pc] = "."
        if abs(qr - pr) == 2 or abs(qc - pc) == 2:
            board[(pr + qr) // 2][(pc + qc) // 2] = "."
        board[qr][qc] = piece
    return board, "moved"


def winner(board: list[list[str]]) -> str | None:
    """The script's check, made after each legal move (a huff or a pass is none)."""
    if sum(row.count("R") for row in board) < 9:
        return "officers"
    if all(board[r][c] == "R" for r, c in FORTRESS) or not officer_moves(board):
        return "rebels"
    return None


def ends(board: list[list[str]], what: str) -> str | None:
    """Who has won after a turn that did ``what`` (``play``'s answer): checked after a legal move only."""
    return winner(board) if what == "moved" else None


def perft(board: list[list[str]], side: str, depth: int, over: bool = False) -> int:
    """Leaf positions ``depth`` plies on; every turn may pass (one move more), a won game has none."""
    if depth == 0:
        return 1
    if over:
        return 0
    other = "officers" if side == "rebels" else "rebels"
    total = perft(board, other, depth - 1)  # the pass
    for m in moves(board, side):
        after, what = play(board, side, m)
        total += perft(after, other, depth - 1, ends(after, what) is not None)
    return total


def forces_win(board: list[list[str]], side: str, who: str, plies: int) -> bool:
    """Whether ``who`` can force a win within ``plies`` plies from ``board`` with ``side`` to move (the
    game not over), every defence tried, passes included: a plain AND-OR search, remembered per position."""
    known: dict[tuple[str, str, int], bool] = {}

    def go(board: list[list[str]], side: str, n: int) -> bool:
        key = ("".join("".join(row) for row in board), side, n)
        if key in known:
            return known[key]
        other = "officers" if side == "rebels" else "rebels"
        result = False
        if n > 0:
            children = [(board, "passed")] + [play(board, side, m) for m in moves(board, side)]
            wins = [ends(after, what) == who or (ends(after, what) is None and go(after, other, n - 1))
                    for after, what in children]  # fmt: skip
            result = any(wins) if side == who else all(wins)
        known[key] = result
        return result

    return go(board, side, plies)


def play_game(rebel: object, officer: object, board: list[list[str]] | None = None) -> tuple[str | None, int, int]:
    """A game as the course's script plays it: rebels first, each bot given a copy of the board;
    an exception loses; an illegal answer passes (a malformed one too: the script itself would crash);
    a win is checked after each legal move only; after 1000 rounds nobody wins. The winner
    (``'rebels'``, ``'officers'`` or None), the rounds played and the passes (illegal answers)."""
    board = start() if board is None else board
    passes = 0
    for rounds in range(1, ROUNDS + 1):
        for side, bot in (("rebels", rebel), ("officers", officer)):
            ask = bot.play_rebel if side == "rebels" else bot.play_officer  # type: ignore[attr-defined]
            try:
                move = ask(copy.deepcopy(board))
            except Exception:  # noqa: BLE001 - the script's own rule: a bot that raises loses
                return ("officers" if side == "rebels" else "rebels"), rounds, passes
            board, what = play(board, side, move)
            passes += what == "passed"
            if ends(board, what):
                return ends(board, what), rounds, passes
    return None, ROUNDS, passes
