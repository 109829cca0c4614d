"""Issue 25, inputs that eat the page: readers linear in their input, limits checked before any
work, deep nesting refused by depth, every bad argument an AsaltoError with a short message."""

import gc
import itertools
import json
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest
from time_factor import TIME_FACTOR

from asalto_core import AsaltoError, Board, Game, Move, embed, rulesets
from asalto_core.position import Board as BoardClass
from asalto_core.protocol import Worker
from asalto_core.rulesets import custom_ruleset, find_ruleset
from asalto_core.session import Session
from helpers import script

complexity = script("bench/complexity.py")  # the bench's shapes

START = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"


@pytest.mark.parametrize("shape", [s[0] for s in complexity.SHAPES])
def test_every_reader_is_linear_in_its_input(shape):
    """16 times the input costs about 16 times the work (a quadratic reader: 256 times), counted in
    the lines the reader runs: the same figures on a quiet machine and a busy one."""
    [row] = complexity.counts(only=shape)
    assert row[5] == "linear" and row[2] > 0, row
    assert complexity.counts(only=shape) == [row]  # counted, not timed: the same on every run


def rescanning_reader(n):
    """A deliberately quadratic reader: for each item of a list it recounts the items before it."""
    text = ",".join(["d4"] * n)

    def read():
        positions = []
        for i in range(len(text)):
            if text[i] == ",":
                before = 0
                for c in text[:i]:
                    if c == ",":
                        before += 1
                positions.append(before)
        return positions

    return len(text), read


def test_a_quadratic_reader_is_found_quadratic():
    [row] = complexity.counts(shapes=[("rescanning", rescanning_reader, 30)])
    assert row[5] == "quadratic" and row[4] > 200 * row[2], row


class Dropped:
    """An object only the garbage collector frees (it refers to itself), whose ``__del__`` runs lines."""

    def __init__(self) -> None:
        self.itself = self

    def __del__(self) -> None:
        for _ in range(10):
            pass


def test_what_the_collector_frees_is_no_work_of_the_counted_reader():
    """A collection during a count runs earlier work's ``__del__`` as the reader's lines (one count
    18 lines above the next): the count runs with the collector off, after it has freed all."""
    seen = []
    freed = weakref.ref(Dropped())

    def work():
        seen.append((gc.isenabled(), freed() is None))
        return [[] for _ in range(1000)]  # enough new objects for a collection, were it on

    complexity.lines(work)
    assert seen == [(False, True)]
    assert gc.isenabled()


class Pushes:
    """Counts the moves a board plays (its legality check is the costly part of a step)."""

    def __init__(self, monkeypatch):
        self.n = 0
        push = BoardClass.push

        def counted(board, move):
            self.n += 1
            return push(board, move)

        monkeypatch.setattr(BoardClass, "push", counted)


def test_a_click_in_a_side_line_plays_only_the_moves_that_differ(monkeypatch):
    _, clicks = complexity.side_line_clicks(400)
    pushes = Pushes(monkeypatch)
    clicks()  # ten clicks between two moves of a side line after 400 plies
    assert pushes.n <= 10


def test_a_side_lines_frames_play_each_move_once(monkeypatch):
    n, frames = complexity.side_line_frames(300)
    pushes = Pushes(monkeypatch)
    assert len(frames()[0]["frames"]) == n + 1
    assert pushes.n <= n + 5


def test_empty_variations_replay_nothing(monkeypatch):
    pushes = Pushes(monkeypatch)
    game = Game.from_record("1. d4-d5 " + "()" * 1000 + " c5-c6 ({a} {b}) *")
    assert [str(m) for m in game.moves] == ["d4-d5", "c5-c6"] and game.variations == [[], []]
    assert pushes.n == 2


def test_a_nodes_comments_are_joined_in_order():
    game = Game.from_record("{a} {b} 1. d4-d5 {c} $1 {d} (1. d4-d5 {e}) {f} *")
    assert game.comments == ["a b", "c d f"] and game.nags == ["!"]
    assert game.variations[0][0].comments == ["", "e"]


