"""The benches' tables of runs side by side (a column per run, by its label; a row per figure),
and where the runs are kept: bench/results/<name>.json, the table in <name>.md."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def header(labels: list[str], first: str = "") -> list[str]:
    """A table's two first lines: ``first`` over the figures' names, then each run's label."""
    corner = f"| {first} | " if first else "| | "
    return [corner + " | ".join(labels) + " |", "|---|" + "---:|" * len(labels)]


def rows(runs: dict, figures: Iterable[tuple[str, Callable[[dict], object]]]) -> list[str]:
    """A row per ``(name, cell)`` of ``figures``: each run's cell, in the runs' order."""
    return [f"| {name} | " + " | ".join(str(cell(run)) for run in runs.values()) + " |" for name, cell in figures]


def keep(name: str, label: str, run: dict, markdown: Callable[[dict], str]) -> None:
    """``run`` kept under ``label`` beside the runs kept before (one of the same label replaced), the
    table of them all written again, and this run's own printed."""
    RESULTS.mkdir(exist_ok=True)
    store = RESULTS / f"{name}.json"
    runs = json.loads(store.read_text()) if store.exists() else {}
    runs[label] = run
    store.write_text(json.dumps(runs, indent=1) + "\n")
    (RESULTS / f"{name}.md").write_text(markdown(runs))
    print(markdown({label: run}))
