"""The AI worker's bytecode (build.py): Pyodide imports the engine from it, compiling nothing.

The build ships the wheel's modules compiled by npm's Pyodide in one zip, which the AI's worker
(site/lib/worker.py) puts on ``sys.path`` as it is. Here the site's own worker.py runs under node's
Pyodide with nothing but that zip beside it, and answers a ping and a request for a move.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from helpers import built_wheel  # noqa: E402

# What PyScript does for the worker: the config's files written to the working directory
# (build.ENGINE_ZIP), then worker.py run there; the exported functions are called after it.
WORKER_JS = """
import { readFileSync } from "node:fs";
const [pyodide, bytecode, name, worker, script] = process.argv.slice(1);
const { loadPyodide } = await import(pyodide + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodide + "/" });
py.FS.writeFile("/home/pyodide/" + name, new Uint8Array(readFileSync(bytecode)));
py.globals.set("WORKER", readFileSync(worker, "utf8"));
console.log(await py.runPythonAsync(script));
"""
CALLS_PY = """
import json, os, sys
os.chdir("/home/pyodide")
exec(compile(WORKER, "worker.py", "exec"), ns := {"__name__": "worker"})
start = "assault 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1"
ping = json.loads(ns["ping"]())
answer = json.loads(await ns["think"](json.dumps({"op": "think", "position": start, "level": "casual", "seed": 1})))
engine = {name: getattr(m, "__file__", "") for name, m in sys.modules.items() if name.startswith("asalto_core")}
json.dumps({"ping": ping, "answer": answer, "engine": engine, "found_source": os.path.exists("asalto_core")})
"""


def wheel_modules(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as z:
        return {n.removesuffix(".py") for n in z.namelist() if n.endswith(".py")}


@pytest.mark.skipif(not (shutil.which("node") and PYODIDE.exists()), reason="needs node and npm's Pyodide")
@pytest.mark.timeout(300)
def test_the_worker_plays_from_the_built_bytecode_alone(tmp_path):
    wheel = built_wheel(tmp_path)
    bytecode = build.compile_bytecode(wheel, PYODIDE)
    with zipfile.ZipFile(bytecode) as z:
        assert {n.removesuffix(".pyc") for n in z.namelist()} == wheel_modules(wheel)
    done = subprocess.run(
        [
            "node",
            "--input-type=module",
            "-e",
            WORKER_JS,
            PYODIDE,
            bytecode,
            build.ENGINE_ZIP,
            ROOT / "site" / "lib" / "worker.py",
            CALLS_PY,
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["ping"]["ok"]
    assert result["answer"]["ok"] and result["answer"]["analysis"]["move"]
    assert not result["found_source"]  # nothing was unpacked: every module came from the zip
    assert len(result["engine"]) >= 10  # the whole AI: protocol, search, evaluation, the rules modules
    zip_path = f"/home/pyodide/{build.ENGINE_ZIP}/asalto_core/"
    assert all(path.startswith(zip_path) and path.endswith(".pyc") for path in result["engine"].values())
