"""Rules questions the page asks, and the computer's answers, identical on CPython and on MicroPython.

:func:`report` runs on both interpreters (``tests/test_micropython.py`` compares the two):
perft from every start, seeded games with every position's legal moves in order, record
and position round trips, the error of each kind of bad input, and the search's move, score and
line at a fixed node count. It uses only what the
page's MicroPython has; MicroPython's ``random`` differs from CPython's, so the games are
chosen with a fixed linear congruential generator.
"""

import json

from asalto_core import AsaltoError, Board, Game, Move, Position, perft
from asalto_core.ai import Player, best_move
from asalto_core.puzzle import Puzzle
from asalto_core.record import NAGS, join_comment, split_comment
from asalto_core.rulesets import RULESET_NAMES, custom_name, custom_options, find_ruleset
from asalto_core.session import Session
from asalto_core.study import Study

PERFT_DEPTH = 4
# House rules, written out of order: their canonical names, perft, games and rules text.
HOUSE_RULES = (
    "assault:first=officers,rebels=not-away",
    "asalto:repetition=2,removal=auto,duty=huff-best",
    "royal-garrison-diagonals:stop=anywhere,duty=huff",
    "citadelle:removal=choice,capture=single",
)


class Lcg:
    """A tiny deterministic generator, the same on every interpreter."""

    def __init__(self, seed):
        self.state = seed

    def below(self, n):
        self.state = (self.state * 1103515245 + 12345) % 2147483648
        return self.state % n


def perfts(depth=PERFT_DEPTH):
    return [[name, [perft(Position.start(name), d) for d in range(1, depth + 1)]] for name in RULESET_NAMES]


def game_trace(name, seed, plies=80):
    """A seeded game: each position's text, legal moves in order and the move played; then its record."""
    rng = Lcg(seed)
    game = Game(name)
    steps = []
    for _ in range(plies):
        board = game.board
        moves = [str(m) for m in board.legal_moves]
        if not moves:
            break
        move = moves[rng.below(len(moves))]
        m = Move.parse(move)
        clicked = [] if m.null else [str(board.find_move(m.place or m.path, m.huff))]  # a pass is no click
        steps.append([board.text(), moves, move, board.next_points(), clicked])
        game.play(move)
        if rng.below(7) == 0:
            game.comment("note {" + str(len(steps)) + "} \\ end")
    outcome = game.outcome()
    record = game.record()
    back = Game.from_record(record)
    return {
        "steps": steps,
        "outcome": outcome.describe() if outcome else "",
        "record": record,
        "round_trip": back == game and back.record() == record,
        "positions": [Position.from_text(s[0]).text() == s[0] for s in steps].count(False),
    }


