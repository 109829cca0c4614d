"""Redraws as chessground makes them: a change asks for the parts it affects (``request``), the
requests of a task are coalesced and drawn once, at the task's end, in the order of the parts
(the board first, then what is beside it) and within a frame's budget (FRAME_MS): what does not
fit is drawn in the next animation frames, so that no task is long on a phone's CPU, while a
fast device draws it all at once. Work that no frame shows (the save) waits for the browser's
idle time (``later``); ``when_done`` runs once all of it is done (the marks that tests and the
bench wait on), and the body's data-drawing says that something is still to be drawn."""

from page import B, report
from pyscript import document
from pyscript.ffi import create_proxy

FRAME_MS = 16  # a turn of drawing stops after this (the part under way finishes)
IDLE_MS = 300  # work put off for idle time runs at the latest after this

_parts = []  # (name, draw, the names of the parts it draws too): in the order they are drawn
_dirty = {}  # name -> draw's argument, for the parts asked for and not yet drawn
_later = {}  # name -> fn, for the idle time
_done = []  # callbacks once nothing is left to draw or do
_asked = [False, False]  # a turn of drawing asked for, an idle callback asked for


def part(name, draw, covers=()):
    """A part of the page that ``draw(arg)`` draws whole (from the state it reads when called),
    and with it the parts named in ``covers`` (those asked for are then drawn)."""
    _parts.append((name, draw, covers))


def request(name, arg=None):
    """Ask for a part to be drawn at the end of this task (or in a coming frame); two asks before
    it is drawn make one draw (their arguments or'ed: an animated move stays animated)."""
    if name in _dirty:
        arg = _dirty[name] or arg
    _dirty[name] = arg
    if not _asked[0]:
        _asked[0] = True
        document.body.dataset.drawing = "1"
        if B.inEvent():  # a player's input: drawn in its own task, seen in the next frame
            B.atTaskEnd(_turn_proxy)
        else:  # a timer's, a worker's answer: its task stays short, the drawing has a frame
            B.onFrame(_turn_proxy)


def later(name, fn):
    """Run ``fn`` once the parts asked for are drawn and the browser is idle (one run per name)."""
    _later[name] = fn
    _settle()


def when_done(fn):
    """Run ``fn`` once every part asked for is drawn and the idle work is done (now, if it is)."""
    _done.append(fn)
    _settle()


def _turn():
    """Draw the parts asked for, in order, until the turn's budget is spent; the rest next frame."""
    _asked[0] = False
    start = B.now()
    drew = False
    for name, draw, covers in _parts:
        if name not in _dirty:
            continue
        if drew and B.now() - start > FRAME_MS:
            break
        for other in covers:
            _dirty.pop(other, None)
        _guarded(draw, _dirty.pop(name))
        drew = True
    if _dirty:
        _asked[0] = True
        B.onFrame(_turn_proxy)
        return
    document.body.dataset.drawing = ""
    _settle()


def _settle():
    """Once the drawing is done: the idle work, then the callbacks waiting for all of it."""
    if _dirty or _asked[0] or _asked[1]:
        return
    if _later:
        _asked[1] = True
        B.onIdle(_idle_proxy, IDLE_MS)
        return
    while _done:
        _guarded(_done.pop(0))


def _idle():
    _asked[1] = False
    if _dirty:  # a change came meanwhile: its drawing first
        return
    jobs = list(_later.values())
    _later.clear()
    for fn in jobs:
        _guarded(fn)

    _settle()


def _guarded(fn, *args):
    """A draw or a job that fails is shown, and the rest still run (the page's marks are set)."""
    try:
        fn(*args)
    except Exception as err:  # noqa: BLE001 - show, never lose the page
        report(err)


_turn_proxy = create_proxy(_turn)
_idle_proxy = create_proxy(_idle)
