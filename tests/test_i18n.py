"""The page's languages: every message in every catalog (pkg/asalto_core/locale/*.po) with the same
placeholders, the rules panel translated for every ruleset, option and choice, and outcomes and
verdicts that say in English exactly what the engine says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from helpers import page_modules_on_path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
page_modules_on_path()

from asalto_core import Board  # noqa: E402
from asalto_core import messages as engine  # noqa: E402
from asalto_core.ai import Analysis  # noqa: E402
from asalto_core.messages import english, message, render  # noqa: E402
from asalto_core.notation import Move  # noqa: E402
from asalto_core.position import Outcome  # noqa: E402
from asalto_core.rulesets import (  # noqa: E402
    OPTION_KEYS,
    RULESET_NAMES,
    RULESETS,
    custom_options,
    find_ruleset,
    rules_markdown,
)
from game import rules_text  # noqa: E402
from lib import i18n  # noqa: E402

LANGS = ("fr", "de")  # the first translations (tests of their terms); ALL has every catalog
LOCALE = ROOT / "pkg" / "asalto_core" / "locale"
CATALOGS = sorted(LOCALE.glob("*.po"))
ALL = ("en",) + tuple(sorted(po.stem for po in CATALOGS if po.stem != "en"))


def messages(po: Path) -> dict[str, object]:
    """A catalog's messages by id, as Babel reads them (the header left out)."""
    with po.open("rb") as f:
        return {m.id: m for m in read_po(f) if m.id}


def placeholders(text: str) -> set[str]:
    """{name} fields; {Side} is {side} with a capital, so they count as one."""
    return {name.lower() for name in re.findall(r"\{(\w*)\}", text)}


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.stem)
def test_every_message_in_every_catalog_with_the_same_placeholders(po):
    reference = messages(LOCALE / "en.po")
    ours = messages(po)
    assert sorted(ours) == sorted(reference)
    for key, theirs in reference.items():
        text = ours[key].string
        assert text.strip() and not ours[key].fuzzy, f"{po.name}: {key} is untranslated"
        assert placeholders(text) == placeholders(theirs.string), f"{po.name}: {key}"
        assert i18n.cap(text) == text or key[:1].islower(), f"{po.name}: {key}"


def test_every_key_the_pages_use_exists():
    used = set()
    for path in SITE.rglob("*.html"):
        used |= set(re.findall(r'data-i18n(?:-label|-title)?="([\w-]+)"', path.read_text()))
    for path in SITE.rglob("*.py"):
        if path.name == "i18n.py":
            continue
        used |= {k for k in re.findall(r'\bt\(\s*"([\w-]+)"', path.read_text()) if not k.endswith("-")}
    assert used - set(messages(LOCALE / "en.po")) == set()


def test_the_menu_lists_every_catalog_by_its_own_name(compiled_catalogs):
    menu = compiled_catalogs
    assert sorted(code for code, _ in menu) == sorted(po.stem for po in CATALOGS)
    assert dict(menu)["en"] == "English" and dict(menu)["es"] == "Español"
    assert [name for _, name in menu] == sorted(name for _, name in menu)
    assert i18n.languages() == [tuple(pair) for pair in menu]


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.stem)
def test_each_catalog_names_a_lesson_page_that_exists(po):
    page = messages(po)["lesson-page"].string
    assert (SITE / page).exists() and page.startswith("examples")


def test_a_catalog_is_read_once():
    i18n.set_language("fr")
    assert i18n.t("undo") == "Reprendre le coup" and i18n.catalog("fr") is i18n.catalog("fr")


def test_the_language_chosen():
    assert i18n.choose("", "fr") == "fr"
    assert i18n.choose("", "de-AT".lower()) == "de"
    assert i18n.choose("", "pt") == "en"
    assert i18n.choose("de", "fr") == "de"


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_ruleset_is_translated(lang, name):
    i18n.set_language(lang)
    panel = rules_text.panel(name)
    rs = RULESETS[name]
    assert len(panel["readings"]) == len(rs.readings)
    assert len(panel["summary"]) == len(rs.summary())
    for label, text in panel["summary"] + panel["readings"]:
        assert label.strip() and text.strip()
    for key in ("title", "source", "description"):
        assert panel[key].strip()
    if lang == "en":  # the page's rows are the CLI's and docs/rules.md's
        assert panel["description"] == english(rs.description)
        assert panel["readings"] == [[english(message("point-" + p)), english(text)] for p, text in rs.readings]
        assert [tuple(row) for row in panel["summary"]] == rs.summary()
    else:
        assert panel["description"] != english(rs.description)


