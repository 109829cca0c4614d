"""The page's code as a newcomer meets it: which modules change the game page's state (``App``) outside
its one writer (site/game/api.py), where a redraw is asked for (callers that pick drawing functions, and
changes that name what changed), the longest functions, the README's size. Counted from the source (``ast``), for
this tree and, with ``--before COMMIT``, for an earlier one, so a change to the page's structure shows
in figures. Writes bench/results/code-shape.md.

Run: python bench/code_shape.py [--before COMMIT]
"""

from __future__ import annotations

import argparse
import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("game", "embed", "puzzles", "lib")  # site/'s apps (build.py's APPS), each a package
BY_HAND = "## What a change touches"  # the results' section written by hand, kept when they are measured again
LONGEST = 8  # functions listed
API_CHANGES = ("redraw", "set", "edit", "set_input", "enter", "set_up")  # site/game/api.py's functions naming a change
# The methods by which the input (board_input.Input) and the position editor change themselves.
INPUT_STEPS = ("press", "stop", "choose_huff", "reset", "point_at", "press_pointer", "hold", "right_press")
STEPS = {("inp", m) for m in INPUT_STEPS + ("use_arrow_tool", "start_arrow", "leave_board")}
STEPS |= {("editor", m) for m in ("press", "toggle_huff", "clear", "set_ruleset", "choose_tool", "choose_turn")}
# The engine's objects App holds and the methods by which they change themselves (the study's, made by
# api.edit_study; the game's, by api.step_game and api.note_game), called or handed on.
STEPS |= {("study", m) for m in ("add", "put", "rename", "move", "delete")}
STEPS |= {("session", m) for m in ("play", "take_back", "go_to", "go_to_path", "annotate")}
STEPS |= {("session", m) for m in ("set_comment", "set_nag", "set_marks", "promote", "delete_variation")}


