"""The puzzle trainer (MicroPython): proven puzzles from the engine's games, rated, themed, offline.

What a puzzle is and how a try is judged is puzzles/state.py's (pure, unit-tested on
CPython); this module draws it and turns clicks and keys into its transitions, as embed/view.py
does for an embedded figure. What it holds is puzzles/app.py's, the player's record in storage
puzzles/profile.py's, the history view puzzles/history.py's. The set is ``puzzles.json`` from
this site; the player's rating, streak and filters stay in local storage. With ``theme``,
``difficulty`` or ``count`` in the link (read by the embed reader, asalto_core.embed) the page
is a teacher's frame: that set in order, nothing stored.
"""

import asyncio
import json

from pyscript import document, window

from asalto_core import svg
from asalto_core.embed import read_params
from asalto_core.errors import AsaltoError
from asalto_core.links import write_query
from asalto_core.messages import render as say
from lib import keyboard
from lib.board_view import last_move_marks
from lib.i18n import languages, side_name, t
from lib.keys import NAMES
from lib.page import (
    B,
    apply_labels,
    el,
    link_params,
    load_language,
    on,
    on_error,
    point_label,
    press_state,
    problem,
    reporter,
    rules_in,
    site_data,
    spawn,
    spawn_start,
    stop_start,
    tell,
    unread,
)
from puzzles import state as ts
from puzzles.app import tr, view
from puzzles.history import leave_history, on_history_link, open_history, show_view
from puzzles.profile import load_profile, save_profile, saved_language

REPLY_PAUSE_S = 0.6  # the computer's reply waits this long, so the solver sees their own move land
SOLUTION_STEP_S = 0.9


# -- drawing --------------------------------------------------------------------------------
def shown() -> ts.Attempt:
    """The puzzle on the board, for what draws it or follows a move in it: each runs once start() has
    put one there (a handler a player can reach first checks tr.attempt itself)."""
    if tr.attempt is None:
        raise RuntimeError("no puzzle on the board yet")
    return tr.attempt


def show_board():
    a = shown()
    rs = rules_in(tr.data, ts.ruleset_of(a.puzzle))
    flipped = a.solver == "officers"  # the solver's side at the bottom
    key = (rs["board"], flipped, rs["marked_lines"])
    view.draw(key, tr.data["boards"][rs["board"]], flipped, rs["marked_lines"], label=label_of)


def marks():
    a = shown()
    out, extra = last_move_marks(view.at, a.last)
    if a.open and not tr.busy:
        out += [("selected", p) for p in a.inp.clicks]
        out += [("target", p) for p in a.targets()]  # no ring on a huffable officer: that is the idea to find
        if a.hint:
            out.append(("highlight", a.hint))
    if tr.cursor:
        out.append(("cursor", tr.cursor))
    return out, extra


def label_of(name, found=None, pieces=None):
    """A point as a screen reader hears it: what stands there and what pressing it does."""
    a = tr.attempt
    if a is None:
        return point_label(name, None)
    state = press_state(name, marks()[0] if found is None else found, a.inp.clicks)
    return point_label(name, (pieces or a.board.pieces()).get(name), state)


def piece_label(kind, point):
    return t("officer-on" if kind == "O" else "rebel-on", point=point)


def render():
    a = shown()
    show_board()
    on_board = a.board.pieces()
    last = a.last["path"] if a.last and a.last["path"] else None
    view.show_pieces(on_board, piece_label, slides=[(last[0], last[-1])] if last else ())
    found, extra = marks()
    view.show_marks(extra + svg.markers_svg(view.at, found))
    targets = [p for k, p in found if k == "target"]
    view.label_points(lambda name: (label_of(name, found, on_board), name in targets))
    view.show_cursor(tr.cursor)
    el("btn-stop").hidden = not (a.open and a.inp.can_stop(a.board))
    el("btn-solution").disabled = not a.open
    el("btn-hint").disabled = not a.open or bool(a.hint)
    el("btn-retry").disabled = a.open and not a.moves and a.state != ts.WRONG
    document.body.classList.toggle("solving", a.open)
    document.body.dataset.puzzle = a.state
    document.body.dataset.ply = str(len(a.moves))
    show_themes()


def show_themes():
    """The puzzle's themes once it is solved (or shown), or at once if the player chose so: a
    theme named before the first move gives the idea away."""
    a = shown()
    if a.open and not tr.filters["show_themes"]:
        el("about-themes").textContent = t("pz-themes-hidden")
    else:
        el("about-themes").textContent = ", ".join(t("theme-" + x) for x in a.puzzle["themes"])


