"""The page as a player meets it: the board at first paint, a first move before the AI's Pyodide
is up, each mark its own look, motion (and none under reduced motion), both themes clean under
axe, the menu by keyboard, a teacher's coloured arrows over the pieces."""

from __future__ import annotations

import pytest
from conftest import CSP_WATCH, LOCAL
from playwright.sync_api import expect
from test_accessibility import violations, with_axe

from helpers import ENGINE_MS, choose, import_text, move_list, new_game, open_site, play, press, reach


def test_the_board_is_there_before_any_script_runs(browser, server):
    """The build draws the start position into the HTML: with scripts off, it is all there."""
    context = browser.new_context(java_script_enabled=False, viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        page.goto(server.url)
        expect(page.locator("#board .piece.rebel")).to_have_count(24)
        expect(page.locator("#board .piece.officer")).to_have_count(2)
        expect(page.locator("#board .point")).to_have_count(33)
        box = page.locator("#board").bounding_box()
        assert box["width"] > 500 and box["y"] + box["height"] <= 720  # the whole board, above the fold
        for button in ("#btn-new", "#btn-undo", "#btn-menu", "#nav-first"):  # nothing works before the page is up
            expect(page.locator(button), button).to_be_disabled()
    finally:
        context.close()


def test_a_newcomer_moves_before_pyodide_has_loaded(browser, server):
    """A first visit plays the side that moves first against the computer: the first move is
    made while the AI's Pyodide is still on its way (its files are held back here)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    held = []
    context.route("**/pyodide/**", lambda route: held.append(route))  # never answered while the test runs
    context.route(lambda url: not url.startswith(LOCAL), lambda route: route.abort())
    context.add_init_script(CSP_WATCH)
    try:
        page = context.new_page()
        open_site(page, server.url)
        expect(page.locator("#welcome")).to_be_visible()
        expect(page.locator("#player-bottom")).to_contain_text("You", use_inner_text=True)
        expect(page.locator("#player-bottom")).to_contain_text("Rebels", use_inner_text=True)
        # A screen reader hears each side's card as one sentence.
        expect(page.locator("#player-bottom")).to_have_attribute(
            "aria-label", "Rebels, You, 24 rebels on the board, to move"
        )
        play(page, "d4", "d5")
        # The player's move is in the list (the computer's reply from its book may follow it
        # before this looks: a busy machine ran the page ahead of the test).
        expect(move_list(page).first).to_have_text("d4-d5")
        expect(page.locator("body")).not_to_have_attribute("data-engine", "ready")
        expect(page.locator("#welcome")).to_be_hidden()  # the game has begun
    finally:
        for route in held:
            route.abort()
        context.close()


MARK_KINDS = {
    "last": '<rect class="m-last" width="80" height="80"/>',
    "last-path": '<polyline class="last-path" points="0,0 100,0"/>',
    "selected": '<circle class="m-selected" r="42"/>',
    "target": '<circle class="m-target" r="14"/>',
    "chain": '<polyline class="chain-path" points="0,0 100,0"/>',
    "huffable": '<circle class="m-huffable" r="42"/>',
    "huffing": '<g class="m-huffing"><circle r="42"/></g>',
    "captured": '<path class="m-captured" d="M0 0L10 10"/>',
    "hint": '<g class="arrow engine"><polyline points="0,0 100,0"/></g>',
    "teacher-green": '<g class="arrow"><polyline points="0,0 100,0"/></g>',
    "teacher-red": '<g class="arrow c-red"><polyline points="0,0 100,0"/></g>',
    "teacher-blue": '<g class="arrow c-blue"><polyline points="0,0 100,0"/></g>',
    "teacher-yellow": '<g class="arrow c-yellow"><polyline points="0,0 100,0"/></g>',
    "cursor": '<rect class="m-cursor" width="88" height="88"/>',
}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_each_mark_has_a_look_of_its_own(browser, server, scheme):
    """Every kind of mark, drawn with the page's own style sheet, differs from every other in
    colour or shape (stroke, fill, dashes), in both themes."""
    context = browser.new_context(color_scheme=scheme)
    try:
        page = context.new_page()
        open_site(page, server.url)
        looks = page.evaluate(
            """(kinds) => {
                const layer = document.querySelector('#board .layer-markers');
                const out = {};
                for (const [kind, svg] of Object.entries(kinds)) {
                    layer.innerHTML = svg;
                    let node = layer.firstElementChild;
                    if (node.tagName === 'g') node = node.firstElementChild;
                    const s = getComputedStyle(node);
                    out[kind] = [s.stroke, s.fill, s.fillOpacity, s.strokeDasharray, s.strokeWidth].join(' | ');
                }
                layer.innerHTML = '';
                return out;
            }""",
            MARK_KINDS,
        )
        assert len(set(looks.values())) == len(looks), looks
    finally:
        context.close()


def test_pieces_slide_and_stand_still_under_reduced_motion(browser, server):
    for motion, moving in (("no-preference", True), ("reduce", False)):
        context = browser.new_context(reduced_motion=motion)
        try:
            page = context.new_page()
            open_site(page, server.url)
            new_game(page, "assault", "humans")
            page.evaluate("document.querySelector('#board .piece[data-piece=\"d4\"]').dataset.tag = 'mine'")
            play(page, "d4", "d5")
            piece = page.locator('#board .piece[data-piece="d5"]')
            assert piece.get_attribute("data-tag") == "mine"  # the same piece, moved: it slides
            duration = piece.evaluate("n => getComputedStyle(n).transitionDuration")
            assert (duration != "0s") == moving, (motion, duration)
        finally:
            context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_both_themes_are_accessible(browser, server, scheme):
    context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 720})
    try:
        page = with_axe(context.new_page())
        open_site(page, server.url)
        new_game(page, "asalto", "humans")
        play(page, "c5", "e5")
        page.click('#board .point[data-point="d4"]')
        assert violations(page) == []
        page.click("#btn-menu")
        page.wait_for_selector("#menu:popover-open")
        assert violations(page) == []
    finally:
        context.close()


def test_the_theme_chosen_is_kept(page, server):
    open_site(page, server.url)
    choose(page, "#theme-menu", "dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    expect(page.locator("body")).to_have_css("background-color", "rgb(23, 19, 15)")


def test_the_menu_by_keyboard(page, server):
    open_site(page, server.url)
    page.focus("#btn-menu")
    page.keyboard.press("Enter")
    page.wait_for_selector("#menu:popover-open")
    expect(page.locator("#btn-menu")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    page.wait_for_selector("#menu:not(:popover-open)", state="attached")
    page.focus("#btn-menu")
    page.keyboard.press("Enter")
    page.click("#btn-rules")  # a command closes the menu and does its work
    page.wait_for_selector("#dlg-rules[open]")
    expect(page.locator("#menu:popover-open")).to_have_count(0)


def test_a_teachers_coloured_arrows_lie_over_the_pieces(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    import_text(page, "1. d4-d5 {[%arrows Rc5-c6,Bd5-d6,e3-e4] [%points Ye5] Three ideas.} *")
    page.click('#moves button[data-ply="1"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    over = page.locator("#board .layer-over .arrow")
    assert sorted(over.evaluate_all("ns => ns.map(n => n.getAttribute('class'))")) == [
        "arrow",
        "arrow c-blue",
        "arrow c-red",
    ]
    expect(page.locator('#board .m-highlight.c-yellow[data-mark="e5"]')).to_have_count(1)


def test_right_drag_with_shift_draws_a_red_arrow(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    play(page, "d4", "d5")
    press(page, "#btn-annotate")
    start = page.locator('#board .point[data-point="c5"]').bounding_box()
    end = page.locator('#board .point[data-point="c6"]').bounding_box()
    page.keyboard.down("Shift")
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down(button="right")
    page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=4)
    page.mouse.up(button="right")
    page.keyboard.up("Shift")
    page.wait_for_selector("#board .layer-over .arrow.c-red", timeout=ENGINE_MS)
    expect(page.locator("#board .layer-over .arrow.c-red")).to_have_attribute("data-move", "c5-c6")


def test_on_a_phone_the_board_stays_in_view_while_browsing(browser, server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        open_site(page, server.url)
        new_game(page, "assault", "humans")
        play(page, "d4", "d5")
        play(page, "c5", "c6")
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        page.click('#moves button[data-ply="1"]')
        expect(page.locator("body")).to_have_attribute("data-ply", "1")
        board = page.locator("#board").bounding_box()
        assert board["y"] >= -1 and board["y"] + board["height"] <= 844  # still wholly on screen
        toolbar = page.locator(".toolbar").bounding_box()
        assert toolbar["y"] + toolbar["height"] <= 844 + 1
    finally:
        context.close()


def test_the_new_game_dialog_fits_a_phone_in_german(browser, server):
    """House rules' long menus stay inside a 390-px screen; the dialog scrolls inside itself."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE", has_touch=True)
    try:
        page = context.new_page()
        open_site(page, server.url)
        page.click("#btn-new")
        page.wait_for_selector("#dlg-new[open]")
        page.click("#new-custom summary")
        widest = page.evaluate(
            """() => Math.max(...[...document.querySelectorAll('#dlg-new select, #dlg-new label, #dlg-new p')]
                .map(n => n.getBoundingClientRect().right))"""
        )
        assert widest <= 390
        box = page.locator("#dlg-new").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844
        assert page.evaluate(
            "document.querySelector('#dlg-new').scrollHeight > document.querySelector('#dlg-new').clientHeight"
        )
        # A long choice may be cut in its closed menu: the menu's title says it whole, after a change too.
        shown = page.evaluate(
            """() => [...document.querySelectorAll('#custom-options select')].map(s =>
                [s.options[s.selectedIndex].textContent, s.title])"""
        )
        assert shown and all(full == title for full, title in shown)
        menu = page.locator("#custom-options select").first
        last = menu.locator("option").last
        menu.select_option(last.get_attribute("value"))
        expect(menu).to_have_attribute("title", last.inner_text())
    finally:
        context.close()


def test_the_comment_on_the_move_shown_is_read_beside_the_board(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    evil = '<img src=x onerror="window.__pwned=1">'
    import_text(page, "1. d4-d5 {The rebels open. " + evil + "} c5-c6 *")
    page.click('#moves button[data-ply="1"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    expect(page.locator("#move-comment")).to_have_text("The rebels open. " + evil)  # as text, never markup
    expect(page.locator("#move-comment img")).to_have_count(0)
    page.click('#moves button[data-ply="2"]')
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    expect(page.locator("#move-comment")).to_be_hidden()


def test_what_happened_is_said_beside_the_board_in_view(page, server):
    """A hint's words sit in the panel beside the board, not under it below the fold."""
    page.set_viewport_size({"width": 1280, "height": 720})
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    press(page, "#btn-hint")
    page.wait_for_function("document.querySelector('#message').textContent.startsWith('Hint: ')", timeout=ENGINE_MS)
    box = page.locator("#message").bounding_box()
    board = page.locator("#board").bounding_box()
    assert box["x"] > board["x"] + board["width"] and box["y"] + box["height"] <= 720
    toolbar = page.locator(".toolbar").bounding_box()
    assert toolbar["y"] + toolbar["height"] <= 720  # the toolbar too: nothing needed is below the fold


def test_sounds_are_off_until_turned_on(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    page.evaluate(
        """() => { window.__sounds = []; const play = asaltoBridge.sound;
                   asaltoBridge.sound = (kind) => { window.__sounds.push(kind); return play(kind); }; }"""
    )
    play(page, "d4", "d5")
    assert page.evaluate("window.__sounds") == []
    reach(page, "#sound-toggle")
    page.check("#sound-toggle")
    play(page, "c5", "d4")
    play(page, "c4", "c5")
    play(page, "d4", "d6")  # a capture: the officer jumps d5
    assert page.evaluate("window.__sounds") == ["move", "move", "capture"]


def test_flip_is_a_pressed_button_and_the_f_key_flips_from_anywhere_but_a_field(page, server):
    open_site(page, server.url)
    new_game(page, "assault", "humans")
    top = page.locator("#player-top")
    expect(page.locator("#btn-flip")).to_have_attribute("aria-pressed", "false")
    before = top.inner_text()
    page.click("#btn-flip")
    expect_pressed = "document.querySelector('#btn-flip').getAttribute('aria-pressed') === '{}'"
    page.wait_for_function(expect_pressed.format("true"))
    expect(top).not_to_have_text(before, use_inner_text=True)
    for target, key in (("body", "f"), ("#board", "f"), ("#btn-undo", "f"), ("body", "Shift+F")):
        page.focus(target) if target != "body" else page.evaluate("document.activeElement.blur()")
        was = page.get_attribute("#btn-flip", "aria-pressed")
        page.keyboard.press(key)
        page.wait_for_function(expect_pressed.format("false" if was == "true" else "true"))


def test_a_dialogs_labels_keep_clear_of_their_menus_focus_ring(browser, server):
    """1280x720 in German: 'Regeln' and 'KI-Stufe' stand clear of their menus, so the focus ring
    drawn round a focused menu does not touch its label (a word's space was all between them)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="de-DE")
    try:
        page = context.new_page()
        open_site(page, server.url)
        page.click("#btn-new")
        expect(page.locator("#dlg-new")).to_be_visible()
        gaps = page.evaluate(
            """() => [...document.querySelectorAll('#dlg-new label > span + select')].flatMap(s => {
                const menu = s.getBoundingClientRect(), label = s.previousElementSibling.getBoundingClientRect();
                return menu.width && menu.top < label.bottom ? [menu.left - label.right] : [];  // on one line
            })"""
        )
        assert gaps and min(gaps) >= 6, gaps
    finally:
        context.close()
