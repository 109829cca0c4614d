"""The bot lab's Python for one bot (a loaded file, an example or a level), run in the bot's own
Pyodide worker, never on the page; the rules and the board's drawing are the referee's (referee.py,
on MicroPython), whose board this worker carries on as well (:func:`referee.board_after`).

The page calls these functions with JSON text and reads JSON text back; a bot's failures are read
as the arena reads them (:func:`asalto_core.engine.go`), so the lab and ``asalto match`` agree. What
a bot prints goes to the page as it prints it (py-worker.js's ``printed``), as ``asalto engine``
passes it on at once: a bot stopped over its time has said what it was doing.
"""

import base64
import io
import json
import os
import posixpath
import re
import shutil
import types
import zipfile

from referee import board_after

from asalto_core.bots import from_module, load
from asalto_core.engine import go, guarded

_bot: list = []
BUNDLE = "/bot"  # where a bot of several files is unpacked, in this worker's own memory
MAX_FILES = 500  # files of a dropped folder or zip
MAX_BYTES = 50 << 20  # their bytes, unpacked


def _live():
    """Where a line the bot prints goes as it is printed: the page, in the lab's worker (else None:
    the lines come with the answer)."""
    try:
        import js  # Pyodide's, in the lab's worker
    except ImportError:
        return None
    printed = getattr(js, "printed", None)
    return None if printed is None else lambda line: printed(line.removeprefix("info string "))


def load_bot(name, source, files="{}"):
    """Load the bot: ``source`` (a file's text), or ``files`` (JSON: each path and its bytes in
    base64; a dropped folder, several files or a zip's), or, when both are empty, the bot ``name``
    names (a level, an example). The answer says which file is the bot (``main``) and what it
    printed as it loaded that did not go to the page as printed."""
    outcome = {}

    def run():
        try:
            outcome["main"] = _load(name, source, json.loads(files))
        except Exception as err:  # the bot's own failure to load is shown as it is
            outcome["error"] = f"{type(err).__name__}: {err}"

    printed = [line[12:] for line in guarded(run, _live()) if line.startswith("info string ")]
    if "error" in outcome:
        return json.dumps({"ok": False, "error": outcome["error"], "printed": printed})
    return json.dumps({"ok": True, "main": outcome["main"], "printed": printed})


def _load(name, source, files):
    """The bot loaded (kept for the game); the name of the file it is in."""
    if files:
        main = unpack(files)
        _bot[:] = [load(main)]
        return posixpath.relpath(main, BUNDLE)
    if source:
        module = types.ModuleType("lab_bot")
        module.__file__ = name
        exec(compile(source, name, "exec"), module.__dict__)
        _bot[:] = [from_module(module, name)]
    else:
        _bot[:] = [load(name)]
    return name


def unpack(files):
    """Write a bot's files (path -> base64; one ``.zip`` is unpacked) under :data:`BUNDLE`, each
    where its path says, and return the path of the one that is the bot: the Python file no other
    imports that defines a course ``Player`` or ``choose`` (as ``Team20.py`` imports ``RebelAI.py``
    and ``OfficerAI.py``). ``ValueError`` for a path out of the folder, too many files or bytes,
    or no single such file."""
    contents = {path: base64.b64decode(data) for path, data in files.items()}
    if len(contents) == 1 and next(iter(contents)).lower().endswith(".zip"):
        contents = _unzipped(next(iter(contents.values())))
    if len(contents) > MAX_FILES:
        raise ValueError(f"{len(contents)} files: a bot of at most {MAX_FILES} is loaded")
    if sum(len(c) for c in contents.values()) > MAX_BYTES:
        raise ValueError(f"the files hold over {MAX_BYTES >> 20} MB")
    shutil.rmtree(BUNDLE, ignore_errors=True)
    texts = {}
    for path, content in contents.items():
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        if not parts or ".." in parts:
            raise ValueError(f"the path {path!r} leaves the bot's folder")
        full = posixpath.join(BUNDLE, *parts)
        os.makedirs(posixpath.dirname(full), exist_ok=True)
        with open(full, "wb") as out:
            out.write(content)
        if full.endswith(".py") and "__MACOSX" not in parts:
            texts[full] = content.decode("utf-8", "replace")
    return _main_file(texts)


def _unzipped(data):
    """A zip's files (path -> bytes), its sizes checked before anything is unpacked."""
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if len(members) > MAX_FILES or sum(m.file_size for m in members) > MAX_BYTES:
            raise ValueError(f"the zip holds over {MAX_FILES} files or {MAX_BYTES >> 20} MB")
        return {m.filename: archive.read(m) for m in members}


def _main_file(texts):
    """The file among ``texts`` (path -> Python source) that is the bot."""
    stem = {path: posixpath.splitext(posixpath.basename(path))[0] for path in texts}
    imported = {
        path for path, name in stem.items()
        if any(re.search(rf"^\s*(from|import)\s+{re.escape(name)}\b", text, re.M) for other, text in texts.items()
               if other != path)
    }  # fmt: skip
    bots = [
        p for p in sorted(texts) if p not in imported and re.search(r"^(class Player\b|def choose\b)", texts[p], re.M)
    ]
    if len(bots) != 1:
        found = ", ".join(posixpath.relpath(p, BUNDLE) for p in bots) or "none"
        raise ValueError(f"which file is the bot? One Python file that no other imports must define class Player "
                         f"or choose(board); found {found}")  # fmt: skip
    return bots[0]


def new_game(ruleset, side):
    return json.dumps(guarded(lambda: _bot[0].new_game(ruleset, side), _live()))


def choose(ruleset, moves, seconds):
    """The protocol's answer lines: ``info time MS`` and ``bestmove MOVE``, or one ``fault`` line
    (and ``info string`` lines for what the bot printed that did not go to the page as printed)."""
    return json.dumps(go(_bot[0], board_after(ruleset, moves), seconds, emit=_live()))
