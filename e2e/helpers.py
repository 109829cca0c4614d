"""Driving the page the way a player does: clicks on points, buttons, dialogs."""

from __future__ import annotations

import contextlib
import json
import urllib.parse

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect
from time_factor import ms  # tests/time_factor.py: ASALTO_TIME_FACTOR

from asalto_core import Position

ENGINE_MS = ms(60000)
DEFAULT_MS = ms(30_000)  # Playwright's own default for every action, wait and expect


# An address of an origin that no local server has a page at: a page the tests take there is
# answered by the browser (empty_page); the warm context's keeper stays there (the server's 404).
# Outside the service worker's scope.
NO_PAGE = "/kept-open"
EMPTY = '<!doctype html><link rel="icon" href="data:,"><title>empty</title>'


def empty_page(page, origin: str, wait_until: str = "load") -> None:
    """``page`` gone to NO_PAGE at ``origin``, an empty page that runs no script, answered by the
    browser (no server asked)."""
    url = origin + NO_PAGE
    page.route(url, lambda route: route.fulfill(body=EMPTY, content_type="text/html"))
    page.goto(url, wait_until=wait_until)


def leave(page) -> None:
    """Close ``page`` as a reader leaves it: first it goes to an empty page of its own origin
    (empty_page), which runs its handlers for leaving (the game's save on pagehide, the study's
    on visibilitychange) to their end before the navigation commits. A page closed at once has
    them cut off after half a second, and on a busy machine their writes may land after the
    next page or test has read or cleared the store. A page that cannot go (crashed, not at an
    http address) is closed as it is."""
    address = urllib.parse.urlsplit(page.url)
    if address.scheme in ("http", "https"):
        with contextlib.suppress(PlaywrightError):
            empty_page(page, f"{address.scheme}://{address.netloc}", wait_until="commit")
    page.close()


def write_stored(context, origin: str, key: str, text: str) -> None:
    """Store ``text`` under ``key`` from a page of the site's origin that runs no page code
    (empty_page): from the game page itself the write would race with its own saves. The writing
    page stays open until the test ends: a page closed at once has its renderer shut down, and a
    long value still on its way to the browser's store went with it (the next page found nothing
    stored)."""
    blank = context.new_page()
    empty_page(blank, origin)
    blank.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])


def open_site(page, url: str) -> None:
    """Load the page and wait until the engine has answered with the game's view."""
    page.goto(url)
    expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=ENGINE_MS)


def synced(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.synced || 0)"))


def wait_synced_after(page, before: int, timeout: int = ENGINE_MS) -> None:
    page.wait_for_function(f"Number(document.body.dataset.synced || 0) > {before}", timeout=timeout)


def until_equal(page, js: str, want, timeout: int = DEFAULT_MS) -> None:
    """Until the page's function ``js`` returns ``want`` (compared as JSON: lists and plain values):
    expect's retrying, for what only a script reads; it fails with the last value read."""
    try:
        page.wait_for_function(
            f"want => JSON.stringify(({js})()) === want",
            arg=json.dumps(want, separators=(",", ":"), ensure_ascii=False),
            timeout=timeout,
        )
    except PlaywrightTimeoutError:
        raise AssertionError(f"{page.evaluate(js)!r} != {want!r}, read by {js}") from None


def reach(page, selector: str) -> None:
    """Open the menu if the control is in it (as a player must), else nothing."""
    in_menu = page.locator(f"#menu {selector}").count() > 0
    if in_menu and not page.evaluate("document.querySelector('#menu').matches(':popover-open')"):
        page.click("#btn-menu")
        page.wait_for_selector("#menu:popover-open")


def press(page, selector: str) -> None:
    """Press a button of the page as a player does: one in the menu after opening the menu."""
    reach(page, selector)
    page.click(selector)


def choose(page, selector: str, value: str) -> None:
    """Choose in a menu (<select>) of the page, as ``press`` presses."""
    reach(page, selector)
    page.select_option(selector, value)


def click_point(page, point: str) -> None:
    page.click(f'#board .point[data-point="{point}"]')


def play(page, *points: str) -> None:
    """Click the points of one move and wait until the engine has played it."""
    before = synced(page)
    for p in points:
        click_point(page, p)
    wait_synced_after(page, before)


def move_list(page):
    """The move list's moves (without the numbers), for ``expect``: to_have_text([...]), to_have_count(n)."""
    return page.locator('#moves tbody tr:not(.variation) button:not([data-ply="0"])')


