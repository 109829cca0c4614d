"""The player's record in local storage: rating, streak, the tries' log and the choice of puzzles,
read back with what did not read said and set aside, never lost; the game page's language."""

import json

from lib.i18n import t
from lib.keys import SAVE_KEY
from lib.page import BAD_JSON, B, problem, set_aside
from puzzles import state as ts
from puzzles.app import tr

# The record's values as the trainer's panel names them (a value that did not read is said so).
LABELS = (("rating", "pz-your-rating"), ("rd", "pz-your-rating"), ("streak", "pz-streak"), ("best", "pz-best"),
          ("solved", "pz-solved-count"), ("failed", "pz-solved-count"), ("run_best", "pz-run"),
          ("tried", "pz-history"), ("log", "pz-history"), ("filters", "pz-choice"))  # fmt: skip


def load_profile():
    """The player's record: one too long to read was set aside unread (B.checkStored, said by the
    start), one that is not JSON is set aside whole, and one with values the trainer cannot use
    (a rating of 99,999) is set aside as it was while the values that read are kept: each said."""
    r = B.load(ts.STORE_KEY)
    raw: object = {}  # the stored record, once it reads as JSON (not yet known to be one)
    if r.ok and r.value:
        try:
            raw = json.loads(r.value)
        except BAD_JSON:
            raw = None
        if not isinstance(raw, dict):  # not JSON, or no record (a list, a number)
            set_aside(ts.STORE_KEY, r.value)  # kept, and never read again
            problem(t("pz-profile-bad"))
            raw = {}
    tr.profile, dropped = ts.read_profile(raw)
    if not load_filters(raw.get("filters", {}) if isinstance(raw, dict) else {}):
        dropped.append("filters")
    if dropped:
        set_aside(ts.STORE_KEY, r.value)
        words = []
        for key in dropped:
            word = t(next(label for k, label in LABELS if k == key))
            if word not in words:
                words.append(word)
        problem(t("pz-profile-part", what=", ".join(words)))


def load_filters(kept):
    """The stored choice of puzzles (rules, theme, difficulty, themes shown) into tr.filters; False
    when a value was of no use (another type, an unknown difficulty), the default kept for it."""
    if not isinstance(kept, dict):
        return False
    ok = True
    for key in ("ruleset", "theme", "difficulty"):
        if isinstance(kept.get(key), str):
            tr.filters[key] = kept[key]
        elif key in kept:
            ok = False
    ok = ok and isinstance(kept.get("show_themes", False), bool)
    tr.filters["show_themes"] = kept.get("show_themes") is True
    if tr.filters["difficulty"] not in [key for key, _ in ts.RELATIVE]:
        tr.filters["difficulty"] = "normal"  # an unknown one reads as normal
        ok = False
    return ok


def save_profile():
    if tr.frame is not None:
        return  # a teacher's frame keeps no score
    blob = dict(tr.profile)
    blob["filters"] = tr.filters
    r = B.save(ts.STORE_KEY, json.dumps(blob))
    if not r.ok:
        problem(t("pz-save-failed", error=r.error))


def saved_language():
    """The language chosen on the game page (its saved settings), '' if none."""
    r = B.peek(SAVE_KEY)  # the game page's: one too long to read is its own to set aside
    if r.ok and r.value:
        try:
            settings = json.loads(r.value).get("settings", {})
            if isinstance(settings, dict) and isinstance(settings.get("lang"), str):
                return settings["lang"]
        except (ValueError, AttributeError):
            pass
    return ""
