"""Bots: the interface, the course's adapter and the engine's levels, played in this process."""

from __future__ import annotations

from pathlib import Path

import pytest

from asalto_core import Board, Move
from asalto_core.bots import BotError, as_move, course_board, course_move, load

BOTS = Path(__file__).parent / "bots"


def play(rebels, officers, ruleset="course", plies=400):
    """A game between two bots (any failure raises): the board at its end."""
    board = Board(ruleset)
    bots = {"rebels": rebels, "officers": officers}
    for side, bot in bots.items():
        bot.new_game(ruleset, side)
    while not board.is_game_over() and len(board.move_stack) < plies:
        move = bots[board.turn].choose(board)
        assert move in board.legal_moves, (str(move), board.text())
        board.push(move)
    return board


def test_every_text_form_of_a_move_is_read():
    board = Board("asalto")
    assert as_move("@c5,e5", board) == as_move(["e5", "c5"], board) == Move(place=("c5", "e5"))
    assert as_move(Move.parse("d4-d5"), board) == Move.parse("d4-d5")
    for garbage in (None, 3, {"move": "up"}, "up", [], ["zz9"], "d4-"):
        with pytest.raises(BotError) as err:
            as_move(garbage, board)
        assert err.value.kind == "malformed"


def test_the_course_board_is_the_courses_shape():
    grid = course_board(Board("course"))
    assert len(grid) == 7 and all(len(row) == 7 for row in grid)
    assert grid[0] == [" ", " ", ".", ".", ".", " ", " "] and grid[1][2] == grid[1][4] == "O"
    assert sum(row.count("R") for row in grid) == 24 and grid[3] == ["R"] * 7
    assert course_move([[2, 4], [4, 4], [4, 2]], Board("course")) == Move(path=("e5", "e3", "c3"), jump=True)
    for garbage in (None, [[1, 2]], [[1, 2], [9, 9]], [["a", 2], [1, 2]], "d4-d5"):
        with pytest.raises(BotError):
            course_move(garbage, Board("course"))


class Index:
    """A whole number of another type (as numpy's int64): it says so by ``__index__``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


@pytest.mark.parametrize(
    "point",
    [[float("inf"), 3], [float("nan"), 3], [3.0, 3], [True, 3], [3, False], [b"3", 3], ["3", 3], ["\u0663", 3],
     [3, 10**30], [-1, 3], [3], [3, 3, 3], "d4", None, {3: 3}],
)  # fmt: skip
def test_only_whole_numbers_are_a_course_bots_points(point):
    """issue 48: an infinite row raised OverflowError (the bot lost instead of being counted malformed);
    floats, booleans, bytes and other scripts' digits were taken as coordinates."""
    with pytest.raises(BotError) as err:
        course_move([point, [2, 3]], Board("course"))
    assert err.value.kind == "malformed" and "no list of [row, column] points" in str(err.value)


def test_a_course_bots_points_may_be_any_integer_type():
    assert course_move([(Index(3), Index(3)), [2, 3]], Board("course")) == Move.parse("d4-d5")
    assert course_move(((3, 3), (2, 3)), Board("course")) == Move.parse("d4-d5")


def test_a_move_by_point_names_names_points_of_the_board():
    for garbage in ([""], ["d\u0663", "d5"], ["z99", "a1"], ["d" + "9" * 5000, "a1"]):
        with pytest.raises(BotError) as err:
            as_move(garbage, Board("course"))
        assert err.value.kind == "malformed"


def test_a_course_format_bot_plays_each_side_against_the_levels():
    for level in ("level:beginner@300", "level:casual@300"):
        for rebels, officers in ((str(BOTS / "course_player.py"), level), (level, str(BOTS / "course_player.py"))):
            board = play(load(rebels), load(officers), plies=300)
            assert board.is_game_over() or len(board.move_stack) == 300


@pytest.mark.parametrize("name", ["random", "greedy", "alphabeta"])
def test_the_example_bots_play_legal_games(name):
    board = play(load(f"examples:{name}"), load("examples:random"), plies=60)
    assert len(board.move_stack) > 10


def test_loading_says_what_is_wrong():
    wrong = [("level:grandmaster", "unknown level"), ("examples:chess", "unknown example"),
             ("nowhere.py", "no bot file"), ("json", "is no bot"), ("level:casual@many", "whole number")]  # fmt: skip
    for spec, words in wrong:
        with pytest.raises(BotError, match=words):
            load(spec)


def test_the_levels_share_a_game_clock_over_the_moves_and_never_run_it_out():
    """On a game clock each move's search asks for no more than what is left past the margin, and the
    clock, charged with what each move asked, never runs out: counted, not timed (a slow machine's
    searches take as long as they are allowed, no longer than the search's clock checks)."""
    from asalto_core.ai import CLOCK_FLOOR, CLOCK_MARGIN
    from asalto_core.bots import LevelBot
    from asalto_core.engine import read_go

    assert read_go(["movetime", "1000"]) == (1.0, False)
    assert read_go(["movetime", "900", "timeleft", "500"]) == (0.5, True)
    flags, asked = 0, []
    for first, second in (("strong", "casual"), ("casual", "strong")):
        board, clocks = Board("course"), {"rebels": 2.0, "officers": 2.0}
        bots = {"rebels": LevelBot(first), "officers": LevelBot(second)}
        for side, bot in bots.items():
            bot.new_game("course", side)
        while not board.is_game_over() and len(board.move_stack) < 80:
            side, bot = board.turn, bots[board.turn]
            move = bot.choose(board, clocks[side], clock=True)  # a book move asks for nothing (None)
            if bot.budget is not None:
                assert CLOCK_FLOOR <= bot.budget <= clocks[side] - CLOCK_MARGIN
                asked.append(bot.budget)
            clocks[side] -= bot.budget or 0.0
            flags += clocks[side] <= 0
            board.push(move)
    assert flags == 0 and len(asked) > 40 and max(asked) <= 2.0 - CLOCK_MARGIN
