"""Everything the game page shows, derived from the App state in one place: the frame scheduler's
parts (frames.py), each drawn by the module of its concern: the board (game/board.py, on the board
view shared with the embed and the trainer), the move list (move_list.py), the review and the
comments (review_panel.py); this module fills the status, the players' cards, the panels and the
buttons, and puts the page's words and theme on it.
"""

from pyscript import document

from asalto_core.errors import LimitError
from asalto_core.links import LinkError, NewerLinkError, TooLongLinkError, UnplayableLinkError
from asalto_core.record import PGN_RESULTS
from game import frames
from game import state as st
from game.app import app, board, can_input, can_undo, human_turn, rules_of, shown_view
from game.board import (
    drag_piece,
    draw_board,
    draw_title,
    editor_label,
    forget_words,
    huffing,
    input_points,
    jumped_point,
    piece_label,
    point_label,
    render_board,
    render_editor,
    render_markers,
    render_moved,
    render_pieces,
    view,
)
from game.move_list import (
    draw_follow,
    draw_moves,
    follow_move,
    mark_current,
    move_button,
    move_number,
    move_rows,
    render_moves,
    reveal,
    row_node,
    spoken,
)
from game.review_panel import (
    reason_text,
    render_annotation,
    render_comment,
    render_review,
    review_mark,
)
from game.review_view import SUMMARY_ROWS, render_summary
from lib.i18n import outcome_text, side_name, t
from lib.page import B, el, message, set_text
from lib.page import apply_labels as label_page

# What moved out of this module is still offered by it (other modules import these from here).
__all__ = [
    "SUMMARY_ROWS", "drag_piece", "draw_board", "draw_follow", "draw_moves", "editor_label", "follow_move",
    "huffing", "input_points", "jumped_point", "mark_current", "move_button", "move_rows", "piece_label",
    "point_label", "reason_text", "render_annotation", "render_comment", "render_editor", "render_markers",
    "render_moves", "render_pieces", "render_summary", "reveal", "review_mark", "row_node", "spoken", "view",
]  # fmt: skip

HUFF_SEEN_KEY = "asalto.huff-explained"  # the huff is explained once per browser


class Drawing:
    """What this module's parts wrote, so that a render writes only what changed (the board's
    drawing is board.view's, the move list's move_list.shown)."""

    def __init__(self):
        self.players = {}  # what each side's card shows


drawn = Drawing()


def link_problem(err):
    """A link that cannot be opened, in plain words: what happened and what to do, the engine's
    own words behind a disclosure (its control characters never shown)."""
    if isinstance(err, NewerLinkError):
        key = "link-newer"
    elif isinstance(err, (TooLongLinkError, LimitError)):  # whole, and longer than the page reads
        key = "link-too-long"
    elif isinstance(err, LinkError) and not isinstance(err, UnplayableLinkError):
        key = "link-damaged"
    else:
        key = "link-unplayable"
    message(t(key), "error")
    details = document.createElement("details")
    summary = document.createElement("summary")
    summary.textContent = t("link-details")
    detail = document.createElement("span")
    detail.textContent = printable(str(err))
    details.append(summary, detail)
    el("message").append(" ", details)


def printable(text):
    """``text`` with every control character (C0, DEL, C1) shown as U+FFFD: never sent to the screen."""
    return "".join("\ufffd" if ord(c) < 32 or 127 <= ord(c) < 160 else c for c in text)


def result_text(outcome):
    """The result sentence in the page's language, from the engine's winner and reason."""
    options = dict(rules_of(shown_view()["ruleset"])["options"])
    return outcome_text(outcome, options.get("repetition", "3"))


