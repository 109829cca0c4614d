import pytest

from asalto_core import BOARDS, NotationError, UnknownRulesetError, find_board
from asalto_core.geometry import parse_point


def degree(board, name):
    return len(board.neighbours_of(board.index[name]))


@pytest.mark.parametrize(
    "name, points, lines, fortress",
    [
        ("standard", 33, 72, 9),
        ("simplified", 33, 56, 9),
        ("fuchs-und-henne", 33, 82, 9),
        ("2-contra-20", 33, 92, 9),
        ("royal-garrison", 67, 164, 17),
    ],
)
def test_boards_have_the_documented_size(name, points, lines, fortress):
    board = BOARDS[name]
    assert (len(board.points), len(board.lines), len(board.fortress)) == (points, lines, fortress)


def test_standard_board_hubs_have_eight_neighbours():
    board = BOARDS["standard"]
    hubs = sorted(n for n in board.points if degree(board, n) == 8)
    assert hubs == ["b4", "d2", "d4", "d6", "f4"]


def test_standard_fortress_is_the_top_arm():
    board = BOARDS["standard"]
    assert sorted(board.name_of(p) for p in board.fortress) == ["c5", "c6", "c7", "d5", "d6", "d7", "e5", "e6", "e7"]


def test_german_tactics_marks_all_horizontals_but_the_side_arm_tops():
    board = BOARDS["standard"]
    marked = {tuple(sorted((board.name_of(a), board.name_of(b)))) for a, b in board.marked}
    assert len(marked) == 22
    assert ("a5", "b5") not in marked and ("b5", "c5") not in marked and ("f5", "g5") not in marked
    assert ("c5", "d5") in marked and ("a4", "b4") in marked and ("c1", "d1") in marked


def test_alternate_boards_add_and_remove_the_drawn_diagonals():
    fuchs, contra = BOARDS["fuchs-und-henne"], BOARDS["2-contra-20"]
    d6 = fuchs.index["d6"]
    assert fuchs.index["c7"] not in fuchs.neighbours_of(d6)
    assert fuchs.index["a4"] in fuchs.neighbours_of(fuchs.index["b5"])
    assert fuchs.index["b3"] not in fuchs.neighbours_of(fuchs.index["a4"])
    assert contra.index["b3"] in contra.neighbours_of(contra.index["a4"])
    assert sorted(contra.name_of(q) for q in contra.neighbours_of(contra.index["c6"])) == [
        "c5",
        "c7",
        "d5",
        "d6",
        "d7",
    ]  # b5-c6, across the inner corner, is left out


def test_royal_garrison_corner_points_join_the_fortress_diagonally():
    board = BOARDS["royal-garrison"]
    assert sorted(board.name_of(q) for q in board.neighbours_of(board.index["b9"])) == ["c8", "c9"]
    assert degree(board, "e5") == 8


def test_jumps_go_straight_along_two_lines():
    board = BOARDS["standard"]
    d5 = board.index["d5"]
    landing = sorted(board.name_of(to) for _, to in board.jumps[d5])
    assert landing == ["b5", "d3", "d7", "f5"]  # d5 has no diagonals


def test_distances_to_the_fortress():
    board = BOARDS["standard"]
    dist = dict(zip(board.points, board.distances_to_fortress(), strict=True))
    assert (dist["c5"], dist["d4"], dist["a3"], dist["d1"], dist["c1"]) == (0, 1, 2, 4, 4)


def test_geometry_json_names_points_and_lines():
    data = BOARDS["standard"].to_json()
    assert len(data["points"]) == 33 and len(data["lines"]) == 72 and len(data["marked"]) == 22
    assert {"name": "c7", "x": 2, "y": 6, "fortress": True} in data["points"]


@pytest.mark.parametrize("bad", ["", "c", "z3", "c0", "3c", "c3 ", None])
def test_bad_point_names_are_refused(bad):
    with pytest.raises(NotationError):
        parse_point(bad)


def test_points_off_the_board_and_unknown_boards_are_refused():
    with pytest.raises(NotationError, match="not on the standard board"):
        BOARDS["standard"].point("a1")
    with pytest.raises(UnknownRulesetError, match="known boards"):
        find_board("hexagonal")
