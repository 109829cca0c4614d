"""Studies: titled chapters (games, positions, puzzles) as one record of several games."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import Game, NotationError
from asalto_core.record import split_games
from asalto_core.study import MAX_CHAPTERS, Chapter, Study, StudyError, merge, record_games, record_prompt

GAME = '[Event "Old"]\n[Ruleset "assault"]\n\n1. d4-d5 {[%cal Rd4d5] Forward.} c5-c6 (1... e5-e6 {No.}) *\n'
POSITION = '[Ruleset "asalto"]\n[Position "asalto 3/1O1/RRORRRR/RRR1R1R/RRRRRRR/RRR/RRR o - 2"]\n\n*\n'


def two_chapters() -> Study:
    study = Study("Sieges")
    study.add(Game.from_record(GAME), "An opening")
    study.add(Game.from_record(POSITION), "A chain", prompt="Take three rebels.")
    return study


def test_a_study_is_one_record_of_several_games_and_reads_back_the_same():
    study = two_chapters()
    text = study.record()
    assert len(split_games(text)) == 2 and text.count('[StudyName "Sieges"]') == 2
    assert '[Event "Sieges: An opening"]' in text and '[Puzzle "Take three rebels."]' in text
    again = Study.from_record(text)
    assert again.title == "Sieges" and [c.title for c in again.chapters] == ["An opening", "A chain"]
    assert [c.kind for c in again.chapters] == ["game", "puzzle"] and again.chapters[1].prompt == "Take three rebels."
    assert again.chapters[0].game.line == study.chapters[0].game.line and again.record() == text
    assert study.chapters[0].game.tags["Event"] == "Old"  # writing the study leaves the games' own tags


def test_chapters_are_ordered_renamed_and_deleted():
    study = two_chapters()
    study.add(Game("royal-garrison"))
    assert study.chapters[2].title == "Chapter 3" and study.chapters[2].kind == "position"
    study.move(2, 0)
    study.rename(0, "  The   big board ")
    assert [c.title for c in study.chapters] == ["The big board", "An opening", "A chain"]
    study.delete(1)
    assert [c.title for c in Study.from_record(study.record()).chapters] == ["The big board", "A chain"]
    for bad in (lambda: study.delete(5), lambda: study.rename(-1, "x"), lambda: study.move("a", 0)):
        with pytest.raises(StudyError):
            bad()
    study.delete(0)
    with pytest.raises(StudyError, match="at least one"):
        study.delete(0)


def test_a_plain_record_is_a_study_of_one_chapter_and_bad_records_are_refused():
    study = Study.from_record(GAME)
    assert study.title == "" and [c.title for c in study.chapters] == ["Old"]
    assert Study.from_record("1. d4-d5 *").chapters[0].title == "Chapter 1"
    with pytest.raises(NotationError, match="chapter 2"):
        Study.from_record(GAME + '\n[Ruleset "assault"]\n\n1. d4-d9 *')
    with pytest.raises(StudyError):
        Study.from_record("   ")
    with pytest.raises(StudyError, match="at most"):
        Study.from_record("\n".join(['[Event "x"]\n\n*'] * (MAX_CHAPTERS + 1)))


def test_a_puzzles_record_opened_into_a_chapter_makes_it_that_puzzle():
    """A puzzle chapter exported alone and imported into a study (into a new chapter or a blank
    one) is a puzzle chapter again, with the teacher's question; a plain game keeps the chapter's."""
    puzzle = two_chapters().chapters[1].record("Sieges")
    assert '[Puzzle "Take three rebels."]' in puzzle
    study = Study("Lessons")
    study.add(Game.from_record(puzzle), "Added")
    study.add(Game("assault"), "Blank")
    study.put(1, Game.from_record(puzzle.replace("Take three rebels.", "  Three   rebels, now. ")))
    assert [(c.kind, c.prompt) for c in study.chapters] == [
        ("puzzle", "Take three rebels."),
        ("puzzle", "Three rebels, now."),
    ]
    study.put(1, Game.from_record(GAME))  # no question in it: the chapter's stays
    assert study.chapters[1].prompt == "Three rebels, now." and study.chapters[1].game.moves
    study.add(Game.from_record(puzzle), "As a game", prompt="")
    assert study.chapters[2].kind == "position"  # the teacher's "no question" holds
    assert Study.from_record(study.record()).chapters[0].prompt == "Take three rebels."
    long = Game.from_record(puzzle.replace("Take three rebels.", "x" * 400))
    assert len(Chapter("A", long, record_prompt(long)).prompt) == 300  # cut to the one limit, not refused
    with pytest.raises(StudyError):
        study.put(7, Game("assault"))


TITLES = st.text(alphabet='ab c"\\}{[]é', min_size=1, max_size=20).filter(lambda t: t.strip())


@settings(max_examples=60)
@given(st.lists(st.tuples(TITLES, st.sampled_from([GAME, POSITION]), st.booleans()), min_size=1, max_size=5), TITLES)
def test_any_study_round_trips(chapters, title):
    study = Study(title)
    for name, text, puzzle in chapters:
        study.add(Game.from_record(text), name, prompt="Find it." if puzzle else "")
    again = Study.from_record(study.record())
    assert again.title == study.title
    assert [(c.title, c.prompt, c.game.record()) for c in again.chapters] == [
        (c.title, c.prompt, Game.from_record(c.record(study.title)).record()) for c in study.chapters
    ]


def test_the_studys_sheet_has_a_section_per_chapter_and_the_puzzles_answers_on_a_page_of_their_own():
    """A sheet handed to a class: no answer printed under its question, where the eye falls on
    it; the answers come last, in a section that starts a new page, each named by its chapter."""
    import re

    study = Study("Sieges")
    study.add(Game.from_record("1. d4-d5 {Forward.} c5-c6 2. d3-d4 *"), "A step")
    puzzle = Game("assault 3/3/RRORORR/RRR1RRR/RRRRRRR/RRR/RRR o - 1")
    puzzle.play("c5-c6")
    study.add(puzzle, "A <puzzle>", "Find the officers' move")
    study.add(Game.from_record("1. d4-d5 e5-e6 *"), "Nothing commented")
    study.add(Game.from_record(puzzle.record()), "Again", "And here?")
    page = study.sheet_page(answer="Solutions")
    headings = re.findall(r"<h2( class=\"[^\"]*\")?>(.*?)</h2>", page)
    chapters = ["1. A step", "2. A &lt;puzzle&gt;", "3. Nothing commented", "4. Again"]
    assert [h for _, h in headings] == [*chapters, "Solutions"]
    assert headings[-1][0] == ' class="new-page"' and ".new-page { break-before: page;" in page
    captions = re.findall(r'<p class="caption">(.*?)</p>', page)
    questions = ["2. Find the officers' move", "4. And here?"]
    assert captions == ["1. After 1. d4-d5: Forward.", questions[0], "3. After 1... e5-e6", questions[1]]
    assert re.findall(r'<p class="note">(.*?)</p>', page) == ["2. A &lt;puzzle&gt;: 1... c5-c6", "4. Again: 1... c5-c6"]
    assert page.index("c5-c6") > page.index("Solutions</h2>")  # no answer before the answers' page


def test_a_record_of_more_games_than_a_study_holds_lists_every_game_within_the_one_limit():
    """A class tournament's record (asalto tournament --record): too long for a study, listed whole,
    each game read only when it is opened; over the page's limit on a record, refused with its size."""
    games = []
    for n in range(300):
        game = Game("assault", tags={"Officers": f"bot{n}", "Rebels": "level:casual"})
        game.play("d4-d5")
        games.append(game.record().replace(" *", " 0-1" if n % 2 else " 1/2-1/2"))
    record = "\n".join(games)
    with pytest.raises(StudyError, match=f"at most {MAX_CHAPTERS} chapters"):
        Study.from_record(record)
    listed = record_games(record)
    assert [g["officers"] for g in listed] == [f"bot{n}" for n in range(300)]
    assert [g["result"] for g in listed[:2]] == ["draw", "officers-win"] and listed[7]["rebels"] == "level:casual"
    assert [str(m) for m in Game.from_record(listed[299]["text"]).moves] == ["d4-d5"]
    with pytest.raises(StudyError, match="at most 300000 are read"):
        record_games(record * 20)
    with pytest.raises(StudyError, match="holds no game"):
        record_games("  ")


