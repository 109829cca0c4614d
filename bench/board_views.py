"""The pages' boards as a newcomer meets them (issue 50, item 4): how many modules draw a board, how many
read keys, how many put the fixed texts in a language or fill a message box, the longest modules and
functions of site/, and the copied code there (the ``duplicates`` command, where this machine has it).
Counted from the source for this tree and for an earlier commit (``--before``, by default main before the
one board view). Writes bench/results/board-views.md.

Run: python bench/board_views.py [--before COMMIT]
"""

from __future__ import annotations

import argparse
import ast
import re
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LONGEST = 5  # modules and functions listed
BEFORE = "043f399663592d11222ee54e75eb379e6ee74eb4"  # main before the one board view (issue 50, item 4)
# What a module does when it draws a board, reads a key, labels a page, fills a message box.
BOARD = re.compile(r"layer-(pieces|markers|over|\{)")
KEYS = re.compile(r"""["'](Arrow(Up|Down|Left|Right)|Home|End|PageUp|PageDown|Enter|Escape)["']""")
LABELS = "[data-i18n]"
BOX = re.compile(r"\n    box = el\([^)]*\)\n    box\.textContent = text\n    box\.className = kind\n")
PAIR = re.compile(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$")


def sources(tree: Path) -> dict[str, str]:
    """The pages' Python modules of ``tree`` (a checkout's root) by their path under site/, shims left out."""
    site = tree / "site"
    return {
        p.relative_to(site).as_posix(): p.read_text() for p in sorted(site.rglob("*.py")) if p.parent.name != "mpylib"
    }


def functions(text: str) -> list[tuple[int, str]]:
    """(lines, name) of every function of a module."""
    return [
        (n.end_lineno - n.lineno + 1, n.name)
        for n in ast.walk(ast.parse(text))
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.end_lineno is not None
    ]


def copies(tree: Path) -> dict[str, object]:
    """The duplicates command over ``tree``'s site/ (runs of 4 or more lines): its pairs of Python modules,
    and the runs the embed view and the trainer share; {} where the command is not on this machine."""
    if shutil.which("duplicates") is None:
        return {}
    out = subprocess.run(
        ["duplicates", "--repo", str(tree / "site"), "--min-lines", "4", "--most", "200", "--seconds", "120"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    pairs = [
        m.groups() for m in map(PAIR.match, out.splitlines()) if m and m[1].endswith(".py") and m[2].endswith(".py")
    ]
    shared = 0
    for a, b, rest in pairs:
        if {a, b} in ({"embed/view.py", "puzzles/trainer.py"}, {"embed/embed_view.py", "puzzles/trainer.py"}):
            more = re.search(r"\(\+(\d+) more runs?\)", rest)
            shared = 1 + (int(more.group(1)) if more else 0)
    return {"pairs": len(pairs), "embed-trainer": shared}


def measure(tree: Path) -> dict[str, object]:
    src = sources(tree)
    longest = sorted(((len(t.splitlines()), p) for p, t in src.items()), reverse=True)[:LONGEST]
    fns = sorted(((n, f"{p}:{name}") for p, t in src.items() for n, name in functions(t)), reverse=True)[:LONGEST]
    return {
        "board drawers": [p for p, t in src.items() if BOARD.search(t)],
        "key readers": [p for p, t in src.items() if KEYS.search(t)],
        "label appliers": [p for p, t in src.items() if LABELS in t],
        "message boxes": sum(len(BOX.findall(t)) for t in src.values()),
        "longest modules": longest,
        "longest functions": fns,
        "copies": copies(tree),
    }


def at_commit(commit: str) -> dict[str, object]:
    from _git import tree_at  # bench/ is on the path when run, not when a test loads this file

    with tree_at(commit, "site") as tree:
        return measure(tree)


def report(figures: list[tuple[str, dict[str, object]]]) -> str:
    lines = ["# The pages' boards (issue 50, item 4)", "", "Written by bench/board_views.py.", ""]
    for name, f in figures:
        lines += [f"## {name}", ""]
        for key in ("board drawers", "key readers", "label appliers"):
            modules = f[key]
            assert isinstance(modules, list)
            lines.append(f"- {key}: {len(modules)} ({', '.join(modules)})")
        lines.append(f"- message boxes filled by a copy of the same three lines: {f['message boxes']}")
        for key in ("longest modules", "longest functions"):
            rows = f[key]
            assert isinstance(rows, list)
            lines.append(f"- {key}: " + ", ".join(f"{what} {n}" for n, what in rows))
        c = f["copies"]
        if isinstance(c, dict) and c:
            lines.append(f"- duplicates (4+ lines) between Python modules of site/: {c['pairs']} pairs; "
                         f"runs shared by the embed view and the trainer: {c['embed-trainer']}")  # fmt: skip
        lines.append("")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="an earlier commit to measure beside this tree")
    args = parser.parse_args()
    figures = [(f"before ({args.before[:10]})", at_commit(args.before)), ("now (this tree)", measure(ROOT))]
    text = report(figures)
    print(text)
    (ROOT / "bench" / "results" / "board-views.md").write_text(text)


if __name__ == "__main__":
    main()
