"""Lessons where teachers publish them: frames on another site whose storage the reader's browser
refuses, and the lesson kit ("Download for my site") hosted on the teacher's own site, offline."""

from __future__ import annotations

import json
import re
import urllib.parse
import zipfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import ROOT, Console, Server, full_browser, watched
from playwright.sync_api import expect
from test_embed import lesson_page
from test_move_list import record

from asalto_core.record import Game
from asalto_core.session import Session
from helpers import ENGINE_MS, import_text, move_list, new_game, open_site, play, press

RECORD = '[Ruleset "assault"]\n\n1. d4-d5 {Forward.} c5-c6 2. b5-c5'


@contextmanager
def third_party_blocked(browser_type, browser_type_launch_args, tmp_path, console: Console):
    """The full browser, blocking third-party storage (like a reader who turned it off: a setting of
    its profile, which the headless shell does not read), where only the local test servers
    (127.0.0.1 and localhost, two different sites) may be reached."""
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    prefs = {"profile": {"cookie_controls_mode": 1, "block_third_party_cookies": True}}
    (profile / "Default" / "Preferences").write_text(json.dumps(prefs))
    blocked: list[str] = []
    ctx = watched(
        browser_type.launch_persistent_context(str(profile), **full_browser(browser_type_launch_args)),
        blocked,
        console,
        ("http://127.0.0.1:", "http://localhost:"),
    )
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
                expect(frame.locator("html")).to_have_attribute("data-storage", "denied")
                expect(frame.locator("#messages li")).to_have_count(0)
            game = page.frame_locator("#a")
            expect(game.locator("#comment")).to_have_text("Forward.")
            game.locator("#btn-forward").click()
            expect(game.locator("body")).to_have_attribute("data-ply", "2")
            expect(game.locator("html")).to_have_attribute("data-offline", "unavailable")
            page.wait_for_timeout(4000)  # past the pause after which a page asks for offline use
    finally:
        host.stop()
    assert not console.errors, console.errors
    assert not [line for line in console.lines if "Service Worker" in line or "IndexedDB" in line]


def test_the_lesson_kit_works_offline_on_the_teachers_site(context, server, tmp_path):
    """The lesson kit ("Download for my site"): the zip holds the lesson page and the embed runtime (about 1 MB, no
    Pyodide); unzipped on another site it shows the lesson, and after one visit works offline."""
    page = context.new_page()
    open_site(page, server.url)
    import_text(page, '[Event "Lesson <one>"]\n[Ruleset "assault"]\n\n' + RECORD.split("\n\n", 1)[1])
    press(page, "#btn-io")
    with page.expect_download() as download:
        page.click("#io-kit")
    assert download.value.suggested_filename == "asalto-lesson.zip"
    page.locator("#io-message.info").wait_for()
    path = Path(download.value.path())
    with zipfile.ZipFile(path) as kit:
        names = kit.namelist()
        assert kit.testzip() is None
        kit.extractall(tmp_path)
    size = sum(i.file_size for i in zipfile.ZipFile(path).infolist())
    assert 700_000 < size < 1_300_000 and path.stat().st_size < 800_000, (size, path.stat().st_size)
    assert not [n for n in names if "pyodide" in n or "wheels" in n or n.endswith("worker.py")]
    lesson = (tmp_path / "asalto-lesson" / "lesson.html").read_text()
    assert "<h1>Lesson &lt;one&gt;</h1>" in lesson and '<html lang="en">' in lesson
    assert 'src="embed.html?record' in lesson
    host = Server(root=tmp_path / "asalto-lesson")
    teacher = context.new_page()
    teacher.goto(host.url + "lesson.html")
    frame = teacher.frame_locator("iframe")
    frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
    frame.locator("html[data-offline=ready]").wait_for(timeout=ENGINE_MS)
    host.stop()
    teacher.reload()
    frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
    expect(teacher.locator("h1")).to_have_text("Lesson <one>")
    expect(frame.locator("#messages li")).to_have_count(0)
    frame.locator("#btn-forward").click()
    expect(frame.locator("#comment")).to_have_text("Forward.")


