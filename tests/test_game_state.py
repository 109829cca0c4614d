"""The pages' pure state (site/game/state.py and site/lib/board_input.py, run by MicroPython in the
browser): move entry, whose move it is, and what another game on the board starts with."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import micropython
import pytest

from asalto_core import RULESETS, Board
from asalto_core.session import Session
from asalto_core.study import Study
from helpers import page_modules_on_path, page_sources

ROOT = Path(__file__).resolve().parents[1]

page_modules_on_path()
from game import state  # noqa: E402 - after the path is set
from lib import board_input  # noqa: E402


@pytest.mark.parametrize(
    ("move", "points"),
    [("d3-d4", ["d3", "d4"]), ("c5xc3xe3", ["c5", "c3", "e3"]), ("Hd5:c5-c4", ["c5", "c4"]), ("@c1,d1", ["c1", "d1"])],
)
def test_hint_path_names_the_points_of_a_move(move, points):
    assert state.hint_path(move) == points


def found(ruleset, wanted):
    """A board from seeded random play where ``wanted(board)`` holds."""
    for seed in range(300):
        rnd, board = random.Random(seed), Board(ruleset)
        for _ in range(80):
            if wanted(board):
                return board
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rnd.choice(moves))
    raise AssertionError("no such position found")


def huff_board():
    return found("asalto", lambda b: b.position.huffable() and any(m.huff and m.path for m in b.legal_moves))


def test_press_on_a_huffable_officer_picks_then_drops_the_huff():
    board = huff_board()
    officer = next(m.huff for m in board.legal_moves if m.huff and m.path)
    inp = board_input.Input()
    assert inp.press(board, officer) == ("huff", officer)
    assert inp.huff == officer
    assert inp.press(board, officer) == ("huff", None)
    assert inp.huff is None


def test_a_huff_then_a_step_plays_the_huffing_move():
    board = huff_board()
    officer = next(m.huff for m in board.legal_moves if m.huff and m.path)
    inp = board_input.Input()
    inp.press(board, officer)
    step = next(m for m in board.legal_moves if m.huff == officer and m.path)
    assert inp.press(board, step.path[0]) == ("select", step.path[0])
    assert inp.press(board, step.path[1]) == ("play", str(step))


def test_the_officer_pressed_while_a_rebel_is_selected_is_huffed_and_the_rebel_stays_selected():
    board = huff_board()
    officer = next(m.huff for m in board.legal_moves if m.huff and m.path)
    step = next(m for m in board.legal_moves if m.huff == officer and m.path)
    inp = board_input.Input()
    assert inp.press(board, step.path[0]) == ("select", step.path[0])
    assert inp.press(board, officer) == ("huff", officer)
    assert inp.clicks == [step.path[0]]
    assert inp.press(board, step.path[1]) == ("play", str(step))


def test_press_plays_every_legal_move_of_every_start():
    for name in RULESETS:
        board = Board(name)
        for m in board.legal_moves:
            if m.null:
                continue  # a pass is no click: the course's Pass button plays it
            inp = board_input.Input()
            action = ("cancel", "")
            for point in reversed(m.place) if m.place else m.path:  # a placement in any order
                action = inp.press(board, point)
            assert action == ("play", str(m)), (name, str(m))


def test_a_chain_may_stop_where_the_rules_allow():
    board = found("asalto", lambda b: any(m.jump and len(m.path) > 2 for m in b.legal_moves))
    m = next(m for m in board.legal_moves if m.jump and len(m.path) > 2)
    inp = board_input.Input()
    inp.press(board, m.path[0])
    assert inp.press(board, m.path[1]) == ("select", m.path[1])
    assert inp.can_stop(board)  # asalto's huffing rules let a chain stop after any jump
    assert inp.stop(board) == ("play", str(board.move_for(m.path[:2])))


def test_an_officer_that_failed_goes_with_any_rebel_move_in_the_citadelle():
    board = found("citadelle", lambda b: len(b.position.huffable()) == 1 and len(b.legal_moves) > 1)
    step = board.legal_moves[0]
    inp = board_input.Input()
    assert inp.press(board, step.path[0]) == ("select", step.path[0])  # no huff to choose first
    assert inp.press(board, step.path[1]) == ("play", str(step)) and step.huff


def test_where_two_officers_could_go_the_rebels_say_which_before_their_step():
    board = Board.from_text("citadelle 3/3/2O1O2/RRR1RRR/RR3RR/RRR/RRR o - 10")
    board.push("c5-d4")  # both officers could have taken two
    inp = board_input.Input()
    assert inp.press(board, "a4") == ("cancel", "not-a-target")  # which officer first
    assert inp.press(board, "e5") == ("huff", "e5")
    assert inp.press(board, "a4") == ("select", "a4")
    assert inp.press(board, "a5") == ("play", "He5:a4-a5")


def test_settings_from_a_forged_save_fall_back_without_raising():
    rulesets, levels = {"assault"}, {"casual": {}}
    forged = {"ruleset": ["assault"], "mode": {"x": 1}, "level": ["casual"], "lang": [], "flipped": "yes", 5: "x"}
    assert state.clean_settings(forged, rulesets, levels, ["en"]) == state.default_settings()
    assert state.clean_settings({"ruleset": "assault", "mode": "humans"}, rulesets, levels, [])["mode"] == "humans"


def test_every_language_with_a_catalog_is_kept_in_the_settings():
    codes = sorted(p.stem for p in (ROOT / "pkg" / "asalto_core" / "locale").glob("*.po"))
    assert "es" in codes
    for code in codes + [""]:
        assert state.clean_settings({"lang": code}, set(), {}, codes)["lang"] == code
    assert state.clean_settings({"lang": "xx"}, set(), {}, codes)["lang"] == ""


# Whose move it is: the page's questions, on views of real games.

RECORD = "1. d4-d5 e5-e6 2. f5-e5 e6-e7 3. g5-f5 *"  # five plies of Assault; the officers to move


def view_at(ply: int | None = None) -> dict:
    session = Session.from_text(RECORD)[0]
    if ply is not None:
        session.go_to(ply)
    return session.view()


def test_against_the_computer_the_player_moves_only_on_their_own_turn():
    end = view_at()
    assert end["turn"] == "officers"
    assert state.human_turn(end, "officers") and state.can_input(end, "officers")
    assert not state.human_turn(end, "rebels") and not state.can_input(end, "rebels")
    assert state.human_turn(end, "humans") and not state.human_turn(end, "watch")
    assert not state.can_input(end, "officers", thinking="move")
    assert state.can_input(end, "officers", thinking="analysis")  # the analysis board: moves go on


def test_an_earlier_position_is_browsing_and_takes_a_click_only_once_a_new_line_is_agreed():
    earlier = view_at(3)
    assert state.browsing(earlier) and not state.browsing(view_at())
    assert not state.can_input(earlier, "humans")
    assert state.can_input(earlier, "humans", branch_ok=True)
    assert state.can_input(earlier, "rebels", annotating=True)  # a side line, either side


def test_undo_takes_back_to_the_players_previous_turn_against_the_computer_and_one_move_between_two():
    end = view_at()
    assert state.undo_target(end, "humans") == 4
    assert state.undo_target(end, "rebels") == 4  # the player's own last move
    assert state.undo_target(end, "officers") == 3  # the computer's reply and the player's move before it
    assert state.can_undo(end) and not state.can_undo(Session.from_text('[Ruleset "assault"]\n\n*')[0].view())


def test_undo_goes_back_past_a_forced_pass_which_the_page_would_play_again_at_once():
    hemmed_in = '[SetUp "1"]\n[FEN "course RRR/RRR/RRRORRR/7/3O3/3/3 o - 5"]\n\n'  # the rebels' only move: a pass
    after_reply = Session.from_text(hemmed_in + "1. d3-d2 -- 2. d2-d3 *")[0].view()
    assert after_reply["history"][1]["move"] == "--"
    assert state.undo_target(after_reply, "rebels") == 0  # the computer's reply, the pass and its move before
    after_pass = Session.from_text(hemmed_in + "1. d3-d2 -- *")[0].view()
    assert state.undo_target(after_pass, "humans") == 0  # not to the pass, which is forced again


def test_undo_takes_back_a_pass_chosen_like_any_move():
    start = '[SetUp "1"]\n[FEN "course 3/O1O/RR3RR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"]\n\n'
    chosen = Session.from_text(start + "1. d4-d5 -- *")[0].view()  # the officers could move, and passed
    assert state.undo_target(chosen, "humans") == 1


def test_with_a_friend_only_their_side_moves_here_and_undo_stops_at_what_the_friend_has():
    end = view_at()
    friend = {"side": "officers", "sent": 4}
    assert state.human_turn(end, "humans", friend)
    assert not state.human_turn(end, "humans", {"side": "rebels", "sent": 4})
    assert not state.human_turn(view_at(3), "humans", friend)  # never from an earlier position
    assert state.undo_target(end, "humans", {"side": "rebels", "sent": 5}) == 5
    assert not state.can_undo(end, {"side": "rebels", "sent": 5})
    assert not state.can_input(end, "humans", {"side": "rebels", "sent": 5}, annotating=True)


def test_the_questions_answer_the_same_on_micropython():
    cases = [
        ("human_turn", [view_at(), "officers"]),
        ("human_turn", [view_at(3), "humans", {"side": "officers", "sent": 4}]),
        ("can_input", [view_at(3), "humans", None, False, "", True]),
        ("can_input", [view_at(), "humans", {"side": "rebels", "sent": 5}, True]),
        ("undo_target", [view_at(), "officers"]),
        ("undo_target", [view_at(), "humans", {"side": "rebels", "sent": 5}]),
        ("can_undo", [view_at(), {"side": "rebels", "sent": 5}]),
        ("browsing", [view_at(3)]),
    ]
    code = (
        "import json\nfrom game import state\n"
        "cases = json.load(open('/lib/cases.json'))\n"
        "print(json.dumps([getattr(state, name)(*args) for name, args in cases]))\n"
    )
    extra = {"cases.json": json.dumps(cases), **page_sources("game/state.py")}
    on_mpy = json.loads(micropython.run(code, extra))
    assert on_mpy == [getattr(state, name)(*args) for name, args in cases]


# -- another game on the board: one transition (api.put_game) ---------------------------------------
GAME_PAGE = ROOT / "site" / "game"
# Every way a game comes onto the board: (module, function).
PATHS = [
    ("game", "open_game"),
    ("game", "new_game"),
    ("friend", "enter"),
    ("friend", "home"),
    ("chapters", "restore"),
    ("main", "main"),
    ("main", "follow_other_tab"),
]


def _functions(module: str) -> dict[str, ast.AST]:
    tree = ast.parse((GAME_PAGE / f"{module}.py").read_text())
    return {n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}


def _fields(module: str, cls: str) -> list[str]:
    """The fields a class of a page module sets in its ``__init__`` (``self.<field> = ...``)."""
    tree = ast.parse((GAME_PAGE / f"{module}.py").read_text())
    classes = [c for c in tree.body if isinstance(c, ast.ClassDef) and c.name == cls]
    init = next(n for n in classes[0].body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    assigns = [n for n in ast.walk(init) if isinstance(n, (ast.Assign, ast.AnnAssign))]
    targets = [t for n in assigns for t in (n.targets if isinstance(n, ast.Assign) else [n.target])]
    return [t.attr for t in targets if isinstance(t, ast.Attribute) and _root(t) == "self"]


# App's groups: (its field, the module and class of the group).
GROUPS = {"play": ("state", "Play"), "ai": ("app", "Ai"), "shared": ("app", "Shared"), "ui": ("app", "Ui")}


def _group_fields() -> dict[str, list[str]]:
    assert _fields("app", "App") == list(GROUPS), "App holds its groups, and nothing else"
    return {group: _fields(*where) for group, where in GROUPS.items()}


def test_a_field_name_is_in_one_group_so_the_api_finds_it():
    names = [name for fields in _group_fields().values() for name in fields]
    assert len(names) == len(set(names)) > 30
    assert not set(names) & set(GROUPS), "a field named as a group would read app.<group> twice"


def test_every_field_the_api_is_asked_to_write_is_one_the_app_has():
    """The API's _set keywords and its _edit's and count's field: a misspelt name fails here, not on a click."""
    names = {name for fields in _group_fields().values() for name in fields}
    asked = 0
    for path in sorted(GAME_PAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = _called(node, path.stem)
            if called == "_set":
                fields = [k.arg for k in node.keywords if k.arg]
            elif called in ("_edit", "count"):
                arg = node.args[1 if called == "_edit" else 0]
                fields = [arg.value] if isinstance(arg, ast.Constant) else []
            else:
                continue
            for field in fields:
                assert field in names, f"{path.name}:{node.lineno}: App has no field {field}"
                asked += 1
    assert asked > 40  # about one a field: each has one writer


def _called(node: ast.Call, module: str) -> str:
    """The API function a call calls: ``api.<name>(...)`` anywhere, ``<name>(...)`` in api.py itself."""
    if isinstance(node.func, ast.Attribute) and _root(node.func) == "api":
        return node.func.attr
    return node.func.id if module == "api" and isinstance(node.func, ast.Name) else ""


def test_a_fresh_game_is_a_whole_new_play_group_that_keeps_nothing_of_the_last():
    session = Session.new("assault")
    fresh = state.fresh_game(session)
    assert list(vars(fresh)) == _group_fields()["play"]
    assert fresh.session is session and fresh.view == session.view()
    last = state.fresh_game(Session.new("citadelle"))
    last.redo.append(["d4-d5"])
    last.ai_paused, last.review, last.learn, last.analysis, last.hint = True, {"marks": []}, {"i": 0}, {"ply": 0}, "x"
    again = state.fresh_game(session)
    assert again.redo == [] and again.redo is not last.redo
    assert vars(again) == vars(state.fresh_game(session)), "every field as a fresh game starts it"
    assert not again.ai_paused and again.review is again.learn is again.analysis is again.hint is None


@pytest.mark.parametrize(("module", "function"), PATHS)
def test_every_path_puts_its_game_on_the_board_through_the_one_transition(module, function):
    body = _functions(module)[function]
    called = {n.func.id for n in ast.walk(body) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert called & {"put_game", "open_game"}, f"{module}.{function} puts a game on the board by hand"


def test_only_the_transition_sets_the_game_or_its_settings():
    """Anything else writing app.play (or its session) or app.ui.settings would skip what the transition resets."""
    for path in sorted(GAME_PAGE.glob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text())):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or fn.name == "put_game":
                continue
            for node in ast.walk(fn):
                targets = node.targets if isinstance(node, ast.Assign) else []
                for target in [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]:
                    written = ast.unparse(target)
                    assert written not in ("app.play", "app.play.session", "app.ui.settings"), (
                        f"{path.name}:{node.lineno} ({fn.name})"
                    )
        for node in ast.walk(ast.parse(path.read_text())):  # nor by name: _set("...", session=...)
            if isinstance(node, ast.Call) and _called(node, path.stem) == "_set":
                assert not {k.arg for k in node.keywords} & {"session", "settings"}, f"{path.name}:{node.lineno}"


def test_a_game_from_elsewhere_opens_for_two_players_in_its_own_rules_and_leaves_the_settings_as_they_were():
    settings = {"ruleset": "assault", "mode": "rebels", "level": "casual", "flipped": True, "lang": "fr"}
    opened = state.opened_settings(settings, "citadelle")
    assert opened == dict(settings, ruleset="citadelle", mode="humans")
    assert settings["mode"] == "rebels" and settings["ruleset"] == "assault"  # the caller's dict, untouched


@pytest.mark.parametrize(
    ("before", "after", "kept", "chosen", "offered"),
    [
        ("rebels", "humans", "", False, "rebels"),  # a game opened after one against the computer
        ("humans", "humans", "officers", False, "officers"),  # two games for two: the earlier one stays
        ("officers", "rebels", "watch", False, "watch"),  # back to the computer (home, another tab)
        ("rebels", "humans", "officers", True, ""),  # a new game chosen in the dialog offers nothing again
    ],
)
def test_the_new_game_dialog_offers_again_the_mode_played_against_the_computer(before, after, kept, chosen, offered):
    assert state.played_mode(before, after, kept, chosen) == offered


def test_the_transition_decides_the_same_on_micropython():
    cases = [
        ("walk_at", [{"marks": [{"ply": 5}, {"ply": 9}], "i": 1}]),
        ("walk_at", [{"marks": [{"ply": 5}], "i": 1}]),
        ("walk_at", [None]),
        ("opened_settings", [{"ruleset": "assault", "mode": "rebels", "flipped": True}, "citadelle"]),
        ("played_mode", ["rebels", "humans", ""]),
        ("played_mode", ["rebels", "humans", "officers", True]),
        ("played_mode", ["humans", "humans", "watch"]),
    ]
    code = (
        "import json\nfrom game import state\n"
        "cases = json.load(open('/lib/cases.json'))\n"
        "print(json.dumps([getattr(state, name)(*args) for name, args in cases]))\n"
    )
    extra = {"cases.json": json.dumps(cases), **page_sources("game/state.py")}
    assert json.loads(micropython.run(code, extra)) == [getattr(state, name)(*args) for name, args in cases]
    assert [state.walk_at(c[1][0]) for c in cases[:3]] == [8, None, None]


def test_a_fresh_game_is_a_whole_new_play_group_on_micropython_too():
    code = (
        "import json\nfrom game import state\n"
        "from asalto_core.session import Session\n"
        "last = state.fresh_game(Session.new('assault'))\n"
        "last.redo.append(1)\n"
        "last.ai_paused = True\n"
        "f = state.fresh_game(Session.new('citadelle'))\n"
        "print(json.dumps([f.redo, f.ai_paused, f.review, f.view['ruleset'], sorted(f.__dict__)]))\n"
    )
    on_mpy = json.loads(micropython.run(code, page_sources("game/state.py")))
    assert on_mpy == [[], False, None, "citadelle", sorted(_group_fields()["play"])]


# -- one writer of the page's state (api.py) and redraws that name what changed ----------------------


def _root(node: ast.AST) -> str:
    """The name an attribute or subscript chain starts from: ``app`` for ``app.ui.settings["mode"]``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _chain(node: ast.AST) -> tuple[str, list[str]]:
    """An attribute or subscript chain's root name and the steps after it: ("app", ["shared", "study",
    "chapters", "[]"]) for ``app.shared.study.chapters[n]``."""
    steps = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        steps.insert(0, node.attr if isinstance(node, ast.Attribute) else "[]")
        node = node.value
    return (node.id if isinstance(node, ast.Name) else ""), steps


def _part(expr: ast.AST, held: dict[str, list[str]]) -> list[str] | None:
    """The steps from ``app`` to what ``expr`` is (``["shared", "study"]``: the study itself), through the
    local names for a part of App (``held``); None if it is not App's."""
    root, steps = _chain(expr)
    if root == "app":
        return steps
    return held[root] + steps if root in held else None


