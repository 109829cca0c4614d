"""The game page's entry point (MicroPython on the main thread): load, restore, play.

The page answers every rule question itself: the engine's rules modules (asalto_core on
MicroPython) replay the saved game, check and play moves, and read records. The Pyodide
worker (worker.py, asalto_core.protocol) is only the AI; it starts in the background when
the game needs it. One module per concern:

- app.py: the App state and the questions asked of it
- render.py: everything drawn, derived from that state
- controls.py: pointer, keyboard and toolbar input; dialogs.py: the dialogs
- game.py: moves, stepping, the AI; engine_client.py: the AI's worker
- storage.py: the saved game and share links; page.py: helpers shared with the embed view
- friend.py: games with a friend at a distance, each move sent as a link
"""

from pyscript import document, window
from pyscript.ffi import create_proxy

from asalto_core.session import Session
from game import annotate, api, chapters, controls, dialogs, frames, friend, learn, storage
from game import state as st
from game.api import put_game
from game.app import app
from game.game import accept, needs_ai, open_game, start_for_game
from game.render import apply_labels, apply_theme
from lib.i18n import t
from lib.keys import FRIENDS_KEY, SAVE_KEY, STUDIES_KEY, VERSIONS_KEY
from lib.page import B, el, load_language, message, on_error, site_data, spawn, spawn_start, stop_start


def report(err):
    message(t("internal-error", error=err), "error")
    window.console.error(f"asalto: {err}")


async def follow_other_tab(key, text):
    """Another tab saved a game: show it here too (this tab's game is kept as the previous game
    when it is not part of the other one), so neither tab later overwrites the other's unseen.
    A game with a friend on screen follows the other tab's copy of it (the games with friends)."""
    if key == FRIENDS_KEY:
        await friend.follow_tab(text)
        return
    if key in (STUDIES_KEY, VERSIONS_KEY):
        chapters.follow()
        return
    if key == SAVE_KEY and app.shared.study is not None:  # the game is a chapter: the study is followed
        storage.followed(text)
        return
    if app.shared.friend is not None:  # a game with a friend is on screen: the save is not its game
        return
    change = storage.changed_elsewhere(key, text)
    if change is None or app.play.session is None:
        return
    session, settings, lost = change
    if lost:
        open_game(session, settings)  # keeps this tab's game for Restore previous
    else:
        put_game(session, "followed", settings)
        accept(False)
    message(t("save-other-kept" if lost else "save-other-tab"), "warn" if lost else "info")


def board_ready():
    B.mark("board")
    document.body.dataset.board = "ready"


async def main():
    B.mark("mpy")
    storage.check_stored()  # before anything reads a stored value
    mode, level = storage.saved_play()
    linked = "#" in storage.here()["hash"]  # a link opens a game for two players (boot.js: no worker)
    if st.ai_side(mode) and not linked:
        start_for_game(level)  # while the board is drawn
    r = await B.fetchText("./data.json", 30000)
    if not r.ok:
        stop_start(t("data-failed", error=r.error))
        return
    data = site_data(r.value)
    api.load_data(data)
    session, settings, problem = storage.read_save()
    first_visit = settings is None and not problem  # no save at all (a bad one says why)
    storage.say(problem)
    settings = settings or app.ui.settings
    put_game(session or Session.new(settings["ruleset"]), "start", settings)
    apply_theme()
    await load_language(app.ui.settings["lang"])
    apply_labels()
    if not linked:  # the study of the last visit, on its chapter shown (a link leaves it stored)
        storage.say(chapters.restore())
        storage.say(chapters.restore_record())
    storage.bind()
    controls.bind()
    dialogs.bind()
    annotate.bind()
    chapters.bind()
    friend.bind()
    learn.bind()
    opened = linked and await friend.follow_link()  # a game or share link
    if not opened and (app.shared.study is not None or not await friend.resume()):
        accept(False)
    B.onStorage(create_proxy(lambda key, text: spawn(follow_other_tab(key, text))))  # errors shown
    el("loading").hidden = True
    el("controls").disabled = False  # the toolbar and the menu work from now on
    el("welcome").hidden = not (first_visit and not opened)
    chapters.render_study()
    frames.when_done(lambda: storage.when_saved(board_ready))  # once the game is drawn and saved
    problem = storage.started()  # what every stored value's reading found, in one message
    if problem:
        message(problem, "warn")
    if needs_ai():
        start_for_game()
    # The page's own files are kept for offline use once the player pauses; the AI's are added
    # after its first search (game.ask). A newcomer moves first, and may leave before it.
    B.keepOffline(False)


on_error(report)
spawn_start(main())
