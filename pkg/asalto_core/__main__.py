"""Command line: ``python -m asalto_core perft|rules ...``."""

from __future__ import annotations

import argparse
import sys
import time

from .errors import AsaltoError
from .perft import perft
from .position import Position
from .rulesets import RULESETS, rules_markdown


def _perft(args: argparse.Namespace) -> None:
    position = Position.from_text(args.position) if args.position else Position.start(args.ruleset)
    started = time.perf_counter()
    leaves = 0
    for depth in range(1, args.depth + 1):
        leaves = perft(position, depth)
        print(depth, leaves, flush=True)
    seconds = time.perf_counter() - started
    print(f"time {seconds:.3f} s, {leaves / max(seconds, 1e-9):,.0f} leaves/s (depth {args.depth})")


def _rules(args: argparse.Namespace) -> None:
    if args.markdown:
        print(rules_markdown(), end="")
        return
    for rs in RULESETS.values():
        print(f"{rs.name}: {rs.title} ({rs.source})")
        for label, text in rs.summary():
            print(f"  {label}: {text}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m asalto_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count positions N plies deep, one line per depth")
    p.add_argument("--ruleset", default="assault", choices=sorted(RULESETS))
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--position", help="start from this position text instead")
    p.set_defaults(run=_perft)
    r = sub.add_parser("rules", help="list the rulesets with their sources and options")
    r.add_argument("--markdown", action="store_true", help="as the README's rules section")
    r.set_defaults(run=_rules)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except AsaltoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
