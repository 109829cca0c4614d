"""A study on the game page: the teacher's chapters (annotated games, positions, puzzles).

The study is the engine's (asalto_core.study): the board shows one chapter, whose game is the
page's session (``app.play.session.game`` is that chapter's game, so every move, comment and mark
lands in it). Everything the page exports (the record, the embed code, the lesson kit) is the
whole study once there is one (api.record_text). It is one of the studies kept in this browser
(studies.py), written whenever it or the game on the board changes; every tab follows another's
writes of the study it shows (follow), and a tab that missed one refuses to write over it
(studies.Stale). A study opened (imported, or by its share link) is kept beside the others, never
over one; one whose name a kept study has is asked about. What Delete chapter and Keep this game
only take away is kept among the recent versions and undone by the Undo button.
"""

import json

from pyscript import document

from asalto_core.errors import AsaltoError
from asalto_core.links import read_share
from asalto_core.record import Game
from asalto_core.session import MAX_MOVES, Session
from asalto_core.study import MAX_CHAPTERS, Study, merge, record_games
from game import api, storage, studies
from game.api import put_game
from game.app import app, shown_study
from game.game import accept, open_game, opened_hooks
from game.render import link_problem
from lib.i18n import t
from lib.keys import NAMES, RECORD_KEY
from lib.page import B, aside_key, el, on, set_aside, store_name, tell


def say(text, kind="info"):
    tell("study-message", text, kind)
    el("study-undo").hidden = app.shared.study_undo is None


def blank(game):
    """A chapter made by New chapter and not yet filled: the start of its rules, nothing written."""
    return not game.moves and not any(game.comments) and game.start == Game(game.start.ruleset).start


def sync():
    """The chapter shown holds the game on the board. A game opened since (New game, an import, a
    set-up position) fills the chapter when it is blank, and is added as a new chapter otherwise:
    a chapter's work is never replaced. A game with a friend stays out of the study."""
    if app.shared.study is None or app.play.session is None or app.shared.friend is not None:
        return
    chapter, game = app.shared.study.chapters[app.shared.chapter], app.play.session.game
    if chapter.game is game:
        return
    if blank(chapter.game):
        api.edit_study("none", "put", app.shared.chapter, game)  # a puzzle's record makes the chapter that puzzle
        return
    n = add_chapter(game)
    if n is not None:
        api.show_study("none", chapter=n)
        say(t("chapter-added", n=n + 1))


def add_chapter(game):
    """A new last chapter holding ``game``, titled by its Event tag or else by its number (a
    puzzle's record makes it that puzzle); its index, or None when the study has no room (said)."""
    try:
        title = game.tags.get("Event") or t("chapter-default", n=len(shown_study().chapters) + 1)
        return api.edit_study("none", "add", game, title)
    except AsaltoError as err:
        say(str(err), "error")
        return None


def opened():
    """Another game is on the board: into the study at once (game.py calls this)."""
    if app.shared.study is not None:
        save()
        render_study()


def as_kept():
    """This tab's study as a kept entry (studies.py), the chapter shown holding the board's game."""
    study = shown_study()
    return {
        "id": app.shared.study_id, "record": study.record(), "title": study.title, "chapter": app.shared.chapter,
        "rev": app.shared.study_rev, "chapters": len(study.chapters),
    }  # fmt: skip


def save():
    """The study kept in this browser (its own key: the game's save stays the game's). A study
    another tab changed since this tab read it is not written over: this tab's version is kept
    among the recent versions and the tab shows the stored study, saying so."""
    if app.shared.study is None:
        return  # the study stays stored until the teacher ends it (a shared game opened meanwhile)
    sync()
    write()


def save_shown():
    """Before the game's save is written (storage.py): the study first, when the board shows its
    chapter, so another tab follows the study before it hears of the game."""
    study = app.shared.study
    if (
        study is not None
        and app.play.session is not None
        and study.chapters[app.shared.chapter].game is app.play.session.game
    ):
        write()