def test_a_teachers_own_page_in_the_kit_folder_is_offline_after_one_visit(context, server, tmp_path):
    """teaching.md: copy the lesson's <iframe> into a page in the kit's folder, and after one visit that
    page works offline too (the kit's service worker keeps the page that framed the lesson)."""
    page = context.new_page()
    open_site(page, server.url)
    import_text(page, RECORD)
    press(page, "#btn-io")
    with page.expect_download() as download:
        page.click("#io-kit")
    zipfile.ZipFile(download.value.path()).extractall(tmp_path)
    folder = tmp_path / "asalto-lesson"
    frame_code = re.search(r"<iframe[^>]*>\s*</iframe>", (folder / "lesson.html").read_text())
    assert frame_code is not None
    (folder / "my-page.html").write_text(
        f'<!doctype html><link rel="icon" href="data:,"><title>My page</title><h1>My own page</h1>{frame_code.group(0)}'
    )
    host = Server(root=folder)
    teacher = context.new_page()
    teacher.goto(host.url + "my-page.html")
    frame = teacher.frame_locator("iframe")
    frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
    frame.locator("html[data-offline=ready]").wait_for(timeout=ENGINE_MS)
    host.stop()
    teacher.reload()
    expect(teacher.locator("h1")).to_have_text("My own page")
    frame.locator("body[data-embed=ready]").wait_for(timeout=ENGINE_MS)
    frame.locator("#btn-forward").click()
    expect(frame.locator("#comment")).to_have_text("Forward.")


THREE = """[Ruleset "asalto"]
[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]

2... d6xd4xf4xd6 (2... d6xd4 {Only one rebel: the chain goes on.}) 3. c3-d4 c5xc3xe5 4. e3-d4
e5xc3xe3 *
"""


def click_move(frame, move: str) -> None:
    """A move clicked point by point on a puzzle's board."""
    points = move.replace("x", "-").split("-")
    for point in points:
        frame.locator(f'#board .point[data-point="{point}"]').click()
    if frame.locator("#board .m-selected").count():  # a chain that could go on: stop it there
        frame.locator(f'#board .point[data-point="{points[-1]}"]').click()


def test_a_three_move_puzzle_solved_with_an_equivalent_capture_order(page, server):
    prompt = "The officers to move: take six rebels in three moves."
    page.goto(server.url + "embed.html?" + urllib.parse.urlencode({"record": THREE, "puzzle": "1", "prompt": prompt}))
    expect(page.locator("body")).to_have_attribute("data-embed", "ready", timeout=ENGINE_MS)
    expect(page.locator("body")).to_have_attribute("data-mode", "puzzle")
    expect(page.locator("#prompt")).to_have_text(prompt)
    # No dead buttons: the steps through the game wait until the puzzle is done.
    expect(page.locator("#controls button:visible")).to_have_text(["Hint", "Show the answer"])
    click_move(page, "d6xd4")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "wrong")
    expect(page.locator("#status")).to_have_text("Not the answer: d6xd4. Try again. Only one rebel: the chain goes on.")
    page.click("#btn-hint")
    expect(page.locator("#status")).to_have_text("Hint: the move starts from d6.")
    click_move(page, "d6xf4xd4xd6")  # the record's d6xd4xf4xd6 in the other order
    expect(page.locator("body")).to_have_attribute("data-puzzle", "going")
    expect(page.locator("#status")).to_have_text("Right: d6xf4xd4xd6. The reply: c3-d4. Your move again.")
    expect(page.locator("body")).to_have_attribute("data-ply", "2")
    click_move(page, "c5xc3xe5")
    expect(page.locator("body")).to_have_attribute("data-ply", "4")
    click_move(page, "e5xc3xe3")
    expect(page.locator("body")).to_have_attribute("data-puzzle", "right")
    expect(page.locator("#status")).to_have_text("Right: e5xc3xe3.")
    expect(page.locator("#controls button:visible")).to_have_count(5)  # now the game may be stepped through
    page.click("#btn-first")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")