def test_a_bad_record_keeps_its_comments_and_variations_read_so_far():
    with pytest.raises(AsaltoError) as err:
        Game.from_record("1. d4-d5 {a} {b} c5-c6 (1... e5-e6 {c} 2. zz) *")
    partial = err.value.partial
    assert partial.comments == ["", "a b", ""] and partial.variations[1][0].comments == ["", "c"]
    assert "move 3" in str(err.value) and partial.path == (2,)


def test_embed_lists_are_limited_before_they_become_marks():
    text = ",".join(["d4"] * 100_000)
    params = {"highlight": text, "arrows": "d4-d5," * 100, "answer": "d4-d5"}
    opts, problems = embed.read_params(params, ["assault"])
    # Refused before any item is read: no more work than for a list one item over the limit.
    over = {"highlight": ",".join(["d4"] * (embed.LIST_ITEMS + 1)), "arrows": params["arrows"], "answer": "d4-d5"}
    assert complexity.lines(lambda: embed.read_params(params, ["assault"])) <= complexity.lines(
        lambda: embed.read_params(over, ["assault"])
    )
    assert opts["highlight"] == [] and len(opts["arrows"]) == embed.LIST_ITEMS and opts["answer"] == ["d4-d5"]
    assert len(problems) == 2 and all(len(p) < 100 for p in problems)


@pytest.mark.parametrize("params", [None, [1], {"ply": 5}, {3: "x"}, {"highlight": ["d4"]}])
def test_embed_parameters_that_are_not_text_are_reported(params):
    opts, problems = embed.read_params(params, ["assault"])
    assert opts["ply"] is None and opts["highlight"] == [] and len(problems) == 1


def test_the_house_rules_cache_is_bounded():
    """Every spelling of house rules is cached (as asked and canonical) until the cache is full."""
    base = rulesets.RULESETS["assault"]
    table = {option.key: option for option in rulesets.OPTIONS}
    options = [[f"{key}={v}" for v in table[key].choices(base)] for key in ("rebels", "repetition", "first")]
    names = {
        "assault:" + ",".join(order)
        for chosen in itertools.product(*options)
        for order in itertools.permutations(chosen)
    }
    assert len(names) > rulesets.MAX_CUSTOM
    for name in sorted(names):
        find_ruleset(name)
    assert len(rulesets._CUSTOM) <= rulesets.MAX_CUSTOM


HUGE = "x" * 1_000_008


@pytest.mark.parametrize(
    "call",
    [
        lambda: find_ruleset("assault:" + HUGE),  # was quoted twice: a 2,000,054-character message
        lambda: find_ruleset(HUGE),
        lambda: find_ruleset("assault:first=" + HUGE),
        lambda: find_ruleset("assault:first=officers," + HUGE + "=2"),
        lambda: Board(HUGE),
        lambda: Board().push(HUGE),
        lambda: Game.from_record('[Ruleset "' + HUGE + '"]\n1. d4-d5 *'),
        lambda: Game.from_record("1. " + HUGE + " *"),
        lambda: Session.from_text(HUGE),
        lambda: BoardClass.from_text(HUGE + " 3/3/7/7/7/3/3 r - 1"),
    ],
)
def test_every_error_quotes_a_short_prefix_of_its_input(call):
    with pytest.raises(AsaltoError) as err:
        call()
    assert len(str(err.value)) < 400


def test_embed_problems_quote_a_short_prefix_of_their_input():
    params = {name: HUGE for name in ("lang", "ruleset", "ply", "record-url", "arrows", "size")}
    _opts, problems = embed.read_params(params, ["assault"])
    assert problems and all(len(problem) < 400 for problem in problems)


DEEP: object = 1
for _ in range(3000):
    DEEP = [DEEP]


