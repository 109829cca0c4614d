"""Annotated games (issue 12): variations, symbols, arrows and points, in the record and the session."""

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import Game, NotationError, RecordError
from asalto_core.__main__ import main
from asalto_core.embed import read_params
from asalto_core.geometry import BOARDS
from asalto_core.record import NAGS, join_comment, split_comment
from asalto_core.rulesets import RULESET_NAMES
from asalto_core.session import Session, SessionError
from asalto_core.svg import board

ANNOTATED = """[Event "Lesson"]
[Ruleset "assault"]
[Result "*"]

{[%points d4] The rebels open.} 1. d4-d5 c5-c6?! {[%arrows c5-c6] Slow.} (1... c5-d4!
{[%arrows c5-d4,e5xc3] [%points d4] Better.} 2. b5-c5 (2. b4-c5 $4 {Too loose.}
(2. c4-c5)) 2... d4xd6) 2. d3-d4 *
"""


def test_an_annotated_record_reads_and_writes_back_the_same():
    game = Game.from_record(ANNOTATED)
    assert [str(m) for m in game.moves] == ["d4-d5", "c5-c6", "d3-d4"]
    assert game.nags == ["", "?!", ""]
    (var,) = game.variations[1]
    assert [str(m) for m in var.moves] == ["c5-d4", "b5-c5", "d4xd6"] and var.nags == ["!", "", ""]
    assert [[str(m) for m in v.moves] for v in var.variations[1]] == [["b4-c5"]]
    assert var.variations[1][0].nags == ["??"] and var.variations[1][0].comments == ["", "Too loose."]
    assert [str(m) for m in var.variations[1][0].variations[0][0].moves] == ["c4-c5"]
    assert split_comment(var.comments[1]) == ("Better.", ["c5-d4", "e5xc3"], ["d4"])
    text = " ".join(game.record().split())
    assert "c5-c6?! {[%arrows c5-c6] Slow.} (1... c5-d4! {" in text and "(2. b4-c5?? {Too loose.} (2. c4-c5))" in text
    again = Game.from_record(game.record())
    assert again == game and again.record() == game.record()
    other = Game.from_record(ANNOTATED.replace("c5-c6?!", "c5-c6"))
    assert other != game  # symbols count in equality, as variations do


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. d4-d5 c5-c6) *", "closes no variation"),
        ("1. d4-d5 c5-c6 (1... c5-d4 *", "never closed"),
        ("( 1. d4-d5 *", "must follow the move"),
        ("1. d4-d5 c5-c6 (1... c5-d7) 2. d3-d4 *", "illegal move 'c5-d7'"),
    ],
)
def test_unbalanced_or_bad_variations_are_clear_errors_that_keep_what_was_read(text, message):
    with pytest.raises(RecordError, match=message) as err:
        Game.from_record(text)
    partial = err.value.partial
    assert partial.path == (len(partial.moves),) and len(partial.board.move_stack) == len(partial.moves)
    Game.from_record(partial.record())  # what was kept is a game


def test_symbols_as_suffixes_and_pgn_codes():
    game = Game.from_record("1. d4-d5!! $2 c5-c6!? $6 $42 *")
    assert game.nags == ["?", "?!"]  # a code after a suffix replaces it; unknown codes are skipped
    with pytest.raises(RecordError, match=r"bad move 'd4-d5\?!\?'"):  # no such symbol: the word is not a move
        Game.from_record("1. d4-d5?!? *")


