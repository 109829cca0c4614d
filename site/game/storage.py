"""The game kept in this browser (local storage) and the links that carry it elsewhere.

A save holds the game (``Session.saved``: the descriptor, and for an annotated game its record
and cursor) and the settings; the page's engine replays it. A save that cannot be read is set
aside (the last few are kept under ``asalto.save.corrupt``, page.set_aside), never silently dropped, and the page goes
back to the last save that read well (GOOD_KEY) or starts afresh, saying why. Saves of
version 1 (which also held a view, now computed on the page) are read as well.

Games with friends at a distance are kept beside the save (FRIENDS_KEY), never in it.

Tabs share one save: a tab follows a game another tab saved (the ``storage`` event), and a
tab about to overwrite a save it has not seen keeps that game as the previous one first.
"""

import json

from pyscript import document, window
from pyscript.ffi import create_proxy

from asalto_core.errors import AsaltoError
from asalto_core.links import MAX_LINK, LinkError, embed_query, read_query, share_query, share_session, valid_id
from asalto_core.session import MAX_TEXT, SAVE_VERSION, Session, save_version
from game import api
from game import state as st
from game.api import record_text
from game.app import app
from lib.i18n import codes, t
from lib.keys import FRIENDS_KEY, GOOD_KEY, NAMES, PREVIOUS_KEY, SAVE_KEY, UNSAID_KEY
from lib.page import BAD_JSON, B, aside_key, message, on, report, set_aside, store_name, unread

_seen = [""]  # the save's text as this tab last read or wrote it
_friends_seen = [""]  # the friends' list as this tab last wrote or followed it
_warned = [False]  # the player was told that this game's annotations are too long to save
_pending = [False]  # a save asked for (save_soon) and not yet written
_after_save: list = []  # what waits for it (the page's marks)
before_write: list = []  # run before the game's save is written (chapters.py: the study, so other tabs follow it first)
SAVE_IDLE_MS = 500  # a save waits at most this long for the page to be idle after the frame
_start: dict = {"said": [], "starting": True, "save_unread": 0}  # what the start found (check_stored), said once


# -- every stored value, checked as the page starts -------------------------------------------
def check_stored():
    """Every store of the game page checked before anything reads it: a value too long to read
    is set aside unread (bridge.js: never copied into MicroPython), and a previous game or last
    good save that is not a saved game is set aside; each said in the start's one message
    (started). The save, the study and the friends' list are read in full as the page starts
    (read_save, chapters.restore, read_friends), the two others only when needed. What an
    earlier start found and did not say before it ended is said first (unsaid)."""
    _start["said"], _start["save_unread"] = unsaid()
    B.checkStored(json.dumps([key for key, _ in NAMES]))
    for key, n, words in unread(NAMES):
        if key == SAVE_KEY:
            _start["save_unread"] = n  # read_save says it, with the last good save restored
            keep_unsaid()
        else:
            say(words)
    for key in (PREVIOUS_KEY, GOOD_KEY):
        r = B.load(key)
        why = not_a_game(r.value) if r.ok and r.value else ""
        if why:
            set_aside(key, r.value)
            say(t("stored-bad", what=store_name(key, NAMES), error=why, aside=aside_key(key)))
    read_friends()  # read again when a game with a friend is resumed; a study on screen resumes none


def not_a_game(text):
    """Why a kept game (the previous one, the last good save) is not one, '' if it reads as one:
    its shape only (its moves are replayed when it is opened)."""
    try:
        blob = json.loads(text)
    except BAD_JSON as err:
        return f"not JSON: {str(err)[:80]}"
    if not isinstance(blob, dict) or not isinstance(blob.get("game"), dict):
        return t("save-not-a-save")
    return ""


def say(text):
    """A stored value's problem ('': none): kept for the start's one message while the page starts,
    shown at once after."""
    if not text:
        return
    if not _start["starting"]:
        message(text, "warn")
    elif text not in _start["said"]:  # the same found again after a reload is said once
        _start["said"].append(text)
        keep_unsaid()


def keep_unsaid():
    """What the start found and has not said yet, kept in local storage beside the values it set
    aside until a start says it: a value is set aside once, and a start that ends before it says
    so (boot.js's stall watch reloads a start it thinks stuck, as on a busy machine; the reader
    closes a slow tab) leaves it for the next start, in this tab or another, to say."""
    B.save(UNSAID_KEY, json.dumps({"said": _start["said"], "save_unread": _start["save_unread"]}))


