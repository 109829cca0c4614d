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


def view(ruleset, moves, clicked, hints=True):
    """What the page draws and asks: the board (with ``hints``, for a player to move: the points
    clicked and those that may follow marked), whose turn, the result, the move the clicks complete."""
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
            "plies": len(board.move_stack),
        }
    )


def check(ruleset, moves, text):
    """A bot's move checked: its written form if legal, else why not (illegal or no move at all)."""
    board = _board(ruleset, moves)
    try:
        move = board.push(text)
    except AsaltoError as err:
        kind = "illegal" if type(err).__name__ == "IllegalMoveError" else "malformed"
        return json.dumps({"ok": False, "kind": kind, "error": str(err)})
    return json.dumps({"ok": True, "move": str(move)})