def test_comment_commands_split_and_join():
    text = "Before [%clk 0:01] [%arrows e6xe4xe2 c3-c5] middle [%points e5, e3] after"
    assert split_comment(text) == ("Before [%clk 0:01] middle after", ["e6xe4xe2", "c3-c5"], ["e5", "e3"])
    assert split_comment("[%arrows zz-9, d4-d5] [%points q1,d4]") == ("", ["d4-d5"], ["d4"])
    assert split_comment("  plain  ") == ("plain", [], [])
    assert join_comment("", [], []) == ""
    assert split_comment(join_comment("x {y}", ["d4xd6xf6"], ["a3"])) == ("x {y}", ["d4xd6xf6"], ["a3"])
    for arrows, points in ((["d4"], []), (["d4-"], []), ([], ["z4"]), ([], ["d4-d5"]), ([5], [])):
        with pytest.raises(NotationError):
            join_comment("x", arrows, points)


# -- hypothesis: random annotated games round trip, in several rulesets --------------------------------
WORDS = st.text(alphabet="abc {}\\()[]%!?é.", max_size=12)


def grow(data, game: Game, depth: int) -> None:
    """Random moves from the game's cursor, with variations (nested), symbols, comments and marks."""
    points = sorted(game.board.geometry.index)
    for _ in range(data.draw(st.integers(0, 6))):
        moves = list(game.board.legal_moves)
        if not moves:
            return
        here = game.path
        game.play(moves[data.draw(st.integers(0, len(moves) - 1))], branch=True)
        line, k = game.node(game.path)
        line.nags[k - 1] = data.draw(st.sampled_from(("",) + NAGS))
        if data.draw(st.booleans()):
            plain = data.draw(WORDS)
            arrows = [f"{a}-{b}" for a, b in data.draw(st.lists(st.tuples(*[st.sampled_from(points)] * 2), max_size=2))]
            marks = data.draw(st.lists(st.sampled_from(points), max_size=3))
            if "[%" not in plain:
                line.comments[k] = join_comment(plain, arrows, marks)
        if depth < 3 and len(moves) > 1 and data.draw(st.integers(0, 3)) == 0:
            after = game.path
            game.go_to_path(here)
            game.play(moves[data.draw(st.integers(0, len(moves) - 1))], branch=True)
            grow(data, game, depth + 1)
            game.go_to_path(after)


@settings(max_examples=60)
@given(st.data(), st.sampled_from(["assault", "asalto", "german-tactics", "royal-garrison", "citadelle"]))
def test_random_annotated_games_round_trip(data, ruleset):
    game = Game(ruleset)
    game.comment(data.draw(WORDS))
    grow(data, game, 0)
    text = game.record()
    again = Game.from_record(text)
    assert again == game
    assert again.record() == text
    for v in game.variations:
        for var in v:
            assert var.moves  # no empty variation is ever kept


@settings(max_examples=25)
@given(st.data(), st.sampled_from(["assault", "asalto", "royal-garrison"]))
def test_a_game_is_within_what_another_tab_made_of_it_unless_a_note_of_its_own_is_gone(data, ruleset):
    """Line.within: whether a tab that follows another tab's game loses nothing of its own (the game
    page keeps its own game as the previous game only then)."""
    game = Game(ruleset)
    grow(data, game, 0)
    theirs = Game.from_record(game.record())
    assert game.line.within(theirs.line)
    theirs.go_to_path((len(theirs.moves),))  # the other tab plays on, with a note of its own
    if theirs.board.legal_moves:
        theirs.play(theirs.board.legal_moves[0])
        theirs.comment("Played on in the other tab.")
        assert game.line.within(theirs.line) and not theirs.line.within(game.line)
    game.line.comments[0] = "This tab's note."  # a note the other tab never had
    assert not game.line.within(theirs.line)
    theirs.line.comments[0] = "This tab's note."
    assert game.line.within(theirs.line)
    if game.moves:
        game.line.nags[0] = "!" if theirs.line.nags[0] != "!" else "?"  # a symbol the other has otherwise
        assert not game.line.within(theirs.line)


# -- the session: branch, promote, delete, notes, views ---------------------------------------------------
def annotated() -> Session:
    return Session.from_text(ANNOTATED)[0]