def write():
    """The study as this tab has it, kept (a study new here gets its id), unless it is what this tab
    last wrote or followed; over another tab's write it is not (save says what happens then)."""
    if not app.shared.study_id:
        api.show_study("none", study_id=studies.fresh_id(), study_rev=0)
    entry = as_kept()
    text = written(entry["record"], entry["chapter"])
    if text == app.shared.study_text:
        return
    entry["rev"] = max([app.shared.study_rev] + list(app.shared.study_seen)) + 1  # above any this tab knew
    try:
        studies.keep(entry, app.shared.study_rev, seen())
    except studies.Stale as stale:
        reconcile(stale.entry, "study-closed-stale")
        return
    except OSError as err:
        say(t("study-not-saved", error=err), "error")
        return
    api.show_study("none", study_rev=entry["rev"], study_text=text, study_seen=saw(entry["rev"], entry["record"]))


def put_kept(entry):
    """This tab's study becomes ``entry`` (a kept study, or a version of one), on its chapter; False
    if its record does not read (said). The game on the board is left to the caller."""
    try:
        study = Study.from_record(entry["record"])
    except AsaltoError as err:
        say(t("study-bad-save", error=err), "error")
        return False
    stored = studies.find(studies.read()[0], entry["id"])
    n = entry["chapter"] if entry["chapter"] < len(study.chapters) else 0
    rev = stored["rev"] if stored else 0
    api.show_study("none", study=study, chapter=n, study_id=entry["id"], study_rev=rev, study_text="", study_seen={})
    return True


def written(record, chapter):
    """What a tab last wrote or followed of its study: the record and the chapter it showed."""
    return record + "\n" + str(chapter)


def seen():
    """The study's record as this tab last wrote or followed it ('' if it has not: a version put
    back, a study new here)."""
    return app.shared.study_text[: app.shared.study_text.rfind("\n")]


def saw(rev, record):
    """The study's revisions this tab wrote or followed (``app.shared.study_seen``), with ``rev``: the
    last SEEN of them, each the base of a merge with a write made over it."""
    kept = {r: text for r, text in app.shared.study_seen.items() if r > rev - SEEN}
    kept[rev] = record
    return kept


SEEN = 16  # revisions: many more writes than a tab's copy of storage lags behind by


def crossed(entry):
    """Another tab wrote the study at the revision this tab last wrote: its write and this tab's
    crossed, each made over the same revision (the browser's storage is one for all tabs, but a
    tab's copy of it can lag behind another tab's write), and the one written last stayed."""
    return entry is not None and entry["rev"] == app.shared.study_rev and bool(seen()) and entry["record"] != seen()


def reconcile(entry, closed_note="study-closed-elsewhere"):
    """Another tab's write of this tab's study (``entry``; None: that tab closed it) meets the study
    here. Changes this tab made since it last wrote or followed the study are merged into the other
    tab's (asalto_core.study.merge) and written; changes of the same chapter are not written over
    it: this tab's version is kept among the recent versions, and the tab shows the stored study,
    saying so. The chapter shown stays, and the board's game when that chapter's is the same."""
    if entry is None:
        studies.keep_version(as_kept(), "version-ended")
        api.show_study("panel", study=None, chapter=0, study_id="", study_rev=0, study_text="", study_seen={})
        render_study()
        say(t(closed_note))
        return
    sync()
    shown, game, mine = app.shared.chapter, app.play.session.game, shown_study()
    record, rev, known = mine.record(), entry["rev"], app.shared.study_seen
    followed = {"study_rev": rev, "study_seen": saw(rev, entry["record"])}
    if entry["record"] == record or (rev < app.shared.study_rev and known.get(rev) == entry["record"]):
        # another tab showed another chapter, or wrote another study with an old copy of this one
        api.show_study("none", study_text=written(entry["record"], shown), **followed)
        write()
        return
    if rev > app.shared.study_rev:
        base = seen()
        changed = bool(base) and record != base
    else:  # written over this tab's write, by a tab whose copy of storage lagged: made over rev - 1
        base = known.get(rev - 1, "")
        changed = record != base
    try:
        study = theirs = Study.from_record(entry["record"])
        merged = merge(Study.from_record(base), mine, theirs) if base and changed else None
    except AsaltoError:
        return  # written by this page's engine, so it reads; a forged one is not followed
    note, kind = "study-other-tab", "info"
    if merged is not None:
        study, note = merged, "study-merged"
    elif changed:
        studies.keep_version(as_kept(), "version-stale")
        note, kind = "study-stale", "warn"
    n = min(shown, len(study.chapters) - 1)
    same = study.chapters[n].game.record() == game.record()
    # this tab's chapter is its own: it writes the study again once it changes it
    text = written(entry["record"], n)
    api.show_study("none", study=study, chapter=n, study_id=entry["id"], study_text=text, **followed)
    if same:
        api.edit_study("none", "keep")  # the cursor, the side line shown: this tab's stay
    if not same:
        put_game(Session(study.chapters[n].game), "followed", app.ui.settings)
        accept(False)
    if merged is not None:
        write()
    render_study()
    say(t(note), kind)


