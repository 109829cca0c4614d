"""Every question the game page asks the AI, as lila's ``ceval``: the computer's move, a hint, the
analysis board, a move tried in Learn from your mistakes, a review's positions and its judging.

Which worker answers is known here alone: the weaker levels' moves on MicroPython's worker; the rest
on Pyodide's once it is up, and on MicroPython's until then (so no question waits for Pyodide's
megabytes); a review's positions shared among MicroPython workers, one a core. So is how long a
question may take (``call_ms``, one rule read from the question itself: game/state.py's question_ms).
The other modules ask here, hold the worker they were given as a handle, and read the answer.
"""

import json
from typing import TYPE_CHECKING, Any

from pyscript import document

from asalto_core.session import Session
from game import api
from game import state as st
from game.app import app, level_ms
from lib.engine_client import CALL_MS, Engine
from lib.i18n import t
from lib.page import B, message, spawn

if TYPE_CHECKING:
    from collections.abc import Mapping

    from asalto_core.session import ThinkRequest

POLL_MS = 6000  # a thinking worker answers progress() within this, or it is dead
IDLE_MS = 3000  # the strong levels' Pyodide starts when the page is idle, at the latest after this
REVIEW_WORKERS = 4  # at most, each a MicroPython of its own (a core each)
# Each question's search: its level (None: the game's own), seconds (None: the level's time) and the
# best lines wanted. A hint and the analysis look for as long as the strongest level's quick look, the
# analysis for three lines as lichess's; a move tried in a lesson about as long (it only compares that
# move's chance with the best move's).
SEARCHES = {
    "move": (None, None, 1),
    "hint": ("strongest", 1.5, 1),
    "analysis": ("strongest", 1.5, 3),
    "learn": ("strongest", 1.0, 1),
}


# -- which worker, started, restarted ----------------------------------------------------
def worker_for(purpose: str, level: str | None = None) -> Engine:
    """The worker for a ``purpose`` of SEARCHES. A strong level's move or the analysis starts
    Pyodide (which takes over when ready); a hint or a lesson never does (a weaker level's game
    never fetches it)."""
    if purpose == "move" and B.lightLevel(level or app.ui.settings["level"]):
        return app.ai.light
    if app.ai.engine.ready:
        return app.ai.engine
    if purpose not in ("hint", "learn") and not app.ai.engine.starting and not app.ai.engine.error:
        spawn(start_at_idle(app.ai.engine))
    return app.ai.light


async def ready_for(purpose: str) -> Engine | None:
    """The worker for ``purpose``, started (the first question may wait for it), or None if it did
    not start (said where it matters: see ``start``)."""
    eng = worker_for(purpose)
    return eng if await start(eng) else None


def warm_up(level: str | None = None) -> None:
    """The workers a game against the computer will need: MicroPython's at once (small, and the
    first replies of every level may need it), Pyodide's at idle for the strong levels (the first
    moves come from the opening book, the next from MicroPython until Pyodide is up)."""
    if not (app.ai.light.ready or app.ai.light.starting):
        spawn(start(app.ai.light))
    worker_for("move", level)


def _flag(eng: Engine) -> str:
    """The body's data attribute for a worker's state: data-engine (Pyodide) or data-light."""
    return "light" if eng.kind else "engine"


def start_problem(eng: Engine) -> str:
    """Why a worker did not start, in plain words (a file that could not be fetched: the
    connection), or the worker's own words."""
    return t("engine-unreachable") if eng.error == "unreachable" else eng.error


async def start(eng: Engine | None = None) -> bool:
    """Start an AI worker once (in the background: the game is playable meanwhile); one whose
    start failed before starts again, under a new name. A failure is said where it matters: not
    for Pyodide (the game plays on, on MicroPython, and the side card says which engine thinks),
    and not during a review (its status says it, with its button to try again)."""
    eng = eng or app.ai.engine
    if eng.ready or eng.starting:
        return await eng.wait()
    if eng.error:
        eng.replace(f"{eng.kind or 'engine'}-{api.count('worker_n')}")
    api.worker_starting(eng, True)
    document.body.dataset[_flag(eng)] = "starting"
    if app.play.view is not None:
        api.redraw("progress")  # the light worker's start is said on the thinking line
    ok = eng.create() and await eng.connect()
    api.worker_starting(eng, False)
    if not ok:
        if eng.kind and app.ai.thinking != "review":
            message(t("engine-failed", error=start_problem(eng)), "error")
        document.body.dataset[_flag(eng)] = "failed"
        B.keepOffline(False)
        return False
    B.mark(_flag(eng))
    document.body.dataset[_flag(eng)] = "ready"
    if app.play.view is not None:  # MicroPython's worker can be up before the page's game is
        api.redraw("progress")  # only the AI's status line and buttons depend on it
    return True


