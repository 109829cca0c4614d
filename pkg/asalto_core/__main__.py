"""The ``asalto`` command (also ``python -m asalto_core``): perft, rules, diagram, play, analyse, and
for bots: engine, match, tournament.

asalto perft --ruleset assault --depth 4
asalto diagram --position "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1" -o start.svg
asalto play --ruleset asalto --computer officers --level casual      (moves from standard input)
asalto analyse "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1" --level strong
asalto engine --bot mybot.py                                        (the engine protocol on stdin/stdout)
asalto tournament level:beginner examples:greedy mybot.py --concurrency 2 --results class.jsonl
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TYPE_CHECKING

from .errors import AsaltoError, NotationError, quote
from .geometry import BOARDS
from .messages import english
from .notation import Move
from .perft import perft
from .position import Board, Position
from .rulesets import RULESET_NAMES, RULESETS, find_ruleset, rules_markdown

if TYPE_CHECKING:
    from collections.abc import Iterator

    from .record import Game

# Each command loads what it needs, on its own path: ``asalto engine``, which the arena starts for
# every bot process, loads neither the drawing code, the game records nor the search its bot does
# not play with (tests/test_arena.py counts the modules), nor pathlib.


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
    for name in RULESET_NAMES:  # the same rows as the page's rules panel, from the English catalog
        rs = RULESETS[name]
        print(f"{rs.name}: {english(rs.title)} ({english(rs.source)})")
        for label, text in rs.summary():
            print(f"  {label}: {text}")


def _diagram_position(args: argparse.Namespace) -> tuple[Position, str, list[str], list[str]]:
    """The position to draw, its default title, and the arrows and points of a record's comment
    there, from --position, --record/--ply or --ruleset."""
    from .record import Game, split_comment, split_games

    if args.position and args.record:
        raise NotationError("give either --position or --record, not both")
    if args.record:
        games = split_games(_read(args.record))
        if not games:
            raise NotationError("the record holds no game")
        if len(games) > 1 and args.chapter is None:
            raise NotationError(
                f"the record holds {len(games)} games (a study's chapters): choose one with --chapter 1 to {len(games)}"
            )
        chapter = 1 if args.chapter is None else args.chapter
        if not 1 <= chapter <= len(games):
            raise NotationError(f"--chapter {chapter}: the record holds {len(games)} games, numbered from 1")
        game = Game.from_record(games[chapter - 1])
        ply = len(game.moves) if args.ply is None else args.ply
        if not 0 <= ply <= len(game.moves):
            raise NotationError(f"--ply {ply} is outside the record, which has {len(game.moves)} moves")
        game.go_to(ply)
        _plain, arrows, points = split_comment(game.comments[ply])
        return game.board.position, f"{game.start.ruleset}, after {ply} moves", arrows, points
    if args.ply is not None or args.chapter is not None:
        raise NotationError("--ply and --chapter need --record")
    if args.position:
        position = Position.from_text(args.position)
        return position, position.text(), [], []
    return Position.start(find_ruleset(args.ruleset).name), f"{args.ruleset}, start", [], []


def _read(path: str) -> str:
    """A record file's text; :class:`NotationError` if it cannot be read or is not UTF-8."""
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as err:
        raise NotationError(f"cannot read the record {quote(path)}: {err.strerror}") from None
    except UnicodeDecodeError as err:
        raise NotationError(f"the record {quote(path)} is not UTF-8 text (byte {err.start})") from None


def _split(text: str | None) -> list[str]:
    """A comma- (or space-) separated option as a list."""
    return [t for t in (text or "").replace(" ", ",").split(",") if t]


def _diagram(args: argparse.Namespace) -> None:
    from . import svg

    position, title, noted, marked = _diagram_position(args)
    rules = position.rules
    geometry = BOARDS[rules.board]
    # The record's arrows and points at that move, then the options'; each may carry a teacher's
    # colour letter (R, B, Y; G or none for green), as the page writes them: 'Rd4-d5', 'Be5'.
    arrows = noted + _split(args.arrows)
    for a in noted:
        if not all(p in geometry.index for p in svg.move_points(svg.mark_colour(a)[1])):
            raise NotationError(f"the record's arrow {quote(a)} leaves the {geometry.name} board")
    for a in arrows[len(noted) :]:
        body = svg.mark_colour(a)[1]
        Move.parse(body)  # the syntax; then every point must be on this board
        for p in svg.move_points(body):
            geometry.point(p)
    highlight = marked + _split(args.highlight)
    for p in highlight:
        geometry.point(svg.mark_colour(p)[1])
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
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as err:
            raise NotationError(f"cannot write {quote(args.output)}: {err.strerror}") from None
    else:
        sys.stdout.write(text)


def _start(args: argparse.Namespace) -> Game:
    """The game to play or analyse: a record, a position text, or a ruleset's start."""
    from .record import Game

    if args.record:
        return Game.from_record(_read(args.record))
    if args.position:
        return Game(Position.from_text(args.position))
    return Game(find_ruleset(args.ruleset).name)