BAD_INPUTS = (
    ("move", "zz"),
    ("move", "d4-d9x"),
    ("move", "He5:"),
    ("move", "@c5,c5"),
    ("move", "j1-j2"),
    ("move", "d4-d5-d6"),
    ("move", "d4xd5-d6"),
    ("position", "assault 3/3 r - 1"),
    ("position", "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - ²"),
    ("position", "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR x - 1"),
    ("position", "assault 3/3/RROOORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("position", "nowhere 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("position", "assault 3/3/RRO9ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("play", "c3-c4"),
    ("play", "d4-d6"),
    ("record", "1. d4-d5 c5-c6 2. zz *"),
    ("record", '[Ruleset "assault"] {open comment'),
    ("record", '[Ruleset "nowhere"] 1. d4-d5 *'),
    ("record", "1. d4-d5 ] *"),
    ("start", "ludii|assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("start", "nowhere|assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("position", "asalto:first=nobody 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("position", "assault:removal=auto 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("position", "asalto:colour=red,first 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"),
    ("record", '[Ruleset "ludii:stop=end"] 1. c6-c7 *'),
)


def errors():
    out = []
    for kind, text in BAD_INPUTS:
        try:
            if kind == "move":
                Move.parse(text)
            elif kind == "position":
                Position.from_text(text)
            elif kind == "play":
                Board("assault").push(text)
            elif kind == "start":
                Board(*text.split("|"))
            else:
                Game.from_record(text)
            out.append([kind, text, "accepted"])
        except AsaltoError as err:
            out.append([kind, text, type(err).__name__, str(err)])
    return out


def api():
    """The views Board, Position and Game share, their repr, and the drawing a notebook shows."""
    text = "asalto 3/O1O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR o - 5"
    p = Position.from_text(text)
    board, game = Board(p), Game("asalto", text)
    import asalto_core

    return {
        "repr": [repr(p), repr(board), repr(Position.start("royal-garrison"))],
        "views": [board.ruleset, p.ruleset, board.rules.name, p.rules.name, board.turn, p.turn, board.huffable()],
        "legal": [len(p.legal_moves), len(board.legal_moves), len(p.legal_moves()), str(p.legal_moves[0])],
        "starts": [Board(text).text(), Board("ludii").text(), Game(position=p).board.text()],
        "svg": [p.svg(), board._repr_svg_() == game._repr_svg_() == p._repr_svg_(), asalto_core.svg.esc("<")],
        "flipped": Position.start("royal-garrison").svg(flipped=True, arrows=["c7-c6"], highlight=["e7"]),
    }


def house_rules(plies=60):
    out = []
    for i, name in enumerate(HOUSE_RULES):
        rs = find_ruleset(name)
        out.append(
            [
                name,
                rs.name,
                [perft(Position.start(name), d) for d in (1, 2, 3)],
                game_trace(name, 100 + i, plies),
                rs.to_json(),
                custom_options(rs.base),
                custom_name(rs.base, {"first": "officers", "win": "8"}),
            ]
        )
    return out


ANNOTATED = """[Event "Lesson"]
[Ruleset "assault"]

{[%points d4] The rebels open.} 1. d4-d5 c5-c6?! {[%arrows c5-c6] Slow.} (1... c5-d4!
{[%arrows c5-d4,e5xc3] [%points d4] Better.} 2. b5-c5 (2. b4-c5 $4 {Too loose.}
(2. c4-c5)) 2... d4xd6) 2. d3-d4 *
"""
BAD_RECORDS = ("1. d4-d5 c5-c6) *", "1. d4-d5 c5-c6 (1... c5-d4 *", "( 1. d4-d5 *", "1. d4-d5 (1. d4-d6) *")


def annotated_tree(name, seed, nodes=40):
    """A seeded game tree: moves with branches (nested), symbols, comments with arrows and points."""
    rng = Lcg(seed)
    game = Game(name)
    points = sorted(game.board.geometry.index)
    for n in range(nodes):
        moves = [str(m) for m in game.board.legal_moves]
        if not moves or rng.below(9) == 0:  # back along the line or the main line, to branch there
            back = game.path[:-1] + (rng.below(game.path[-1] + 1),)
            game.go_to_path(back if rng.below(2) else (rng.below(len(game.moves) + 1),))
            continue
        game.play(moves[rng.below(len(moves))], branch=True)
        line, k = game.node(game.path)
        line.nags[k - 1] = (("",) + NAGS)[rng.below(7)]
        if rng.below(3) == 0:
            arrows = [points[rng.below(len(points))] + "-" + points[rng.below(len(points))]]
            line.comments[k] = join_comment("note " + str(n) + " (x)", arrows, [points[rng.below(len(points))]])
    record = game.record()
    back = Game.from_record(record)
    s = Session(back)
    tree = s.view()["tree"]
    # What the page saves, at every node of the tree (a side line's cursor too), read back.
    saves = []
    for entry in tree:
        s.go_to_path(entry["path"])
        again = Session.from_saved(json.loads(json.dumps(s.saved())))
        saves.append(again.record() == s.record() and again.path == s.path and again.descriptor() == s.descriptor())
    return {"record": record, "round_trip": back == game and back.record() == record, "tree": tree, "saves": saves}


def annotations():
    """Annotated records read, written and edited: the same on both interpreters."""
    s = Session.from_text(ANNOTATED)[0]
    out = {"record": s.record(), "tree": s.view()["tree"], "frames": s.frames(), "lines": s.variation_frames()}
    s.go_to_path([1, 0, 1])
    out["view"] = s.view()
    s.set_comment("Much better.")
    s.set_marks(["d4xd6", "a3-c5"], ["e5"])
    s.set_nag("!!")
    s.go_to_path([1])
    s.play("e5-e6", branch=True)
    s.play("d3-d4", branch=True)
    out["edited"] = s.record()
    original, grown = Game.from_record(ANNOTATED), Game.from_record(ANNOTATED)
    grown.go_to_path((len(grown.moves),))
    grown.play(grown.board.legal_moves[0])
    out["within"] = [original.line.within(grown.line), grown.line.within(original.line)]
    out["within"] += [original.line.within(s.game.line), s.game.line.within(s.game.line)]
    s.go_to_path([1, 0, 2])
    s.promote()
    out["promoted"] = [s.record(), list(s.path)]
    s.go_to_path([2, 0, 1])
    s.delete_variation()
    out["deleted"] = [s.record(), list(s.path)]
    out["puzzle"] = s.puzzle_params([2])
    out["sheet"] = s.sheet([0, 1, 2], "Sheet")
    out["split"] = split_comment("a [%clk 1] [%arrows e6xe4xe2 c3-c5] b [%points e5, e3] c")
    out["cal"] = [split_comment("[%cal Gd4d5,Rc5c6] [%csl Ye5,Ge3] x"), join_comment("x", ["Bd4-d5"], ["e5"])]
    out["sheet_page"] = s.sheet_page("Sheet")
    out["excerpt"] = s.game.excerpt((1,), 3).record()
    study = Study("Course")
    study.add(s.game, "One")
    study.add(Game("royal-garrison"), "Two", "Find it.")
    study.move(1, 0)
    out["study"] = [study.record(), [(c.title, c.kind) for c in Study.from_record(study.record()).chapters]]
    puzzle = Game.from_record(study.chapters[0].record("Course"))  # a puzzle chapter's record, alone
    study.add(puzzle, "Three")
    study.add(Game("assault"), "Four")
    study.put(3, Game.from_record(study.chapters[0].record("Course")))
    out["study_puzzle"] = [(c.title, c.kind, c.prompt) for c in study.chapters]
    bad = []
    for text in BAD_RECORDS:
        try:
            Game.from_record(text)
            bad.append([text, "accepted"])
        except AsaltoError as err:
            bad.append([text, type(err).__name__, str(err), err.partial.record()])
    out["bad"] = bad
    out["random"] = [annotated_tree(name, 31 + i) for i, name in enumerate(("assault", "asalto", "royal-garrison"))]
    return out


SEARCH_NODES = 1500


def searches(nodes=SEARCH_NODES):
    """The computer's answers at a fixed node count: from each start and a seeded mid-game position of
    every ruleset, the strongest level's move, score, line and depth, and the weaker levels' picks."""
    out = []
    player = Player()
    for i, name in enumerate(RULESET_NAMES):
        rng, game = Lcg(50 + i), Game(name)
        texts = [game.board.text()]
        for _ in range(14):
            moves = [str(m) for m in game.board.legal_moves]
            if not moves:
                break
            game.play(moves[rng.below(len(moves))])
        if game.board.legal_moves and not game.outcome():
            texts.append(game.board.text())
        for text in texts:
            row = [text]
            for level in ("strongest", "casual", "beginner"):
                a = best_move(text, level, node_limit=nodes, seed=3).to_json()
                row.append([a["move"], a["score"], a["mate"], a["pv"], a["depth"], a["nodes"], a["describe"]])
            kept = player.best_move(text, node_limit=nodes // 2).to_json()  # a table carried between searches
            row.append([kept["move"], kept["score"], kept["pv"]])
            out.append(row)
    return out


# Puzzles: (start, line, tries); a try is judged, then the solver goes on with the next.
PUZZLES = (
    (
        "assault 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2",
        ("d6xd4xf4xd6", "c3-d4", "c5xc3xe5"),
        ("d6xf4xd4xd6", "c5xc3xe5"),
    ),
    (
        "asalto 2O/3/RRR1ORR/RRRRRRR/RR1RRRR/RRR/RRR o - 2",
        ("e5xc3", "d3-d4", "c3xe5"),
        ("e5-d5", "e7-d7", "e5xc3", "c3xe5"),
    ),
)


def puzzles():
    """Each try's verdict, the teacher's comment and the computer's reply after it."""
    out = []
    for start, line, tries in PUZZLES:
        solving = Puzzle(Position.from_text(start), line, wrong=((0, "e5-d5", "The officer steps away."),)).start()
        for move in tries:
            a = solving.play(move)
            out.append([a.verdict, a.comment, str(solving.reply or ""), solving.hint() if not solving.solved else ""])
    return out


def report(plies=80):
    return {
        "perft": perfts(),
        "house_rules": house_rules(),
        "games": [[name, game_trace(name, 7 + i, plies)] for i, name in enumerate(RULESET_NAMES)],
        "errors": errors(),
        "api": api(),
        "annotations": annotations(),
        "searches": searches(),
        "puzzles": puzzles(),
    }
