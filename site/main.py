"""The page (MicroPython on the main thread): state, rendering, input, and the engine worker.

It knows no rules. It draws the board from the geometry in data.json at once, and asks
the Pyodide worker (worker.py, asalto_core.protocol) for every view and AI move, passing
JSON text both ways. The worker may die: every call has a time limit, and a dead worker
is replaced under a new name while the game goes on.
"""

import asyncio
import json

import state as st
import svg as draw
from i18n import set_language, t
from pyscript import document, window, workers
from pyscript.ffi import create_proxy

B = window.asaltoBridge
SAVE_KEY = "asalto.save.v1"
PREVIOUS_KEY = "asalto.previous"
CORRUPT_KEY = "asalto.save.corrupt"
HUFF_SEEN_KEY = "asalto.huff-explained"
SAVE_VERSION = 1
ENGINE_START_MS = 180000  # the first visit downloads Pyodide: allow for a slow line
CALL_MS = 20000
POLL_MS = 6000  # a thinking worker answers progress() within this, or it is dead


def el(id_):
    return document.getElementById(id_)


class App:
    def __init__(self):
        self.data = None
        self.rulesets = {}
        self.levels = {}
        self.settings = st.default_settings()
        self.game = None  # the descriptor: ruleset, start, moves, ply
        self.view = None
        self.inp = st.Input()
        self.worker = None
        self.worker_n = 1
        self.ready = False
        self.engine_error = ""
        self.thinking = ""  # "", "move" or "hint"
        self.think_n = 0
        self.depth = 0
        self.ai_paused = False
        self.hint = None
        self.drawn_board = None
        self.at = {}
        self.cursor = None
        self.drag = None
        self.pending_move = None
        self.busy = False
        self.synced = 0  # views taken from the engine (tests wait on it)


app = App()


def spawn(coro):
    async def guarded():
        try:
            await coro
        except Exception as err:  # noqa: BLE001 - show, never lose the page
            message(f"Internal error: {err}", "error")
            window.console.error(f"asalto: {err}")

    return asyncio.create_task(guarded())


def on(elem, event, fn):
    elem.addEventListener(event, create_proxy(fn))


def message(text, kind="info"):
    box = el("message")
    box.textContent = text
    box.className = kind


def side_name(side, capital=False):
    return t(side[0].upper() + side[1:] if capital else side)


# -- the engine worker ---------------------------------------------------------
async def start_engine(create):
    app.ready = False
    name = f"engine-{app.worker_n}"
    if create:
        r = B.startWorker(name)
        if not r.ok:
            app.engine_error = r.error
            return False
    r = await B.whenWorker(workers[name], ENGINE_START_MS)
    if r.ok:
        app.worker = r.value
        r = await B.call(app.worker, "ping", None, 30000)
    if not r.ok:
        app.engine_error = r.error
        message(t("engine-failed", error=r.error), "error")
        return False
    app.ready = True
    app.engine_error = ""
    B.mark("engine")
    document.body.dataset.engine = "ready"
    return True


async def restart_engine():
    """Replace a dead (or stuck) worker: names cannot be reused, so start engine-N+1."""
    message(t("engine-restarting"), "warn")
    B.killWorker(f"engine-{app.worker_n}")
    app.worker_n += 1
    app.ready = False
    document.body.dataset.engine = "restarting"
    ok = await start_engine(True)
    if ok:
        message("")
        document.body.dataset.restarts = str(app.worker_n - 1)
    return ok


async def wait_engine():
    while not app.ready:
        if app.engine_error:
            return False
        await asyncio.sleep(0.05)
    return True


async def ask(req, retry=True):
    """One protocol request; the answer dict (``ok`` False with ``error`` on failure)."""
    if not await wait_engine():
        return {"ok": False, "error": app.engine_error}
    r = await B.call(app.worker, "request", json.dumps(req), CALL_MS)
    if not r.ok:
        if retry and (r.timeout or "terminated" in r.error) and await restart_engine():
            return await ask(req, False)
        return {"ok": False, "error": r.error}
    try:
        return json.loads(r.value)
    except ValueError as err:
        return {"ok": False, "error": f"unreadable answer: {err}"}


