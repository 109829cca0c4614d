"""The game page's dialogs: the rules, a new game, and import/export (record, link, embed, diagram)."""

from pyscript import document, window

from asalto_core import svg as draw
from asalto_core.errors import AsaltoError
from asalto_core.links import embed_query, share_query
from asalto_core.record import Game
from asalto_core.rulesets import custom_name, find_ruleset
from asalto_core.session import Session
from game import api, chapters, friend, rules_text, storage
from game import state as st
from game.api import record_text
from game.app import app, board_ruleset, geometry, rules_of, shown_view
from game.editor import Editor
from game.game import new_game, open_game
from game.render import apply_labels
from lib import i18n
from lib.i18n import codes, language, t
from lib.page import B, copy_text, el, load_language, load_rules_texts, on, spawn


def show_rules(name):
    spawn(open_rules(name))


async def open_rules(name):
    """The rules dialog, once its texts are at hand (fetched the first time)."""
    await load_rules_texts()
    rs = rules_text.panel(name)
    el("rules-title").textContent = rs["title"]
    el("rules-desc").textContent = rs["description"]
    el("rules-source").textContent = rs["source"]
    el("rules-summary").innerHTML = "".join(
        f"<tr><th>{draw.esc(k)}</th><td>{draw.esc(v)}</td></tr>" for k, v in rs["summary"]
    )
    el("rules-readings").innerHTML = "".join(f"<dt>{draw.esc(k)}</dt><dd>{draw.esc(v)}</dd>" for k, v in rs["readings"])
    el("dlg-rules").showModal()


def checked(name):
    """The value of the New game dialog's chosen radio button ``name`` ("" if none)."""
    node = document.querySelector(f'#dlg-new input[name="{name}"]:checked')
    return node.value if node else ""


def check(name, value):
    for node in document.querySelectorAll(f'#dlg-new input[name="{name}"]'):
        node.checked = node.value == value


def open_new_dialog():
    """The New game dialog, shown once filled (fill_new_dialog)."""
    spawn(fill_new_dialog())


async def fill_new_dialog():
    """The dialog as lichess's Create a game: the rules (and their house rules, folded), the
    opponent, the level as buttons and the side as three tokens, set as the last game had them.
    It is shown once the rules texts are at hand (fetched the first time), with the chosen rules'
    description in place: a description that came later moved every button under it, and a
    click pressed before it came and released after it missed its button (issue 49)."""
    await load_rules_texts()
    if el("dlg-new").open:
        return  # pressed twice while the texts came: filled once, and the player's choices stay
    sel = el("new-ruleset")
    sel.innerHTML = "".join(
        f'<option value="{rs["name"]}">{draw.esc(rules_text.title(rs["name"]))}</option>'
        for rs in app.ui.data["rulesets"]
    )
    current = app.play.view["ruleset"] if app.play.view else app.ui.settings["ruleset"]
    base = current.split(":")[0]
    sel.value = base
    fill_levels()
    mode = app.ui.settings["mode"]
    if mode == "humans" and app.ui.played_mode:
        mode = app.ui.played_mode  # an opened game is for two players; a new one plays the AI again
    side = mode if mode in ("officers", "rebels") else find_ruleset(base).first
    if app.shared.friend is not None:
        mode, side = "friend", app.shared.friend["side"]
    check("mode", "ai" if mode in ("officers", "rebels") else mode)
    check("side", side)
    check("level", app.ui.settings["level"])
    choice_changed(None)
    new_desc()
    el("new-custom").open = current != base
    fill_custom(current)
    el("dlg-new").showModal()


def fill_levels():
    """The AI's levels as a row of buttons (radio buttons), named in the page's language."""
    box = el("new-level")
    for old in box.querySelectorAll("label"):
        old.remove()
    for level in app.ui.data["levels"]:
        label = document.createElement("label")
        button = document.createElement("input")
        button.type = "radio"
        button.name = "level"
        button.value = level["name"]
        text = document.createElement("span")
        text.textContent = t("level-" + level["name"])
        label.append(button, text)
        box.append(label)


def choice_changed(_event):
    """The level is asked only of a game with the computer, the side only where a person has one."""
    opponent = checked("mode")
    el("new-level").hidden = opponent not in ("ai", "watch")
    el("new-side").hidden = opponent not in ("ai", "friend")


