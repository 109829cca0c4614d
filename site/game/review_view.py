"""The review and the analysis drawn as lichess's analysis board shows them: the summary under the
board (each side by name: its marks in words, its average loss, its accuracy), the engine's gauge
beside the board, the analysis's best move as an arrow and its line as moves a click plays.

render.py calls these where it draws the side panel and the board's marks; they read the App state
and write only their own nodes.
"""

from pyscript import document

from asalto_core import svg as draw
from asalto_core.accuracy import average_loss
from game.app import app, shown_view
from lib.i18n import side_name, t, verdict
from lib.page import el, set_text

# The summary's columns: the marks each counts (a missed win is a mistake, as its symbol says).
SUMMARY_ROWS = (
    ("summary-inaccuracies", ("inaccuracy",)),
    ("summary-mistakes", ("mistake", "missed-win")),
    ("summary-blunders", ("blunder",)),
)
LINE_MOVES = 8  # the moves of the analysis's line shown (lichess shows a line's first moves)


def shown_analysis():
    """The analysis of the position shown, or None (off, still looking, or of another position)."""
    a, v = app.play.analysis, shown_view()
    if app.ui.analysis_on and a and a["ply"] == v["ply"] and a.get("path", v["path"]) == v["path"]:
        return a
    return None


def officers_chance():
    """The officers' chance (0..1) in the position shown: the analysis's, else the review's point of
    it (a main-line position); None when neither has judged it."""
    a = shown_analysis()
    if a and a.get("officers") is not None:
        return a["officers"]
    rv, v = app.play.review, shown_view()
    if rv and len(v["path"]) <= 1 and v["ply"] < len(rv["points"]):
        point = rv["points"][v["ply"]]
        if point:
            return point["officers"]
    return None


def render_gauge():
    """The gauge right of the board: the officers' share from the officers' edge of the board (the
    top unless flipped), with its value for screen readers; hidden while nothing judged the position."""
    gauge = el("gauge")
    chance = officers_chance()
    gauge.hidden = chance is None
    if chance is None:
        return
    percent = round(chance * 100)
    gauge.setAttribute("aria-valuenow", str(percent))
    gauge.setAttribute("aria-valuetext", t("gauge-value", side=side_name("officers", True), n=percent))
    gauge.setAttribute("aria-label", t("gauge-label"))
    gauge.classList.toggle("flipped", bool(app.ui.settings.get("flipped")))
    gauge.style.setProperty("--officers", f"{percent}%")


def analysis_arrow(at):
    """The analysis's best move in the position shown as the engine's arrow (its SVG, or "")."""
    a = shown_analysis()
    if not a or not a["line"]:
        return ""
    move = a["line"][0]
    return draw.arrow_svg(at, draw.move_points(move), move, "engine")


def render_analysis():
    """The analysis's verdict in words and its best lines (up to three, as lichess's), each a row:
    its score first, then its moves as buttons (each plays the line to it)."""
    v = shown_view()
    el("analysis").hidden = not app.ui.analysis_on
    el("btn-analysis").setAttribute("aria-pressed", "true" if app.ui.analysis_on else "false")
    box = el("analysis-lines")
    a = shown_analysis()
    if not app.ui.analysis_on:
        return
    if a is None:
        set_text(el("analysis-text"), t("analysis-over" if v["outcome"] else "analysis-wait"))
        box.innerHTML = ""
        box.dataset.key = ""
        return
    lines = a["lines"] or [dict(a["figures"], pv=a["line"])]
    set_text(el("analysis-text"), t("analysis-verdicts" if len(lines) > 1 else "analysis-verdict",
                                    describe=verdict(a["figures"])))  # fmt: skip
    key = "|".join(" ".join(x["pv"][:LINE_MOVES]) + ":" + verdict(x) for x in lines)
    if box.dataset.key == key:
        return
    box.innerHTML = ""
    box.dataset.key = key
    for n, x in enumerate(lines):
        moves = x["pv"][:LINE_MOVES]
        row = box.appendChild(document.createElement("p"))
        row.className = "line"
        row.dataset.moves = " ".join(moves)
        row.setAttribute("aria-label", t("analysis-line-n", n=n + 1, describe=verdict(x)))
        row.appendChild(line_score(x))
        for i, move in enumerate(moves):
            button = row.appendChild(document.createElement("button"))
            button.type = "button"
            button.dataset.upto = str(i + 1)
            button.textContent = move
            button.setAttribute("aria-label", t("analysis-play-to", move=move))


def line_score(x):
    """A line's score as lichess puts it first in the row: the side ahead's token and its chance, or
    "#n" for a win in n moves; the verdict in words as its tooltip."""
    mover, mate = x["side"], x["mate"]
    other = "officers" if mover == "rebels" else "rebels"
    score = document.createElement("span")
    score.className = "score"
    score.title = verdict(x)
    if mate is not None:
        leader = mover if mate > 0 else other
        text = "#" + str(max(1, (abs(mate) + 1) // 2 if mate > 0 else abs(mate) // 2))
    else:
        p = x["win_probability"]
        leader, pct = (mover, p) if p >= 0.5 else (other, 1 - p)
        text = f"{round(pct * 100)}%"
    score.appendChild(document.createElement("span")).className = "token " + leader
    score.appendChild(document.createTextNode(text))
    score.setAttribute("aria-hidden", "true")  # the row's label says it in words
    return score


def line_to(button):
    """The moves a clicked button of the analysis's line plays: the line up to it."""
    row = button.closest(".line")
    return row.dataset.moves.split(" ")[: int(button.dataset.upto)]


def render_summary(rv, v):
    """A finished review's summary, as lichess gives it: a row per side (its token and name) with its
    inaccuracies, mistakes and blunders (each count a button to that side's next such move), its
    average loss a move and its accuracy (asalto_core.accuracy)."""
    table = el("review-summary")
    done = rv.get("state") == "done"
    table.hidden = not done
    el("review-head").hidden = done  # a finished review needs its button no more
    if not done:
        return
    first = v["first"]
    body = table.querySelector("tbody")
    body.innerHTML = ""
    officers = [p["officers"] if p else None for p in rv["points"]]
    sides = [p["side"] if p else "" for p in rv["points"]]
    for side in (first, "officers" if first == "rebels" else "rebels"):
        tr = body.appendChild(document.createElement("tr"))
        th = tr.appendChild(document.createElement("th"))
        th.scope = "row"
        token = th.appendChild(document.createElement("span"))
        token.className = "token " + side
        th.appendChild(document.createElement("span")).textContent = side_name(side, True)
        for key, kinds in SUMMARY_ROWS:
            plies = [m["ply"] for m in rv["marks"] if m["side"] == side and m["kind"] in kinds]
            td = tr.appendChild(document.createElement("td"))
            if not plies:
                td.textContent = "0"
                continue
            later = [p for p in plies if p > v["ply"]]
            button = td.appendChild(document.createElement("button"))
            button.type = "button"
            button.dataset.ply = str(later[0] if later else plies[0])  # the next one, round again at the end
            button.className = "count-" + kinds[0]
            button.textContent = str(len(plies))
            button.setAttribute("aria-label", t("summary-next", n=len(plies), what=t(key), side=side_name(side)))
        loss = average_loss(officers, sides, side)
        tr.appendChild(document.createElement("td")).textContent = "–" if loss is None else str(loss)
        figure = rv.get("accuracy", {}).get(side)
        tr.appendChild(document.createElement("td")).textContent = "–" if figure is None else f"{figure}%"
