"""A study: a teacher's course of titled chapters (annotated games, positions, puzzles).

A study is written as one record of several games (a PGN file of several games, as lichess
exports a study): each chapter a game whose tags say the study's name (``StudyName``), the
chapter's (``ChapterName``; ``Event`` is both, for other readers) and, for a puzzle, the
teacher's question (``Puzzle``). A record of one game reads as a study of one chapter.

>>> study = Study("Sieges")
>>> study.add(Game("assault"), "The board"), study.add(Game.from_record("1. d4-d5 {Forward.} *"), "A first move")
(0, 1)
>>> study.rename(1, "A step")
>>> study.move(1, 0)
>>> [c.title for c in Study.from_record(study.record()).chapters]
['A step', 'The board']
>>> Study.from_record(study.record()).chapters[0].kind
'game'
"""

from __future__ import annotations

from .errors import AsaltoError, LimitError, NotationError
from .record import Game, index_games, read_result, split_games
from .session import MAX_MOVES, MAX_TEXT

__all__ = ["MAX_CHAPTERS", "Chapter", "Study", "StudyError", "merge", "record_games", "record_prompt"]

MAX_CHAPTERS = 64  # a course, not a database: a longer record is refused, not read for minutes
TITLE_LIMIT = 120
PROMPT_LIMIT = 300  # as an embed's prompt


class StudyError(AsaltoError):
    """A chapter that is not there, or a title or record that cannot be one."""


def _title(text: object, what: str, limit: int) -> str:
    if not isinstance(text, str):
        raise StudyError(f"a {what} must be text, not {type(text).__name__}")
    text = " ".join(text.split())
    if len(text) > limit:
        raise StudyError(f"a {what} has at most {limit} characters, not {len(text)}")
    return text


def record_prompt(game: Game) -> str:
    """The puzzle question a game's record carries (its ``Puzzle`` tag, as a study writes it), so
    that an exported puzzle chapter read back, alone or in its study, is that puzzle again."""
    return " ".join(game.tags.get("Puzzle", "").split())[:PROMPT_LIMIT]


class Chapter:
    """One chapter: its title, its game (moves, comments, side lines) and, for a puzzle, the
    teacher's question (``prompt``)."""

    def __init__(self, title: str, game: Game, prompt: str = "") -> None:
        self.title = _title(title, "chapter's title", TITLE_LIMIT)
        self.game = game
        self.prompt = _title(prompt, "puzzle's question", PROMPT_LIMIT)

    @property
    def kind(self) -> str:
        """``'puzzle'`` (it has a question), ``'position'`` (no moves) or ``'game'``."""
        if self.prompt:
            return "puzzle"
        return "game" if self.game.moves else "position"

    def record(self, study: str = "") -> str:
        """The chapter as one game's record, its titles in its tags."""
        tags = self.game.tags
        saved = dict(tags)
        for name in ("StudyName", "ChapterName", "Puzzle"):
            tags.pop(name, None)
        if study:
            tags["StudyName"] = study
        tags["ChapterName"] = self.title
        tags["Event"] = study + ": " + self.title if study else self.title
        if self.prompt:
            tags["Puzzle"] = self.prompt
        try:
            return self.game.record()
        finally:
            tags.clear()
            tags.update(saved)


