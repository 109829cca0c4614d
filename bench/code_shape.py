"""The page's code as a newcomer meets it: which modules change the game page's state (``App``), where
a redraw is asked for, the longest functions, the README's size. Counted from the source (``ast``), for
this tree and, with ``--before COMMIT``, for an earlier one, so a change to the page's structure shows
in figures. Writes bench/results/code-shape.md.

Run: python bench/code_shape.py [--before COMMIT]
"""

from __future__ import annotations

import argparse
import ast
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 8  # functions listed


def _root_name(node: ast.expr) -> str:
    """The name an attribute or subscript chain starts from: ``app`` for ``app.settings["mode"]``."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else ""


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        out = []
        for target in node.targets:
            out += target.elts if isinstance(target, ast.Tuple) else [target]
        return out
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return [node.target]
    return []


def shape(root: Path) -> dict:
    """The figures of the tree at ``root``: App's writers, redraw call sites, functions by length."""
    site = sorted(p for p in (root / "site").rglob("*.py") if "mpylib" not in p.parts and "lab" not in p.parts)
    writes: Counter[str] = Counter()
    fields: set[str] = set()
    renders: Counter[str] = Counter()
    functions: list[tuple[int, str]] = []
    for path in site:
        tree = ast.parse(path.read_text())
        redraws = any(  # the game page's redraw (render.render), not another page's own render()
            isinstance(n, ast.ImportFrom) and n.module == "render" and any(a.name == "render" for a in n.names)
            for n in tree.body
        )
        for node in ast.walk(tree):
            for target in _targets(node):
                if isinstance(target, (ast.Attribute, ast.Subscript)) and _root_name(target) == "app":
                    writes[path.stem] += 1
            if isinstance(node, ast.ClassDef) and node.name == "App":
                for sub in ast.walk(node):
                    for target in _targets(sub):
                        if isinstance(target, ast.Attribute) and _root_name(target) == "self":
                            fields.add(target.attr)
            if redraws and isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "render":
                renders[path.stem] += 1
    for path in site + sorted((root / "pkg" / "asalto_core").rglob("*.py")) + sorted((root / "bench").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{path.relative_to(root).as_posix()}:{node.name}"
                functions.append((node.end_lineno - node.lineno + 1, name))
    readme = (root / "README.md").read_text()
    bench_site = root / "bench" / "site.py"
    return {
        "writers": dict(writes.most_common()),
        "fields": len(fields),
        "renders": dict(renders.most_common()),
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
    return [
        f"## {label}",
        "",
        f"- modules that write `App`'s fields: {len(s['writers'])} ({sum(s['writers'].values())} writes: {writers});"
        f" `App` has {s['fields']} fields",
        f"- the game page's `render()` call sites: {sum(s['renders'].values())} in {len(s['renders'])} modules"
        f" ({renders})",
        "- longest functions: " + ", ".join(f"`{name}` {n}" for n, name in s["longest"]),
        "- longest page functions: " + ", ".join(f"`{name}` {n}" for n, name in s["longest_page"]),
        f"- README: {s['readme_kb']} KB, {s['readme_lines']} lines; bench/site.py: {s['bench_site_lines']} lines",
        f"- folders in site/: {', '.join(s['site_folders'])}",
        "",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="also measure this commit (git archive of it)")
    args = parser.parse_args()
    lines = ["# The page's code: its shape", "", "Counted by bench/code_shape.py from the source.", ""]
    if args.before:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(["git", "archive", args.before], cwd=ROOT, capture_output=True, check=True)
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            lines += report(f"before ({args.before})", shape(Path(tmp)))
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout
    lines += report(f"now ({head.strip()} and the working tree)", shape(ROOT))
    text = "\n".join(lines)
    print(text)
    (ROOT / "bench" / "results" / "code-shape.md").write_text(text)


if __name__ == "__main__":
    main()