def unsaid():
    """What an earlier start found and had not said when it ended: (texts, the length of a save
    set aside unread whose last good save is still to be restored, else 0)."""
    r = B.load(UNSAID_KEY)
    try:
        kept = json.loads(r.value) if r.ok and r.value else {}
    except BAD_JSON:
        kept = {}
    if not isinstance(kept, dict):
        return [], 0
    said, n = kept.get("said"), kept.get("save_unread")
    texts = [text for text in said if isinstance(text, str) and text] if isinstance(said, list) else []
    return texts, n if isinstance(n, int) and n > 0 else 0


def started():
    """The start's one message: what check_stored, the readers and the start found (say), in the
    order found; from now on each is shown as it is found."""
    _start["starting"] = False
    B.remove(UNSAID_KEY)  # said now
    return " ".join(_start["said"])


def save_soon():
    """Save the game on screen once the frame that shows it is painted and the page is idle, so
    that the save (the record, the JSON, local storage) lengthens neither a click's task nor the
    computer's reply's. It is written before another game comes onto the board (api.put_game)
    and when the page is hidden or left (bind), so no move is lost."""
    if not _pending[0]:
        _pending[0] = True
        B.afterFrame(_flush_proxy, SAVE_IDLE_MS)


def flush():
    """Write the save asked for, if one waits; then what waited for it."""
    if _pending[0]:
        try:
            save()
        except Exception as err:  # noqa: BLE001 - said, and the marks are still set
            report(err)
    while _after_save:
        _after_save.pop(0)()


def when_saved(fn):
    """Run ``fn`` once the save asked for is written (now, if none waits)."""
    if _pending[0]:
        _after_save.append(fn)
    else:
        fn()


def bind():
    """The save asked for is written before another game comes and when the page is hidden or left."""
    api.put_step("flush", flush)
    on(window, "pagehide", lambda e: flush())
    on(document, "visibilitychange", lambda e: flush() if document.visibilityState == "hidden" else None)


def save():
    """Save the game on screen; a save another tab wrote since this one's is kept as the previous
    game first, so no tab overwrites another's game unseen. A tab showing a study does not: its
    game is one of the study's chapters, and the study is what the tabs reconcile (chapters.py),
    as when the other tab's save is heard first (main.follow_other_tab). A game with a friend is
    kept beside the save (keep_friend): the game of this device stays as it was."""
    _pending[0] = False  # written now: the one asked for is this one
    if app.shared.friend is not None:
        moves = app.play.session.descriptor()["moves"]
        api.friend_step("played", moves=moves, sent=min(app.shared.friend["sent"], len(moves)))
        keep_friend(app.shared.friend)
        save_settings_only()
        return
    for hook in before_write:
        hook()
    blob = app.play.session.saved()
    blob["version"] = SAVE_VERSION
    blob["settings"] = app.ui.settings
    text = json.dumps(blob)
    # A record a reload would not read (over MAX_TEXT), or a save a reload would set aside unread
    # (over MAX_LINK, bridge.js): the moves alone are kept.
    too_long = len(blob.get("record", "")) > MAX_TEXT or len(text) > MAX_LINK
    if too_long:
        blob.pop("record", None)
        blob.pop("path", None)
        text = json.dumps(blob)
    if too_long and not _warned[0]:
        message(t("save-too-long", n=MAX_TEXT), "warn")
    _warned[0] = too_long
    if app.shared.study is None:
        keep_other_tabs_game(text)
    r = B.save(SAVE_KEY, text)
    if r.ok:
        _seen[0] = text
    else:
        message(t("save-failed", error=r.error), "warn")


def keep_other_tabs_game(text):
    """Before this tab's save (``text``) is written: a save another tab wrote since this tab's last,
    holding another game, kept as the previous game (said)."""
    stored = B.load(SAVE_KEY)
    if stored.ok and stored.value and stored.value != _seen[0] and stored.value != text:
        other = read_blob(stored.value)
        if other is not None and other[0].game != app.play.session.game:
            B.save(PREVIOUS_KEY, stored.value)
            message(t("save-other-kept"), "warn")


def save_previous():
    """Keep the game on screen before an opened one replaces it (the import dialog restores it)."""
    blob = app.play.session.saved()
    blob["settings"] = app.ui.settings
    B.save(PREVIOUS_KEY, json.dumps(blob))


api.put_step("file_previous", save_previous)


def read_previous():
    """The session and settings saved by save_previous, or None; one that does not read is set
    aside, said."""
    r = B.load(PREVIOUS_KEY)
    if not r.ok or not r.value:
        return None
    try:
        blob = json.loads(r.value)
        return Session.from_saved(blob), blob.get("settings")
    except BAD_JSON + (AsaltoError, AttributeError) as err:
        set_aside(PREVIOUS_KEY, r.value)
        say(t("stored-bad", what=store_name(PREVIOUS_KEY, NAMES), error=err, aside=aside_key(PREVIOUS_KEY)))
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
        return Session.from_saved(blob), st.clean_settings(
            blob.get("settings"), app.ui.rulesets, app.ui.levels, codes()
        )
    except BAD_JSON + (AsaltoError,):
        return None