def set_status(text, kind=""):
    tell("status", text, kind)


def show_task():
    a = shown()
    p = a.puzzle
    solver = a.solver
    el("task-box").querySelector(".token").className = "token " + solver
    el("task").textContent = t("pz-task", side=side_name(solver))
    moves = a.engine.moves
    goal = "pz-goal-" + p.get("kind", "gain")
    el("task-more").textContent = t(goal, n=moves) if moves > 1 else t(goal + "-1")
    el("about-id").textContent = "#" + p["id"]
    el("about-rating").textContent = str(p["rating"])
    el("about-rules").textContent = say(rules_in(tr.data, ts.ruleset_of(p))["title"], t)
    link = a.analysis_link()
    el("analyse").href = "./#" + write_query([(k, link[k]) for k in ("ruleset", "start", "moves", "ply")])
    if tr.frame is not None:
        el("set-count").textContent = t("pz-of", n=tr.index + 1, total=len(tr.frame))
        el("btn-prev-set").disabled = tr.index == 0
        el("btn-next-set").disabled = tr.index + 1 >= len(tr.frame)


def show_profile(change=None):
    p = tr.profile
    el("my-rating").textContent = str(p["rating"]) + ("?" if p["rd"] > 110 else "")
    el("my-streak").textContent = str(p["streak"])
    el("my-best").textContent = str(p["best"])
    el("my-solved").textContent = str(p["solved"])
    box = el("my-change")
    if change is None:
        box.textContent = ""
        box.className = ""
    else:
        box.textContent = ("+" if change >= 0 else "−") + str(abs(change))
        box.className = "up" if change >= 0 else "down"


# -- the flow -------------------------------------------------------------------------------
def start(puzzle):
    """Put ``puzzle`` on the board. One that reads but does not play (a position or a line the
    rules refuse) is taken out of the set, said, and the next one is shown instead."""
    attempt = None
    while attempt is None:
        try:
            attempt = ts.Attempt(puzzle)
        except AsaltoError as err:
            drop(puzzle, err)
            puzzle = replacement()
            if puzzle is None:
                set_status(t("pz-none"), "wrong")
                return
    if tr.run is not None and not tr.run["over"]:
        tr.run["played"].append(puzzle["id"])
    tr.attempt = attempt
    tr.seen.append(puzzle["id"])
    tr.cursor = None
    tr.busy = False
    show_task()
    set_status(t("pz-your-move"))
    render()


def drop(puzzle, err):
    """A puzzle of the set that does not play: out of the set (and a teacher's frame), said in the
    message list."""
    problem(t("pz-puzzle-bad", id="#" + puzzle["id"], error=err))
    tr.puzzles = [p for p in tr.puzzles if p is not puzzle]
    if tr.frame is not None:
        tr.frame = [p for p in tr.frame if p is not puzzle]
    show_pool()


def replacement():
    """The puzzle shown in place of one taken out of the set, chosen as the one taken out was
    (None when none is left)."""
    if tr.frame is not None:
        tr.index = max(0, min(tr.index, len(tr.frame) - 1))
        return tr.frame[tr.index] if tr.frame else None
    if tr.run is not None and not tr.run["over"]:
        return ts.run_next(filtered(), tr.run["last"], tr.run["played"])
    after = tr.attempt.puzzle["id"] if tr.attempt else ""
    return ts.next_puzzle(filtered(), tr.profile, after, ts.relative(tr.filters["difficulty"]))


def score(solved):
    """The first try's result into the profile (once per puzzle shown)."""
    a = shown()
    if a.counted or tr.frame is not None:
        return
    a.counted = True
    if tr.run is not None and not tr.run["over"]:
        run_result(tr.run, a.puzzle, solved)
        return
    before = tr.profile["rating"]
    tr.profile = ts.record_result(tr.profile, a.puzzle, solved)
    save_profile()
    show_profile(tr.profile["rating"] - before)


def judge(result):
    kind = result[0]
    a = shown()
    if kind == "wrong":
        score(False)
        set_status(t("pz-wrong", move=result[1]), "wrong")
    elif kind == "solved":
        score(True)
        set_status(t("pz-solved"), "solved")
        if tr.run is not None and not tr.run["over"]:
            set_status(t("pz-run-count", n=tr.run["count"]), "solved")
    elif kind == "right":
        set_status(t("pz-right", move=result[1]), "right")
        spawn(reply())
    elif kind == "cancel" and result[1] not in ("", "deselect", "not-a-target"):
        set_status(result[1], "wrong")
    render()
    if not a.open and tr.frame is None:
        el("btn-next").focus()


