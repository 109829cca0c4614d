"""A teacher's studies kept in this browser: every tab sees the same studies and edits, a share link
opens beside the kept study (never over it), a deleted chapter or a dropped study comes back
(undo, and the study's recent versions), and the study leaves whole in one click.

Playwright's pages in one context share local storage and hear each other's ``storage`` events,
as a browser's tabs do.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT
from playwright.sync_api import expect

from asalto_core.record import Game
from asalto_core.study import Study
from helpers import ENGINE_MS, import_text, move_list, open_site, play, press, until_equal

PUZZLE = """[Ruleset "asalto"]
[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]

2... d6xd4xf4xd6 3. c3-d4 c5xc3xe5 4. e3-d4 *"""


# A tab that can be made deaf to other tabs' writes: its page's ``storage`` listeners hear nothing
# once ``window.deaf`` is set.
DEAF = """const add = window.addEventListener;
window.addEventListener = function (type, fn, options) {
  const heard = type === "storage" ? (e) => window.deaf || fn(e) : fn;
  return add.call(this, type, heard, options);
};"""

# A tab whose copy of the kept studies lags behind the other tabs' writes, as a browser's copy of
# storage in one tab's process can: while ``window.lag`` holds a text, the page reads the kept
# studies as that text and its own writes (which also go to storage).
LAG = """const get = Storage.prototype.getItem, set = Storage.prototype.setItem;
const lagging = (key) => key === "asalto.studies.v1" && typeof window.lag === "string";
Storage.prototype.getItem = function (key) {
  return lagging(key) ? window.lag : get.call(this, key);
};
Storage.prototype.setItem = function (key, value) {
  if (lagging(key)) window.lag = String(value);
  return set.call(this, key, value);
};"""
LAGS = "window.lag = localStorage.getItem('asalto.studies.v1'); window.deaf = true"
# Its copy catches up: the stored studies read again, and the write it missed heard.
CATCH_UP = """() => {
  window.lag = undefined;
  window.deaf = false;
  const key = "asalto.studies.v1";
  window.dispatchEvent(new StorageEvent("storage", { key, newValue: localStorage.getItem(key) }));
}"""
STORED = "(text) => (localStorage.getItem('asalto.studies.v1') || '').includes(text)"


LESSON = ROOT / "site" / "examples" / "lesson-game.en.txt"


def sieges() -> str:
    """A study of three chapters: an annotated game, a position, a puzzle."""
    study = Study("Sieges")
    study.add(Game.from_record(LESSON.read_text()), "A lesson")
    study.add(Game("assault"), "The board")
    study.add(Game.from_record(PUZZLE), "A chain", "Take three rebels.")
    return study.record()


def study_kept(page, title: str = "Sieges") -> None:
    """Wait until the page has stored the study it opened: its save waits for the page to be idle,
    so on a busy machine a tab opened at once may find no study yet and has none to follow."""
    until_stored(page, f'[StudyName \\"{title}\\"]')


def until_stored(page, text: str) -> None:
    """Wait until the kept studies, as stored (JSON: a quote is \\"), hold ``text``."""
    page.wait_for_function(STORED, arg=text, timeout=ENGINE_MS)


def chapters(page):
    return page.locator("#study-chapters button")


def titles(n: int, *renamed: tuple[int, str]) -> list[str]:
    """The chapter list's texts (numbered titles) of sieges() with ``n`` chapters, some renamed."""
    names = ["A lesson", "The board", "A chain", "Fourth"][:n]
    for i, name in renamed:
        names[i] = name
    return [f"{i + 1}. {name}" for i, name in enumerate(names)]


def expect_titles(page, want: list[str]) -> None:
    """The chapters listed, by their numbered titles (their kind, a word after, is left out)."""
    expect(chapters(page)).to_have_count(len(want))
    for button, title in zip(chapters(page).all(), want, strict=True):
        expect(button).to_contain_text(title)


def annotating(page) -> None:
    if page.locator("#panel-annotate").is_hidden():
        press(page, "#btn-annotate")


def comment(page, ply: int, text: str) -> None:
    page.click(f'#moves [data-ply="{ply}"]')
    page.fill("#annot-comment", text)
    page.press("#annot-comment", "Tab")


def rename(page, text: str) -> None:
    page.fill("#chapter-title", text)
    page.press("#chapter-title", "Tab")


def retitle(page, text: str) -> None:
    page.fill("#study-title", text)
    page.press("#study-title", "Tab")


def exported(page) -> str:
    press(page, "#btn-io")
    text = page.input_value("#io-text")
    page.click("#dlg-io button[value=close]")
    return text


@pytest.mark.pages_only
def test_two_and_three_tabs_edit_one_study_and_none_loses_or_doubles_a_chapter(context, server):
    one = context.new_page()
    open_site(one, server.url)
    import_text(one, sieges())
    study_kept(one)
    two = context.new_page()
    open_site(two, server.url)
    annotating(one)
    annotating(two)
    expect_titles(two, titles(3))
    # Tab one: a fourth chapter, titled, with a move commented.
    one.click("#chapter-new")
    expect_titles(one, titles(4, (3, "Chapter 4")))
    rename(one, "Fourth")
    play(one, "d4", "d5")
    comment(one, 1, "The fourth's first move.")
    expect_titles(two, titles(4))  # tab two follows the study, not only the game
    # Tab two: chapter 3 renamed, a move of chapter 1 commented.
    chapters(two).nth(2).click()
    rename(two, "A chain of three")
    chapters(two).nth(0).click()
    expect(move_list(two).first).to_have_text("d4-d5")
    comment(two, 1, "The lesson's first move.")
    want = titles(4, (2, "A chain of three"))
    expect_titles(one, want)
    three = context.new_page()
    open_site(three, server.url)
    annotating(three)
    expect_titles(three, want)
    for name, page in (("one", one), ("two", two), ("three", three)):
        record = exported(page)
        assert record.count("[ChapterName ") == 4, (name, record)
        assert record.count("The lesson's first move.") == 1, (name, record)
        assert record.count("The fourth's first move.") == 1, (name, record)
        assert "another tab" not in page.inner_text("#message"), name


def sieges_and_a_lagging_tab(context, server, *scripts: str):
    """Tab one (``scripts`` added to its page) with sieges() kept, and tab two on the same study,
    whose copy of storage the test can make lag (LAGS) and catch up (CATCH_UP)."""
    one = context.new_page()
    for script in scripts:
        one.add_init_script(script)
    open_site(one, server.url)
    import_text(one, sieges())
    study_kept(one)
    two = context.new_page()
    two.add_init_script(DEAF + LAG)
    open_site(two, server.url)
    return one, two


@pytest.mark.pages_only
def test_two_tabs_whose_writes_of_a_study_cross_keep_both_tabs_edits(context, server):
    """Each tab checks the study's revision before it writes, but a tab's copy of storage can lag
    behind another tab's write: then both write the same revision and the later write stays. The tab
    whose write was written over hears it, or finds it as it writes again, and merges its edit into
    the other's. Each tab edits the chapter it shows, one write an edit."""
    one, two = sieges_and_a_lagging_tab(context, server, DEAF)
    annotating(one)
    annotating(two)
    chapters(two).nth(2).click()
    rename(two, "A chain of three")
    expect_titles(one, titles(3, (2, "A chain of three")))  # tab one is at tab two's last write
    two.evaluate(LAGS)
    comment(one, 1, "The lesson's first move.")
    until_stored(one, "The lesson's first move.")
    rename(two, "A chain")  # its copy without the comment: written over it
    want = titles(3)
    expect_titles(one, want)
    expect(one.locator("#study-message")).to_contain_text("both tabs' changes are kept")
    two.evaluate(CATCH_UP)
    expect(two.locator("#study-message")).to_contain_text("changed in another tab")
    # Again, tab one hearing nothing now: it finds the crossed write as it writes its next edit.
    two.evaluate(LAGS)
    one.evaluate("window.deaf = true")
    rename(one, "The first lesson")
    until_stored(one, "The first lesson")
    rename(two, "A chain of three")
    until_stored(one, "A chain of three")
    rename(one, "The lesson")
    want = titles(3, (0, "The lesson"), (2, "A chain of three"))
    expect_titles(one, want)  # both renames: merged, not kept aside as a stale version
    until_stored(one, 'ChapterName \\"The lesson\\"')
    two.evaluate(CATCH_UP)
    expect_titles(two, want)
    # And a lagging tab's write over a revision before tab one's last two: merged over that one.
    two.evaluate(LAGS)
    one.evaluate("window.deaf = false")
    rename(one, "A lesson")
    until_stored(one, 'ChapterName \\"A lesson\\"')
    comment(one, 1, "The lesson's first move, again.")
    until_stored(one, "The lesson's first move, again.")
    rename(two, "A chain")
    want = titles(3)
    expect_titles(one, want)
    until_stored(one, "The lesson's first move, again.")
    two.evaluate(CATCH_UP)
    expect_titles(two, want)
    for name, page in (("one", one), ("two", two)):
        record = exported(page)
        assert record.count("The lesson's first move, again.") == 1, (name, record)
        assert record.count("[ChapterName ") == 3, (name, record)


@pytest.mark.pages_only
def test_a_tab_writing_its_study_with_an_old_copy_of_another_tabs_loses_none_of_that_tabs_edits(context, server):
    """The kept studies are stored together: a tab whose copy of storage lags writes its own study
    with an old copy of the study another tab shows. That tab puts its edit back, with no word."""
    one, two = sieges_and_a_lagging_tab(context, server)
    drills = Study("Drills")
    drills.add(Game("assault"), "A drill")
    drills.add(Game("asalto"), "Another drill")
    import_text(two, drills.record())
    study_kept(two, "Drills")
    annotating(one)
    annotating(two)
    two.evaluate(LAGS)
    rename(one, "The first lesson")
    until_stored(one, "The first lesson")
    rename(two, "The first drill")  # with the copy of Sieges before the rename
    until_stored(one, "The first drill")
    until_stored(one, "The first lesson")
    expect_titles(one, titles(3, (0, "The first lesson")))
    expect(one.locator("#study-message")).not_to_contain_text("another tab")
    two.evaluate(CATCH_UP)
    expect(chapters(two).first).to_contain_text("1. The first drill")
    stored = two.evaluate("localStorage.getItem('asalto.studies.v1')")
    assert "The first lesson" in stored and "The first drill" in stored


@pytest.mark.pages_only
def test_a_tab_that_missed_another_tabs_edit_merges_it_or_refuses_to_save_over_it_and_says_so(context, server):
    one = context.new_page()
    open_site(one, server.url)
    import_text(one, sieges())
    study_kept(one)
    two = context.new_page()
    two.add_init_script(DEAF)
    open_site(two, server.url)
    two.evaluate("window.deaf = true")  # tab two hears no more of the other tabs' writes (as if they crossed)
    annotating(one)
    annotating(two)
    chapters(one).nth(1).click()
    rename(one, "An empty board")
    expect_titles(two, titles(3))
    rename(two, "The first lesson")  # another chapter: both changes kept
    expect(two.locator("#study-message")).to_contain_text("both tabs' changes are kept")
    both = titles(3, (0, "The first lesson"), (1, "An empty board"))
    expect_titles(two, both)
    expect_titles(one, both)
    retitle(one, "Sieges of old")
    expect(two.locator("#study-title")).to_have_value("Sieges")
    retitle(two, "Sieges again")  # the same title: not written over the other tab's
    expect(two.locator("#study-message")).to_contain_text("not saved over it")
    for page in (one, two):
        expect(page.locator("#study-title")).to_have_value("Sieges of old")
        expect_titles(page, both)
    # The stale tab's version is kept among the study's recent versions, to restore.
    expect(two.locator("#study-versions option")).not_to_have_count(0)
    assert "Sieges again" in two.evaluate("localStorage.getItem('asalto.studies.history.v1')")


# The game's save, read as the tests read it: the moves of the game it holds.
SAVED_MOVES = "() => JSON.parse(localStorage.getItem('asalto.save.v1') || '{}').game?.moves?.length ?? -1"
PREVIOUS = "() => localStorage.getItem('asalto.previous')"


@pytest.mark.pages_only
def test_a_tab_that_has_not_heard_another_tabs_chapter_saves_its_own_over_it_without_a_word(context, server):
    """Two tabs on one study each save the game of the chapter they show: the save is the study's
    chapter, not another tab's game to keep as the previous one, whether the other tab's save
    was heard first or not."""
    one = context.new_page()
    one.add_init_script(DEAF)
    open_site(one, server.url)
    import_text(one, sieges())
    study_kept(one)
    one.evaluate("window.deaf = true")  # tab one does not hear tab two's save before its own
    annotating(one)
    two = context.new_page()
    open_site(two, server.url)
    annotating(two)
    chapters(two).nth(1).click()  # the empty board: tab two saves its game, with no moves
    until_equal(two, SAVED_MOVES, 0)
    previous = one.evaluate(PREVIOUS)  # the game before the import (the import keeps it)
    comment(one, 1, "Tab one's note.")  # tab one saves the lesson's game over it
    until_equal(one, SAVED_MOVES, len(Game.from_record(LESSON.read_text()).moves))
    expect(one.locator("#message")).not_to_contain_text("another tab")
    assert one.evaluate(PREVIOUS) == previous
    assert exported(one).count("Tab one's note.") == 1


def test_a_studys_share_link_opens_beside_the_kept_study_and_the_same_study_twice_is_asked_about(page, server):
    open_site(page, server.url)
    import_text(page, sieges())
    press(page, "#btn-io")
    link = page.input_value("#io-link")
    page.click("#dlg-io button[value=close]")
    annotating(page)
    chapters(page).nth(1).click()
    rename(page, "An empty board")
    page.goto(link)  # the teacher checks the link sent to the class
    page.wait_for_selector("#dlg-study-twice[open]")
    expect(page.locator("#dlg-study-twice")).to_contain_text("Sieges")
    page.click("#study-twice-kept")  # back to the kept one: nothing added, nothing replaced
    annotating(page)
    expect_titles(page, titles(3, (1, "An empty board")))
    kept = page.locator("#study-kept option")
    expect(kept).to_have_count(1)
    page.goto(link)  # asked again, the link's copy opens beside the teacher's
    page.wait_for_selector("#dlg-study-twice[open]")
    page.click("#study-twice-beside")
    annotating(page)
    expect_titles(page, titles(3))
    expect(kept).to_have_count(2)
    page.select_option("#study-kept", index=0)
    page.click("#study-open")
    expect_titles(page, titles(3, (1, "An empty board")))  # the teacher's, as it was left
    page.goto(link)  # the link's study is kept as it is: opened, not asked about, not added again
    expect(page.locator("#message")).to_contain_text("This study is kept here already")
    expect_titles(page, titles(3))
    expect(kept).to_have_count(2)
    assert page.locator("#dlg-study-twice[open]").count() == 0


def test_delete_chapter_and_keep_this_game_only_are_undone(page, server):
    open_site(page, server.url)
    import_text(page, sieges())
    annotating(page)
    chapters(page).nth(1).click()
    page.click("#chapter-delete")
    expect_titles(page, [titles(3)[0], "2. A chain"])
    page.click("#study-undo")
    expect_titles(page, titles(3))
    expect(chapters(page).nth(1)).to_have_attribute("aria-current", "true")
    page.click("#study-end")
    expect(page.locator("#study-body")).to_be_hidden()
    page.click("#study-undo")
    expect_titles(page, titles(3))
    # Deleted and reloaded: the version before is among the recent versions, and comes back.
    chapters(page).nth(2).click()
    page.click("#chapter-delete")
    expect_titles(page, titles(2))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-board", "ready")
    annotating(page)
    expect_titles(page, titles(2))
    page.select_option("#study-versions", index=0)
    page.click("#study-restore")
    expect_titles(page, titles(3))


def test_a_study_is_exported_whole_in_one_click(page, server):
    open_site(page, server.url)
    import_text(page, sieges())
    annotating(page)
    with page.expect_download() as download:
        page.click("#study-download")
    text = Path(download.value.path()).read_text(encoding="utf-8")
    assert Study.from_record(text).record() == Study.from_record(sieges()).record()
    assert download.value.suggested_filename == "Sieges.pgn"


def test_the_chapters_are_beside_the_board_whenever_a_study_is_open(page, server):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_site(page, server.url)
    import_text(page, sieges())
    nav = page.locator("#study-nav")
    expect(nav).to_be_visible()  # not annotating
    expect(page.locator("#study-nav-title")).to_have_text("Sieges")
    assert page.eval_on_selector("#study-nav-title", "e => e.scrollWidth <= e.clientWidth"), "the study's name whole"
    expect(nav.locator("option")).to_have_text(titles(3))
    page.select_option("#study-nav-chapter", "2")
    expect(move_list(page).first).to_have_text("d6xd4xf4xd6")
    page.click("#study-prev")
    expect(move_list(page)).to_have_count(0)
    expect(page.locator("#study-nav-chapter")).to_have_value("1")
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
    annotating(page)
    expect(nav).to_be_visible()
    assert page.evaluate("document.documentElement.scrollHeight") <= 720  # the panel scrolls, not the page
    page.click("#study-end")
    expect(nav).to_be_hidden()


def test_beside_the_board_a_studys_name_and_chapter_are_whole(page, server):
    """1280x720: a study named as the docs' example, "Sieges, lesson 1", and its first chapter "A line
    left open": both read whole beside the board (the name was cut to "Sieges, le…" and the chapter menu
    to "1. A line lef"), the page still within the window."""
    page.set_viewport_size({"width": 1280, "height": 720})
    study = Study("Sieges, lesson 1")
    study.add(Game.from_record((ROOT / "site" / "examples" / "lesson-game.en.txt").read_text()), "A line left open")
    study.add(Game("assault"), "The board")
    open_site(page, server.url)
    import_text(page, study.record())
    expect(page.locator("#study-nav-title")).to_have_text("Sieges, lesson 1")
    assert page.eval_on_selector("#study-nav-title", "e => e.scrollWidth <= e.clientWidth"), "the study's name whole"
    room = page.eval_on_selector(
        "#study-nav-chapter",
        """s => { const c = document.createElement('canvas').getContext('2d'), st = getComputedStyle(s);
                  c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
                  return [c.measureText(s.selectedOptions[0].text).width, s.clientWidth - parseFloat(st.paddingLeft)
                          - parseFloat(st.paddingRight) - 16]; }""",  # 16 px: the menu's arrow
    )
    assert room[0] <= room[1], f"the chapter's title ({room[0]:.0f} px) cut to {room[1]:.0f} px"
    assert page.evaluate("document.documentElement.scrollHeight") <= 720
