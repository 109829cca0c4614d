"""Everything the game page shows, derived from the App state in one place (``render``).

The board's drawing is svg.py's (shared with the embed view and diagram export); this
module places the pieces and markers and fills the status, move list, panels and buttons.
"""

import json

import rules_i18n
from app import app, board, can_input, geometry, human_turn, rules_of
from i18n import choose, outcome_text, set_language, t
from page import B, el, last_move_marks
from page import draw_board as draw_static
from pyscript import document, window

from asalto_core import svg as draw

HUFF_SEEN_KEY = "asalto.huff-explained"  # the huff is explained once per browser


def message(text, kind="info"):
    box = el("message")
    box.textContent = text
    box.className = kind


def side_name(side, capital=False):
    return t(side[0].upper() + side[1:] if capital else side)


def point_label(name):
    kind = app.view["pieces"].get(name) if app.view else None
    if kind == "O":
        return t("point-officer", point=name)
    if kind == "R":
        return t("point-rebel", point=name)
    return t("point-empty", point=name)


def draw_board():
    """The static layers, redrawn only when the board, its side up or its marked lines change."""
    rs = rules_of(app.view["ruleset"])
    key = (rs["board"], app.settings["flipped"], rs["marked_lines"])
    if app.drawn_board == key:
        return
    app.at = draw_static(el("board"), geometry(), app.settings["flipped"], rs["marked_lines"], label=point_label)
    app.drawn_board = key


def render_pieces(animate):
    layer = document.querySelector("#board .layer-pieces")
    for gone in list(document.querySelectorAll("#board .piece.gone")):
        gone.remove()
    pieces = dict(app.view["pieces"])
    shown = {}
    kids = layer.children
    for i in range(kids.length):
        node = kids.item(i)
        shown[node.getAttribute("data-piece")] = node
    last = app.view.get("last") if animate else None
    if last and last["path"] and last["path"][0] in shown and last["path"][-1] not in shown:
        node = shown.pop(last["path"][0])
        node.setAttribute("data-piece", last["path"][-1])
        shown[last["path"][-1]] = node
    # A chain being entered: show the moving piece at its latest landing.
    if app.inp.clicks and len(app.inp.clicks) > 1 and not app.view["placing"]:
        first, now = app.inp.clicks[0], app.inp.clicks[-1]
        if first in pieces:
            pieces[now] = pieces.pop(first)
            if first in shown and now not in shown:
                shown[now] = shown.pop(first)
                shown[now].setAttribute("data-piece", now)
    for point, node in list(shown.items()):
        kind = pieces.get(point)
        cls = "officer" if kind == "O" else "rebel"
        if kind is None or not node.classList.contains(cls):
            node.classList.add("gone")
            node.removeAttribute("data-piece")
            del shown[point]
    html = []
    targets = app.inp.targets(board(), []) if can_input() else []
    for point, kind in pieces.items():
        x, y = app.at[point]
        label = t("officer-on" if kind == "O" else "rebel-on", point=point)
        node = shown.get(point)
        if node is None:
            html.append(draw.piece_svg(kind, point, (x, y), label))
        else:
            node.style.transform = f"translate({x}px, {y}px)"
            node.setAttribute("aria-label", label)
            node.classList.toggle("movable", point in targets)
            node.classList.remove("dragging")
    if html:
        layer.insertAdjacentHTML("beforeend", "".join(html))
        for point in targets:
            node = layer.querySelector(f'[data-piece="{point}"]')
            if node:
                node.classList.add("movable")


def render_markers():
    v = app.view
    marks, extra = last_move_marks(app.at, v.get("last"))
    for p in v["huffable"]:
        marks.append(("huffable", p))
    if can_input():
        for p in app.inp.clicks:
            marks.append(("selected", p))
        for p in app.inp.targets(board()):
            marks.append(("target", p))
        if app.inp.can_stop(board()):
            marks.append(("stop", app.inp.clicks[-1]))
    if app.hint:
        extra += draw.path_svg(app.at, app.hint, "hint-path")
        for p in app.hint:
            marks.append(("hint", p))
    if app.cursor:
        marks.append(("cursor", app.cursor))
    document.querySelector("#board .layer-markers").innerHTML = extra + draw.markers_svg(app.at, marks)
    targets = app.inp.targets(board()) if can_input() else []
    for node in document.querySelectorAll("#board .point"):
        name = node.getAttribute("data-point")
        label = point_label(name)
        node.setAttribute("aria-label", t("point-target", label=label) if name in targets else label)
        node.classList.toggle("target", name in targets)


def result_text(outcome):
    """The result sentence in the page's language, from the engine's winner and reason."""
    options = dict(rules_of(app.view["ruleset"])["options"])
    return outcome_text(outcome, options.get("repetition", "3"))