def _root_name(node: ast.expr) -> str:
    """The name an attribute or subscript chain starts from: ``app`` for ``app.ui.settings["mode"]``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _app_writes(node: ast.AST) -> int:
    """How many writes to App ``node`` makes: assignments to ``app.<field>`` (or into it), setattr(app, ...)."""
    n = sum(1 for t in _targets(node) if isinstance(t, (ast.Attribute, ast.Subscript)) and _root_name(t) == "app")
    setattr_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
    return n + (1 if setattr_call and node.args and _root_name(node.args[0]) == "app" else 0)


# The methods by which a dict or list changes what it holds (a write when it holds App's state).
MUTATORS = ("update", "append", "extend", "insert", "pop", "remove", "clear", "setdefault")


def _aliases(tree: ast.Module) -> dict[ast.AST, dict[str, int]]:
    """Each function's local names that hold a part of App (so a write through them is App's), each
    with the line from which it does: a name bound to ``app.<...>`` or to another such name, a name
    handed to the API (``api.start(review=rv)``, then ``rv["state"] = ...``), and a parameter some call in
    the module passes such a name or ``app.<...>`` to (``take_points(rv, found)``: from its first line);
    found again until nothing more is."""
    functions = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    by_name = {fn.name: fn for fn in functions}
    held: dict[ast.AST, dict[str, int]] = {fn: {} for fn in functions}

    def holds(expr: ast.expr, names: dict[str, int]) -> bool:
        root = _root_name(expr)
        return root == "app" or (root in names and names[root] <= expr.lineno)

    def hold(names: dict[str, int], name: str, line: int) -> bool:
        if name in names and names[name] <= line:
            return False
        names[name] = line
        return True

    changed = True
    while changed:
        changed = False
        for fn in functions:
            names = held[fn]
            for node in ast.walk(fn):
                if isinstance(node, ast.Assign) and holds(node.value, names):
                    for t in node.targets:
                        changed |= isinstance(t, ast.Name) and hold(names, t.id, node.lineno)
                if not isinstance(node, ast.Call):
                    continue
                if _root_name(node.func) == "api":
                    for v in list(node.args) + [k.value for k in node.keywords]:
                        changed |= isinstance(v, ast.Name) and hold(names, v.id, node.lineno)
                callee = by_name.get(node.func.id) if isinstance(node.func, ast.Name) else None
                if callee is not None:
                    params = [a.arg for a in callee.args.args]
                    for i, arg in enumerate(node.args[: len(params)]):
                        changed |= holds(arg, names) and hold(held[callee], params[i], 0)
    return held


def _alias_writes(fn: ast.AST, names: dict[str, int]) -> int:
    """The writes ``fn`` makes into App through its local names for parts of it (``_aliases``)."""

    def held(expr: ast.expr) -> bool:
        root = _root_name(expr)
        return root in names and names[root] <= expr.lineno

    n = 0
    for node in ast.walk(fn):
        n += sum(1 for t in _targets(node) if isinstance(t, (ast.Attribute, ast.Subscript)) and held(t))
        call = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
        n += bool(call and node.func.attr in MUTATORS and held(node.func.value))
        setattr_call = isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr"
        n += bool(setattr_call and node.args and held(node.args[0]))
        method = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and held(node.value)
        n += bool(method and any(m == node.attr for f, m in STEPS if f in ("study", "session")))
    return n


def _app_steps(node: ast.AST) -> int:
    """A change of what App holds by the object's own method, called or handed on: ``app.ui.inp.reset()``
    (the input's and the position editor's steps, api.INPUT_STEPS and EDITOR_STEPS),
    ``app.shared.study.rename(...)``, ``edit(app.play.session.promote)`` (STEPS)."""
    if not isinstance(node, ast.Attribute):
        return 0
    held = node.value
    held_name = held.attr if isinstance(held, ast.Attribute) else ""
    return int(_root_name(held) == "app" and (held_name, node.attr) in STEPS)


def _self_fields(cls: ast.ClassDef) -> dict[str, str]:
    """The fields a class sets on ``self``, each with the class it is made of (``Ai()``, ``st.Play()``), or ""."""
    out = {}
    for sub in ast.walk(cls):
        for target in _targets(sub):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                made = sub.value if isinstance(sub, ast.Assign) else None
                fn = made.func if isinstance(made, ast.Call) else None
                out[target.attr] = (
                    fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                )
    return out


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out = []
        for target in node.targets:
            out += target.elts if isinstance(target, ast.Tuple) else [target]
        return out
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


SETTERS = ("set", "_set", "edit", "_edit", "count", "set_input", "_set_input")  # api.py's writers by field name


def _setter_fields(call: ast.Call, name: str) -> set[str]:
    """The App fields one call of an API setter writes: its keywords, or the field it names."""
    if name in ("set", "_set"):
        return {k.arg for k in call.keywords if k.arg}
    if name in ("set_input", "_set_input"):
        return {"inp"}
    arg = call.args[1 if name in ("edit", "_edit") else 0] if call.args else None
    return {arg.value} if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else set()


def _app_field(node: ast.expr) -> str:
    """The App field an attribute or subscript chain from ``app`` is part of: ``study`` for
    ``app.shared.study.chapters[n].prompt``, ``play`` for the group replaced whole; "" for another chain."""
    attrs = []
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        if isinstance(node, ast.Attribute):
            attrs.insert(0, node.attr)
        node = node.value
    return attrs[min(1, len(attrs) - 1)] if isinstance(node, ast.Name) and node.id == "app" and attrs else ""


def _stepped_field(call: ast.Call) -> str:
    """The App field whose own object a call steps: ``app.ui.inp.reset()`` (a method of STEPS) or
    ``getattr(app.ui.inp, step)(...)`` step ``inp``; "" for any other call."""
    held = call.func.value if isinstance(call.func, ast.Attribute) else None
    if held is not None and (getattr(held, "attr", ""), call.func.attr) not in STEPS:
        held = None
    if isinstance(call.func, ast.Call) and isinstance(call.func.func, ast.Name) and call.func.func.id == "getattr":
        held = call.func.args[0] if call.func.args else None
    return held.attr if isinstance(held, ast.Attribute) and _root_name(held) == "app" else ""


def _api_fields(tree: ast.Module, direct: bool = False) -> dict[str, set[str]]:
    """Each function of api.py with the App fields it writes (or whose object it steps: the input, the
    editor), through the functions it calls too; with ``direct``, through its private helpers only: a
    verb that calls another verb changes that verb's fields through it, their one writer."""
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    writes: dict[str, set[str]] = {}
    calls: dict[str, set[str]] = {}
    for name, fn in functions.items():
        writes[name], calls[name] = set(), set()
        for node in ast.walk(fn):
            for t in _targets(node):
                if isinstance(t, (ast.Attribute, ast.Subscript)) and _app_field(t):
                    writes[name].add(_app_field(t))
            if isinstance(node, ast.Call) and _stepped_field(node):
                writes[name].add(_stepped_field(node))
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions:
                if node.func.id == "count" and direct:
                    continue  # the counters' one writer is count itself
                if node.func.id in SETTERS:
                    writes[name] |= _setter_fields(node, node.func.id)
                elif not (direct and not node.func.id.startswith("_")):
                    calls[name].add(node.func.id)
    changed = True
    while changed:
        changed = False
        for name in functions:
            more = set().union(*(writes[c] for c in calls[name])) - writes[name]
            if more:
                writes[name] |= more
                changed = True
    return writes