def _status(board: Board) -> str:
    done = board.outcome()
    if done:
        return f"{board.text()}\n{done.describe()}"
    moves = " ".join(map(str, board.legal_moves))
    return f"{board.text()}\n{board.turn} to move: {moves}"


def _computer_move(board: Board, level: str, args: argparse.Namespace) -> str:
    from .ai import best_move, book_move  # the search loads only when the computer plays

    seen = []
    probe = board.copy()
    while probe.move_stack:
        probe.pop()
        seen.append(probe.text())
    answer = None if args.no_book else book_move(board.position, level, history=seen)
    source = "book" if answer else "searched"
    answer = answer or best_move(board.position, level, node_limit=args.nodes, history=seen)
    board.push(answer.move)
    return f"{answer.move}  ({answer.describe()}; {source})"


def _play(args: argparse.Namespace) -> None:
    """Play moves (arguments, or one per line on standard input) against the computer or none."""
    game = _start(args)
    board = game.board
    interactive = not args.moves
    moves = iter(args.moves) if args.moves else (line.strip() for line in sys.stdin)
    print(_status(board), flush=True)
    while True:
        while not board.is_game_over() and board.turn == args.computer:
            print("computer:", _computer_move(board, args.level, args), flush=True)
            print(_status(board), flush=True)
        if board.is_game_over():
            return
        text = next(moves, None)
        if text is None:
            return
        if not text or text.startswith("#"):
            continue
        try:
            board.push(text)
        except AsaltoError as err:
            if not interactive:
                raise
            print(f"error: {err}", flush=True)
            continue
        print(_status(board), flush=True)


def _analyse(args: argparse.Namespace) -> None:
    from .ai import best_move

    if args.position_text:
        args.position = args.position_text
    game = _start(args)
    board = game.board
    if board.is_game_over():
        print(_status(board))
        return
    answer = best_move(board.position, args.level, node_limit=args.nodes, time_limit=args.time)
    print(f"best {answer.move}")
    print(f"verdict {answer.describe()}")
    print("line " + " ".join(map(str, answer.pv)))
    print(f"depth {answer.depth}, {answer.nodes:,} nodes, {answer.seconds:.2f} s")


def _engine(spec: str) -> None:
    from .engine import main

    main(spec)


def _arena(args: argparse.Namespace) -> None:
    from .arena import main

    main(args, args.bots, args.gauntlet)


SANDBOX_HELP = "(what the bots' sandbox holds on this machine)"


class _ArenaHelp(argparse.HelpFormatter):
    """The arena's help ends with what the bots' sandbox holds here, found only when help is shown."""

    def add_text(self, text: str | None) -> None:
        if text == SANDBOX_HELP:
            from .sandbox import describe

            text = f"On this machine, {describe()}. (docs/bots.md: the sandbox)"
        super().add_text(text)


