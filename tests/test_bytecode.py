"""The AI worker's bytecode (build.py): Pyodide imports the engine from it without compiling.

The build ships the wheel and, beside it, the .pyc files npm's Pyodide compiled from it; the
worker unpacks both. Here the same happens under node, with Python's ``compile`` made to fail
for the engine's files: the import succeeds only if every module came from valid bytecode.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

IMPORT_JS = """
import { readFileSync } from "node:fs";
const [pyodide, wheel, bytecode, script] = process.argv.slice(1);
const { loadPyodide } = await import(pyodide + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodide + "/" });
for (const [file, format] of [[wheel, "whl"], [bytecode, "zip"]])
  py.unpackArchive(new Uint8Array(readFileSync(file)), format, { extractDir: "/home/pyodide" });
console.log(py.runPython(script));
"""
# Every compile of an engine file fails: the modules must come from their .pyc files.
IMPORT_PY = """
import builtins, json, sys
sys.path.insert(0, "/home/pyodide")
real_compile = builtins.compile
def compile(source, filename, *args, **kw):
    if "asalto_core" in str(filename):
        raise AssertionError(f"compiled from source: {filename}")
    return real_compile(source, filename, *args, **kw)
builtins.compile = compile
from asalto_core.protocol import Worker
start = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"
answer = Worker().handle_json(json.dumps({"op": "think", "position": start, "level": "casual", "seed": 1}))
builtins.compile = real_compile
loaded = [m for m in sys.modules if m.startswith("asalto_core")]
f"{len(loaded)} {answer}"
"""


@pytest.mark.skipif(not (shutil.which("node") and PYODIDE.exists()), reason="needs node and npm's Pyodide")
@pytest.mark.timeout(300)
def test_the_worker_imports_the_engine_from_the_built_bytecode(tmp_path):
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp_path, ROOT],
        check=True,
        cwd=tmp_path,
    )
    (wheel,) = tmp_path.glob("asalto_core-*.whl")
    bytecode = build.compile_bytecode(wheel, PYODIDE)
    done = subprocess.run(
        ["node", "--input-type=module", "-e", IMPORT_JS, PYODIDE, wheel, bytecode, IMPORT_PY],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    count, answer = done.stdout.strip().splitlines()[-1].split(" ", 1)
    assert int(count) >= 10  # the whole AI: protocol, search, evaluation, the rules modules
    assert answer.startswith('{"ok": true') and '"move": ' in answer