# -- game state ----------------------------------------------------------------
def accept(answer, animate=True):
    """Take a view from the engine, draw it, save the game, let the AI move if it is its turn."""
    app.game = answer["game"]
    app.view = answer["view"]
    app.inp.reset()
    app.hint = None
    render(animate)
    save()
    app.synced += 1
    document.body.dataset.synced = str(app.synced)
    spawn(maybe_ai())


def save():
    blob = {"version": SAVE_VERSION, "game": app.game, "view": app.view, "settings": app.settings}
    r = B.save(SAVE_KEY, json.dumps(blob))
    if not r.ok:
        message(f"The game could not be saved in this browser: {r.error}", "warn")


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
        B.save(CORRUPT_KEY, r.value)
        return None, None, None, t("save-corrupt", error=f"not JSON: {err}")
    if not isinstance(blob, dict) or blob.get("version") != SAVE_VERSION:
        B.save(CORRUPT_KEY, r.value)
        return None, None, None, t("save-old")
    settings = st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    if not st.valid_game(blob.get("game")) or not valid_view(blob.get("view")):
        B.save(CORRUPT_KEY, r.value)
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


# -- rendering -------------------------------------------------------------------
def geometry():
    return app.data["boards"][app.rulesets[app.view["ruleset"]]["board"]]


def point_label(name):
    kind = app.view["pieces"].get(name) if app.view else None
    if kind == "O":
        return t("point-officer", point=name)
    if kind == "R":
        return t("point-rebel", point=name)
    return t("point-empty", point=name)


def draw_board():
    rs = app.rulesets[app.view["ruleset"]]
    key = (rs["board"], app.settings["flipped"], rs["marked_lines"])
    if app.drawn_board == key:
        return
    g = geometry()
    w, h = draw.size(g)
    svg = el("board")
    svg.setAttribute("viewBox", f"0 0 {w} {h}")
    svg.innerHTML = draw.static_layers(g, app.settings["flipped"], rs["marked_lines"], point_label)
    svg.dataset.board = rs["board"]
    app.at = draw.layout(g, app.settings["flipped"])
    app.drawn_board = key


def human_turn():
    v = app.view
    return v is not None and v["outcome"] is None and v["turn"] not in st.ai_side(app.settings["mode"])


def can_input():
    return human_turn() and app.view["ply"] == app.view["length"] and not app.thinking and not app.busy


def render_pieces(animate):
    layer = document.querySelector("#board .layer-pieces")
    for gone in list(document.querySelectorAll("#board .piece.gone")):
        gone.remove()
    pieces = dict(app.view["pieces"])
    shown = {}
    kids = layer.children
    for i in range(kids.length):
        node = kids.item(i)
        shown[node.getAttribute("data-piece")] = node
    last = app.view.get("last") if animate else None
    if last and last["path"] and last["path"][0] in shown and last["path"][-1] not in shown:
        node = shown.pop(last["path"][0])
        node.setAttribute("data-piece", last["path"][-1])
        shown[last["path"][-1]] = node
    # A chain being entered: show the moving piece at its latest landing.
    if app.inp.clicks and len(app.inp.clicks) > 1 and not app.inp.placing(app.view["moves"]):
        first, now = app.inp.clicks[0], app.inp.clicks[-1]
        if first in pieces:
            pieces[now] = pieces.pop(first)
            if first in shown and now not in shown:
                shown[now] = shown.pop(first)
                shown[now].setAttribute("data-piece", now)
    for point, node in list(shown.items()):
        kind = pieces.get(point)
        cls = "officer" if kind == "O" else "rebel"
        if kind is None or not node.classList.contains(cls):
            node.classList.add("gone")
            node.removeAttribute("data-piece")
            del shown[point]
    html = []
    targets = app.inp.targets(app.view["moves"], []) if can_input() else []
    for point, kind in pieces.items():
        x, y = app.at[point]
        label = t("officer-on" if kind == "O" else "rebel-on", point=point)
        node = shown.get(point)
        if node is None:
            html.append(draw.piece_svg(kind, point, (x, y), label))
        else:
            node.style.transform = f"translate({x}px, {y}px)"
            node.setAttribute("aria-label", label)
            node.classList.toggle("movable", point in targets)
            node.classList.remove("dragging")
    if html:
        layer.insertAdjacentHTML("beforeend", "".join(html))
        for point in targets:
            node = layer.querySelector(f'[data-piece="{point}"]')
            if node:
                node.classList.add("movable")


