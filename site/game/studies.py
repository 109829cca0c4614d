"""The studies kept in this browser (a teacher's "my studies") and their recent versions.

Every study made or opened on the page is an entry of one list under STUDIES_KEY: its id, its
record, the chapter last shown and its revision, counted up by every write. A tab shows one of
them and remembers the revision it last read or wrote (``app.shared.study_rev``): a write over a
revision it has not seen is refused (``Stale``), so no tab saves over another's edit unseen, and
every other tab hears of each write (the ``storage`` event) and follows it (chapters.follow).
Storage has no lock across tabs: a tab's copy of it can lag behind another's write, so two writes
can cross at one revision; the tab whose write was written over finds that (the record at its
revision is not the one it wrote) and merges its edit again (chapters.crossed).

What a change takes away (a chapter deleted, a study closed, a stale tab's version, a version
replaced by Restore) is first kept among the recent versions (VERSIONS_KEY): the newest first,
at most MAX_VERSIONS of them and VERSIONS_CHARS characters of records, so each can come back.
"""

import json

from asalto_core.links import ID_LENGTH, new_id
from lib.keys import STUDIES_KEY, STUDY_KEY, VERSIONS_KEY
from lib.page import BAD_JSON, B, set_aside

MAX_VERSIONS = 20  # a teacher's last afternoon of deletions, not an archive
VERSIONS_CHARS = 1_000_000  # of records: with the studies themselves, well within a browser's 5 MB


class Stale(Exception):
    """Another tab wrote the study since this tab last read or wrote it: ``entry`` is what it wrote
    (None if it closed the study)."""

    def __init__(self, entry):
        super().__init__("the study was changed in another tab")
        self.entry = entry


def _entry(raw):
    """A kept study, each field checked, or None (a forged or damaged entry is left out)."""
    if not isinstance(raw, dict):
        return None
    fields = (raw.get("id"), raw.get("record"), raw.get("title", ""))
    numbers = (raw.get("chapter", 0), raw.get("rev", 0), raw.get("chapters", 1))
    if not all(isinstance(x, str) for x in fields) or not fields[0] or not fields[1]:
        return None
    if not all(type(n) is int and n >= 0 for n in numbers):
        return None
    return {
        "id": fields[0], "record": fields[1], "title": fields[2],
        "chapter": numbers[0], "rev": numbers[1], "chapters": numbers[2],
    }  # fmt: skip


def _read_list(key, field, check):
    """The entries stored under ``key`` (a dict whose ``field`` is their list) and its other fields;
    a value that does not read is set aside whole, never read again and never lost."""
    r = B.load(key)
    if not r.ok or not r.value:
        return [], {}
    try:
        blob = json.loads(r.value)
    except BAD_JSON:
        blob = None
    raw = blob.get(field) if isinstance(blob, dict) else None
    if not isinstance(raw, list):
        set_aside(key, r.value)
        return [], {}
    entries = [e for e in (check(x) for x in raw) if e]
    if len(entries) < len(raw):
        set_aside(key, r.value)  # the entries that read are kept; the whole value, as it was, too
    return entries, blob


def read():
    """(the kept studies, the id of the one opened last or '')."""
    entries, blob = _read_list(STUDIES_KEY, "studies", _entry)
    last = blob.get("last") if isinstance(blob.get("last"), str) else ""
    return entries, last


def take_old():
    """An older page's single study (STUDY_KEY) comes in as the first kept study, opened last (a
    chapter number that does not read opens its first chapter); one that does not read is set
    aside. The error, or None."""
    old = B.load(STUDY_KEY)
    if not old.ok or not old.value:
        return None
    try:
        data = json.loads(old.value)
        chapter = data.get("chapter")
        entry = _entry({"id": fresh_id(), "record": data["record"], "chapter": chapter if type(chapter) is int else 0})
        if entry is None:
            raise TypeError("its record is not a text")
    except BAD_JSON + (KeyError, TypeError, AttributeError) as err:
        set_aside(STUDY_KEY, old.value)  # never read again on a reload, never lost
        return err
    entries, _ = read()
    if write([entry] + entries, entry["id"]):
        B.remove(STUDY_KEY)
    return None


def write(entries, last):
    """The kept studies stored; the text written, or '' if the browser refused it."""
    text = json.dumps({"studies": entries, "last": last})
    return text if B.save(STUDIES_KEY, text).ok else ""


def find(entries, study_id):
    """The kept study ``study_id`` among ``entries``, or None."""
    for entry in entries:
        if entry["id"] == study_id:
            return entry
    return None


def fresh_id():
    """A new study's id (random, as a game with a friend's)."""
    return new_id(bytes(json.loads(B.randomBytes(ID_LENGTH).value)))


def keep(new, rev, seen):
    """Write ``new`` (a kept entry as this tab has it, at its new revision) over revision ``rev`` of
    the study, ``seen`` its record ('': any), as this tab last read or wrote it (0: a study new here).
    Raises Stale if another tab wrote it since, or closed it, or wrote that revision over another
    record; OSError if the browser refused the write."""
    entries, _ = read()
    study_id = new["id"]
    entry = find(entries, study_id)
    if (entry["rev"] if entry else 0) != rev or (entry and seen and entry["record"] != seen):
        raise Stale(entry)
    if entry is None:
        entries.append(new)  # a study new here goes after the others
    else:
        entries = [new if e["id"] == study_id else e for e in entries]
    if not write(entries, study_id):
        raise OSError("the browser's storage refused it")


def forget(study_id):
    """The study ``study_id`` is no longer kept (its version is the caller's to keep first)."""
    entries, last = read()
    write([e for e in entries if e["id"] != study_id], "" if last == study_id else last)


def opened(study_id):
    """The study ``study_id`` is the one opened last (a reload, a new tab, opens it)."""
    entries, last = read()
    if last != study_id:
        write(entries, study_id)


# -- recent versions --------------------------------------------------------------------------------
def _version(raw):
    entry = _entry(raw)
    why = raw.get("why") if isinstance(raw, dict) else None
    if entry is None or not isinstance(why, str):
        return None
    entry["why"] = why
    return entry


def versions():
    """The recent versions, the newest first."""
    return _read_list(VERSIONS_KEY, "versions", _version)[0]


def keep_version(entry, why):
    """Keep ``entry`` (a study as it was) among the recent versions, saying ``why`` (an i18n key);
    the oldest go past the bounds. False if the browser refused it."""
    kept = [dict(entry, why=why)] + [v for v in versions() if v["record"] != entry["record"]]
    size = 0
    for n, version in enumerate(kept):
        size += len(version["record"])
        if n >= MAX_VERSIONS or (n and size > VERSIONS_CHARS):
            kept = kept[:n]
            break
    return B.save(VERSIONS_KEY, json.dumps({"versions": kept})).ok
