"""The opening book: every named ruleset's first computer moves, kept honest against the engine."""

import json
from pathlib import Path

import micropython
import pytest

from asalto_core import AsaltoError, Position, __version__
from asalto_core.ai import LEVELS, book_move
from asalto_core.book import MOVES, WIDEST_MARGIN, Book, load, position_key
from asalto_core.rulesets import RULESET_NAMES
from helpers import script

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    return script("tools/make_book.py")


make_book = _tool()


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_every_named_ruleset_has_a_book_covering_the_computers_first_moves(ruleset):
    book = load(ruleset)
    assert book is not None and len(book) > 0
    assert book.provenance["engine"] == __version__
    assert (book.provenance["moves"], book.provenance["nodes"]) == (MOVES, make_book.NODES)
    # Every position the computer can meet in its first moves, through the book's own moves, is in it.
    assert make_book.positions_to_search(ruleset, book.entries) == []
    assert Position.start(ruleset) in book  # the computer may move first


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_every_book_move_is_legal_and_the_alternatives_within_the_widest_margin(ruleset):
    book = load(ruleset)
    for key, (best, _score, depth, others) in book.entries.items():
        position = Position.from_text(key + " 1")
        legal = {str(m) for m in position.legal_moves}
        assert best in legal and depth >= 1
        assert all(m in legal and m != best and 0 <= worse <= WIDEST_MARGIN for m, worse in others)


# One position of each of three rulesets, searched again: the same move, score and alternatives.
SAMPLE = [("assault", 5), ("citadelle", 40), ("royal-garrison", 20)]


@pytest.mark.parametrize(("ruleset", "index"), SAMPLE)
def test_a_sample_searched_again_gives_the_same_entry(ruleset, index):
    book = load(ruleset)
    keys = sorted(book.entries)
    key = keys[index % len(keys)]
    assert make_book.entry(key + " 1") == book.entries[key]


def test_the_strong_levels_play_the_books_move_and_the_weaker_stray_within_their_margin():
    start = Position.start("asalto")  # the officers place first: 36 placings, many almost as good
    book = load("asalto")
    best, _, _, others = book.entries[position_key(start)]
    for level in ("strong", "strongest"):
        assert {str(book_move(start, level, seed).move) for seed in range(20)} == {best}
    for level in ("beginner", "casual"):
        allowed = {best} | {m for m, worse in others if worse <= LEVELS[level].margin}
        picked = {str(book_move(start, level, seed).move) for seed in range(40)}
        assert picked <= allowed
        assert len(picked) > 1 or len(allowed) == 1
    assert book_move(start, "casual", 7).move == book_move(start, "casual", 7).move  # the seed decides


def test_a_position_out_of_the_book_or_a_house_rule_is_searched():
    assert book_move(Position.from_text("assault R1R/RRR/RRRRR2/7/R1O1O2/3/3 r - 52"), "strongest") is None
    assert book_move(Position.start("assault:first=officers"), "strongest") is None


def test_a_book_move_that_would_repeat_a_position_is_not_played_from_the_book():
    book = load("assault")
    start = Position.start("assault")
    after = start.play(book.entries[position_key(start)][0]).text()
    assert book.choose(start, 0, 0, history=[after]) is None


@pytest.mark.parametrize("text", ["", "[]", '{"ruleset": 3, "positions": {}}', '{"positions": {}}', "{"])
def test_a_malformed_book_is_an_error(text):
    with pytest.raises(AsaltoError, match="not an opening book"):
        Book.from_json(text)


def test_a_book_file_reads_back_as_written():
    book = load("assault")
    assert Book.from_json(book.to_json()).to_json() == book.to_json()


@pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")
def test_the_page_chooses_the_same_book_moves_on_micropython():
    """The game page reads the book on MicroPython: the same moves at every level and seed."""
    cases = [(r, m, s) for r in ("asalto", "royal-garrison-diagonals") for m in (0, 40, 120) for s in range(5)]
    code = (
        "import json\nfrom asalto_core.book import Book\nfrom asalto_core.position import Position\n"
        "out, books = [], {}\n"
        "for ruleset, margin, seed in json.loads(open('/lib/cases.json').read()):\n"
        "    if ruleset not in books:  # read once, as the page reads it\n"
        "        books[ruleset] = Book.from_json(open('/lib/' + ruleset + '.json').read())\n"
        "    out.append(str(books[ruleset].choose(Position.start(ruleset), margin, seed).move))\n"
        "print(json.dumps(out))\n"
    )
    extra = {"cases.json": json.dumps(cases)}
    for ruleset in ("asalto", "royal-garrison-diagonals"):
        extra[f"{ruleset}.json"] = load(ruleset).to_json()
    on_mpy = json.loads(micropython.run(code, extra))
    assert on_mpy == [str(load(r).choose(Position.start(r), m, s).move) for r, m, s in cases]


def test_the_docs_state_each_books_size():
    text = (ROOT / "docs" / "playing.md").read_text()
    section = text.split("<!-- book:begin -->\n", 1)[1].split("<!-- book:end -->", 1)[0]
    assert section == make_book.table(), "run: python tools/make_book.py --table"


def test_the_course_book_never_strays_to_a_pass():
    """A pass is a move in the course's rules and the book lists it among the alternatives; a weaker
    level strays to a move almost as good, as its search does, never to a pass."""
    book = load("course")
    assert any(m == "--" for _, _, _, others in book.entries.values() for m, _ in others)
    for key in book.entries:
        position = Position.from_text(key + " 1")  # the key is the text without its move number
        for seed in range(8):
            assert str(book.choose(position, WIDEST_MARGIN, seed).move) != "--"


def test_a_book_entry_that_reads_but_is_illegal_is_never_played():
    """A damaged book (an entry of the right shape naming a move the rules do not allow) is searched past."""
    after = Position.start("assault").play("d4-d5")
    book = Book("assault", {position_key(after): ["e5-e7", 0, 0, []]}, {})
    assert book.choose(after, 0) is None and book.choose(after, 120, 3) is None
    book = Book("assault", {position_key(after): ["e5-e7", 0, 0, [["e5-e6", 0]]]}, {})
    assert str(book.choose(after, 120).move) == "e5-e6"  # a legal alternative is still the book's