def _add_start(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ruleset", default="assault", choices=sorted(RULESETS), help="its start by default")
    parser.add_argument("--position", help="start from this position text")
    parser.add_argument("--record", help="a game record file: its last position")


class _Levels:
    """The levels' names as ``--level``'s choices, read from the AI only when a command line names
    one or help lists them (so a ``LEVEL`` metavar): ``asalto engine`` serving a Python bot never
    loads the search."""

    def __contains__(self, name: object) -> bool:
        from .ai import LEVELS

        return name in LEVELS

    def __iter__(self) -> Iterator[str]:
        from .ai import LEVELS

        return iter(LEVELS)


def main(argv: list[str] | None = None) -> int:
    from . import __version__

    parser = argparse.ArgumentParser(
        prog="asalto", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--version", action="version", version=f"asalto_core {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count positions N plies deep, one line per depth")
    p.add_argument("--ruleset", default="assault", help="a ruleset, or house rules such as asalto:first=officers")
    p.add_argument("--depth", type=int, required=True)
    p.add_argument("--position", help="start from this position text instead")
    p.set_defaults(run=_perft)
    r = sub.add_parser("rules", help="list the rulesets with their sources and options")
    r.add_argument("--markdown", action="store_true", help="as docs/rules.md writes them")
    r.set_defaults(run=_rules)
    d = sub.add_parser("diagram", help="draw a position as SVG (the page's drawing code), for print")
    d.add_argument("--ruleset", default="assault", help="its start position by default (house rules too)")
    d.add_argument("--position", help="a position text")
    d.add_argument("--record", help="a game record file; the position after --ply moves (default: the last)")
    d.add_argument(
        "--ply", type=int, help="how many moves of the record to play (its comment's arrows and points drawn)"
    )
    d.add_argument("--chapter", type=int, help="which game of a record of several (a study's chapter), from 1")
    d.add_argument("--arrows", help="moves to draw as arrows, comma-separated: d5xd3xf3,c3-c4")
    d.add_argument("--highlight", help="points to highlight, comma-separated: d4,e5")
    d.add_argument("--flip", action="store_true", help="rank 1 at the top")
    d.add_argument("--coords", action=argparse.BooleanOptionalAction, default=True, help="file and rank labels")
    d.add_argument("--title", help="the SVG's <title> (default: the position)")
    d.add_argument("--output", "-o", help="write to this file instead of standard output")
    d.set_defaults(run=_diagram)
    levels = _Levels()
    g = sub.add_parser("play", help="play a game in the shell, against the computer or not")
    _add_start(g)
    g.add_argument("moves", nargs="*", help="moves to play (default: read one per line from standard input)")
    g.add_argument("--computer", choices=("officers", "rebels", "none"), default="none", help="the computer's side")
    g.add_argument(
        "--level", choices=levels, metavar="LEVEL", default="casual", help="the computer's level: %(choices)s"
    )
    g.add_argument("--nodes", type=int, help="a node budget per computer move instead of the level's time")
    g.add_argument("--no-book", action="store_true", help="search every move, the first ones too")
    g.set_defaults(run=_play)
    a = sub.add_parser("analyse", aliases=["analyze"], help="the best move of a position, its verdict and line")
    a.add_argument("position_text", nargs="?", metavar="POSITION", help="a position text (or --position/--record)")
    _add_start(a)
    a.add_argument("--level", choices=levels, metavar="LEVEL", default="strongest", help="%(choices)s")
    a.add_argument("--time", type=float, help="seconds to think instead of the level's time")
    a.add_argument("--nodes", type=int, help="a node budget instead of the level's time")
    a.set_defaults(run=_analyse)
    e = sub.add_parser(
        "engine", help="speak the engine protocol on standard input and output (docs/engine-protocol.md)"
    )
    e.add_argument(
        "--bot", default="level:strong", help="the bot to serve: level:NAME, examples:NAME, a .py file, a module"
    )
    e.set_defaults(run=lambda args: _engine(args.bot))
    for name, helptext in (("match", "play two bots against each other"), ("tournament", "a round robin or gauntlet")):
        m = sub.add_parser(name, help=helptext, epilog=SANDBOX_HELP, formatter_class=_ArenaHelp)
        m.add_argument("bots", nargs=2 if name == "match" else "+", help="bots: level:NAME, examples:NAME, a .py file, "
                       "a module, or cmd:PROGRAM speaking the engine protocol")  # fmt: skip
        if name == "tournament":
            m.add_argument(
                "--gauntlet", action="store_true", help="the first bot against each other (default: round robin)"
            )
        else:
            m.add_argument("--sprt", help="stop once the SPRT decides: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05)")
        m.add_argument("--ruleset", default="course", help="the rules (default: the course's)")
        m.add_argument(
            "--rounds", type=int, default=1, help="openings; each is played by each pair with colours swapped"
        )
        m.add_argument(
            "--opening-plies",
            type=int,
            help="random moves of each seeded, balanced opening (0: the start; default: "
            "0 in course, 2 in the other rulesets)",
        )
        m.add_argument("--seed", type=int, default=1, help="the openings' seed")
        m.add_argument("--concurrency", type=int, default=1, help="games played at once")
        m.add_argument("--move-time", type=float, help="seconds per move (default: 10 in course, 1 in the others)")
        m.add_argument("--game-time", type=float, help="seconds per game per side instead of per move")
        m.add_argument("--memory", type=int, default=1024, help="megabytes of memory for each bot's process")
        m.add_argument(
            "--max-plies",
            type=int,
            help="adjudicate after this many plies (default: 2000 in course, the course's "
            "1000 rounds; 400 in the others)",
        )
        m.add_argument(
            "--setup-time",
            type=float,
            default=60.0,
            help="seconds for a bot to get ready before each game, "
            "untimed by its moves (a course bot's Player() is built then)",
        )
        m.add_argument("--results", default="", help="a results file (JSON lines); a stopped run resumes from it")
        m.add_argument("--record", default="", help="write every game to this multi-game record (the page opens it)")
        m.add_argument("--event", default="Asalto arena", help="the records' Event tag")
        m.add_argument(
            "--bot-logs",
            default="",
            metavar="DIR",
            help="keep what each bot prints (its prints and standard error) in DIR, one file per bot per game",
        )
        m.add_argument(
            "--dask", help="run the games on Dask: a scheduler's address, or 'local' (pip: asalto_core[dask])"
        )
        m.add_argument("--quiet", action="store_true", help="no progress bar")
        m.set_defaults(run=_arena, gauntlet=False)
    args = parser.parse_args(argv)
    try:
        args.run(args)
        sys.stdout.flush()
    except AsaltoError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # the reader stopped early (``asalto rules | head``): no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # Python's own advice
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
