"""Each reader's work and time for an input and for 16 times that input, on CPython and MicroPython.

A reader linear in its input does about 16 times the work for the larger one; a quadratic one
about 256 times. :func:`counts` counts the work (the Python lines the reader runs, through
``sys.settrace``): the same figures on every run however busy the machine, so the tests judge by
them. :func:`report` times it, for the figures only. Both run on both interpreters
(``tests/micropython.py`` runs them on node's MicroPython, its build with ``sys.settrace`` for
the counts) and use only what the page's MicroPython has.
"""

import gc
import sys
import time

from asalto_core import Game
from asalto_core.embed import read_params
from asalto_core.record import split_comment
from asalto_core.session import Session

# House rules under which the rebels may step back and no position repeats into a draw: the
# four moves of CYCLE come back to the start, so a line can be as long as a shape needs.
LONG = "assault:rebels=any,repetition=off"
CYCLE = ("d4-d5", "c5-c6", "d5-d4", "c6-c5")


def now_ms():
    """Milliseconds from some fixed point (MicroPython has no perf_counter)."""
    ticks = getattr(time, "ticks_us", None)
    return ticks() / 1000 if ticks else time.perf_counter() * 1000


def long_game(plies):
    game = Game(LONG)
    for i in range(plies):
        game.play(CYCLE[i % 4])
    return game


def comments(n):
    text = '[Ruleset "assault"]\n\n1. d4-d5 ' + "{c} " * n + "*"
    return len(text), lambda: Game.from_record(text)


def parens(n):
    text = '[Ruleset "assault"]\n\n1. d4-d5 ' + "()" * n + " *"
    return len(text), lambda: Session.from_text(text)


def main_line(n):
    text = long_game(n).record()
    return len(text), lambda: Session.from_text(text)


def side_line_frames(n):
    """One side line of ``n`` plies (replacing the main line's second move): the embed's frames."""
    game = Game(LONG)
    game.play("d4-d5")
    game.play("e5-e6")
    game.go_to_path((1,))
    for i in range(n):
        game.play(CYCLE[(i + 1) % 4], branch=True)
    session = Session(game)
    return n, session.variation_frames


def side_line_clicks(n):
    """Ten clicks back and forth between two moves of a side line at the end of ``n`` plies."""
    game = long_game(n)
    game.go_to_path((n - 1,))
    other = [str(m) for m in game.board.legal_moves if str(m) != str(game.moves[n - 1])]
    game.play(other[0], branch=True)
    at = game.path
    game.play(str(next(iter(game.board.legal_moves))), branch=True)
    session = Session(game)

    def clicks():
        for _ in range(5):
            session.go_to_path(at)
            session.go_to_path(at[:-1] + (2,))

    return n, clicks


def highlight(n):
    text = ",".join(["d4"] * n)
    return len(text), lambda: read_params({"highlight": text, "arrows": text, "answer": text}, ["assault"])


def marks(n):
    """A comment of n arrow commands, as the page reads it each time its move is shown."""
    text = " ".join(["[%arrows d4-d5] word"] * n)
    return len(text), lambda: split_comment(text)


def escapes(n):
    """One comment of n escaped braces before a move (900 kB of them once took minutes)."""
    text = "{" + "x\\}" * n + "} 1. d4-d5 *"
    return len(text), lambda: Game.from_record(text)


SHAPES = (
    ("record: one move, then n comments", comments, 500),
    ("record: a comment of n escaped braces", escapes, 2000),
    ("record: one move, then n '()'", parens, 1000),
    ("record: a main line of n plies", main_line, 200),
    ("embed: a side line of n plies (variation_frames)", side_line_frames, 100),
    ("page: 10 clicks in a side line after n plies", side_line_clicks, 200),
    ("embed: highlight, arrows, answer of n items", highlight, 2000),
    ("page: a comment of n arrow commands (split_comment)", marks, 500),
)


def measure(make, n, runs=1):
    """The input's size and the reader's milliseconds for it (the mean of ``runs``)."""
    size, work = make(n)
    start = now_ms()
    for _ in range(runs):
        work()
    return size, (now_ms() - start) / runs


def report(factor=16, only=None):
    """[[shape, size, ms, size x factor, ms, ratio]] per shape (the ratio is 16 for a linear reader).

    The small input is read ``factor`` times, as long as the large one takes when linear: a busy
    machine slows both alike (a single short read could miss the other processes' turns)."""
    rows = []
    for name, make, n in SHAPES:
        if only and only not in name:
            continue
        small, t1 = measure(make, n, factor)
        large, t16 = measure(make, n * factor)
        rows.append([name, small, round(t1, 1), large, round(t16, 1), round(t16 / max(t1, 0.01), 1)])
    return rows


def lines(work):
    """The Python lines ``work()`` runs: the work it does, counted exactly (sys.settrace's line
    events, on CPython and on MicroPython's settrace build), so two runs give the same figure.
    A line counts once whatever it does inside the interpreter (a slice, a search, MicroPython's
    walk to a non-ASCII text's i-th character): a reader made quadratic that way shows in
    :func:`report`'s times (bench/fuzz.py), not here.

    The garbage collector is run before and kept off during the count: a collection that comes
    during it runs the ``__del__`` of what earlier work left (a finished subprocess's, say) as lines
    of this work (one count 18 lines above the next, in a run of the engine suite)."""
    count = [0]

    def trace(frame, event, arg):
        if event == "line":
            count[0] += 1
        return trace

    previous = sys.gettrace() if hasattr(sys, "gettrace") else None  # MicroPython has no gettrace
    gc.collect()
    gc.disable()
    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(previous)
        gc.enable()
    return count[0]


def verdict(small, large, factor=16):
    """'linear' or 'quadratic', from the work for an input and for ``factor`` times it: the ratio is
    at most about ``factor`` when linear, about ``factor`` squared when quadratic; the line between
    is their geometric mean (64 for 16)."""
    return "linear" if large <= small * factor**1.5 else "quadratic"


def counts(factor=16, only=None, shapes=SHAPES, shrink=1):
    """[[shape, size, lines, size x factor, lines, verdict]] per shape: the work, not the time.

    A count has no noise to rise above, so the inputs can be ``shrink`` times smaller than the
    timings need (MicroPython runs traced code slowly)."""
    rows = []
    for name, make, n in shapes:
        if only and only not in name:
            continue
        n = max(1, n // shrink)
        small, small_lines = warm_lines(make, n)
        large, large_lines = warm_lines(make, n * factor)
        rows.append([name, small, small_lines, large, large_lines, verdict(small_lines, large_lines, factor)])
    return rows


def warm_lines(make, n):
    """The input's size and the lines its reader runs once the caches it fills are full (a first
    read also builds tables and compiles patterns, work the next read does not do)."""
    size, work = make(n)
    work()
    return size, lines(work)


if __name__ == "__main__":
    import argparse  # here only: the page's MicroPython imports this module and has no argparse

    argparse.ArgumentParser(
        description=__doc__ + "\nRun alone, it prints report()'s table (bench/fuzz.py writes it with MicroPython's).",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    ).parse_args()
    print("shape\tsize\tms\tsize x16\tms\tratio")
    for row in report():
        print(*row, sep="\t")