def read_save():
    """(session, settings, problem) from local storage; session is None when there is no usable
    save, problem is '' or a message saying why the save was set aside (and whether the last good
    save was restored instead)."""
    n = _start["save_unread"]
    if n:  # too long to read: set aside unread (check_stored)
        _start["save_unread"] = 0
        why = t("save-reason-large", n=n, max=MAX_LINK)
        return restore_good(None, t("save-corrupt", error=why), why)
    r = B.load(SAVE_KEY)
    if not r.ok or not r.value:
        return None, None, ""
    _seen[0] = r.value
    try:
        blob = json.loads(r.value)
    except BAD_JSON as err:
        return restore_good(r.value, t("save-corrupt", error=f"not JSON: {str(err)[:80]}"), "not JSON")
    if not isinstance(blob, dict):  # JSON, but no save (1e999, a list)
        return restore_good(r.value, t("save-corrupt", error=t("save-not-a-save")), t("save-not-a-save"))
    version = save_version(blob)
    if version:
        why = t("save-reason-newer" if version == "newer" else "save-reason-older")
        return restore_good(r.value, t("save-newer" if version == "newer" else "save-old"), why)
    settings = st.clean_settings(blob.get("settings"), app.ui.rulesets, app.ui.levels, codes())
    try:
        session = Session.from_saved(blob)
    except AsaltoError as err:
        return restore_good(r.value, t("save-corrupt", error=str(err)), str(err))
    B.save(GOOD_KEY, r.value)
    return session, settings, ""


def restore_good(text, problem, error):
    """A save that cannot be read is set aside (``text``; None: already set aside unread); the last
    good save comes back if there is one, with a message saying why the save was not read
    (``error``), else the page starts afresh with ``problem`` (which says a new game was started)."""
    if text is not None:
        set_aside(SAVE_KEY, text)
    good = B.load(GOOD_KEY)
    kept = read_blob(good.value) if good.ok and good.value and good.value != text else None
    if kept is None:
        return None, None, problem
    B.save(SAVE_KEY, good.value)
    _seen[0] = good.value
    return kept[0], kept[1], t("save-restored", error=error)


def changed_elsewhere(key, text):
    """Another tab wrote the save (a ``storage`` event): (session, settings, lost) to follow it,
    or None if it holds this tab's game or cannot be read; ``lost``: this tab's game is not
    part of the other's, so it must be kept as the previous game."""
    if key != SAVE_KEY or not text or text == _seen[0]:
        return None
    _seen[0] = text
    other = read_blob(text)
    if other is None or other[0].game == app.play.session.game:
        return None
    mine, theirs = app.play.session.game, other[0].game
    lost = mine.start != theirs.start or not mine.line.within(theirs.line)
    # The save this tab asked for is not written over the other's: its game is part of the other's,
    # or (lost) kept as the previous game when the other's is opened.
    _pending[0] = False
    flush()
    return other[0], other[1], lost


def followed(text):
    """This tab has seen the save another tab wrote (``text``) and follows that tab's study instead
    (chapters.follow): its own next save is no game of another tab's written over unseen."""
    _seen[0] = text


def here():
    """Where the page is: {search, hash, page (its link without the hash)}."""
    r = B.here()
    return json.loads(r.value) if r.ok else {"search": "", "hash": "", "page": ""}


def link_params():
    """The parameters after the page's ``#`` (asalto_core.links reads them), and the LinkError
    (None if none)."""
    try:
        return read_query(here()["hash"]), None
    except LinkError as err:
        return {}, err


def shared_game(params):
    """The game a share link's parameters carry as a Session (None if there is none), and the
    AsaltoError (None if none): the page's engine replays it."""
    try:
        return share_session(params), None
    except AsaltoError as err:
        return None, err


def share_link():
    """The link that reopens the game on screen: its whole record (annotations and side lines
    too), packed, at the move shown; a study's, all its chapters (it opens on the first)."""
    path = app.play.session.path if app.shared.study is None else [0]
    return here()["page"] + "#" + share_query(record_text(), path)