def two_tabs() -> tuple[Study, Study, Study]:
    """A study as two tabs read it (base), and each tab's copy to edit."""
    base = Study("Sieges", [Chapter(f"Chapter {n}", Game("assault")) for n in (1, 2, 3)])
    return base, Study.from_record(base.record()), Study.from_record(base.record())


def test_two_tabs_edits_of_different_chapters_merge_and_of_the_same_chapter_do_not():
    base, mine, theirs = two_tabs()
    theirs.add(Game.from_record("1. d4-d5 *"), "Fourth")
    theirs.chapters[0].game = Game.from_record("1. d4-d5 {Theirs.} *")
    mine.rename(2, "Renamed")
    mine.chapters[1].game = Game.from_record("1. d4-d5 {Mine.} *")
    merged = merge(base, mine, theirs)
    assert merged is not None
    assert [c.title for c in merged.chapters] == ["Chapter 1", "Chapter 2", "Renamed", "Fourth"]
    assert "{Theirs.}" in merged.record() and "{Mine.}" in merged.record()
    mine.add(Game("asalto"), "Mine's own")  # a chapter added in each tab: both kept, theirs first
    assert [c.title for c in merge(base, mine, theirs).chapters][3:] == ["Fourth", "Mine's own"]
    mine.rename(0, "Both changed it")
    assert merge(base, mine, theirs) is None
    base, mine, theirs = two_tabs()
    mine.delete(0)  # a deletion is written at once: one that meets another tab's write is no merge
    assert merge(base, mine, theirs) is None
    base, mine, theirs = two_tabs()
    mine.title, theirs.title = "Mine", "Theirs"
    assert merge(base, mine, theirs) is None
    theirs.title = "Sieges"
    assert merge(base, mine, theirs).title == "Mine"