def status_text():
    v = app.view
    if v["outcome"]:
        return t("status-over", result=result_text(v["outcome"]))
    if v["ply"] < v["length"]:
        return t("status-review", ply=v["ply"], length=v["length"], side=side_name(v["turn"]))
    if app.thinking == "move":
        if app.depth:
            return t("status-ai-depth", side=side_name(v["turn"]), depth=app.depth)
        return t("status-ai", side=side_name(v["turn"]))
    if not human_turn():
        if app.ai_paused:
            return t("status-ai-paused")
        return t("status-ai", side=side_name(v["turn"]))
    head = (
        t("status-you", side=side_name(v["turn"]))
        if app.settings["mode"] != "humans"
        else t("status-turn", side=side_name(v["turn"]))
    )
    if v["placing"]:
        placements = board().legal_moves
        return t("status-join", head=head, what=t("status-place", n=len(placements[0].place) if placements else 2))
    if app.inp.can_stop(board()):
        what = t("status-chain-stop")
    elif len(app.inp.clicks) > 1:
        what = t("status-chain")
    elif app.inp.clicks:
        what = t("status-target")
    else:
        what = t("status-pick")
    if v["huffable"] and not v["auto_removal"] and app.inp.huff is None and not app.inp.clicks:
        what = t("status-huff") + "; " + what
    return t("status-join", head=head, what=what)


def render_moves():
    v = app.view
    out = [
        f'<li class="start"><button type="button" data-ply="0"'
        f"{' aria-current=step' if v['ply'] == 0 else ''}>{t('start-position')}</button></li>"
    ]
    for h in v["history"]:
        current = ' aria-current="step"' if h["ply"] == v["ply"] else ""
        out.append(
            f'<li class="{draw.esc(h["side"])}"><button type="button" data-ply="{int(h["ply"])}"{current}>'
            f'<span class="num">{draw.esc(h["label"])}</span> {draw.esc(h["move"])}</button></li>'
        )
    box = el("moves")
    box.innerHTML = "".join(out)
    cur = box.querySelector('[aria-current="step"]')
    if cur:
        cur.scrollIntoView(js_options({"block": "nearest"}))


def js_options(d):
    """A plain JS object (a MicroPython dict reaches JS as a proxy that DOM methods reject)."""
    return window.JSON.parse(json.dumps(d))


def render_panels():
    v = app.view
    huff = el("panel-huff")
    show_huff = can_input() and bool(v["huffable"]) and not v["auto_removal"] and not app.inp.clicks
    huff.hidden = not show_huff
    if show_huff:
        buttons = []
        for p in v["huffable"]:
            pressed = "true" if app.inp.huff == p else "false"
            buttons.append(
                f'<button type="button" data-huff="{p}" aria-pressed="{pressed}">{t("huff-point", point=p)}</button>'
            )
        pressed = "true" if app.inp.huff is None else "false"
        buttons.append(f'<button type="button" data-huff="" aria-pressed="{pressed}">{t("huff-none")}</button>')
        el("huff-buttons").innerHTML = "".join(buttons)
        seen = B.load(HUFF_SEEN_KEY)
        el("huff-explain").hidden = seen.ok and seen.value == "1"
        B.save(HUFF_SEEN_KEY, "1")
    el("panel-chain").hidden = not (can_input() and app.inp.can_stop(board()))
    banner = el("banner")
    banner.hidden = v["outcome"] is None or v["ply"] < v["length"]
    if v["outcome"]:
        el("banner-text").textContent = result_text(v["outcome"])
        banner.dataset.winner = v["outcome"]["winner"] or "draw"


def render_buttons():
    v = app.view
    el("btn-undo").disabled = v["ply"] == 0
    el("btn-redo").disabled = v["ply"] >= v["length"]
    el("btn-hint").disabled = bool(app.thinking) or v["outcome"] is not None
    el("btn-ai").disabled = bool(app.thinking) or v["outcome"] is not None
    el("btn-stop-ai").hidden = not app.thinking
    el("thinking").hidden = not app.thinking
    if app.thinking:
        el("thinking-text").textContent = t("thinking-depth", depth=app.depth) if app.depth else t("thinking")
    rs = rules_of(v["ruleset"])
    mode = t("mode-" + app.settings["mode"])
    level = t("level-" + app.settings["level"])
    el("game-info").textContent = t(
        "game-info",
        title=rules_i18n.title(rs["name"]),
        play_as=t("play-as"),
        mode=mode,
        level_label=t("level"),
        level=level,
    )


def render(animate=False):
    if app.view is None:
        return
    draw_board()
    render_pieces(animate)
    render_markers()
    el("status").textContent = status_text()
    render_moves()
    render_panels()
    render_buttons()
    body = document.body
    body.dataset.turn = app.view["turn"]
    body.dataset.ply = str(app.view["ply"])
    body.dataset.over = "1" if app.view["outcome"] else "0"
    body.dataset.thinking = app.thinking or ""


def render_progress():
    """The AI's search depth while it thinks (the rest of the page is unchanged)."""
    el("status").textContent = status_text()
    render_buttons()


def render_cursor():
    """The keyboard cursor's marker, and its point named in the status line for screen readers."""
    el("status").textContent = t("status-cursor", status=status_text(), point=point_label(app.cursor))
    render_markers()


def apply_labels():
    """Every fixed text of the page in the chosen language (the menu's, else the browser's)."""
    document.documentElement.lang = set_language(choose(app.settings["lang"], B.language()))
    for node in document.querySelectorAll("[data-i18n]"):
        node.textContent = t(node.getAttribute("data-i18n"))
    for node in document.querySelectorAll("[data-i18n-label]"):
        node.setAttribute("aria-label", t(node.getAttribute("data-i18n-label")))
    menu = el("lang-menu")
    if menu:
        menu.value = document.documentElement.lang
