"""The game page printed (Ctrl+P): the board, the game's headers and its whole record with every
comment, none of the interface, nothing cut to the scrolling list's height."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from asalto_core.session import Session
from helpers import import_text, open_site


def twelve_commented_moves() -> str:
    """Twelve plies of Assault (each side's first legal move), each with a comment, headed."""
    session = Session.new("assault")
    for n in range(1, 13):
        session.play(session.game.board.legal_moves[0])
        session.game.comment(f"Note {n}.")
    return '[Event "Winter <lesson>"]\n[Site "Room 4"]\n' + session.record()


def test_printing_the_game_page_gives_the_board_the_headers_and_every_comment(page, server):
    record = twelve_commented_moves()
    plies = re.findall(r"\d+\.+\s(\S+)", record)
    open_site(page, server.url)
    import_text(page, record)
    page.emulate_media(media="print")
    page.evaluate("dispatchEvent(new Event('beforeprint'))")  # what the browser fires as it prints
    expect(page.locator("#board")).to_be_visible()
    for part in ("#controls", ".topbar", "#mode", "#status-box"):
        expect(page.locator(part)).to_be_hidden()
    headers = page.locator("#print-headers")
    expect(headers).to_contain_text("Event: Winter <lesson>")
    expect(headers).to_contain_text("Site: Room 4")
    record_shown = page.locator("#print-moves")
    expect(record_shown).to_contain_text(f"{{Note 10.}} 6. {plies[-1]}")
    expect(record_shown).to_contain_text("{Note 11.}")
    expect(record_shown).to_contain_text("{Note 12.}")
    # nothing clipped: the record and every box around it as tall as what they hold
    clipped = record_shown.evaluate(
        """node => { const out = [];
            for (let n = node; n && n !== document.documentElement; n = n.parentElement)
              if (n.scrollHeight > n.clientHeight + 1 && getComputedStyle(n).overflowY !== 'visible')
                out.push(n.id || n.tagName);
            return out; }"""
    )
    assert clipped == []
    assert page.pdf()[:5] == b"%PDF-"