# The engine's objects App holds, each with the methods that only read it: any other method called on
# the object itself changes it (Study.rename, Session.set_comment...) and is the API's to call.
READ_ONLY = {
    "study": {"record", "sheet_page"},
    "session": {
        "descriptor", "annotated", "saved", "record", "positions_before", "last", "view", "think_request",
        "tried_request", "review_request", "tree", "variation_frames", "frames", "puzzle_params", "sheet",
        "sheet_page", "sheet_diagrams",
    },
}  # fmt: skip


def _changes(cls: type, reads: set[str]) -> set[str]:
    """A class's public methods but those that only read it: the ones that change it."""
    methods = {n for n, v in vars(cls).items() if callable(v) and not isinstance(v, (classmethod, staticmethod))}
    assert reads <= methods, f"{cls.__name__} has no {reads - methods}"
    return {n for n in methods if not n.startswith("_")} - reads


CHANGES = {"study": _changes(Study, READ_ONLY["study"]), "session": _changes(Session, READ_ONLY["session"])}
MUTATORS = ("update", "append", "extend", "insert", "pop", "remove", "clear", "setdefault", "sort", "reverse")


def _holders(fn: ast.AST) -> dict[str, list[str]]:
    """A function's local names for a part of App (``chapter = app.shared.study.chapters[n]``,
    ``rv = app.play.review``, a loop over one), each with its steps from ``app`` (``_part``); found
    again until nothing more is."""
    held: dict[str, list[str]] = {}
    for _ in range(3):
        for node in ast.walk(fn):
            pairs = []
            if isinstance(node, ast.Assign):
                pairs = [(t, node.value) for t in node.targets]
            elif isinstance(node, (ast.For, ast.comprehension)):
                pairs = [(node.target, ast.Subscript(value=node.iter, slice=ast.Constant(0)))]  # an item of it
            for target, value in pairs:
                steps = _part(value, held)
                if isinstance(target, ast.Name) and steps:
                    held[target.id] = steps
    return held