REFUSE_CLIPBOARD = """navigator.clipboard.writeText = () =>
  Promise.reject(new DOMException("Write permission denied.", "NotAllowedError"));"""


@pytest.mark.pages_only
def test_a_puzzle_of_a_move_with_the_teachers_question_and_a_refused_clipboard(context, server, tmp_path):
    """The annotate panel's puzzle: the teacher's question, three moves to find from the move
    shown; the clipboard refused, the code is shown selected; the frame works on another site."""
    page = context.new_page()
    page.add_init_script(REFUSE_CLIPBOARD)
    open_site(page, server.url)
    import_text(page, THREE)
    press(page, "#btn-annotate")
    page.click('#moves [data-ply="1"]')  # the move shown is the first to find
    expect(page.locator("body")).to_have_attribute("data-ply", "1")
    page.fill("#annot-prompt", "Take six rebels in three moves.")
    page.select_option("#annot-puzzle-moves", "3")
    page.click("#annot-puzzle")
    area = page.locator("#annot-message-copy")
    area.wait_for()
    expect(page.locator("#annot-message")).to_contain_text("refused")
    assert page.evaluate("document.activeElement.id") == "annot-message-copy"
    snippet = area.input_value()
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == [
        0,
        len(snippet),
    ]
    assert snippet.startswith("<iframe ") and "puzzle=1" in snippet
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("#prompt")).to_have_text("Take six rebels in three moves.")
        click_move(frame, "d6xf4xd4xd6")
        frame.locator("body[data-puzzle=going]").wait_for()
    # "Copy embed code" falls back the same way.
    press(page, "#btn-io")
    page.click("#io-copy-embed")
    expect(page.locator("#io-message-copy")).to_have_value(re.compile("^<iframe "))


@pytest.mark.pages_only
def test_the_sheet_and_the_diagram_show_every_comment_side_line_and_coloured_mark(context, server, tmp_path):
    """The annotate panel's sheet: its title, every commented move over as many pages as needed,
    side lines as text, printable on A4 and Letter; the diagram keeps the teacher's coloured marks."""
    page = context.new_page()
    open_site(page, server.url)
    record = (ROOT / "site" / "examples" / "lesson-game.en.txt").read_text()
    record = record.replace("{Assault:", "{[%cal Rd4d5,Bc5c6] [%csl Ye5] Assault:", 1)
    commented = "".join(f" {{Note {n}.}}" if n % 2 else "" for n in range(4))
    import_text(page, record.replace("b5-c5 e5-e6", "b5-c5" + commented + " e5-e6", 1))
    press(page, "#btn-annotate")
    with page.expect_download() as download:
        page.click("#annot-sheet")
    assert download.value.suggested_filename == "asalto-sheet.html"
    sheet = Path(download.value.path()).read_text()
    assert "<h1>Lesson: a line left open</h1>" in sheet
    assert sheet.count('<p class="caption">') == 5 and sheet.count('<p class="side">') == 1
    assert "(5. e1-e2! Safer: fill e2 first" in sheet
    printed = context.new_page()
    printed.set_content(sheet)  # it needs nothing from anywhere
    for paper in ("A4", "Letter"):
        pages = len(re.findall(rb"/Type\s*/Page[^s]", printed.pdf(format=paper)))
        assert pages >= 2, (paper, pages)  # five diagrams, two a row: none is dropped, the page flows on
    # The diagram of the start keeps the teacher's arrows and circle, in their colours.
    page.click("#nav-first")
    expect(page.locator("body")).to_have_attribute("data-ply", "0")
    press(page, "#btn-io")
    expect(page.locator("#io-text")).to_have_value(re.compile(re.escape("[%cal Rd4d5,Bc5c6] [%csl Ye5]")))
    with page.expect_download() as download:
        page.click("#io-diagram")
    diagram = Path(download.value.path()).read_text()
    assert 'class="arrow c-red" data-move="d4-d5"' in diagram and 'class="arrow c-blue" data-move="c5-c6"' in diagram
    assert 'class="m-highlight c-yellow"' in diagram


