#!/usr/bin/env python3
"""The mutation fuzz suite's long run: 100,000 inputs per target (tests/fuzz.py) on CPython, the
page's readers on node's MicroPython, and each reader's time at 1x and 16x its input on both
(bench/complexity.py); counts and the complexity table in bench/results/fuzz.md. Any broken
contract stops the run with the input that broke it.

With ``readers``, the readers of links, studies, books and the trainer's set instead: every input
runs, and the report counts the inputs that broke the contract (an exception outside AsaltoError,
a limit passed), each kind with its first input, the inputs slower than a second, and each
reader's time at three sizes; in bench/results/fuzz-readers.md.

    python bench/fuzz.py               # 100,000 per target (MicroPython: 20,000 per reader)
    python bench/fuzz.py 5000 7 2000   # 5,000 per target, seed 7, 2,000 per reader on MicroPython
    python bench/fuzz.py readers       # the four readers, 100,000 inputs each
    python bench/fuzz.py readers 5000  # ... 5,000 each
    python bench/fuzz.py results       # the arena's results file, 100,000 mutated files (bench/fuzz_results.py)

With ``protocol``, the engine protocol and the course adapter (issue 48): 100,000 inputs each in
this process (tests/fuzz.py's ``protocol`` and ``adapter`` targets, every broken contract counted),
then fuzzed sessions of six command lines, each through a real ``asalto engine`` process under a
strict UTF-8 locale, and one 200 MB line (its resident memory); in bench/results/fuzz-protocol.md.
``--package=DIR`` runs it on another checkout's engine (an older commit's ``pkg``), written to
``--out=NAME`` (``--label=TEXT`` names it there). Neither module runs on the pages' MicroPython,
only on the bot lab's Pyodide.

    python bench/fuzz.py protocol                 # 100,000 inputs each, 1,500 sessions
    python bench/fuzz.py protocol 5000 300        # 5,000 inputs each, 300 sessions
    python bench/fuzz.py protocol --package=/tmp/old/pkg --out=fuzz-protocol-before.md
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def arguments() -> argparse.Namespace:
    """The command line, read before the engine is imported: ``--package`` says which engine."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", nargs="*", help="readers, results or protocol and their numbers, or the main run's")
    parser.add_argument("--package", default=str(ROOT / "pkg"), help="the engine fuzzed: another checkout's pkg")
    parser.add_argument("--out", default="fuzz-protocol.md", help="the protocol run's results file in bench/results")
    parser.add_argument("--label", default="this checkout", help="the engine's name in the protocol run's results")
    return parser.parse_args()


OPTIONS = arguments()
ARGS = OPTIONS.what
PACKAGE = OPTIONS.package  # the engine fuzzed (another checkout's, for a before)
sys.path[:0] = [PACKAGE, str(ROOT / "tests"), str(ROOT / "bench")]

import complexity  # noqa: E402 - after the path is set
import fuzz  # noqa: E402
import micropython  # noqa: E402

from asalto_core import links  # noqa: E402
from asalto_core.book import Book  # noqa: E402
from asalto_core.record import Game  # noqa: E402
from asalto_core.study import Study  # noqa: E402

TARGETS = ("move", "position", "record", "ruleset", "request", "save", "params", "api")
READERS = ("link", "study", "book", "trainer")

