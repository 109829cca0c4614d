"""Every start finishes, from the site's own files: reloads at any moment of a first visit."""

from __future__ import annotations

import pytest
from conftest import Console, watched
from playwright.sync_api import expect

from helpers import ENGINE_MS

# Seconds into a first visit at which the player reloads; each four times (20 first visits).
RELOAD_AT = (0, 0.3, 0.8, 1.5, 3)
ROUNDS = 4


# Each document keeps the breaches of its Content-Security-Policy (a CDN's MicroPython refused).
VIOLATIONS = """window.violations = [];
document.addEventListener("securitypolicyviolation", (e) => window.violations.push(e.blockedURI));"""


@pytest.mark.parametrize("at", RELOAD_AT)
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
            page.wait_for_timeout(at * 1000)
            page.reload(wait_until="commit")
            errors: list[str] = []
            page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
            expect(page.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
            assert not blocked, f"requests left the site after a reload at {at} s: {blocked}"
            assert page.evaluate("window.violations") == []
            assert not errors, errors
        finally:
            ctx.close()