@pytest.mark.fresh_context  # what its first visit fetches
def test_importing_a_record_to_annotate_never_fetches_pyodide(page, server):
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    open_site(page, server.url)
    import_text(page, (ROOT / "site" / "examples" / "lesson-game.en.txt").read_text())
    press(page, "#btn-annotate")
    page.click('#moves [data-ply="9"]')
    page.fill("#annot-comment", "A new comment.")
    page.press("#annot-comment", "Tab")
    # past the player's pause, idle, the page is kept for offline use: whatever it loads, it has by then
    expect(page.locator("html")).to_have_attribute("data-offline", "ready", timeout=ENGINE_MS)
    assert not [u for u in requested if "/pyodide/" in u or "/wheels/" in u]


def two_chapters(page) -> None:
    """A study "Sieges" built as a teacher does: the annotated lesson game, then a puzzle of three
    moves set up by importing its record into the new chapter."""
    import_text(page, (ROOT / "site" / "examples" / "lesson-game.en.txt").read_text())
    press(page, "#btn-annotate")
    page.click("#study-start")
    page.fill("#study-title", "Sieges")
    page.press("#study-title", "Tab")
    page.fill("#chapter-title", "An annotated game")
    page.press("#chapter-title", "Tab")
    page.click("#chapter-new")
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 2")
    import_text(page, THREE)
    page.fill("#chapter-title", "A chain to find")
    page.press("#chapter-title", "Tab")


def holds_the_study(page, record: str) -> None:
    """``page`` shows the study "Sieges" of two_chapters, and exports it as ``record``, byte for
    byte (its Import / export dialog is left open, on the study's embed code)."""
    press(page, "#btn-annotate")
    expect(page.locator("#study-chapters button")).to_have_count(2)
    expect(page.locator("#study-title")).to_have_value("Sieges")
    press(page, "#btn-io")
    expect(page.locator("#io-text")).to_have_value(record)


@pytest.mark.pages_only
def test_a_game_opened_in_a_study_is_a_new_chapter_and_replaces_no_chapters_work(context, server):
    page = context.new_page()
    open_site(page, server.url)
    two_chapters(page)
    new_game(page, "assault", "humans")  # on the puzzle's chapter: it stays, the new game is chapter 3
    chapters = page.locator("#study-chapters button")
    expect(chapters).to_have_count(3)
    kept = "The game opened is chapter 3 of the study: the chapter shown before is kept."
    expect(page.locator("#study-message")).to_have_text(kept)
    play(page, "d4", "d5")
    page.click("#chapter-new")  # a blank chapter is filled by the game opened into it
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 4")
    import_text(page, THREE)
    expect(chapters).to_have_count(4)
    chapters.nth(1).click()
    expect(move_list(page).first).to_have_text("d6xd4xf4xd6")  # the puzzle as it was
    chapters.nth(2).click()
    expect(move_list(page)).to_have_text(["d4-d5"])
    chapters.nth(3).click()
    expect(move_list(page).first).to_have_text("d6xd4xf4xd6")


