"""What both pages (main.py, the game; viewer.py, the embed) share: the bridge, DOM helpers, tasks.

MicroPython cannot catch a JS exception thrown synchronously into it, so every JS call that
can throw goes through ``bridge.js`` (``B``, whose answers are ``{ok, value, error, timeout}``),
and every task runs under ``spawn`` so that an error is shown instead of ending the page.
"""

import asyncio
import gc
import json

from js import document, window
from jsffi import create_proxy

from asalto_core import svg
from asalto_core.geometry import BOARDS
from asalto_core.links import MAX_LINK, read_embed
from asalto_core.rulesets import RULESET_NAMES, RULESETS, find_ruleset
from lib import i18n
from lib.i18n import t

B = window.asaltoBridge
CATALOG_MS = 30000
# MicroPython in a browser collects garbage only as a call from JS returns (it cannot scan the
# wasm stack), and by default asks for a collection after every 16 kB allocated: nearly every
# click's task ended in one. Asked for after this much, and done while the page is idle.
GC_AFTER_BYTES = 1 << 20
IDLE_GC_MS = 2000  # a page never idle still collects after this


async def load_language(setting):
    """Fetch the catalog of the language the page will show (``setting``, else the browser's)."""
    await i18n.load(i18n.choose(setting, B.language()), lambda url: B.fetchText(url, CATALOG_MS))


async def load_rules_texts():
    """Fetch the rules panel's texts in the page's language (i18n.load_rules) before they are shown."""
    await i18n.load_rules(lambda url: B.fetchText(url, CATALOG_MS))


_report = [print]  # how the page shows an error no task caught (set by on_error)
_gc_asked = [False]


def collect_when_idle():
    """Collect garbage in a task of its own, once the next frame is painted and the page idle
    (a page that calls this raises MicroPython's threshold: its tasks no longer pay for it)."""
    if not _gc_asked[0]:
        gc.threshold(GC_AFTER_BYTES)  # type: ignore[attr-defined]  # MicroPython's gc
        _gc_asked[0] = True
        B.afterFrame(_collect_proxy, IDLE_GC_MS)


def _collect():
    _gc_asked[0] = False
    gc.collect()  # done as this call returns to the browser
    B.mark("collected")  # when (tests read it: after the frame that showed a move)


_collect_proxy = create_proxy(_collect)


def el(id_):
    return document.getElementById(id_)


def set_text(node, text):
    """Write ``text`` into ``node`` only when it differs: words written again as they were still
    lay the panel out again (a frame's work on a phone) and a live region says them again."""
    if node.textContent != text:
        node.textContent = text


def failed_start(err):
    """The page's start raised (a value it could not afford, a bug): it stops, saying what
    happened, rather than waiting for boot.js to blame the connection after ten seconds."""
    window.console.error(f"asalto: the page did not start: {err}")
    stop_start(t("start-failed", error=err))


def spawn_start(coro):
    """Run a page's start (its main) as a task: an error stops the start with its reason shown."""

    async def guarded():
        try:
            await coro
        except Exception as err:  # noqa: BLE001 - said where the page would have been
            failed_start(err)

    return asyncio.create_task(guarded())


def stop_start(text):
    """The page cannot start, and says why in its loading line; boot.js's stall watch then leaves
    it alone (no reload: the reason is on screen)."""
    el("loading-text").textContent = text
    document.body.dataset.start = "stopped"


def on(elem, event, fn):
    elem.addEventListener(event, create_proxy(fn))


def link_params():
    """The page's link read (asalto_core.links.read_embed): its parameters, and what did not read."""
    r = B.here()
    where = json.loads(r.value) if r.ok else {"search": "", "hash": ""}
    return read_embed(where["search"], where["hash"])


def on_error(report):
    """Set how this page shows an error that escaped a task (report(err))."""
    _report[0] = report


def report(err):
    """Show an error that escaped a task or a callback (on_error's way)."""
    _report[0](err)


# What json.loads raises on a stored text that is not ours: bad JSON, or nesting so deep that
# decoding recurses too far (RecursionError on CPython, RuntimeError on MicroPython).
BAD_JSON = (ValueError, RuntimeError)


def aside_key(key):
    """Where a store's values that fail to read are set aside: ``asalto.study.v1`` ->
    ``asalto.study.corrupt`` (bridge.js sets them aside, under the same name)."""
    return key.rsplit(".", 1)[0] + ".corrupt"


def set_aside(key, text):
    """Set aside a stored value of ``key`` that does not read: appended to the last few kept under
    aside_key(key), so a second one never replaces the first, and removed from ``key``, so no
    reload meets it again. Done by bridge.js, never here: the kept list may hold values longer
    than MicroPython can afford to read (B.load sets those aside itself, unread)."""
    B.setAside(key, text)


def store_name(key, names):
    """How the page names a store to the player: ``names`` maps keys to message identifiers."""
    for k, name in names:
        if k == key:
            return t(name)
    return t("store-other")


def unread(names):
    """What B.load set aside unread since the last call (values too long to read): (key, its
    length, the words that say so) for each."""
    return [
        (key, n, t("stored-unread", what=store_name(key, names), n=n, max=MAX_LINK, aside=aside_key(key)))
        for key, n in json.loads(B.takeUnread())
    ]


