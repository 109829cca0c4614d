"""docs/teaching.md's puzzle parameters and its set snippet, in a page of another site, as written:
one puzzle by ``id`` (with ``count=1`` too), the puzzle of the day, and the set of the count asked."""

from __future__ import annotations

import re
import sys
from html import unescape

import pytest
from conftest import ROOT
from playwright.sync_api import expect
from test_embed import lesson_page

from asalto_core import Game, Position

sys.path.insert(0, str(ROOT / "site"))  # the pages' packages: the trainer's state
from puzzles import state as ts  # noqa: E402 - after the path is set

PUZZLES, _, _ = ts.read_set((ROOT / "site" / "puzzles" / "puzzles.json").read_text())
BY_ID = {p["id"]: p for p in PUZZLES}
DOCS = (ROOT / "docs" / "teaching.md").read_text()
SITE = "https://your-name.github.io/asalto/"


def docs_id() -> str:
    """The puzzle id the parameter table gives as its example."""
    row = next(line for line in DOCS.splitlines() if line.startswith("| `id`, `daily=1` |"))
    return re.search(r"`([a-z]{2}\d{4})`", row).group(1)


def set_snippet() -> str:
    """The docs' <iframe> of a themed set."""
    return re.search(r'<iframe src="[^"]*embed\.html\?[^"]*theme=[^"]*".*?</iframe>', DOCS, re.S).group(0)


def framed(context, tmp_path, snippet: str):
    """``snippet`` in a teacher's page on another local site; yields its frame, the trainer ready."""
    return lesson_page(context, tmp_path, snippet, ready="body[data-board=ready]")


def iframe(url: str) -> str:
    return f'<iframe src="{url}" width="420" height="760" title="A puzzle" style="border:0"></iframe>'


def shows(frame, puzzle: dict) -> None:
    expect(frame.locator("#about-id")).to_have_text("#" + puzzle["id"])
    expect(frame.locator("#board .piece")).to_have_count(len(Position.from_text(puzzle["position"]).pieces()))
    expect(frame.locator("#messages li")).to_have_count(0)


@pytest.mark.pages_only
@pytest.mark.parametrize("extra", ["", "&count=1"])
def test_one_trainer_puzzle_by_its_id(context, server, tmp_path, extra):
    wanted = BY_ID[docs_id()]
    with framed(context, tmp_path, iframe(f"{server.url}embed.html?id={wanted['id']}{extra}")) as frame:
        shows(frame, wanted)
        expect(frame.locator("#set-count")).to_have_text("Puzzle 1 of 1")


@pytest.mark.pages_only
@pytest.mark.parametrize("extra", ["", "&count=1"])
def test_the_puzzle_of_the_day(context, server, tmp_path, extra):
    with framed(context, tmp_path, iframe(f"{server.url}embed.html?daily=1{extra}")) as frame:
        today = frame.locator("body").evaluate(
            "() => { const d = new Date(); return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0')"
            " + '-' + String(d.getDate()).padStart(2, '0'); }"
        )
        shows(frame, ts.daily(PUZZLES, today))


@pytest.mark.pages_only
def test_the_docs_set_snippet_gets_the_count_it_asks_for(context, server, tmp_path):
    snippet = set_snippet().replace(SITE, server.url)
    query = dict(part.split("=", 1) for part in unescape(re.search(r"\?([^\"]*)\"", snippet).group(1)).split("&"))
    pool = ts.matching(PUZZLES, query["ruleset"], query["theme"], ts.difficulty_range(query["difficulty"]))
    wanted = ts.teacher_set(pool, int(query["count"]))
    assert len(wanted) == int(query["count"])
    with framed(context, tmp_path, snippet) as frame:
        expect(frame.locator("#set-count")).to_have_text(f"Puzzle 1 of {query['count']}")
        shows(frame, wanted[0])


@pytest.mark.pages_only
def test_a_set_shorter_than_its_count_says_so(context, server, tmp_path):
    url = f"{server.url}embed.html?ruleset=assault&theme=chain&difficulty=medium&count=50"
    pool = ts.matching(PUZZLES, "assault", "chain", ts.difficulty_range("medium"))
    with framed(context, tmp_path, iframe(url)) as frame:
        expect(frame.locator("#messages li")).to_have_text(
            [f"only {len(pool)} puzzles match the link, fewer than the 50 asked for: the set has {len(pool)}"]
        )
        expect(frame.locator("#set-count")).to_have_text(f"Puzzle 1 of {len(pool)}")


@pytest.mark.pages_only
def test_the_docs_game_snippet_opens_at_the_move_and_comment_its_picture_shows(context, server, tmp_path):
    block = DOCS.split("<!-- snippet:begin -->", 1)[1].split("<!-- snippet:end -->", 1)[0]
    snippet = re.search(r"<iframe .*?</iframe>", block, re.S).group(0).replace(SITE, server.url)
    ply = int(re.search(r"ply=(\d+)", snippet).group(1))
    picture = re.search(r"!\[The embed view of the example game at move (\d+), with its comment", DOCS)
    shot = re.search(r'embed\.goto\(url \+ "(embed\.html\?[^"]*)"\)', (ROOT / "docs" / "screenshots.py").read_text())
    assert int(picture.group(1)) == ply and shot.group(1) == unescape(
        re.search(r'src="[^"]*/(embed\.html\?[^"]*)"', snippet).group(1)
    )
    record = re.search(r"record-url=([^&\"]*)", snippet).group(1)
    comment = Game.from_record((ROOT / "site" / record).read_text()).comments[ply]
    assert comment
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("#comment")).to_have_text(comment)