@pytest.mark.pages_only
def test_a_two_chapter_study_built_exported_reimported_and_embedded_on_another_site(context, server, tmp_path):
    page = context.new_page()
    open_site(page, server.url)
    two_chapters(page)
    page.fill("#chapter-prompt", "Take six rebels in three moves.")
    page.press("#chapter-prompt", "Tab")
    chapters = page.locator("#study-chapters button")
    expect(chapters).to_have_text(["1. An annotated game game", "2. A chain to find puzzle"], use_inner_text=True)
    page.click("#chapter-up")  # reordered: the puzzle first
    expect(chapters.first).to_have_text(re.compile(r"^1\. A chain"), use_inner_text=True)
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    assert record.count('[StudyName "Sieges"]') == 2 and '[Puzzle "Take six rebels in three moves."]' in record
    page.click("#dlg-io button[value=close]")
    # Re-imported on a fresh page: the same study.
    other = context.new_page()
    open_site(other, server.url)
    import_text(other, record)
    holds_the_study(other, record)
    snippet = other.input_value("#io-embed")
    with lesson_page(context, tmp_path, snippet) as frame:
        expect(frame.locator("#chapter-select option")).to_have_text(["1. A chain to find", "2. An annotated game"])
        expect(frame.locator("body")).to_have_attribute("data-mode", "puzzle")
        expect(frame.locator("#prompt")).to_have_text("Take six rebels in three moves.")
        click_move(frame, "d6xf4xd4xd6")
        frame.locator("body[data-puzzle=going]").wait_for()
        frame.locator("#btn-chapter-next").click()
        frame.locator("body[data-chapter='1']").wait_for()
        expect(frame.locator("body")).to_have_attribute("data-mode", "game")
        expect(frame.locator("#title")).to_have_text("Sieges: An annotated game")
        frame.locator("#btn-last").click()
        expect(frame.locator("#comment")).to_have_text(re.compile("^The officer on e6"), use_inner_text=True)
        expect(frame.locator("#messages li")).to_have_count(0)
    # The study is kept in this browser: a reload shows it again, on the chapter shown.
    other.reload()
    expect(other.locator("body")).to_have_attribute("data-board", "ready", timeout=ENGINE_MS)
    press(other, "#btn-annotate")
    expect(other.locator("#study-chapters button")).to_have_count(2)
    expect(other.locator('#study-chapters button[aria-current="true"]')).to_have_attribute("data-chapter", "0")


@pytest.mark.pages_only
def test_a_study_shared_by_link_opens_as_the_study(context, server, friend):
    """The share link carries a study whole (every chapter, packed): it opens as the study."""
    page = context.new_page()
    open_site(page, server.url)
    two_chapters(page)
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    link = page.input_value("#io-link")
    assert "#record-z=" in link
    page.click("#dlg-io button[value=close]")
    other = friend  # another person's browser: no study of theirs stored
    open_site(other, link)
    holds_the_study(other, record)


@pytest.mark.pages_only
def test_a_studys_sheet_has_every_chapter_the_puzzles_question_and_its_answer_on_a_later_page(context, server):
    """In a study the sheet is the whole study's: a section per chapter, the annotated game's
    commented moves, the puzzle chapter's position with the teacher's question; its answer comes
    in the answers' section, which starts a printed page of its own after every question."""
    page = context.new_page()
    open_site(page, server.url)
    two_chapters(page)
    page.fill("#chapter-prompt", "Take six rebels in three moves.")
    page.press("#chapter-prompt", "Tab")
    with page.expect_download() as download:
        page.click("#annot-sheet")
    sheet = Path(download.value.path()).read_text()
    assert re.findall(r"<h1>(.*?)</h1>", sheet) == ["Sieges"]
    assert re.findall(r"<h2>(.*?)</h2>", sheet) == ["1. An annotated game", "2. A chain to find"]
    assert re.findall(r'<h2 class="new-page">(.*?)</h2>', sheet) == ["Answers"]
    captions = re.findall(r'<p class="caption">(.*?)</p>', sheet)
    assert len(captions) >= 3 and captions[-1].endswith("Take six rebels in three moves.")
    notes = re.findall(r'<p class="note">(.*?)</p>', sheet)
    assert len(notes) == 1 and notes[0].startswith("2. A chain to find: 2... d6xd4xf4xd6 (2... d6xd4 Only one rebel")
    assert notes[0].endswith("3. c3-d4 c5xc3xe5 4. e3-d4 e5xc3xe3")
    assert sheet.index("d6xd4xf4xd6") > sheet.index("Answers</h2>") > sheet.rindex('<p class="caption">')


