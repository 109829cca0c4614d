"""Lessons where teachers publish them: frames on another site whose storage the reader's browser
refuses, and the lesson kit ("Download for my site") hosted on the teacher's own site, offline."""

from __future__ import annotations

import json
import urllib.parse
from contextlib import contextmanager
from pathlib import Path

from conftest import CSP_WATCH, Console, Server

from helpers import ENGINE_MS

RECORD = '[Ruleset "assault"]\n\n1. d4-d5 {Forward.} c5-c6 2. b5-c5'


@contextmanager
def third_party_blocked(browser_type, browser_type_launch_args, tmp_path, console: Console):
    """A browser that blocks third-party storage (like a reader who turned it off), where only the
    local test servers (127.0.0.1 and localhost, two different sites) may be reached."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    prefs = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}
    (profile / "Default" / "Preferences").write_text(json.dumps(prefs))
    ctx = browser_type.launch_persistent_context(str(profile), **browser_type_launch_args)
    blocked: list[str] = []

    def route(r):
        if r.request.url.startswith(("http://127.0.0.1:", "http://localhost:")):
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    ctx.add_init_script(CSP_WATCH)
    ctx.on("page", console.attach)
    try:
        yield ctx
    finally:
        ctx.close()
    assert not blocked, blocked


def test_a_cross_site_frame_refused_storage_shows_no_error(browser_type, browser_type_launch_args, server, tmp_path):
    """The teacher's page on localhost, the frames from 127.0.0.1: third-party storage is refused,
    PyScript's IndexedDB open and the service worker are skipped, and nothing is reported."""
    console = Console()
    src = server.url + "embed.html?" + urllib.parse.urlencode({"record": RECORD, "ply": "1"})
    puzzle = server.url + "embed.html?" + urllib.parse.urlencode({"record": RECORD, "ply": "2", "puzzle": "1"})
    host = Server(root=tmp_path)
    page_text = (
        '<!doctype html><link rel="icon" href="data:,"><title>Lesson</title>'
        f'<iframe id="a" src="{src}" width="360" height="520"></iframe>'
        f'<iframe id="b" src="{puzzle}" width="360" height="520"></iframe>'
    )
    Path(tmp_path, "lesson.html").write_text(page_text)
    try:
        with third_party_blocked(browser_type, browser_type_launch_args, tmp_path, console) as ctx:
            page = ctx.new_page()
            page.goto(host.url.replace("127.0.0.1", "localhost") + "lesson.html")
            for fid in ("a", "b"):
                frame = page.frame_locator(f"#{fid}")
                frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
                assert frame.locator("html").get_attribute("data-storage") == "denied"
                assert frame.locator("#messages li").count() == 0
            game = page.frame_locator("#a")
            assert game.locator("#comment").inner_text() == "Forward."
            game.locator("#btn-forward").click()
            assert game.locator("body").get_attribute("data-ply") == "2"
            page.wait_for_timeout(4000)  # past the pause after which a page asks for offline use
            assert game.locator("html").get_attribute("data-offline") == "unavailable"
    finally:
        host.stop()
    assert not console.errors, console.errors
    assert not [line for line in console.lines if "Service Worker" in line or "IndexedDB" in line]