def every_message(rs) -> list:
    """Every message a ruleset's panel and house-rules form say."""
    data = rs.to_json()
    out = [data["title"], data["source"], data["description"]]
    out += [m for row in data["summary"] + data["readings"] for m in row]
    for option in custom_options(rs.name):
        out += [option["label"]] + [meaning for _, meaning in option["choices"]]
    return out


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.stem)
def test_every_message_the_engine_says_is_in_every_catalog(po):
    """The rows, readings, options and meanings come from the engine as messages: each one, with
    its parameters, is in each catalog (a missing one would show its identifier on the page)."""
    table = {key: m.string for key, m in messages(po).items()}
    names = RULESET_NAMES + HOUSE + ("assaut:huffs=all,duty=huff-each", "asalto:marked=off,stop=end,huffs=1")
    for name in names:
        for msg in every_message(find_ruleset(name)):
            assert render(msg, table.__getitem__).strip(), (name, msg)


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.stem)
def test_the_engines_catalog_reader_agrees_with_babel(po):
    assert engine.read_po(po.read_text()) == {key: m.string for key, m in messages(po).items()}


@pytest.mark.parametrize("lang", ("en", "de", "es"))
def test_a_rulesets_name_is_said_in_the_pages_language(lang):
    """A French sheet's variants keep the game's name (Assaut) but are described in the reader's
    words: the English page showed 'Assaut: interdiction de bloquer les officiers'."""
    i18n.set_language("fr")
    french = {name: rules_text.title(name) for name in RULESET_NAMES}
    i18n.set_language(lang)
    for name in ("assaut-no-blocking", "assaut-free-soldiers", "citadelle"):
        ours = rules_text.title(name)
        assert ours.startswith("Assaut") and ours != french[name], (lang, name)


def test_the_french_sources_stay_quoted_in_french():
    for lang in LANGS + ("es",):
        i18n.set_language(lang)
        for name in ("assaut", "citadelle", "assaut-no-blocking", "assaut-free-soldiers"):
            text = " ".join(english(text) for _, text in RULESETS[name].readings)
            ours = " ".join(text for _, text in rules_text.panel(name)["readings"])
            for quote in re.findall(r"'([^']*(?:souffl|soldats|forteresse)[^']*)'", text):
                assert quote.split(" ")[0] in ours, (lang, quote)


@pytest.mark.parametrize("lang", ALL[1:])
@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_option_and_choice_is_translated(lang, name):
    i18n.set_language(lang)
    theirs = custom_options(name)
    ours = rules_text.form_options(name)
    assert [o["key"] for o in ours] == list(OPTION_KEYS)
    for en, tr in zip(theirs, ours, strict=True):
        assert tr["label"] and tr["label"] != english(en["label"])
        assert [v for v, _ in tr["choices"]] == [v for v, _ in en["choices"]]
        assert all(meaning.strip() for _, meaning in tr["choices"])


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize(
    "name",
    ["asalto:first=officers,win=12,huffs=1", "assault:duty=huff,removal=auto,repetition=off,blocking=loses",
     "citadelle:rebels=any,capture=single", "royal-garrison:officers=placed,marked=off,repetition=2"],
)  # fmt: skip
def test_house_rules_are_translated_from_their_options(lang, name):
    i18n.set_language(lang)
    rs = find_ruleset(name)
    panel = rules_text.panel(name)
    assert len(panel["readings"]) == len(rs.readings) and len(panel["summary"]) == 9
    title, description = english(rs.title), english(rs.description)
    if lang == "en":
        assert (panel["title"], panel["description"]) == (title, description)
    else:
        assert panel["title"] != title and panel["description"] != description


REASONS = ("fortress-taken", "officers-gone", "rebels-depleted", "officers-blocked", "no-moves", "repetition")


@pytest.mark.parametrize("reason", REASONS)
def test_outcomes_in_english_are_the_engines(reason):
    for winner in ("officers", "rebels", None):
        outcome = Outcome(winner, reason)
        if reason == "no-moves" and winner is None:
            continue
        data = {"winner": winner, "reason": reason}
        assert i18n.outcome_text(data) == outcome.describe()
        for lang in LANGS:
            i18n.set_language(lang)
            assert i18n.outcome_text(data) not in ("", outcome.describe())
            i18n.set_language("en")


@pytest.mark.parametrize(
    ("score", "mate", "side"),
    [(99997, 3, "rebels"), (-99996, -4, "officers"), (0, None, "rebels"), (300, None, "officers"),
     (-300, None, "rebels"), (40, None, "officers")],
)  # fmt: skip
def test_verdicts_in_english_are_the_engines(score, mate, side):
    analysis = Analysis(Move.parse("d4-d5"), score, mate, (), 3, 10, 0.0, side)
    data = analysis.to_json()
    assert i18n.verdict(data) == analysis.describe()
    for lang in LANGS:
        i18n.set_language(lang)
        assert i18n.verdict(data) != analysis.describe()
        i18n.set_language("en")


# -- the texts, audited against the sources ------------------------------------------------------
HOUSE = ("assault:win=20", "asalto:first=officers,win=12,repetition=2", "assault:duty=optional,blocking=loses")


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("name", HOUSE)
def test_a_house_rules_description_names_each_change_once(lang, name):
    """The win threshold read "officers win when fewer rebels remain than: when fewer than 20 rebels
    remain" (and in French, German the same); German capitalised the clause after a semicolon."""
    i18n.set_language(lang)
    description = rules_text.panel(name)["description"]
    changes = description.split(": ", 1)[1].rstrip(".").split("; " if lang != "fr" else " ; ")
    for change in changes:
        label, meaning = change.split(": " if lang != "fr" else " : ", 1)
        assert not label.endswith((" than", " que", " als")), change
        assert meaning and not meaning.startswith(label.lower()), change
    rs = find_ruleset(name)
    assert description.count(str(rs.win_threshold)) == (rs.win_threshold != RULESETS[rs.base].win_threshold)
    if lang == "de":
        assert not re.search(r"; (Die|Der|Das) ", description), description