# Whether every corner of an element is on screen and the element itself is there (not the
# sticky board, the toolbar, a result card or the edge of a scrolling box over it), and inside the
# study's box. On a phone the panel's box (#mode) gives way to the one column (display: contents):
# the study's own box is the one both layouts have.
SHOWN_IN_STUDY = """(sel) => {
    const e = document.querySelector(sel), r = e.getBoundingClientRect(),
          b = document.querySelector('#study-box').getBoundingClientRect();
    const inside = r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.left >= b.left - 1 && r.right <= b.right + 1;
    // 3 px in from each corner: inside a 7 px rounded corner (2 px in fell just outside it, on the
    // button's own list item, by a fraction of a pixel of where the panel happened to lay it out).
    const corners = [[r.left + 3, r.top + 3], [r.right - 3, r.top + 3],
                     [r.left + 3, r.bottom - 3], [r.right - 3, r.bottom - 3]];
    return inside && corners.every(([x, y]) => e.contains(document.elementFromPoint(x, y)));
}"""


@pytest.mark.parametrize("size", [(1280, 720), (390, 844)], ids=["desktop", "phone"])
def test_a_finished_game_imported_into_a_chapter_leaves_the_study_in_view(page, server, size):
    """A record that ends the game, imported into a new chapter: its result closes the move list,
    and the study's panel stays where the teacher works (the chapter and its title), on a laptop and
    on a phone: nothing of it cut, covered or below the fold, no result card over it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_site(page, server.url)
    two_chapters(page)
    page.click("#chapter-new")
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 3")
    import_text(page, record(None))
    page.wait_for_selector("#result:not([hidden])")
    expect(page.locator("body")).to_have_attribute("data-drawing", "")  # every frame after the import drawn
    for part in ('#study-chapters button[aria-current="true"]', "#chapter-title"):
        assert page.evaluate(SHOWN_IN_STUDY, part), part
    assert page.locator('#study-chapters button[aria-current="true"]').inner_text().startswith("3.")


@pytest.mark.pages_only
def test_a_puzzles_record_imported_into_a_chapter_makes_it_that_puzzle(context, server):
    """A puzzle chapter's record (its question in a Puzzle tag), imported into a blank chapter or
    as a new one: the chapter is that puzzle, its question in the field, exported with it."""
    page = context.new_page()
    open_site(page, server.url)
    two_chapters(page)
    question = "Take six rebels in three moves."
    puzzle = f'[Puzzle "{question}"]\n' + THREE
    page.click("#chapter-new")  # a blank chapter takes the record's question
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 3")
    import_text(page, puzzle)
    expect(page.locator("#chapter-prompt")).to_have_value(question)
    current = page.locator('#study-chapters button[aria-current="true"]')
    expect(current.locator(".chapter-kind")).to_have_text("puzzle")
    page.locator("#study-chapters button").nth(1).click()  # the chain chapter has moves: not blank
    expect(page.locator("#chapter-prompt")).to_have_value("")
    import_text(page, puzzle.replace(question, "Six rebels: find the chain."))
    page.wait_for_function("document.querySelectorAll('#study-chapters button').length === 4")
    expect(current).to_have_attribute("data-chapter", "3")
    expect(page.locator("#chapter-prompt")).to_have_value("Six rebels: find the chain.")
    kinds = page.locator("#study-chapters .chapter-kind").all_inner_texts()
    assert kinds == ["game", "game", "puzzle", "puzzle"]
    press(page, "#btn-io")
    record = page.input_value("#io-text")
    assert f'[Puzzle "{question}"]' in record and '[Puzzle "Six rebels: find the chain."]' in record


def test_a_sheet_opened_on_a_phone_keeps_a_margin(page):
    """A sheet opened on a phone (390 px) before it is printed: its title, diagrams and captions stand
    clear of the screen's edges (they touched both), as on paper, where @page gives the margin."""
    page.set_viewport_size({"width": 390, "height": 844})
    lesson = Game.from_record((ROOT / "site" / "examples" / "lesson-game.en.txt").read_text())
    page.set_content(Session(lesson).sheet_page("Sieges, lesson 1: A line left open"))
    for part in ("h1", ".diagrams", ".caption"):
        box = page.locator(part).first.bounding_box()
        assert box["x"] >= 8 and box["x"] + box["width"] <= 390 - 8, (part, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