def status_text():
    v = shown_view()
    if app.ui.annotating and not v["outcome"]:
        return t("annotate-status", side=side_name(v["turn"]))
    if v["outcome"]:
        return t("status-game-over")  # the result itself is the card's, at the end of the moves
    if v["ply"] < v["length"]:
        return review_status(v)
    if app.ai.thinking == "move":
        if app.ai.depth:
            return t("status-ai-depth", side=side_name(v["turn"]), depth=app.ai.depth)
        return t("status-ai", side=side_name(v["turn"]))
    if not human_turn():
        if app.shared.friend is not None:
            return t("status-friend", side=side_name(v["turn"]))
        if app.play.ai_paused:
            return t("status-ai-paused")
        return t("status-ai", side=side_name(v["turn"]))
    head = (
        t("status-you", side=side_name(v["turn"]))
        if st.ai_side(app.ui.settings["mode"]) or app.shared.friend is not None
        else t("status-turn", side=side_name(v["turn"]))
    )
    if v["placing"]:  # the sentence names the side: no "Officers to move:" before it
        placements = board().legal_moves
        return t("status-place", n=len(placements[0].place) if placements else 2)
    keys = "-key" if app.ui.inp.cursor is not None else ""  # said for the keyboard while it is used
    if app.ui.inp.can_stop(board()):
        what = t("status-chain-stop")
    elif len(app.ui.inp.clicks) > 1:
        what = t("status-chain" + keys)
    elif app.ui.inp.clicks:
        what = t("status-target" + keys)
    else:
        what = t("status-pick" + keys)
    if v["huff_choice"] and app.ui.inp.huff is not None:
        what = t("status-huffing", point=app.ui.inp.huff) + "; " + what
    elif v["huff_choice"] and not app.ui.inp.clicks:
        # Where a huff is due, no piece moves until the rebels say which officer goes.
        what = t("status-huff-due") if v["auto_removal"] else t("status-huff") + "; " + what
    return t("status-join", head=head, what=what)


def review_status(v):
    """An earlier position on the board, said in the move list's terms: the move shown (with its
    number), the game's last number, the side to move."""
    total = move_number(v["history"][-1]) if v["history"] else "0"
    side = side_name(v["turn"])
    for h in v["tree"]:
        if h["current"]:
            return t("status-review", number=move_number(h), total=total, move=h["move"], side=side)
    return t("status-review-start", total=total, side=side)


def announce(text):
    """Say a move (both sides') to screen readers through the live region."""
    el("announce").textContent = text


def render_panels():
    v = shown_view()
    huff = el("panel-huff")
    show_huff = can_input() and v["huff_choice"] and not app.ui.inp.clicks
    huff.hidden = not show_huff
    if show_huff:
        due = v["auto_removal"]  # one officer must go: the rebels only say which
        el("huff-title").textContent = t("huff-title-due" if due else "huff-title")
        el("huff-explain").textContent = t("huff-explain-due" if due else "huff-explain")
        buttons = []
        for p in v["huffable"]:
            pressed = "true" if app.ui.inp.huff == p else "false"
            buttons.append(
                f'<button type="button" data-huff="{p}" aria-pressed="{pressed}">{t("huff-point", point=p)}</button>'
            )
        if not due:
            pressed = "true" if app.ui.inp.huff is None else "false"
            buttons.append(f'<button type="button" data-huff="" aria-pressed="{pressed}">{t("huff-none")}</button>')
        el("huff-buttons").innerHTML = "".join(buttons)
        seen = B.load(HUFF_SEEN_KEY)
        el("huff-explain").hidden = seen.ok and seen.value == "1"
        B.save(HUFF_SEEN_KEY, "1")
    el("panel-chain").hidden = not (can_input() and app.ui.inp.can_stop(board()))
    render_result()
    branch = el("panel-branch")
    branch.hidden = not app.play.branch_asked
    if app.play.branch_asked:
        el("branch-text").textContent = t("branch-ask", later=v["length"] - v["ply"])


def render_result():
    """A finished game's card at the end of its moves (as lichess ends the move list): the score as
    PGN writes it (the rebels, who move first, first), the result in words, and what comes next.
    Its Review gives way to the review's own button once there is a review; a game with a friend
    has no Rematch here (a new link is a new game)."""
    final = shown_view()["final"]
    card = el("result")
    card.hidden = final is None
    if final is None:
        return
    el("result-score").textContent = PGN_RESULTS[final["winner"] + "-win" if final["winner"] else "draw"]
    el("result-text").textContent = result_text(final)
    card.dataset.winner = final["winner"] or "draw"
    el("result-rematch").hidden = app.shared.friend is not None
    el("result-review").hidden = app.play.review is not None and app.play.review.get("state") == "done"


