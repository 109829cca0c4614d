"""The game kept in this browser (local storage) and the links that carry it elsewhere.

A save holds the game (``Session.saved``: the descriptor, and for an annotated game its record
and cursor) and the settings; the page's engine replays it. A save that cannot be read is set
aside (the last few are kept under CORRUPT_KEY), never silently dropped, and the page goes
back to the last save that read well (GOOD_KEY) or starts afresh, saying why. Saves of
version 1 (which also held a view, now computed on the page) are read as well.

Tabs share one save: a tab follows a game another tab saved (the ``storage`` event), and a
tab about to overwrite a save it has not seen keeps that game as the previous one first.
"""

import json

import state as st
from app import app, record_text
from i18n import t
from page import B
from render import message

from asalto_core.errors import AsaltoError
from asalto_core.geometry import is_number
from asalto_core.session import MAX_TEXT, SAVE_VERSION, Session, save_version

SAVE_KEY = "asalto.save.v1"
GOOD_KEY = "asalto.save.good"
PREVIOUS_KEY = "asalto.previous"
CORRUPT_KEY = "asalto.save.corrupt"
# What json.loads raises on a stored text that is not ours: bad JSON, or nesting so deep that
# decoding recurses too far (RecursionError on CPython, RuntimeError on MicroPython).
BAD_JSON = (ValueError, RuntimeError)
KEEP_CORRUPT = 5  # set-aside saves kept, newest last
_seen = [""]  # the save's text as this tab last read or wrote it
_warned = [False]  # the player was told that this game's annotations are too long to save


def save():
    """Save the game on screen; a save another tab wrote since this one's is kept as the previous
    game first, so no tab overwrites another's game unseen."""
    blob = app.session.saved()
    blob["version"] = SAVE_VERSION
    blob["settings"] = app.settings
    if app.result_closed:  # for this game (absent in older saves: the box shows)
        blob["result_closed"] = True
    too_long = len(blob.get("record", "")) > MAX_TEXT  # a reload would keep the moves alone
    if too_long and not _warned[0]:
        message(t("save-too-long", n=MAX_TEXT), "warn")
    _warned[0] = too_long
    text = json.dumps(blob)
    stored = B.load(SAVE_KEY)
    if stored.ok and stored.value and stored.value != _seen[0] and stored.value != text:
        other = read_blob(stored.value)
        if other is not None and other[0].game != app.session.game:
            B.save(PREVIOUS_KEY, stored.value)
            message(t("save-other-kept"), "warn")
    r = B.save(SAVE_KEY, text)
    if r.ok:
        _seen[0] = text
    else:
        message(t("save-failed", error=r.error), "warn")


def keep_corrupt(text):
    """Set a save aside: appended to the last few kept, so a second one never replaces the first.
    The kept list holds texts only (a stored list of anything else is kept as one text), so it
    is never re-encoded from a nested value."""
    r = B.load(CORRUPT_KEY)
    kept = []
    if r.ok and r.value:
        try:
            kept = json.loads(r.value)
        except BAD_JSON:
            kept = None
        if not isinstance(kept, list) or not all(isinstance(k, str) for k in kept):
            kept = [r.value]  # an older single set-aside save, or not ours
    kept = (kept + [text])[-KEEP_CORRUPT:]
    B.save(CORRUPT_KEY, json.dumps(kept))


def save_previous():
    """Keep the game on screen before an opened one replaces it (the import dialog restores it)."""
    blob = app.session.saved()
    blob["settings"] = app.settings
    B.save(PREVIOUS_KEY, json.dumps(blob))


def read_previous():
    """The session and settings saved by save_previous, or None."""
    r = B.load(PREVIOUS_KEY)
    try:
        blob = json.loads(r.value) if r.ok and r.value else None
        if isinstance(blob, dict):
            return Session.from_saved(blob), blob.get("settings")
    except BAD_JSON + (AsaltoError,):
        pass
    return None


def saved_play():
    """The saved settings' mode and AI level (the defaults where there are none), read before
    anything else, the save once: a game against the AI starts its worker at once."""
    r = B.load(SAVE_KEY)
    try:
        settings = json.loads(r.value).get("settings", {}) if r.ok and r.value else {}
        mode, level = settings.get("mode"), settings.get("level")
    except BAD_JSON + (AttributeError,):
        mode = level = None
    default = st.default_settings()
    mode = mode if isinstance(mode, str) and mode in st.MODES else default["mode"]
    return mode, level if isinstance(level, str) else default["level"]


def read_blob(text):
    """(session, settings) from a save's text, or None if it cannot be resumed."""
    try:
        blob = json.loads(text)
        if save_version(blob):
            return None
        return Session.from_saved(blob), st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    except BAD_JSON + (AsaltoError,):
        return None


def read_save():
    """(session, settings, problem, result_closed) from local storage; session is None when there
    is no usable save, problem is '' or a message saying why the save was set aside (and whether
    the last good save was restored instead), and result_closed whether the saved game's result
    box was closed (False in older saves)."""
    r = B.load(SAVE_KEY)
    if not r.ok or not r.value:
        return None, None, "", False
    _seen[0] = r.value
    try:
        blob = json.loads(r.value)
    except BAD_JSON as err:
        return restore_good(r.value, t("save-corrupt", error=f"not JSON: {str(err)[:80]}"), "not JSON")
    version = save_version(blob)
    if version:
        return restore_good(r.value, t("save-newer" if version == "newer" else "save-old"), "")
    settings = st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    try:
        session = Session.from_saved(blob)
    except AsaltoError as err:
        return restore_good(r.value, t("save-corrupt", error=str(err)), str(err))
    B.save(GOOD_KEY, r.value)
    return session, settings, "", blob.get("result_closed") is True


def restore_good(text, problem, error):
    """A save that cannot be read is set aside; the last good save comes back if there is one
    (with a message saying so), else the page starts afresh with ``problem``."""
    keep_corrupt(text)
    good = B.load(GOOD_KEY)
    kept = read_blob(good.value) if good.ok and good.value and good.value != text else None
    if kept is None:
        return None, None, problem, False
    B.save(SAVE_KEY, good.value)
    _seen[0] = good.value
    return kept[0], kept[1], t("save-restored", error=error or problem), False


def changed_elsewhere(key, text):
    """Another tab wrote the save (a ``storage`` event): (session, settings, lost) to follow it,
    or None if it holds this tab's game or cannot be read; ``lost``: this tab's game is not
    part of the other's, so it must be kept as the previous game."""
    if key != SAVE_KEY or not text or text == _seen[0]:
        return None
    _seen[0] = text
    other = read_blob(text)
    if other is None or other[0].game == app.session.game:
        return None
    mine, theirs = app.session.game, other[0].game
    lost = mine.start != theirs.start or app.session.annotated() or theirs.moves[: len(mine.moves)] != mine.moves
    return other[0], other[1], lost


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


def embed_snippet(here=False):
    """The <iframe> code for the game on screen: its record in the link, shown from its start (with
    ``here``, at the move on screen)."""
    pairs = [["record", record_text()], ["ply", str(app.session.descriptor()["ply"] if here else 0)]]
    if app.settings["flipped"]:
        pairs.append(["flip", "1"])
    r = B.embedSnippet(json.dumps(pairs), 380, 660, "Asalto game")
    return r.value if r.ok else ""