def test_the_tree_lists_every_move_in_reading_order():
    s = annotated()
    rows = [(e["path"], e["depth"], e["label"], e["move"], e["nag"]) for e in s.view()["tree"]]
    assert rows == [
        ([1], 0, "1.", "d4-d5", ""),
        ([2], 0, "", "c5-c6", "?!"),
        ([1, 0, 1], 1, "1...", "c5-d4", "!"),
        ([1, 0, 2], 1, "2.", "b5-c5", ""),
        ([1, 0, 1, 0, 1], 2, "2.", "b4-c5", "??"),
        ([1, 0, 1, 0, 0, 0, 1], 3, "2.", "c4-c5", ""),
        ([1, 0, 3], 1, "2...", "d4xd6", ""),
        ([3], 0, "2.", "d3-d4", ""),
    ]
    tree = s.view()["tree"]
    assert [e["starts_variation"] for e in tree] == [False, False, True, False, True, True, False, False]
    assert [e["ends_variation"] for e in tree] == [False, False, False, False, True, True, True, False]
    assert [e["current"] for e in tree] == [False] * 7 + [True]
    assert s.view()["history"] == [
        {"ply": 1, "label": "1.", "number": 1, "move": "d4-d5", "side": "rebels", "forced": False},
        {"ply": 2, "label": "", "number": 1, "move": "c5-c6", "side": "officers", "forced": False},
        {"ply": 3, "label": "2.", "number": 2, "move": "d3-d4", "side": "rebels", "forced": False},
    ]


@settings(max_examples=40)
@given(st.data())
def test_the_move_list_kept_between_moves_is_the_one_its_record_reads_back(data):
    """The session extends its move list by one entry when the main line grows at its end (so a
    move late in a long game is cheap); after any mix of moves, side lines, steps and take-backs
    it lists what the game's record, read back, lists."""
    s = annotated() if data.draw(st.booleans()) else Session.new(data.draw(st.sampled_from(["assault", "asalto"])))
    for _ in range(data.draw(st.integers(1, 25))):
        op = data.draw(st.sampled_from(["end", "end", "end", "play", "branch", "last", "go", "back"]))
        if op == "end":
            s.go_to(len(s.game.moves))
        elif op == "last":  # a side line at the main line's last move, so the next move there is numbered
            s.go_to(max(0, len(s.game.moves) - 1))
            op = "branch"
        elif op == "go":
            tree = s.tree()
            if tree:
                s.go_to_path(data.draw(st.sampled_from([e["path"] for e in tree])))
        elif op == "back" and s.game.ply and len(s.path) == 1:
            s.take_back(data.draw(st.integers(0, s.game.ply - 1)))
        moves = list(s.game.board.legal_moves)
        if op != "go" and op != "back" and moves:
            s.play(moves[data.draw(st.integers(0, len(moves) - 1))], branch=op == "branch")
        again = Session.from_text(s.record())[0]
        again.go_to_path(s.path)
        assert s.tree() == again.tree()


def test_a_move_after_a_side_line_at_the_end_shows_its_number():
    s = annotated()
    s.go_to(2)
    s.play("b5-c5", branch=True)  # a side line at the last move, 2. d3-d4
    s.go_to(3)
    s.view()  # as the page does after each move: the move list is then kept, and extended by the next
    s.play("e5xc5")
    assert [(e["label"], e["move"]) for e in s.tree()[-3:]] == [("2.", "d3-d4"), ("2.", "b5-c5"), ("2...", "e5xc5")]


def test_the_view_shows_the_current_nodes_notes():
    s = annotated()
    s.go_to_path([1, 0, 1])
    view = s.view()
    assert (view["comment"], view["arrows"], view["points"], view["nag"], view["path"]) == (
        "Better.",
        ["c5-d4", "e5xc3"],
        ["d4"],
        "!",
        [1, 0, 1],
    )
    assert view["pieces"]["d4"] == "O" and view["ply"] == 2 and view["last"]["move"] == "c5-d4"
    assert [e["current"] for e in view["tree"]].index(True) == 2
    s.go_to_path((0,))
    assert (s.view()["comment"], s.view()["points"], s.view()["nag"]) == ("The rebels open.", ["d4"], "")
    for bad in ((9,), (1, 1, 1), (1, 0), (1, 0, 4), "1", (True,)):
        with pytest.raises(SessionError):
            s.go_to_path(bad)


