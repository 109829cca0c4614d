#!/usr/bin/env python3
"""Take the puzzle trainer's screenshots (docs/screens/puzzles-*.png): a chain capture of several
moves after the computer's reply, with a player's rating and streak, and the history view (a
player's forty tries: per theme, the rating over time, the failed ones to replay), on a desktop
(1280x720) and a phone (390x844), in the light and the dark theme, from the built site.

    PYTHONPATH=pkg .venv/bin/python docs/trainer_screens.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from conftest import LAUNCH_ARGS, Server, chromium_path  # noqa: E402 - after the path is set

OUT = ROOT / "docs" / "screens"
SIZES = {"desk": (1280, 720), "phone": (390, 844)}
PROFILE = {"rating": 1487, "rd": 90.0, "streak": 3, "best": 7, "solved": 24, "failed": 9, "tried": []}
TRIES = 40  # the history's player: this many tries, nearest their rating, a miss every third


def trainer_state():
    """The trainer's pure state (site/puzzles/state.py), imported by its package."""
    sys.path.insert(0, str(ROOT / "site"))  # the pages' packages
    from puzzles import state

    return state


def history_profile() -> dict:
    """A player who tried TRIES puzzles, each the trainer's next, and missed every third."""
    ts = trainer_state()
    puzzles, _, _ = ts.read_set((ROOT / "site" / "puzzles" / "puzzles.json").read_text())
    profile = ts.fresh_profile()
    for i in range(TRIES):
        puzzle = ts.next_puzzle(puzzles, profile)
        profile = ts.record_result(profile, puzzle, i % 3 != 2)
    return profile


def chain_puzzle() -> dict:
    """The first Assault puzzle of three moves or more whose first move is a chain capture."""
    puzzles = json.loads((ROOT / "site" / "puzzles" / "puzzles.json").read_text())["puzzles"]
    return next(
        p
        for p in puzzles
        if p["position"].startswith("assault") and len(p["line"]) >= 3 and p["line"][0].count("x") >= 2
    )


def main() -> None:
    puzzle = chain_puzzle()
    server = Server()
    kw = {"executable_path": chromium_path()} if chromium_path() else {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(args=LAUNCH_ARGS, **kw)
            for size, (w, h) in SIZES.items():
                for scheme in ("light", "dark"):
                    ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme)
                    ctx.add_init_script(f"localStorage.setItem('asalto.puzzles.v1', {json.dumps(json.dumps(PROFILE))})")
                    page = ctx.new_page()
                    page.goto(server.url + f"puzzles.html?id={puzzle['id']}")
                    page.wait_for_selector("body[data-board=ready]", timeout=60000)
                    for point in puzzle["line"][0].replace("x", "-").split("-"):
                        page.click(f'#board .point[data-point="{point}"]')
                    page.wait_for_selector('body[data-ply="2"]', timeout=60000)  # the computer answered
                    page.wait_for_timeout(400)
                    page.screenshot(path=str(OUT / f"puzzles-{size}-{scheme}.png"))
                    ctx.close()
                    ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme)
                    ctx.add_init_script(
                        f"localStorage.setItem('asalto.puzzles.v1', {json.dumps(json.dumps(history_profile()))})"
                    )
                    page = ctx.new_page()
                    page.goto(server.url + "puzzles.html")
                    page.wait_for_selector("body[data-board=ready]", timeout=60000)
                    page.click("#btn-history")
                    page.wait_for_selector("body[data-view=history]")
                    page.mouse.move(w / 2, h - 1)  # no hover on the button pressed
                    page.screenshot(path=str(OUT / f"puzzles-history-{size}-{scheme}.png"))
                    ctx.close()
            browser.close()
    finally:
        server.stop()
    print(f"puzzle {puzzle['id']}: docs/screens/puzzles-*.png; the history: docs/screens/puzzles-history-*.png")


if __name__ == "__main__":
    main()
