"""Every start finishes, from the site's own files: reloads at every stage of a first visit."""

from __future__ import annotations

import pytest
from conftest import Console, watched
from playwright.sync_api import expect

from helpers import ENGINE_MS

# The stages of a first visit at which the player reloads, each by the page's own marks (boot.js,
# bridge.js, main.py), not by seconds: a busy machine reaches a stage later, never skips one. Each
# four times (20 first visits).
RELOAD_AT = {
    "commit": "true",  # the first bytes of the page
    "pyscript": "'pyscript' in (window.asaltoMarks || {})",  # PyScript and the light AI's worker asked for
    "mpy": "'mpy' in (window.asaltoMarks || {})",  # the page's MicroPython runs its entry
    "board": "document.body && document.body.dataset.board === 'ready'",  # up, the offline copy not yet asked
    "offline copy": "navigator.serviceWorker.getRegistration().then((r) => !!r)",  # its worker copying
}
ROUNDS = 4


# Each document keeps the breaches of its Content-Security-Policy (a CDN's MicroPython refused).
VIOLATIONS = """window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.blockedURI));"""


@pytest.mark.parametrize("at", list(RELOAD_AT))
def test_a_page_reloaded_during_its_first_visit_starts_from_the_sites_own_files(browser, server, at):
    """The page that follows the reload starts, asks no other site for anything and has nothing
    refused. (The page reloaded away reports its own aborted fetches: those are not looked at.)"""
    for _ in range(ROUNDS):
        blocked: list[str] = []
        ctx = watched(browser.new_context(viewport={"width": 1100, "height": 900}), blocked, Console())
        ctx.add_init_script(VIOLATIONS)
        try:
            page = ctx.new_page()
            page.goto(server.url, wait_until="commit")
            # A player reloads the page they see: Playwright's commit can come while the tab's
            # document is still its first about:blank, whose reload is no visit of the site.
            page.wait_for_function("location.href !== 'about:blank'")
            page.wait_for_function(RELOAD_AT[at], polling=10)
            page.reload(wait_until="commit")
            errors: list[str] = []
            page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
            expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
            assert not blocked, f"requests left the site after a reload at {at}: {blocked}"
            assert page.evaluate("window.violations") == []
            assert not errors, errors
        finally:
            ctx.close()