def new_desc():
    """The chosen rules' description (the rules texts are at hand while the dialog is open), in the
    task that chose them: nothing in the dialog moves after the change."""
    el("new-ruleset-desc").textContent = rules_text.panel(el("new-ruleset").value)["description"]


# -- house rules: each option of the chosen rules that can apply, as a select whose choices say what
# they mean; the engine names and checks them, and its table says when an option applies --
def fill_custom(name):
    """The custom-rules form for ``name`` (a ruleset, or house rules already chosen: their values
    are chosen in it, the base's are the ones a change is measured from)."""
    box = el("custom-options")
    box.innerHTML = ""
    chosen = find_ruleset(name).options()
    for opt in rules_text.form_options(name):
        label = document.createElement("label")
        text = document.createElement("span")
        text.textContent = opt["label"]
        select = document.createElement("select")
        select.dataset.option = opt["key"]
        select.dataset.when = opt["when"][0] + "=" + "|".join(opt["when"][1]) if opt["when"] else ""
        for value, meaning in opt["choices"]:
            option = document.createElement("option")
            option.value = value
            # The value is the house-rules name's token (English, like move texts): shown in English only.
            option.textContent = f"{value}: {meaning}" if language() == "en" else meaning
            select.append(option)
        select.value = chosen.get(opt["key"], opt["value"])
        select.dataset.initial = opt["value"]
        label.append(text, select)
        box.append(label)
    custom_changed(None)


def applies(select, values):
    """Whether an option can change anything: it has a choice, and the option its ``when`` names
    (the engine's table) has one of the values it needs."""
    if select.options.length < 2:
        return False
    when = select.dataset.when
    if not when:
        return True
    key, needed = when.split("=", 1)
    return values.get(key) in needed.split("|")


def chosen_ruleset():
    """The ruleset the dialog would start: the base, or its house rules; (name, error). Rules
    chosen under Custom rules count whether that part is open or collapsed; an option hidden
    because it cannot apply counts as unchanged."""
    base = el("new-ruleset").value
    changes = {}
    for select in document.querySelectorAll("#custom-options select"):
        if select.value != select.dataset.initial and not select.parentElement.hidden:
            changes[select.dataset.option] = select.value
    try:
        return custom_name(base, changes), ""
    except AsaltoError as err:
        return base, str(err)


def custom_changed(_event):
    selects = list(document.querySelectorAll("#custom-options select"))
    values = {select.dataset.option: select.value for select in selects}
    for select in selects:
        select.parentElement.hidden = not applies(select, values)
        select.title = select.options.item(select.selectedIndex).textContent  # a long choice, whole
    name, error = chosen_ruleset()
    el("custom-name").textContent = name
    box = el("custom-message")
    box.textContent = error
    box.className = "error" if error else ""
    el("new-start").disabled = bool(error)


def start_from_dialog(_event):
    name, error = chosen_ruleset()
    if error:
        return
    opponent, side = checked("mode"), checked("side")
    if side == "random":
        side = "officers" if window.Math.random() < 0.5 else "rebels"
    el("dlg-new").close()
    if opponent == "friend":
        spawn(friend.start(name, side))
        return
    mode = side if opponent == "ai" else opponent
    spawn(new_game(name, mode, checked("level") or "casual", app.ui.settings["lang"]))


def open_io():
    el("io-message").textContent = ""
    fill_io()
    el("dlg-io").showModal()


def embed_snippet():
    """The embed code as the dialog's options ask (at the move shown, dark colours)."""
    return storage.embed_snippet(el("io-embed-here").checked, el("io-embed-dark").checked)


def fill_io(with_record=True):
    if with_record:
        el("io-text").value = record_text()
    el("io-position").value = shown_view()["position"]
    el("io-link").value = storage.share_link()
    el("io-embed").value = embed_snippet()


def import_text(text):
    """A pasted record or position replaces the game; text that yields nothing leaves it as it is."""
    box = el("io-message")
    try:
        opened = chapters.import_study(text)
        if opened:
            box.textContent = opened
            box.className = "info"
            fill_io(False)
            return
        session, warning = Session.from_text(text)
    except AsaltoError as err:
        box.textContent = t("import-bad", error=str(err))
        box.className = "error"
        return
    if warning:
        box.textContent = t("import-partial", error=warning)
        box.className = "warn"
    else:
        box.textContent = t("imported")
        box.className = "info"
    open_game(session)
    fill_io(False)