def follow():
    """Another tab wrote the kept studies (the ``storage`` event): the study shown here follows its
    stored version, or closes with it; the lists of studies and versions are drawn again."""
    if app.shared.study is not None and app.shared.study_id:
        entry = studies.find(studies.read()[0], app.shared.study_id)
        if entry is None or entry["rev"] != app.shared.study_rev or crossed(entry):
            reconcile(entry)
    render_shelf()


def restore():
    """The study opened last, on the chapter that was shown (the study's own copy of it: it is
    written whenever the game is, so it holds the moves the game's save holds). A kept study that
    does not read stays kept, said; the message saying so is returned ('' if none)."""
    old = studies.take_old()
    if old is not None:
        return t("study-bad-save", error=old)
    entries, last = studies.read()
    entry = studies.find(entries, last)
    if entry is None:
        return ""
    try:
        study = Study.from_record(entry["record"])
    except AsaltoError as err:
        return t("study-bad-save", error=err)
    n = entry["chapter"] if entry["chapter"] < len(study.chapters) else 0
    text = written(entry["record"], n)
    api.show_study(
        "none", study=study, chapter=n, study_id=entry["id"], study_rev=entry["rev"], study_text=text,
        study_seen={entry["rev"]: entry["record"]},
    )  # fmt: skip
    game = study.chapters[n].game  # the saved game itself, so its result box stays as it was left
    # a chapter is the teacher's to play both sides of, as when opened
    put_game(Session(game), "start")
    return ""


def open_kept(entry, note):
    """The kept study ``entry`` on the board, this tab's study written first."""
    save()
    if put_kept(entry):
        studies.opened(entry["id"])
        study = shown_study()
        open_game(Session(study.chapters[app.shared.chapter].game), opened=note)
        render_study()


def twin_of(study):
    """The kept study this one is (its record read back the same), or has the name of; or None."""
    entries = studies.read()[0]
    record = study.record()
    for entry in entries:
        if entry["record"] == record:
            return entry
    for entry in entries:
        if study.title and entry["title"] == study.title:
            return entry
    return None


def import_study(text):
    """A record of several games opens as a study, or, with more games than a study has chapters
    (a tournament's), one game at a time from the record's list of games: what was opened is
    returned, said; one game ('') is left to the importer."""
    try:
        games = record_games(text)
    except AsaltoError:
        return ""
    if len(games) < 2:
        return ""
    if len(games) > MAX_CHAPTERS:
        api.record_games(games, text)
        render_record()
        show_record_game(0)
        return t("imported-record", n=len(games), max=MAX_CHAPTERS)
    study = Study.from_record(text)  # its error is the importer's to show
    twin = twin_of(study)
    if twin is not None and twin["record"] == study.record():
        open_kept(twin, "study-kept-opened")
        return t("study-kept-opened")
    if twin is not None:
        api.show_study("none", study_asked=text)
        el("study-twice-text").textContent = t("study-twice-text", title=twin["title"])
        el("study-twice-kept").dataset.study = twin["id"]
        el("dlg-study-twice").showModal()
        return t("study-twice-title")
    open_beside(study)
    return t("imported-study", n=len(study.chapters))


def open_beside(study):
    """``study`` opened as a new kept study, beside the others (this tab's written first)."""
    save()
    api.show_study(
        "none", study=study, chapter=0, study_id=studies.fresh_id(), study_rev=0, study_text="", study_seen={}
    )
    open_game(Session(study.chapters[0].game), opened="study-opened")  # written (opened)
    studies.opened(app.shared.study_id)
    render_study()


