"""The embed view (MicroPython): a board, a position or an annotated game inside a teacher's page.

Everything comes from the URL (asalto_core.embed reads and checks it) and every text
from the URL or a record goes into the page as text (textContent), never as markup.
A position alone is drawn from its text at once and never starts the engine, so three
static figures on one page cost no Pyodide at all; a record or a puzzle asks the
engine worker once for the whole game (``replay``: one frame per move), then steps
through the frames locally. Each bad parameter adds a specific message and the rest
still works.
"""

import asyncio
import json

import embed
import state as st
import svg
from engine_client import Engine
from page import B, draw_board, el, last_move_marks, on, on_error, spawn
from pyscript import document, window

PLAY_STEP_S = 1.2


class Viewer:
    def __init__(self):
        self.data = None
        self.opts = {}
        self.ruleset = "assault"
        self.at = {}
        self.frames = []  # one per ply: pieces, turn, position, fullmove, last, outcome
        self.history = []
        self.comments = []
        self.ply = 0
        self.start_ply = 0
        self.game = None  # the engine's game descriptor (records and puzzles)
        self.playing = False
        self.puzzle = None  # {"ply", "moves", "huffable", "answers", "state"}
        self.inp = st.Input()


v = Viewer()
engine = Engine("embed-engine")


def problem(text):
    """A visible, specific message inside the frame (as text)."""
    item = document.createElement("li")
    item.textContent = text
    el("messages").append(item)


def report(err):
    problem(f"Internal error: {err}")
    window.console.error(f"asalto embed: {err}")


def cap(text):
    """MicroPython's str has no capitalize()."""
    return text[:1].upper() + text[1:]


def set_status(text, kind=""):
    box = el("status")
    box.textContent = text
    box.className = kind


async def start_engine():
    """Only records and puzzles need it: a position alone is drawn without Pyodide."""
    el("loading-text").textContent = "Starting the engine (the first visit downloads about 14 MB)…"
    el("loading").hidden = False
    ok = engine.create() and await engine.connect()
    el("loading").hidden = True
    if not ok:
        problem(f"The engine could not start: {engine.error}. Reload to try again.")
    return ok


# -- drawing ---------------------------------------------------------------------
def rules():
    for rs in v.data["rulesets"]:
        if rs["name"] == v.ruleset:
            return rs
    return v.data["rulesets"][0]


def geometry():
    return v.data["boards"][rules()["board"]]


def show_board():
    v.at = draw_board(el("board"), geometry(), v.opts["flip"], rules()["marked_lines"], coords=v.opts["coords"])


def check_marks():
    """Arrows and highlights that do not fit the board shown are reported, then skipped."""
    for name in v.opts["arrows"]:
        points = svg.move_points(name)
        if len(points) < 2 or any(p not in v.at for p in points):
            problem(f"arrow {name!r} is not a move between points of this board (ignored)")
    for name in v.opts["highlight"]:
        if name not in v.at:
            problem(f"highlight {name!r} is not a point of this board (ignored)")


def render():
    frame = v.frames[v.ply]
    pieces = []
    for point in frame["pieces"]:
        if point in v.at:
            kind = frame["pieces"][point]
            label = ("officer on " if kind == "O" else "rebel on ") + point
            pieces.append(svg.piece_svg(kind, point, v.at[point], label, animated=False))
    el("board").querySelector(".layer-pieces").innerHTML = "".join(pieces)
    marks, extra = last_move_marks(v.at, frame["last"])
    if v.ply == v.start_ply:
        marks += [("highlight", p) for p in v.opts["highlight"]]
        extra += "".join(svg.arrow_svg(v.at, svg.move_points(m), m) for m in v.opts["arrows"])
    pz = v.puzzle
    if pz and v.ply == pz["ply"]:
        if pz["state"] == "shown":
            extra += svg.arrow_svg(v.at, svg.move_points(pz["answers"][0]), pz["answers"][0])
        elif pz["state"] != "right":
            marks += [("selected", p) for p in v.inp.clicks]
            marks += [("target", p) for p in v.inp.targets(pz["moves"])]
    el("board").querySelector(".layer-markers").innerHTML = extra + svg.markers_svg(v.at, marks)
    render_text(frame)
    document.body.dataset.ply = str(v.ply)


def limit():
    """The last ply one may step to: a puzzle hides the moves after it until it is solved."""
    pz = v.puzzle
    if pz and pz["state"] not in ("right", "shown"):
        return pz["ply"]
    return len(v.frames) - 1


