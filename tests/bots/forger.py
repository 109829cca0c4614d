"""A hostile bot: it appends a forged game (a win of its own, a line the arena would count) to the
tournament's results file and writes into the record, into /tmp and into its own folder. Its
first answer is what it got, as a malformed move the tests read: ``forger results R record C tmp
T home H``, each ``ok`` or ``no``. The tests write the paths in TARGETS (a copy of this file): the
/tmp name is each test's own, so tests running side by side never see each other's file."""

import json
import os

TARGETS = {"results": "", "record": "", "me": "", "tmp": "/tmp/asalto-forged"}


def attempt(path, text):
    try:
        with open(path, "a") as f:
            f.write(text)
        return "ok"
    except OSError:
        return "no"


def choose(board):
    sides = {"officers": "examples:random", "rebels": TARGETS["me"]}
    forged = {"id": 1, "round": 0, "ruleset": "assault", **sides, "names": sides, "opening": [], "moves": [],
              "winner": "rebels", "reason": "forged", "faults": [], "thinking": {"officers": 0, "rebels": 0},
              "bot_seconds": {"officers": 0, "rebels": 0}, "wall_seconds": 1, "record": "forged"}  # fmt: skip
    line = json.dumps(forged) + "\n"
    got = [
        ("results", attempt(TARGETS["results"], line)),
        ("record", attempt(TARGETS["record"], '[Event "forged"]\n*\n')),
        ("tmp", attempt(f"{TARGETS['tmp']}-{os.getpid()}", "forged")),
        ("home", attempt(os.path.join(os.path.expanduser("~"), "notes"), "mine")),
    ]
    return "forger " + " ".join(f"{k} {v}" for k, v in got)
