"""Run Python on the MicroPython the web page uses (npm's WebAssembly build, under node).

The pages load the engine's modules their imports need (``build.module_lists``; the light AI's
worker those of its own) and the small shims of ``site/mpylib`` on MicroPython; this runs code
against those files (and any engine module no page imports yet), so a test can compare
MicroPython's answers with CPython's.
"""

from __future__ import annotations

import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from time_factor import TIME_FACTOR

from helpers import script

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"
# The same package's build with sys.settrace (the readers' work is counted through it).
SETTRACE = MICROPYTHON.with_name("micropython-settrace.wasm")
ENGINE = ROOT / "pkg" / "asalto_core"
MPYLIB = ROOT / "site" / "mpylib"


def _build_module():
    return script("build.py", "asalto_build")


def available() -> bool:
    return bool(shutil.which("node")) and MICROPYTHON.exists()


_RUNNER = """
import { loadMicroPython } from %s;
import fs from "fs";
const [dir, files] = [process.argv[2], JSON.parse(fs.readFileSync(process.argv[2] + "/files.json", "utf8"))];
let out = "";
const mp = await loadMicroPython({
  url: %s,  // null: the default build
  stdout: (l) => { out += l + "\\n"; },
  stderr: (l) => { process.stderr.write(l + "\\n"); },
});
for (const [src, dest] of files) {
  const parts = dest.split("/").slice(1, -1);
  for (let i = 1; i <= parts.length; i++) {
    const d = "/" + parts.slice(0, i).join("/");
    if (!mp.FS.analyzePath(d).exists) mp.FS.mkdir(d);
  }
  mp.FS.writeFile(dest, fs.readFileSync(src, "utf8"));
}
try {
  mp.runPython(fs.readFileSync(dir + "/main.py", "utf8"));
} catch (err) {
  process.stderr.write(String(err.message || err) + "\\n");
  process.exit(1);
}
process.stdout.write(out);
"""


@functools.cache
def files() -> list[tuple[Path, str]]:
    """Every file the page gives MicroPython, with where it lands there: followed through the pages'
    imports once per process (a test run changes no source), not once per run of MicroPython."""
    build = _build_module()
    out = [(MPYLIB / name, f"/lib/{name}") for name in build.MPY_LIB]
    _, _, page_engine, ai_engine = build.module_lists()
    # And any engine module no page imports yet (a test runs it on MicroPython before a page does).
    others = sorted(p.name for p in ENGINE.glob("*.py") if p.name not in page_engine + ai_engine + ["__main__.py"])
    out += [(ENGINE / name, f"/lib/asalto_core/{name}") for name in page_engine + ai_engine + others]
    return out


def run(code: str, extra: dict[str, str] | None = None, timeout: float = 300, settrace: bool = False) -> str:
    """Run ``code`` on MicroPython with the page's engine modules importable; its stdout.

    ``extra`` maps more file names to text (for instance a test's own helper, or data), each in
    /lib; a name with a folder is a page module by its path under site/ (``helpers.page_sources``),
    put where the page has it (MicroPython's current folder, /: ``lib/i18n.py`` is ``lib.i18n``,
    in /lib beside the engine and the shims, as on the page); ``settrace``
    runs it on the package's build that has ``sys.settrace`` (slower, for counting work). ``timeout``
    is a quiet machine's budget, stretched by ASALTO_TIME_FACTOR."""
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        listing = [(str(src), dest) for src, dest in files()]
        for name, source in (extra or {}).items():
            (d / name).parent.mkdir(parents=True, exist_ok=True)
            (d / name).write_text(source)
            listing.append((str(d / name), f"/{name}" if "/" in name else f"/lib/{name}"))
        (d / "files.json").write_text(json.dumps(listing))
        (d / "main.py").write_text(code)
        wasm = json.dumps(str(SETTRACE)) if settrace else "null"
        (d / "run.mjs").write_text(_RUNNER % (json.dumps(MICROPYTHON.as_uri()), wasm))
        done = subprocess.run(
            ["node", str(d / "run.mjs"), str(d)],
            capture_output=True,
            text=True,
            timeout=timeout * TIME_FACTOR,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError(f"MicroPython failed:\n{done.stderr}")
        return done.stdout