def sentences(lang: str) -> list[str]:
    """Every text of every ruleset's panel in ``lang``."""
    i18n.set_language(lang)
    out = []
    for name in RULESET_NAMES + HOUSE:
        panel = rules_text.panel(name)
        out += [panel["description"], panel["source"]] + [text for _, text in panel["summary"] + panel["readings"]]
    return out


@pytest.mark.parametrize("lang", ALL)
def test_no_double_full_stop(lang):
    texts = sentences(lang) + ([rules_markdown()] if lang == "en" else [])
    for text in texts:
        assert not re.search(r"(?<!\.)\.\.(?!\.)", text), text


def outside_quotes(text: str) -> str:
    return re.sub(r"«[^»]*»|„[^“]*“|'[^']*'", "", text)


@pytest.mark.parametrize(
    ("lang", "wrong"), [("fr", r"\brebelles?\b"), ("de", r"\bSoldat(en)?\b"), ("es", r"\brebeldes?\b")]
)
def test_each_language_keeps_its_own_word_for_the_rebels(lang, wrong):
    """French says soldats, German Rebellen, Spanish soldados (the catalogs' headers say why); a quoted
    source keeps its words."""
    for text in sentences(lang):
        assert not re.search(wrong, outside_quotes(text)), text


@pytest.mark.parametrize("lang", ALL)
@pytest.mark.parametrize("name", ["asalto", "assault", "ludii", "assault:duty=optional"])
def test_the_capture_row_does_not_call_an_option_a_duty(lang, name):
    """The row over "not capturing is allowed" was titled "Obligation de prendre" / "Schlagpflicht"."""
    i18n.set_language(lang)
    label = rules_text.panel(name)["summary"][5][0]
    assert not re.search(r"(?i)obligation|obligación|pflicht|duty", label)


@pytest.mark.parametrize("lang", ALL)
def test_the_projects_own_rules_say_they_are_ours(lang):
    """No source has a draw by repetition, and only the French Assaut sheet says that a side with no
    move loses: the panel says so wherever it states them, in every language (the course's testing
    script states both)."""
    ours = {"en": "our rule", "fr": "notre règle", "de": "unsere Regel", "es": "nuestra regla"}[lang]
    for name in RULESET_NAMES:
        i18n.set_language(lang)
        also = rules_text.panel(name)["summary"][8][1]
        if name == "course":
            assert ours not in also, also
        elif not RULESETS[name].blocking_loses:
            assert also.count(ours) == 2, also  # the side with no move, and the repetition
        else:
            assert also.count(ours) == 1, also


def test_the_first_move_reading_does_not_claim_every_source():
    """Ludii's Asalto.lud has the officers start: "as in the other sources" was not true."""
    for name in ("assaut", "assaut-no-blocking", "assaut-free-soldiers"):
        reading = english(dict(RULESETS[name].readings)["first-move"])
        assert "Ludii" in reading and "other sources" not in reading
    for lang in ALL:
        i18n.set_language(lang)
        assert "Ludii" in rules_text.panel("assaut")["readings"][-1][1]


@pytest.mark.parametrize("times", [2, 3, 4, 5])
def test_a_draw_by_repetition_says_which_occurrence(times):
    """Outcome.describe() said "for the third time" whatever the ruleset's count."""
    board = Board(f"assault:rebels=any,repetition={times}")
    for _ in range(times - 1):
        for move in ("d4-d5", "c5-c6", "d5-d4", "c6-c5"):
            board.push(move)
    outcome = board.outcome()
    assert outcome is not None and outcome.winner is None
    nth = ("second", "third", "fourth", "fifth")[times - 2]
    assert outcome.describe() == f"Draw: the same position occurred for the {nth} time."
    data = {"winner": None, "reason": "repetition"}
    assert i18n.outcome_text(data, times) == outcome.describe()


def test_the_cli_says_the_rows_the_page_says_in_english(capsys):
    from asalto_core.__main__ import main

    main(["rules"])
    out = capsys.readouterr().out
    i18n.set_language("en")
    for name in RULESET_NAMES:
        panel = rules_text.panel(name)
        assert f"{name}: {panel['title']} ({panel['source']})" in out
        for label, text in panel["summary"]:
            assert f"  {label}: {text}\n" in out


def test_a_boards_english_name_is_the_engines():
    """Geometry.title names a board in the Python API; the catalogs say it on the page and in the rows."""
    from asalto_core.geometry import BOARDS

    for name, board in BOARDS.items():
        assert english(message("board-" + name)) == board.title
