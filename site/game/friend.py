"""Games with a friend at a distance, with no server: each move travels as a link.

A game link (asalto_core.links.GameLink: the game's identifier, rules, start and moves) is read
and replayed by the engine before anything is kept. Every such game is kept in local storage
beside the game of this device, which it never overwrites (storage.read_friends). A link is
compared with the copy kept here (asalto_core.links.follows): one that adds the friend's move
goes on with the game, an older one opens the game as it is here and says so, one that does not
continue it is refused and changes nothing. Only the player's own side moves here, and a move
can be taken back until its link is sent (shared or copied).
"""

import asyncio
import json

from pyscript import document
from pyscript.ffi import create_proxy

from asalto_core.errors import AsaltoError
from asalto_core.links import ID_LENGTH, GameLink, follows, new_id, read_game
from asalto_core.session import Session
from game import api, chapters, rules_text, storage
from game.api import put_game
from game.app import app, shown_view
from game.game import accept, game_started, move_message, open_game, show
from game.render import announce, extra_panels, link_problem
from lib.i18n import language, side_name, t
from lib.page import B, el, message, on, spawn

SHOW_BEFORE = 0.35  # seconds the position before the friend's move shows before it slides in


def link_of(entry):
    """The link to send: the whole game (its moves on screen) after the page's address, with the
    time its last move was played (game.play stamps it): the same text before and after the game
    is kept, and after a reload."""
    moves = app.play.session.descriptor()["moves"] if entry is app.shared.friend else entry["moves"]
    link = GameLink(entry["id"], entry["ruleset"], entry["start"], moves, entry["time"])
    return storage.here()["page"] + "#" + link.query()


def _receiver(session):
    """The side a link's receiver plays: the one to move, or at the end the one that did not move last."""
    v = session.view()
    if v["final"] is not None and v["history"]:
        return "officers" if v["history"][-1]["side"] == "rebels" else "rebels"
    return v["turn"]


async def enter(entry, session, animate=False, note="", keep_message=False):
    """Show a game with a friend: from the player's side, its last move sliding in with ``animate``;
    ``note`` (an i18n key) is said, else the message shown is cleared (kept with ``keep_message``)."""
    api.friend_step("join", entry)  # the board's way round before it comes back with the next game
    bottom = entry["side"] == "officers"  # the board turned so the player's side is at the bottom
    put_game(session, "friend", ruleset=entry["ruleset"], flipped=bottom)
    storage.keep_friend(entry)
    n = len(entry["moves"])
    said = t(note) if note else ""
    if animate and n:
        api.step_game("go_to", n - 1)
        show(False)
        await asyncio.sleep(SHOW_BEFORE)
        if app.play.session is not session:
            return
        api.step_game("go_to", n)
        last = session.last()
        said = " ".join([t("friend-played", move=last["move"]), move_message(last), said]).strip()
        announce(said)
        if app.ui.settings["sound"]:
            B.sound("move")
        message(said)
        accept(True)
        return
    if said or not keep_message:
        message(said)
    accept(False)


async def start(ruleset, side):
    """A new game with a friend: the player plays ``side``; the link goes once they have moved
    (or at once when the friend moves first)."""
    r = B.randomBytes(ID_LENGTH)
    if not r.ok:
        message(t("friend-no-random", error=r.error), "error")
        return
    try:
        session = Session.new(ruleset)
    except AsaltoError as err:
        message(str(err), "error")
        return
    entry = {
        "id": new_id(bytes(json.loads(r.value))), "ruleset": session.game.start.ruleset, "start": "",
        "side": side, "moves": [], "time": int(B.epochSeconds()), "sent": 0,
    }  # fmt: skip
    first = session.view()["turn"] == side
    await enter(entry, session, note="friend-started" if first else "friend-they-start")
    game_started()


