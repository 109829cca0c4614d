"""The bot lab's referee: the rules and the board's drawing for the lab page, on MicroPython in a
worker of its own (referee-worker.js), up in a fraction of a second as the game page is; the bots
alone need Pyodide. Each bot's worker (host.py, on Pyodide) carries its game's board on with
:func:`board_after` too.

The page calls these functions with JSON text and reads JSON text back.
"""

import json

from asalto_core import AsaltoError, Board
from asalto_core.ratings import ranking

_last: list = [None, [], None]  # the last game asked about: its ruleset, its moves, its board


def board_after(ruleset, moves):
    """The board after ``moves`` (JSON), to read and not to change (a caller changes a copy). A
    game's calls come ply after ply, so the last call's board is carried on by the moves added
    since: played from the start each time, a long game's calls grew with its length."""
    moves = json.loads(moves)
    last_ruleset, last_moves, board = _last
    if board is None or last_ruleset != ruleset or moves[: len(last_moves)] != last_moves:
        board, last_moves = Board(ruleset), []
    _last[:] = [None, [], None]  # until the moves below are played: a bad one leaves nothing half-done
    for move in moves[len(last_moves) :]:
        board.push(move)
    _last[:] = [ruleset, moves, board]
    return board


def view(ruleset, moves, clicked, hints=True, players="[]"):
    """What the page draws and asks: the board (with ``hints``, for a player to move: the points
    clicked and those that may follow marked), whose turn, the result, the move the clicks complete,
    and how far Undo takes back for the sides ``players`` play (:func:`undo_target`)."""
    board = board_after(ruleset, moves)
    clicked = json.loads(clicked)
    done = board.outcome()
    nxt = [] if done else board.next_points(clicked)
    move = None if done or not clicked else board.move_for(clicked)
    last = board.peek()
    arrows = [str(last)] if last and not last.null else []
    return json.dumps(
        {
            "svg": board.svg(highlight=clicked + nxt if hints else [], arrows=arrows),
            "turn": board.turn,
            "winner": done.winner if done else None,
            "reason": done.reason if done else "",
            "outcome": done.describe() if done else "",
            "next": nxt,
            "move": str(move) if move else None,
            "passes": board.rules.forfeit == "passes",
            "only_pass": not done and [str(m) for m in board.legal_moves] == ["--"],
            "plies": len(board.move_stack),
            "undo": undo_target(board.copy(), json.loads(players)),
        }
    )


def undo_target(board, players):
    """The number of moves Undo keeps: those before the players' last move that was no pass, past
    the bots' replies and any pass (the lab plays a forced pass again at once); None if none."""
    while board.move_stack:
        move = board.pop()
        if board.turn in players and not move.null:
            return len(board.move_stack)
    return None


def check(ruleset, moves, text):
    """A bot's move checked: its written form if legal, else why not (illegal or no move at all)."""
    board = board_after(ruleset, moves).copy()
    try:
        move = board.push(text)
    except AsaltoError as err:
        kind = "illegal" if type(err).__name__ == "IllegalMoveError" else "malformed"
        return json.dumps({"ok": False, "kind": kind, "error": str(err)})
    return json.dumps({"ok": True, "move": str(move)})


def table(results, bots):
    """The tournament's table (:func:`asalto_core.ratings.ranking`, as ``asalto tournament`` reports
    it): each entrant's rank, score, Elo with its 95% error bar, and its row of the crosstable."""
    return json.dumps(ranking(json.loads(results), json.loads(bots)))
