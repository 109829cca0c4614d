"""French and German in the browser: no English word of the page's own is left on the main
page (its dialogs included) or in the embed view; the menu switches at once and keeps the game."""

from __future__ import annotations

import re

import pytest
from conftest import LOCAL
from playwright.sync_api import expect
from test_accessibility import violations, with_axe

from helpers import ENGINE_MS, choose, move_list, moves, open_site, play, press

# Words only the English page writes (proper names, ruleset names and move texts are allowed).
ENGLISH = (
    "Undo", "Redo", "New game", "Rules", "Moves", "click", "officers", "rebels", "Officers", "Rebels",
    "Start", "Close", "Loading", "Cancel", "Hint", "Flip", "Copy", "Download", "Language", "Draw",
    "You play", "level", "move", "How we read", "fortress", "huff", "Play", "Show the answer",
    "Back", "Forward", "Examples", "Custom rules", "win", "the ", " and ",
)  # fmt: skip
ALLOWED = ("Royal Garrison", "German Tactics", "Officers & Sepoys", "Asalto.lud")


def english_left(text: str) -> list[str]:
    for name in ALLOWED:
        text = text.replace(name, "")
    found = []
    for w in ENGLISH:
        m = re.search(r"(?<![\w-])" + re.escape(w.strip()) + r"(?![\w-])", text)
        if m:
            found.append(w + " in " + repr(text[max(0, m.start() - 40) : m.end() + 40]))
    return found


def visible(page) -> str:
    """The text a reader sees: the body's, and every open dialog's."""
    return page.evaluate(
        """() => {
            const box = document.getElementById('custom-message');  // the engine's words (AsaltoError)
            const kept = box ? box.textContent : '';
            if (box) box.textContent = '';
            const text = document.body.innerText + '\\n' +
                [...document.querySelectorAll('dialog[open]')].map(d => d.innerText).join('\\n');
            if (box) box.textContent = kept;
            return text;
        }"""
    )


@pytest.fixture
def context_for(browser, server, blocked, console):
    made = []

    def make(locale):
        ctx = browser.new_context(viewport={"width": 1100, "height": 900}, locale=locale)
        ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL) else r.abort())
        ctx.on("page", console.attach)
        made.append(ctx)
        return ctx

    yield make
    for ctx in made:
        ctx.close()
    assert not console.errors, "console errors:\n" + "\n".join(console.errors + console.lines[-20:])


@pytest.mark.parametrize(
    ("locale", "lang", "word"), [("fr-FR", "fr", "Règles"), ("de-DE", "de", "Regeln"), ("es-ES", "es", "Reglas")]
)
def test_the_main_page_in_the_browsers_language_has_no_english_left(context_for, server, locale, lang, word):
    page = context_for(locale).new_page()
    open_site(page, server.url)
    assert page.evaluate("document.documentElement.lang") == lang
    expect(page.locator("#btn-rules")).to_have_text(word)
    expect(page.locator("#lang-menu")).to_have_value(lang)
    play(page, "d4", "d5")
    texts = {"page": visible(page)}
    page.click("#btn-new")
    page.locator("#new-custom summary").click()
    texts["new game"] = visible(page)
    page.click("#dlg-new button[value=cancel]")
    press(page, "#btn-rules")
    page.locator("#dlg-rules details summary").click()
    texts["rules"] = visible(page)
    page.click("#dlg-rules button[value=close]")
    press(page, "#btn-io")
    texts["import/export"] = visible(page)
    page.click("#dlg-io button[value=close]")
    for where, text in texts.items():
        assert english_left(text) == [], where


@pytest.mark.parametrize("lang", ["fr", "de", "es"])
def test_the_embed_view_speaks_lang(context_for, server, lang):
    page = with_axe(context_for("en-US").new_page())
    record = "1. d4-d5 c5-d4 *"
    page.goto(server.url + f"embed.html?lang={lang}&ruleset=assault&ply=1&record={record}")
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    assert page.evaluate("document.documentElement.lang") == lang
    text = visible(page)
    assert english_left(text) == []
    assert violations(page) == []  # the buttons' names hold the words they show (Play: Lecture)
    page.goto(
        server.url
        + f"embed.html?lang={lang}&puzzle=1&answer=d4-d5"
        + "&position=assault%203/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR%20r%20-%201"
    )
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    page.click("#btn-answer")
    text = visible(page)
    assert english_left(text) == []


def switch(page, lang: str) -> None:
    """Choose a language in the menu; its words are on the page once its catalog came."""
    choose(page, "#lang-menu", lang)
    page.wait_for_function(f"document.documentElement.lang === '{lang}'", timeout=ENGINE_MS)


def labelled(page, selector: str, name: str) -> None:
    """An icon button's name, as a screen reader says it and its tooltip shows it."""
    expect(page.locator(selector)).to_have_attribute("aria-label", name)
    expect(page.locator(selector)).to_have_attribute("title", name)


def test_the_menu_switches_at_once_keeps_the_game_and_is_remembered(context_for, server):
    page = context_for("en-US").new_page()
    open_site(page, server.url)
    labelled(page, "#btn-undo", "Undo")
    play(page, "d4", "d5")
    expect(page.locator("body")).to_have_attribute("data-ply", "2", timeout=ENGINE_MS)  # casual's reply (MicroPython)
    before = moves(page)
    switch(page, "de")
    labelled(page, "#btn-undo", "Zug zurücknehmen")
    expect(move_list(page)).to_have_text(before)
    expect(page.locator("#status")).to_contain_text("Ihr Zug (Rebellen)")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    labelled(page, "#btn-undo", "Zug zurücknehmen")
    expect(move_list(page)).to_have_text(before)
    switch(page, "fr")
    labelled(page, "#btn-undo", "Reprendre le coup")
    expect(page.locator("html")).to_have_attribute("lang", "fr")


@pytest.mark.fresh_context  # what its first visit fetches
def test_a_page_loads_only_the_catalogs_it_shows(page, server):
    """English (every page's fallback) comes with the page (in its archive); another language when
    it is chosen; the rules texts (a third of a catalog) when the rules are first shown, in the
    page's language."""
    catalogs: list[str] = []
    page.on("request", lambda r: catalogs.append(r.url.rsplit("/", 1)[1]) if "/locale/" in r.url else None)
    open_site(page, server.url)
    play(page, "d4", "d5")
    assert catalogs == []
    switch(page, "fr")
    assert "fr.json" in catalogs and "de.json" not in catalogs and "es.json" not in catalogs
    assert page.title() == "Asalto : le jeu du siège"
    assert not [name for name in catalogs if "rules" in name]
    press(page, "#btn-rules")
    page.locator("#dlg-rules details summary").click()
    expect(page.locator("#rules-readings dt").first).to_be_visible()
    assert english_left(page.locator("#dlg-rules").inner_text()) == []
    assert [name for name in catalogs if "rules" in name] == ["fr.rules.json"]
    page.click("#dlg-rules button[value=close]")
    page.click("#btn-new")
    expect(page.locator("#new-ruleset-desc")).not_to_be_empty()
    assert english_left(page.locator("#new-ruleset-desc").inner_text()) == []
    assert [name for name in catalogs if "rules" in name] == ["fr.rules.json"]  # fetched once
