"""Command line: ``python -m asalto_core perft|rules|diagram ...``."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import svg
from .errors import AsaltoError, NotationError
from .geometry import BOARDS
from .notation import Move
from .perft import perft
from .position import Position
from .record import Game
from .rulesets import RULESETS, find_ruleset, rules_markdown


def _perft(args: argparse.Namespace) -> None:
    position = Position.from_text(args.position) if args.position else Position.start(find_ruleset(args.ruleset).name)
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


def _diagram_position(args: argparse.Namespace) -> tuple[Position, str]:
    """The position to draw and its default title, from --position, --record/--ply or --ruleset."""
    if args.position and args.record:
        raise NotationError("give either --position or --record, not both")
    if args.record:
        try:
            text = Path(args.record).read_text(encoding="utf-8")
        except OSError as err:
            raise NotationError(f"cannot read the record {args.record!r}: {err.strerror}") from None
        game = Game.from_record(text)
        ply = len(game.moves) if args.ply is None else args.ply
        if not 0 <= ply <= len(game.moves):
            raise NotationError(f"--ply {ply} is outside the record, which has {len(game.moves)} moves")
        game.go_to(ply)
        return game.board.position, f"{game.start.ruleset}, after {ply} moves"
    if args.ply is not None:
        raise NotationError("--ply needs --record")
    if args.position:
        position = Position.from_text(args.position)
        return position, position.text()
    return Position.start(find_ruleset(args.ruleset).name), f"{args.ruleset}, start"


def _split(text: str | None) -> list[str]:
    """A comma- (or space-) separated option as a list."""
    return [t for t in (text or "").replace(" ", ",").split(",") if t]


def _diagram(args: argparse.Namespace) -> None:
    position, title = _diagram_position(args)
    rules = position.rules
    geometry = BOARDS[rules.board]
    arrows = _split(args.arrows)
    for a in arrows:
        Move.parse(a)  # the syntax; then every point must be on this board
        for p in svg.move_points(a):
            geometry.point(p)
    highlight = _split(args.highlight)
    for p in highlight:
        geometry.point(p)
    text = svg.board(
        geometry.to_json(),
        position.pieces(),
        flipped=args.flip,
        marked_lines=rules.marked_lines,
        coords=args.coords,
        arrows=arrows,
        highlight=highlight,
        title=args.title if args.title is not None else title,
    )
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as err:
            raise NotationError(f"cannot write {args.output!r}: {err.strerror}") from None
    else:
        sys.stdout.write(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m asalto_core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count positions N plies deep, one line per depth")
    p.add_argument("--ruleset", default="assault", help="a ruleset, or house rules such as asalto:first=officers")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--position", help="start from this position text instead")
    p.set_defaults(run=_perft)
    r = sub.add_parser("rules", help="list the rulesets with their sources and options")
    r.add_argument("--markdown", action="store_true", help="as the README's rules section")
    r.set_defaults(run=_rules)
    d = sub.add_parser("diagram", help="draw a position as SVG (the page's drawing code), for print")
    d.add_argument("--ruleset", default="assault", help="its start position by default (house rules too)")
    d.add_argument("--position", help="a position text")
    d.add_argument("--record", help="a game record file; the position after --ply moves (default: the last)")
    d.add_argument("--ply", type=int, help="how many moves of the record to play")
    d.add_argument("--arrows", help="moves to draw as arrows, comma-separated: d5xd3xf3,c3-c4")
    d.add_argument("--highlight", help="points to highlight, comma-separated: d4,e5")
    d.add_argument("--flip", action="store_true", help="rank 1 at the top")
    d.add_argument("--coords", action=argparse.BooleanOptionalAction, default=True, help="file and rank labels")
    d.add_argument("--title", help="the SVG's <title> (default: the position)")
    d.add_argument("--output", "-o", help="write to this file instead of standard output")
    d.set_defaults(run=_diagram)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except AsaltoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
