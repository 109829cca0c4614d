"""A results file of named sections, each between its markers, so that a bench's runs ("before",
"after", a label) replace their own section and keep the others."""

from __future__ import annotations

import re
from pathlib import Path


def write_section(path: Path, title: str, name: str, lines: list[str]) -> None:
    """Replace the section ``name`` of ``path`` (a new file starts with the heading ``title``), or add it."""
    text = path.read_text() if path.exists() else f"# {title}\n"
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    block = "\n".join([begin, f"## {name}", "", *lines, end])
    pattern = re.compile(re.escape(begin) + ".*?" + re.escape(end), re.S)
    text = pattern.sub(lambda _: block, text) if pattern.search(text) else text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text.rstrip() + "\n")
