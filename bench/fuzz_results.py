#!/usr/bin/env python3
"""The arena's results file, fuzzed (``python bench/fuzz.py results [COUNT [SEED]]``): a real
tournament's file (four games, played once), mutated COUNT times (lines dropped, repeated, swapped,
torn, blank, BOM-prefixed, non-UTF-8, nested 100,000 deep, values of the wrong type, other games'
numbers, the file cut anywhere), each read as a resume reads it, then the report drawn from it.

Counted: crashes (any exception but the refusal of a damaged first line, AsaltoError), games
counted twice, replays (a game whose line is intact in the file but which would be played again),
and files that do not settle (once the missing games are appended, one more read must count
every game once). Figures in bench/results/fuzz-results-file.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "pkg")]

from asalto_core import arena, results  # noqa: E402 - after the path is set
from asalto_core.errors import AsaltoError  # noqa: E402

BOTS = ["examples:greedy", "examples:random"]
ODD = [True, False, None, [], {}, "x", -1, 10**30, 1.5, "NaN", [1], {"officers": 1}, [[[]]], "", 0]


def tournament(folder: Path) -> tuple[list[arena.Job], dict[str, Any], list[bytes]]:
    """The jobs, the header and the lines of a finished four-game tournament."""
    limits = arena.Limits(move_seconds=0.5, memory_mb=400)
    jobs = arena.schedule(BOTS, "course", rounds=2, gauntlet=False, limits=limits, opening_plies=2, seed=1,
                          max_plies=40)  # fmt: skip
    path = folder / "original.jsonl"
    arena.run(jobs, BOTS, results_path=str(path), progress=False)
    return jobs, arena.tournament_of(jobs, BOTS), path.read_bytes().splitlines(keepends=True)


def mutate(lines: list[bytes], rng: random.Random) -> bytes:
    """One to three mutations of the file's lines, then the file (cut short, sometimes)."""
    lines = lines[:]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines)) if lines else 0
        kind = rng.choice(MUTATIONS)
        if not lines and kind not in ("blank", "junk", "deep"):
            continue
        if kind == "drop":
            del lines[i]
        elif kind == "repeat":
            lines.insert(rng.randrange(len(lines) + 1), lines[i])
        elif kind == "swap":
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "blank":
            lines.insert(i, rng.choice([b"\n", b"   \n", b"\r\n", b"\t\n"]))
        elif kind == "bom":
            lines[i] = b"\xef\xbb\xbf" + lines[i]
        elif kind == "tear":
            lines[i] = lines[i][: rng.randrange(max(1, len(lines[i])))]
        elif kind == "byte":
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + bytes([rng.randrange(256)]) + lines[i][at + rng.randint(0, 1) :]
        elif kind == "utf8":
            at = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:at] + rng.choice([b"\xff", b"\xc3(", b"\xed\xa0\x80", b"\x00"]) + lines[i][at:]
        elif kind == "deep":
            n = rng.choice([10, 1000, 100_000])
            lines.insert(i, rng.choice([b"[" * n, b'{"a":' * n, b"[" * n + b"]" * n]) + b"\n")
        elif kind == "junk":
            lines.insert(i, rng.choice([b"5", b"null", b"[]", b'"s"', b"{}", b"true", b"1e999", b"-0"]) + b"\n")
        elif kind == "value":
            lines[i] = _changed(lines[i], rng)
    data = b"".join(lines)
    if rng.random() < 0.1:
        data = data[: rng.randrange(len(data) + 1)]
    return data


def _changed(line: bytes, rng: random.Random) -> bytes:
    """A game's line with one of its values changed (or removed): a wrong type, another game's number."""
    try:
        game = json.loads(line)
    except (ValueError, RecursionError):
        return line
    if not isinstance(game, dict) or not game:
        return line
    key = rng.choice(sorted(game))
    roll = rng.random()
    if roll < 0.15:
        del game[key]
    elif roll < 0.4 and key == "id" or roll < 0.2:
        game["id"] = rng.choice([0, 1, 2, 3, 4, 99, -1, True, [1], "1", 1.0])
    elif roll < 0.3 and isinstance(game[key], dict) and game[key]:
        inner = rng.choice(sorted(game[key]))
        game[key][inner] = rng.choice(ODD)
    elif roll < 0.4 and isinstance(game[key], list) and game[key]:
        game[key][rng.randrange(len(game[key]))] = rng.choice(ODD)
    else:
        game[key] = rng.choice(ODD)
    return (json.dumps(game) + "\n").encode()


BEFORE = "a0743b2"  # main before issue 48's results file