def render_markers():
    v = app.view
    marks = []
    extra = ""
    last = v.get("last")
    if last:
        for p in last["path"] or last["placed"]:
            marks.append(("last", p))
        for p in last["captured"] + last["removed"]:
            marks.append(("captured", p))
        extra += draw.path_svg(app.at, last["path"], "last-path")
    for p in v["huffable"]:
        marks.append(("huffable", p))
    if can_input():
        for p in app.inp.clicks:
            marks.append(("selected", p))
        for p in app.inp.targets(v["moves"]):
            marks.append(("target", p))
        if app.inp.can_stop(v["moves"]):
            marks.append(("stop", app.inp.clicks[-1]))
    if app.hint:
        extra += draw.path_svg(app.at, app.hint, "hint-path")
        for p in app.hint:
            marks.append(("hint", p))
    if app.cursor:
        marks.append(("cursor", app.cursor))
    document.querySelector("#board .layer-markers").innerHTML = extra + draw.markers_svg(app.at, marks)
    targets = app.inp.targets(v["moves"]) if can_input() else []
    for node in document.querySelectorAll("#board .point"):
        name = node.getAttribute("data-point")
        node.setAttribute("aria-label", point_label(name) + (" (target)" if name in targets else ""))
        node.classList.toggle("target", name in targets)


def status_text():
    v = app.view
    if v["outcome"]:
        return t("status-over", result=v["outcome"]["describe"])
    side = side_name(v["turn"], True)
    if v["ply"] < v["length"]:
        return t("status-review", ply=v["ply"], length=v["length"], side=side_name(v["turn"]))
    if app.thinking == "move":
        if app.depth:
            return t("status-ai-depth", side=side_name(v["turn"]), depth=app.depth)
        return t("status-ai", side=side_name(v["turn"]))
    if not human_turn():
        if app.ai_paused:
            return t("status-ai-paused")
        return t("status-ai", side=side_name(v["turn"]))
    head = (
        t("status-you", side=side_name(v["turn"])) if app.settings["mode"] != "humans" else t("status-turn", side=side)
    )
    if app.pending_move:
        return head + ": " + t("status-waiting")
    moves = v["moves"]
    if v["placing"]:
        return head + ": " + t("status-place", n=len(moves[0]["clicks"]) if moves else 2)
    if app.inp.can_stop(moves):
        what = t("status-chain-stop")
    elif len(app.inp.clicks) > 1:
        what = t("status-chain")
    elif app.inp.clicks:
        what = t("status-target")
    else:
        what = t("status-pick")
    if v["huffable"] and app.inp.huff is None and not app.inp.clicks:
        what = t("status-huff") + "; " + what
    return head + ": " + what


def render_moves():
    v = app.view
    out = [
        f'<li class="start"><button type="button" data-ply="0"'
        f"{' aria-current=step' if v['ply'] == 0 else ''}>{t('start-position')}</button></li>"
    ]
    for h in v["history"]:
        current = ' aria-current="step"' if h["ply"] == v["ply"] else ""
        out.append(
            f'<li class="{h["side"]}"><button type="button" data-ply="{h["ply"]}"{current}>'
            f'<span class="num">{draw.esc(h["label"])}</span> {draw.esc(h["move"])}</button></li>'
        )
    box = el("moves")
    box.innerHTML = "".join(out)
    cur = box.querySelector('[aria-current="step"]')
    if cur:
        cur.scrollIntoView(js_options({"block": "nearest"}))


def js_options(d):
    return window.JSON.parse(json.dumps(d))


