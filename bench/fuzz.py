#!/usr/bin/env python3
"""The mutation fuzz suite's long run: 100,000 inputs per target (tests/fuzz.py) on CPython, the
page's readers on node's MicroPython, and each reader's time at 1x and 16x its input on both
(bench/complexity.py); counts and the complexity table in bench/results/fuzz.md. Any broken
contract stops the run with the input that broke it.

    python bench/fuzz.py               # 100,000 per target (MicroPython: 20,000 per reader)
    python bench/fuzz.py 5000 7 2000   # 5,000 per target, seed 7, 2,000 per reader on MicroPython
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "pkg"), str(ROOT / "tests"), str(ROOT / "bench")]

import complexity  # noqa: E402 - after the path is set
import fuzz  # noqa: E402
import micropython  # noqa: E402

from asalto_core.record import Game  # noqa: E402

TARGETS = ("move", "position", "record", "ruleset", "request", "save", "params", "api")

# The page's readers on MicroPython: each input must give a value or an AsaltoError (a save's
# text that is not JSON is refused by the decoder first, as site/storage.py does).
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


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    mpy_count = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000
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