def test_playing_with_branch_follows_enters_or_starts_a_variation():
    s = annotated()
    s.go_to_path([1])
    s.play("c5-c6", branch=True)  # the next move: followed
    assert s.path == (2,)
    s.go_to_path([1])
    s.play("c5-d4", branch=True)  # the variation's first move: entered
    assert s.path == (1, 0, 1)
    s.go_to_path([1])
    s.play("e5-e6", branch=True)  # new: a second variation
    assert s.path == (1, 1, 1) and len(s.game.variations[1]) == 2
    s.play("d3-d4", branch=True)  # at the end of a line: it goes on
    assert s.path == (1, 1, 2)
    assert s.descriptor()["moves"] == ["d4-d5", "c5-c6", "d3-d4"]  # the main line is unchanged
    s.go_to_path([1, 1, 0])
    s.play("c5-c6", branch=True)  # from a variation's start: branches from where it branched
    assert s.path == (2,)
    s.go_to_path([1, 0, 1])
    s.play("b4-c5")  # without branch: the rest of this line is dropped, as on the main line
    assert s.path == (1, 0, 2) and [str(m) for m in s.game.variations[1][0].moves] == ["c5-d4", "b4-c5"]
    assert Game.from_record(s.record()) == s.game


def test_comments_symbols_and_marks_are_set_on_the_current_node():
    s = annotated()
    s.go_to_path([1, 0, 1])
    s.set_comment("Much better.")
    assert split_comment(s.game.variations[1][0].comments[1]) == ("Much better.", ["c5-d4", "e5xc3"], ["d4"])
    s.set_marks(["d4xd6"], [])
    assert s.game.variations[1][0].comments[1] == "[%arrows d4xd6] Much better."
    s.set_nag("!!")
    assert "c5-d4!!" in s.record()
    s.set_nag("")
    assert "c5-d4 " in s.record()
    for bad in (lambda: s.set_nag("+"), lambda: s.set_marks(["j1-j2"], []), lambda: s.set_marks([], ["d4-d5"])):
        with pytest.raises((SessionError, NotationError)):
            bad()
    s.go_to_path([0])
    with pytest.raises(SessionError):
        s.set_nag("!")


def test_promote_swaps_a_variation_with_its_line_and_keeps_every_move():
    s = annotated()
    s.go_to_path([1, 0, 2])
    s.promote()
    assert s.path == (3,)
    assert s.descriptor()["moves"] == ["d4-d5", "c5-d4", "b5-c5", "d4xd6"]
    assert [h["move"] for h in s.view()["history"]] == ["d4-d5", "c5-d4", "b5-c5", "d4xd6"]
    assert s.game.nags[:2] == ["", "!"]
    (demoted,) = s.game.variations[1]
    assert [str(m) for m in demoted.moves] == ["c5-c6", "d3-d4"] and demoted.nags == ["?!", ""]
    assert split_comment(demoted.comments[1])[0] == "Slow."
    assert [str(v.moves[0]) for v in s.game.variations[2]] == ["b4-c5"]  # the nested one moved up
    assert Game.from_record(s.record()) == s.game
    s.go_to_path([1, 0, 1])
    s.promote()  # back again
    assert s.descriptor()["moves"] == ["d4-d5", "c5-c6", "d3-d4"]
    with pytest.raises(SessionError):
        s.go_to_path([0])
        s.promote()