def render_panels():
    v = app.view
    huff = el("panel-huff")
    show_huff = can_input() and bool(v["huffable"]) and not app.inp.clicks
    huff.hidden = not show_huff
    if show_huff:
        buttons = []
        for p in v["huffable"]:
            pressed = "true" if app.inp.huff == p else "false"
            buttons.append(
                f'<button type="button" data-huff="{p}" aria-pressed="{pressed}">{t("huff-point", point=p)}</button>'
            )
        pressed = "true" if app.inp.huff is None else "false"
        buttons.append(f'<button type="button" data-huff="" aria-pressed="{pressed}">{t("huff-none")}</button>')
        el("huff-buttons").innerHTML = "".join(buttons)
        seen = B.load(HUFF_SEEN_KEY)
        el("huff-explain").hidden = seen.ok and seen.value == "1"
        B.save(HUFF_SEEN_KEY, "1")
    el("panel-chain").hidden = not (can_input() and app.inp.can_stop(v["moves"]))
    banner = el("banner")
    banner.hidden = v["outcome"] is None or v["ply"] < v["length"]
    if v["outcome"]:
        el("banner-text").textContent = v["outcome"]["describe"]
        banner.dataset.winner = v["outcome"]["winner"] or "draw"


def render_buttons():
    v = app.view
    el("btn-undo").disabled = v["ply"] == 0 or app.busy
    el("btn-redo").disabled = v["ply"] >= v["length"] or app.busy
    el("btn-hint").disabled = bool(app.thinking) or v["outcome"] is not None
    el("btn-ai").disabled = bool(app.thinking) or v["outcome"] is not None
    el("btn-stop-ai").hidden = not app.thinking
    el("thinking").hidden = not app.thinking
    if app.thinking:
        txt = t("thinking")
        if app.depth:
            txt += f" depth {app.depth}"
        el("thinking-text").textContent = txt
    rs = app.rulesets[v["ruleset"]]
    mode = t("mode-" + app.settings["mode"])
    level = t("level-" + app.settings["level"])
    el("game-info").textContent = f"{rs['title']} · {t('play-as')}: {mode} · {t('level')}: {level}"


def render(animate=False):
    if app.view is None:
        return
    draw_board()
    render_pieces(animate)
    render_markers()
    el("status").textContent = status_text()
    render_moves()
    render_panels()
    render_buttons()
    body = document.body
    body.dataset.turn = app.view["turn"]
    body.dataset.ply = str(app.view["ply"])
    body.dataset.over = "1" if app.view["outcome"] else "0"
    body.dataset.thinking = app.thinking or ""


# -- playing -----------------------------------------------------------------------
async def play(move, human_move=False):
    """Play a move through the engine; an error keeps the game as it was."""
    app.pending_move = move
    app.busy = True
    render()
    answer = await ask({"op": "play", "game": app.game, "move": move})
    app.pending_move = None
    app.busy = False
    if not answer["ok"]:
        message(t("illegal", error=answer["error"]), "error")
        render()
        return
    text = move_message(answer["view"].get("last"))
    if text or human_move:
        message(text)
    accept(answer)


def move_message(last):
    if not last:
        return ""
    parts = []
    if last["huff"]:
        parts.append(t("huffed", point=last["huff"]))
    if last["automatic"]:
        parts.append(t("auto-huffed", points=", ".join(last["removed"])))
    if last["captured"]:
        parts.append(t("captured", n=len(last["captured"]), points=", ".join(last["captured"])))
    return " ".join(parts)


def do_action(action):
    kind, detail = action
    if kind == "play":
        spawn(play(detail, True))
    elif kind == "cancel" and detail == "not-a-target":
        message("")
    render()


def click_point(point):
    if not can_input():
        return
    moves = app.view["moves"]
    if not app.inp.clicks and point in app.view["huffable"]:
        do_action(app.inp.choose_huff(moves, None if app.inp.huff == point else point))
        return
    do_action(app.inp.click(moves, point))


# -- the AI -------------------------------------------------------------------------
def level_ms(level):
    for lv in app.data["levels"]:
        if lv["name"] == level:
            return int(lv["time_limit"] * 1000)
    return 5000


async def maybe_ai():
    v = app.view
    if v is None or v["outcome"] or app.thinking or app.ai_paused or v["ply"] != v["length"]:
        return
    if v["turn"] not in st.ai_side(app.settings["mode"]):
        return
    if app.settings["mode"] == "watch":
        await asyncio.sleep(0.4)
        if app.view is not v:
            return
    await think("move")