def field_writers(tree: ast.Module) -> dict[str, list[str]]:
    """api.py's fields that more than one verb writes itself (not through another verb), each with
    those verbs: a field should have one writer, the verb that owns it (chessground's api.ts)."""
    by_field: dict[str, set[str]] = {}
    for verb, fields in _api_fields(tree, direct=True).items():
        if not verb.startswith("_"):
            for field in fields:
                by_field.setdefault(field, set()).add(verb)
    return {f: sorted(v) for f, v in sorted(by_field.items()) if len(v) > 1}


def _writers(site: list[Path]) -> tuple[dict[str, set[str]], int, dict[str, int], dict[str, list[str]]]:
    """The App fields each module of the game page has the API write (by a setter's field name, or
    through a verb), the API's verbs, the calls of each way a game comes onto the board, and the
    fields more than one verb writes."""
    api = next((p for p in site if p.stem == "api" and p.parent.name == "game"), None)
    verbs = _api_fields(ast.parse(api.read_text())) if api else {}
    shared_by_verbs = field_writers(ast.parse(api.read_text())) if api else {}
    fields: dict[str, set[str]] = {}
    puts: Counter[str] = Counter()
    for path in site:
        if path.parent.name != "game" or path.stem == "api":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Attribute) and _root_name(node.func) == "api":
                name = node.func.attr
                found = _setter_fields(node, name) if name in SETTERS else verbs.get(name, set())
                fields.setdefault(path.stem, set()).update(found)
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if called in ("put_game", "open_game"):
                how = node.args[1] if called == "put_game" and len(node.args) > 1 else None
                way = how.value if isinstance(how, ast.Constant) else "opened" if called == "open_game" else "?"
                puts[f"{called}({way})" if called == "put_game" else f"open_game in {path.stem}"] += 1
    public = [v for v in verbs if not v.startswith("_") and verbs[v]]
    return {m: f for m, f in sorted(fields.items()) if f}, len(public), dict(puts.most_common()), shared_by_verbs


def _site_modules(root: Path) -> dict[str, Path]:
    """The apps' modules of the tree at ``root`` by their path under site/ (``game/api.py``), packages'
    ``__init__.py`` left out (they hold no code)."""
    site = root / "site"
    return {
        p.relative_to(site).as_posix(): p
        for app in APPS
        for p in sorted((site / app).glob("*.py"))
        if p.name != "__init__.py"
    }


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each app module of the tree at ``root`` -> the app modules it imports (anywhere in it), by their
    path under site/: ``from game import api`` and ``from game.app import app`` name theirs; in a tree
    from before the apps were packages, a module's name alone (``import api``) is the one of that name."""
    modules = _site_modules(root)
    by_name = {Path(m).stem: m for m in modules}  # a flat tree's names were unique

    def found(name: str) -> list[str]:
        path = name.replace(".", "/") + ".py"
        if path in modules:
            return [path]
        return [by_name[name]] if "." not in name and name in by_name else []

    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                edges.update(m for alias in node.names for m in found(alias.name))
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                named = [m for alias in node.names for m in found(f"{node.module}.{alias.name}")]
                edges.update(named or found(node.module))
        graph[module] = edges - {module}
    return graph


def app_crossings(graph: dict[str, set[str]]) -> list[str]:
    """The imports of one app's module from another app (``lib`` is every app's; it imports only itself)."""

    def app(module: str) -> str:
        return module.split("/")[0]

    return sorted(f"{m} -> {n}" for m, edges in graph.items() for n in edges if app(n) not in (app(m), "lib"))


def floors(graph: dict[str, set[str]], folder: str) -> dict[str, int]:
    """``folder``'s modules with their floor in its own import graph: 1 for one that imports none of the
    folder's modules, else one above the highest it imports."""
    inside = {
        m: {n for n in edges if n.startswith(folder + "/")} for m, edges in graph.items() if m.startswith(folder + "/")
    }
    floor: dict[str, int] = {}

    def of(module: str, seen: tuple[str, ...] = ()) -> int:
        if module not in floor:
            below = [of(n, seen + (module,)) for n in inside[module] if n not in seen]  # a cycle stops
            floor[module] = 1 + max(below, default=0)
        return floor[module]

    for module in inside:
        of(module)
    return floor