def _app_writes(tree: ast.AST) -> list[int]:
    """The lines that write App, directly or through a local name for a part of it (``_holders``): an
    assignment to ``app.<field>`` or into it, setattr on it, a dict's or list's change (``update``,
    ``append``...), or a method of an engine object it holds that changes it (CHANGES), called or
    handed on (``edit(app.play.session.promote)``)."""
    out = []
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for fn in functions or [tree]:
        held = _holders(fn)
        for node in ast.walk(fn):
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for target in [e for t in targets for e in (t.elts if isinstance(t, ast.Tuple) else [t])]:
                if not isinstance(target, ast.Name) and _part(target, held) is not None:
                    out.append(node.lineno)
            setattr_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
            if setattr_call and node.args and _part(node.args[0], held) is not None:
                out.append(node.lineno)
            steps = _part(node.value, held) if isinstance(node, ast.Attribute) else None
            if steps is None:
                continue
            field = steps[1] if len(steps) > 1 else ""
            if len(steps) == 2 and node.attr in CHANGES.get(field, ()):
                out.append(node.lineno)  # the study's or the session's own change
            elif node.attr in MUTATORS:  # a dict's or a list's
                out.append(node.lineno)
    return sorted(set(out))


def test_only_the_api_writes_the_app():
    """The other modules read the state and call api.py, so every change ends in a redraw request."""
    for path in sorted(GAME_PAGE.glob("*.py")):
        if path.stem == "api":
            continue
        lines = _app_writes(ast.parse(path.read_text()))
        assert lines == [], f"{path.name} writes App at lines {lines}: call api.py instead"
    assert _app_writes(ast.parse((GAME_PAGE / "api.py").read_text())), "the API writes the state (the test reads)"