def old_reader() -> Any:
    """The reader of the results file at :data:`BEFORE` (from git), to count the same files with it."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{BEFORE}:pkg/asalto_core/arena.py"],
                            capture_output=True, text=True, check=True).stdout  # fmt: skip
    code = source[source.index("def read_results(") : source.index("class Progress")]
    space: dict[str, Any] = {"os": os, "json": json, "Any": Any}
    exec(code, space)  # noqa: S102 - the project's own code, from its history
    return space["read_results"]


def count_before(files: list[bytes], by_id: dict[int, bytes], every: list[int], folder: Path) -> dict[str, int]:
    """The same files through the reader and report before the fix (its own appends, no checks)."""
    read = old_reader()
    tally = dict.fromkeys(("files", "crashes", "twice", "replays", "unsettled"), 0)
    path = folder / "before.jsonl"
    for data in files:
        tally["files"] += 1
        path.write_bytes(data.split(b"\n", 1)[1] if b"\n" in data else b"")  # it had no first line
        try:
            games = read(str(path))
            arena.report(games, BOTS)
            ids = [g["id"] for g in games]
            tally["twice"] += len(ids) != len(set(ids))
            whole = set(data.splitlines(keepends=True))
            tally["replays"] += any(by_id[i] in whole and i not in ids for i in every)
            with open(path, "ab") as f:
                for i in every:
                    if i not in ids:
                        f.write(by_id[i])
            again = sorted(g["id"] for g in read(str(path)))
            tally["unsettled"] += again != every
        except Exception:  # noqa: BLE001 - what this bench counts
            tally["crashes"] += 1
    return tally


MUTATIONS = ("drop", "repeat", "swap", "blank", "bom", "tear", "byte", "utf8", "deep", "junk", "value", "value")


def main(count: int = 100_000, seed: int = 0) -> None:
    began = time.perf_counter()
    shm = "/dev/shm" if os.path.isdir("/dev/shm") else None  # fsync costs nothing there: the count is the work
    folder = Path(tempfile.mkdtemp(prefix="asalto-fuzz-results-", dir=shm))
    jobs, header, original = tournament(folder)
    every = sorted(j.id for j in jobs)
    by_id = {json.loads(line)["id"]: line for line in original[1:]}
    rng = random.Random(seed)
    tally = dict.fromkeys(("files", "refused", "crashes", "twice", "replays", "unsettled", "set_aside"), 0)
    first: dict[str, str] = {}
    path = folder / "r.jsonl"
    sample: list[bytes] = []
    for n in range(count):
        data = mutate(original, rng)
        if n < 20_000:
            sample.append(data)
        path.write_bytes(data)
        tally["files"] += 1
        try:
            loaded = arena.read_results(str(path), header, jobs)
            arena.report(loaded.games, BOTS)
        except AsaltoError:
            tally["refused"] += 1
            continue
        except Exception as err:  # noqa: BLE001 - what this bench counts
            tally["crashes"] += 1
            first.setdefault(type(err).__name__, traceback.format_exc(limit=3) + f"\ninput: {data[:200]!r}")
            continue
        tally["set_aside"] += len(loaded.set_aside)
        ids = [g["id"] for g in loaded.games]
        tally["twice"] += len(ids) != len(set(ids))
        whole = set(data.splitlines(keepends=True)) if data.startswith(original[0]) else set()
        tally["replays"] += any(by_id[i] in whole and i not in ids for i in every)
        for i in every:
            if i not in ids:  # the arena plays it and appends its line
                results.append(str(path), by_id[i].decode().rstrip("\n"))
        again = arena.read_results(str(path), header, jobs)
        tally["unsettled"] += sorted(g["id"] for g in again.games) != every
    before = count_before(sample, by_id, every, folder)
    seconds = time.perf_counter() - began
    write(count, seed, tally, before, first, seconds)


def write(
    count: int, seed: int, tally: dict[str, int], before: dict[str, int], first: dict[str, str], seconds: float
) -> None:
    lines = [
        "# Fuzz run of the arena's results file (bench/fuzz.py results)",
        "",
        f"{count:,} mutated results files (a real four-game tournament's, one to three mutations each), seed {seed}:",
        "each read as a resume reads it, then its report drawn; then the games not counted appended, and read again.",
        "",
        "| files | refused (first line damaged) | crashes | a game counted twice | replays of an intact line "
        "| not settled after one resume | lines set aside |",
        "|---:|---:|---:|---:|---:|---:|---:|",
        f"| {tally['files']:,} | {tally['refused']:,} | {tally['crashes']:,} | {tally['twice']:,} | "
        f"{tally['replays']:,} | {tally['unsettled']:,} | {tally['set_aside']:,} |",
        "",
        f"Before: the first {before['files']:,} of these files (without their first line, which files then lacked)",
        f"through the reader and report at {BEFORE}: {before['crashes']:,} crashed, {before['twice']:,} counted a game "
        f"twice, {before['replays']:,} would replay an intact game, {before['unsettled']:,} were not settled after one "
        "resume (issue 48 had 533 crashes and 10,313 replaying files of 20,000 of its own).",
    ]
    for kind, text in first.items():
        lines += ["", f"First {kind}:", "", "```", text, "```"]
    lines += ["", f"Total: {seconds:.0f} s.", ""]
    out = ROOT / "bench" / "results" / "fuzz-results-file.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines))
    print(f"written to {out}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("count", nargs="?", type=int, default=100_000, help="mutated files read (100,000)")
    parser.add_argument("seed", nargs="?", type=int, default=0, help="the mutations' seed (0)")
    args = parser.parse_args()
    main(args.count, args.seed)
