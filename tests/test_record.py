"""Game records: round trips, comments kept as text, errors that keep what was read."""

import pytest

from asalto_core import AsaltoError, Game, IllegalMoveError, NotationError, RecordError
from asalto_core.record import BRACE_STANDIN

RECORD = """[Event "Club night"]
[Ruleset "assault"]
[Officers "Ada"]
[Rebels "Ben"]
[Result "*"]

{The only opening.} 1. d4-d5 {Forced.} c5-d4 2. b5-c5 *
"""


def test_a_record_reads_back_to_the_same_text():
    game = Game.from_record(RECORD)
    assert [str(m) for m in game.moves] == ["d4-d5", "c5-d4", "b5-c5"]
    assert game.comments[0] == "The only opening." and game.comments[1] == "Forced."
    assert game.tags["Officers"] == "Ada"
    assert game.record() == RECORD
    assert Game.from_record(game.record()) == game


def test_comments_keep_braces_backslashes_and_markup_as_text():
    game = Game("assault")
    game.play("d4-d5")
    game.comment('<b>bold</b> {braces} \\ and "quotes"')
    game.tags["Officers"] = 'A "quoted" name'
    again = Game.from_record(game.record())
    assert again.comments[1] == '<b>bold</b> {braces} \\ and "quotes"'
    assert again.tags["Officers"] == 'A "quoted" name'


def test_a_game_from_a_position_records_the_position_and_numbers_from_it():
    game = Game(position="assault 3/3/RRO1ORR/RRR1RRR/RRRRRRR/RRR/RRR o - 7")
    game.play("c5-d4")
    text = game.record()
    assert '[Position "assault' in text and "7... c5-d4" in text
    assert Game.from_record(text) == game


def test_placement_and_results_are_written():
    game = Game("asalto")
    game.play("@c5,e5")
    game.play("d4-d5")
    assert "@c5,e5 1. d4-d5" in game.record()
    game.tags["Result"] = "rebels-win"  # e.g. the officers resigned
    assert game.record().rstrip().endswith("1. d4-d5 1-0")  # PGN's token: the rebels are the first player
    assert Game.from_record(game.record()).result() == "rebels-win"


@pytest.mark.parametrize(
    ("written", "result"),
    [("1-0", "rebels-win"), ("0-1", "officers-win"), ("1/2-1/2", "draw"), ("officers-win", "officers-win"), ("*", "*")],
)
def test_results_are_read_in_pgns_tokens_and_the_older_ones(written, result):
    game = Game.from_record(f'[Ruleset "assault"]\n[Result "{written}"]\n\n1. d4-d5 {written}')
    assert game.result() == result and game.tags["Result"] == result


def test_a_set_up_position_is_written_with_setup_and_fen_for_pgn_tools_and_read_from_either():
    start = "assault 3/3/RRORORR/RRR1RRR/RRRRRRR/RRR/RRR o - 1"  # after 1. d4-d5
    text = Game(start).record()
    assert f'[Position "{start}"]' in text and '[SetUp "1"]' in text and f'[FEN "{start}"]' in text
    from_fen = Game.from_record(f'[Ruleset "assault"]\n[SetUp "1"]\n[FEN "{start}"]\n\n*')
    assert from_fen.start.text() == start and from_fen.record() == text
    with pytest.raises(AsaltoError, match="the FEN tag"):
        Game.from_record(f'[Position "{start}"]\n[FEN "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"]\n\n*')


def test_undo_redo_and_jumping_to_a_move():
    game = Game.from_record(RECORD)
    game.go_to(1)
    assert game.ply == 1 and game.board.turn == "officers"
    assert str(game.redo()) == "c5-d4" and game.ply == 2
    assert str(game.undo()) == "c5-d4"
    game.play("e5-d4")  # a new move after an undo replaces what followed
    assert [str(m) for m in game.moves] == ["d4-d5", "e5-d4"]
    with pytest.raises(IndexError):
        game.go_to(5)


def test_a_bad_move_in_a_record_keeps_the_moves_before_it():
    with pytest.raises(RecordError, match=r"line 7, move 3: illegal move 'c3-c5'") as err:
        Game.from_record(RECORD.replace("2. b5-c5", "2. c3-c5"))
    assert [str(m) for m in err.value.partial.moves] == ["d4-d5", "c5-d4"]


@pytest.mark.parametrize(
    "bad", ['[Ruleset "chess"]\n\n*', '[Ruleset "assault"]\n\n1. d4-d5 }', '[Ruleset "assault"\n\n*']
)
def test_malformed_records_are_refused(bad):
    with pytest.raises(NotationError):
        Game.from_record(bad)


def test_an_illegal_move_changes_nothing():
    game = Game.from_record(RECORD)
    before = game.record()
    with pytest.raises(IllegalMoveError, match="no officer on c5"):
        game.play("c5-c6")
    assert game.record() == before


@pytest.mark.parametrize("text", ["a } b", "{b}", "x\\y", "end\\", "two\\\\", "q\\}", "\\}"])
def test_a_brace_in_a_comment_is_written_for_pgn_readers_and_read_back(text):
    """PGN comments end at the first '}' and know no escape: the record holds none inside a
    comment, a backslash is written as it is where a PGN reader takes it so, and ours reads the
    comment back as it was."""
    game = Game("assault")
    game.play("d4-d5")
    game.comment(text)
    record = game.record()
    inside = record.split("{", 1)[1].rsplit("}", 1)[0]
    assert "}" not in inside
    if "\\" not in text[-1:] and "\\\\" not in text and "\\}" not in text:
        assert inside.replace(BRACE_STANDIN, "}") == text  # what a PGN reader shows: the text itself
    assert Game.from_record(record).comments[1] == text


def test_an_older_record_with_escaped_braces_still_reads():
    game = Game.from_record('[Ruleset "assault"]\n\n1. d4-d5 {old \\} style \\\\ and \\d kept} *')
    assert game.comments[1] == "old } style \\ and \\d kept"


def test_pgns_rest_of_line_comments_and_escaped_lines_are_read():
    text = '% written by another tool\n[Ruleset "assault"]\n\n1. d4-d5 ; forward\nc5-c6;aside\n2. b5-c5 *\n'
    game = Game.from_record(text)
    assert [str(m) for m in game.moves] == ["d4-d5", "c5-c6", "b5-c5"]
    assert game.comments[1:3] == ["forward", "aside"]
    assert Game.from_record(game.record()).record() == game.record()  # written back as {...} comments
    assert Game.from_record('[Ruleset "assault"]\n\n1. d4-d5 {a ; is no comment here} *').comments[1] == (
        "a ; is no comment here"
    )


def test_a_variation_left_open_is_reported_as_such_not_as_an_illegal_move():
    text = '[Ruleset "assault"]\n\n1. d4-d5 c5-c6 (1... c5-d6 2. b5-c5\n2. b5-c5 e5-e6 *'
    with pytest.raises(NotationError) as caught:
        Game.from_record(text)
    message = str(caught.value)
    assert "the variation '(' opened on line 3 is never closed (unbalanced parentheses)" in message
    assert "'b5-c5' was read inside it" in message