def moves(page) -> list[str]:
    """The move list as shown, without the numbers."""
    return move_list(page).all_inner_texts()


def drawn(page) -> None:
    """Until the game page has drawn every part asked for (its body's data-drawing is empty): what is
    read then is the frame's whole picture, and a check that something is absent can fail."""
    expect(page.locator("body")).to_have_attribute("data-drawing", "")


def pieces(page) -> dict[str, str]:
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#board .piece:not(.gone)')]
            .map(n => [n.dataset.piece, n.classList.contains('officer') ? 'O' : 'R']))"""
    )


def targets(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll('#board .point.target')].map(n => n.dataset.point)")


def choose_mode(page, mode: str, side: str = "") -> None:
    """In the open New game dialog: the page's modes (``officers`` and ``rebels``: the player's
    side against the computer; ``humans``, ``watch``, ``friend``) as its opponent and side buttons."""
    if mode in ("officers", "rebels"):
        mode, side = "ai", mode
    page.check(f'#dlg-new input[name="mode"][value="{mode}"]')
    if side:
        page.check(f'#dlg-new input[name="side"][value="{side}"]')


def new_game(page, ruleset: str, mode: str, level: str = "beginner") -> None:
    """Start a game from the dialog and wait for its view (not an AI reply to the old game)."""
    before = int(page.evaluate("Number(document.body.dataset.games || 0)"))
    press(page, "#btn-new")
    page.select_option("#new-ruleset", ruleset)
    choose_mode(page, mode)
    if mode != "humans":
        page.check(f'#dlg-new input[name="level"][value="{level}"]')
    page.click("#new-start")
    page.wait_for_function(f"Number(document.body.dataset.games || 0) > {before}", timeout=ENGINE_MS)


def put_text(page, selector: str, text: str) -> None:
    """What ``page.fill`` does, for a text of any length: the field's value set by script, then the
    input event fill fires (the page's own handlers read the value as from fill). Fill enters text
    through the browser's input machinery: 20 s for 70 kB on a quiet machine, minutes on a busy one."""
    field = page.locator(selector)
    expect(field).to_be_editable()  # fill's own wait: the field is there, shown and enabled
    field.evaluate(
        """(el, text) => { el.focus(); el.value = text;
            el.dispatchEvent(new InputEvent("input", {bubbles: true, inputType: "insertText"})); }""",
        text,
    )


def import_text(page, text: str) -> None:
    before = synced(page)
    press(page, "#btn-io")
    put_text(page, "#io-text", text)
    page.click("#io-load")
    wait_synced_after(page, before)
    page.click("#dlg-io button[value=close]")


def past_the_book(page, ruleset: str = "assault") -> None:
    """In a game where the computer plays the side that moves second, play the first side's moves
    (the first legal step each time, in the game on the page) until the computer's reply is no
    longer from its opening book: it is searching when this returns. A move the test made before
    counts; each move waits for the computer's reply to the one before (a click in its turn is no
    move, and a busy machine may bring the reply before or after the test looks)."""
    for n in range(1, 4):  # the book covers the computer's first two replies (asalto_core.book.MOVES)
        before = 2 * n - 2  # plies before the first side's n-th move
        page.wait_for_function(f"Number(document.body.dataset.ply || 0) >= {before}", timeout=ENGINE_MS)
        if int(page.evaluate("Number(document.body.dataset.ply || 0)")) > before:
            continue  # the test played this move itself
        position = Position.start(ruleset)
        for played in moves(page):
            position = position.play(played)
        move = next(m for m in position.legal_moves if not m.huff)
        play(page, *move.path)


# The choices of the selects a selector matches, measured in each select's own font against its
# room: its inner width less its padding and its arrow (about 1.5em).
CHOICES_CUT = """(css) => [...document.querySelectorAll(css)].flatMap((s) => {
  const pen = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(s);
  pen.font = style.font;
  const px = (name) => parseFloat(style[name]);
  const room = s.clientWidth - px('paddingLeft') - px('paddingRight') - 1.5 * px('fontSize');
  const cut = [...s.options].filter((o) => pen.measureText(o.textContent).width > room);
  return cut.map((o) => s.id + ': ' + o.textContent);
})"""


def cut_choices(page, css: str) -> list[str]:
    """The choices that the closed selects ``css`` matches would show cut ("id: text" each)."""
    return page.evaluate(CHOICES_CUT, css)