class Study:
    """Titled chapters in the teacher's order."""

    def __init__(self, title: str = "", chapters: list[Chapter] | None = None) -> None:
        self.title = _title(title, "study's title", TITLE_LIMIT)
        self.chapters: list[Chapter] = list(chapters or [])

    @classmethod
    def from_record(cls, text: str) -> Study:
        """A study from a record of one or more games; :class:`NotationError` (of the first bad
        game, named by its number) or :class:`StudyError` if it cannot be read. The limits of one
        game hold for the study and each chapter (:data:`~asalto_core.session.MAX_TEXT` characters,
        :data:`~asalto_core.session.MAX_MOVES` moves), as for any game the page reads."""
        if isinstance(text, str) and len(text) > MAX_TEXT:
            raise StudyError(f"the record has {len(text)} characters; at most {MAX_TEXT} are read")
        texts = split_games(text)
        if not texts:
            raise StudyError("the record holds no game")
        if len(texts) > MAX_CHAPTERS:
            raise StudyError(f"a study has at most {MAX_CHAPTERS} chapters; this record has {len(texts)} games")
        chapters = []
        title = ""
        for n, part in enumerate(texts, 1):
            try:
                game = Game.from_record(part, MAX_MOVES)
            except LimitError as err:
                raise LimitError(f"chapter {n}: {err}") from None
            except NotationError as err:
                raise NotationError(f"chapter {n}: {err}") from None
            tags = game.tags
            title = title or tags.get("StudyName", "")
            name = tags.get("ChapterName") or tags.get("Event") or f"Chapter {n}"
            chapters.append(Chapter(name[:TITLE_LIMIT], game, record_prompt(game)))
        return cls(title[:TITLE_LIMIT], chapters)

    def record(self) -> str:
        """Every chapter's record, one after another (a multi-game record)."""
        return "\n".join(c.record(self.title) for c in self.chapters)

    def sheet_page(
        self,
        title: str = "",
        flipped: bool = False,
        lang: str = "en",
        start: str = "The start",
        after: str = "After",
        answer: str = "Answers",
    ) -> str:
        """The whole study's printable sheet (HTML): a section per chapter, headed by its number and
        title. A game's section has the diagrams of its own sheet (every commented move), or its last
        position when nothing is commented; a puzzle's has its position with the question; a
        position's has the position. The puzzles' answers (the moves to find) come last, under the
        heading ``answer`` on a page of their own, each named by its chapter: a class handed the
        sheet does not see an answer beside its question. ``start``, ``after`` and ``answer`` are
        the captions' words, in the page's language."""
        from . import svg  # the drawing code: loaded only when a sheet is made
        from .geometry import BOARDS
        from .record import line_text
        from .session import Session

        sections, answers = [], []
        for n, chapter in enumerate(self.chapters, 1):
            game = chapter.game
            rules = game.start.rules
            section: dict[str, object] = {
                "heading": f"{n}. {chapter.title}",
                "geometry": BOARDS[rules.board].to_json(),
                "marked_lines": rules.marked_lines,
            }
            session = Session(game)
            if chapter.kind == "puzzle":
                question = session.sheet_diagrams(start, after, [0])[0]
                section["diagrams"] = [dict(question, caption=chapter.prompt, sides=[])]
                answers.append(f"{n}. {chapter.title}: " + line_text(game.line, game.start))
            else:
                section["diagrams"] = session.sheet_diagrams(start, after) or session.sheet_diagrams(
                    start, after, [len(game.moves)]
                )
            sections.append(section)
        if answers:
            sections.append({"heading": answer, "notes": answers, "new_page": True})
        return svg.sections_html(sections, title or self.title, flipped, lang)

    def _index(self, i: object) -> int:
        if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i < len(self.chapters):
            raise StudyError(f"no chapter {i!r}: the study has {len(self.chapters)}")
        return i

    def add(self, game: Game, title: str = "", prompt: str | None = None) -> int:
        """A new last chapter; its index. Its question is ``prompt``, else the record's own
        (:func:`record_prompt`): a puzzle's record opened into a study is a puzzle chapter."""
        if len(self.chapters) >= MAX_CHAPTERS:
            raise StudyError(f"a study has at most {MAX_CHAPTERS} chapters")
        prompt = record_prompt(game) if prompt is None else prompt
        self.chapters.append(Chapter(title or f"Chapter {len(self.chapters) + 1}", game, prompt))
        return len(self.chapters) - 1

    def put(self, i: int, game: Game) -> None:
        """Chapter ``i`` holds ``game`` (a game opened into a blank chapter). A record that carries
        a puzzle question makes the chapter that puzzle; one without keeps the chapter's own."""
        chapter = self.chapters[self._index(i)]
        chapter.game = game
        chapter.prompt = record_prompt(game) or chapter.prompt

    def rename(self, i: int, title: str) -> None:
        chapter = self.chapters[self._index(i)]
        chapter.title = _title(title, "chapter's title", TITLE_LIMIT) or chapter.title

    def move(self, i: int, j: int) -> None:
        """Chapter ``i`` moved to place ``j`` (the others keep their order)."""
        chapter = self.chapters.pop(self._index(i))
        self.chapters.insert(max(0, min(self._index_or_end(j), len(self.chapters))), chapter)

    def _index_or_end(self, j: object) -> int:
        if not isinstance(j, int) or isinstance(j, bool):
            raise StudyError(f"no place {j!r} in the study")
        return j

    def delete(self, i: int) -> Chapter:
        """Chapter ``i`` taken out (a study keeps at least one)."""
        if len(self.chapters) <= 1:
            raise StudyError("a study keeps at least one chapter")
        return self.chapters.pop(self._index(i))