# The page's readers on MicroPython: each input must give a value or an AsaltoError (a save's
# text that is not JSON is refused by the decoder first, as site/game/storage.py does).
MPY_CHECK = """
import json
from asalto_core import AsaltoError, Position
from asalto_core.embed import read_params
from asalto_core.rulesets import find_ruleset
from asalto_core.session import Session

READERS = {
    "record": Session.from_text,
    "position": Position.from_text,
    "ruleset": find_ruleset,
    "move": lambda t: Session.from_text('[Ruleset "asalto"] 1. @c5,e5 *')[0].play(t),
    "params": lambda t: read_params({"record": t, "highlight": t, "ply": t, "arrows": t}, ["assault"]),
}


def save(text):
    try:
        blob = json.loads(text)
    except (ValueError, RuntimeError):
        raise AsaltoError("not JSON")
    return Session.from_saved(blob)


READERS["save"] = save
tally = {}
with open("/lib/fuzz_inputs.json") as f:
    inputs = json.load(f)
for name, texts in inputs:
    counts = tally.setdefault(name, {"inputs": 0, "ok": 0, "error": 0})
    for text in texts:
        try:
            READERS[name](text)
            counts["ok"] += 1
        except AsaltoError:
            counts["error"] += 1
        except Exception as err:
            error = type(err).__name__ + ": " + str(err)[:200]
            print(json.dumps({"failure": name, "error": error, "input": text[:300]}))
            raise SystemExit
        counts["inputs"] += 1
print(json.dumps({"tally": tally}))
"""


def mpy_inputs(count: int, seed: int) -> list[list]:
    """Mutated inputs per reader, made on CPython (MicroPython's random differs) for MicroPython."""
    corpus = fuzz.corpora()
    sources = {
        "record": corpus["records"],
        "position": corpus["positions"],
        "ruleset": corpus["rulesets"],
        "move": corpus["moves"],
        "params": fuzz.PARAM_TEXTS,
        "save": corpus["saves"],
    }
    out = []
    for name, texts in sources.items():
        rng = random.Random(f"{seed}:mpy:{name}")
        batch = []
        for i in range(count):
            if name == "record" and i % 7 == 3:
                batch.append(rng.choice(fuzz.hostile_records(rng)))
            elif name == "save" and i % 20 == 7:
                batch.append(
                    '{"version": 2, "game": {"ruleset": "assault", "moves": [], "ply": ' + fuzz.deep_json(rng) + "}}"
                )
            else:
                base = rng.choice(texts)
                batch.append(base if i % 10 == 0 else fuzz.mutate(rng, base, texts))
        out.append([name, [t for t in batch if "\ud800" not in t and not any(0xD800 <= ord(c) < 0xE000 for c in t)]])
    return out


def run_micropython(count: int, seed: int) -> dict[str, dict[str, int]]:
    """The page's readers on node's MicroPython, ``count`` inputs each, in batches of 2,000."""
    tally: dict[str, dict[str, int]] = {}
    for name, texts in mpy_inputs(count, seed):
        for start in range(0, len(texts), 2000):
            batch = json.dumps([[name, texts[start : start + 2000]]])
            out = micropython.run(MPY_CHECK, {"fuzz_inputs.json": batch}, timeout=3600)
            result = json.loads(out.strip().splitlines()[-1])
            if "failure" in result:
                raise fuzz.Failure(f"MicroPython {result['failure']}: {result['error']}\ninput: {result['input']!r}")
            for key, value in result["tally"][name].items():
                tally.setdefault(name, {"inputs": 0, "ok": 0, "error": 0})[key] += value
        print(f"micropython {name:9} {tally[name]['inputs']:>7} inputs  {tally[name]['ok']:>6} accepted", flush=True)
    return tally