async def open_link(params):
    """Open the game link in ``params``: checked and replayed first, then compared with the copy
    kept here. False (and a message) when it is refused: nothing kept or shown changes."""
    try:
        read = read_game(params)
    except AsaltoError as err:
        link_problem(err)
        return False
    if read is None:  # not a game link: nothing opened
        return False
    link, session = read
    games, _ = storage.read_friends()
    kept = None
    for g in games:
        if g["id"] == link.id:
            kept = g
    if kept is None:
        side = _receiver(session)
        entry = {
            "id": link.id, "ruleset": link.ruleset, "start": link.start, "side": side,
            "moves": list(link.moves), "time": link.time, "sent": len(link.moves),
        }  # fmt: skip
        await enter(entry, session, animate=True, note="friend-new" if link.moves else "friend-new-first")
        return True
    sides = [h["side"] for h in session.view()["history"]]
    mine = GameLink(kept["id"], kept["ruleset"], kept["start"], kept["moves"])
    verdict, at = follows(mine, link, sides, kept["side"])
    if verdict in ("forged", "other"):
        message(t("friend-forged", n=at + 1) if verdict == "forged" else t("friend-other-rules"), "error")
        return False
    if verdict == "newer":
        kept["moves"], kept["time"], kept["sent"] = list(link.moves), link.time, len(link.moves)
        await enter(kept, session, animate=True)
        return True
    try:
        here = Session.from_descriptor(dict(descriptor_of(kept)))
    except AsaltoError as err:
        message(t("friend-bad", error=str(err)), "error")
        return False
    if verdict == "older":
        await enter(kept, here)
        message(t("friend-older", n=len(link.moves), m=len(kept["moves"])), "warn")
    else:
        await enter(kept, here, note="friend-same")
    return True


def descriptor_of(entry):
    return {"ruleset": entry["ruleset"], "start": entry["start"], "moves": entry["moves"], "ply": len(entry["moves"])}


async def follow_link():
    """A link opened in this page (at its start, or pasted in the address bar of an open page):
    a game with a friend, or a shared game. True if it opened one."""
    params, error = storage.link_params()
    if error is not None:
        link_problem(error)
        B.clearHash()
        return False
    if "game" in params:
        B.clearHash()
        return await open_link(params)
    if chapters.open_shared(params):
        B.clearHash()
        return True
    shared, share_error = storage.shared_game(params)
    B.clearHash()
    if share_error is not None:
        link_problem(share_error)
    if shared is None:
        return False
    open_game(shared, opened="share-opened")
    return True


async def resume():
    """At start-up, the game with a friend that was on screen, if any (else False)."""
    games, shown = storage.read_friends()
    for g in games:
        if g["id"] == shown:
            try:
                session = Session.from_descriptor(descriptor_of(g))
            except AsaltoError:
                return False
            await enter(g, session, keep_message=True)
            return True
    return False


async def follow_tab(text):
    """Another tab wrote the games with friends (``text``): the game on screen follows its copy
    there, as the game of this device follows another tab's save."""
    storage.friends_followed(text)
    if app.shared.friend is None:
        return
    games, _ = storage.read_friends()
    for g in games:
        if g["id"] == app.shared.friend["id"] and g["moves"] != app.play.session.descriptor()["moves"]:
            try:
                session = Session.from_descriptor(descriptor_of(g))
            except AsaltoError:
                return
            await enter(g, session, note="save-other-tab")


# -- sending ---------------------------------------------------------------------------------
def sent():
    """The link of the game as it is has reached the friend: no taking back from here."""
    e = app.shared.friend
    n = len(app.play.session.game.moves) if e is not None else 0
    if e is None or e["sent"] == n:
        return
    api.friend_step("sent", sent=n)
    storage.keep_friend(e)


async def send(use_sheet):
    """Send the link: the system's share sheet where there is one, else copied; when the
    clipboard is refused the link is selected for the player to copy by hand."""
    if app.shared.friend is None:
        return
    link = link_of(app.shared.friend)
    box = el("friend-message")
    if use_sheet:
        r = await B.share(t("friend-share-text"), link)
        if r.ok:
            sent()
            box.textContent = t("friend-shared")
            return
        if r.error == "cancelled":
            return
    r = await B.copy(link)
    if r.ok:
        sent()
        box.textContent = t("friend-copied")
        return
    box.textContent = t("friend-copy-by-hand")
    field = el("friend-link")
    field.focus()
    field.select()


def render_panel():
    """The game with a friend beside the board: whose move, and the link to send when it is theirs."""
    panel = el("panel-friend")
    e = app.shared.friend
    panel.hidden = e is None
    document.body.dataset.friend = "" if e is None else e["id"]
    if e is None:
        return
    v = shown_view()
    over = v["final"] is not None
    mine = v["turn"] == e["side"] and not over
    pending = v["length"] > e["sent"]
    side = side_name(e["side"])
    if mine:
        text = t("friend-your-move", side=side)
    elif pending:
        text = t("friend-send-end" if over else "friend-send", side=side)
    else:
        text = t("friend-over" if over else "friend-waiting", side=side)
    el("friend-text").textContent = text
    el("friend-send").hidden = mine
    document.body.dataset.friendState = "mine" if mine else "pending" if pending else "waiting"
    if not mine:
        link = link_of(e)
        field = el("friend-link")
        if field.value != link:  # another move, or another game: what was said of the link before goes
            field.value = link
            el("friend-message").textContent = ""
    el("friend-share").hidden = not B.canShare()


