"""The engine as a package: the console command, notebooks, and the wheel people install."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from asalto_core import Board, Game, InvalidPositionError, Position, UnknownRulesetError
from asalto_core.__main__ import main
from helpers import built_wheel

ROOT = Path(__file__).resolve().parents[1]
SVG = "{http://www.w3.org/2000/svg}"
TEXT = "asalto 3/O1O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR o - 5"


def pieces_drawn(svg_text: str) -> int:
    root = ET.fromstring(svg_text)
    return sum(1 for g in root.iter(SVG + "g") if "piece" in g.get("class", "").split())


# -- notebooks -------------------------------------------------------------------------------------
def test_board_position_and_game_show_as_the_page_draws_them():
    p = Position.from_text(TEXT)
    game = Game(p)
    game.play("c6-c7")
    game.go_to(0)
    for obj in (p, Board(p), game):
        svg_text = obj._repr_svg_()
        assert pieces_drawn(svg_text) == len(p.pieces()) == 26
        assert f"<title>{TEXT}</title>" in svg_text and 'data-board="standard"' in svg_text
    game.go_to(1)  # a game shows its cursor
    assert f"<title>{game.board.text()}</title>" in game._repr_svg_()


def test_the_repr_of_a_position_pastes_back():
    p = Position.from_text(TEXT)
    assert repr(p) == f"Position.from_text({TEXT!r})"
    assert eval(repr(p)) == p
    assert eval(repr(Board(p))).position == p


def test_board_and_position_have_the_same_views():
    p = Position.from_text(TEXT)
    b = Board(p)
    assert (b.ruleset, b.rules, b.turn, b.huffable(), b.pieces()) == (
        p.ruleset,
        p.rules,
        p.turn,
        p.huffable(),
        p.pieces(),
    )
    assert list(b.legal_moves) == list(p.legal_moves) == list(p.legal_moves())  # the old call still works


def test_a_board_refuses_a_position_of_another_ruleset():
    assert Board(TEXT).text() == Board("asalto", TEXT).text() == Board(position=TEXT).text() == TEXT
    with pytest.raises(InvalidPositionError, match="of the asalto ruleset, not assault"):
        Board("assault", TEXT)
    with pytest.raises(InvalidPositionError):
        Game("assault", Position.from_text(TEXT))
    with pytest.raises(UnknownRulesetError):
        Board("nowhere", TEXT)


def test_svg_is_there_after_a_plain_import():
    code = "import asalto_core as ac; print(ac.svg.board(ac.BOARDS['standard'].to_json(), {'d4': 'R'})[:4])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_env())
    assert out.stdout == "<svg\n"


# -- the command -------------------------------------------------------------------------------------
def test_play_reads_moves_and_the_computer_answers(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("d4-d5\nzz\n"))
    assert main(["play", "--computer", "officers", "--nodes", "300"]) == 0
    out = capsys.readouterr().out
    assert "rebels to move: d4-d5" in out and "computer: " in out and "error: bad move 'zz'" in out


def test_play_moves_from_the_arguments(capsys):
    assert main(["play", "--position", TEXT, "c6-c7"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "asalto O2/2O/R1RRRRR/RRRR1RR/RRRRRRR/RR1/RRR r e6 6"
    assert main(["play", "--ruleset", "ludii", "c6-c9"]) == 2
    assert "illegal move 'c6-c9'" in capsys.readouterr().err


def test_analyse_gives_the_move_the_verdict_and_the_line(capsys):
    assert main(["analyse", "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1", "--nodes", "500"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "best d4-d5" and out[1].startswith("verdict ") and out[2].startswith("line d4-d5")


# -- the wheel ---------------------------------------------------------------------------------------
def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT / "pkg")}


@pytest.mark.timeout(300)
def test_the_built_wheel_installs_the_command_the_licence_and_the_types(tmp_path):
    """``pip wheel`` (setuptools from the index, as ``build.py`` does), then a fresh venv without the index.
    The venv has no pip of its own (this one installs into it, ``pip --python``): ensurepip's copy
    took 4 of the test's CPU seconds and is not what is tested."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    wheel = built_wheel(tmp_path)
    names = zipfile.ZipFile(wheel).namelist()
    assert "asalto_core/py.typed" in names and any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert not any(n.startswith(("tests/", "site/", "bench/")) for n in names)
    venv.create(tmp_path / "venv")
    bin_dir = tmp_path / "venv" / "bin"
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", bin_dir / "python", "install", "--quiet", "--no-index", wheel],
        check=True,
        env=env,
        cwd=tmp_path,
    )
    perft = subprocess.run(
        [bin_dir / "asalto", "perft", "--ruleset", "assault", "--depth", "3"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tmp_path,
    )
    assert perft.stdout.splitlines()[:3] == ["1 1", "2 6", "3 34"]
    notebook = "import asalto_core as ac; print(ac.Game('assault')._repr_svg_().count('class=\"piece '))"
    shown = subprocess.run(
        [bin_dir / "python", "-c", notebook], capture_output=True, text=True, check=True, env=env, cwd=tmp_path
    )
    assert shown.stdout.strip() == "26"
