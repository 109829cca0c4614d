"""bench/code_shape.py counts what issue 37's closing note reports: the writes to the game page's
state outside its one writer (site/game/api.py), App's fields through its groups."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from helpers import script

ROOT = Path(__file__).resolve().parents[1]
code_shape = script("bench/code_shape.py", "bench_code_shape")


@pytest.fixture(scope="module")
def this_tree() -> dict:
    """This tree's shape, read once for the tests that ask it (reading the game page takes seconds)."""
    return code_shape.shape(ROOT)


APP = """
class Play:
    def __init__(self):
        self.session = None
        self.redo = []

class Ui:
    def __init__(self):
        self.settings = {}
        self.inp = Input()

class App:
    def __init__(self):
        self.play = Play()
        self.ui = Ui()
        self.loose = 0

app = App()
"""
GAME = """
from game.app import app

def move():
    app.play.redo = []  # a write
    app.ui.settings["mode"] = "humans"  # into a field
    setattr(app.ui, "loose", 1)
    app.ui.inp.reset()  # the input's own step
    return app.ui.inp.targets(None), app.play.session  # reads
"""


def tree(tmp: Path) -> Path:
    for path, text in {
        "site/game/app.py": APP,
        "site/game/api.py": "from game.app import app\n\ndef set(x):\n    app.play.redo = x\n",
        "site/game/game.py": GAME,
        "README.md": "# x\n",
    }.items():
        (tmp / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp / path).write_text(text)
    (tmp / "pkg" / "asalto_core").mkdir(parents=True)
    (tmp / "bench").mkdir()
    return tmp


def test_writes_outside_the_api_are_counted_however_deep_the_field_and_reads_are_not(tmp_path):
    shape = code_shape.shape(tree(tmp_path))
    assert shape["writers"] == {"game": 4}  # the API's own write is not counted
    assert shape["groups"] == 2 and shape["fields"] == 5  # session, redo, settings, inp and loose


ALIASED = """
from game.app import app
from game import api

def review(depth):
    rv = app.play.review  # a local name for the review dict
    rv["state"] = "running"  # a write into App
    points(rv, [1])
    fresh = {"moves": []}
    fresh["state"] = "starting"  # not yet App's
    api.set("panel", review=fresh)
    fresh.update(state="done")  # App's now
    return rv["moves"]  # a read

def points(held, found):
    held["points"].extend(found)  # App's: every caller in the module hands it the review
    copy = list(found)
    copy.append(0)  # a list of its own
"""


def test_writes_through_a_local_name_or_a_parameter_for_a_part_of_the_state_are_counted(tmp_path):
    root = tree(tmp_path)
    (root / "site/game/game.py").write_text(ALIASED)
    assert code_shape.shape(root)["writers"] == {"game": 3}


def test_the_api_is_the_one_writer_of_the_game_page_in_this_tree(this_tree):
    assert this_tree["writers"] == {} and this_tree["groups"] == 4 and this_tree["fields"] > 35


def test_an_import_of_another_apps_module_is_found_and_lib_imports_no_app(tmp_path):
    root = tree(tmp_path)
    for path, text in {
        "site/lib/page.py": "from game.app import app\n",  # the shared library reaching into an app
        "site/lib/i18n.py": "import json\n",
        "site/embed/view.py": "from lib import i18n\nfrom lib.page import el\n\ndef f():\n    from game import api\n",
        "site/puzzles/state.py": "from embed.view import f\n",
    }.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    graph = code_shape.import_graph(root)
    assert graph["embed/view.py"] == {"lib/i18n.py", "lib/page.py", "game/api.py"}
    assert code_shape.app_crossings(graph) == [
        "embed/view.py -> game/api.py",
        "lib/page.py -> game/app.py",
        "puzzles/state.py -> embed/view.py",
    ]


def test_a_flat_tree_from_before_the_packages_is_read_by_its_module_names(tmp_path):
    root = tree(tmp_path)
    (root / "site/game/api.py").write_text("from app import app\nimport frames\n")
    (root / "site/game/frames.py").write_text("import json\n")
    graph = code_shape.import_graph(root)
    assert graph["game/api.py"] == {"game/app.py", "game/frames.py"} and graph["game/game.py"] == {"game/app.py"}
    assert code_shape.floors(graph, "game") == {
        "game/app.py": 1,
        "game/frames.py": 1,
        "game/api.py": 2,
        "game/game.py": 2,
    }


def test_no_app_imports_another_apps_module_in_this_tree():
    graph = code_shape.import_graph(ROOT)
    assert code_shape.app_crossings(graph) == []
    assert any(n.startswith("lib/") for edges in graph.values() for n in edges), "the apps' imports of lib are read"


ASKING = """
async def ask(eng, worker):
    await eng.call("think", "{}", 1000, "think-1")
    await worker.call("progress", None, 6000)
    await eng.call(method, None)  # a method by name: not counted
    return eng.calls("think")
"""


def test_questions_to_the_engine_are_counted_by_module(tmp_path):
    root = tree(tmp_path)
    (root / "site/game/learn.py").write_text(ASKING)
    shape = code_shape.shape(root)
    assert shape["engine_asks"] == {"learn": 1} and shape["worker_calls"] == {"learn": 2}


def test_one_module_of_the_game_page_asks_the_engine_and_calls_its_workers(this_tree):
    assert this_tree["engine_asks"] == {"engine_questions": 1}
    assert list(this_tree["worker_calls"]) == ["engine_questions"]


TWO_WRITERS = """
from game.app import app

def _set(change, **fields):
    pass

def think(purpose):
    _set("progress", thinking=purpose, depth=0)

def stop_thinking():
    _set("progress", thinking="")  # a second writer of thinking

def searched_to(depth):
    _set("progress", depth=depth)  # and of depth

def end_review():
    stop_thinking()  # through the verb that owns it: not a writer of its own

def enter(step):
    getattr(app.ui.inp, step)()  # the input's own step

def toggle_annotating():
    app.ui.inp.reset()  # ... and its step outside the verb that owns it
"""


def test_a_field_more_than_one_verb_writes_itself_is_found_with_its_verbs():
    writers = code_shape.field_writers(ast.parse(TWO_WRITERS))
    assert writers == {
        "depth": ["searched_to", "think"],
        "inp": ["enter", "toggle_annotating"],
        "thinking": ["stop_thinking", "think"],
    }


# Fields a second verb may write besides their owner, each with why: none.
SHARED_ON_PURPOSE: dict[str, str] = {}


def test_every_field_of_the_game_page_has_one_verb_that_writes_it(this_tree):
    """api.py's verbs each own what they write (chessground's api.ts): who writes ``thinking`` has one answer."""
    assert set(this_tree["fields_by_verbs"]) <= set(SHARED_ON_PURPOSE), this_tree["fields_by_verbs"]
    assert 20 <= this_tree["verbs"] <= 35
