"""The lesson pages (site/examples*.html) and their records: every figure reads without a problem."""

import html
import urllib.parse
from html.parser import HTMLParser
from pathlib import Path

import pytest

from asalto_core.embed import read_params
from asalto_core.record import Game, split_comment
from asalto_core.rulesets import RULESET_NAMES
from asalto_core.session import Session

SITE = Path(__file__).resolve().parents[1] / "site"
PAGES = tuple(sorted(path.name for path in SITE.glob("examples*.html")))  # one lesson per language
RECORDS = sorted((SITE / "examples").glob("*.txt"))


class Frames(HTMLParser):
    """A lesson page's frames (their attributes, with ``heading``: the title of the figure above)."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, str]] = []
        self.scripts = 0
        self.heading: list[str] | None = None  # the <h2> being read, else None
        self.last_heading = ""

    def handle_starttag(self, tag, attrs):
        if tag == "iframe":
            self.frames.append({k: v or "" for k, v in attrs} | {"heading": self.last_heading})
        elif tag == "script":
            self.scripts += 1
        elif tag == "h2":
            self.heading = []

    def handle_data(self, data):
        if self.heading is not None:
            self.heading.append(data)

    def handle_endtag(self, tag):
        if tag == "h2" and self.heading is not None:
            self.last_heading = "".join(self.heading).split(". ", 1)[-1]  # "3. A chain capture"
            self.heading = None


def figures(name: str) -> Frames:
    parser = Frames()
    parser.feed((SITE / name).read_text())
    return parser


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_every_example_record_reads_to_its_end(path):
    text = path.read_text()
    session, warning = Session.from_text(text)
    assert warning == ""
    game = Game.from_record(text)
    assert Game.from_record(game.record()) == game
    board = game.board.geometry
    for line in [game.line] + [v for vs in game.variations for v in vs]:
        for comment in line.comments:
            _plain, arrows, points = split_comment(comment)
            assert all(p in board.index for a in arrows for p in a.replace("x", "-").split("-"))
            assert all(p in board.index for p in points)


@pytest.mark.parametrize("name", PAGES)
def test_each_lesson_page_has_its_figures_and_every_link_reads(name):
    page = figures(name)
    lang = name.removeprefix("examples").removesuffix("html").strip(".")
    assert page.scripts == 0  # the CSP forbids inline scripts; the page needs none
    assert "Content-Security-Policy" in (SITE / name).read_text()
    ids = [f["id"] for f in page.frames]
    assert len(ids) >= 10 and len(set(ids)) == len(ids)
    for needed in ("ex-steps", "ex-position", "ex-huff", "ex-fortress", "ex-trapped", "ex-german", "ex-royal"):
        assert needed in ids
    modes = set()
    for frame in page.frames:
        src = html.unescape(frame["src"])
        assert src.startswith("embed.html?") and frame["title"]
        params = dict(urllib.parse.parse_qsl(src.split("?", 1)[1]))
        opts, problems = read_params(params, RULESET_NAMES)
        assert problems == [], (frame["id"], problems)
        assert opts["lang"] == lang
        if opts["record_url"]:
            text = (SITE / opts["record_url"]).read_text()
            session, warning = Session.from_text(text)
            assert warning == ""
            if opts["ply"] is not None:
                assert opts["ply"] < len(session.frames())
        modes.add("puzzle" if opts["puzzle"] else "record" if opts["record_url"] else "position")
    assert modes == {"puzzle", "record", "position"}
    game = next(f for f in page.frames if f["id"] == "ex-game")
    record = (
        SITE / dict(urllib.parse.parse_qsl(html.unescape(game["src"]).split("?", 1)[1]))["record-url"]
    ).read_text()
    annotated = Game.from_record(record)
    assert annotated.variations and any(split_comment(c)[1] for c in annotated.comments)


def test_the_lesson_pages_are_built_and_cached():
    import build

    assert set(PAGES) <= set(build.html_pages())
    assert "...__PAGES__" in (SITE / "lib" / "sw.js").read_text()


def _titles(name: str) -> dict[str, str]:
    """Each figure's record title (its Event tag), by the figure's id."""
    out = {}
    for frame in figures(name).frames:
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(html.unescape(frame["src"])).query)
        if "record-url" in query:
            out[frame["id"]] = Game.from_record((SITE / query["record-url"][0]).read_text()).tags.get("Event", "")
    return out


@pytest.mark.parametrize("name", ["examples.fr.html", "examples.de.html", "examples.es.html"])
def test_the_translated_lessons_title_their_figures_in_their_language(name):
    english, here = _titles("examples.html"), _titles(name)
    assert here.keys() == english.keys() and len(here) >= 5
    for fid, title in here.items():
        assert title and title != english[fid], fid


@pytest.mark.parametrize("name", PAGES)
def test_each_figures_frame_is_titled_as_its_heading(name):
    """A screen reader names each frame by its title: the figure's heading, in the page's language."""
    frames = figures(name).frames
    assert frames and all(f["title"] == f["heading"] for f in frames), [(f["title"], f["heading"]) for f in frames]
