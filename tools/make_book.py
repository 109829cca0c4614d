#!/usr/bin/env python3
"""Write the opening books, ``pkg/asalto_core/books/<ruleset>.json`` (see asalto_core.book).

    python tools/make_book.py                    every named ruleset
    python tools/make_book.py assault citadelle  only these
    python tools/make_book.py --jobs 2           searches on two cores
    python tools/make_book.py --table            the table of the books' sizes in docs/playing.md

Every position the computer can meet in its first ``book.MOVES`` moves, as either side, is
searched: the strongest level with a node budget (so the answer is the same on every machine and
interpreter), and a full-width search for the moves almost as good. The opponent's every move is
followed; the computer's, only its book move (a weaker level that strays from it leaves the
book, and searches). tests/test_book.py imports :func:`entry` to search a sample again.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "pkg"))

from asalto_core import __version__  # noqa: E402 - after the path is set
from asalto_core.ai import best_move  # noqa: E402
from asalto_core.book import MOVES, WIDEST_MARGIN, Book, position_key  # noqa: E402
from asalto_core.notation import move_from_raw  # noqa: E402
from asalto_core.position import Position  # noqa: E402
from asalto_core.rulesets import RULESET_NAMES  # noqa: E402
from asalto_core.search import WON, Searcher  # noqa: E402

BOOKS = ROOT / "pkg" / "asalto_core" / "books"
NODES = 120_000  # the strongest level's three seconds on a phone's Pyodide (about 40,000 nodes/s)
WIDE_DEPTH, WIDE_NODES = 4, 40_000  # the full-width search that scores the alternatives (casual's depth)


def entry(text: str) -> list:
    """A position's book entry: [move, score, depth, [[move, worse by], ...]]."""
    position = Position.from_text(text)
    best = best_move(position, "strongest", node_limit=NODES)
    searcher, last = Searcher(position.ruleset), None
    for r in searcher.iterate(position.state, max_depth=WIDE_DEPTH, node_limit=WIDE_NODES, full_width=True):
        if r is not None:
            last = r
    others = []
    if last is not None:
        top = max(s for _, s in last.scores)
        side, g = position.state[2], position.geometry
        for raw, s in last.scores:
            move = str(move_from_raw(g, raw, side))
            if move != str(best.move) and top - s <= WIDEST_MARGIN and s > -WON:
                others.append([move, top - s])
        others.sort(key=lambda o: (o[1], o[0]))
    return [str(best.move), best.score, best.depth, others]


def positions_to_search(ruleset: str, book: dict[str, list]) -> list[str]:
    """The positions of the next round: the computer's, reached through the book moves found so far."""
    wanted: dict[str, str] = {}
    for side in ("officers", "rebels"):
        frontier = [(Position.start(ruleset), 0)]  # a position, and the computer's moves played to reach it
        while frontier:
            nxt: dict[str, tuple[Position, int]] = {}
            for p, done in frontier:
                if p.outcome() or not p.legal_moves:
                    continue
                if p.turn != side:
                    for m in p.legal_moves:
                        q = p.play(m)
                        nxt[position_key(q)] = (q, done)
                    continue
                key = position_key(p)
                if done == MOVES:
                    continue
                if key not in book:
                    wanted[key] = p.text()
                    continue
                q = p.play(book[key][0])
                nxt[position_key(q)] = (q, done + 1)
            frontier = list(nxt.values())
    return sorted(wanted.values())


def make(ruleset: str, pool: ProcessPoolExecutor) -> Book:
    book: dict[str, list] = {}
    while True:
        todo = positions_to_search(ruleset, book)
        if not todo:
            break
        for text, found in zip(todo, pool.map(entry, todo), strict=True):
            book[position_key(Position.from_text(text))] = found
    provenance = {
        "engine": __version__,
        "moves": MOVES,
        "nodes": NODES,
        "wide": {"depth": WIDE_DEPTH, "nodes": WIDE_NODES, "margin": WIDEST_MARGIN},
        "made": datetime.date.today().isoformat(),
    }
    return Book(ruleset, book, provenance)


def table() -> str:
    """docs/playing.md's table: each ruleset's book, its positions and its file's size."""
    from asalto_core.book import load

    rows = ["| ruleset | positions | size |", "|---|---|---|"]
    positions = total = 0
    for ruleset in RULESET_NAMES:
        n = len(load(ruleset) or ())
        size = (BOOKS / f"{ruleset}.json").stat().st_size
        positions, total = positions + n, total + size
        rows.append(f"| `{ruleset}` | {n} | {size / 1000:.1f} KB |")
    rows.append(f"| all | {positions} | {total / 1000:.0f} KB |")
    return "\n".join(rows) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rulesets", nargs="*", default=list(RULESET_NAMES))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--table", action="store_true", help="print docs/playing.md's table and stop")
    args = parser.parse_args()
    if args.table:
        print(table(), end="")
        return
    BOOKS.mkdir(exist_ok=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        for ruleset in args.rulesets:
            t = time.perf_counter()
            book = make(ruleset, pool)
            (BOOKS / f"{ruleset}.json").write_text(book.to_json())
            print(f"{ruleset}: {len(book)} positions in {time.perf_counter() - t:.0f} s", flush=True)


if __name__ == "__main__":
    main()
