"""Issue 36's engine reproducers (hardening, round four): each input gets a clear AsaltoError, on
CPython and on the page's MicroPython alike."""

import json

import micropython
import pytest
from time_factor import TIME_FACTOR

from asalto_core import AsaltoError, embed, links, svg
from asalto_core.book import Book, load
from asalto_core.rulesets import custom_name
from asalto_core.session import MAX_MOVES
from asalto_core.study import Study
from helpers import page_modules_on_path, page_sources

LONG = "assault:rebels=any,repetition=off"
CYCLE = ("d4-d5", "c5-c6", "d5-d4", "c6-c5")

# Each case: a Python expression (names: links, svg, embed, Study, Book, custom_name, trainer_state, G,
# long_record, raise_if) and a piece of the AsaltoError's message it must raise (raise_if turns a reason
# returned as text, as safe_record_url returns it, into one). Run as text, so MicroPython runs the very same.
CASES = [
    # 2: the 5,000-move limit holds in a study's chapters too (and its share link's record)
    ("Study.from_record(long_record + '\\n[Event \"b\"]\\n\\n1. d4-d5 *\\n')", "at most 5000"),
    ("links.share_session(links.read_query(links.share_query(long_record, [0])))", "5000"),
    ("Study.from_record('1. d4-d5 {' + 'x' * 300000 + '} *\\n[Event \"b\"]\\n\\n*')", "at most 300000"),
    # 5: a damaged puzzle set
    ('trainer_state.read_set(\'{"puzzles": [{"id": "a\')', "damaged"),
    ("trainer_state.read_set('[]')", "no list of puzzles"),
    ('trainer_state.read_set(\'{"puzzles": [{"id": 5}]}\')', "no puzzle that reads"),
    # 6: a damaged book is refused whole when read
    ('Book.from_json(\'{"ruleset": "assault", "positions": {"k": ["x"]}}\')', "not an opening book"),
    (
        'Book.from_json(\'{"ruleset": "assault", "positions": {"k": ["d4-d5", 0, 1, [["c3-c4", "x"]]]}}\')',
        "not an opening book",
    ),
    # 11: leftovers
    ("custom_name('assault', None)", "a table of option names"),
    ("custom_name('assault', {'win': '12,first=officers'})", "one option's value"),
    ("links.read_share({'record': '1. d4-d5 *', 'path': '1.\u00b2'})", "not a move of the game"),
    ("links.read_share({'moves': 'd4-d5', 'ply': '\u00b2'})", "not a number"),
    ("links.read_game({'game': links.pack('1\\nabcdefghij\\nassault\\n\\nd4-d5\\n\u00b2')})", "its time is wrong"),
    ("raise_if(embed.safe_record_url(5))", "must be text"),
    ("raise_if(embed.safe_record_url(['x']))", "must be text"),
    ("svg.board(G, None)", "pieces must be"),
    ("svg.board(G, {}, arrows='d4-d5')", "arrows must be"),
    ("svg.board(G, {}, highlight=[5])", "highlight must be"),
    ("svg.board(None, {})", "a geometry must be"),
    ("svg.sheet(G, [None])", "a diagram must be"),
    ("svg.sheet(G, [], columns='2')", "columns must be"),
    ("svg.sheet_html(G, {'pieces': {}})", "diagrams must be"),
    ("svg.eval_graph(None)", "chances must be"),
    ("svg.eval_graph([0.5], [5])", "marks must be"),
    ("svg.eval_graph([0.5], current=None)", "whole number"),
    ("svg.wrap('a b', None)", "a width must be"),
    ("svg.mark_colour(None)", "a mark must be text"),
]
CPYTHON_ONLY = [  # a lone surrogate: only CPython's text can hold one
    ("links.read_query('a=\\ud800')", "half a character"),
    ("links.pack('\\ud800')", "half a character"),
    ("links.write_query([('a', '\\ud800')])", "half a character"),
]


def raise_if(reason):
    """An AsaltoError with ``reason``, when there is one."""
    if reason:
        raise AsaltoError(reason)


def long_record():
    from asalto_core import Game

    game = Game(LONG)
    for i in range(MAX_MOVES + 1):
        game.play(CYCLE[i % 4])
    return game.record()


@pytest.fixture(scope="module")
def names():
    page_modules_on_path()
    from asalto_core import BOARDS
    from puzzles import state as trainer_state

    return {
        "links": links, "svg": svg, "embed": embed, "raise_if": raise_if, "Study": Study, "Book": Book,
        "custom_name": custom_name, "trainer_state": trainer_state, "G": BOARDS["standard"].to_json(),
        "long_record": long_record(),
    }  # fmt: skip


@pytest.mark.parametrize("expr, message", CASES + CPYTHON_ONLY)
def test_each_reproducer_gets_a_clear_error_on_cpython(names, expr, message):
    with pytest.raises(AsaltoError, match=message.replace("(", "\\(")):
        eval(expr, dict(names))


MPY_RUN = """
import json, sys
sys.path.append("/lib")
from asalto_core import AsaltoError, BOARDS
import asalto_core.links as links
import asalto_core.svg as svg
import asalto_core.embed as embed
from asalto_core.book import Book
from asalto_core.rulesets import custom_name
from asalto_core.study import Study
from puzzles import state as trainer_state
def raise_if(reason):
    if reason:
        raise AsaltoError(reason)
names = {"links": links, "svg": svg, "embed": embed, "raise_if": raise_if, "Study": Study, "Book": Book,
         "custom_name": custom_name, "trainer_state": trainer_state, "G": BOARDS["standard"].to_json(),
         "long_record": open("/lib/long_record.txt").read()}
out = []
for expr in json.loads(open("/lib/cases.json").read()):
    try:
        eval(expr, names)
        out.append("no error")
    except AsaltoError as err:
        out.append(str(err))
    except Exception as err:
        out.append(type(err).__name__ + ": " + str(err))
print(json.dumps(out))
"""


@pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")
def test_each_reproducer_gets_the_same_clear_error_on_micropython(names):
    extra = page_sources("puzzles/state.py", "lib/board_input.py", "lib/keys.py")
    extra["cases.json"] = json.dumps([expr for expr, _ in CASES])
    # The same text as CPython's: replaying its 5001 moves again on MicroPython took most of this test's CPU.
    extra["long_record.txt"] = names["long_record"]
    got = json.loads(micropython.run(MPY_RUN, extra, timeout=600 * TIME_FACTOR).strip().splitlines()[-1])
    for (expr, message), answer in zip(CASES, got, strict=True):
        assert message in answer, f"{expr}: {answer}"


def test_a_damaged_book_is_ignored_and_said_once(tmp_path, monkeypatch, capsys):
    from asalto_core import book

    monkeypatch.setattr(book, "__file__", str(tmp_path / "book.py"))
    monkeypatch.setattr(book, "_LOADED", {})
    (tmp_path / "books").mkdir()
    (tmp_path / "books" / "assault.json").write_text('{"ruleset": "assault", "positions": {"k": ["x"]}}')
    assert load("assault") is None and load("assault") is None  # the computer searches
    assert capsys.readouterr().out.count("the opening book of assault is ignored") == 1
