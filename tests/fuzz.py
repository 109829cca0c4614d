"""The project's own mutation fuzzer: every kind of untrusted input, mutated, against its contract.

Each target takes valid texts of its kind (moves, positions, records, house-rule names, worker
requests, saved games, embed URL parameters), mutates them with a seeded generator and checks
the one documented outcome for bad input:

- engine input raises :class:`AsaltoError` (nothing else) and leaves the game as it was
  (a :class:`Session`'s ``descriptor()`` and ``view()`` equal before and after a refused
  ``play``, a refused ``from_text`` leaves the session on screen untouched);
- the AI worker answers every request with ``{"ok": True, ...}`` or ``{"ok": False, "error": str}``
  and never raises;
- the embed view's ``read_params`` never raises and reports problems as a list of text;
- the engine protocol (``asalto engine``) answers every command line, as bytes, with lines of its
  own words, a bad one with one ``error`` line and nothing changed, within the page's move limit;
- the course adapter takes a bot's answer for a move only when its points are whole numbers, and
  counts anything else malformed (:class:`BotError`), never raising another exception.

What is accepted must be right too: a record read is written back and read again equal, a
saved game's descriptor replays to itself, a position's text reads back to the same position.

``tests/test_fuzz.py`` runs a few hundred inputs per target in the normal test run;
``bench/fuzz.py`` runs 100,000 per target and writes the counts to ``bench/results/fuzz.md``.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from asalto_core import AsaltoError, Game, Position, embed, links
from asalto_core.book import Book
from asalto_core.bots import BotError, as_move, course_move, from_module
from asalto_core.engine import MAX_LINE
from asalto_core.protocol import Worker
from asalto_core.rulesets import RULESET_NAMES, find_ruleset
from asalto_core.session import MAX_MOVES, SAVE_VERSION, Session, save_version
from asalto_core.study import Study
from helpers import page_file, page_modules_on_path

page_modules_on_path()  # the trainer's readers (site/puzzles/state.py) are page modules

from puzzles import state as trainer_state  # noqa: E402 - after the path is set

# Characters that break parsers: digits of other scripts, controls, surrogates, quotes, brackets.
NASTY = list("0123456789-x:,@H./{}[]\"'\\ \n\t\r;=%<>&") + [
    "²", "٣", "१", "Ⅻ", "\x00", "\x7f", "\u200b", "\ud800", "\udfff", "\ufeff", "\uffff", "é", "😀", "ß", "İ",
]  # fmt: skip
START = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"


class Failure(AssertionError):
    """An input that broke its target's contract."""


def mutate(rng: random.Random, text: str, corpus: list[str]) -> str:
    """One to three random edits of ``text`` (a splice with another corpus item among them)."""
    for _ in range(rng.randint(1, 3)):
        n = len(text)
        op = rng.randrange(9)
        i = rng.randint(0, n)
        if op == 0 and n:  # delete a span
            j = min(n, i + rng.randint(1, 4))
            text = text[:i] + text[j:]
        elif op == 1:  # insert a nasty character
            text = text[:i] + rng.choice(NASTY) + text[i:]
        elif op == 2 and n:  # replace a character
            i = min(i, n - 1)
            text = text[:i] + rng.choice(NASTY) + text[i + 1 :]
        elif op == 3 and n:  # duplicate a span
            j = min(n, i + rng.randint(1, 12))
            text = text[:j] + text[i:j] + text[j:]
        elif op == 4:  # truncate
            text = text[:i]
        elif op == 5:  # splice with another input
            other = rng.choice(corpus)
            k = rng.randint(0, len(other))
            text = text[:i] + other[k:]
        elif op == 6:  # a huge number
            text = text[:i] + "9" * rng.choice((10, 400, 5000)) + text[i:]
        elif op == 7 and n:  # repeat a span many times (long inputs)
            j = min(n, i + rng.randint(1, 6))
            text = text[:i] + text[i:j] * rng.choice((50, 2000)) + text[j:]
        else:  # swap two characters
            if n > 1:
                a, b = sorted((rng.randrange(n), rng.randrange(n)))
                text = text[:a] + text[b] + text[a + 1 : b] + text[a] + text[b + 1 :]
    return text