def answer_twice(beside):
    """The teacher's answer to the question of a study opened while one of its name is kept."""
    el("dlg-study-twice").close()
    text, kept = app.shared.study_asked, el("study-twice-kept").dataset.study
    api.show_study("none", study_asked=None)
    if text is None:
        return
    if beside:
        open_beside(Study.from_record(text))
        return
    entry = studies.find(studies.read()[0], kept)
    if entry is not None:
        open_kept(entry, "study-kept-opened")


# -- a record of more games than a study holds (a tournament's): one game at a time ---------------
def record_label(n, game):
    """A game of the record in its list: its number, its players and its result (text, never markup)."""
    names = {side: game[side] or "?" for side in ("officers", "rebels")}
    if game["result"] == "*":
        return t("record-game-open", n=n + 1, **names)
    result = t("draw") if game["result"] == "draw" else t("win-" + game["result"][: -len("-win")])
    return t("record-game", n=n + 1, result=result, **names)


def render_record():
    """The record's list of games (hidden when no such record is open)."""
    games = app.shared.record_games
    el("panel-record").hidden = not games
    select = el("record-game")
    select.innerHTML = ""
    for n, game in enumerate(games or []):
        option = document.createElement("option")
        option.value = str(n)
        option.textContent = record_label(n, game)
        select.append(option)
    el("panel-record").dataset.games = str(len(games or []))


def show_record_game(n):
    """Game ``n`` of the record on the board, read only now (a game that does not read is said)."""
    games = app.shared.record_games
    if not games:  # its list shows only while a record is open
        return
    el("record-game").value = str(n)
    el("panel-record").dataset.shown = str(n)
    try:
        game = Game.from_record(games[n]["text"], MAX_MOVES)
    except AsaltoError as err:
        say_record(t("record-game-bad", n=n + 1, error=err))
        return
    say_record("")
    open_game(Session(game), opened="record-game-opened")
    keep_record(n)


def keep_record(n):
    """The record and its game shown, kept until the list is closed: a reload finds the list (the
    game itself is the page's save). Where storage refuses it, the list lasts as long as the tab."""
    B.save(RECORD_KEY, json.dumps({"text": app.shared.record_text, "shown": n}))


def restore_record():
    """The list of the record kept (see keep_record), on the game that was shown; the message
    saying why a kept one does not read is returned ('' if none), and it is set aside."""
    r = B.load(RECORD_KEY)
    if not r.ok or not r.value:
        return ""
    try:
        kept = json.loads(r.value)
        games = record_games(kept["text"])
        shown = kept["shown"]
        if not isinstance(shown, int) or not 0 <= shown < len(games):
            raise ValueError(f"no game {shown!r} in a record of {len(games)}")
    except (AsaltoError, ValueError, KeyError, TypeError) as err:
        set_aside(RECORD_KEY, r.value)
        return t("stored-bad", what=store_name(RECORD_KEY, NAMES), error=err, aside=aside_key(RECORD_KEY))
    api.record_games(games, kept["text"])
    render_record()
    el("record-game").value = str(shown)
    el("panel-record").dataset.shown = str(shown)
    return ""


def say_record(text):
    el("record-message").textContent = text


def close_record():
    api.record_games(None)
    B.remove(RECORD_KEY)
    render_record()


def open_shared(params):
    """A share link that carries a study (a record of several games) opens it as the study; True
    if it did (a link's error is the game reader's to say)."""
    try:
        shared = read_share(params)
        return shared is not None and "record" in shared and bool(import_study(shared["record"]))
    except AsaltoError as err:
        link_problem(err)
        return True


def start():
    """A study of one chapter: the game on the board."""
    api.show_study("none", study=Study("", []), study_id="", study_rev=0, study_text="", study_seen={}, study_undo=None)
    api.show_study("panel", chapter=add_chapter(app.play.session.game))
    save()
    render_study()


def show(n):
    """Chapter ``n`` on the board."""
    sync()
    api.show_study("none", chapter=n, study_undo=None)
    open_game(Session(shown_study().chapters[n].game), opened="chapter-opened")
    save()
    render_study()


def new_chapter():
    """A new chapter after the last: the start of this ruleset, to play, set up or import into."""
    sync()
    n = add_chapter(Game(app.play.session.game.start.ruleset))
    if n is not None:
        show(n)


def edit(action):
    """One change of the study; a refusal is said, the study stays as it was."""
    try:
        action()
    except AsaltoError as err:
        say(str(err), "error")
        return
    api.show_study("none", study_undo=None)
    say("")
    save()
    render_study()