def render_text(frame):
    pz = v.puzzle
    if pz and v.ply == pz["ply"] and pz["state"] in ("", "wrong"):
        if pz["state"] == "":
            set_status(f"{cap(frame['turn'])} to move.")
    elif pz and pz["state"] in ("right", "shown") and v.ply == pz["ply"]:
        pass  # keep the verdict in view
    elif frame["outcome"]:
        set_status(frame["outcome"])
    elif len(v.frames) > 1:
        set_status(f"Move {v.ply} of {len(v.frames) - 1}; {frame['turn']} to move.")
    else:
        set_status(f"{cap(frame['turn'])} to move.")
    el("comment").textContent = v.comments[v.ply] if v.ply < len(v.comments) else ""
    top = limit()
    items = el("moves").children
    for i in range(items.length):
        item = items.item(i)
        ply = int(item.dataset.ply)
        item.hidden = ply > top
        button = item.firstElementChild
        if ply == v.ply:
            button.setAttribute("aria-current", "step")
        else:
            button.removeAttribute("aria-current")
    el("btn-first").disabled = v.ply == 0
    el("btn-back").disabled = v.ply == 0
    el("btn-forward").disabled = v.ply >= top
    el("btn-last").disabled = v.ply >= top
    el("btn-play").disabled = v.ply >= top and not v.playing
    el("btn-play").setAttribute("aria-pressed", "true" if v.playing else "false")


def build_moves():
    """The move list, built node by node with textContent (move texts and labels are data)."""
    box = el("moves")
    box.innerHTML = ""
    for h in v.history:
        item = document.createElement("li")
        item.dataset.ply = str(h["ply"])
        button = document.createElement("button")
        button.type = "button"
        button.dataset.ply = str(h["ply"])
        if h["label"]:
            num = document.createElement("span")
            num.className = "num"
            num.textContent = h["label"]
            button.append(num)
        button.append(document.createTextNode(h["move"]))
        item.append(button)
        box.append(item)
    box.hidden = not v.history


def show_title(tags):
    parts = [tags[k] for k in ("Event", "Date") if tags.get(k)]
    players = [tags[k] for k in ("Officers", "Rebels") if tags.get(k)]
    if len(players) == 2:
        parts.append(players[0] + " (officers) vs " + players[1] + " (rebels)")
    if parts:
        el("title").textContent = " · ".join(parts)
        el("title").hidden = False


# -- stepping -----------------------------------------------------------------------
def go(ply):
    v.ply = max(0, min(ply, limit()))
    v.inp.reset()
    render()


async def autoplay():
    v.playing = True
    if v.ply >= limit():
        v.ply = 0
    render()
    while v.playing and v.ply < limit():
        await asyncio.sleep(PLAY_STEP_S)
        if v.playing:
            go(v.ply + 1)
    v.playing = False
    render()


def toggle_play(_event):
    if v.playing:
        v.playing = False
        render()
    else:
        spawn(autoplay())


def on_moves_click(event):
    button = event.target.closest("button[data-ply]")
    if button is not None:
        v.playing = False
        go(int(button.dataset.ply))


def on_key(event):
    if event.key == "ArrowLeft":
        go(v.ply - 1)
    elif event.key == "ArrowRight":
        go(v.ply + 1)


# -- the puzzle -----------------------------------------------------------------------
async def setup_puzzle():
    ply = v.start_ply
    desc = dict(v.game)
    desc["ply"] = ply
    answer = await engine.request({"op": "view", "game": desc})
    if not answer["ok"] or not answer["view"]["moves"]:
        problem("puzzle: " + (answer.get("error") or "there is no move to find in this position"))
        return
    view = answer["view"]
    answers = []
    for text in v.opts["answer"]:
        played = await engine.request({"op": "play", "game": desc, "move": text})
        if played["ok"]:
            answers.append(played["game"]["moves"][-1])  # the engine's own spelling of it
        else:
            problem(f"puzzle answer {text!r} is not a legal move here: {played['error']}")
    if not v.opts["answer"] and ply < len(v.game["moves"]):
        answers.append(v.game["moves"][ply])
    if not answers:
        problem("puzzle: give the answer (answer=...) or a record whose next move is the answer")
        return
    v.puzzle = {"ply": ply, "moves": view["moves"], "huffable": view["huffable"], "answers": answers, "state": ""}
    el("prompt").textContent = v.opts["prompt"]
    el("prompt").hidden = False
    el("btn-answer").hidden = False
    el("board").setAttribute("role", "application")
    document.body.classList.add("puzzle")
    document.body.dataset.puzzle = "waiting"


def verdict(move):
    pz = v.puzzle
    if move in pz["answers"]:
        pz["state"] = "right"
        set_status(f"Right: {move}.", "right")
        if v.ply + 1 < len(v.frames) and v.game["moves"][v.ply] == move:
            v.ply += 1  # show the move played, as the record goes on
    else:
        pz["state"] = "wrong"
        set_status(f"Not the answer: {move}. Try again.", "wrong")
    document.body.dataset.puzzle = pz["state"]
    v.inp.reset()
    render()


def on_board_click(event):
    pz = v.puzzle
    target = event.target.closest("[data-point]")
    if pz is None or target is None or v.ply != pz["ply"] or pz["state"] in ("right", "shown"):
        return
    point = target.getAttribute("data-point")
    action = v.inp.press(pz["moves"], pz["huffable"], point)
    if action[0] == "play":
        verdict(action[1])
    else:
        render()


