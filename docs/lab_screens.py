#!/usr/bin/env python3
"""Take the bot lab's screenshots (docs/screens/lab-*.png) from the built site, on a desktop
(1280x800) and a phone (390x844): two bots loaded (the course-format bot of the tests and a pasted
one that raises), a tournament of them played, then a game of the pasted bot against the beginner
level whose exception ends it.

    PYTHONPATH=pkg .venv/bin/python docs/lab_screens.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import LAUNCH_ARGS, Server, chromium_path  # noqa: E402 - after the path is set

OUT = ROOT / "docs" / "screens"
SIZES = {"desk": (1280, 800), "phone": (390, 844)}
SLOW = """import random


def choose(board):
    if len(board.move_stack) > 30:
        raise ValueError("out of ideas")
    return random.choice(list(board.legal_moves))
"""


def main() -> None:
    server = Server()
    kw = {"executable_path": chromium_path()} if chromium_path() else {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(args=LAUNCH_ARGS, **kw)
            for size, (w, h) in SIZES.items():
                page = browser.new_context(viewport={"width": w, "height": h}).new_page()
                page.goto(server.url + "lab/")
                page.wait_for_selector("body[data-ready=yes]", timeout=120_000)
                page.set_input_files("#file", str(ROOT / "tests" / "bots" / "course_player.py"))
                page.fill("#name", "tired.py")
                page.fill("#source", SLOW)
                page.click("#load")
                page.wait_for_selector("#bots li[data-status=ready] >> nth=1", timeout=120_000)
                page.click("#tournament")
                page.wait_for_selector("#crosstable[data-done=yes]", timeout=300_000)
                page.select_option("#rebels", "tired.py")
                page.select_option("#officers", "level:beginner")
                page.click("#play")
                page.wait_for_selector("#status[data-state=thinking]", timeout=60_000)  # the new game began
                page.wait_for_selector("#status[data-state=over]", timeout=300_000)
                page.screenshot(path=str(OUT / f"lab-{size}.png"), full_page=size == "phone")
                page.context.close()
            browser.close()
    finally:
        server.stop()
    print("docs/screens/lab-desk.png, docs/screens/lab-phone.png")


if __name__ == "__main__":
    main()
