"""Learn from your mistakes (lichess's walk through a reviewed game): the player's own mistakes and
blunders one by one. The board goes to the position before each; the player tries a move there
(it is not played: the game stays as it was); the engine says whether it is as good as the best
(asalto_core.accuracy.as_good); after a second miss the best move is shown. Skip, Next and Stop
are buttons, and the board takes the move by keyboard as by pointer.

``app.play.learn`` is the walk: the marks, the one shown (``i``), the misses on it, the move tried and
the state: 'find', 'retry', 'checking', 'good', 'shown' or 'done'.
"""

from asalto_core.accuracy import as_good
from game import api, frames
from game import state as st
from game.app import app, board, shown_view
from game.game import ask, navigate
from game.render import extra_panels
from lib.i18n import side_name, t
from lib.page import el, on, spawn

KINDS = ("mistake", "blunder", "missed-win")  # what the walk goes through, as lichess (no inaccuracies)


def own_marks():
    """The review's marks of the player's own moves: every side the computer or a friend does not
    play (both in a game of two players on this device; none when watching)."""
    if app.play.review is None or app.play.review.get("state") != "done":
        return []
    if app.shared.friend is not None:
        mine: tuple = (app.shared.friend["side"],)
    elif app.ui.settings["mode"] == "watch":
        mine = ()
    else:
        computer = st.ai_side(app.ui.settings["mode"])
        mine = tuple(s for s in ("rebels", "officers") if s not in computer)
    return [m for m in app.play.review["marks"] if m["side"] in mine and m["kind"] in KINDS]


def current():
    w = app.play.learn
    return w["marks"][w["i"]] if w is not None and w["i"] < len(w["marks"]) else None


def waiting():
    """Whether a move made on the board now is the player's try (not a move of the game)."""
    w = app.play.learn
    at = st.walk_at(w)
    return w is not None and at is not None and w["state"] in ("find", "retry") and shown_view()["ply"] == at


def start():
    api.walk("panel", marks=own_marks())
    spawn(go(0))


async def go(i):
    """The walk's ``i``-th mistake: the position before it, the player's move to find."""
    w = app.play.learn
    if w is None:  # the walk was left meanwhile
        return
    api.walk("panel", i=i, misses=0, tried="", state="find" if i < len(w["marks"]) else "done")
    if w["state"] == "done":
        api.allow_branch(False, "panel")
        return
    await navigate(w["marks"][i]["ply"] - 1)
    api.allow_branch(True, "panel")  # moves may be made here, and are taken as tries (controls.do_action)


def stop():
    """The walk is left: no new line, no hint."""
    api.walk("input", marks=None)
    api.allow_branch(False, "none")
    api.show_hint(None, "none")


def attempt(move):
    """A move the player tried: as good as the best, the move played again, or asked of the engine."""
    w, mark = app.play.learn, current()
    if w is None or mark is None:  # no mistake to find (controls.do_action asks waiting() first)
        return
    api.walk("none", tried=str(move))
    api.enter("none", "reset")
    if w["tried"] == mark["best"]:
        answer(True)
    elif w["tried"] == mark["move"]:
        answer(False)
    else:
        api.walk("input", state="checking")
        spawn(check(move, mark))


async def check(move, mark):
    """Ask the engine how the move tried leaves the mover, against the best move's chance."""
    side = mark["side"]
    after = board().position.play(move)
    outcome = after.outcome()
    if outcome is not None:
        found = 0.5 if outcome.winner is None else float(outcome.winner == side)
    else:
        found = await search(move, side)
        if found is None:  # no answer (the worker failed, or the walk moved on): try again
            if app.play.learn is not None and current() is mark:
                api.walk("panel", state="retry")
            return
    rv = app.play.review
    if app.play.learn is None or current() is not mark or rv is None:
        return
    before = rv["points"][mark["ply"] - 1]["officers"]
    answer(as_good(before if side == "officers" else 1 - before, found))


async def search(move, side):
    """The mover's chance after ``move`` as the engine sees it, or None."""
    a = await ask("learn", str(move))
    if a is None:
        return None
    if a.get("mate") is not None:  # a forced result, from the side to move's view
        mover_wins = (a["mate"] > 0) == (a["side"] == side)
        return 1.0 if mover_wins else 0.0
    p = a["win_probability"]
    return p if a["side"] == side else 1 - p


def answer(good):
    w, mark = app.play.learn, current()
    if w is None or mark is None:
        return
    if good:
        api.walk("input", state="good")
        api.allow_branch(False)
    elif w["misses"] >= 1:  # the second miss: the best move, as the engine's arrow
        api.walk("input", misses=w["misses"] + 1, state="shown")
        api.allow_branch(False)
        api.show_hint(mark["best"])
    else:
        api.walk("input", misses=1, state="retry")
    if w["state"] in ("good", "shown"):
        frames.when_done(lambda: el("learn-next").focus())  # once drawn: the keyboard goes on from here


def render_panel():
    """The walk's panel, and the Learn button of a finished review with mistakes of the player's."""
    w = app.play.learn
    el("btn-learn").hidden = w is not None or not own_marks()
    panel = el("panel-learn")
    panel.hidden = w is None
    if w is None:
        return
    mark = current()
    total = len(w["marks"])
    state = w["state"]
    panel.dataset.state = state
    if state == "done":
        el("learn-title").textContent = t("learn-title-done")
        el("learn-text").textContent = t("learn-done", n=total)
    else:
        el("learn-title").textContent = t("learn-title", n=w["i"] + 1, total=total)
        side = side_name(mark["side"])
        words = {
            "find": ("learn-find", {"move": mark["move"], "kind": t("kind-" + mark["kind"]), "side": side}),
            "retry": ("learn-retry", {"move": w["tried"]}),
            "checking": ("learn-checking", {"move": w["tried"]}),
            "good": ("learn-good", {"move": w["tried"]}),
            "shown": ("learn-shown", {"move": w["tried"], "best": mark["best"]}),
        }
        key, args = words[state]
        el("learn-text").textContent = t(key, **args)
    el("learn-next").hidden = state not in ("good", "shown")
    el("learn-skip").hidden = state in ("good", "shown", "done")


def next_mistake():
    """Next, or Skip: the walk's next mistake (its buttons show only while it is on)."""
    w = app.play.learn
    if w is not None:
        spawn(go(w["i"] + 1))


def bind():
    on(el("btn-learn"), "click", lambda e: start())
    on(el("learn-next"), "click", lambda e: next_mistake())
    on(el("learn-skip"), "click", lambda e: next_mistake())
    on(el("learn-stop"), "click", lambda e: stop())
    extra_panels.append(render_panel)