async def think(purpose):
    if app.thinking or not await wait_engine():
        return
    app.think_n += 1
    key = f"think-{app.think_n}"
    app.thinking = purpose
    app.depth = 0
    game = app.game
    level = app.settings["level"] if purpose == "move" else "strongest"
    req = {"op": "think", "game": game, "level": level, "seed": app.think_n}
    limit = level_ms(level)
    if purpose == "hint":
        req["time_limit"] = 1.5
        limit = 1500
    render()
    spawn(watch_progress(key))
    r = await B.call(app.worker, "think", json.dumps(req), limit * 3 + 15000, key)
    app.thinking = ""
    app.depth = 0
    if not r.ok:
        render()
        if r.error == "cancelled":
            return
        # Dead or stuck: restart, and let the AI try again if it is still its move.
        if await restart_engine() and purpose == "move":
            spawn(maybe_ai())
        return
    answer = json.loads(r.value)
    if not answer["ok"]:
        message(answer["error"], "error")
        render()
        return
    if answer.get("cancelled") or app.game is not game:
        message(t("ai-cancelled"))
        render()
        return
    a = answer["analysis"]
    if purpose == "hint":
        app.hint = hint_path(a["move"])
        message(t("hint-is", move=a["move"], describe=a.get("describe") or ""))
        render()
        return
    await play(a["move"])


def hint_path(move):
    body = move.split(":")[-1]
    if body.startswith("@"):
        return body[1:].split(",")
    if body.startswith("H"):
        return [body[1:]]
    return body.replace("x", "-").split("-")


async def watch_progress(key):
    """Ask the thinking worker how far it got; a worker that stops answering is dead."""
    n = app.think_n
    while app.thinking and app.think_n == n:
        await asyncio.sleep(0.3)
        if not (app.thinking and app.think_n == n):
            return
        r = await B.call(app.worker, "progress", None, POLL_MS)
        if not (app.thinking and app.think_n == n):
            return
        if not r.ok:
            B.abort(key)  # the think call will never answer: give up on it
            return
        try:
            p = json.loads(r.value)
        except ValueError:
            p = None
        if p and p.get("depth") and p["depth"] != app.depth:
            app.depth = p["depth"]
            el("status").textContent = status_text()
            render_buttons()


async def stop_ai():
    if not app.thinking:
        return
    app.ai_paused = app.thinking == "move"
    r = await B.call(app.worker, "cancel", None, 3000)
    if not r.ok:
        B.abort(f"think-{app.think_n}")


# -- commands -----------------------------------------------------------------------
async def navigate(ply):
    if app.busy or app.game is None:
        return
    if app.thinking:
        await stop_ai()
    game = dict(app.game)
    game["ply"] = max(0, min(ply, len(game["moves"])))
    app.busy = True
    answer = await ask({"op": "view", "game": game})
    app.busy = False
    if not answer["ok"]:
        message(answer["error"], "error")
        render()
        return
    app.ai_paused = False
    app.game = answer["game"]
    app.view = answer["view"]
    app.inp.reset()
    app.hint = None
    render(False)
    save()


def undo_target():
    """Undo back to the human's turn when playing the AI (two moves), else one move."""
    v = app.view
    ply = v["ply"] - 1
    ai = st.ai_side(app.settings["mode"])
    if ai and len(ai) == 1:
        hist = v["history"]
        while ply > 0 and hist[ply]["side"] in ai:
            ply -= 1
    return max(ply, 0)


async def new_game(ruleset, mode, level, lang):
    if app.thinking:
        await stop_ai()
    app.settings["ruleset"] = ruleset
    app.settings["mode"] = mode
    app.settings["level"] = level
    app.settings["lang"] = lang
    set_language(lang or B.language())
    apply_labels()
    app.ai_paused = False
    answer = await ask({"op": "new", "ruleset": ruleset})
    if not answer["ok"]:
        message(answer["error"], "error")
        return
    message("")
    accept(answer, False)


async def import_text(text):
    answer = await ask({"op": "import", "text": text})
    box = el("io-message")
    if not answer["ok"]:
        box.textContent = t("import-bad", error=answer["error"])
        box.className = "error"
        return
    B.save(PREVIOUS_KEY, json.dumps({"game": app.game, "settings": app.settings}))
    if answer.get("warning"):
        box.textContent = t("import-partial", error=answer["warning"])
        box.className = "warn"
    else:
        box.textContent = t("imported")
        box.className = "info"
    app.settings["ruleset"] = answer["game"]["ruleset"]
    app.ai_paused = True  # an imported game waits for the player
    accept(answer, False)
    fill_io(False)