def player_card(side):
    """What a side's card shows: (side, name, who plays it, its pieces on the board, the other
    side's pieces it took, the pill: '', 'to-move', 'thinking' or 'winner', the search's depth,
    whether MicroPython stands in for Pyodide)."""
    v = shown_view()
    ai = st.ai_side(app.ui.settings["mode"])
    if app.shared.friend is not None:
        who = t("player-you") if side == app.shared.friend["side"] else t("player-friend")
    elif side in ai:
        who = t("player-computer", level=t("level-" + app.ui.settings["level"]))
    elif not ai:
        who = ""  # both sides played here: the side's name says all (said once, not on both cards)
    else:
        who = t("player-you")
    kind = "O" if side == "officers" else "R"
    count = sum(1 for k in v["pieces"].values() if k == kind)
    prey = "R" if kind == "O" else "O"
    at_start = sum(1 for k in app.play.session.game.start.pieces().values() if k == prey)
    taken = max(0, at_start - sum(1 for k in v["pieces"].values() if k == prey))
    final = v["final"] if v["ply"] == v["length"] else None
    if final:
        pill = "winner" if final["winner"] == side else ""
    elif v["outcome"] is None and v["turn"] == side:
        pill = "thinking" if app.ai.thinking == "move" else "to-move"
    else:
        pill = ""
    # A strong level's move searched on MicroPython while Pyodide loads: the card says so.
    stand_in = pill == "thinking" and app.ai.thinker.kind == "light" and not B.lightLevel(app.ui.settings["level"])
    return (side, side_name(side, True), who, count, taken, pill, app.ai.depth if pill == "thinking" else 0, stand_in)


def render_players():
    """The two sides beside the board, the side at the top of the board in the top card (as on
    lichess): who plays it, its pieces, whose turn it is, the computer's thinking. The cards'
    nodes are in the page; only the parts whose text changed are written (a move changes the turn
    and perhaps a count, not the names)."""
    top, bottom = ("rebels", "officers") if app.ui.settings["flipped"] else ("officers", "rebels")
    for node_id, side in (("player-top", top), ("player-bottom", bottom)):
        card = player_card(side)
        was = drawn.players.get(node_id)  # apply_labels forgets them: a language rewrites all
        if was == card:
            continue
        drawn.players[node_id] = card
        side, name, who, count, taken, pill, depth, stand_in = card
        node = el(node_id)
        words = {"to-move": t("pill-to-move"), "winner": t("pill-winner"), "thinking": t("thinking")}
        pill_text = t("pill-depth", depth=depth) if depth else words.get(pill, "")
        if stand_in:
            pill_text = t("thinking-light")
        pieces = t("pieces-left", n=count, side=side_name(side))
        other = "rebels" if side == "officers" else "officers"
        took = t("pieces-taken", n=taken, side=side_name(other, True)) if taken else ""
        if was is None or was[:3] != card[:3]:
            node.dataset.side = side
            node.querySelector(".token").className = "token " + side
            node.querySelector(".who strong").textContent = name
            node.querySelector(".who span").textContent = who
        if was is None or was[5:] != card[5:]:
            node.classList.toggle("to-move", pill in ("to-move", "thinking"))
            tag = node.querySelector(".turn")
            tag.hidden = not pill
            tag.classList.toggle("thinking", pill == "thinking")
            tag.querySelector(".pill-text").textContent = pill_text
        if was is None or was[3:5] != card[3:5]:  # what it took, as lichess shows captured pieces
            num = node.querySelector(".count")
            num.textContent = str(taken) if taken else ""
            num.title = took
        # A screen reader hears the card as one sentence (its parts are hidden from it).
        node.setAttribute("aria-label", ", ".join(x for x in (name, who, pieces, took, pill_text) if x))