def test_a_nested_variation_is_promoted_one_level():
    s = annotated()
    s.go_to_path([1, 0, 1, 0, 1])
    s.promote()
    assert s.path == (1, 0, 2) and s.descriptor()["moves"] == ["d4-d5", "c5-c6", "d3-d4"]
    assert [str(m) for m in s.game.variations[1][0].moves] == ["c5-d4", "b4-c5"]


def test_delete_variation_goes_back_to_where_it_branched():
    s = annotated()
    s.go_to_path([1, 0, 1, 0, 1])
    s.delete_variation()
    assert s.path == (1, 0, 1) and s.game.variations[1][0].variations[1] == []
    s.go_to_path([1, 0, 3])
    s.delete_variation()
    assert s.path == (1,) and s.game.variations[1] == []
    assert len(s.view()["tree"]) == 3
    with pytest.raises(SessionError):
        s.delete_variation()


def test_frames_carry_the_notes_and_variations_have_their_own():
    s = annotated()
    frames = s.frames()
    assert [f["nag"] for f in frames] == ["", "", "?!", ""]
    assert frames[0]["points"] == ["d4"] and frames[2]["arrows"] == ["c5-c6"] and frames[2]["comment"] == "Slow."
    assert [f["path"] for f in frames] == [[0], [1], [2], [3]]
    lines = s.variation_frames()
    assert [(v["path"], v["parent"], v["depth"], len(v["frames"])) for v in lines] == [
        ([1, 0], [1], 1, 4),
        ([1, 0, 1, 0], [1, 0, 1], 2, 2),
        ([1, 0, 1, 0, 0, 0], [1, 0, 1, 0, 0], 3, 2),
    ]
    first = lines[0]["frames"]
    assert first[0]["position"] == frames[1]["position"] and first[1]["arrows"] == ["c5-d4", "e5xc3"]
    assert first[1]["last"]["move"] == "c5-d4" and first[1]["path"] == [1, 0, 1]
    assert s.path == (3,)  # the cursor stays


def test_puzzle_params_and_the_sheet():
    s = annotated()
    params = s.puzzle_params([1, 0, 1])
    assert params["answer"] == "c5-d4" and params["puzzle"] == "1" and "prompt" not in params
    opts, problems = read_params(params, RULESET_NAMES)
    assert problems == [] and opts["answer"] == ["c5-d4"]
    s.go_to_path([1])
    s.set_comment("Where should the officer go?")
    assert s.puzzle_params([2])["prompt"] == "Where should the officer go?"
    with pytest.raises(SessionError):
        s.puzzle_params([0])
    page = s.sheet([0, 2, 3], title="Lesson 1")
    root = ET.fromstring(page)
    assert root.get("width") == "210mm" and root.get("height") == "297mm"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "caption"]
    assert texts[0].startswith("1. The start: The rebels open") and any(
        t.startswith("2. After 1... c5-c6?!") for t in texts
    )
    assert page.count('class="arrow"') == 1 and page.count('data-mark="d4"') == 1
    with pytest.raises(SessionError):
        s.sheet([9])


def test_the_diagram_command_draws_the_comments_arrows_and_points(tmp_path, capsys):
    record = tmp_path / "game.txt"
    record.write_text(ANNOTATED)
    assert main(["diagram", "--record", str(record), "--ply", "2", "--highlight", "e5"]) == 0
    out = capsys.readouterr().out
    assert 'data-move="c5-c6"' in out and 'data-mark="e5"' in out
    assert main(["diagram", "--record", str(record), "--ply", "0"]) == 0
    assert 'data-mark="d4"' in capsys.readouterr().out