def tell(box_id, text, kind="info"):
    """A page's message box ``box_id`` (the game's line, a panel's, a frame's status): ``text``
    (never markup), its ``kind`` ('info', 'error', a puzzle's 'solved'...) as its class."""
    box = el(box_id)
    box.textContent = text
    box.className = kind


def message(text, kind="info"):
    """The game page's message line (tell)."""
    tell("message", text, kind)


def apply_labels(setting, title_key=""):
    """Every fixed text of a page in the language chosen (``setting``, else the browser's), its
    title ``title_key``'s; returns the language shown."""
    lang = i18n.set_language(i18n.choose(setting, B.language()))
    document.documentElement.lang = lang
    if title_key:
        document.title = t(title_key)
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = t(node.getAttribute("data-i18n"))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label")))
    for node in document.querySelectorAll("[data-i18n-title]"):
        node.title = t(node.getAttribute("data-i18n-title"))
    for node in document.querySelectorAll("[data-i18n-placeholder]"):
        node.placeholder = t(node.getAttribute("data-i18n-placeholder"))
    return lang


def as_data(value):
    """The engine's ``to_json`` as data.json would give it (lists, never tuples)."""
    return json.loads(json.dumps(value))


class Boards:
    """Each board's drawing data by name, made from the page's engine on first use: a page
    builds only the boards it shows, and none crosses the network."""

    def __init__(self):
        self._made = {}

    def __getitem__(self, name):
        board = self._made.get(name)
        if board is None:
            board = self._made[name] = as_data(BOARDS[name].to_json())
        return board


_panels: dict = {}  # ruleset name -> its rules-panel data, made on first use


def site_data(text="{}"):
    """The page's data: what data.json adds (the game's AI levels: ``text``), the rulesets' names
    and titles in the engine's order, and the boards. The embed and the trainer need no data.json:
    a frame of a teacher's page starts with no request for it."""
    data = json.loads(text)
    data["rulesets"] = [{"name": name, "title": as_data(RULESETS[name].title)} for name in RULESET_NAMES]
    data["boards"] = Boards()
    return data


def rules_in(data, name):
    """A ruleset's rules-panel data by its name, from the page's engine (made once); the default
    (data.json's first) for a name not there, as a frame or a puzzle may name one this build lacks."""
    names = [rs["name"] for rs in data["rulesets"]]
    if name not in names:
        name = names[0]
    if name not in _panels:
        _panels[name] = as_data(find_ruleset(name).to_json())
    return _panels[name]


def problem(text):
    """A visible, specific message in the page's message list (as text, never markup)."""
    item = document.createElement("li")
    item.textContent = text
    el("messages").append(item)


def reporter(name):
    """How a frame (the embed, the trainer) shows an error no task caught: in its message list
    and, with the frame's ``name``, in the console."""

    def report(err):
        problem(t("internal-error", error=err))
        window.console.error(f"{name}: {err}")

    return report


def spawn(coro):
    """Run a coroutine as a task whose error is reported, never lost with the page."""

    async def guarded():
        try:
            await coro
        except Exception as err:  # noqa: BLE001 - show, never lose the page
            report(err)

    return asyncio.create_task(guarded())


async def copy_text(text, box_id):
    """Copy ``text`` and say so in the message box; where the clipboard is refused, the text is
    shown under the box, selected, to copy by hand (a textarea: never markup)."""
    box = el(box_id)
    shown = document.getElementById(box_id + "-copy")
    if shown is not None:
        shown.remove()
    r = await B.copy(text)
    box.textContent = t("copied") if r.ok else t("copy-failed")
    box.className = "info" if r.ok else "warn"
    if r.ok:
        return
    area = document.createElement("textarea")
    area.id = box_id + "-copy"
    area.className = "copy-text"
    area.readOnly = True
    area.rows = 4
    area.spellcheck = False
    area.setAttribute("aria-label", t("copy-by-hand"))
    area.value = text
    box.after(area)
    area.focus()
    area.select()


def draw_board(node, geometry, flipped, marked_lines, **options):
    """Draw the board's static layers into the <svg> node; return each point's position."""
    w, h = svg.size(geometry)
    node.setAttribute("viewBox", f"0 0 {w} {h}")
    node.innerHTML = svg.static_layers(geometry, flipped, marked_lines, **options)
    node.dataset.board = geometry["name"]
    return svg.layout(geometry, flipped)


def point_label(name, kind, state=""):
    """A point as a screen reader hears it, on both pages: its name, what stands on it ('O', 'R'
    or None), and what a click does there (``state``: 'selected', 'target', 'movable' or '')."""
    text = t({"O": "point-officer", "R": "point-rebel"}.get(kind, "point-empty"), point=name)
    return text + ", " + t("point-is-" + state) if state else text


def press_state(name, marks, clicks):
    """What pressing point ``name`` does, for point_label, from the (kind, point) marks drawn and the
    clicks so far: 'selected', 'target', or 'movable' for a target before a piece is chosen (the
    targets are then the pieces that can move); '' for any other point, a hint's highlight too."""
    state = ""
    for kind, point in marks:
        if point == name and kind in ("selected", "target"):
            state = kind
    return "movable" if state == "target" and not clicks else state