def move_chapter(step):
    n = app.shared.chapter + step
    if 0 <= n < len(shown_study().chapters):
        api.edit_study("none", "move", app.shared.chapter, n)
        api.show_study("none", chapter=n, study_undo=None)
        save()
        render_study()


def delete_chapter():
    """The chapter shown taken out, the study as it was kept among the recent versions first (and
    undone by Undo); the next chapter (or the last) is shown in its place before the study is
    written again, so the deleted chapter's game is not taken for a new one (sync)."""
    save()
    before = as_kept()
    if len(shown_study().chapters) < 2:
        return  # its button is disabled: a study keeps at least one chapter
    studies.keep_version(before, "version-deleted")
    deleted = app.shared.chapter
    api.edit_study("none", "delete", deleted)
    api.show_study("none", chapter=min(deleted, len(shown_study().chapters) - 1), study_undo=before)
    open_game(Session(shown_study().chapters[app.shared.chapter].game), opened="chapter-opened")  # written (opened)
    render_study()
    say(t("chapter-deleted", n=deleted + 1))


def end_study():
    """Back to one game (the one on the board): the study, kept among the recent versions first,
    is no longer kept; Undo brings it back."""
    save()
    before = as_kept()
    studies.keep_version(before, "version-ended")
    studies.forget(before["id"])
    api.show_study(
        "panel", study=None, chapter=0, study_id="", study_rev=0, study_text="", study_seen={}, study_undo=before
    )
    render_study()
    say(t("study-ended"))


def undo():
    """The kept study as it was before the last deletion, on the chapter shown then."""
    entry = app.shared.study_undo
    if entry is None:
        return
    api.show_study("none", study_undo=None)
    put_version(entry, "study-undone")


def put_version(entry, note):
    """``entry`` (a study as it was) on the board and kept, over the kept study of its id."""
    save()
    if put_kept(entry):
        study = shown_study()
        open_game(Session(study.chapters[app.shared.chapter].game), opened="chapter-opened")  # written (opened)
        studies.opened(entry["id"])
        render_study()
        say(t(note))


def restore_version():
    """The recent version chosen comes back; what it replaces (the kept study of its id as it is
    now) is kept among the recent versions first."""
    kept = studies.versions()
    n = int(el("study-versions").value or -1)
    if not 0 <= n < len(kept):
        return
    version = kept[n]
    if app.shared.study is not None and app.shared.study_id == version["id"]:
        save()
        studies.keep_version(as_kept(), "version-replaced")
    else:
        current = studies.find(studies.read()[0], version["id"])
        if current is not None:
            studies.keep_version(current, "version-replaced")
    put_version(version, "study-restored")


def open_chosen():
    """The kept study chosen in the list of studies, on the board."""
    entry = studies.find(studies.read()[0], el("study-kept").value)
    if entry is not None and entry["id"] != app.shared.study_id:
        open_kept(entry, "study-opened")


def download():
    """The whole study, one record file named after it (a backup, or for another tool)."""
    name = "".join(c if c.isalpha() or c.isdigit() or c in " -_" else " " for c in shown_study().title)
    name = " ".join(name.split()) or "study"
    B.download(name + ".pgn", api.record_text(), "application/x-chess-pgn")


def on_field(event):
    target = event.target
    if app.shared.study is None:
        return
    if target.id == "study-title":
        edit(lambda: api.edit_study("none", "title", " ".join(target.value.split())[:120]))
    elif target.id == "chapter-title":
        edit(lambda: api.edit_study("none", "rename", app.shared.chapter, target.value))
    elif target.id == "chapter-prompt":
        shown = app.shared.chapter
        edit(lambda: api.edit_study("none", "prompt", shown, " ".join(target.value.split())[:300]))


def on_list_click(event):
    button = event.target.closest("button[data-chapter]")
    if button is not None:
        show(int(button.dataset.chapter))


def options(select, items):
    """``select``'s options: (value, text) pairs, text never markup."""
    select.innerHTML = ""
    for value, text in items:
        option = document.createElement("option")
        option.value = value
        option.textContent = text
        select.append(option)


