"""The trainer's history (puzzles.html#history): per theme, the rating over time, the failed puzzles
to replay; its own address, so a link opens it and the browser's Back returns."""

import json

from pyscript import document, window

from asalto_core.messages import render as say
from lib.i18n import t
from lib.page import B, el, rules_in
from puzzles import state as ts
from puzzles.app import tr

# Its own address (puzzles.html#history): a link to it opens it, the browser's Back returns.
HISTORY_HASH = "#history"


def here_hash():
    r = B.here()
    return json.loads(r.value)["hash"] if r.ok else ""


def show_view(_event=None):
    """The view the address names: the history at #history, else the trainer."""
    if here_hash() == HISTORY_HASH:
        open_history()
    elif document.body.dataset.view == "history":
        close_history()


def open_history():
    if tr.frame is not None:
        return  # a teacher's frame keeps no history
    fill_history()
    el("trainer").hidden = True
    el("history").hidden = False
    document.body.dataset.view = "history"
    document.title = t("pz-history-title")
    el("btn-back").focus()


def close_history():
    el("history").hidden = True
    el("trainer").hidden = False
    document.body.dataset.view = "trainer"
    document.title = t("pz-page-title")
    tr.opened_here = False
    focus = el("board") if tr.focus_board else el("btn-history")
    tr.focus_board = False
    focus.focus()


def leave_history(_event=None):
    """Back to the puzzles: the browser's Back when the history was opened from them (the
    address is then the trainer's again), else the address without its #history."""
    if tr.opened_here:
        tr.opened_here = False
        window.history.back()
        return
    B.clearHash()
    close_history()


def on_history_link(_event):
    tr.opened_here = here_hash() != HISTORY_HASH


def fill_history():
    log = tr.profile["log"]
    points, low, high = ts.curve(log, 600, 140)
    chart = el("curve")
    chart.innerHTML = f'<polyline class="curve" points="{points}" transform="translate(0 10)"/>'
    if log:
        text = t("pz-curve", n=len(log), first=ts.START_RATING, last=log[-1][2], low=low, high=high)
    else:
        text = t("pz-no-history")
    chart.setAttribute("aria-label", text)
    el("curve-text").textContent = text
    body = el("theme-table").querySelector("tbody")
    body.innerHTML = ""
    for theme, tries, solved in ts.by_theme(tr.puzzles, log, tr.themes):
        row = document.createElement("tr")
        for i, value in enumerate((t("theme-" + theme), str(tries), str(solved))):
            cell = document.createElement("th" if i == 0 else "td")
            if i == 0:
                cell.scope = "row"
            cell.textContent = value
            row.append(cell)
        body.append(row)
    box = el("failed-list")
    box.innerHTML = ""
    failed = ts.to_replay(tr.puzzles, log)
    if not failed:
        item = document.createElement("li")
        item.textContent = t("pz-no-failed")
        box.append(item)
    for p in failed:
        item = document.createElement("li")
        button = document.createElement("button")
        button.type = "button"
        button.dataset.id = p["id"]
        rules = say(rules_in(tr.data, ts.ruleset_of(p))["title"], t)
        button.textContent = t("pz-replay", id=p["id"], rules=rules, rating=p["rating"])
        item.append(button)
        box.append(item)
