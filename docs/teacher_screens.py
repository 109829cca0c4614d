#!/usr/bin/env python3
"""Take the teachers' screenshots (docs/screens/): a study beside the board (its chapters beside it,
Annotate off: study-beside-*; Annotate on, the study's panel: study-*), a puzzle and a sheet, on a
desktop (1280x720) and a phone (390x844), in the light and the dark theme, from the built site.

    PYTHONPATH=pkg .venv/bin/python docs/teacher_screens.py
"""

from __future__ import annotations

import html
import sys
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "e2e"), str(ROOT / "tests")]  # the browser tests' helpers and their time factor

from conftest import LAUNCH_ARGS, Server, chromium_path  # noqa: E402 - after the path is set

from asalto_core import Game  # noqa: E402
from asalto_core.study import Study  # noqa: E402
from helpers import import_text, open_site, press  # noqa: E402

OUT = ROOT / "docs" / "screens"
PUZZLE = """[Ruleset "asalto"]
[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]

2... d6xd4xf4xd6 (2... d6xd4 {Only one rebel: the chain goes on.}) 3. c3-d4 c5xc3xe5 4. e3-d4
e5xc3xe3 *
"""
LESSON = """<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>Lesson 1</title><style>body {{ font: 17px/1.5 Georgia, serif; max-width: 46rem;
margin: 1.5rem auto; padding: 0 1rem; }} :root {{ color-scheme: light dark; }}
iframe {{ border: 0; width: 100%; max-width: 420px; }}
</style></head><body><h1>Sieges, lesson 1</h1><p>Three chapters: a game, a puzzle and the big board.</p>
<iframe src="{src}" height="700" title="Sieges, lesson 1"></iframe></body></html>"""
# A phone's board stays at the top of the screen as the page scrolls: the study's box is brought under it.
BELOW_THE_BOARD = """() => { const area = document.querySelector('#board-area');
  const under = area.getBoundingClientRect().bottom;
  const top = document.querySelector('#study-box').getBoundingClientRect().top;
  if (getComputedStyle(area).position === 'sticky' && top < under) scrollBy(0, top - under - 8); }"""
SIZES = {"desktop": {"width": 1280, "height": 720}, "phone": {"width": 390, "height": 844}}


def study() -> Study:
    course = Study("Sieges, lesson 1")
    course.add(Game.from_record((ROOT / "site" / "examples" / "lesson-game.en.txt").read_text()), "A line left open")
    course.add(Game.from_record(PUZZLE), "A chain to find", "The officers to move: take six rebels in three moves.")
    course.add(Game("royal-garrison"), "The Royal Garrison board")
    return course


def main() -> None:
    server = Server()
    record = study().record()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=LAUNCH_ARGS)
        for scheme in ("light", "dark"):
            for size, viewport in SIZES.items():
                ctx = browser.new_context(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
                page = ctx.new_page()
                open_site(page, server.url)
                import_text(page, record)
                page.locator("#study-nav").wait_for()
                page.screenshot(path=str(OUT / f"study-beside-{size}-{scheme}.png"))
                press(page, "#btn-annotate")
                page.locator("#study-box").scroll_into_view_if_needed()
                page.evaluate(BELOW_THE_BOARD)
                page.screenshot(path=str(OUT / f"study-{size}-{scheme}.png"))
                src = server.url + "embed.html?" + urllib.parse.urlencode({"record": record, "lang": "en"})
                lesson = ctx.new_page()
                page_text = LESSON.format(src=html.escape(src))
                lesson.route(
                    server.origin + "/lesson.html",
                    lambda r, _request, t=page_text: r.fulfill(body=t, content_type="text/html"),
                )
                lesson.goto(server.origin + "/lesson.html")
                frame = lesson.frame_locator("iframe")
                frame.locator("body[data-embed=ready]").wait_for(timeout=60000)
                frame.locator("#chapter-select").select_option("1")
                frame.locator("body[data-chapter='1']").wait_for()
                for point in ("d6", "f4", "d4", "d6"):
                    frame.locator(f'#board .point[data-point="{point}"]').click()
                frame.locator("body[data-puzzle=going]").wait_for()
                frame.locator("#btn-hint").click()
                lesson.evaluate("window.scrollTo(0, 0)")
                lesson.screenshot(path=str(OUT / f"puzzle-{size}-{scheme}.png"))
                ctx.close()
        sheet = browser.new_page(viewport={"width": 820, "height": 1100})
        course = study()
        from asalto_core.session import Session

        sheet.set_content(Session(course.chapters[0].game).sheet_page(course.title + ": " + course.chapters[0].title))
        sheet.screenshot(path=str(OUT / "sheet-desktop-light.png"), full_page=True)
        sheet.set_viewport_size(SIZES["phone"])
        sheet.screenshot(path=str(OUT / "sheet-phone-light.png"))
        browser.close()
    server.stop()
    print("wrote docs/screens/study-beside-*, study-*, puzzle-*, sheet-*")


if __name__ == "__main__":
    main()
