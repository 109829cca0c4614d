"""The course's ruleset against a referee written from the course's rules alone (course_referee),
move by move along random games, and by perft."""

from __future__ import annotations

from pathlib import Path

import course_referee as referee
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import Board, IllegalMoveError, InvalidPositionError, Position, perft
from asalto_core.ai import best_move
from asalto_core.movegen import OFFICERS
from asalto_core.perft import EXTERNAL, REGRESSION
from asalto_core.proof import forces_win

BOTS = Path(__file__).parent / "bots"


def grid(board: Board) -> list[list[str]]:
    """The engine's position as the course's 7x7 board."""
    out = [["." if referee.on_board(r, c) else " " for c in range(7)] for r in range(7)]
    for name, piece in board.pieces().items():
        out[7 - int(name[1:])][ord(name[0]) - ord("a")] = piece
    return out


def text(move: list[list[int]]) -> str:
    """A referee's move in the engine's notation."""
    names = [f"{'abcdefg'[c]}{7 - r}" for r, c in move]
    jump = abs(move[1][0] - move[0][0]) == 2 or abs(move[1][1] - move[0][1]) == 2
    return ("x" if jump else "-").join(names)


def test_the_course_start():
    board = Board("course")
    assert grid(board) == referee.start()
    assert board.turn == "rebels" and board.rules.repetition == 0 and board.rules.max_rounds == 1000


def test_perft_is_the_referees():
    start = Position.start("course")
    figures = [perft(start, d) for d in range(1, 5)]
    assert figures == [referee.perft(referee.start(), "rebels", d) for d in range(1, 5)]
    assert tuple(figures) == EXTERNAL["course"][1] == REGRESSION["course"][:4]


@settings(max_examples=25)
@given(st.randoms(use_true_random=False), st.floats(0, 0.3))
def test_random_games_agree_move_by_move(rng, illegal_rate):
    """Each position's moves, each move's result (huffs and passes included) and each game's end."""
    board, course, side, won = Board("course"), referee.start(), "rebels", None
    for _ in range(160):
        assert grid(board) == course
        assert board.turn == side
        done = board.outcome()
        assert (done.winner if done else None) == won
        if done:
            break
        expected = referee.moves(course, side)
        assert sorted(str(m) for m in board.legal_moves if not m.null) == sorted(text(m) for m in expected)
        assert str(board.legal_moves[-1]) == "--"  # the pass: a move at every turn
        if expected and rng.random() >= illegal_rate:
            move = rng.choice(expected)
            board.push(text(move))
        else:  # an illegal move (here: a step off the lines) passes the turn
            move = [[3, 3], [6, 0]]
            board.push("--")
        course, what = referee.play(course, side, move)
        won = referee.ends(course, what)
        side = "officers" if side == "rebels" else "rebels"


def test_no_win_is_checked_after_a_huff():
    """The script checks for a win after a legal move only: officers hemmed in by a huff play on."""
    board = Board("course ORR/RR1/2R1R2/RR3RR/RR1R1RR/1O1/3 o - 1")
    course = grid(board)
    assert "d2xd4" in [str(m) for m in board.legal_moves]
    board.push("d2-c2")  # d2 could take d3: not made, d2 goes, and c7 is hemmed in
    course, what = referee.play(course, "officers", [[5, 3], [5, 2]])
    assert what == "huffed" and referee.ends(course, what) is None and referee.winner(course) == "rebels"
    assert board.outcome() is None and grid(board) == course
    board.push("d6-e6")  # a legal move: checked now, and c7 may step to d6
    course, what = referee.play(course, "rebels", [[1, 3], [1, 4]])
    assert referee.ends(course, what) is None and board.outcome() is None
    assert [text(m) for m in referee.moves(course, "officers")] == ["c7-d6"]
    assert [str(m) for m in board.legal_moves] == ["c7-d6", "--"]


def test_a_pass_leaves_stuck_officers_unbeaten_and_a_legal_move_beats_them():
    board = Board("course ORR/RR1/2R1R2/RR3RR/RR1R1RR/1O1/3 o - 1")
    board.push("d2-c2")
    board.push("--")  # the rebels pass: no win checked; the officers, stuck, can only pass
    assert board.text() == "course ORR/RR1/2R1R2/RR3RR/RR1R1RR/3/3 o passed 2"
    assert Board(board.text()).text() == board.text() and board.outcome() is None
    assert [str(m) for m in board.legal_moves] == ["--"]
    board.push("--")
    board.push("a4-a5")  # a legal move that leaves c7 hemmed in: checked, the rebels win
    assert board.outcome().winner == "rebels" and board.outcome().reason == "no-moves"
    with pytest.raises(InvalidPositionError, match="'passed' marks the officers' turn"):
        Board("course ORR/R2/2R1R2/RR3RR/RR1R1RR/3/3 o passed 2")  # c7 could step to d7


