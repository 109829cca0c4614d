#!/usr/bin/env python3
"""Take the bot lab's screenshots (lab-SIZE.png, lab-SIZE-dark.png, in docs/screens or the folder given) from
the built site, on a desktop (1280x720) and a phone (390x844), light and dark: two bots loaded (the
course-format bot of the tests and a pasted one that raises), a tournament of them with the greedy
example and the beginner level (its table with Elo and the crosstable), then a game of the pasted bot
against the beginner level whose exception ends it.

    PYTHONPATH=pkg .venv/bin/python docs/lab_screens.py [FOLDER]
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import LAUNCH_ARGS, Server, chromium_path  # noqa: E402 - after the path is set

OUT = ROOT / "docs" / "screens"
SIZES = {"desk": (1280, 720), "phone": (390, 844)}
SCHEMES = {"light": "", "dark": "-dark"}  # each screenshot's name ends
ENTRANTS = ("examples:greedy", "level:beginner")  # ticked beside the two loaded bots
SLOW = """import random


def choose(board):
    if len(board.move_stack) > 30:
        raise ValueError("out of ideas")
    return random.choice(list(board.legal_moves))
"""


def main() -> None:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    out.mkdir(parents=True, exist_ok=True)
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
                for name in ENTRANTS:
                    page.locator("#entrant-list label", has_text=name).locator("input").check()
                page.fill("#seconds", "1")
                page.click("#tournament")
                page.wait_for_selector("#crosstable[data-done=yes]", timeout=300_000)
                page.select_option("#rebels", "tired.py")
                page.select_option("#officers", "level:beginner")
                page.click("#play")
                page.wait_for_selector("#status[data-state=thinking]", timeout=60_000)  # the new game began
                page.wait_for_selector("#status[data-state=over]", timeout=300_000)
                for scheme, end in SCHEMES.items():
                    page.emulate_media(color_scheme=scheme)
                    page.evaluate("window.scrollTo(0, 0)")  # from the top bar (Play scrolled the page)
                    page.screenshot(path=str(out / f"lab-{size}{end}.png"), full_page=True)
                page.context.close()
            browser.close()
    finally:
        server.stop()
    print(", ".join(str(out / f"lab-{size}{end}.png") for size in SIZES for end in SCHEMES.values()))


if __name__ == "__main__":
    main()