def ten_comments() -> Session:
    """A game of fourteen plies with ten commented moves (plies 12 and 14 among them) and a side line."""
    s = Session.new("assault")
    for _ in range(14):
        s.play(s.game.board.legal_moves[0])
    for ply in (1, 2, 3, 5, 6, 8, 9, 11, 12, 14):
        s.go_to(ply)
        s.set_comment(f"[%cal Rd4d5] Comment on ply {ply}.")
    for ply in (13, 11, 10, 8, 7, 5, 4):  # a side line instead of a commented move, where there is another
        s.go_to(ply)
        others = [m for m in s.game.board.legal_moves if m != s.game.moves[ply]]
        if others:
            s.play(others[0], branch=True)
            s.set_comment("A side line.")
            return s
    raise AssertionError("no move with another")


def test_the_sheet_shows_every_commented_move_its_side_lines_and_its_title():
    page = ten_comments().sheet_page("Lesson <2>")
    assert "<h1>Lesson &lt;2&gt;</h1>" in page and "<title>Lesson &lt;2&gt;</title>" in page
    captions = [c.split("</p>")[0] for c in page.split('<p class="caption">')[1:]]
    assert len(captions) == 10
    assert captions[-2].startswith("9. After 6... ") and captions[-2].endswith("Comment on ply 12.")
    assert captions[-1].startswith("10. After 7... ") and captions[-1].endswith("Comment on ply 14.")
    sides = [c.split("</p>")[0] for c in page.split('<p class="side">')[1:]]
    assert len(sides) == 1 and sides[0].startswith("(") and sides[0].endswith(" A side line.)")
    assert page.count('class="arrow c-red" data-move="d4-d5"') == 10 and "<script" not in page
    assert "break-inside: avoid" in page and "@page" in page  # any paper: A4 or Letter
    with pytest.raises(SessionError):
        Session.new("assault").sheet_page()


POINTS = sorted(BOARDS["standard"].index)
COLOURED = st.sampled_from(["", "R", "B", "Y"])  # green is kept without its letter


@settings(max_examples=200)
@given(
    st.lists(st.tuples(COLOURED, st.sampled_from(POINTS), st.sampled_from(POINTS)), max_size=5),
    st.lists(st.tuples(COLOURED, st.sampled_from(POINTS)), max_size=5),
    WORDS.filter(lambda w: "[%" not in w),
)
def test_coloured_marks_round_trip_as_cal_and_csl(arrows, points, plain):
    """Arrows and circles in four colours are written as lichess writes them and read back the same."""
    arrows = [f"{c}{a}-{b}" for c, a, b in arrows if a != b]
    points = [c + p for c, p in points]
    text = join_comment(plain, arrows, points)
    if arrows:
        assert "[%cal " in text and "[%arrows" not in text
    if points:
        assert "[%csl " in text and "[%points" not in text
    words = " ".join(plain.split()) if arrows or points else plain.strip()  # a plain comment is kept as typed
    assert split_comment(text) == (words, arrows, points)


def test_cal_and_csl_as_lichess_and_chessbase_write_them_and_the_older_forms_still_read():
    text = "[%csl Ge5,Rd4][%cal Gd4d5,Rc5c6,Bb4b5,Yg3g4] Open it. [%arrows e6xe4xe2] [%points Be3]"
    assert split_comment(text) == (
        "Open it.",
        ["d4-d5", "Rc5-c6", "Bb4-b5", "Yg3-g4", "e6xe4xe2"],
        ["e5", "Rd4", "Be3"],
    )
    assert split_comment("[%cal Xd4d5,Gd4,Gz1z2,Gd4d5d6] [%csl Gq9]") == ("", [], [])  # not marks: dropped
    game = Game.from_record('[Ruleset "assault"]\n\n1. d4-d5 {[%cal Rd4d5] [%csl Ye5] Look.} *')
    assert "{[%cal Rd4d5] [%csl Ye5] Look.}" in game.record()
    drawn = board(BOARDS["standard"].to_json(), {}, arrows=split_comment(game.comments[1])[1], highlight=["Ye5"])
    assert 'class="arrow c-red" data-move="d4-d5"' in drawn and 'class="m-highlight c-yellow"' in drawn
