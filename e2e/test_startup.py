"""Every start finishes, from the site's own files: reloads at any moment of a first visit."""

from __future__ import annotations

import pytest
from conftest import watched

from helpers import ENGINE_MS

# Seconds into a first visit at which the player reloads; each four times (20 first visits).
RELOAD_AT = (0, 0.3, 0.8, 1.5, 3)
ROUNDS = 4


@pytest.mark.parametrize("at", RELOAD_AT)
def test_a_page_reloaded_during_its_first_visit_starts_from_the_sites_own_files(browser, server, console, at):
    for _ in range(ROUNDS):
        blocked: list[str] = []
        ctx = watched(browser.new_context(viewport={"width": 1100, "height": 900}), blocked, console)
        try:
            page = ctx.new_page()
            page.goto(server.url, wait_until="commit")
            page.wait_for_timeout(at * 1000)
            page.reload(wait_until="commit")
            page.wait_for_selector("body[data-board=ready]", timeout=ENGINE_MS)
            assert not blocked, f"requests left the site after a reload at {at} s: {blocked}"
        finally:
            ctx.close()
    # A reload while PyScript fetches the page's files aborts them: the page left says so (its
    # fetch failed); only the page that follows has to start.
    errors = [e for e in console.errors if not e.startswith("FetchError: (PY0001)")]
    assert not errors, "console errors:\n" + "\n".join(errors + console.lines[-20:])