async def restore_previous():
    r = B.load(PREVIOUS_KEY)
    box = el("io-message")
    blob = None
    if r.ok and r.value:
        try:
            blob = json.loads(r.value)
        except ValueError:
            blob = None
    if not isinstance(blob, dict) or not st.valid_game(blob.get("game")):
        box.textContent = t("nothing-to-restore")
        return
    answer = await ask({"op": "view", "game": blob["game"]})
    if not answer["ok"]:
        box.textContent = t("import-bad", error=answer["error"])
        return
    B.save(PREVIOUS_KEY, json.dumps({"game": app.game, "settings": app.settings}))
    app.settings = st.clean_settings(blob.get("settings"), app.rulesets, app.levels)
    app.ai_paused = True
    accept(answer, False)
    box.textContent = t("imported")
    fill_io(False)


def share_link():
    g = app.game
    r = B.shareLink(g["ruleset"], g["start"], " ".join(g["moves"]), g["ply"])
    return r.value if r.ok else ""


def fill_io(with_record=True):
    if with_record:
        el("io-text").value = app.view["record"]
    el("io-position").value = app.view["position"]
    el("io-link").value = share_link()
    el("io-embed").value = embed_snippet()


def embed_snippet():
    """The <iframe> code for the game on screen: its record in the link, shown at the current move."""
    pairs = [["record", app.view["record"]], ["ply", str(app.view["ply"])]]
    if app.settings["flipped"]:
        pairs.append(["flip", "1"])
    r = B.embedSnippet(json.dumps(pairs), 380, 660, "Asalto game")
    return r.value if r.ok else ""


def diagram_svg():
    """The position on screen as a standalone SVG, by the same drawing function as the board."""
    v = app.view
    last = v.get("last")
    return draw.board(
        geometry(),
        v["pieces"],
        flipped=app.settings["flipped"],
        marked_lines=app.rulesets[v["ruleset"]]["marked_lines"],
        arrows=[last["move"]] if last and last["path"] else [],
        title=v["position"],
    )


async def copy(text):
    r = await B.copy(text)
    el("io-message").textContent = t("copied") if r.ok else t("copy-failed")


# -- dialogs -------------------------------------------------------------------------
def show_rules(name):
    rs = app.rulesets[name]
    el("rules-title").textContent = rs["title"]
    el("rules-desc").textContent = rs["description"]
    el("rules-source").textContent = rs["source"]
    el("rules-summary").innerHTML = "".join(
        f"<tr><th>{draw.esc(k)}</th><td>{draw.esc(v)}</td></tr>" for k, v in rs["summary"]
    )
    el("rules-readings").innerHTML = "".join(f"<dt>{draw.esc(k)}</dt><dd>{draw.esc(v)}</dd>" for k, v in rs["readings"])
    el("dlg-rules").showModal()


def open_new_dialog():
    sel = el("new-ruleset")
    sel.innerHTML = "".join(
        f'<option value="{rs["name"]}">{draw.esc(rs["title"])}</option>' for rs in app.data["rulesets"]
    )
    sel.value = app.view["ruleset"] if app.view else app.settings["ruleset"]
    lv = el("new-level")
    lv.innerHTML = "".join(
        f'<option value="{x["name"]}">{draw.esc(t("level-" + x["name"]))} ({x["time_limit"]} s)</option>'
        for x in app.data["levels"]
    )
    lv.value = app.settings["level"]
    el("new-lang").value = app.settings["lang"]
    for node in document.querySelectorAll('#dlg-new input[name="mode"]'):
        node.checked = node.value == app.settings["mode"]
    el("new-ruleset-desc").textContent = app.rulesets[sel.value]["description"]
    el("dlg-new").showModal()


def start_from_dialog(_event):
    mode = "officers"
    for node in document.querySelectorAll('#dlg-new input[name="mode"]'):
        if node.checked:
            mode = node.value
    el("dlg-new").close()
    spawn(new_game(el("new-ruleset").value, mode, el("new-level").value or "casual", el("new-lang").value))


def apply_labels():
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = t(node.getAttribute("data-i18n"))
    document.documentElement.lang = set_language(app.settings["lang"] or B.language())


