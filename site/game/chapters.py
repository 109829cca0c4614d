"""A study on the game page: the teacher's chapters (annotated games, positions, puzzles).

The study is the engine's (asalto_core.study): the board shows one chapter, whose game is the
page's session (``app.play.session.game`` is that chapter's game, so every move, comment and mark
lands in it). Everything the page exports (the record, the embed code, the lesson kit) is the
whole study once there is one (api.record_text). It is kept in local storage beside the game's
save, under its own key (whenever it changes and when the page is left), and read back on the next
visit unless the page opens a shared game.
"""

import json

import api
import game_state as st
from api import put_game
from app import app
from game import open_game, opened_hooks
from i18n import t
from keys import STUDY_KEY
from page import BAD_JSON, B, el, on, set_aside
from pyscript import document
from render import link_problem

from asalto_core.errors import AsaltoError
from asalto_core.links import read_share
from asalto_core.record import Game
from asalto_core.session import MAX_MOVES, Session
from asalto_core.study import MAX_CHAPTERS, Study, record_games


def say(text, kind="info"):
    box = el("study-message")
    box.textContent = text
    box.className = kind


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
        app.shared.study.put(app.shared.chapter, game)  # a puzzle's record makes the chapter that puzzle
        return
    n = add_chapter(game)
    if n is not None:
        api.set("none", chapter=n)
        say(t("chapter-added", n=n + 1))


def add_chapter(game):
    """A new last chapter holding ``game``, titled by its Event tag or else by its number (a
    puzzle's record makes it that puzzle); its index, or None when the study has no room (said)."""
    try:
        return app.shared.study.add(
            game, game.tags.get("Event") or t("chapter-default", n=len(app.shared.study.chapters) + 1)
        )
    except AsaltoError as err:
        say(str(err), "error")
        return None


def opened():
    """Another game is on the board: into the study at once (game.py calls this)."""
    if app.shared.study is not None:
        save()
        render_study()


def save():
    """The study in local storage (its own key: the game's save stays the game's)."""
    if app.shared.study is None:
        return  # the study stays stored until the teacher ends it (a shared game opened meanwhile)
    sync()
    r = B.save(STUDY_KEY, json.dumps({"record": app.shared.study.record(), "chapter": app.shared.chapter}))
    if not r.ok:
        say(t("study-not-saved", error=r.error), "error")


def restore():
    """The study of the last visit, on the chapter that was shown (the study's own copy of it: it
    is saved whenever the page is left, so it holds the moves the game's save holds). A stored
    study that does not read is set aside; the message saying so is returned ('' if none)."""
    r = B.load(STUDY_KEY)
    if not r.ok or not r.value:
        return ""
    try:
        data = json.loads(r.value)
        study = Study.from_record(data["record"])
    except BAD_JSON + (AsaltoError, KeyError, TypeError, AttributeError) as err:
        set_aside(STUDY_KEY, r.value)  # never read again on a reload, never lost
        return t("study-bad-save", error=err)
    n = data.get("chapter")  # a chapter number that does not read opens the first chapter
    n = n if type(n) is int and 0 <= n < len(study.chapters) else 0
    api.set("none", study=study, chapter=n)
    game = study.chapters[n].game  # the saved game itself, so its result box stays as it was left
    # a chapter is the teacher's to play both sides of, as when opened
    put_game(Session(game), st.opened_settings(app.ui.settings, game.start.ruleset))
    return ""


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
        api.set("none", record_games=games)
        render_record()
        show_record_game(0)
        return t("imported-record", n=len(games), max=MAX_CHAPTERS)
    study = Study.from_record(text)  # its error is the importer's to show
    api.set("none", study=study, chapter=0)
    open_game(Session(study.chapters[0].game), opened="study-opened")
    save()
    render_study()
    return t("imported-study", n=len(study.chapters))


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
    el("record-game").value = str(n)
    el("panel-record").dataset.shown = str(n)
    try:
        game = Game.from_record(app.shared.record_games[n]["text"], MAX_MOVES)
    except AsaltoError as err:
        say_record(t("record-game-bad", n=n + 1, error=err))
        return
    say_record("")
    open_game(Session(game), opened="record-game-opened")


def say_record(text):
    el("record-message").textContent = text


def close_record():
    api.set("none", record_games=None)
    render_record()


def open_shared(params):
    """A share link that carries a study (a record of several games) opens it as the study; True
    if it did (a link's error is the game reader's to say)."""
    try:
        shared = read_share(params)
        return bool(shared) and "record" in shared and import_study(shared["record"])
    except AsaltoError as err:
        link_problem(err)
        return True


def start():
    """A study of one chapter: the game on the board."""
    api.set("none", study=Study("", []))
    api.set("panel", chapter=add_chapter(app.play.session.game))
    save()
    render_study()


def show(n):
    """Chapter ``n`` on the board."""
    sync()
    api.set("none", chapter=n)
    open_game(Session(app.shared.study.chapters[n].game), opened="chapter-opened")
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
    say("")
    save()
    render_study()


def move_chapter(step):
    n = app.shared.chapter + step
    if 0 <= n < len(app.shared.study.chapters):
        app.shared.study.move(app.shared.chapter, n)
        api.set("none", chapter=n)
        save()
        render_study()


def delete_chapter():
    """The chapter shown taken out; the next one (or the last) is shown in its place before the
    study is saved again, so the deleted chapter's game is not taken for a new one (sync)."""
    sync()
    try:
        app.shared.study.delete(app.shared.chapter)
    except AsaltoError as err:
        say(str(err), "error")
        return
    api.set("none", chapter=min(app.shared.chapter, len(app.shared.study.chapters) - 1))
    say("")
    open_game(Session(app.shared.study.chapters[app.shared.chapter].game), opened="chapter-opened")  # saves (opened)
    render_study()


def end_study():
    """Back to one game (the one on the board); the other chapters are dropped."""
    api.set("panel", study=None, chapter=0)
    B.remove(STUDY_KEY)
    render_study()


def on_field(event):
    target = event.target
    if app.shared.study is None:
        return
    if target.id == "study-title":
        edit(lambda: api.edit("none", "study", title=" ".join(target.value.split())[:120]))
    elif target.id == "chapter-title":
        edit(lambda: app.shared.study.rename(app.shared.chapter, target.value))
    elif target.id == "chapter-prompt":
        chapter = app.shared.study.chapters[app.shared.chapter]
        edit(lambda: setattr(chapter, "prompt", " ".join(target.value.split())[:300]))


def on_list_click(event):
    button = event.target.closest("button[data-chapter]")
    if button is not None:
        show(int(button.dataset.chapter))


def render_study():
    """The study box: its title, its chapters (the one shown marked), the chapter's fields."""
    study = app.shared.study
    el("study-none").hidden = study is not None
    el("study-body").hidden = study is None
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
    on(el("study-chapters"), "click", on_list_click)
    on(el("record-game"), "change", lambda e: show_record_game(int(el("record-game").value)))
    on(el("record-close"), "click", lambda e: close_record())
    on(el("study-box"), "change", on_field)
    on(document, "visibilitychange", lambda e: save() if document.visibilityState == "hidden" else None)