def embed_snippet(here=False, dark=False):
    """The <iframe> code for the game on screen: its record (a study's: all its chapters) in the
    link, shown from its start (with ``here``, at the move on screen), in dark colours with ``dark``."""
    pairs = [("record", record_text()), ("ply", str(app.play.session.descriptor()["ply"] if here else 0))]
    if app.ui.settings["flipped"]:
        pairs.append(("flip", "1"))
    if dark:
        pairs.append(("bg", "dark"))
    r = B.embedSnippet(embed_query(pairs), 380, 660, "Asalto game")
    return r.value if r.ok else ""


# -- games with a friend at a distance (game links) -----------------------------------------------
def _entry(raw):
    """A kept correspondence game, each field checked, or None (a forged or older entry is left out)."""
    if not isinstance(raw, dict) or not valid_id(raw.get("id")):
        return None
    moves = raw.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return None
    texts = [raw.get(k) for k in ("ruleset", "start", "side")]
    time, sent = raw.get("time"), raw.get("sent")
    if not all(isinstance(x, str) for x in texts) or type(time) is not int or type(sent) is not int:
        return None
    if texts[2] not in ("officers", "rebels"):
        return None
    return {
        "id": raw["id"], "ruleset": texts[0], "start": texts[1], "side": texts[2], "moves": list(moves),
        "time": time, "sent": max(0, min(sent, len(moves))),
    }  # fmt: skip


def read_friends():
    """(games, the id of the one on screen or ''): every correspondence game kept here. A stored
    list that does not read is set aside whole (page.set_aside), and one whose games do not all
    read is set aside as it was while the games that read are kept: each time said."""
    r = B.load(FRIENDS_KEY)
    if not r.ok or not r.value:
        return [], ""
    try:
        blob = json.loads(r.value)
    except BAD_JSON:
        blob = None
    raw = blob.get("games") if isinstance(blob, dict) else None
    if not isinstance(raw, list):
        set_aside(FRIENDS_KEY, r.value)
        say(t("friends-set-aside"))
        return [], ""
    games = [g for g in (_entry(x) for x in raw) if g]
    shown = blob.get("open")
    shown = shown if isinstance(shown, str) else ""
    if len(games) < len(raw):
        set_aside(FRIENDS_KEY, r.value)
        say(t("friends-set-aside"))
        write_friends(games, shown)
    return games, shown


def write_friends(games, shown):
    text = json.dumps({"games": games, "open": shown})
    r = B.save(FRIENDS_KEY, text)
    if r.ok:
        _friends_seen[0] = text
    else:
        message(t("save-failed", error=r.error), "warn")


def behind(mine, theirs):
    """Whether ``theirs`` (a kept game) goes on from ``mine``: the same game, more moves."""
    n = len(mine["moves"])
    return len(theirs["moves"]) > n and theirs["moves"][:n] == mine["moves"]


def keep_friend(entry, shown=True):
    """Keep ``entry`` (replacing the kept game of its id); ``shown``: it is the game on screen.
    Another tab's newer copy of the same game is never written over by this tab's older one (a
    stale tab redrawing): the other tab's is kept, and this tab follows it (friend.follow_tab)."""
    r = B.load(FRIENDS_KEY)
    games, _ = read_friends()
    theirs = [g for g in games if g["id"] == entry["id"]]
    if theirs and r.ok and r.value != _friends_seen[0] and behind(entry, theirs[0]):
        return
    games = [g for g in games if g["id"] != entry["id"]] + [entry]
    write_friends(games, entry["id"] if shown else "")


def friends_followed(text):
    """This tab has seen the friends' list another tab wrote (``text``)."""
    _friends_seen[0] = text


def forget_friend(game_id):
    """Delete the kept game ``game_id`` (the player's choice in the list of games)."""
    games, shown = read_friends()
    write_friends([g for g in games if g["id"] != game_id], "" if shown == game_id else shown)


def leave_friends():
    """The page no longer shows a correspondence game (a reload opens the game of this device)."""
    games, shown = read_friends()
    if shown:
        write_friends(games, "")


def save_settings_only():
    """While a correspondence game is on screen: the settings of every game (language, theme,
    sound) go into the save, whose game and its own rules, mode, level and side stay."""
    r = B.load(SAVE_KEY)
    try:
        blob = json.loads(r.value) if r.ok and r.value else None
    except BAD_JSON:
        blob = None
    if not isinstance(blob, dict) or save_version(blob):
        return
    kept = blob.get("settings")
    kept = kept if isinstance(kept, dict) else {}
    settings = dict(app.ui.settings)
    for key in ("ruleset", "mode", "level", "flipped"):
        if key in kept:
            settings[key] = kept[key]
    blob["settings"] = settings
    text = json.dumps(blob)
    if B.save(SAVE_KEY, text).ok:
        _seen[0] = text


_flush_proxy = create_proxy(lambda *_: flush())