def random_json(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value (NaN and the infinities included, as Python's json writes them)."""
    kind = rng.randrange(11 if depth < 3 else 8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice((0, -1, 1, 2**31, 10**18, 10**30, 2**63))
    if kind == 3:
        return rng.choice((float("nan"), float("inf"), -float("inf"), 1e300, -0.0, 0.5, 1e-300))
    if kind in (4, 5, 6, 7):
        return rng.choice(("", "x", START, "d4-d5", "ping", "think", "casual", "²", "\ud800", "[" * 50))
    if kind in (8, 9):
        return [random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(("op", "position", "level", "x")): random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))}


# -- corpora: valid inputs of every kind ------------------------------------------------------------
def sample_games(seed: int = 1, count: int = 12, plies: int = 24) -> list[Game]:
    """Seeded random games in every ruleset, with comments and tags of awkward text."""
    rng = random.Random(seed)
    names = list(RULESET_NAMES) + ["assault:first=officers", "asalto:repetition=2,removal=auto"]
    games = []
    for k in range(count):
        name = names[k % len(names)]
        game = Game(name, tags={"Event": 'a "quoted" \\ event', "Officers": "Zoë ✓"})
        for i in range(rng.randint(0, plies)):
            moves = list(game.board.legal_moves)
            if not moves:
                break
            game.play(rng.choice(moves))
            if i % 5 == 0:
                game.comment("note {with} braces \\ and\nnewline é")
        games.append(game)
    return games


LONG = "assault:rebels=any,repetition=off"  # rebels may step back: a line as long as a shape needs
CYCLE = ("d4-d5", "c5-c6", "d5-d4", "c6-c5")


def hostile_records(rng: random.Random) -> list[str]:
    """Issue 25's shapes: many comments or '()' after a move, nesting near and past the limit,
    long side lines, runs of symbols and numbers, huge tags."""
    k = rng.choice((10, 300, 3000))
    d = rng.choice((3, 49, 50, 51, 200))
    side = " ".join(CYCLE[(i + 1) % 4] for i in range(rng.choice((4, 40, 400))))
    return [
        "1. d4-d5 " + "{c}" * k + " *",
        "1. d4-d5 " + "()" * k + " *",
        "1. d4-d5 c5-c6 " + "(1... e5-e6 " * d + ")" * d + " *",
        "1. d4-d5 c5-c6 " + "(" * d + ")" * d + " *",
        f'[Ruleset "{LONG}"]\n\n1. d4-d5 e5-e6 (1... {side}) *',
        "1. d4-d5 " + "$1 " * k + "1. " * k + "*",
        '[Event "' + "\\" * k + '"]\n\n1. d4-d5 {' + "[%arrows d4-d5]" * k + "} *",
    ]


def deep_json(rng: random.Random) -> str:
    """JSON nested deep (the depth a page's decoder or an error's repr() once choked on)."""
    d = rng.choice((60, 3000, 20000))
    return "[" * d + "1" + "]" * d


def corpora() -> dict[str, list[str]]:
    games = sample_games()
    moves, positions = [], []
    for g in games:
        moves.extend(str(m) for m in g.moves)
        board = g.start
        for m in g.moves:
            positions.append(board.text())
            board = board.play(m)
    return {
        "moves": sorted(set(moves)) + ["He5:c3-c4", "Hc7,e5:c3-c4", "@c5,e5", "d5xd3xf3", "He5"],
        "positions": sorted(set(positions)),
        "records": [g.record() for g in games] + hostile_records(random.Random(5)),
        "rulesets": list(RULESET_NAMES)
        + ["asalto:first=officers", "assault:first=officers,rebels=not-away", "citadelle:removal=choice"],
        "requests": [
            json.dumps({"op": "think", "position": p, "level": "beginner", "node_limit": 40, "seed": 3})
            for p in sorted(set(positions))[:20]
        ]
        + ['{"op": "ping"}', '{"op": "think", "position": "' + START + '", "history": ["' + START + '"]}'],
        "saves": [json.dumps(page_save(Session(g))) for g in games] + [json.dumps(page_save(s)) for s in annotated()],
        "links": link_texts(games),
        "studies": study_texts(games),
        "books": book_texts(),
        "sets": set_texts(),
        "commands": command_texts(games),
    }


def command_texts(games: list[Game]) -> list[str]:
    """Engine protocol command lines: each command (twice, as often as a position), positions of the
    sample games with their moves."""
    out = 2 * ["asalto", "isready", "moves", "quit", "go", "go movetime 50", "go timeleft 900 movetime 20",
           "newgame course rebels", "newgame assault officers", "newgame asalto:first=officers rebels"]  # fmt: skip
    for g in games:
        moves = " ".join(str(m) for m in g.moves)
        out.append(f"position startpos {g.start.ruleset}" + (f" moves {moves}" if moves else ""))
        out.append(f"position text {g.start.text()} moves {' '.join(str(m) for m in g.moves[:3])}")
    return out


def link_texts(games: list[Game]) -> list[str]:
    """Share links (new and older), game links and embed queries of the sample games."""
    out = []
    for g in games[:6]:
        session = Session(g)
        desc = session.descriptor()
        out.append(links.share_query(g.record(), list(g.path)))
        out.append(links.write_query([("ruleset", desc["ruleset"]), ("start", desc["start"]),
                                      ("moves", " ".join(desc["moves"])), ("ply", str(desc["ply"]))]))  # fmt: skip
        out.append(links.GameLink("abcdefghij", desc["ruleset"], desc["start"], desc["moves"], 1700000000).query())
        out.append(links.embed_query([("record", g.record()), ("ply", "2"), ("arrows", "d4-d5")]))
    return out


def link_inners(games: list[Game]) -> list[tuple[str, str]]:
    """What a packed link parameter holds once inflated: (parameter, text)."""
    out = []
    for g in games[:6]:
        desc = Session(g).descriptor()
        out.append(("game", links.GameLink("abcdefghij", desc["ruleset"], desc["start"], desc["moves"], 17).text()))
        out.append(("record-z", g.record()))
    return out


def study_texts(games: list[Game]) -> list[str]:
    """Studies of two to five chapters (games, a position, a puzzle) as the page writes them."""
    out = []
    for k in range(2, 6):
        study = Study(f"Study {k}")
        for i, g in enumerate(games[k : k + k]):
            study.add(g, f'Chapter "{i}" é', "Find the move" if i == 1 else "")
        out.append(study.record())
    return out


BOOKS = Path(__file__).resolve().parents[1] / "pkg" / "asalto_core" / "books"


def book_texts() -> list[str]:
    """Small books: the first few entries of some rulesets' books, with their provenance."""
    out = []
    for name in ("assault", "asalto", "citadelle", "simplified"):
        data = json.loads((BOOKS / f"{name}.json").read_text())
        keys = sorted(data["positions"])[:6]
        data["positions"] = {k: data["positions"][k] for k in keys}
        out.append(Book(data.pop("ruleset"), data.pop("positions"), data).to_json())
    return out


def set_texts() -> list[str]:
    """Small puzzle sets as ``puzzles.json`` holds them (some puzzles of several rulesets)."""
    data = json.loads(page_file("puzzles.json").read_text())
    puzzles = data["puzzles"]
    out = []
    for start in (0, 400, 800, 1200):
        out.append(json.dumps({"provenance": {"engine": "x"}, "themes": data["themes"][:4],
                               "puzzles": puzzles[start : start + 4]}))  # fmt: skip
    return out


_LONG_STUDY: list[str] = []


def long_study() -> str:
    """A study whose first chapter is a game of MAX_MOVES + 1 moves (issue 36: a second door)."""
    if not _LONG_STUDY:
        game = Game(LONG)
        for i in range(MAX_MOVES + 1):
            game.play(CYCLE[i % 4])
        _LONG_STUDY.append(game.record() + '\n[Event "b"]\n\n1. d4-d5 *\n')
    return _LONG_STUDY[0]


def page_save(session: Session) -> dict[str, Any]:
    """A save as the page writes it (site/game/storage.py)."""
    blob = session.saved()
    blob["version"] = SAVE_VERSION
    blob["settings"] = {"mode": "humans"}
    return blob


def annotated() -> list[Session]:
    """Sessions with side lines, symbols and comments, the cursor in a side line."""
    out = []
    for text in ("1. d4-d5 c5-c6 (1... e5-e6 {x} 2. d3-d4 (2. c4-c5 $2)) 2. d3-d4 *", "1. d4-d5 {a} *"):
        s = Session.from_text(text)[0]
        s.go_to_path(s.tree()[-1]["path"] if len(s.tree()) < 3 else [1, 0, 2])
        out.append(s)
    return out


# -- targets: each checks one input against its contract ------------------------------------------
def _expect_asalto(call: Callable[[], Any]) -> tuple[bool, Any]:
    """(True, value) or (False, error); any exception other than AsaltoError is a failure."""
    try:
        return True, call()
    except AsaltoError as err:
        if not isinstance(str(err), str) or not str(err):
            raise Failure(f"an error without a message: {err!r}") from None
        return False, err
    except Exception as err:
        raise Failure(f"undocumented {type(err).__name__} {_where(err)}: {str(err)[:200]}") from err


def _where(err: BaseException) -> str:
    """The file and line an exception was raised at (the engine's or the page's), for the report."""
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return ""
    return f"at {Path(tb.tb_frame.f_code.co_filename).name}:{tb.tb_lineno}"


def _same_session(session: Session, before: tuple[Any, Any], what: str) -> None:
    if (session.descriptor(), session.view()) != before:
        raise Failure(f"the game changed after a refused {what}")


class Targets:
    """The fuzz targets; each returns 'ok' (accepted) or 'error' (refused as documented)."""

    def __init__(self) -> None:
        self.sessions = [Session(g) for g in sample_games(seed=2, count=6)]
        self.rulesets = list(RULESET_NAMES)
        self.inners = link_inners(sample_games())
        self.engine: Any = None  # the protocol target's session, kept from input to input
        self.course_boards = [_course_game(k) for k in range(8)]  # the course's positions, some plies in

    def move(self, text: str, rng: random.Random) -> str:
        session = rng.choice(self.sessions)
        session.go_to(rng.randint(0, len(session.game.moves)))
        legal = [str(m) for m in session.game.board.legal_moves]
        if legal and rng.random() < 0.6:  # most inputs: a legal move here, mutated (10% as it is)
            text = rng.choice(legal) if rng.random() < 0.15 else mutate(rng, rng.choice(legal), legal)
        before = (session.descriptor(), session.view())
        ok, _ = _expect_asalto(lambda: session.play(text))
        if not ok:
            _same_session(session, before, "move")
        return "ok" if ok else "error"

    def position(self, text: str, rng: random.Random) -> str:
        ok, position = _expect_asalto(lambda: Position.from_text(text))
        if ok and Position.from_text(position.text()) != position:
            raise Failure(f"{text!r} reads as {position.text()!r}, which reads back differently")
        return "ok" if ok else "error"

    def record(self, text: str, rng: random.Random) -> str:
        session = rng.choice(self.sessions)
        before = (session.descriptor(), session.view())
        ok, got = _expect_asalto(lambda: Session.from_text(text))
        _same_session(session, before, "import")  # an import never touches the game on screen
        if ok:
            new, _warning = got
            again = Game.from_record(new.record())
            if again != new.game:
                raise Failure(f"the record written for {text[:80]!r} does not read back equal")
            new.frames()
        return "ok" if ok else "error"

    def ruleset(self, text: str, rng: random.Random) -> str:
        ok, rs = _expect_asalto(lambda: find_ruleset(text))
        if ok:
            ok2, session = _expect_asalto(lambda: Session.new(text))
            if not ok2 or find_ruleset(rs.name).name != rs.name:
                raise Failure(f"ruleset {text!r} is found but does not start a game under its name")
        return "ok" if ok else "error"

    def request(self, text: str, rng: random.Random) -> str:
        text = _tiny_budget(text)
        answer_text = Worker().handle_json(text)  # must not raise: a raise fails the run
        answer = json.loads(answer_text)
        if not isinstance(answer, dict) or not isinstance(answer.get("ok"), bool):
            raise Failure(f"not an answer: {answer_text[:200]}")
        if not answer["ok"] and not (isinstance(answer.get("error"), str) and answer["error"]):
            raise Failure(f"a refusal without its reason: {answer_text[:200]}")
        return "ok" if answer["ok"] else "error"

    def save(self, text: str, rng: random.Random) -> str:
        """A page's save (site/game/storage.py's read): its version, then the game with its annotations."""
        if rng.random() < 0.05:  # a value nested deep in place of one of the save's
            text = text.replace("[", deep_json(rng) + ", [", 1) if "[" in text else deep_json(rng)
        try:
            blob = json.loads(text)
        except (ValueError, RecursionError):  # the page reads a save this way (storage.BAD_JSON)
            return "error"
        if save_version(blob) and rng.random() < 0.5:
            return "error"  # the page sets it aside unread (half are read anyway: no crash either way)
        ok, session = _expect_asalto(lambda: Session.from_saved(blob))
        if ok:
            again = Session.from_saved(json.loads(json.dumps(session.saved())))
            if again.game != session.game or again.path != session.path:
                raise Failure(f"the save {text[:80]!r} does not read back to itself")
        return "ok" if ok else "error"

    def api(self, text: str, rng: random.Random) -> str:
        """A public call with an argument of any shape: a value or an AsaltoError, nothing else."""
        session = Session.from_text("1. d4-d5 c5-c6 (1... e5-e6 2. d3-d4) *")[0]
        arg = rng.choice((text, random_json(rng), [text], deep_json(rng) if rng.random() < 0.1 else None))
        if isinstance(arg, str) and arg.startswith("["):
            with contextlib.suppress(ValueError, RecursionError):  # deeper than json reads: the text
                arg = json.loads(arg)
        calls = [
            lambda: session.go_to(arg), lambda: session.go_to_path(arg), lambda: session.set_nag(arg),
            lambda: session.set_comment(arg), lambda: session.set_marks(arg, arg), lambda: session.annotate(arg),
            lambda: session.puzzle_params(arg), lambda: session.sheet(arg), lambda: session.play(arg, True),
            lambda: session.game.board.find_move(arg), lambda: session.game.board.next_points(arg),
            lambda: session.game.board.move_for(arg, arg), lambda: find_ruleset(arg), lambda: Session.from_text(arg),
            lambda: session.game.board.svg(arrows=arg, highlight=arg), lambda: Position.from_text(arg),
        ]  # fmt: skip
        ok, _ = _expect_asalto(rng.choice(calls))
        return "ok" if ok else "error"

    def params(self, text: str, rng: random.Random) -> str:
        keys = list(embed.KNOWN) + ["colour", "", "ply²", "\ud800"]
        params = {rng.choice(keys): mutate(rng, text, [text]) for _ in range(rng.randint(1, 5))}
        try:
            opts, problems = embed.read_params(params, self.rulesets)
        except Exception as err:
            raise Failure(f"read_params raised {type(err).__name__}: {err} on {params!r}") from err
        if not isinstance(problems, list) or not all(isinstance(p, str) for p in problems):
            raise Failure(f"problems is not a list of text: {problems!r}")
        for key in ("ply", "move", "size"):
            if opts[key] is not None and (not isinstance(opts[key], int) or opts[key] >= 10**9):
                raise Failure(f"{key} read as {opts[key]!r} from {params!r}")
        if opts["record_url"] and embed.safe_record_url(opts["record_url"]):
            raise Failure(f"an unsafe record-url passed: {opts['record_url']!r}")
        return "error" if problems else "ok"

    # -- the readers of links, studies, books and the trainer (issue 36) --------------------------
    def link(self, text: str, rng: random.Random) -> str:
        """A link's text read as the pages read it: its parameters, then a share, game or embed."""
        if rng.random() < 0.3:  # damage inside the packed part: the fields a reader meets inflated
            key, inner = rng.choice(self.inners)
            pairs = [(key, mutate(rng, inner, [i for _, i in self.inners]))]
            if rng.random() < 0.2:
                pairs.append(("path" if key == "record-z" else "ply", rng.choice(NASTY)))
            ok, text = _expect_asalto(
                lambda: links.write_query([(k, links.pack(v) if k == key else v) for k, v in pairs])
            )
            if not ok:
                return "error"
        ok, params = _expect_asalto(lambda: links.read_query(text))
        if not ok:
            return "error"
        readers = (links.share_session, links.read_game, lambda p: links.read_embed(text, text))
        ok, _ = _expect_asalto(lambda: rng.choice(readers)(params))
        return "ok" if ok else "error"

    def study(self, text: str, rng: random.Random) -> str:
        """A study's record (an import, a share link, the stored study): within the game limits,
        and written back it reads as the same chapters."""
        if rng.random() < 0.0005:
            text = long_study()
        ok, study = _expect_asalto(lambda: Study.from_record(text))
        if ok:
            longest = max(len(c.game.moves) for c in study.chapters)
            if longest > MAX_MOVES:
                raise Failure(f"a study with a chapter of {longest} moves was read (at most {MAX_MOVES})")
            again = Study.from_record(study.record())
            if [(c.title, c.prompt, c.game.moves) for c in again.chapters] != [
                (c.title, c.prompt, c.game.moves) for c in study.chapters
            ]:
                raise Failure("the study's record does not read back as the same chapters")
        return "ok" if ok else "error"

    def book(self, text: str, rng: random.Random) -> str:
        """A book file, read, then asked for a move in the positions it was made with."""
        data = _json_object(text) if rng.random() < 0.3 else None
        if isinstance(data, dict) and isinstance(data.get("positions"), dict):  # one entry of any shape
            keys = sorted(data["positions"])
            if keys:
                entry = list(data["positions"][rng.choice(keys)])
                if entry and rng.random() < 0.5:
                    entry[rng.randrange(len(entry))] = random_json(rng)
                else:
                    entry = random_json(rng)
                data["positions"][rng.choice(keys)] = entry
            text = json.dumps(data)
        ok, book = _expect_asalto(lambda: Book.from_json(text))
        if not ok:
            return "error"
        for key in sorted(book.entries)[:8]:
            ok, position = _expect_asalto(partial(Position.from_text, key + " 1"))
            if ok:
                _expect_asalto(partial(book.choose, position, margin=rng.choice((0, 40, 120)), seed=rng.randrange(9)))
        return "ok"

    def trainer(self, text: str, rng: random.Random) -> str:
        """The trainer's set (puzzles.json), its filters and a puzzle on the board; a player's
        record and a difficulty typed in the address."""
        data = _json_object(text) if rng.random() < 0.3 else None
        if isinstance(data, dict) and data.get("puzzles"):  # a well-formed set with one field of any shape
            puzzle = rng.choice(data["puzzles"])
            puzzle[rng.choice(("id", "position", "line", "themes", "rating", "kind"))] = random_json(rng)
            text = json.dumps(data)
        _expect_asalto(lambda: trainer_state.clean_profile(random_json(rng)))
        _expect_asalto(lambda: trainer_state.difficulty_range(mutate(rng, "1200-1600", PARAM_TEXTS)))
        ok, got = _expect_asalto(lambda: trainer_state.read_set(text))
        if not ok:
            return "error"
        puzzles, _provenance, themes = got
        profile = trainer_state.fresh_profile()
        theme = rng.choice(list(themes) + [""]) if isinstance(themes, list) else ""
        _expect_asalto(lambda: trainer_state.matching(puzzles, "assault", theme, (1000, 1600)))
        _expect_asalto(lambda: trainer_state.next_puzzle(puzzles, profile))
        _expect_asalto(lambda: trainer_state.daily(puzzles, "2026-11-26"))
        _expect_asalto(lambda: trainer_state.teacher_set(puzzles, 3))
        for puzzle in puzzles[:2]:
            ok, attempt = _expect_asalto(partial(trainer_state.Attempt, puzzle))
            if ok:
                _expect_asalto(attempt.show_solution)
        return "ok"

    # -- the engine protocol and the course adapter (issue 48) ------------------------------------
    def protocol(self, text: str, rng: random.Random) -> str:
        """A command line, as bytes (some not UTF-8, some over a line's limit), to a session that goes
        on from the inputs before it: its own words back, a refusal one ``error`` line and no change."""
        from asalto_core.engine import Engine, read_lines  # here: the old engine (bench/fuzz.py --package) has none

        if self.engine is None or self.engine.done or rng.random() < 0.02:
            self.engine = Engine(from_module(_PrintingBot(rng), "fuzz"))
        data = text.encode("utf-8", "surrogatepass")  # a lone surrogate: bytes that are no UTF-8
        if rng.random() < 0.05:
            i = rng.randint(0, len(data))
            data = data[:i] + bytes([rng.randrange(128, 256)]) + data[i:]
        limit = rng.choice((64, 4096)) if rng.random() < 0.05 else MAX_LINE
        refused = False
        for line in read_lines(io.BytesIO(data + b"\n" if rng.random() < 0.9 else data), limit):
            if isinstance(line, AsaltoError):
                refused = True
                continue
            refused = self._command(line) or refused
        return "error" if refused else "ok"

    def _command(self, line: str) -> bool:
        """One line to the session, its answer checked; True if it was refused."""
        engine = self.engine
        assert engine is not None
        before = _protocol_state(engine)
        try:
            answers = engine.answer(line)
        except Exception as err:
            raise Failure(f"the protocol raised {type(err).__name__} {_where(err)}: {str(err)[:200]}") from err
        for answer in answers:
            if answer.split(" ", 1)[0] not in ANSWER_WORDS or "\n" in answer or "\r" in answer:
                raise Failure(f"an answer that is no protocol line: {answer[:200]!r}")
        if any(a.startswith("error ") for a in answers):
            if len(answers) != 1 or _protocol_state(engine) != before:
                raise Failure(f"a refused command answered {answers[:3]!r} or changed the session")
            return True
        board = engine.board
        if board is not None and len(board.move_stack) > MAX_MOVES:
            raise Failure(f"a game of {len(board.move_stack)} moves was taken (at most {MAX_MOVES})")
        moves = [a for a in answers if a.startswith(("bestmove ", "fault "))]
        if moves and (len(moves) > 1 or answers[-1] != moves[0] or board is None):
            raise Failure(f"a go answered {answers[-3:]!r}")
        if moves and moves[0].startswith("bestmove ") and moves[0][9:] not in {str(m) for m in board.legal_moves}:
            raise Failure(f"{moves[0]!r} is not the bot's legal move in {board.text()!r}")
        return False

    def adapter(self, text: str, rng: random.Random) -> str:
        """A course bot's answer of any shape (points of every type, as whole numbers or not), and a
        move by point names: a move only from whole-number points on the board, else BotError."""
        board = rng.choice(self.course_boards)
        if rng.random() < 0.25:
            names = board.geometry.points
            answer: Any = rng.choice((text, [text, rng.choice(names)], [rng.choice(names), text], [text]))
            try:
                move = as_move(answer, board)
            except BotError as err:
                return _malformed(err)
            except Exception as err:
                raise Failure(f"as_move raised {type(err).__name__} {_where(err)}: {str(err)[:200]}") from err
            if isinstance(answer, list) and not all(p in names for p in answer):
                raise Failure(f"as_move took names that are no points: {answer!r} as {move}"[:300])
            return "ok"
        answer = course_answer(rng, board)
        try:
            move = course_move(answer, board)
        except BotError as err:
            return _malformed(err)
        except Exception as err:
            raise Failure(f"course_move raised {type(err).__name__} {_where(err)}: {str(err)[:200]}") from err
        if not _whole_points(answer):
            raise Failure(f"course_move took points that are no whole numbers: {answer!r} as {move}"[:300])
        return "ok"


def _course_game(k: int) -> Any:
    """A board of the course's rules, ``3 * k`` seeded random plies in (fewer if the game ends)."""
    rng = random.Random(k)
    board = Game("course").board
    for _ in range(3 * k):
        moves = list(board.legal_moves)
        if not moves or len(moves) == 1 and moves[0].null:
            break
        board.push(rng.choice(moves))
    return board


ANSWER_WORDS = ("id", "asaltook", "readyok", "info", "bestmove", "legalmoves", "error", "fault")
COURSE_POINTS = [[r, c] for r in range(7) for c in range(7) if 2 <= r <= 4 or 2 <= c <= 4]
# What a course bot may put for a row or a column: whole numbers, and everything that is not one.
NOT_WHOLE = [float("inf"), -float("inf"), float("nan"), 3.0, 2.5, 1e300, True, False, None, b"3", "3", "\u0663",
             "\u00b2", 10**30, -1, 7, [3], {3: 3}, 3 + 0j]  # fmt: skip


def course_answer(rng: random.Random, board: Any) -> Any:
    """A course bot's answer: a legal move's points (as lists or tuples), one of them changed to a
    value of another type or out of range, a point left out or added; or a value of any shape."""
    from asalto_core.bots import course_board

    if rng.random() < 0.15:
        return random_json(rng)
    grid = course_board(board)
    legal = [m for m in board.legal_moves if m.path]
    h = len(grid)
    if not legal:
        return random_json(rng)
    move = rng.choice(legal)
    points: list[Any] = [[h - int(p[1:]), ord(p[0]) - ord("a")] for p in move.path]
    if rng.random() < 0.3:
        points = [tuple(p) for p in points]
    for _ in range(rng.randint(0, 2)):
        if not points:
            break
        kind = rng.randrange(5)
        i = rng.randrange(len(points))
        if kind == 0 and isinstance(points[i], (list, tuple)) and points[i]:
            point = list(points[i])
            point[rng.randrange(len(point))] = rng.choice(NOT_WHOLE)
            points[i] = point
        elif kind == 1:
            points[i] = rng.choice(NOT_WHOLE)
        elif kind == 2:
            del points[i]
        elif kind == 3:
            points.append(rng.choice(COURSE_POINTS) + ([rng.choice(NOT_WHOLE)] if rng.random() < 0.3 else []))
        else:
            points = points * rng.choice((2, 30))
    return points if rng.random() < 0.8 else tuple(points)


def _whole_points(answer: Any) -> bool:
    return isinstance(answer, (list, tuple)) and all(
        isinstance(p, (list, tuple)) and len(p) == 2 and all(type(x) is int for x in p) for p in answer
    )


def _malformed(err: Any) -> str:
    if err.kind != "malformed" or not str(err):
        raise Failure(f"a refused answer is not counted malformed: {err.kind} {err}")
    return "error"


def _protocol_state(engine: Any) -> tuple[Any, ...]:
    board = engine.board
    return (None if board is None else (board.root.text(), [str(m) for m in board.move_stack]), list(engine.pending))


class _PrintingBot:
    """The protocol fuzz's bot: the first legal move, after printing text of every kind (as bots do)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, board: Any) -> Any:
        if self.rng.random() < 0.3:
            print(self.rng.choice(NASTY) * self.rng.choice((1, 3, 20000)), board.text(), "\r\x0b\u2028x")
        return board.legal_moves[0]


def _json_object(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _tiny_budget(text: str) -> str:
    """A think request keeps a node budget of at most 60 (the fuzzer tests shapes, not the AI)."""
    try:
        request = json.loads(text)
    except (ValueError, RecursionError):
        return text
    if isinstance(request, dict) and request.get("op") == "think":
        limit = request.get("node_limit")
        # Absent or a valid budget above 60: 60 (a bad one stays, to be refused as it is).
        if limit is None or (type(limit) is int and 60 < limit <= 50_000_000):
            request["node_limit"] = 60
        return json.dumps(request)
    return text


PARAM_TEXTS = [
    "assault", START, "3", "12", "0", "yes", "officers", "d4-d5, c5-c6", "examples/game.txt",
    "%2e%2e/secret.txt", "../x", "//evil.example/x", "javascript:alert(1)", "300", "Find the move",
]  # fmt: skip


SLOW = 1.0  # seconds: an input that takes longer is reported (bench/fuzz.py)


def run(count: int, seed: int = 0, only: str | None = None, collect: bool = False) -> dict[str, dict[str, Any]]:
    """``count`` mutated inputs per target; the counts of accepted and refused inputs per target.
    Raises :class:`Failure` (with the input) at the first broken contract; with ``collect``, counts
    the broken contracts (``failed``, the first input of each kind in ``kinds``) and the inputs
    slower than :data:`SLOW` (``slow``; the slowest input's seconds and first characters in ``slowest``
    and ``slowest_input``) instead."""
    corpus = corpora()
    targets = Targets()
    plan = {
        "move": (targets.move, corpus["moves"]),
        "position": (targets.position, corpus["positions"]),
        "record": (targets.record, corpus["records"]),
        "ruleset": (targets.ruleset, corpus["rulesets"]),
        "request": (targets.request, corpus["requests"]),
        "save": (targets.save, corpus["saves"]),
        "params": (targets.params, PARAM_TEXTS),
        "api": (targets.api, corpus["moves"] + corpus["positions"][:20] + ["[1, 0, 2]", "[[1]]", "!?"]),
        "link": (targets.link, corpus["links"]),
        "study": (targets.study, corpus["studies"] + corpus["records"][:6]),
        "book": (targets.book, corpus["books"]),
        "trainer": (targets.trainer, corpus["sets"]),
        "protocol": (targets.protocol, corpus["commands"]),
        "adapter": (targets.adapter, corpus["moves"] + ["d4", "c7", "a1", "g5", "e3"]),
    }
    counts: dict[str, dict[str, Any]] = {}
    for name, (target, texts) in plan.items():
        if only and name != only:
            continue
        rng = random.Random(f"{seed}:{name}")
        if name == "study":
            long_study()  # made once, before the clock runs
        tally: dict[str, Any] = {
            "inputs": 0,
            "ok": 0,
            "error": 0,
            "failed": 0,
            "slow": 0,
            "slowest": 0.0,
            "slowest_input": "",
            "kinds": {},
        }
        for i in range(count):
            if name == "request" and i % 5 == 4:
                text = json.dumps(random_json(rng))  # a request of any shape at all
            elif name == "save" and i % 5 == 4:
                game = {"ruleset": random_json(rng), "start": random_json(rng),
                        "moves": random_json(rng), "ply": random_json(rng)}  # fmt: skip
                text = json.dumps({"version": random_json(rng) if i % 10 == 4 else 2, "game": game,
                                   "record": random_json(rng), "path": random_json(rng)})  # fmt: skip
            elif name in ("record", "study") and i % 7 == 3:
                text = rng.choice(hostile_records(rng))
            elif name in ("book", "trainer") and i % 3 == 1:
                text = rng.choice(texts)  # a well-formed file (the target changes one field in some)
            else:
                base = rng.choice(texts)
                text = base if i % 10 == 0 else mutate(rng, base, texts)
            start = time.perf_counter()
            try:
                tally[target(text, rng)] += 1
            except Failure as err:
                if not collect:
                    raise Failure(f"{name} #{i} (seed {seed}): {err}\ninput: {text[:300]!r}") from err
                tally["failed"] += 1
                tally["kinds"].setdefault(str(err).split(": ")[0], f"{err}\ninput: {text[:200]!r}")
            seconds = time.perf_counter() - start
            if seconds > SLOW:
                tally["slow"] += 1
            if seconds > tally["slowest"]:
                tally["slowest"], tally["slowest_input"] = seconds, text[:100]
            tally["inputs"] += 1
        counts[name] = tally
    return counts