def restore_previous():
    kept = storage.read_previous()
    box = el("io-message")
    if kept is None:
        box.textContent = t("nothing-to-restore")
        return
    session, settings = kept
    open_game(session, st.clean_settings(settings, app.ui.rulesets, app.ui.levels, codes()), "restored")
    box.textContent = t("restored")
    fill_io(False)


def diagram_svg():
    """The position on screen as a standalone SVG, by the same drawing function as the board: the
    last move, and the teacher's arrows and points in their colours."""
    v = shown_view()
    last = v.get("last")
    return draw.board(
        geometry(),
        v["pieces"],
        flipped=app.ui.settings["flipped"],
        marked_lines=rules_of(v["ruleset"])["marked_lines"],
        arrows=([last["move"]] if last and last["path"] else []) + list(v.get("arrows", [])),
        highlight=v.get("points", []),
        title=v["position"],
    )


async def copy(text, box="io-message"):
    await copy_text(text, box)


# -- the language menu: switches at once, keeps the game, and is remembered with the settings --
def change_language(_event):
    """At once, in this event's task, when the catalog is here (English, or one shown before)."""
    code = el("lang-menu").value
    if i18n.loaded(code):
        switch_language(code)
    else:
        api.choose("none", lang=code)
        storage.save()  # the choice is kept even if the page is left before its catalog comes
        spawn(fetch_language(code))


async def fetch_language(code):
    await load_language(code)
    switch_language(code)


def switch_language(code):
    api.choose("game", lang=code)
    apply_labels()
    storage.save()


# -- the position editor ------------------------------------------------------------------
def open_setup():
    """Set up a position, starting from the one on the board."""
    ed = Editor(app.play.session.game.board.position)
    api.set_up("input", "open", ed)
    sel = el("setup-ruleset")
    sel.innerHTML = ""
    names = [rs["name"] for rs in app.ui.data["rulesets"]]
    if ed.ruleset not in names:
        names.append(ed.ruleset)  # house rules
    for name in names:
        option = document.createElement("option")
        option.value = name
        option.textContent = rules_text.title(name)
        sel.append(option)
    sel.value = ed.ruleset


def set_up_position():
    """The position set up, or None while it is not one (or no position is being set up)."""
    return None if app.ui.editor is None else app.ui.editor.position()[0]


def restart_setup():
    """The start of the ruleset being set up (the setup's Start button)."""
    if app.ui.editor is not None:
        api.set_up("input", "set_ruleset", app.ui.editor.ruleset)


def close_setup():
    api.enter("input", "point_at", None)
    api.set_up("game", "close")


def setup_changed(event):
    target = event.target
    if target.name == "setup-tool":
        api.set_up("input", "choose_tool", target.value)
    elif target.id == "setup-ruleset":
        api.set_up("input", "set_ruleset", target.value)
    elif target.id == "setup-turn":
        api.set_up("input", "choose_turn", target.value)


def setup_play():
    position = set_up_position()
    if position is None:
        return
    api.set_up("none", "close")
    open_game(Session(Game(position=position)))


def setup_embed():
    position = set_up_position()
    if position is None:
        return
    r = B.embedSnippet(embed_query([("position", position.text())]), 380, 520, t("setup-title"))
    if r.ok:
        spawn(copy(r.value, "setup-message"))


def setup_link():
    """The share link of the position set up (the game page's share code: asalto_core.links)."""
    position = set_up_position()
    if position is None:
        return
    link = storage.here()["page"] + "#" + share_query(Game(position=position).record(), [0])
    spawn(copy(link, "setup-message"))


def setup_diagram():
    position = set_up_position()
    if position is None:
        return
    rs = rules_of(position.ruleset)
    svg_text = draw.board(
        app.ui.data["boards"][rs["board"]],
        position.pieces(),
        flipped=app.ui.settings["flipped"],
        marked_lines=rs["marked_lines"],
        highlight=position.huffable(),
        title=position.text(),
    )
    B.download("asalto-position.svg", svg_text, "image/svg+xml")


KIT_FOLDER = "asalto-lesson"
KIT_STYLE = (
    "body{font:17px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"
    "iframe{border:0;max-width:100%}footer{color:#555;font-size:.9em}"
)