# -- input: pointer, keyboard ----------------------------------------------------------
def event_point(event):
    target = event.target.closest("[data-point],[data-piece]")
    if target is None:
        return None
    return target.getAttribute("data-point") or target.getAttribute("data-piece")


def nearest_point(event):
    r = B.svgPoint(el("board"), event.clientX, event.clientY)
    if not r.ok or not r.value:
        return None
    x, y = json.loads(r.value)
    best, dist = None, 60 * 60
    for name, (px, py) in app.at.items():
        d = (px - x) ** 2 + (py - y) ** 2
        if d < dist:
            best, dist = name, d
    return best


def on_pointerdown(event):
    if event.button != 0 or app.view is None:
        return
    point = nearest_point(event)
    if point is None:
        return
    app.drag = {"from": point, "x": event.clientX, "y": event.clientY, "moved": False}
    el("board").setPointerCapture(event.pointerId)


def on_pointermove(event):
    d = app.drag
    if d is None or not can_input():
        return
    if not d["moved"] and (event.clientX - d["x"]) ** 2 + (event.clientY - d["y"]) ** 2 < 64:
        return
    shown = d["from"]
    node = document.querySelector(f'#board .piece[data-piece="{shown}"]')
    if node is None:
        return
    d["moved"] = True
    r = B.svgPoint(el("board"), event.clientX, event.clientY)
    if r.ok and r.value:
        x, y = json.loads(r.value)
        node.classList.add("dragging")
        node.style.transform = f"translate({x}px, {y}px)"


def on_pointerup(event):
    d = app.drag
    app.drag = None
    if d is None:
        return
    if not d["moved"]:
        click_point(d["from"])
        return
    target = nearest_point(event)
    if not app.inp.clicks or app.inp.clicks[-1] != d["from"]:
        click_point(d["from"])
    if target and target != d["from"]:
        click_point(target)
    else:
        render()


def move_cursor(dx, dy):
    if not app.at:
        return
    if app.cursor not in app.at:
        # Start where play can start: the selection, else the first piece that can move.
        first = app.inp.targets(app.view["moves"]) if app.view else []
        app.cursor = app.inp.clicks[-1] if app.inp.clicks else (first or sorted(app.at))[0]
        el("status").textContent = status_text() + f" [{point_label(app.cursor)}]"
        render_markers()
        return
    cx, cy = app.at[app.cursor]
    best, score = None, None
    for name, (x, y) in app.at.items():
        vx, vy = x - cx, y - cy
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy - vy * dx)
        s = along + 3 * across
        if score is None or s < score:
            best, score = name, s
    if best:
        app.cursor = best
        el("status").textContent = status_text() + f" [{point_label(best)}]"
        render_markers()


