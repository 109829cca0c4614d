"""The game page's entry point (MicroPython on the main thread): load, restore, start the engine.

The page knows no rules. It draws the board from the geometry in data.json at once, and
asks the Pyodide worker (worker.py, asalto_core.protocol) for every view and AI move,
passing JSON text both ways. One module per concern:

- app.py: the App state and the questions asked of it
- render.py: everything drawn, derived from that state
- controls.py: pointer, keyboard and toolbar input; dialogs.py: the dialogs
- game.py: the engine's answers into state, moves, the AI; engine_client.py: the worker
- storage.py: the saved game and share links; page.py: helpers shared with the embed view
"""

import json

import controls
import dialogs
import storage
from app import app
from game import accept, ask, open_game, start_engine
from i18n import t
from page import B, el, on_error, spawn
from pyscript import document, window
from render import apply_labels, message, render


def report(err):
    message(f"Internal error: {err}", "error")
    window.console.error(f"asalto: {err}")


async def main():
    B.mark("mpy")
    r = await B.fetchText("./data.json", 30000)
    if not r.ok:
        el("loading-text").textContent = f"The game data could not be loaded: {r.error}"
        return
    app.data = json.loads(r.value)
    app.rulesets = {rs["name"]: rs for rs in app.data["rulesets"]}
    app.levels = {lv["name"]: lv for lv in app.data["levels"]}
    game, view, settings, problem = storage.read_save()
    if settings:
        app.settings = settings
    apply_labels()
    shared, share_error = storage.shared_game()
    if game is None:
        s = storage.start_view(app.settings["ruleset"])
        game, view = s["game"], s["view"]
    app.game, app.view = game, view
    controls.bind()
    dialogs.bind()
    render()
    document.body.dataset.board = "ready"
    B.mark("board")
    el("loading-text").textContent = t("engine-starting")
    if problem:
        message(problem, "warn")
    if share_error:
        message(t("share-bad", error=share_error), "error")
        B.clearHash()
    ok = await start_engine(False)
    el("loading").hidden = True
    if not ok:
        return
    if shared:
        app.busy = True
        render()
        answer = await ask({"op": "view", "game": shared})
        app.busy = False
        B.clearHash()
        if answer["ok"]:
            open_game(answer)
            message(t("share-opened"))
            return
        message(t("share-bad", error=answer["error"]), "error")
    answer = await ask({"op": "view", "game": app.game})
    if not answer["ok"]:
        storage.keep_corrupt(json.dumps({"game": app.game}))
        message(t("save-corrupt", error=answer["error"]), "warn")
        answer = await ask({"op": "new", "ruleset": app.settings["ruleset"]})
    accept(answer, False)


on_error(report)
spawn(main())
