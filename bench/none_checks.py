"""How much of the pages' code mypy checks for None read as a value (``strict_optional``): for each app
of site/, whether its modules are checked so, and the errors mypy finds when every app is (a field that
holds None until the page has loaded it, read without a check). Measured for this tree and, with
``--before COMMIT``, for an earlier one. Writes bench/results/none-checks.md.

Run: python bench/none_checks.py [--before COMMIT]
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("lib", "game", "embed", "puzzles")  # site/'s apps (build.py's APPS)


def _modules(root: Path, app: str) -> list[str]:
    return sorted(f"{app}.{p.stem}" for p in (root / "site" / app).glob("*.py") if p.name != "__init__.py")


def unchecked(root: Path) -> dict[str, list[str]]:
    """Each app's modules that the tree's mypy settings leave with ``strict_optional`` off."""
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["mypy"]
    off: dict[str, list[str]] = {}
    for app in APPS:
        for module in _modules(root, app):
            on = config.get("strict_optional", True)
            for override in config.get("overrides", []):  # a later section, or a module named, wins
                names = override["module"] if isinstance(override["module"], list) else [override["module"]]
                if "strict_optional" in override and any(_matches(module, n) for n in names):
                    on = override["strict_optional"]
            if not on:
                off.setdefault(app, []).append(module)
    return off


def _matches(module: str, pattern: str) -> bool:
    return module == pattern or (pattern.endswith(".*") and module.startswith(pattern[:-1]))


def errors_when_checked(root: Path) -> Counter[str]:
    """The errors mypy reports in each app of the tree at ``root`` with ``strict_optional`` on everywhere."""
    text = (root / "pyproject.toml").read_text()
    forced = re.sub(r"(?m)^strict_optional = false\n", "", text)
    with tempfile.NamedTemporaryFile("w", suffix=".toml", dir=root, delete=False) as f:
        f.write(forced)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", f.name], cwd=root, capture_output=True, text=True
        )
    finally:
        Path(f.name).unlink()
    found: Counter[str] = Counter()
    for line in done.stdout.splitlines():
        m = re.match(r"site/(\w+)/\S+\.py:\d+: error:", line)
        if m:
            found[m[1]] += 1
    return found


def report(label: str, root: Path) -> list[str]:
    off, found = unchecked(root), errors_when_checked(root)
    lines = [
        f"## {label}",
        "",
        "| app | modules | checked for None | errors with it on everywhere |",
        "|---|---|---|---|",
    ]
    for app in APPS:
        n = len(_modules(root, app))
        lines.append(f"| site/{app} | {n} | {n - len(off.get(app, []))} | {found[app]} |")
    return lines + [""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="also measure this commit (git archive of it)")
    args = parser.parse_args()
    from _git import before_and_now  # bench/ is on the path when run, not when a test loads this file

    lines = ["# The pages' code checked for None (mypy's strict_optional)", "", "Measured by bench/none_checks.py.", ""]
    lines += before_and_now(args.before, report)
    text = "\n".join(lines)
    print(text)
    (ROOT / "bench" / "results" / "none-checks.md").write_text(text)


if __name__ == "__main__":
    main()