def on_board_key(event):
    key = event.key
    steps = {"ArrowUp": (0, -1), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowRight": (1, 0)}
    if key in steps:
        event.preventDefault()
        move_cursor(*steps[key])
    elif key in ("Enter", " "):
        event.preventDefault()
        if app.cursor:
            click_point(app.cursor)
        elif app.inp.can_stop(app.view["moves"]):
            do_action(app.inp.stop(app.view["moves"]))
    elif key == "Escape":
        app.inp.reset("escape")
        render()


def on_key(event):
    if event.target.closest("input,textarea,select,dialog"):
        return
    key = event.key
    if event.ctrlKey and key == "z":
        spawn(navigate(undo_target()))
    elif event.ctrlKey and key == "y":
        spawn(navigate(app.view["ply"] + 1))
    elif key == "f" and not event.ctrlKey:
        flip(None)
    elif key == "h" and not event.ctrlKey:
        spawn(think("hint"))


def flip(_event):
    app.settings["flipped"] = not app.settings["flipped"]
    app.drawn_board = None
    render()
    save()


def bind():
    svg = el("board")
    svg.setAttribute("tabindex", "0")
    on(svg, "pointerdown", on_pointerdown)
    on(svg, "pointermove", on_pointermove)
    on(svg, "pointerup", on_pointerup)
    on(svg, "keydown", on_board_key)
    on(document, "keydown", on_key)
    on(el("btn-new"), "click", lambda e: open_new_dialog())
    on(el("banner-new"), "click", lambda e: open_new_dialog())
    on(el("btn-undo"), "click", lambda e: spawn(navigate(undo_target())))
    on(el("btn-redo"), "click", lambda e: spawn(navigate(app.view["ply"] + 1)))
    on(el("btn-flip"), "click", flip)
    on(el("btn-hint"), "click", lambda e: spawn(think("hint")))
    on(el("btn-ai"), "click", lambda e: ai_now())
    on(el("btn-stop-ai"), "click", lambda e: spawn(stop_ai()))
    on(el("btn-rules"), "click", lambda e: show_rules(app.view["ruleset"]))
    on(el("new-show-rules"), "click", lambda e: show_rules(el("new-ruleset").value))
    on(el("new-ruleset"), "change", lambda e: new_desc())
    on(el("new-start"), "click", start_from_dialog)
    on(el("btn-io"), "click", lambda e: open_io())
    on(el("io-load"), "click", lambda e: spawn(import_text(el("io-text").value)))
    on(el("io-copy-record"), "click", lambda e: spawn(copy(app.view["record"])))
    on(el("io-copy-position"), "click", lambda e: spawn(copy(app.view["position"])))
    on(el("io-copy-link"), "click", lambda e: spawn(copy(share_link())))
    on(el("io-download"), "click", lambda e: B.download("asalto-game.txt", app.view["record"]))
    on(el("io-restore"), "click", lambda e: spawn(restore_previous()))
    on(el("io-copy-embed"), "click", lambda e: spawn(copy(embed_snippet())))
    on(el("io-diagram"), "click", lambda e: B.download("asalto-position.svg", diagram_svg(), "image/svg+xml"))
    on(el("btn-stop-chain"), "click", lambda e: do_action(app.inp.stop(app.view["moves"])))
    on(el("btn-reload"), "click", lambda e: window.location.reload())
    on(el("moves"), "click", on_moves_click)
    on(el("huff-buttons"), "click", on_huff_click)


def new_desc():
    el("new-ruleset-desc").textContent = app.rulesets[el("new-ruleset").value]["description"]


def open_io():
    el("io-message").textContent = ""
    fill_io()
    el("dlg-io").showModal()


def ai_now():
    app.ai_paused = False
    v = app.view
    if v["ply"] != v["length"] or v["turn"] not in st.ai_side(app.settings["mode"]):
        # Let the AI play this move for the side to move (also truncates when reviewing).
        spawn(think("move"))
    else:
        spawn(maybe_ai())


def on_moves_click(event):
    btn = event.target.closest("[data-ply]")
    if btn is not None:
        spawn(navigate(int(btn.getAttribute("data-ply"))))


def on_huff_click(event):
    btn = event.target.closest("[data-huff]")
    if btn is None or not can_input():
        return
    point = btn.getAttribute("data-huff") or None
    do_action(app.inp.choose_huff(app.view["moves"], point))


# -- start ---------------------------------------------------------------------------
async def main():
    B.mark("mpy")
    r = await B.fetchText("./data.json", 30000)
    if not r.ok:
        el("loading-text").textContent = f"The game data could not be loaded: {r.error}"
        return
    app.data = json.loads(r.value)
    app.rulesets = {rs["name"]: rs for rs in app.data["rulesets"]}
    app.levels = {lv["name"]: lv for lv in app.data["levels"]}
    game, view, settings, problem = read_save()
    if settings:
        app.settings = settings
    apply_labels()
    shared, share_error = shared_game()
    if game is None:
        s = start_view(app.settings["ruleset"])
        game, view = s["game"], s["view"]
    app.game, app.view = game, view
    bind()
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
            B.save(PREVIOUS_KEY, json.dumps({"game": app.game, "settings": app.settings}))
            app.settings["ruleset"] = answer["game"]["ruleset"]
            app.ai_paused = True
            accept(answer, False)
            message(t("share-opened"))
            return
        message(t("share-bad", error=answer["error"]), "error")
    answer = await ask({"op": "view", "game": app.game})
    if not answer["ok"]:
        B.save(CORRUPT_KEY, json.dumps({"game": app.game}))
        message(t("save-corrupt", error=answer["error"]), "warn")
        answer = await ask({"op": "new", "ruleset": app.settings["ruleset"]})
    accept(answer, False)


spawn(main())