@pytest.mark.parametrize(
    "call",
    [
        lambda: Session.new().go_to(DEEP),
        lambda: Session.new().go_to_path(DEEP),
        lambda: Session.new().set_nag(DEEP),
        lambda: Session.new().set_marks([DEEP], []),
        lambda: Session.new().sheet([DEEP]),
        lambda: find_ruleset(DEEP),
        lambda: Session.from_descriptor({"ruleset": "assault", "moves": [], "ply": DEEP}),
        lambda: Session.new().annotate(None),
        lambda: Session.new().annotate([5]),
        lambda: Session.new().go_to_path(5),
        lambda: Session.new().puzzle_params(None),
        lambda: Board().find_move(None),
        lambda: Board().move_for(None),
        lambda: Board().next_points(None),
        lambda: Board().next_points(["d4"], huff=5),
        lambda: Board().push(Move(path=(5, 6))),
        lambda: custom_ruleset(None),
        lambda: Board().svg(arrows=None),
        lambda: Board().svg(highlight=5),
        lambda: Board().svg(arrows=[DEEP]),
    ],
)
def test_wrong_arguments_raise_asalto_errors_with_short_messages(call):
    with pytest.raises(AsaltoError) as err:
        call()
    assert 0 < len(str(err.value)) < 300


LARGER = "royal-garrison 7/5/RRO1O1ORR/RRRRRRRRR/RRRRRRRRR/RRRRRRRRR/RRRRRRRRR/RRRRR/RRRRR r - 1"


@pytest.mark.parametrize(
    "request_",
    [
        {"op": "think", "position": START, "history": [LARGER]},  # the issue's IndexError
        {"op": "think", "position": START, "level": DEEP},
        {"op": "think", "position": START, "history": DEEP},
        {"op": "review", "game": {"ruleset": "assault", "moves": [], "ply": DEEP}},
        {"op": DEEP},
    ],
)
def test_the_worker_answers_every_request(request_):
    if request_["op"] == "think" and "history" in request_ and request_["history"] != DEEP:
        assert json.loads(Worker().handle_json(json.dumps(request_)))["ok"] is False
    answer = Worker().answer(request_)  # handle_json's decoder refuses such depth itself
    assert answer["ok"] is False and 0 < len(answer["error"]) < 300
    assert "internal error" not in answer["error"]


def test_analyse_refuses_an_endless_budget():
    from asalto_core.ai import best_move

    for kw in ({"time_limit": float("nan")}, {"time_limit": float("inf")}, {"time_limit": -1}, {"node_limit": 0}):
        with pytest.raises(AsaltoError):
            best_move(START, **kw)


def _cli(*args: str, **kw) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1] / "pkg"))
    return subprocess.run(
        [sys.executable, "-m", "asalto_core", *args], env=env, timeout=60 * TIME_FACTOR, check=False, **kw
    )


def test_the_cli_reports_a_record_that_is_not_utf8(tmp_path):
    path = tmp_path / "game.txt"
    path.write_bytes(b"1. d4-d5 {\xff\xfe} *")
    for command in (["diagram", "--record", str(path)], ["analyse", "--record", str(path), "--nodes", "10"]):
        done = _cli(*command, capture_output=True, text=True)
        assert done.returncode == 2 and "is not UTF-8 text" in done.stderr and "Traceback" not in done.stderr


def test_the_cli_stops_quietly_when_its_reader_does():
    read, write = os.pipe()
    os.close(read)  # like `asalto rules --markdown | head` once head has stopped reading
    done = _cli("rules", "--markdown", stdout=write, stderr=subprocess.PIPE, text=True)
    os.close(write)
    assert done.returncode == 1 and "Traceback" not in done.stderr


def test_the_cli_refuses_a_nan_time():
    done = _cli("analyse", "--time", "nan", capture_output=True, text=True)
    assert done.returncode == 2 and "the time limit must be a number" in done.stderr