def _worker_calls(tree: ast.Module) -> Counter[str]:
    """The calls to an AI worker in a module, by what they ask (``eng.call("think", ...)``: "think" is a
    question to the engine; "progress", "cancel" follow one)."""
    called: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "call":
            what = node.args[0] if node.args else None
            if isinstance(what, ast.Constant) and isinstance(what.value, str):
                called[what.value] += 1
    return called


def shape(root: Path) -> dict:
    """The figures of the tree at ``root``: App's writers outside the API, redraw call sites, functions
    by length."""
    site = sorted(p for p in (root / "site").rglob("*.py") if "mpylib" not in p.parts and "lab" not in p.parts)
    writes: Counter[str] = Counter()
    classes: dict[str, dict[str, str]] = {}  # the page's classes: field -> the class it is made of, or ""
    renders: Counter[str] = Counter()  # render(), render_progress(), ...: the caller picks what is drawn
    changes: Counter[str] = Counter()  # api.redraw/set/edit/set_input naming a change that is drawn
    functions: list[tuple[int, str]] = []
    asks: Counter[str] = Counter()  # the places a module of the game page asks a worker a question
    worker_calls: Counter[str] = Counter()  # ... or calls it at all (progress, cancel)
    for path in site:
        tree = ast.parse(path.read_text())
        if path.parent.name == "game":
            called = _worker_calls(tree)
            asks[path.stem] += called["think"]
            worker_calls[path.stem] += sum(called.values())
        picked = {  # the game page's drawing functions a module calls (not another page's own render())
            a.name
            for n in tree.body
            if isinstance(n, ast.ImportFrom) and n.module == "game.render"
            for a in n.names
            if a.name in ("render", "render_progress", "render_cursor", "render_side")
        }
        if path.stem != "api":
            writes[path.stem] += sum(_alias_writes(fn, names) for fn, names in _aliases(tree).items())
        for node in ast.walk(tree):
            if path.stem != "api":
                writes[path.stem] += _app_writes(node) + _app_steps(node)
            if isinstance(node, ast.ClassDef) and path.parent.name in ("game", "site"):  # the game page's own
                classes[node.name] = _self_fields(node)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in picked:
                renders[path.stem] += 1
            named = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args
            named = named and _root_name(node.func) == "api" and node.func.attr in API_CHANGES
            if named and not (isinstance(node.args[0], ast.Constant) and node.args[0].value == "none"):
                changes[path.stem] += 1
    for path in site + sorted((root / "pkg" / "asalto_core").rglob("*.py")) + sorted((root / "bench").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path.relative_to(root).as_posix()}:{node.name}"
                functions.append((node.end_lineno - node.lineno + 1, name))
    fields_by_module, verbs, puts, shared_by_verbs = _writers(site)
    app_fields = classes.get("App", {})
    groups = {
        f: classes[c] for f, c in app_fields.items() if c in classes
    }  # App's fields that are objects of their own
    fields = sum(len(g) for g in groups.values()) + len(app_fields) - len(groups)
    readme = (root / "README.md").read_text()
    bench_site = root / "bench" / "site.py"
    graph = import_graph(root)
    game_floors = floors(graph, "game")
    return {
        "game_graph": {
            "modules": len(game_floors),
            "floors": max(game_floors.values(), default=0),
            "arrows": sum(len({n for n in graph[m] if n.startswith("game/")}) for m in game_floors),
            "from_lib": sum(len({n for n in graph[m] if n.startswith("lib/")}) for m in game_floors),
        },
        "app_crossings": app_crossings(graph),
        "writers": {m: n for m, n in writes.most_common() if n},
        "fields_by_module": {m: len(f) for m, f in fields_by_module.items()},
        "shared_fields": sorted(
            f for f in set().union(*fields_by_module.values()) if sum(f in g for g in fields_by_module.values()) > 1
        )
        if fields_by_module
        else [],
        "verbs": verbs,
        "fields_by_verbs": shared_by_verbs,
        "engine_asks": {m: n for m, n in asks.most_common() if n},
        "worker_calls": {m: n for m, n in worker_calls.most_common() if n},
        "puts": puts,
        "longest_game": sorted(f for f in functions if f[1].startswith("site/game/"))[::-1][:LONGEST],
        "fields": fields,
        "groups": len(groups),
        "renders": dict(renders.most_common()),
        "changes": dict(changes.most_common()),
        "longest": sorted(functions, reverse=True)[:LONGEST],
        "longest_page": sorted(f for f in functions if f[1].startswith("site/"))[::-1][:LONGEST],
        "readme_kb": round(len(readme.encode()) / 1000, 1),
        "readme_lines": readme.count("\n"),
        "bench_site_lines": bench_site.read_text().count("\n") if bench_site.exists() else 0,
        "site_folders": sorted(p.name for p in (root / "site").iterdir() if p.is_dir()),
    }