async def start_at_idle(eng: Engine) -> bool:
    """Start a worker once the page is idle (a search that needs it sooner starts it at once)."""
    await B.idle(IDLE_MS)
    return await start(eng)


async def restart(eng: Engine | None = None) -> bool:
    """Replace a dead (or stuck) worker: names cannot be reused, so start engine-N+1 (or light-N+1).
    The message line says so meanwhile, then what it said before (the start's message about a
    stored value set aside, say: a restart under load once left the line empty), unless something
    else was said since (a failed start says why)."""
    eng = eng or app.ai.engine
    box = document.getElementById("message")
    before = (box.textContent, box.className)
    note = t("engine-restarting")
    message(note, "warn")
    eng.replace(f"{eng.kind or 'engine'}-{api.count('worker_n')}")
    document.body.dataset[_flag(eng)] = "restarting"
    ok = await start(eng)
    if box.textContent == note:
        message(*before)
    if ok:
        document.body.dataset.restarts = str(app.ai.worker_n - 1)
    return ok


def searched_on(eng: Engine) -> None:
    """A search has ended on ``eng``: keep the build for offline use (the whole of it, Pyodide too,
    once Pyodide searched). Asked only now, after a search: the service worker's copying would have
    taken CPU from the AI's first move."""
    B.keepOffline(not eng.kind)


# -- a review's workers ------------------------------------------------------------------
def review_workers() -> list:
    """The workers a review shares its positions among: Pyodide's alone once it is up; until then
    MicroPython's, one per core the device reports (at most REVIEW_WORKERS): the light AI's, and
    others started for the review."""
    if app.ai.engine.ready:
        return [app.ai.engine]
    n = max(1, min(REVIEW_WORKERS, int(B.cores())))
    while len(app.ai.reviewers) < n - 1:
        api.keep_reviewers(app.ai.reviewers + [Engine(f"review-{api.count('worker_n')}", "light")])
    return [app.ai.light] + app.ai.reviewers[: n - 1]


def joining(engines: list) -> Engine | None:
    """Pyodide's worker if it is starting and not among a review's ``engines`` (it joins them once
    up: ``eng.wait()``), else None."""
    return app.ai.engine if app.ai.engine.starting and app.ai.engine not in engines else None


def up(engines: list) -> list:
    """Those of ``engines`` that are up (a review's judging goes to the first)."""
    return [eng for eng in engines if eng.ready]


def dismiss_reviewers() -> None:
    """The review's own workers go (a phone's memory), stopped and forgotten; the AI's stay."""
    for eng in app.ai.reviewers:
        B.killWorker(eng.name)
    api.keep_reviewers([])


# -- the questions -----------------------------------------------------------------------
def question(purpose: str, session: Session, seed: int, tried: str | None = None) -> "ThinkRequest":
    """What a worker is asked about the position shown for ``purpose`` (its row of SEARCHES), or,
    with ``tried``, about the position after that move (a lesson's try)."""
    level, seconds, lines = SEARCHES[purpose]
    if tried is not None:
        if seconds is None:  # a try is judged in its purpose's own time, never a level's
            raise ValueError(f"a try is asked for with a time of its own, not for {purpose!r}")
        return session.tried_request(tried, seed, seconds)
    return session.think_request(level or app.ui.settings["level"], seed, seconds, lines)


def call_ms(request: "Mapping[str, Any]") -> int:
    """How long a question may take before its worker is taken to have hung (game/state.py's question_ms:
    a search's seconds, asked or its level's; a review's nodes)."""
    return st.question_ms(request, level_ms(request.get("level", "")), CALL_MS)


async def answer(eng: Engine, request: "Mapping[str, Any]", key: str) -> tuple:
    """The worker's reply to ``request`` (its dict: "ok", then the answer or "error"), or None and
    why the call failed ("cancelled": Stop cut it short, or the page gave up on it). ``key`` names
    the call, for ``cancel`` and ``progress`` to give up on it."""
    r = await eng.call("think", json.dumps(request), call_ms(request), key)
    return (json.loads(r.value), "") if r.ok else (None, r.error)


async def progress(eng: Engine, key: str) -> dict | None:
    """How far the search ``key`` on ``eng`` got (a dict, empty if unreadable), or None if the worker
    did not answer: it is taken to be dead and the page gives up on ``key``."""
    r = await eng.call("progress", None, POLL_MS)
    if not r.ok:
        B.abort(key)
        return None
    try:
        return json.loads(r.value) or {}
    except ValueError:
        return {}


async def cancel(eng: Engine, key: str | None = None) -> None:
    """Tell ``eng`` to stop searching (a review's worker answers with what it found); one that does
    not answer has the page give up on the call ``key`` (its answer is then the error "cancelled")."""
    if key is None and not eng.ready:
        return  # a review's worker that never started has nothing to stop
    r = await eng.call("cancel", None, 3000)
    if not r.ok and key is not None:
        B.abort(key)