async def reply():
    tr.busy = True
    render()
    await asyncio.sleep(REPLY_PAUSE_S)
    a = shown()
    if a.state == ts.SOLVING and a.solving.reply is not None and len(a.moves) % 2 == 1:
        set_status(t("pz-reply", move=a.play_reply()) + " " + t("pz-your-move"))
    tr.busy = False
    render()


def show_hint(_event=None):
    """Where the move to find starts, marked; the first try is lost, as when the solution is shown."""
    a = tr.attempt
    if a is None or tr.busy or not a.ask_hint():
        return
    score(False)
    set_status(t("fig-hint", point=a.hint))
    render()


async def play_solution():
    """The rest of the line played out, a move at a time; Retry or another puzzle stops it."""
    a = shown()
    score(False)
    playback, rest = a.show_solution()
    set_status(t("pz-solution-is", moves=" ".join(rest)))
    document.body.dataset.playback = "playing"
    render()
    for text in rest:
        await asyncio.sleep(SOLUTION_STEP_S)
        if tr.attempt is not a or not a.step_solution(playback, text):
            if tr.attempt is not a or a.state != ts.SHOWN:  # else another playback goes on, and says so
                document.body.dataset.playback = "stopped"
            return
        render()
    document.body.dataset.playback = "done"


def on_board_click(event):
    target = event.target.closest("[data-point]")
    a = tr.attempt
    if target is None or a is None or tr.busy:
        return
    tr.cursor = None
    judge(a.press(target.getAttribute("data-point")))


def step_cursor(step):
    """The keyboard's cursor on the board: it starts on a piece that can move."""
    starts = [p for k, p in marks()[0] if k == "target"]
    tr.cursor = keyboard.step_cursor(view.at, tr.cursor, step, starts)
    render()


def press_cursor(_detail):
    """Enter or Space on the board: the point under the keyboard's cursor pressed."""
    if tr.cursor and not tr.busy and tr.attempt is not None:
        judge(tr.attempt.press(tr.cursor))


def cancel(_detail):
    """Escape on the board: the move being entered dropped."""
    if tr.attempt is not None:
        tr.attempt.inp.reset()
        render()


# The keyboard table's actions (keyboard.py) that the trainer has: its board's.
KEYS = {"step": step_cursor, "press": press_cursor, "cancel": cancel}


def on_key(event):
    if tr.attempt is not None:
        keyboard.handle(event, KEYS)


def retry(_event=None):
    if tr.attempt is None:  # no puzzle of the set plays: nothing to try again
        return
    tr.attempt.retry()
    tr.busy = False
    set_status(t("pz-again"))
    render()


def next_one(_event=None):
    if tr.run is not None and not tr.run["over"]:
        next_in_run(tr.run)
        return
    end_run()
    pool = filtered()
    after = tr.attempt.puzzle["id"] if tr.attempt else ""
    nxt = ts.next_puzzle(pool, tr.profile, after, ts.relative(tr.filters["difficulty"]), tr.seen)
    if nxt is None:
        set_status(t("pz-none"), "wrong")
        return
    if nxt["id"] in tr.seen:  # every one shown in this visit: the walk starts again
        tr.seen = []
    show_profile()
    start(nxt)


def filtered():
    return ts.matching(tr.puzzles, tr.filters["ruleset"], tr.filters["theme"])


def show_pool():
    el("pool").textContent = t("pz-pool", n=len(filtered()))


def on_filter(_event):
    tr.filters["ruleset"] = el("pick-ruleset").value
    fill_themes(el("pick-theme").value)
    tr.filters["theme"] = el("pick-theme").value
    tr.filters["difficulty"] = el("pick-difficulty").value
    save_profile()
    show_pool()
    next_one()


def today():
    d = window.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def daily(_event=None):
    p = ts.daily(tr.puzzles, today())
    if p is not None:
        end_run()
        start(p)
        set_status(t("pz-daily-is", date=today()) + " " + t("pz-your-move"))
        to_the_task()


def to_the_task():
    """A puzzle started from the panel's foot (the day's, a streak run) is shown from its task,
    and the keyboard goes to the board it is played on (the panel kept its scroll, task hidden)."""
    el("side").scrollTop = 0
    el("board").focus()