def report(label: str, s: dict) -> list[str]:
    writers = ", ".join(f"{m} {n}" for m, n in s["writers"].items())
    renders = ", ".join(f"{m} {n}" for m, n in s["renders"].items())  # the game page's redraw
    changes = ", ".join(f"{m} {n}" for m, n in s.get("changes", {}).items())
    return [
        f"## {label}",
        "",
        f"- modules other than api.py that write `App`'s fields (or step its input or editor): {len(s['writers'])}"
        f" ({sum(s['writers'].values())} writes: {writers or 'none'}); `App` has {s['fields']} fields"
        f" in {s.get('groups', 0)} group objects",
        f"- call sites that pick the game page's drawing functions (`render()`, `render_progress()`, ...):"
        f" {sum(s['renders'].values())} in {len(s['renders'])} modules ({renders or 'none'})",
        f"- changes that name what changed (`api.redraw/set/edit/set_input/enter/set_up`, a change drawn):"
        f" {sum(s.get('changes', {}).values())} in {len(s.get('changes', {}))} modules ({changes or 'none'})",
        "- App fields each module has the API write (by a field's name or through a verb): "
        + ", ".join(f"{m} {n}" for m, n in s.get("fields_by_module", {}).items())
        + f"; written from two or more modules: {len(s.get('shared_fields', []))}"
        + f" ({', '.join(s.get('shared_fields', [])) or 'none'})",
        f"- api.py's verbs that write the state: {s.get('verbs', 0)}; fields more than one verb writes itself"
        f" (not through another verb): {len(s.get('fields_by_verbs', {}))}"
        + (" (" + ", ".join(f"`{f}` {len(v)}" for f, v in s.get("fields_by_verbs", {}).items()) + ")")
        * bool(s.get("fields_by_verbs")),
        f"- places in site/game that ask the engine a question (a worker's `think`):"
        f" {sum(s.get('engine_asks', {}).values())} ("
        + ", ".join(f"{m} {n}" for m, n in s.get("engine_asks", {}).items())
        + "); calls to a worker at all (`think`, `progress`, `cancel`): "
        + ", ".join(f"{m} {n}" for m, n in s.get("worker_calls", {}).items()),
        "- calls that put a game on the board: " + ", ".join(f"{w} {n}" for w, n in s.get("puts", {}).items()),
        "- longest functions in site/game: " + ", ".join(f"`{name}` {n}" for n, name in s.get("longest_game", [])),
        "- longest functions: " + ", ".join(f"`{name}` {n}" for n, name in s["longest"]),
        "- longest page functions: " + ", ".join(f"`{name}` {n}" for n, name in s["longest_page"]),
        f"- README: {s['readme_kb']} KB, {s['readme_lines']} lines; bench/site.py: {s['bench_site_lines']} lines",
        f"- folders in site/: {', '.join(s['site_folders'])}",
        "- site/game's import graph: {modules} modules on {floors} floors, {arrows} imports between them,"
        " {from_lib} from site/lib".format(**s["game_graph"])
        if "game_graph" in s
        else "",
        f"- imports of one app's module from another app: {len(s.get('app_crossings', []))}"
        + (f" ({', '.join(s['app_crossings'])})" if s.get("app_crossings") else ""),
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="also measure this commit (git archive of it)")
    args = parser.parse_args()
    from _git import before_and_now  # bench/ is on the path when run, not when a test loads this file

    lines = ["# The page's code: its shape", "", "Counted by bench/code_shape.py from the source.", ""]
    lines += before_and_now(args.before, lambda label, tree: report(label, shape(tree)))
    text = "\n".join(lines)
    print(text)
    out = ROOT / "bench" / "results" / "code-shape.md"
    kept = out.read_text().partition(BY_HAND)[1:] if out.exists() else ("", "")
    out.write_text(text + ("\n" + "".join(kept) if kept[0] else ""))


if __name__ == "__main__":
    main()