def render_buttons():
    v = shown_view()
    for name, disabled in (
        ("nav-first", v["ply"] == 0), ("nav-back", v["ply"] == 0),
        ("nav-forward", v["ply"] >= v["length"]), ("nav-last", v["ply"] >= v["length"]),
    ):  # fmt: skip
        el(name).disabled = disabled
    el("btn-undo").disabled = not can_undo()
    el("btn-redo").disabled = not app.play.redo
    el("btn-pass").hidden = not v["passes"]  # the course's rules only: a pass is a move there
    el("btn-pass").disabled = not (v["passes"] and can_input())
    el("btn-flip").setAttribute("aria-pressed", "true" if app.ui.settings["flipped"] else "false")
    friend = app.shared.friend is not None  # a game between people: no computer's moves or hints
    el("btn-hint").disabled = bool(app.ai.thinking) or v["outcome"] is not None or friend
    el("btn-ai").disabled = bool(app.ai.thinking) or v["outcome"] is not None or friend
    el("btn-review").disabled = bool(app.ai.thinking) or not v["length"]
    el("btn-review-run").disabled = (bool(app.ai.thinking) and app.ai.thinking != "review") or not v["length"]
    # The thinking line: the search under way (a review says its own progress and has its own
    # Stop), or the computer's worker starting before its first move. Pyodide's loading is not said:
    # nothing waits for it (MicroPython answers meanwhile), and a player never asked about it.
    searching = app.ai.thinking and app.ai.thinking != "review"
    el("btn-stop-ai").hidden = not searching
    starting = app.ai.light.starting and bool(st.ai_side(app.ui.settings["mode"]))
    el("thinking").hidden = not (searching or (starting and not app.ai.thinking))
    el("thinking").classList.toggle("starting", not searching)
    if app.ai.thinking == "move":
        set_text(el("thinking-text"), "")  # the computer's bar says it thinks: here its Stop
    elif searching:
        set_text(el("thinking-text"), t("thinking-depth", depth=app.ai.depth) if app.ai.depth else t("thinking"))
    elif starting:
        set_text(el("thinking-text"), t("engine-starting"))
    draw_title()


# What modules that draw from this one add beside the board (friend.render_panel), drawn with the rest.
extra_panels: list = []


def draw_side(_=None):
    """The status, the players' cards, the panels and the buttons (frames.py's "side")."""
    if app.play.view is None or app.ui.editor is not None:
        return
    el("panel-setup").hidden = True
    set_text(el("status"), status_text())
    render_players()
    render_panels()
    for panel in extra_panels:
        panel()
    render_buttons()
    render_review()
    render_annotation()
    render_comment()
    render_thinking()


def render_thinking():
    """The body's data-* of a search under way: whether one is, and on which engine."""
    document.body.dataset.thinking = app.ai.thinking or ""
    document.body.dataset.thinker = ("light" if app.ai.thinker.kind else "engine") if app.ai.thinking else ""


def draw_progress(_=None):
    """The AI's search depth, or the review's progress, while the worker thinks (frames.py's
    "progress": the board and the move list are as they were, a phone's main thread is spared them)."""

    if app.play.view is None or app.ui.editor is not None:
        return
    set_text(el("status"), status_text())
    render_players()
    render_buttons()
    render_review()
    render_thinking()


frames.part("board", render_board, how="input", first=render_moved)
frames.part("side", draw_side, covers=("progress",))
frames.part("progress", draw_progress)
frames.part("moves", draw_moves)
frames.part("follow", draw_follow, how="alone")


def apply_labels():
    """Every fixed text of the page in the chosen language (the menu's, else the browser's)."""
    lang = label_page(app.ui.settings["lang"], "page-title")
    el("lang-menu").value = lang
    # The lesson in the page's language: its catalog names the page (a language without its own
    # lesson names the English one).
    for name in ("link-lesson", "welcome-learn"):
        el(name).href = t("lesson-page")
    drawn.players = {}
    forget_words()


def apply_theme():
    """The theme the player chose ('' follows the system), on the root before anything is drawn."""
    theme = app.ui.settings.get("theme", "")
    root = document.documentElement
    if theme:
        root.dataset.theme = theme
    else:
        root.removeAttribute("data-theme")
    el("theme-menu").value = theme
    el("sound-toggle").checked = bool(app.ui.settings.get("sound"))
    # The piece set and board colouring chosen: the board's CSS follows these on the root.
    root.dataset.pieces = el("pieces-menu").value = app.ui.settings["pieces"]
    root.dataset.colours = el("colours-menu").value = app.ui.settings["colours"]