def render_shelf():
    """The studies kept in this browser and their recent versions, each list shown when it has any."""
    entries = studies.read()[0]
    kept = [(e["id"], t("study-entry", title=e["title"] or t("study-untitled"), n=e["chapters"])) for e in entries]
    options(el("study-kept"), kept)
    if app.shared.study_id:
        el("study-kept").value = app.shared.study_id
    el("study-shelf").hidden = not entries
    versions = studies.versions()
    options(
        el("study-versions"),
        [
            (str(n), t("version-entry", title=v["title"] or t("study-untitled"), why=t(v["why"]), n=v["chapters"]))
            for n, v in enumerate(versions)
        ],
    )
    el("study-history").hidden = not versions
    el("study-undo").hidden = app.shared.study_undo is None


def render_nav():
    """The chapters beside the board, whenever a study is open (annotating or not)."""
    study = app.shared.study
    el("study-nav").hidden = study is None
    if study is None:
        return
    el("study-nav-title").textContent = study.title or t("study-untitled")
    options(el("study-nav-chapter"), [(str(n), f"{n + 1}. {c.title}") for n, c in enumerate(study.chapters)])
    el("study-nav-chapter").value = str(app.shared.chapter)
    el("study-prev").disabled = app.shared.chapter == 0
    el("study-next").disabled = app.shared.chapter >= len(study.chapters) - 1


def step_chapter(step):
    """The chapter before or after the one shown (the chapters beside the board)."""
    n = app.shared.chapter + step
    if app.shared.study is not None and 0 <= n < len(app.shared.study.chapters):
        show(n)


def render_study():
    """The study box: the kept studies, its title, its chapters (the one shown marked), the
    chapter's fields; and the chapters beside the board."""
    study = app.shared.study
    el("study-none").hidden = study is not None
    el("study-body").hidden = study is None
    render_shelf()
    render_nav()
    if study is None:
        return
    if document.activeElement != el("study-title"):
        el("study-title").value = study.title
    box = el("study-chapters")
    box.innerHTML = ""
    for n, chapter in enumerate(study.chapters):
        item = document.createElement("li")
        button = document.createElement("button")
        button.type = "button"
        button.dataset.chapter = str(n)
        button.textContent = f"{n + 1}. {chapter.title}"
        kind = document.createElement("span")
        kind.className = "chapter-kind"
        kind.textContent = t("chapter-" + chapter.kind)
        button.append(kind)
        if n == app.shared.chapter:
            button.setAttribute("aria-current", "true")
        item.append(button)
        box.append(item)
    chapter = study.chapters[app.shared.chapter]
    for name, value in (("chapter-title", chapter.title), ("chapter-prompt", chapter.prompt)):
        if document.activeElement != el(name):
            el(name).value = value
    el("chapter-up").disabled = app.shared.chapter == 0
    el("chapter-down").disabled = app.shared.chapter >= len(study.chapters) - 1
    el("chapter-delete").disabled = len(study.chapters) < 2


def bind():
    opened_hooks.append(opened)
    on(el("study-start"), "click", lambda e: start())
    on(el("chapter-new"), "click", lambda e: new_chapter())
    on(el("chapter-up"), "click", lambda e: move_chapter(-1))
    on(el("chapter-down"), "click", lambda e: move_chapter(1))
    on(el("chapter-delete"), "click", lambda e: delete_chapter())
    on(el("study-end"), "click", lambda e: end_study())
    on(el("study-undo"), "click", lambda e: undo())
    on(el("study-nav-chapter"), "change", lambda e: show(int(el("study-nav-chapter").value)))
    on(el("study-prev"), "click", lambda e: step_chapter(-1))
    on(el("study-next"), "click", lambda e: step_chapter(1))
    on(el("study-open"), "click", lambda e: open_chosen())
    on(el("study-restore"), "click", lambda e: restore_version())
    on(el("study-download"), "click", lambda e: download())
    on(el("study-twice-beside"), "click", lambda e: answer_twice(True))
    on(el("study-twice-kept"), "click", lambda e: answer_twice(False))
    storage.before_write.append(save_shown)
    on(el("study-chapters"), "click", on_list_click)
    on(el("record-game"), "change", lambda e: show_record_game(int(el("record-game").value)))
    on(el("record-close"), "click", lambda e: close_record())
    on(el("study-box"), "change", on_field)
    on(document, "visibilitychange", lambda e: save() if document.visibilityState == "hidden" else None)
