"""The game kept in this browser (local storage) and the links that carry it elsewhere.

A save holds the game as plain data (ruleset, start, moves, ply) and the settings; the
page's engine replays it. A save that cannot be read is set aside (the last few are kept
under CORRUPT_KEY), never silently dropped, and the page starts afresh saying why. Saves
of version 1 (which also held a view, now computed on the page) are read as well.
"""

import json

import state as st
from app import app
from i18n import t
from page import B
from render import message

from asalto_core.errors import AsaltoError
from asalto_core.geometry import is_number
from asalto_core.session import Session

SAVE_KEY = "asalto.save.v1"
PREVIOUS_KEY = "asalto.previous"
CORRUPT_KEY = "asalto.save.corrupt"
SAVE_VERSION = 2
# What json.loads raises on a stored text that is not ours: bad JSON, or nesting so deep that
# decoding recurses too far (RecursionError on CPython, RuntimeError on MicroPython).
BAD_JSON = (ValueError, RuntimeError)
READABLE_VERSIONS = (1, 2)
KEEP_CORRUPT = 5  # set-aside saves kept, newest last


def annotated(game):
    """Whether the game holds more than its moves: comments, symbols, side lines, marks."""
    return any(game.comments) or any(game.nags) or any(game.variations)


def save():
    blob = {"version": SAVE_VERSION, "game": app.session.descriptor(), "settings": app.settings}
    if app.result_closed:  # for this game (absent in older saves: the box shows)
        blob["result_closed"] = True
    if annotated(app.session.game):  # the record keeps what the descriptor cannot (only then: it costs)
        blob["record"] = app.session.record()
        blob["path"] = list(app.session.path)
    r = B.save(SAVE_KEY, json.dumps(blob))
    if not r.ok:
        message(t("save-failed", error=r.error), "warn")


def keep_corrupt(text):
    """Set a save aside: appended to the last few kept, so a second one never replaces the first."""
    r = B.load(CORRUPT_KEY)
    kept = []
    if r.ok and r.value:
        try:
            kept = json.loads(r.value)
        except BAD_JSON:
            kept = [r.value]  # an older single set-aside save
        if not isinstance(kept, list):
            kept = [r.value]
    kept = (kept + [text])[-KEEP_CORRUPT:]
    B.save(CORRUPT_KEY, json.dumps(kept))


def save_previous():
    """Keep the game on screen before an opened one replaces it (the import dialog restores it)."""
    B.save(PREVIOUS_KEY, json.dumps({"game": app.session.descriptor(), "settings": app.settings}))


def read_previous():
    """The session and settings saved by save_previous, or None."""
    r = B.load(PREVIOUS_KEY)
    try:
        blob = json.loads(r.value) if r.ok and r.value else None
        if isinstance(blob, dict):
            return Session.from_descriptor(blob.get("game")), blob.get("settings")
    except BAD_JSON + (AsaltoError,):
        pass
    return None


def saved_mode():
    """The mode of the saved settings (the default if there is none), read before anything else:
    a game against the AI starts the AI's worker at once, as Pyodide takes seconds to start."""
    mode = _saved_setting("mode")
    return mode if mode in st.MODES else st.default_settings()["mode"]


def saved_level():
    """The AI's level in the saved settings (the default if there is none): which worker to start."""
    level = _saved_setting("level")
    return level if isinstance(level, str) else st.default_settings()["level"]


def _saved_setting(name):
    r = B.load(SAVE_KEY)
    try:
        blob = json.loads(r.value) if r.ok and r.value else {}
        return blob.get("settings", {}).get(name)
    except BAD_JSON + (AttributeError,):
        return None


def read_save():
    """(session, settings, problem, result_closed) from local storage; session is None when there
    is no usable save, problem is '' or a message saying why the save was set aside, and
    result_closed whether the saved game's result box was closed (False in older saves)."""
    r = B.load(SAVE_KEY)
    if not r.ok or not r.value:
        return None, None, "", False
    try:
        blob = json.loads(r.value)
    except BAD_JSON as err:
        keep_corrupt(r.value)
        return None, None, t("save-corrupt", error=f"not JSON: {err}"), False
    if not isinstance(blob, dict) or blob.get("version") not in READABLE_VERSIONS:
        keep_corrupt(r.value)
        return None, None, t("save-old"), False
    settings = st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    try:
        session = Session.from_descriptor(blob.get("game"))
    except AsaltoError as err:
        keep_corrupt(r.value)
        return None, settings, t("save-corrupt", error=str(err)), False
    return with_annotations(session, blob), settings, "", blob.get("result_closed") is True


def with_annotations(session, blob):
    """The saved record's comments, symbols and side lines, if it holds the same moves (else the
    moves alone: the descriptor is the save's authority)."""
    record, path = blob.get("record"), blob.get("path")
    if not isinstance(record, str):
        return session
    try:
        annotated_session, warning = Session.from_text(record)
        if warning or annotated_session.descriptor()["moves"] != session.descriptor()["moves"]:
            return session
        if isinstance(path, list):
            annotated_session.go_to_path(path)
        else:
            annotated_session.go_to(session.game.ply)
    except AsaltoError:
        return session
    return annotated_session


def shared_game():
    """The game in the URL's #ruleset=..&moves=..&ply=.. as a Session (None if there is none),
    and an error ('' if none): the page's engine replays it."""
    r = B.hashParams()
    if not r.ok:
        return None, r.error
    p = json.loads(r.value)
    if not p["ruleset"] and not p["moves"] and not p["start"]:
        return None, ""
    moves = [m for m in p["moves"].split(" ") if m]
    ply = len(moves)
    if p["ply"]:
        if not is_number(p["ply"], 5):
            return None, f"the move number {p['ply']!r} is not a number"
        ply = int(p["ply"])
    start = p["start"]
    ruleset = p["ruleset"] or (start.split(" ")[0] if start else "assault")
    try:
        return Session.from_descriptor({"ruleset": ruleset, "start": start, "moves": moves, "ply": ply}), ""
    except AsaltoError as err:
        return None, str(err)


def share_link():
    g = app.session.descriptor()
    r = B.shareLink(g["ruleset"], g["start"], " ".join(g["moves"]), g["ply"])
    return r.value if r.ok else ""


def embed_snippet():
    """The <iframe> code for the game on screen: its record in the link, shown at the current move."""
    pairs = [["record", app.session.record()], ["ply", str(app.view["ply"])]]
    if app.settings["flipped"]:
        pairs.append(["flip", "1"])
    r = B.embedSnippet(json.dumps(pairs), 380, 660, "Asalto game")
    return r.value if r.ok else ""