def show_answer(_event):
    pz = v.puzzle
    if pz is None:
        return
    pz["state"] = "shown"
    v.ply = pz["ply"]
    set_status("The answer: " + " or ".join(pz["answers"]) + ".", "right")
    document.body.dataset.puzzle = "shown"
    el("btn-answer").hidden = True
    v.inp.reset()
    render()


# -- start -------------------------------------------------------------------------------
def static_frame(pieces, turn):
    return {"pieces": pieces, "turn": turn, "position": "", "fullmove": 1, "last": None, "outcome": ""}


def show_start():
    """The ruleset's start position, drawn from data.json without the engine."""
    view = v.data["starts"][v.ruleset]["view"]
    v.frames = [static_frame(view["pieces"], view["turn"])]


def show_position(text):
    boards_of = {rs["name"]: rs["board"] for rs in v.data["rulesets"]}
    try:
        name, pieces, turn, _huffable, _number = embed.read_position(text, boards_of, v.data["boards"])
    except ValueError as err:
        problem(str(err) + "; showing the start position instead")
        show_start()
        return
    v.ruleset = name
    v.frames = [static_frame(pieces, turn)]


async def record_text():
    """The record from the URL (inline or a link on this site), or '' with a message."""
    o = v.opts
    if o["record"]:
        text = o["record"]
    else:
        r = B.siteUrl(o["record_url"])
        if not r.ok:
            problem(f"record-url refused: {o['record_url']!r} is not on this site")
            return ""
        r = await B.fetchText(r.value, 15000)
        if not r.ok:
            problem(f"the record could not be loaded: {r.error}")
            return ""
        text = r.value
    if v.ruleset and "[Ruleset " not in text and "." in text:
        text = f'[Ruleset "{v.ruleset}"]\n\n' + text
    return text


def start_ply():
    o = v.opts
    last = len(v.frames) - 1
    if o["ply"] is not None:
        if o["ply"] > last:
            problem(f"'ply' {o['ply']} is past the end of the game ({last} moves): showing the last position")
        return min(o["ply"], last)
    if o["move"] is not None:
        for i, frame in enumerate(v.frames):
            if frame["fullmove"] >= o["move"]:
                return i
        problem(f"'move' {o['move']} is past the end of the game: showing the last position")
        return last
    return 0


async def load_game(text):
    """A record or a puzzle position, through the engine; a bad record keeps the moves before the error."""
    if not await start_engine():
        return False
    answer = await engine.request({"op": "replay", "text": text})
    if not answer["ok"]:
        problem(f"the game could not be read: {answer['error']}")
        return False
    if answer["warning"]:
        problem(
            f"the record could not be read to its end: {answer['warning']} "
            f"(showing the {len(answer['frames']) - 1} moves before it)"
        )
    v.ruleset = answer["game"]["ruleset"]
    v.game = answer["game"]
    v.frames = answer["frames"]
    v.history = answer["history"]
    v.comments = answer["comments"]
    show_title(answer["tags"])
    build_moves()
    return True


def bind():
    on(el("btn-first"), "click", lambda e: go(0))
    on(el("btn-back"), "click", lambda e: go(v.ply - 1))
    on(el("btn-forward"), "click", lambda e: go(v.ply + 1))
    on(el("btn-last"), "click", lambda e: go(len(v.frames)))
    on(el("btn-play"), "click", toggle_play)
    on(el("btn-answer"), "click", show_answer)
    on(el("moves"), "click", on_moves_click)
    on(el("board"), "click", on_board_click)
    on(document, "keydown", on_key)


async def main():
    r = await B.fetchText("./data.json", 30000)
    if not r.ok:
        el("loading-text").textContent = f"The board data could not be loaded: {r.error}"
        return
    v.data = json.loads(r.value)
    names = [rs["name"] for rs in v.data["rulesets"]]
    r = B.embedParams()
    params = json.loads(r.value) if r.ok else {}
    v.opts, problems = embed.read_params(params, names)
    for text in problems:
        problem(text)
    o = v.opts
    v.ruleset = o["ruleset"] or "assault"
    if o["size"]:
        el("embed").style.maxWidth = f"{o['size']}px"
    needs_engine = bool(o["record"] or o["record_url"] or (o["position"] and o["puzzle"]))
    if o["puzzle"] and not needs_engine:
        problem("puzzle: give a position or a record to solve")
    if o["position"] and not needs_engine:
        show_position(o["position"])
    else:
        show_start()
    show_board()  # at once: the board is in view while the engine starts
    render()
    B.mark("board")
    mode = "static"
    if needs_engine:
        text = o["position"] if o["position"] and not (o["record"] or o["record_url"]) else await record_text()
        if text and await load_game(text):
            mode = "game"
            show_board()  # the record's own ruleset may have another board
    v.start_ply = v.ply = start_ply()
    check_marks()
    bind()
    el("loading").hidden = True
    if mode == "game" and o["puzzle"]:
        await setup_puzzle()
        if v.puzzle:
            mode = "puzzle"
    el("controls").hidden = len(v.frames) < 2 and mode != "puzzle"
    document.body.dataset.mode = mode
    render()
    document.body.dataset.embed = "ready"
    B.mark("embed")


on_error(report)
spawn(main())