# -- a streak run: puzzles ever harder until the first miss, the rating untouched --------------
def start_run(_event=None):
    run: dict = {"count": 0, "last": None, "played": [], "over": False}
    tr.run = run
    document.body.dataset.run = "on"
    show_run()
    next_in_run(run)
    set_status(t("pz-run-start") + " " + t("pz-your-move"))
    to_the_task()


def next_in_run(run):
    """The next puzzle of ``run`` (the streak run under way), harder than the last solved."""
    pool = filtered()  # the rules and theme chosen
    nxt = ts.run_next(pool, run["last"], run["played"])
    if nxt is None:
        finish_run(run, t("pz-run-done", n=run["count"]))
        return
    start(nxt)
    show_run()


def run_result(run, puzzle, solved):
    """A puzzle of ``run`` solved (the run goes on) or missed (it is over)."""
    if solved:
        run["count"] += 1
        run["last"] = puzzle["rating"]
        show_run()
    else:
        finish_run(run, "")


def finish_run(r, text):
    """The run ``r`` is over: its length is kept as the best run if it is one."""
    r["over"] = True
    tr.profile["run_best"] = max(tr.profile["run_best"], r["count"])
    save_profile()
    document.body.dataset.run = "over"
    show_run(text or t("pz-run-over", n=r["count"], best=tr.profile["run_best"]))


def end_run():
    """Back to rated puzzles."""
    tr.run = None
    document.body.dataset.run = ""
    show_run()


def show_run(text=""):
    box = el("run-box")
    box.hidden = tr.run is None
    if tr.run is not None:
        el("run-text").textContent = text or t("pz-run-count", n=tr.run["count"])


def on_replay(event):
    button = event.target.closest("button[data-id]")
    if button is None:
        return
    wanted = [p for p in tr.puzzles if p["id"] == button.dataset.id]
    if wanted:
        end_run()
        start(wanted[0])
        tr.focus_board = True
    leave_history()


def on_show_themes(_event):
    tr.filters["show_themes"] = bool(el("show-themes").checked)
    save_profile()
    if tr.attempt is not None:
        show_themes()


def step_set(delta):
    if tr.frame is None:  # its buttons show only in a teacher's set
        return
    tr.index = max(0, min(len(tr.frame) - 1, tr.index + delta))
    start(tr.frame[tr.index])


def fill_filters():
    present = {ts.ruleset_of(p) for p in tr.puzzles}
    # Each ruleset with puzzles, by its title in the page's language.
    names = [(rs["name"], say(rs["title"], t)) for rs in tr.data["rulesets"] if rs["name"] in present]
    options(el("pick-ruleset"), [("", t("pz-any-rules"))] + names, tr.filters["ruleset"])
    fill_themes(tr.filters["theme"])
    el("pick-difficulty").value = tr.filters["difficulty"]
    el("show-themes").checked = tr.filters["show_themes"]


def fill_themes(value):
    """The themes with how many puzzles each has in the rules chosen (none: not to be chosen)."""
    pool = ts.matching(tr.puzzles, tr.filters["ruleset"], "")
    counts = [(x, sum(1 for p in pool if x in p["themes"])) for x in tr.themes]
    themes = [("", t("pz-any-theme"))] + [(x, f"{t('theme-' + x)} ({n})") for x, n in counts]
    options(el("pick-theme"), themes, value, [x for x, n in counts if not n])


def options(select, pairs, value, empty=()):
    """Fill ``select`` with (value, text) ``pairs``, those in ``empty`` disabled; ``value`` chosen
    when it can be, else the first."""
    select.innerHTML = ""
    for v, text in pairs:
        o = document.createElement("option")
        o.value = v
        o.textContent = text
        o.disabled = v in empty
        select.append(o)
    select.value = value if any(v == value for v, _ in pairs) and value not in empty else ""