def _redraws() -> set[str]:
    tree = ast.parse((GAME_PAGE / "api.py").read_text())
    table = next(n for n in tree.body if isinstance(n, ast.Assign) and n.targets[0].id == "REDRAWS")
    return {k.value for k in table.value.keys}


# The API's functions whose first argument names what changed (a key of REDRAWS).
NAMING = ("_set", "_edit", "redraw", "enter", "set_up", "choose", "walk", "show_study", "edit_study")


def _api_verbs() -> set[str]:
    tree = ast.parse((GAME_PAGE / "api.py").read_text())
    return {n.name for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}


def test_every_change_names_what_changed_from_the_one_table():
    """A caller says what changed (a key of api.REDRAWS), never which drawing functions run; and outside
    api.py only its verbs are called (its field setters are its own)."""
    names = _redraws()
    verbs = _api_verbs()
    calls = 0
    for path in sorted(GAME_PAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            called = _called(node, path.stem)
            if path.stem != "api" and called:
                assert called in verbs, f"{path.name}:{node.lineno}: api.{called} is not one of the API's verbs"
            if called not in NAMING or not node.args:
                continue
            change = node.args[0]
            changes = [change.body, change.orelse] if isinstance(change, ast.IfExp) else [change]  # one of two
            for c in changes:
                passed_on = path.stem == "api" and isinstance(c, ast.Name) and c.id == "change"  # a verb's own
                assert passed_on or (isinstance(c, ast.Constant) and c.value in names), f"{path.name}:{node.lineno}"
            calls += 1
    assert calls > 50
    for path in sorted(GAME_PAGE.glob("*.py")):
        text = path.read_text()
        if path.stem not in ("api", "frames"):
            assert "frames.request(" not in text, f"{path.name} asks frames.py for a part: name the change (api)"


# The input's and the position editor's own state machines change through api.enter and api.set_up.
READS = {"inp": {"targets", "complete", "can_stop"}, "editor": {"position", "points", "huffs", "officers", "rebels"}}


def test_the_input_and_the_editor_change_only_through_the_api():
    """A step of either (a press, a reset, a huff chosen) is api.enter/set_up's: it names the change."""
    for path in sorted(GAME_PAGE.glob("*.py")):
        if path.stem == "api":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            held = node.func.value
            if isinstance(held, ast.Attribute) and held.attr in READS and _root(held) == "app":
                assert node.func.attr in READS[held.attr], (
                    f"{path.name}:{node.lineno}: app...{held.attr}.{node.func.attr}() changes it: call api.py"
                )


def test_the_api_steps_are_the_methods_of_the_input_and_the_editor():
    api = ast.parse((GAME_PAGE / "api.py").read_text())
    steps = {n.targets[0].id: ast.literal_eval(n.value) for n in api.body if isinstance(n, ast.Assign)}
    inp = ast.parse((ROOT / "site" / "lib" / "board_input.py").read_text())
    editor = ast.parse((GAME_PAGE / "editor.py").read_text())
    for tree, name, reads in ((inp, "INPUT_STEPS", READS["inp"]), (editor, "EDITOR_STEPS", READS["editor"])):
        methods = {
            n.name for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body if isinstance(n, ast.FunctionDef)
        }
        assert set(steps[name]) <= methods and not set(steps[name]) & reads


def test_the_api_makes_every_change_of_the_study_and_of_the_game_on_the_board():
    """Each method by which the study or the session changes itself is a step of an API verb (edit_study,
    note_game, step_game): a new one in the engine fails here until the API makes it."""
    api = ast.parse((GAME_PAGE / "api.py").read_text())
    steps = {n.targets[0].id: ast.literal_eval(n.value) for n in api.body if isinstance(n, ast.Assign)}
    assert CHANGES["study"] == set(steps["STUDY_STEPS"]) - {"title", "prompt", "keep"}
    assert CHANGES["session"] == (set(steps["NOTE_STEPS"]) | set(steps["GAME_STEPS"])) - {"redo"}  # redo: play


def test_a_write_of_the_study_its_chapters_or_the_game_outside_the_api_is_seen():
    """The check above sees a write however it is made: through a local name, setattr, a method of the
    engine's object called or handed on, a list's own change (each of these passed unseen before)."""
    planted = (
        "def f(event):\n"
        "    chapter = app.shared.study.chapters[app.shared.chapter]\n"
        "    setattr(chapter, 'prompt', event)\n"  # 3
        "    chapter.title = event\n"  # 4
        "    app.shared.study.rename(0, event)\n"  # 5
        "    study = app.shared.study\n"
        "    study.move(0, 1)\n"  # 7
        "    on(el('x'), 'click', lambda e: edit(app.play.session.promote))\n"  # 8
        "    app.shared.study.chapters.append(event)\n"  # 9
        "    for c in app.shared.study.chapters:\n"
        "        c.game = event\n"  # 11
        "    rv = app.play.review\n"
        "    rv['marks'].append(event)\n"  # 13
        "    return app.shared.study.record(), app.play.session.view(), chapter.game.moves, study.title\n"
    )
    assert _app_writes(ast.parse(planted)) == [3, 4, 5, 7, 8, 9, 11, 13]


def test_drawing_only_reads_the_state():
    """A part of the page is drawn from the state (render*, frames.py once per frame); what changes
    the state is the transition that causes it (learn's walk ends in game.take_view, not in its panel)."""
    drawn = 0
    for path in sorted(GAME_PAGE.glob("*.py")):
        for name, fn in _functions(path.stem).items():
            if not name.startswith("render"):
                continue
            drawn += 1
            for node in ast.walk(fn):
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _root(node.func) == "api":
                    raise AssertionError(f"{path.name}:{node.lineno} ({name}) changes the state while drawing")
    assert drawn > 15


def boards_along_random_games(ruleset, games=6, plies=60):
    """Every position of a few seeded random games of ``ruleset``, huffs and chains included."""
    for seed in range(games):
        rnd, board = random.Random(seed), Board(ruleset)
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves:
                break
            yield board
            board.push(rnd.choice(moves))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_legal_move_can_be_pressed_the_huffs_included(ruleset):
    """The huff chosen first (where the rebels choose it), then the move's points (a chain that could
    go on pressed again where it stops): a step into the huffed officer's own point (Hd4:c3-d4)
    plays the move, it does not cancel the huff."""
    for board in boards_along_random_games(ruleset):
        for m in board.legal_moves:
            if m.null:
                continue  # the course's pass: the Pass button, not a press on the board
            inp = board_input.Input()
            # The rebels say which officer, or the huff is the whole move: the officer is pressed.
            chosen = m.huff and (board.position.implied_huff() is None or not m.path)
            action = inp.press(board, m.huff) if chosen else None
            for point in reversed(m.place) if m.place else m.path:
                action = inp.press(board, point)
            if m.path and action == ("select", m.path[-1]) and inp.can_stop(board):
                action = inp.press(board, m.path[-1])  # a chain that could go on stops where pressed again
            assert action == ("play", str(m)), (ruleset, board.position.text(), str(m))


def test_a_review_follows_its_game_out_of_date_when_it_went_on_and_gone_when_it_changed():
    review = {"moves": ["d4-d5", "c5-c6"], "points": [{"ply": 0}, {"ply": 1}, {"ply": 2}], "marks": [],
              "done": 3, "total": 3, "state": "done"}  # fmt: skip
    assert state.review_for(None, ["d4-d5"]) is None
    assert state.review_for(review, ["d4-d5", "c5-c6"]) is review
    went_on = state.review_for(review, ["d4-d5", "c5-c6", "d3-d4"])
    assert went_on["state"] == "stale" and went_on["total"] == 4 and went_on["done"] == 3
    assert went_on["points"] == [{"ply": 0}, {"ply": 1}, {"ply": 2}, None]  # only the new position to search
    assert review["state"] == "done" and len(review["points"]) == 3  # the old one is not changed in place
    assert state.review_for(review, ["d4-d5"]) is None  # a move taken back
    assert state.review_for(review, ["d4-d5", "e5-e4", "d3-d4"]) is None  # another line


# -- the review as a stepped machine (game/state.py review_step; api.review_step dispatches) ------------
def walk(events: list[str], start: str = "idle") -> list[str]:
    """The review's states after each of ``events`` in turn."""
    states = [start]
    for event in events:
        states.append(state.review_step(states[-1], event))
    return states[1:]


def test_a_review_starts_runs_stops_goes_on_and_is_judged():
    assert walk(["start", "up", "stop", "start", "up", "judged"]) == [
        "starting", "running", "stopped", "starting", "running", "done"
    ]  # fmt: skip
    assert walk(["grow", "start", "fail", "start"], "done") == ["stale", "starting", "failed", "starting"]
    assert walk(["stop"], "starting") == ["stopped"]  # Stop before any worker was up


def test_go_on_pressed_while_a_stops_answers_come_is_a_state_of_the_review_that_starts_it_again():
    """Go on pressed once the review says stopped, its workers still answering: it waits as "resuming" and
    starts when they have; pressed again it does not; Stop, or its game leaving, drops the wish."""
    assert walk(["start", "up", "stop", "go_on", "start"]) == ["starting", "running", "stopped", "resuming", "starting"]
    assert walk(["go_on", "go_on"], "stopped") == ["resuming", "stopped"]
    assert walk(["up", "judged", "fail"], "resuming") == ["resuming"] * 3  # the stop's late answers
    assert walk(["stop"], "resuming") == ["stopped"] and walk(["grow"], "resuming") == ["stale"]
    assert walk(["go_on"], "running") == ["running"] and walk(["go_on"]) == ["idle"]
    assert [state.review_halted(s) for s in ("stopped", "resuming", "running", "done")] == [True, True, False, False]


def test_an_event_its_state_does_not_take_leaves_the_review_as_it_is():
    """A worker's answer after Stop, or after the game left the board, changes nothing."""
    assert walk(["up", "judged", "fail"], "stopped") == ["stopped", "stopped", "stopped"]
    assert walk(["stop", "up"], "done") == ["done", "done"]
    assert walk(["grow", "stop", "up"]) == ["idle", "idle", "idle"]  # no review: none made stale
    with pytest.raises(ValueError, match="no review event 'halt'"):
        state.review_step("running", "halt")


def test_the_review_is_idle_without_one_and_stale_once_its_game_went_on():
    assert state.review_state(None) == "idle" and state.review_state({"state": "failed"}) == "failed"
    review = {"moves": ["d4-d5"], "points": [None, None], "marks": [], "done": 0, "total": 2, "state": "stopped"}
    assert state.review_for(review, ["d4-d5", "c5-c6"])["state"] == "stale"


def test_every_step_of_the_review_is_the_same_on_micropython():
    cases = [[s, e] for s in state.REVIEW_STATES for e in state.REVIEW_STEPS]
    code = (
        "import json\nfrom game import state\n"
        "cases = json.load(open('/lib/cases.json'))\n"
        "print(json.dumps([[state.review_step(s, e), state.review_halted(s)] for s, e in cases]))\n"
    )
    extra = {"cases.json": json.dumps(cases), **page_sources("game/state.py")}
    expected = [[state.review_step(s, e), state.review_halted(s)] for s, e in cases]
    assert json.loads(micropython.run(code, extra)) == expected
    assert ["resuming", "go_on"] in cases and ["starting", True] in expected  # Go on's state is among those run


# -- how long a question to the AI may take: one rule (game/state.py question_ms) ----------------------
def questions() -> list[dict]:
    """One question of each kind the page asks, as the session writes them."""
    session = Session.new("assault")
    for _ in range(3):
        session.play(str(session.game.board.legal_moves[0]))
    done = [{"officers": 0.5}] * 4
    return [
        session.think_request("casual", 1),  # the computer's move: its level's time
        session.think_request("strongest", 2, 1.5),  # a hint or the analysis
        session.tried_request(str(session.game.board.legal_moves[0]), 3, 1.0),  # a lesson's try
        session.review_request("quick", [], [0, 1, 2]),  # a review worker's share of three positions
        session.review_request("deep", done),  # every point known: the judging alone
        session.review_request("quick", done[:2] + [None, None]),  # one worker, the two positions left
    ]


def test_a_question_may_take_three_times_its_search_or_its_review_positions_at_the_slowest_speed():
    assert [state.question_ms(q, 2000, 20000) for q in questions()] == [
        2000 * 3 + 15000,  # the level's 2 s
        1500 * 3 + 15000,
        1000 * 3 + 15000,
        3 * 2000 * 1000 // 250 + 20000,  # 3 positions of 2,000 nodes at 250 nodes a second
        20000,
        2 * 2000 * 1000 // 250 + 20000,
    ]


def test_the_rule_is_the_same_on_micropython():
    cases = questions()
    code = (
        "import json\nfrom game import state\n"
        "cases = json.load(open('/lib/cases.json'))\n"
        "print(json.dumps([state.question_ms(q, 2000, 20000) for q in cases]))\n"
    )
    extra = {"cases.json": json.dumps(cases), **page_sources("game/state.py")}
    assert json.loads(micropython.run(code, extra)) == [state.question_ms(q, 2000, 20000) for q in cases]
