"""Invariants over random games in every ruleset (hypothesis)."""

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from asalto_core import RULESETS, Board, Game, IllegalMoveError, Move, Position
from asalto_core.movegen import PLACING, kernel

POINTS = [f"{f}{r}" for f in "abcdefghi" for r in range(1, 10)]


def play_random(data, ruleset: str, plies: int) -> Board:
    board = Board(ruleset)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[data.draw(st.integers(0, len(moves) - 1))])
    return board


def counts(board: Board) -> tuple[int, int]:
    values = list(board.pieces().values())
    return values.count("O"), values.count("R")


@settings(max_examples=60)
@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 40))
def test_undo_restores_every_position(data, ruleset, plies):
    board = play_random(data, ruleset, plies)
    texts = []
    while board.move_stack:
        texts.append(board.text())
        move = board.pop()
        assert move in board.legal_moves
        assert board.position.play(move).text() == texts[-1]
    assert board.text() == Position.start(ruleset).text()


@settings(max_examples=60)
@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 40), st.integers(0, 6))
def test_a_copy_is_the_same_game_and_changes_apart_from_it(data, ruleset, plies, more):
    """As the game played again from its start, though no move is: its moves, position, result and
    repetitions; and a copy played on or taken back leaves the board it came from as it was."""
    board = play_random(data, ruleset, plies)
    replayed = Board(ruleset)
    for move in board.move_stack:
        replayed.push(move)
    before = (board.text(), list(board.move_stack), board.outcome(), dict(board._seen))
    copy = board.copy()
    assert (copy.text(), copy.move_stack, copy.outcome(), copy._seen) == (
        replayed.text(), replayed.move_stack, replayed.outcome(), replayed._seen
    )  # fmt: skip
    for _ in range(more):
        moves = list(copy.legal_moves)
        if not moves:
            break
        copy.push(moves[data.draw(st.integers(0, len(moves) - 1))])
    while copy.move_stack:
        copy.pop()
    assert (board.text(), list(board.move_stack), board.outcome(), dict(board._seen)) == before


@settings(max_examples=60)
@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 60))
def test_text_forms_round_trip_along_random_games(data, ruleset, plies):
    board = play_random(data, ruleset, plies)
    assert Position.from_text(board.text()) == board.position
    game = Game(ruleset)
    for m in board.move_stack:
        game.play(m)
        assert Move.parse(str(m)) == m
    assert Game.from_record(game.record()) == game


@settings(max_examples=60)
@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 30))
def test_random_non_moves_are_refused_and_change_nothing(data, ruleset, plies):
    board = play_random(data, ruleset, plies)
    before = board.text()
    a, b = data.draw(st.sampled_from(POINTS)), data.draw(st.sampled_from(POINTS))
    for text in (f"{a}-{b}", f"{a}x{b}", f"H{a}:{a}-{b}", f"@{a},{b}"):
        try:
            move = Move.parse(text)
        except ValueError:
            continue
        if move in board.legal_moves:
            continue
        try:
            board.push(move)
        except IllegalMoveError:
            pass
        else:
            raise AssertionError(f"{text} was accepted in {before}")
        assert board.text() == before


@settings(max_examples=25)
@given(st.data(), st.sampled_from(sorted(RULESETS)))
def test_random_games_end_with_a_result_and_pieces_never_increase(data, ruleset):
    board = Board(ruleset)
    seen = counts(board)
    if board.position.placing:
        board.push(board.legal_moves[0])
        seen = counts(board)
    for _ in range(3000):
        if board.is_game_over():
            break
        moves = list(board.legal_moves)
        board.push(moves[data.draw(st.integers(0, len(moves) - 1))])
        now = counts(board)
        assert now[0] <= seen[0] and now[1] <= seen[1]
        seen = now
    outcome = board.outcome()
    assert outcome is not None, f"no result after 3000 plies: {board.text()}"
    assert outcome.describe()


@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 30))
@settings(max_examples=40)
def test_clicking_a_legal_moves_points_finds_that_move(data, ruleset, plies):
    board = play_random(data, ruleset, plies)
    for move in board.legal_moves:
        if move.null:
            continue  # a pass (the course's rules) is no click: its own button plays it
        clicks = list(move.place or move.path)
        if move.place:  # a placement's points may be clicked in any order
            clicks = data.draw(st.permutations(clicks))
        for i in range(len(clicks)):
            assert clicks[i] in board.next_points(clicks[:i], move.huff)
            assert board.move_for(clicks[:i], move.huff) in (None, *[m for m in board.legal_moves if m.jump])
        assert board.find_move(clicks, huff=move.huff) == move


@given(st.data(), st.sampled_from(sorted(RULESETS)), st.integers(0, 30))
@settings(max_examples=30)
def test_clicks_that_make_no_move_are_refused(data, ruleset, plies):
    board = play_random(data, ruleset, plies)
    points = list(board.geometry.points)
    clicks = data.draw(st.lists(st.sampled_from(points), max_size=4))
    matches = [m for m in board.legal_moves if list(m.place or m.path) == clicks and m.huff is None]
    if board.move_for(clicks) is None and not any(sorted(m.place) == sorted(clicks) for m in board.legal_moves):
        assert not matches
        with pytest.raises(IllegalMoveError):
            board.find_move(clicks)


HOUSE = ("assault:duty=huff-best", "asalto:removal=auto", "assaut:duty=huff-instead", "citadelle:blocking=loses")


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(sorted(RULESETS) + list(HOUSE)), st.integers(0), st.integers(0), st.integers(0, 2), st.integers(0)
)
@example("2-contra-20", 0, 4_190_109_696, PLACING, 0)  # the officers to place, the fortress full of rebels
def test_a_side_can_move_exactly_when_it_has_a_legal_move(ruleset, officers, rebels, side, huffable):
    """The prover's leaves ask can_move instead of listing the moves: the two must agree in any state."""
    k = kernel(ruleset)
    officers &= k.all
    rebels &= k.all & ~officers
    state = (officers, rebels, side, huffable & officers if side == 1 else 0)
    assert k.can_move(state) == bool(k.moves(state))