# Verdicts the search gave before the pass was a move: the rebels, in zugzwang, escape by passing.
FALSE_VERDICTS = [
    ("course RRR/1RR/RRR2OR/7/7/3/3 o - 51", 7),
    ("course RRR/1RR/RR1RO1R/7/7/3/3 r - 53", 10),
    ("course RRR/RRR/R2R1R1/4O2/7/3/3 r - 56", 6),
]


@pytest.mark.parametrize("position, plies", FALSE_VERDICTS)
def test_the_search_counts_on_no_zugzwang_the_rebels_can_pass_out_of(position, plies):
    board = Board(position)
    assert not referee.forces_win(grid(board), board.turn, "officers", plies)
    analysis = best_move(position, "strong", node_limit=60_000)
    if analysis.mate is not None:  # any verdict it still gives, the referee proves
        winner = board.turn if analysis.mate > 0 else ("officers" if board.turn == "rebels" else "rebels")
        assert referee.forces_win(grid(board), board.turn, winner, abs(analysis.mate))
    assert not forces_win("course", board.position.state, OFFICERS, plies)


def test_the_referees_prover_finds_a_win():
    board = Board("course RRR/1RR/RR2ROR/7/7/3/3 o - 51")  # f5xd5 leaves 8 rebels
    assert referee.forces_win(grid(board), "officers", "officers", 1)
    assert not referee.forces_win(grid(board), "officers", "rebels", 4)


def test_a_step_when_an_officer_could_capture_removes_the_first_able_officer():
    # c6 can jump the rebel on c5; e6 cannot capture.
    rebels = ["a3", "a4", "a5", "g3", "g4", "g5", "e1", "d2", "c5", "b4"]
    board = Board(Position.setup("course", ["c6", "e6"], rebels))
    assert "c6xc4" in [str(m) for m in board.legal_moves]
    board.push("e6-e7")  # e6 steps: not made, c6 (the able one) goes
    assert board.pieces().get("e6") == "O" and "c6" not in board.pieces() and board.turn == "rebels"
    board.pop()
    board.push("c6-c7")  # the mover could capture: it goes
    assert "c6" not in board.pieces() and "c7" not in board.pieces() and board.pieces().get("e6") == "O"


def test_the_round_limit_and_passes():
    board = Board("course 3/O1O/R5R/RRRRRRR/RRRRRRR/RRR/RRR o - 1000")
    board.push("--")  # an illegal move passes the officers' 1000th turn
    assert board.outcome() is not None and board.outcome().winner is None
    assert board.outcome().reason == "round-limit" and not board.legal_moves
    with pytest.raises(IllegalMoveError):
        Board("assault").push("--")  # elsewhere an illegal move is no pass


def test_hemmed_in_rebels_pass_and_the_levels_play_it():
    hemmed_in = "course RRR/RRR/RRRORRR/7/3O3/3/3 r - 5"  # no rebel may step back or outwards
    board = Board(hemmed_in)
    assert [str(m) for m in board.legal_moves] == ["--"] and board.outcome() is None
    for level in ("beginner", "strongest"):
        assert str(best_move(hemmed_in, level).move) == "--"
    board.push("--")
    assert board.turn == "officers" and board.pieces() == Board(hemmed_in).pieces()


def student_player():
    """tests/bots/course_player.py's class Player: a course bot written as a student would."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("student_course_player", BOTS / "course_player.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.Player


@pytest.mark.parametrize("level_side", ["rebels", "officers"])
def test_a_level_plays_a_whole_game_inside_the_courses_script(level_side):
    """``Player = course_player(level)`` in the script's own loop (course_referee.play_game): every
    answer a legal move or a pass (``[]``), to the game's end."""
    from asalto_core.bots import course_player

    answers = []

    class Player(course_player("beginner", node_limit=300)):
        def play(self, board, side):
            move = super().play(board, side)
            assert move == [] or move in referee.moves(board, side), (move, board)
            answers.append(move)
            return move

    students = student_player()
    rebel, officer = (Player(), students()) if level_side == "rebels" else (students(), Player())
    winner, rounds, _ = referee.play_game(rebel, officer)
    assert winner is not None or rounds == referee.ROUNDS
    assert len(answers) >= rounds - 1 and any(answers)


def test_a_game_of_passes_only_ends_at_the_round_limit_with_no_winner():
    class Passer:
        def play_rebel(self, board):
            return []

        play_officer = play_rebel

    assert referee.play_game(Passer(), Passer()) == (None, referee.ROUNDS, 2 * referee.ROUNDS)
    board = Board("course")
    while not board.is_game_over():
        board.push("--")
    assert len(board.move_stack) == 2 * referee.ROUNDS and board.outcome().reason == "round-limit"
    assert board.outcome().winner is None and board.pieces() == Board("course").pieces()