def parse_time() -> tuple[int, float]:
    """Seconds to read a valid 1,000,000-character record (a game and one long comment)."""
    game = fuzz.sample_games(seed=5, count=1, plies=60)[0]
    text = game.record()
    pad = 1_000_000 - len(text) - 3
    text = text.replace("\n\n", "\n\n{" + ("a long comment " * (pad // 15 + 1))[:pad] + "}\n", 1)
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        Game.from_record(text)
        best = min(best, time.perf_counter() - t)
    return len(text), best


def complexity_rows() -> tuple[list, list]:
    """Each reader at 1x and 16x on CPython and on node's MicroPython (bench/complexity.py)."""
    source = (ROOT / "bench" / "complexity.py").read_text()
    out = micropython.run("import json, complexity\nprint(json.dumps(complexity.report()))", {"complexity.py": source})
    return complexity.report(), json.loads(out.strip().splitlines()[-1])


# -- the readers of links, studies, books and the trainer ------------------------------------------
def share_link(plies: int) -> tuple[int, Any]:
    """A share link of a main line of ``plies`` moves, read and replayed."""
    game = Game(fuzz.LONG)
    for i in range(plies):
        game.play(fuzz.CYCLE[i % 4])
    text = links.share_query(game.record(), [plies])
    return plies, lambda: links.share_session(links.read_query(text))


def study_of(chapters: int) -> tuple[int, Any]:
    """A study of ``chapters`` chapters of 40 moves each, read."""
    game = fuzz.sample_games(seed=3, count=1, plies=40)[0]
    study = Study("Sieges")
    for i in range(chapters):
        study.add(game, f"Chapter {i}")
    text = study.record()
    return chapters, lambda: Study.from_record(text)


def book_of(entries: int) -> tuple[int, Any]:
    """A book of ``entries`` positions (the largest book's first), read and asked at each."""
    data = json.loads((fuzz.BOOKS / "fuchs-und-henne.json").read_text())
    keys = sorted(data["positions"])[:entries]
    data["positions"] = {k: data["positions"][k] for k in keys}
    text = json.dumps(data)
    from asalto_core.position import Position

    positions = [Position.from_text(k + " 1") for k in keys]

    def work() -> None:
        book = Book.from_json(text)
        for position in positions:
            book.choose(position, margin=120)

    return entries, work


def set_of(puzzles: int) -> tuple[int, Any]:
    """A puzzle set of ``puzzles`` puzzles (the trainer's), read, filtered and the next one chosen."""
    data = json.loads(fuzz.page_file("puzzles.json").read_text())
    data["puzzles"] = data["puzzles"][:puzzles]
    text = json.dumps(data)

    def work() -> None:
        got, _, _ = fuzz.trainer_state.read_set(text)
        pool = fuzz.trainer_state.matching(got, "", "", (1000, 1600))
        fuzz.trainer_state.next_puzzle(pool, fuzz.trainer_state.fresh_profile())

    return puzzles, work


SIZES = (
    ("link: a share link of n plies", share_link, (250, 1000, 4000)),
    ("study: n chapters of 40 plies", study_of, (4, 16, 64)),
    ("book: n positions, each asked", book_of, (12, 47, 189)),
    ("trainer: a set of n puzzles", set_of, (106, 424, 1696)),
)


def size_rows() -> list[list[Any]]:
    """[reader, (size, ms) at each of the three sizes] (the best of three runs)."""
    rows = []
    for name, make, sizes in SIZES:
        row: list[Any] = [name]
        for n in sizes:
            size, work = make(n)
            best = float("inf")
            for _ in range(3):
                t = time.perf_counter()
                work()
                best = min(best, time.perf_counter() - t)
            row.append((size, best * 1000))
        rows.append(row)
    return rows


def readers(count: int, seed: int) -> None:
    """The four readers' run (``python bench/fuzz.py readers``), into bench/results/fuzz-readers.md."""
    total = time.perf_counter()
    rows = []
    for name in READERS:
        t = time.perf_counter()
        tally = fuzz.run(count, seed, only=name, collect=True)[name]
        rows.append((name, tally, time.perf_counter() - t))
        print(f"{name:8} {tally['inputs']:>7} inputs  {tally['ok']:>6} accepted  {tally['error']:>6} refused"
              f" {tally['failed']:>6} broken  {tally['slow']:>4} slow  {rows[-1][2]:.1f} s", flush=True)  # fmt: skip
    lines = [
        "# Fuzz run of the readers (bench/fuzz.py readers)",
        "",
        f"{count:,} mutated inputs per reader on CPython, seed {seed}. 'broken': an exception outside",
        "AsaltoError or an accepted input over a limit; 'over 1 s': inputs that took longer than a second.",
        "",
        "| reader | inputs | accepted | refused | broken | over 1 s | slowest (s) | seconds |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    lines += [f"| {n} | {t['inputs']:,} | {t['ok']:,} | {t['error']:,} | {t['failed']:,} | {t['slow']:,} | "
              f"{t['slowest']:.1f} | {s:.0f} |" for n, t, s in rows]  # fmt: skip
    kinds = [(n, k, v) for n, t, _ in rows for k, v in sorted(t["kinds"].items())]
    if kinds:
        lines += ["", "Each kind of broken contract, with its first input:", ""]
        lines += [f"- {n}: `{k}` (input `{v.split(chr(10) + 'input: ')[-1][:100]}`)" for n, k, v in kinds]
    lines += ["", "Each reader's slowest input:", ""]
    lines += [f"- {n}: {t['slowest']:.2f} s, `{t['slowest_input'][:80]!r}`" for n, t, _ in rows]
    lines += ["", "Each reader's time (ms, best of 3) at three sizes:", "",
              "| reader | n | ms | n | ms | n | ms |", "|---|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for name, *cells in size_rows():
        lines.append(f"| {name} | " + " | ".join(f"{n:,} | {ms:.1f}" for n, ms in cells) + " |")
    lines += ["", f"Total: {time.perf_counter() - total:.0f} s.", ""]
    out = ROOT / "bench" / "results" / "fuzz-readers.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines))
    print(f"written to {out}")


# -- the engine protocol and the course adapter ------------------------------------------------------
ANSWERS = (b"id", b"asaltook", b"readyok", b"info", b"bestmove", b"legalmoves", b"error", b"fault")
STRICT = dict(os.environ, LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8:strict", PYTHONPATH=PACKAGE)


def engine(stdin: bytes | str, shell: bool = False) -> subprocess.CompletedProcess:
    """``asalto engine`` (the random example bot) on ``stdin``, or on a shell pipeline's output."""
    command = [sys.executable, "-m", "asalto_core", "engine", "--bot", "examples:random"]
    if shell:
        run = ["sh", "-c", f'{stdin} | exec "$@"', "sh", *command]
        return subprocess.run(run, capture_output=True, env=STRICT, timeout=600, check=False)
    return subprocess.run(command, input=stdin, capture_output=True, env=STRICT, timeout=600, check=False)


def session(rng: random.Random, commands: list[str]) -> bytes:
    """Six command lines as bytes: mutated commands, now and then a byte that is no UTF-8."""
    lines = []
    for _ in range(6):
        line = rng.choice(commands)
        line = line if rng.random() < 0.3 else fuzz.mutate(rng, line, commands)
        data = line.replace("\n", " ").encode("utf-8", "surrogatepass")
        if rng.random() < 0.1:
            i = rng.randint(0, len(data))
            data = data[:i] + bytes([rng.randrange(128, 256)]) + data[i:]
        lines.append(data)
    return b"\n".join(lines) + b"\n"


def broken(done: subprocess.CompletedProcess) -> str:
    """Why a session broke the protocol's contract ('' if it did not): an exit that is not 0, a
    traceback, or a line that is none of the protocol's answers."""
    if done.returncode != 0 or b"Traceback" in done.stderr:
        last = done.stderr.strip().splitlines()[-1:] or [b""]
        return f"exit {done.returncode}, {last[0].decode(errors='replace').split(':')[0][:60]}"
    strays = [line for line in done.stdout.splitlines() if line.split(b" ", 1)[0] not in ANSWERS]
    return f"a line that is no answer: {strays[0][:80]!r}" if strays else ""


def protocol(count: int, sessions: int, seed: int) -> None:
    """The protocol's run (``python bench/fuzz.py protocol``), into bench/results/fuzz-protocol.md."""
    total = time.perf_counter()
    huge = "{ printf 'position startpos assault moves '; head -c 200000000 /dev/zero | tr '\\0' x; printf '\\ngo\\n'; }"
    done = engine(huge, shell=True)
    resident = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # this script's first child
    big = (done.returncode, resident, done.stdout.decode(errors="replace").splitlines()[:1])
    print(f"a 200 MB line: exit {big[0]}, {resident:.0f} MB resident at most, answered {big[2]}", flush=True)
    rows = []
    for name in ("protocol", "adapter"):
        t = time.perf_counter()
        try:
            tally = fuzz.run(count, seed, only=name, collect=True)[name]
        except ImportError as err:  # an older engine without the session class the target drives
            print(f"{name}: not run ({err})", flush=True)
            continue
        rows.append((name, tally, time.perf_counter() - t))
        print(f"{name:8} {tally['inputs']:>7} inputs  {tally['ok']:>6} accepted  {tally['error']:>6} refused"
              f" {tally['failed']:>6} broken  {rows[-1][2]:.1f} s", flush=True)  # fmt: skip
    rng = random.Random(f"{seed}:sessions")
    commands = fuzz.corpora()["commands"]
    t = time.perf_counter()
    kinds: dict[str, tuple[int, bytes]] = {}
    for _ in range(sessions):
        text = session(rng, commands)
        why = broken(engine(text))
        if why:
            kind = why.split(":")[0] if why.startswith("a line") else why
            n, first = kinds.get(kind, (0, text))
            kinds[kind] = (n + 1, first)
    failed = sum(n for n, _ in kinds.values())
    seconds = time.perf_counter() - t
    print(f"sessions {sessions:>6}  {failed} broken  {seconds:.0f} s", flush=True)
    lines = [
        "# Fuzz run of the engine protocol and the course adapter (bench/fuzz.py protocol)",
        "",
        f"The engine of {OPTIONS.label}, seed {seed}. In this process, {count:,} mutated",
        "inputs per target (tests/fuzz.py): `protocol` sends command lines as bytes (some not UTF-8, some",
        "over a line's limit) to one session; `adapter` gives the course adapter answers of every shape.",
        "'broken': an exception outside the contract, an answer that is no protocol line, a refused",
        "command that changed the session, a game over the page's 5,000 moves, an answer taken for a",
        "move whose points are no whole numbers.",
        "",
        "| target | inputs | accepted | refused | broken | seconds |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    lines += [
        f"| {n} | {t['inputs']:,} | {t['ok']:,} | {t['error']:,} | {t['failed']:,} | {s:.0f} |" for n, t, s in rows
    ]
    lines += (
        ["", "Each kind of broken contract, with its first input:", ""] if any(t["kinds"] for _, t, _ in rows) else []
    )
    for n, t, _ in rows:
        lines += [
            f"- {n}: `{k}` (first input `{v.split(chr(10) + 'input: ')[-1][:100]}`)" for k, v in t["kinds"].items()
        ]
    lines += ["", f"{sessions:,} fuzzed sessions of six command lines, each through a real `asalto engine` process",
              f"under a strict UTF-8 locale (LC_ALL=C.UTF-8, PYTHONIOENCODING=utf-8:strict), {seconds:.0f} s:",
              f"{failed:,} broken (an exit other than 0, a traceback, or a line that is no answer).", ""]  # fmt: skip
    lines += [f"- {n:,}: {k} (first session {first[:120]!r})" for k, (n, first) in sorted(kinds.items())]
    lines += ["", f"A 200 MB `position` line, then `go`: exit {big[0]}, at most {resident:.0f} MB resident; "
              f"first answer {big[2]!r}.", "",
              "Neither the protocol (`engine.py`) nor the course adapter (`bots/`) runs on the pages' MicroPython",
              "(`build.module_lists`): the bot lab runs them on Pyodide, which is CPython.",
              "", f"Total: {time.perf_counter() - total:.0f} s.", ""]  # fmt: skip
    out = ROOT / "bench" / "results" / OPTIONS.out
    out.write_text("\n".join(lines), errors="backslashreplace")  # an input's lone surrogate, quoted
    print("\n".join(lines))
    print(f"written to {out}")


def main() -> None:
    if ARGS[:1] == ["results"]:
        import fuzz_results

        fuzz_results.main(*(int(x) for x in ARGS[1:3]))
        return
    if ARGS[:1] == ["protocol"]:
        numbers = [int(a) for a in ARGS[1:]] + [100_000, 1500, 0][len(ARGS) - 1 :]
        protocol(*numbers[:3])
        return
    if ARGS[:1] == ["readers"]:
        readers(int(ARGS[1]) if len(ARGS) > 1 else 100_000, int(ARGS[2]) if len(ARGS) > 2 else 0)
        return
    count = int(ARGS[0]) if len(ARGS) > 0 else 100_000
    seed = int(ARGS[1]) if len(ARGS) > 1 else 0
    mpy_count = int(ARGS[2]) if len(ARGS) > 2 else 20_000
    rows = []
    total = time.perf_counter()
    for name in TARGETS:
        t = time.perf_counter()
        tally = fuzz.run(count, seed, only=name)[name]
        rows.append((name, tally, time.perf_counter() - t))
        print(f"{name:9} {tally['inputs']:>7} inputs  {tally['ok']:>6} accepted  {tally['error']:>6} refused"
              f"  {rows[-1][2]:.1f} s", flush=True)  # fmt: skip
    t = time.perf_counter()
    mpy = run_micropython(mpy_count, seed)
    mpy_seconds = time.perf_counter() - t
    cpy_rows, mpy_rows = complexity_rows()
    size, seconds = parse_time()
    lines = [
        "# Fuzz run (bench/fuzz.py)",
        "",
        f"{count:,} mutated inputs per target on CPython, seed {seed}; every input gave its documented outcome",
        "(AsaltoError, an {ok: false} answer or a problems list) and no refused input changed a game.",
        "",
        "| target | inputs | accepted | refused | seconds |",
        "|---|---:|---:|---:|---:|",
    ]
    lines += [f"| {n} | {t['inputs']:,} | {t['ok']:,} | {t['error']:,} | {s:.1f} |" for n, t, s in rows]
    lines += ["", f"The page's readers on node's MicroPython (the page's build), {mpy_count:,} inputs each "
              f"(those with lone surrogates left out: a MicroPython text cannot hold one), {mpy_seconds:.0f} s:", "",
              "| reader | inputs | accepted | refused |", "|---|---:|---:|---:|"]  # fmt: skip
    lines += [f"| {n} | {t['inputs']:,} | {t['ok']:,} | {t['error']:,} |" for n, t in sorted(mpy.items())]
    lines += ["", "Each reader's time (ms) for an input and for 16 times that input (about 16x when linear,",
              "256x when quadratic):", "",
              "| reader | size | CPython 1x | 16x | ratio | MicroPython 1x | 16x | ratio |",
              "|---|---:|---:|---:|---:|---:|---:|---:|"]  # fmt: skip
    for c, m in zip(cpy_rows, mpy_rows, strict=True):
        cr, mr = [r[5] if r[4] >= 5 else "-" for r in (c, m)]  # a few ms are the clock's grain, not a ratio
        lines.append(f"| {c[0]} | {c[1]:,} / {c[3]:,} | {c[2]} | {c[4]} | {cr} | {m[2]} | {m[4]} | {mr} |")
    lines += ["", f"Reading a valid record of {size:,} characters on CPython: {seconds * 1000:.1f} ms (best of 3).",
              f"Total: {time.perf_counter() - total:.0f} s.", ""]  # fmt: skip
    out = ROOT / "bench" / "results" / "fuzz.md"
    out.write_text("\n".join(lines))
    print("\n".join(lines[-3:]))
    print(f"written to {out}")


if __name__ == "__main__":
    main()
