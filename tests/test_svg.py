"""The drawing module (asalto_core.svg) and the ``diagram`` command: one drawing for screen and print."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import micropython
import pytest

from asalto_core import BOARDS, Game, Position, svg
from asalto_core.__main__ import main
from asalto_core.study import Study

ROOT = Path(__file__).resolve().parents[1]
NS = {"s": "http://www.w3.org/2000/svg"}


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def points(root: ET.Element) -> list[str]:
    return [c.get("data-point") for c in root.iterfind(".//s:circle[@class='point']", NS)]


def drawn_pieces(root: ET.Element) -> dict[str, str]:
    out = {}
    for g in root.iterfind(".//s:g[@data-piece]", NS):
        out[g.get("data-piece")] = "O" if "officer" in g.get("class") else "R"
    return out


def diagram(capsys, *args: str) -> tuple[int, str, str]:
    code = main(["diagram", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("ruleset", ["assault", "german-tactics", "royal-garrison", "fuchs-und-henne"])
def test_every_point_and_piece_of_a_start_position(ruleset):
    position = Position.start(ruleset)
    geometry = BOARDS[position.rules.board].to_json()
    root = parse(svg.board(geometry, position.pieces(), marked_lines=position.rules.marked_lines))
    assert sorted(points(root)) == sorted(p["name"] for p in geometry["points"])
    assert drawn_pieces(root) == position.pieces()
    assert (len(root.findall(".//s:g[@class='layer-marked']/s:line", NS)) > 0) == position.rules.marked_lines
    assert root.get("viewBox") == "0 0 {} {}".format(*svg.size(geometry))


def test_arrows_highlights_and_flip():
    geometry = BOARDS["standard"].to_json()
    text = svg.board(geometry, {"d5": "O"}, arrows=["d5xd3xf3", "He5:c3-c4", "@c5,e5"], highlight=["d4", "e5"])
    root = parse(text)
    arrows = root.findall(".//s:g[@class='arrow']", NS)
    assert [a.get("data-move") for a in arrows] == ["d5xd3xf3", "He5:c3-c4"]  # a placement has no path
    chain = arrows[0].find("s:polyline", NS).get("points").split()
    assert chain[:2] == ["370,270", "370,470"]  # d5 then d3, the shaft ends before the head at f3
    assert len(arrows[0].find("s:polygon", NS).get("points").split()) == 3
    assert [m.get("data-mark") for m in root.iterfind(".//s:circle[@class='m-highlight']", NS)] == ["d4", "e5"]
    at, flipped = svg.layout(geometry, False), svg.layout(geometry, True)
    assert at["d1"][1] > at["d7"][1] and flipped["d1"][1] < flipped["d7"][1]
    assert svg.move_points("He5") == [] and svg.move_points("c3-c4") == ["c3", "c4"]


def test_a_teachers_marks_keep_their_colour_and_arrows_lie_over_the_pieces():
    geometry = BOARDS["standard"].to_json()
    root = parse(svg.board(geometry, {"d5": "O"}, arrows=["Rd5-d4", "Bc3-c4", "e3-e4"], highlight=["Ye5", "d2"]))
    over = root.find(".//s:g[@class='layer-over']", NS)
    assert [(a.get("class"), a.get("data-move")) for a in over] == [
        ("arrow c-red", "d5-d4"), ("arrow c-blue", "c3-c4"), ("arrow", "e3-e4")
    ]  # fmt: skip
    marks = root.findall(".//s:g[@class='layer-markers']/s:circle", NS)
    assert [(m.get("class"), m.get("data-mark")) for m in marks] == [
        ("m-highlight c-yellow", "e5"),
        ("m-highlight", "d2"),
    ]
    layers = [g.get("class") for g in root.findall("s:g", NS)]
    assert layers.index("layer-over") > layers.index("layer-pieces")


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two #rrggbb colours."""

    def lum(c: str) -> float:
        ch = [int(c[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        ch = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in ch]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


MARKS = ("target", "last", "engine", "marked", "green", "red", "blue", "yellow", "line")


# Every board colouring a player may choose, in both themes: the palette with its grounds.
PALETTES = {
    f"{name}-{theme}": {**base, **grounds[i]}
    for name, grounds in svg.BOARD_COLOURINGS.items()
    for i, (theme, base) in enumerate((("light", svg.PALETTE), ("dark", svg.PALETTE_DARK)))
}


@pytest.mark.parametrize("palette", list(PALETTES.values()), ids=list(PALETTES))
def test_every_mark_stands_out_on_the_board_and_the_fortress(palette):
    """WCAG 2.1 non-text contrast (3:1) for each mark, on the paper and on the fortress, in both
    themes and every board colouring (the coordinates, text, 4.5:1 on the paper)."""
    assert contrast(palette["coord"], palette["paper"]) >= 4.5
    for ground in ("paper", "fort"):
        for mark in MARKS:
            assert contrast(palette[mark], palette[ground]) >= 3, (mark, ground)
        for piece in ("officer", "rebel"):  # a piece stands out by its fill or by its edge
            edge = palette[piece + "-edge"]
            assert max(contrast(palette[piece], palette[ground]), contrast(edge, palette[ground])) >= 3, (piece, ground)


def test_each_mark_has_its_own_colour():
    for palette in (svg.PALETTE, svg.PALETTE_DARK):
        marks = [palette[m] for m in ("target", "last", "engine", "marked", "blue", "yellow")]
        assert len(set(marks)) == len(marks)


def test_text_is_escaped_never_markup():
    geometry = BOARDS["standard"].to_json()
    title = 'Officers <b>win</b> & "<img src=x onerror=alert(1)>"'
    root = parse(svg.board(geometry, {}, title=title, label=lambda name: f"<i>{name}</i>"))
    assert root.find("s:title", NS).text == title
    assert root.find(".//s:b", NS) is None and root.find(".//s:img", NS) is None
    assert root.find(".//s:circle[@data-point='d4']", NS).get("aria-label") == "<i>d4</i>"


def test_the_style_is_shared_and_complete():
    assert "$" not in svg.BOARD_CSS and "var(" not in svg.BOARD_CSS  # literal colours for any SVG tool
    assert svg.PALETTE["fort"] in svg.BOARD_CSS
    assert f"--fort: light-dark({svg.PALETTE['fort']}, {svg.PALETTE_DARK['fort']})" in svg.palette_css()
    assert "var(--fort)" in svg.PAGE_BOARD_CSS and "#" not in svg.PAGE_BOARD_CSS  # the page's board follows the theme
    bare = parse(svg.board(BOARDS["standard"].to_json(), {}, css=False, coords=False))
    assert bare.find("s:style", NS) is None
    assert bare.findall(".//s:g[@class='layer-coords']/s:text", NS) == []


def test_diagram_command_writes_the_position_after_a_ply(tmp_path, capsys):
    game = Game("assault")
    for move in ("d4-d5", "c5-c6"):
        game.play(move)
    record = tmp_path / "game.txt"
    record.write_text(game.record())
    out = tmp_path / "fig.svg"
    code, _, err = diagram(capsys, "--record", str(record), "--ply", "1", "--arrows", "c5-c6", "-o", str(out))
    assert code == 0, err
    root = parse(out.read_text())
    game.go_to(1)
    assert drawn_pieces(root) == game.board.pieces()
    assert root.find(".//s:g[@data-move='c5-c6']", NS) is not None
    code, text, _ = diagram(capsys, "--position", game.board.text(), "--highlight", "d5", "--flip", "--no-coords")
    root = parse(text)
    assert code == 0 and root.find("s:title", NS).text == game.board.text()
    assert root.find(".//s:circle[@data-mark='d5']", NS) is not None
    assert root.findall(".//s:g[@class='layer-coords']/s:text", NS) == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--position", "assault 3/3 r - 1"], "has 7 ranks, found 2"),
        (["--arrows", "d4-d9x"], "bad move 'd4-d9x'"),
        (["--arrows", "a1-b2"], "point 'a1' is not on the standard board"),
        (["--highlight", "a7"], "point 'a7' is not on the standard board"),
        (["--record", "/no/such/record.txt"], "cannot read the record"),
        (["--ply", "3"], "--ply and --chapter need --record"),
        (["--chapter", "1"], "--ply and --chapter need --record"),
    ],
)
def test_diagram_command_refuses_bad_input(capsys, args, message):
    code, out, err = diagram(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err


def test_diagram_command_refuses_a_ply_outside_the_record(tmp_path, capsys):
    record = tmp_path / "game.txt"
    record.write_text('[Ruleset "assault"]\n\n1. d4-d5 *\n')
    code, _, err = diagram(capsys, "--record", str(record), "--ply", "5")
    assert code == 2 and "outside the record, which has 1 moves" in err
    record.write_text('[Ruleset "assault"]\n\n1. d4-d5 c3-c9 *\n')
    code, _, err = diagram(capsys, "--record", str(record))
    assert code == 2 and "c3-c9" in err


def test_diagram_command_reads_every_colour_and_a_study_by_chapter_as_the_page_writes_them(tmp_path, capsys):
    marks = "[%cal Rc5c6,Bd5d6,Yb5c5,Gd4d5] [%csl Re5,Bd4,Ye4,Gc4] Four colours."
    study = Study("Sieges")
    study.add(Game.from_record("1. d4-d5 {" + marks + "} *"), "Marks")
    study.add(Game.from_record("1. d4-d5 c5-c6 2. b5-c5 *"), "Three moves")
    record = tmp_path / "study.pgn"
    record.write_text(study.record())
    code, _, err = diagram(capsys, "--record", str(record))
    assert code == 2 and "holds 2 games (a study's chapters): choose one with --chapter 1 to 2" in err
    code, text, err = diagram(capsys, "--record", str(record), "--chapter", "1", "--ply", "1")
    assert code == 0, err
    root = parse(text)
    arrows = {g.get("data-move"): g.get("class") for g in root.findall(".//s:g[@data-move]", NS)}
    assert arrows == {"c5-c6": "arrow c-red", "d5-d6": "arrow c-blue", "b5-c5": "arrow c-yellow", "d4-d5": "arrow"}
    points = {c.get("data-mark"): c.get("class") for c in root.findall(".//s:circle[@data-mark]", NS)}
    assert points == {
        "e5": "m-highlight c-red",
        "d4": "m-highlight c-blue",
        "e4": "m-highlight c-yellow",
        "c4": "m-highlight",
    }
    code, text, err = diagram(
        capsys, "--record", str(record), "--chapter", "2", "--arrows", "Rd5-d6", "--highlight", "Be5"
    )
    assert code == 0, err
    assert drawn_pieces(parse(text)) == study.chapters[1].game.board.pieces()
    code, _, err = diagram(capsys, "--record", str(record), "--chapter", "3")
    assert code == 2 and "--chapter 3: the record holds 2 games" in err


def test_the_module_runs_as_a_process():
    done = subprocess.run(
        [sys.executable, "-m", "asalto_core", "diagram", "--ruleset", "ludii"],
        capture_output=True,
        text=True,
        cwd=ROOT / "pkg",
        check=False,
    )
    assert done.returncode == 0 and drawn_pieces(parse(done.stdout)) == Position.start("ludii").pieces()


@pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")
def test_micropython_draws_the_same_bytes():
    """The page runs this module on MicroPython: its drawing must equal CPython's, byte for byte."""
    geometry = BOARDS["royal-garrison"].to_json()
    pieces = {"d4": "R", "c5": "O", "e7": "O"}
    options = {"arrows": ["d5xd3xf3", "He5:c3-c4", "c5-d4"], "highlight": ["e5"], "title": "<b> & me"}
    expected = svg.board(geometry, pieces, flipped=True, marked_lines=True, **options)
    data = json.dumps({"g": geometry, "p": pieces, "o": options})
    code = (
        f"import json\nfrom asalto_core import svg\nd = json.loads({data!r})\n"
        "print(svg.board(d['g'], d['p'], flipped=True, marked_lines=True, arrows=d['o']['arrows'], "
        "highlight=d['o']['highlight'], title=d['o']['title']), end='')"
    )
    assert micropython.run(code).rstrip("\n") == expected.rstrip("\n")