def bind():
    on(el("board"), "click", on_board_click)
    on(document, "keydown", on_key)
    on(el("btn-retry"), "click", retry)
    on(el("btn-solution"), "click", lambda e: spawn(play_solution()))
    on(el("btn-hint"), "click", show_hint)
    on(el("btn-next"), "click", next_one)
    on(el("btn-stop"), "click", lambda e: stop_chain())
    on(el("btn-daily"), "click", daily)
    on(el("btn-run"), "click", start_run)
    on(el("btn-history"), "click", on_history_link)
    on(el("btn-back"), "click", leave_history)
    on(el("failed-list"), "click", on_replay)
    on(el("pick-difficulty"), "change", on_filter)
    on(el("show-themes"), "change", on_show_themes)
    on(el("pick-ruleset"), "change", on_filter)
    on(el("pick-theme"), "change", on_filter)
    on(el("btn-prev-set"), "click", lambda e: step_set(-1))
    on(el("btn-next-set"), "click", lambda e: step_set(1))
    B.onHashChange(show_view)


def stop_chain():
    a = tr.attempt
    if a is None:
        return
    action = a.inp.stop(a.board)
    judge(a.play(action[1]) if action[0] == "play" else action)


def teacher_frame(opts, problems, framed):
    """The puzzles a teacher's link asks for (a set; or, framed or with ``count``, the one named by
    ``id`` or the day's), or None for the trainer; its problems are shown, a set shorter than the
    ``count`` asked for too."""
    a_set = opts.get("theme") or opts.get("difficulty") or opts.get("count")
    if not (a_set or (framed and (opts.get("id") or opts.get("daily")))):
        return None
    if opts.get("id"):
        wanted = [p for p in tr.puzzles if p["id"] == opts["id"]]
        if not wanted:
            problems.append(t("pz-id-bad", id=repr(opts["id"])))
        if wanted or not a_set:
            return wanted  # none: the frame says so; else the set asked for besides
    elif opts.get("daily"):
        p = ts.daily(ts.matching(tr.puzzles, opts["ruleset"]), today())
        return [p] if p is not None else []
    theme = opts.get("theme", "")
    if theme and theme not in tr.themes:
        problems.append(t("pz-theme-bad", theme=repr(theme), themes=", ".join(tr.themes)))
        theme = ""
    span = None
    if opts.get("difficulty"):
        span = ts.difficulty_range(opts["difficulty"])
        if span is None:
            problems.append(t("pz-difficulty-bad", text=repr(opts["difficulty"])))
    pool = ts.matching(tr.puzzles, opts["ruleset"], theme, span)
    count = opts.get("count") or 10
    if len(pool) < count:
        problems.append(t("pz-set-short", n=len(pool), count=count))
    return ts.teacher_set(pool, count)


async def main():
    params, link_problems = link_params()
    history = params.pop("history", None) is not None  # puzzles.html#history: the history page
    await load_language(params.get("lang", "") or saved_language())
    apply_labels(params.get("lang", "") or saved_language(), "pz-page-title")
    s = await B.fetchText("./puzzles.json", 30000)
    if not s.ok:
        stop_start(t("pz-data-failed", error=s.error))
        return
    tr.data = site_data()
    try:
        tr.puzzles, provenance, tr.themes = ts.read_set(s.value)
    except ts.SetError as err:
        B.uncache("./puzzles.json")  # the damaged copy is not kept offline: a reload fetches it again
        stop_start(t("pz-set-bad", error=str(err)))
        return
    opts, problems = read_params(params, [rs["name"] for rs in tr.data["rulesets"]], [c for c, _ in languages()])
    B.checkStored(json.dumps([ts.STORE_KEY]))  # too long to read: set aside unread, said
    for _, _, words in unread(NAMES):
        problem(words)
    load_profile()
    tr.frame = teacher_frame(opts, problems, B.framedElsewhere())
    if tr.frame is None and B.framedElsewhere():  # a teacher's set may be framed, the trainer itself not
        stop_start(t("pz-framed"))
        return
    for text in link_problems + problems:
        problem(text)
    bind()
    fill_filters()
    show_pool()
    show_profile()
    el("loading").hidden = True
    if tr.frame is not None:
        document.documentElement.dataset.theme = opts["bg"]
        document.body.classList.add("frame")
        el("set-nav").hidden = False
        if not tr.frame:
            set_status(t("pz-none"), "wrong")
        else:
            start(tr.frame[0])
    else:
        wanted = [p for p in tr.puzzles if p["id"] == opts.get("id")]
        if opts.get("id") and not wanted:
            problem(t("pz-id-bad", id=repr(opts["id"])))
        if wanted:
            start(wanted[0])
        elif params.get("daily"):
            daily()
        else:
            next_one()
    if history:
        open_history()
    document.body.dataset.board = "ready"
    B.mark("puzzles")
    B.keepOffline(False)


on_error(reporter("asalto puzzles"))
spawn_start(main())