def merge(base: Study, mine: Study, theirs: Study) -> Study | None:
    """``theirs`` with the changes ``mine`` made since ``base`` (two tabs' edits of one study, both
    from ``base``), or None when both changed the same chapter or title, or ``mine`` took a chapter
    out: then no edit is merged over another. A chapter is compared whole (its record and title);
    a chapter ``mine`` added goes after ``theirs``'s.

    >>> base = Study("Sieges", [Chapter("One", Game("assault")), Chapter("Two", Game("assault"))])
    >>> mine, theirs = Study.from_record(base.record()), Study.from_record(base.record())
    >>> mine.rename(1, "Second"); theirs.rename(0, "First")
    >>> [c.title for c in merge(base, mine, theirs).chapters]
    ['First', 'Second']
    >>> mine.rename(0, "Another first")
    >>> merge(base, mine, theirs) is None
    True
    """
    was, now, their = ([c.record() for c in s.chapters] for s in (base, mine, theirs))
    if len(now) < len(was) or len(their) - len(was) + len(now) > MAX_CHAPTERS:
        return None
    chapters = list(theirs.chapters)
    for i, before in enumerate(was):  # now has as many chapters or more
        after = now[i]
        if after == before or (i < len(their) and their[i] == after):
            continue
        if i >= len(their) or their[i] != before:
            return None
        chapters[i] = mine.chapters[i]
    if mine.title != base.title and theirs.title not in (base.title, mine.title):
        return None
    return Study(mine.title if mine.title != base.title else theirs.title, chapters + mine.chapters[len(was) :])


def record_games(text: str) -> list[dict[str, str]]:
    """The games of a record of any number of games, none played yet: each one's text, its title
    (``Event``), its players and its result (as :data:`~asalto_core.record.RESULTS` says it). A
    tournament's record holds more games than a study has chapters, and the page opens it one game
    at a time; the one limit on a record's size holds (:data:`~asalto_core.session.MAX_TEXT`).

    >>> [(g["officers"], g["result"]) for g in record_games('[Officers "A"]\\n\\n1. d4-d5 0-1\\n[Officers "B"]\\n*')]
    [('A', 'officers-win'), ('B', '*')]
    """
    if isinstance(text, str) and len(text) > MAX_TEXT:
        raise StudyError(f"the record has {len(text)} characters; at most {MAX_TEXT} are read")
    games = [
        {
            "text": part,
            "title": tags.get("ChapterName") or tags.get("Event", ""),
            "officers": tags.get("Officers", ""),
            "rebels": tags.get("Rebels", ""),
            "result": read_result(part[max(part.rfind(" "), part.rfind("\n")) + 1 :], tags.get("Result", "*")),
        }
        for part, tags in index_games(text)
    ]
    if not games:
        raise StudyError("the record holds no game")
    return games
