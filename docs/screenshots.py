#!/usr/bin/env python3
"""Take the README's screenshots from the built site (run ``python3 tasks.py build`` first).

    .venv/bin/python docs/screenshots.py

Serves ``dist/`` on a local port, plays a few moves on the main page and opens the
embed view of the example game, with the same Chromium the browser tests use.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import LAUNCH_ARGS, chromium_path  # noqa: E402 - after the path is set

MOVES = [("d4", "d5"), ("c5", "c6"), ("b5", "c5"), ("e5", "e6"), ("e3", "d4")]


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:  # noqa: A002 - the base class's name
        pass


def main() -> None:
    handler = functools.partial(Quiet, directory=str(ROOT / "dist"))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(url)
        page.wait_for_function("Number(document.body.dataset.synced || 0) > 0", timeout=120000)
        page.click("#btn-new")
        page.select_option("#new-ruleset", "assault")
        page.check('#dlg-new input[name="mode"][value="humans"]')
        page.click("#new-start")
        page.wait_for_function("document.body.dataset.ply === '0'")
        for n, (a, b) in enumerate(MOVES, 1):
            page.click(f'#board .point[data-point="{a}"]')
            page.click(f'#board .point[data-point="{b}"]')
            page.wait_for_function(f"document.body.dataset.ply === '{n}'")
        page.wait_for_timeout(400)  # the last move's animation
        page.screenshot(path=str(ROOT / "docs" / "screenshot.png"))
        embed = browser.new_page(viewport={"width": 380, "height": 660})
        embed.goto(url + "embed.html?record-url=examples/assault-double-jump.txt&ply=9")
        embed.wait_for_selector("body[data-embed=ready]", timeout=120000)
        embed.screenshot(path=str(ROOT / "docs" / "embed.png"))
        browser.close()
    httpd.shutdown()
    print("wrote docs/screenshot.png and docs/embed.png")


if __name__ == "__main__":
    main()
