"""The game kept in this browser (local storage) and the links that carry it elsewhere.

A save that cannot be read is kept aside under CORRUPT_KEY, never silently dropped, and
the page starts afresh with a message that says why.
"""

import json

import state as st
from app import app
from i18n import t
from page import B
from render import message

SAVE_KEY = "asalto.save.v1"
PREVIOUS_KEY = "asalto.previous"
CORRUPT_KEY = "asalto.save.corrupt"
SAVE_VERSION = 1


def save():
    blob = {"version": SAVE_VERSION, "game": app.game, "view": app.view, "settings": app.settings}
    r = B.save(SAVE_KEY, json.dumps(blob))
    if not r.ok:
        message(f"The game could not be saved in this browser: {r.error}", "warn")


def keep_corrupt(text):
    B.save(CORRUPT_KEY, text)


def save_previous():
    """Keep the game on screen before an opened one replaces it (the import dialog restores it)."""
    B.save(PREVIOUS_KEY, json.dumps({"game": app.game, "settings": app.settings}))


def read_previous():
    """The game saved by save_previous ({"game", "settings"}), or None."""
    r = B.load(PREVIOUS_KEY)
    blob = None
    if r.ok and r.value:
        try:
            blob = json.loads(r.value)
        except ValueError:
            blob = None
    if not isinstance(blob, dict) or not st.valid_game(blob.get("game")):
        return None
    return blob


def start_view(ruleset):
    s = app.data["starts"][ruleset]
    return {"game": s["game"], "view": s["view"]}


def valid_view(v):
    if not isinstance(v, dict):
        return False
    for key, kind in (("pieces", dict), ("moves", list), ("history", list), ("huffable", list)):
        if not isinstance(v.get(key), kind):
            return False
    return v.get("ruleset") in app.rulesets and v.get("turn") in ("officers", "rebels")


def read_save():
    """(game, view, settings, problem) from local storage; problem is '' or a message."""
    r = B.load(SAVE_KEY)
    if not r.ok or not r.value:
        return None, None, None, ""
    try:
        blob = json.loads(r.value)
    except ValueError as err:
        keep_corrupt(r.value)
        return None, None, None, t("save-corrupt", error=f"not JSON: {err}")
    if not isinstance(blob, dict) or blob.get("version") != SAVE_VERSION:
        keep_corrupt(r.value)
        return None, None, None, t("save-old")
    settings = st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    if not st.valid_game(blob.get("game")) or not valid_view(blob.get("view")):
        keep_corrupt(r.value)
        return None, None, settings, t("save-corrupt", error="the game data is damaged")
    return blob["game"], blob["view"], settings, ""


def shared_game():
    """The game in the URL's #ruleset=..&moves=..&ply=.. (None if there is none), or an error."""
    r = B.hashParams()
    if not r.ok:
        return None, r.error
    p = json.loads(r.value)
    if not p["ruleset"] and not p["moves"] and not p["start"]:
        return None, ""
    moves = [m for m in p["moves"].split(" ") if m]
    ply = len(moves)
    if p["ply"]:
        try:
            ply = int(p["ply"])
        except ValueError:
            return None, f"the move number {p['ply']!r} is not a number"
    game = {"ruleset": p["ruleset"] or "assault", "start": p["start"], "moves": moves, "ply": ply}
    if game["ruleset"] not in app.rulesets and not p["start"]:
        return None, f"unknown rules {p['ruleset']!r}"
    return game, ""


def share_link():
    g = app.game
    r = B.shareLink(g["ruleset"], g["start"], " ".join(g["moves"]), g["ply"])
    return r.value if r.ok else ""


def embed_snippet():
    """The <iframe> code for the game on screen: its record in the link, shown at the current move."""
    pairs = [["record", app.view["record"]], ["ply", str(app.view["ply"])]]
    if app.settings["flipped"]:
        pairs.append(["flip", "1"])
    r = B.embedSnippet(json.dumps(pairs), 380, 660, "Asalto game")
    return r.value if r.ok else ""
