"""What is said about the moves on the game page: the review (its progress, graph, summary and the
note on the move shown), the analysis line, the comment on the move shown and the annotation panel.
Drawn from the App state as render.py's "side" and "progress" parts.
"""

from pyscript import document

from asalto_core import svg as draw
from game import review_view
from game.app import app, shown_view
from lib.i18n import side_name, t
from lib.page import el, set_text

_comment = [""]  # the comment on the move shown, as written


def render_annotation():
    """The annotation panel for the node shown: its comment, its symbol, the tools' states."""
    el("btn-annotate").setAttribute("aria-pressed", "true" if app.ui.annotating else "false")
    el("panel-annotate").hidden = not app.ui.annotating
    if not app.ui.annotating:
        return
    v = shown_view()
    box = el("annot-comment")
    if document.activeElement is not box:  # never overwrite what is being typed
        box.value = v["comment"]
    for button in document.querySelectorAll("#annot-nags [data-nag]"):
        button.setAttribute("aria-pressed", "true" if button.getAttribute("data-nag") == v["nag"] else "false")
        button.disabled = not v["ply"]
    el("annot-arrow-tool").setAttribute("aria-pressed", "true" if app.ui.inp.arrow_tool else "false")
    in_side_line = len(v["path"]) > 1
    el("annot-promote").disabled = not in_side_line
    el("annot-delete").disabled = not in_side_line
    el("annot-puzzle").disabled = not v["ply"]


def render_comment():
    """The comment on the move shown (a record's, a teacher's), as text above the moves; while
    annotating it is in the comment box instead, and a reviewed move's in the review's note."""
    # While the review is shown, its note says what the review wrote into the comment.
    reviewed = app.play.review is not None and review_mark(shown_view()["ply"]) is not None
    text = "" if app.ui.annotating or reviewed else shown_view()["comment"]
    if text != _comment[0]:
        _comment[0] = text
        box = el("move-comment")
        box.hidden = not text
        box.textContent = text


def review_mark(ply):
    """The review's mark of the move that led to ``ply``, or None."""
    if not app.play.review:
        return None
    for mark in app.play.review["marks"]:
        if mark["ply"] == ply:
            return mark
    return None


def render_review():
    """The review: progress, the graph of the officers' chance, the marked moves, the note on the
    move shown; and the analysis board's line for the position shown."""
    rv, v = app.play.review, shown_view()
    el("review-panel").hidden = rv is None
    review_view.render_analysis()
    review_view.render_gauge()
    if rv is None:
        set_text(el("review-note"), "")
        return
    state = rv.get("state", "")
    state = "starting" if state == "resuming" else state  # it starts once the stop's answers are in
    running = app.ai.thinking == "review" and state != "stopped"  # a stopped one ends its chunk under way
    bar = el("review-progress")
    bar.hidden = not running
    bar.max = max(rv["total"], 1)
    bar.value = rv["done"]
    if state == "starting":
        status = t("review-starting")
    elif running:
        status = t("review-running", done=rv["done"], total=rv["total"])
    elif state == "done":
        status = t("review-done", n=len(rv["marks"]))
    elif state == "stale":
        status = t("review-stale", done=rv["done"], total=rv["total"])
    elif state == "failed":
        status = t("review-failed", error=rv["error"])
    else:
        status = t("review-stopped", done=rv["done"], total=rv["total"])
    set_text(el("review-status"), status)
    document.body.dataset.review = state
    run = el("btn-review-run")
    if running:
        run.textContent = t("review-stop")
    elif state == "failed":
        run.textContent = t("review-retry")
    elif state == "stale":
        run.textContent = t("review-update")
    else:
        run.textContent = t("review-resume" if 0 < rv["done"] < rv["total"] else "review-run")
    chances = [p["officers"] if p else None for p in rv["points"]]
    marks = [(m["ply"], m["kind"]) for m in rv["marks"]]
    el("review-graph").innerHTML = draw.eval_graph(chances, marks, v["ply"], t("review-graph"), 640, 100)
    review_view.render_summary(rv, v)
    mark = None if app.play.learn is not None else review_mark(v["ply"])  # a lesson keeps the answer back
    set_text(el("review-note"), (
        t("review-note", move=mark["move"], symbol=mark["symbol"], reason=reason_text(mark), best=mark["best"],
          line=" ".join(mark["line"][:6]), before=round(mark["before"] * 100), after=round(mark["after"] * 100))
        if mark
        else ""
    ))  # fmt: skip


def reason_text(mark):
    other = "rebels" if mark["side"] == "officers" else "officers"
    return t("reason-" + mark["reason"], n=mark["count"], other=side_name(other))
