"""What a page's MicroPython unpacks before its entry runs, counted in a built site: each page's archive
(its own modules, their packages, the English catalog and the engine's modules) and the weaker levels'
worker's, in bytes as served (gzip'd) and in files, any bytecode left outside them, and the whole
site's bytes. No browser: a change to how the pages' modules are packed shows here before bench/site.py
times it. Writes its section (``--name``, default "now") of bench/results/page-bytes.md.

Run: python bench/page_bytes.py [--dist DIR] [--name NAME]
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
import tarfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _sections import write_section  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ARCHIVES = {
    "mpy.tar.gz": "the game page",
    "embed-mpy.tar.gz": "the embed view",
    "puzzles-mpy.tar.gz": "the trainer",
    "light.tar.gz": "the weaker levels' worker",
}
OUT = ROOT / "bench" / "results" / "page-bytes.md"
SHIMS = ("typing.mpy", "dataclasses.mpy", "__future__.mpy")  # site/mpylib's, beside a page's own modules


def measure(dist: Path) -> dict:
    """The figures of the built site ``dist``."""
    archives = {}
    for name in ARCHIVES:
        raw = (dist / name).read_bytes()
        with tarfile.open(fileobj=io.BytesIO(gzip.decompress(raw))) as tar:
            members = [m for m in tar.getmembers() if m.isfile()]
        own = [
            m
            for m in members
            if m.name.endswith(".mpy") and not m.name.startswith(("asalto_core/", "pyscript/")) and m.name not in SHIMS
        ]
        archives[name] = {"bytes": len(raw), "files": len(members), "page_modules": len(own)}
    files = [p for p in dist.rglob("*") if p.is_file()]
    return {
        "archives": archives,
        "loose_mpy_files": sum(p.suffix == ".mpy" for p in files),
        "site_bytes": sum(p.stat().st_size for p in files),
        "site_files": len(files),
    }


def report(figures: dict) -> list[str]:
    lines = []
    for name, a in figures["archives"].items():
        lines.append(
            f"- {ARCHIVES[name]} (`{name}`): {a['bytes']:,} bytes gzip'd, {a['files']} files,"
            f" {a['page_modules']} of them the page's own modules"
        )
    lines.append(f"- bytecode outside the archives (a file no page fetches): {figures['loose_mpy_files']} files")
    lines.append(f"- the whole site: {figures['site_files']} files, {figures['site_bytes']:,} bytes")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="a built site (python3 tasks.py build)")
    parser.add_argument("--name", default="now", help="this run's section of the results")
    args = parser.parse_args()
    lines = report(measure(args.dist))
    print("\n".join(lines))
    write_section(OUT, "The pages' bytes before their entry runs", args.name, lines)


if __name__ == "__main__":
    main()
