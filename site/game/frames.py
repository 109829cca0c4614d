"""Redraws as chessground makes them: a change asks for the parts it affects (``request``), and
the requests are coalesced and drawn once, in the order of the parts (the board first, then
what is beside it), each turn of drawing within a frame's budget (FRAME_MS), so that no task is
long on a phone's CPU. What a player's input changed on the board is drawn at the end of its own
task (the next frame shows it, and the click's task stays short), but for a move played there
only its pieces (the board's marks and labels follow); the rest of it, and a change from a timer
or a worker's answer, in tasks of their own that follow. A part that reads the
layout (the move list's scroll) is drawn in a task after the next frame: the frame laid the page
out, so reading it forces no second layout. ``when_done`` runs once all of it is drawn (the
marks that tests and the bench wait on); the body's data-drawing says something is still to be
drawn. Once all of it is drawn, the garbage it left is collected in a task of its own."""

from pyscript import document
from pyscript.ffi import create_proxy

from lib.page import B, collect_when_idle, report

FRAME_MS = 16  # a turn of drawing stops after this (the part under way finishes)

_parts: list = []  # (name, draw, the names of the parts it draws too, how): in the order they are drawn
_dirty: dict = {}  # name -> draw's argument, for the parts asked for and not yet drawn
_done: list = []  # callbacks once nothing is left to draw
_asked = [False, False]  # a frame's turn of drawing, an input's turn, asked for
_first: dict = {}  # name -> what of an "input" part is drawn at once when it is asked for a move played
_later: set = set()  # the input parts asked for a move played: drawn whole in a turn that follows


def part(name, draw, covers=(), how="", first=None):
    """A part of the page that ``draw(arg)`` draws whole (from the state it reads when called),
    and with it the parts named in ``covers`` (those asked for are then drawn). ``how``: "input"
    for a part drawn at the end of a player's input's task (the board), "alone" for one that
    reads the layout (drawn first in a frame's turn). ``first(arg)``: for an input part asked for
    with a true ``arg`` (a move played), what is drawn at the end of the input's task instead
    (the move's pieces), the part itself then in a turn of its own."""
    _parts.append((name, draw, covers, how))
    if first is not None:
        _first[name] = first


def request(name, arg=None):
    """Ask for a part to be drawn (the board at the end of an input's task, the rest in tasks that
    follow); two asks before it is drawn make one draw (their arguments or'ed: an animated move
    stays animated)."""
    if name in _dirty:
        arg = _dirty[name] or arg
    _dirty[name] = arg
    document.body.dataset.drawing = "1"
    if B.inEvent() and _kind(name) == "input":  # a player's input: its board drawn in its own task
        if arg and name in _first:  # a move played: its pieces now, the rest in a turn that follows
            _later.add(name)
            _ask_turn()
        if not _asked[1]:
            _asked[1] = True
            B.atTaskEnd(_input_proxy)
    else:  # the rest, a timer's, a worker's answer: drawn in tasks of their own
        _ask_turn()


def when_done(fn):
    """Run ``fn`` once every part asked for is drawn (now, if it is)."""
    _done.append(fn)
    _settle()


def _ask_turn():
    """A turn of drawing in a task of its own (a click's handlers and the next frame may share
    one: what is cut from the click's task must not run in it); after the next frame for a part
    that reads the layout."""
    if _asked[0]:
        return
    _asked[0] = True
    first = [how for name, _, _, how in _parts if name in _dirty]
    if first and first[0] == "alone":
        B.afterNextFrame(_turn_proxy)
    else:
        B.soon(_turn_proxy)


def _kind(name):
    for named, _, _, how in _parts:
        if named == name:
            return how
    return ""


def _input_turn():
    _asked[1] = False
    for name in _later:
        if name in _dirty:
            _guarded(_first[name], _dirty[name])
    _draw(0, "input")  # what the input changed on the board is on screen when its task ends


def _turn():
    _asked[0] = False
    _draw(FRAME_MS)


def _draw(budget, only=None):
    """Draw the parts asked for, in order, until the turn's ``budget`` (ms) is spent (those of
    kind ``only``, if given); the rest in the next frame."""
    start = B.now()
    drew = False
    for name, draw, covers, how in _parts:
        if name not in _dirty or (only is not None and (how != only or name in _later)):
            continue
        if drew and (how == "alone" or B.now() - start >= budget):
            break
        for other in covers:
            _dirty.pop(other, None)
        _later.discard(name)
        _guarded(draw, _dirty.pop(name))
        drew = True
    if _dirty:
        _ask_turn()
        return
    document.body.dataset.drawing = ""
    collect_when_idle()  # what the drawing and the change before it left, in a task of its own
    _settle()


def _settle():
    """Once the drawing is done: the callbacks waiting for it."""
    if _dirty or True in _asked:
        return
    while _done:
        _guarded(_done.pop(0))


def _guarded(fn, *args):
    """A draw or a job that fails is shown, and the rest still run (the page's marks are set)."""
    try:
        fn(*args)
    except Exception as err:  # noqa: BLE001 - show, never lose the page
        report(err)


_turn_proxy = create_proxy(_turn)
_input_proxy = create_proxy(_input_turn)