def lesson_page():
    """The kit's lesson page: the game (or study) on screen in one frame beside it, titled."""
    title = (
        (app.shared.study.title if app.shared.study else "")
        or app.play.session.game.tags.get("Event")
        or t("kit-title")
    )
    pairs = [("record", record_text())]
    if app.ui.settings["flipped"]:
        pairs.append(("flip", "1"))
    r = B.embedSnippet(embed_query(pairs), 420, 700, title, True)
    return (
        f'<!doctype html>\n<html lang="{language()}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<title>{draw.esc(title)}</title>\n<link rel="icon" href="data:,">\n<style>{KIT_STYLE}</style>\n'
        f"</head>\n<body>\n<h1>{draw.esc(title)}</h1>\n{r.value}\n"
        f"<footer><p>{draw.esc(t('kit-note'))}</p></footer>\n</body>\n</html>\n"
    )


async def download_kit():
    box = el("io-message")
    r = await B.downloadKit(KIT_FOLDER, lesson_page())
    box.textContent = t("kit-ready", name=KIT_FOLDER + ".zip") if r.ok else t("kit-failed", error=r.error)
    box.className = "info" if r.ok else "error"


def welcome_choice(mode):
    """A first visit's choice: the game against the computer is already set up (the newcomer
    moves first); two players start a fresh game for both sides at this device."""
    el("welcome").hidden = True
    if mode == "humans":
        spawn(new_game(app.ui.settings["ruleset"], "humans", app.ui.settings["level"], app.ui.settings["lang"]))
    el("board").focus()


def bind():
    on(el("welcome-ai"), "click", lambda e: welcome_choice("ai"))
    on(el("welcome-humans"), "click", lambda e: welcome_choice("humans"))
    on(el("lang-menu"), "change", change_language)
    on(el("btn-new"), "click", lambda e: open_new_dialog())
    on(el("result-new"), "click", lambda e: open_new_dialog())
    on(el("btn-rules"), "click", lambda e: show_rules(board_ruleset()))
    on(el("btn-rules-here"), "click", lambda e: show_rules(board_ruleset()))
    on(el("new-show-rules"), "click", lambda e: show_rules(el("new-ruleset").value))
    on(el("new-ruleset"), "change", lambda e: (new_desc(), fill_custom(el("new-ruleset").value)))
    on(el("custom-options"), "change", custom_changed)
    on(el("new-custom"), "toggle", custom_changed)
    on(el("new-start"), "click", start_from_dialog)
    for node in document.querySelectorAll('#dlg-new input[name="mode"]'):
        on(node, "change", choice_changed)
    on(el("btn-io"), "click", lambda e: open_io())
    on(el("io-load"), "click", lambda e: import_text(el("io-text").value))
    on(el("io-copy-record"), "click", lambda e: spawn(copy(record_text())))
    on(el("io-copy-position"), "click", lambda e: spawn(copy(shown_view()["position"])))
    on(el("io-copy-link"), "click", lambda e: spawn(copy(storage.share_link())))
    on(el("io-download"), "click", lambda e: B.download("asalto-game.txt", record_text()))
    on(el("io-restore"), "click", lambda e: restore_previous())
    on(el("io-copy-embed"), "click", lambda e: spawn(copy(embed_snippet())))
    on(el("io-embed-here"), "change", lambda e: fill_io(False))
    on(el("io-embed-dark"), "change", lambda e: fill_io(False))
    on(el("io-kit"), "click", lambda e: spawn(download_kit()))
    on(el("btn-setup"), "click", lambda e: open_setup())
    on(el("setup-cancel"), "click", lambda e: close_setup())
    on(el("setup-play"), "click", lambda e: setup_play())
    on(el("setup-embed"), "click", lambda e: setup_embed())
    on(el("setup-link"), "click", lambda e: setup_link())
    on(el("setup-diagram"), "click", lambda e: setup_diagram())
    on(el("setup-clear"), "click", lambda e: api.set_up("input", "clear"))
    on(el("setup-start"), "click", lambda e: restart_setup())
    on(el("panel-setup"), "change", setup_changed)
    on(el("io-diagram"), "click", lambda e: B.download("asalto-position.svg", diagram_svg(), "image/svg+xml"))