# -- the list of games ----------------------------------------------------------------------------
def open_list():
    el("friends-note").textContent = ""
    render_list()
    el("dlg-friends").showModal()


def render_list():
    """Every game with a friend kept here, the latest first: rules, side, whose move, last move's
    date, and a button to open it and one to delete it."""
    games, _ = storage.read_friends()
    games = sorted(games, key=lambda g: -g["time"])
    rows = []
    for g in games:
        try:
            v = Session.from_descriptor(descriptor_of(g)).view()
        except AsaltoError:
            continue
        if v["final"] is not None:
            winner = v["final"]["winner"]
            turn = t("friend-won") if winner == g["side"] else t("friend-lost") if winner else t("friend-drawn")
        elif v["turn"] == g["side"]:
            turn = t("friend-list-mine")
        else:
            turn = t("friend-list-theirs")
        when = B.dateText(str(g["time"]), language()) if g["time"] else None
        rows.append((g, turn, when.value if when and when.ok else ""))
    body = el("friends-table").querySelector("tbody")
    body.innerHTML = ""
    for g, turn, when in rows:
        tr = document.createElement("tr")
        current = app.shared.friend is not None and app.shared.friend["id"] == g["id"]
        for text in (rules_text.title(g["ruleset"]), side_name(g["side"], True), turn, when):
            td = document.createElement("td")
            td.textContent = text
            tr.append(td)
        td = document.createElement("td")
        td.className = "row-buttons"
        what = f"{rules_text.title(g['ruleset'])}, {turn}, {when}"
        opener = t("friend-shown") if current else t("friend-open")
        for key, label in (("game", opener), ("forget", t("friend-delete"))):
            button = document.createElement("button")
            button.type = "button"
            button.setAttribute("data-" + key, g["id"])
            button.textContent = label
            button.setAttribute("aria-label", f"{label}: {what}")
            td.append(button)
        td.firstChild.disabled = current
        tr.append(td)
        body.append(tr)
    el("friends-table").hidden = not rows
    el("friends-empty").hidden = bool(rows)
    el("friends-home").hidden = app.shared.friend is None


async def open_kept(game_id):
    el("dlg-friends").close()
    games, _ = storage.read_friends()
    for g in games:
        if g["id"] == game_id:
            try:
                session = Session.from_descriptor(descriptor_of(g))
            except AsaltoError as err:
                message(t("friend-bad", error=str(err)), "error")
                return
            await enter(g, session)


async def home():
    """Back to the game of this device, as it was saved before the game with a friend."""
    el("dlg-friends").close()
    session, settings, problem = storage.read_save()
    put_game(session or Session.new((settings or app.ui.settings)["ruleset"]), "home", settings)
    message(problem or t("friend-home-back"), "warn" if problem else "info")
    accept(False)


def list_click(event):
    target = event.target
    if target.tagName != "BUTTON":
        return
    if target.getAttribute("data-game"):
        spawn(open_kept(target.getAttribute("data-game")))
    elif target.getAttribute("data-sure") == "1":
        spawn(forget(target.getAttribute("data-forget")))
    elif target.getAttribute("data-forget"):
        # Delete asks again, on the button itself: the second press deletes.
        target.setAttribute("data-sure", "1")
        target.textContent = t("friend-delete-sure")
        target.setAttribute("aria-label", t("friend-delete-sure"))


async def forget(game_id):
    """Delete a kept game (the game on screen too: the page goes back to the game of this device)."""
    storage.forget_friend(game_id)
    if app.shared.friend is not None and app.shared.friend["id"] == game_id:
        await home()
        return
    render_list()
    el("friends-note").textContent = t("friend-deleted")
    focus = el("friends-table").querySelector("tbody button") or el("dlg-friends").querySelector("button[value=close]")
    focus.focus()


def bind():
    extra_panels.append(render_panel)
    on(el("friend-share"), "click", lambda e: spawn(send(True)))
    on(el("friend-copy"), "click", lambda e: spawn(send(False)))
    on(el("friend-link"), "copy", lambda e: sent())  # copied by hand
    on(el("friend-games"), "click", lambda e: open_list())
    on(el("btn-friends"), "click", lambda e: open_list())
    on(el("friends-table"), "click", list_click)
    on(el("friends-home"), "click", lambda e: spawn(home()))
    B.onHashChange(create_proxy(lambda: spawn(follow_link())))
    if app.play.view is not None:
        api.redraw("panel")
