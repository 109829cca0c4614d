"""The bot lab's Python, run in each of the lab's Pyodide workers: the referee (the rules and the
board's drawing, for the page) or one bot (a loaded file, an example or a level), never on the page.

The page calls these functions with JSON text and reads JSON text back; a bot's failures are read
as the arena reads them (:func:`asalto_core.engine.go`), so the lab and ``asalto match`` agree.
"""

import json
import types

from asalto_core import AsaltoError, Board
from asalto_core.bots import from_module, load
from asalto_core.engine import go, guarded
from asalto_core.ratings import ranking

_bot = []


def _board(ruleset, moves):
    board = Board(ruleset)
    for move in json.loads(moves):
        board.push(move)
    return board


def load_bot(name, source):
    """Load the bot: ``source`` (a file's text) or, when empty, the bot ``name`` names (a level, an example)."""
    try:
        if source:
            module = types.ModuleType("lab_bot")
            module.__file__ = name
            exec(compile(source, name, "exec"), module.__dict__)
            bot = from_module(module, name)
        else:
            bot = load(name)
    except Exception as err:  # the bot's own failure to load is shown as it is
        return json.dumps({"ok": False, "error": f"{type(err).__name__}: {err}"})
    _bot[:] = [bot]
    return json.dumps({"ok": True})


def new_game(ruleset, side):
    return json.dumps(guarded(lambda: _bot[0].new_game(ruleset, side)))


def choose(ruleset, moves, seconds):
    """The protocol's answer lines: ``info time MS`` and ``bestmove MOVE``, or one ``fault`` line."""
    return json.dumps(go(_bot[0], _board(ruleset, moves), seconds))


def view(ruleset, moves, clicked, hints=True, players="[]"):
    """What the page draws and asks: the board (with ``hints``, for a player to move: the points
    clicked and those that may follow marked), whose turn, the result, the move the clicks complete,
    and how far Undo takes back for the sides ``players`` play (:func:`undo_target`)."""
    board = _board(ruleset, moves)
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
    board = _board(ruleset, moves)
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
