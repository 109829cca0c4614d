"""The page's words: one gettext catalog per language (``asalto_core/locale/LANG.po``, with the
translator's notes on the historic terms in its header), compiled by build.py with Babel into
``locale/LANG.json``. English, the fallback, is on each page's MicroPython file system (the pages'
configs list it); another language is fetched when it is chosen (``load``), so a page loads only
the catalogs it shows. A catalog is read once. ``t("key", n=3)`` formats with ``str.format``;
``{Side}`` in a text is the ``side`` argument with a capital.

The rules texts (each ruleset's description, source and readings: a third of a catalog, said only
by the game page's rules panel) are a catalog's second file, ``locale/LANG.rules.json``, fetched
the first time a page shows them (``load_rules``).
"""

import json

FOLDER = "locale"  # where the compiled catalogs are (tests point it at their own build)
_lang = ["en"]
_languages: list = []  # (code, name) in the menu's order, read from FOLDER/languages.json
_catalogs: dict = {}  # code -> {key: text}, each read on first use
RULES_TEXTS = ("description-", "reading-", "source-")  # the keys build.py writes to LANG.rules.json
_rules: list = []  # the codes whose rules texts are in their catalog


def languages():
    """The languages there are catalogs for, as (code, own name) pairs: the menu's order."""
    if not _languages:
        with open(FOLDER + "/languages.json") as f:
            _languages.extend(tuple(pair) for pair in read_json(f))
    return _languages


def read_json(f):
    """A JSON file read whole, then parsed: MicroPython's json.load reads its file a byte at a
    time, and on a page each read is a call out to the browser's file system (36,000 for the
    English catalog)."""
    return json.loads(f.read())


def codes():
    """The codes of the languages there are catalogs for (never a list written out)."""
    return [code for code, _ in languages()]


def catalog(code):
    """The messages of one language (key -> text); English's while another is not loaded."""
    table = _catalogs.get(code)
    if table is None:
        try:
            with open(FOLDER + "/" + code + ".json") as f:
                table = _catalogs[code] = read_json(f)
        except OSError:
            if code == "en":
                raise
            return catalog("en")
        try:  # a build's folder holds the rules texts too (the tests'); a page's file system does not
            with open(rules_file(code)) as f:
                table.update(read_json(f))
            _rules.append(code)
        except OSError:
            pass
    return table


def rules_file(code):
    return FOLDER + "/" + code + ".rules.json"


def loaded(code):
    """Whether a language's catalog is at hand (English always is: the pages' file systems have it)."""
    return code == "en" or code in _catalogs


async def load(code, fetch_text):
    """Fetch a language's catalog before it is shown (``fetch_text(url)``: the page's fetch, an
    answer with ok and value); a catalog that does not come leaves the page in English."""
    if loaded(code) or code not in codes():  # English is on the file system: read, never fetched
        return
    r = await fetch_text("./" + FOLDER + "/" + code + ".json")
    if r.ok:
        _catalogs[code] = json.loads(r.value)


async def load_rules(fetch_text):
    """Fetch the rules texts of the page's language before the rules panel says them (English's
    if that language's do not come); a page fetches each language's once."""
    for code in (_lang[0], "en"):
        if code in _rules:
            return
        if loaded(code):
            r = await fetch_text("./" + rules_file(code))
            if r.ok:
                catalog(code).update(json.loads(r.value))
                _rules.append(code)
                return


def choose(setting, browser):
    """The language to show: the one chosen in the menu, else the browser's if we have it, else English."""
    codes = [code for code, _ in languages()]
    if setting in codes:
        return setting
    browser = (browser or "")[:2].lower()
    return browser if browser in codes else "en"


def set_language(code):
    _lang[0] = code if code in [c for c, _ in languages()] else "en"
    return _lang[0]


def language():
    return _lang[0]


def cap(text):
    """MicroPython's str has no capitalize()."""
    return text[:1].upper() + text[1:]


def t(key, **kw):
    text = catalog(_lang[0]).get(key) or catalog("en").get(key) or key
    if not kw:
        return text
    if "side" in kw:
        kw["Side"] = cap(kw["side"])
    return text.format(**kw)


def side_name(name, capital=False):
    """A side's name ('officers' or 'rebels') in the page's language."""
    return t(cap(name) if capital else name)


def outcome_text(outcome, repetition=3):
    """The result sentence from the engine's outcome ({winner, reason}) in the page's language."""
    if not outcome:
        return ""
    winner, reason = outcome["winner"], outcome["reason"]
    if reason == "no-moves":
        why = t("reason-no-moves", side=side_name("officers" if winner == "rebels" else "rebels"))
    elif reason == "repetition":
        why = t("reason-repetition", nth=t("nth-" + str(repetition)))
    else:
        why = t("reason-" + reason)
    head = t("win-" + winner) if winner else t("draw")
    return t("outcome", head=head, why=why)


def verdict(analysis):
    """The AI's verdict from its analysis (asalto_core.ai.Analysis.to_json) in the page's language:
    the same figures as Analysis.describe."""
    mover = analysis["side"]
    other = "officers" if mover == "rebels" else "rebels"
    mate = analysis.get("mate")
    if mate is not None:
        winner = mover if mate > 0 else other
        moves = (abs(mate) + 1) // 2 if mate > 0 else abs(mate) // 2
        return t("verdict-win", side=side_name(winner), n=max(1, moves))
    p = analysis["win_probability"]
    leader, pct = (mover, p) if p >= 0.5 else (other, 1 - p)
    if pct < 0.55:
        return t("verdict-balanced", pct=round(pct * 100), side=side_name(leader))
    return t("verdict-better", side=side_name(leader), pct=round(pct * 100))
