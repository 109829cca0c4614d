"""Named rulesets: each member of the Asalto family as declarative data.

The sources disagree on several points (how rebels may move, whether capturing is
compulsory, who starts, when the officers have won). A :class:`Ruleset` fixes one
value for each such option and records its source and how it reads each disputed
point. Its texts are messages (:mod:`asalto_core.messages`: an identifier and its
parameters), said in words by the catalogs, English one among the others: the rules
panel on the page, docs/rules.md and ``asalto rules`` all format the same rows. The
house-rule options are one table, :data:`OPTIONS`.

>>> rs = find_ruleset("assault")
>>> rs.board, rs.rebel_move, rs.capture, rs.duty, rs.first
('standard', 'forward', 'chain', 'forced', 'rebels')
>>> sorted(RULESETS)[:3]
['2-contra-20', 'asalto', 'assault']
>>> english(rs.title), dict(rs.summary())["Officers win"]
('Assault', 'when fewer than 9 rebels remain')
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .errors import UnknownRulesetError, quote
from .geometry import BOARDS
from .messages import english, message

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Literal

    from .geometry import Geometry
    from .messages import Message

    RebelMove = Literal["forward", "not-away", "shortest", "never-back", "any", "inward"]
    Capture = Literal["chain", "single"]
    Stop = Literal["end", "anywhere"]
    Duty = Literal["forced", "optional", "huff", "huff-each", "huff-best", "auto-huff-all", "huff-instead"]
    Removal = Literal["choice", "auto"]
    Side = Literal["officers", "rebels"]
    Forfeit = Literal["loses", "passes"]

HUFF_DUTIES = ("huff", "huff-each", "huff-best")


def plural(n: int, word: str, words: str = "") -> str:
    """``n`` and the noun in the right number (for the engine's English error messages).

    >>> plural(1, "officer"), plural(2, "rebel"), plural(1, "rebel remains", "rebels remain")
    ('1 officer', '2 rebels', '1 rebel remains')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


def count(n: int, noun: str) -> Message:
    """``n`` officers or rebels as a message (``n-officers`` or ``n-officers-one``)."""
    return message(f"n-{noun}s" + ("-one" if n == 1 else ""), n=n)


def _points(points: tuple[str, ...]) -> Message:
    return message("on-points", points=", ".join(points))


def _remain(below: int) -> Message:
    return message("none-remain") if below == 1 else message("fewer", n=below)


@dataclass(frozen=True)
class Ruleset:
    """One playable variant: a board, the option values, and where they come from.

    ``readings`` pairs each disputed point (``point-`` messages) with how this ruleset reads
    it, in words a player can check against the source. ``base`` names the ruleset a custom
    one (house rules, see :func:`custom_ruleset`) starts from; it is empty for the named ones.
    ``forfeit`` says what an illegal move costs a program that plays one (``loses`` the game, or
    ``passes``: the turn passes, and rebels without a move pass too); ``max_rounds`` ends a game
    drawn after that many rounds (0: never).
    """

    name: str
    title: Message = field(compare=False)
    source: Message = field(compare=False)
    description: Message = field(compare=False)
    board: str = "standard"
    rebel_move: RebelMove = "forward"
    marked_lines: bool = False
    capture: Capture = "chain"
    chain_stop: Stop = "end"
    duty: Duty = "forced"
    removal: Removal = "choice"
    first: Side = "rebels"
    officer_start: tuple[str, ...] = ("c5", "e5")
    placement: bool = False
    rebel_start: tuple[str, ...] | None = None
    max_huffs: int | None = None
    officers_win_below: int | None = None
    blocking_loses: bool = False
    repetition: int = 3
    forfeit: Forfeit = "loses"
    max_rounds: int = 0
    readings: tuple[tuple[str, Message], ...] = field(default=(), compare=False)
    base: str = ""
    __match_args__ = (
        "name", "title", "source", "description", "board", "rebel_move", "marked_lines", "capture",
        "chain_stop", "duty", "removal", "first", "officer_start", "placement", "rebel_start", "max_huffs",
        "officers_win_below", "blocking_loses", "repetition", "forfeit", "max_rounds", "readings", "base",
    )  # fmt: skip

    @property
    def geometry(self) -> Geometry:
        return BOARDS[self.board]

    @property
    def officers(self) -> int:
        return len(self.officer_start)

    @property
    def rebel_points(self) -> tuple[str, ...]:
        """Where the rebels start: given, or every point outside the fortress."""
        if self.rebel_start is not None:
            return self.rebel_start
        g = self.geometry
        return tuple(n for i, n in enumerate(g.points) if not g.fortress_mask >> i & 1)

    @property
    def win_threshold(self) -> int:
        """The officers win once fewer rebels than this remain (default: the fortress size)."""
        if self.officers_win_below is not None:
            return self.officers_win_below
        return len(self.geometry.fortress)

    @property
    def huffing(self) -> bool:
        """Officers can be huffable: the rebels remove them (by choice or not) on their move."""
        return self.duty in HUFF_DUTIES

    @property
    def loses_officers(self) -> bool:
        """Officers can leave the board (by huffing, Ludii's automatic removal or the course's huff)."""
        return self.huffing or self.duty in ("auto-huff-all", "huff-instead")

    def rows(self) -> list[tuple[Message, Message]]:
        """The option values in words, as messages: the rules panel's and docs/rules.md's rows."""
        g = self.geometry
        start = message("placed") if self.placement else _points(self.officer_start)
        captures = [message("capture-" + self.capture)]
        if self.capture == "chain":
            captures.append(message("stop-" + self.chain_stop))
        capturing = [message("duty-" + self.duty)]
        if self.huffing:
            capturing.append(message("removal-" + self.removal))
            if self.max_huffs:
                one = "-one" if self.max_huffs == 1 else ""
                capturing.append(message("max-huffs" + one, officers=count(self.max_huffs, "officer")))
        remain = _remain(self.win_threshold)
        if self.blocking_loses:
            officers_win = message("or-blocked", remain=remain)
            rebels_win, stuck = message("rebels-win-blocking"), message("stuck-blocking")
        elif self.forfeit == "passes":
            officers_win, rebels_win, stuck = remain, message("rebels-win"), message("stuck-passes")
        else:
            officers_win, rebels_win, stuck = remain, message("rebels-win"), message("stuck")
        if self.repetition:
            repeat = message("repeat-why", repeat=message(f"repeat-{self.repetition}"))
        else:
            repeat = message("no-repeat")
        if self.max_rounds:
            repeat = message("list", items=[repeat, message("max-rounds", n=self.max_rounds)])
        rebels_move = [message("rebels-" + self.rebel_move)] + ([message("marked-no")] if self.marked_lines else [])
        board = message("board-row", title=message("board-" + g.name), points=len(g.points), lines=len(g.lines),
                        fortress=len(g.fortress))  # fmt: skip
        pieces = message("pieces-row", officers=count(self.officers, "officer"), start=start,
                         rebels=count(len(self.rebel_points), "rebel"))  # fmt: skip
        rows = [
            (message("row-board"), board),
            (message("row-pieces"), pieces),
            (message("row-first-move"), message("first-" + self.first)),
            (message("row-rebels-move"), message("list", items=rebels_move)),
            (message("row-captures"), message("list", items=captures)),
            (message("row-capture-rule"), message("list", items=capturing)),
            (message("row-officers-win"), officers_win),
            (message("row-rebels-win"), rebels_win),
            (message("row-also"), message("also", stuck=stuck, repeat=repeat)),
        ]
        if self.forfeit == "passes":  # elsewhere an illegal move is refused, or loses a program its game
            rows.append((message("row-forfeit"), message("forfeit-passes")))
        return rows

    def summary(self) -> list[tuple[str, str]]:
        """The rows in English."""
        return [(english(label), english(text)) for label, text in self.rows()]

    def options(self) -> dict[str, str]:
        """The value of every house-rule option (see :data:`OPTIONS`), as text."""
        return {option.key: option.get(self) for option in OPTIONS}

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page's rules panel: its texts as messages, for the page's catalogs."""
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "description": self.description,
            "board": self.board,
            "marked_lines": self.marked_lines,
            "placement": self.placement,
            "removal": self.removal if self.huffing else "",
            "base": self.base,
            "options": [[option.key, option.get(self)] for option in OPTIONS],
            "summary": self.rows(),
            "readings": [(message("point-" + point), text) for point, text in self.readings],
        }


ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


def _reading(point: str, key: str = "", **params: Any) -> tuple[str, Message]:
    """A disputed point (its ``point-`` message) and this ruleset's reading of it."""
    return (point, message(key, **params))


def _ruleset(name: str, source: Message, **values: Any) -> Ruleset:
    """A named ruleset; its title and description are its catalogs' ``title-NAME`` and ``description-NAME``."""
    return Ruleset(name, message("title-" + name), source, message("description-" + name), **values)


def _named(base: Ruleset, name: str, source: Message | None = None, **values: Any) -> Ruleset:
    """``base`` under another name, with its own title, description and any other changes."""
    return replace(
        base,
        name=name,
        title=message("title-" + name),
        description=message("description-" + name),
        source=source or base.source,
        **values,
    )


# Each source by its title, as a reader sees it (never by a file name): ``source-`` messages.
_CYNINGSTAN, _WIKI = message("source-cyningstan"), message("source-wiki")
_ASSAUT_SHEET = message("source-assaut")

_ASALTO = _ruleset(
    "asalto",
    _CYNINGSTAN,
    rebel_move="not-away",
    chain_stop="anywhere",
    duty="huff",
    placement=True,
    readings=(
        _reading("rebel-moves", "reading-asalto-rebel-moves"),
        _reading("multiple-captures", "reading-asalto-multiple-captures"),
        _reading("huffing", "reading-asalto-huffing"),
        _reading("officers-win", "reading-asalto-officers-win"),
        _reading("setup", "reading-asalto-setup"),
    ),
)
_ASSAULT = _ruleset(
    "assault",
    _WIKI,
    readings=(
        _reading("rebel-moves", "reading-assault-rebel-moves"),
        _reading("capturing", "reading-assault-capturing"),
        _reading("officers-win", "reading-assault-officers-win"),
        _reading("setup", "reading-assault-setup"),
    ),
)
_ASSAUT = _ruleset(
    "assaut",
    _ASSAUT_SHEET,
    rebel_move="shortest",
    chain_stop="anywhere",
    duty="huff",
    placement=True,
    max_huffs=1,
    readings=(
        _reading("rebel-moves", "reading-assaut-rebel-moves"),
        _reading("capturing", "reading-assaut-capturing"),
        _reading("huffing", "reading-assaut-huffing"),
        _reading("officers-win", "reading-assaut-officers-win"),
        _reading("no-move", "reading-assaut-no-move"),
        _reading("first-move", "reading-assaut-first-move"),
    ),
)
_CITADELLE = _ruleset(
    "citadelle",
    message("source-citadelle"),
    rebel_move="forward",
    chain_stop="anywhere",
    duty="huff-best",
    removal="auto",
    placement=True,
    readings=(
        _reading("rebel-moves", "reading-citadelle-rebel-moves"),
        _reading("capturing", "reading-citadelle-capturing"),
        _reading("huffing", "reading-citadelle-huffing"),
        _reading("officers-win", "reading-citadelle-officers-win"),
        _reading("setup", "reading-citadelle-setup"),
    ),
)
_GERMAN = _named(
    _ASALTO,
    "german-tactics",
    message("source-german-tactics", source=_CYNINGSTAN),
    marked_lines=True,
    readings=(
        _reading("marked-lines", "reading-german-tactics-marked-lines"),
        _reading("rebel-moves", "reading-german-tactics-rebel-moves", asalto=_ASALTO.readings[0][1]),
    )
    + _ASALTO.readings[1:],
)
_ROYAL = _named(
    _ASSAULT,
    "royal-garrison",
    message("source-royal-garrison", source=_WIKI),
    board="royal-garrison",
    officer_start=("c7", "e7", "g7"),
    readings=(
        _reading("setup", "reading-royal-garrison-setup"),
        _reading("rules", "reading-royal-garrison-rules"),
        _reading("officers-win", "reading-royal-garrison-officers-win"),
    ),
)
_ROYAL_DIAGONALS = _named(
    _ROYAL,
    "royal-garrison-diagonals",
    message("source-royal-garrison-diagonals", source=_WIKI),
    board="royal-garrison-diagonals",
    readings=(_reading("board", "reading-royal-garrison-diagonals-board"),) + _ROYAL.readings,
)
_COURSE = _ruleset(
    "course",
    message("source-course"),
    rebel_move="inward",
    chain_stop="anywhere",
    duty="huff-instead",
    officer_start=("c6", "e6"),
    repetition=0,
    forfeit="passes",
    max_rounds=1000,
    readings=(
        _reading("source", "reading-course-source"),
        _reading("rebel-moves", "reading-course-rebel-moves"),
        _reading("board", "reading-course-board"),
        _reading("setup", "reading-course-setup"),
        _reading("huffing", "reading-course-huffing"),
        _reading("illegal-moves", "reading-course-illegal-moves"),
        _reading("no-move", "reading-course-no-move"),
        _reading("game-end", "reading-course-game-end"),
        _reading("repetition", "reading-course-repetition"),
    ),
)
_TWENTY = tuple(f"{c}{r}" for r in (1, 2) for c in "cde") + tuple(f"{c}{r}" for r in (3, 4) for c in "abcdefg")


def _alternate(name: str, rebels: tuple[str, ...] | None) -> Ruleset:
    """Assault on one of the games-wiki page's alternate boards (the board of the same name)."""
    return _named(
        _ASSAULT,
        name,
        message("source-alternate-boards", source=_WIKI),
        board=name,
        rebel_start=rebels,
        readings=(
            _reading("rules", "reading-alternate-rules"),
            _reading("board", "board-notes-" + name),
            _reading("setup", "reading-twenty-setup" if rebels else "reading-alternate-setup"),
        ),
    )


_ALL_RULESETS = (
    _ASALTO,
    _GERMAN,
    _ASSAULT,
    _ASSAUT,
    _named(
        _ASSAUT,
        "assaut-no-blocking",
        blocking_loses=True,
        readings=(_reading("blocking", "reading-assaut-no-blocking-blocking"),)
        + _ASSAUT.readings[:4]
        + (_reading("no-move", "reading-assaut-no-blocking-no-move"),)
        + _ASSAUT.readings[5:],
    ),
    _named(
        _ASSAUT,
        "assaut-free-soldiers",
        rebel_move="never-back",
        readings=(_reading("rebel-moves", "reading-assaut-free-soldiers-rebel-moves"),) + _ASSAUT.readings[1:],
    ),
    _CITADELLE,
    _ROYAL,
    _ROYAL_DIAGONALS,
    _alternate("simplified", None),
    _alternate("fuchs-und-henne", _TWENTY),
    _alternate("2-contra-20", _TWENTY),
    _ruleset(
        "ludii",
        message("source-ludii"),
        rebel_move="any",
        capture="single",
        duty="auto-huff-all",
        first="officers",
        officer_start=("c6", "e6"),
        officers_win_below=1,
        readings=(
            _reading("source", "reading-ludii-source"),
            _reading("huffing", "reading-ludii-huffing"),
            _reading("officers-win", "reading-ludii-officers-win"),
        ),
    ),
    _COURSE,
)
# In this order wherever rulesets are listed: MicroPython's dicts do not keep insertion order.
RULESET_NAMES: tuple[str, ...] = tuple(rs.name for rs in _ALL_RULESETS)
RULESETS: dict[str, Ruleset] = {rs.name: rs for rs in _ALL_RULESETS}
DEFAULT_RULESET = "assault"  # a first visit's game (the page's settings, its board at first paint)


def rules_markdown() -> str:
    """docs/rules.md's rulesets: every ruleset, its source, options and readings (in English)."""
    out = []
    for rs in _ALL_RULESETS:
        title, source = english(rs.title), english(rs.source)
        out += [f"### {title} (`{rs.name}`)", "", f"*Source:* {source}.", "", english(rs.description), ""]
        out += [f"- **{label}:** {text}." for label, text in rs.summary()]
        out += ["", "How it reads the disputed points:", ""]
        out += [f"- *{english(message('point-' + point))}:* {english(text)}." for point, text in rs.readings]
        out.append("")
    return "\n".join(out)


def find_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``, a named one or house rules (see :func:`custom_ruleset`);
    :class:`UnknownRulesetError` lists the known ones or says what is wrong with the options."""
    rs = RULESETS.get(name) if isinstance(name, str) else None
    if rs is not None:
        return rs
    if isinstance(name, str) and ":" in name:
        return custom_ruleset(name)
    raise UnknownRulesetError(f"unknown ruleset {quote(name)}; known rulesets: {', '.join(RULESET_NAMES)}")


# -- house rules ------------------------------------------------------------------------------
# A custom ruleset is a named one with some options changed, and its name says which:
# ``asalto:first=officers,rebels=any`` (the base, a colon, ``key=value`` pairs joined by commas;
# no character a URL query or a position text treats specially).


class Option:
    """One house-rule option: its ``key`` in a name, the :class:`Ruleset` ``attr`` it reads, its
    values as text with base ruleset ``base`` (``choices(base)``), the field's value for a text
    (``values``: text -> value; any other text is read as a number), what each value means
    (``meaning(base, text)``: a message), and the disputed points (``point-`` messages) whose
    readings it settles, so a house rule that changes it drops them. ``only`` is (another option's
    key, its values, those values in words) when the option applies only while that option has
    one of those values: the forms hide it otherwise, and house rules that set it are refused.
    Its label is the catalogs' ``option-KEY``, and a house rule's description says the change
    with ``change-KEY``."""

    def __init__(
        self,
        key: str,
        attr: str,
        choices: Callable[[Ruleset], tuple[str, ...]],
        meaning: Callable[[Ruleset, str], Message],
        settles: tuple[str, ...] = (),
        values: dict[str, object] | None = None,
        sets: str = "",
        only: tuple[str, tuple[str, ...], str] | None = None,
    ) -> None:
        self.key, self.attr, self.choices, self.meaning, self.settles = key, attr, choices, meaning, settles
        self.values, self.only = values, only
        self.sets = sets or attr  # the field a house rule sets, when ``attr`` is a property read from it

    def read(self, text: str) -> object:
        """The field's value for one of the option's texts."""
        if self.values is None:
            return text
        return self.values[text] if text in self.values else int(text)

    def get(self, rs: Ruleset) -> str:
        """The option's value in ``rs``, as text."""
        value = getattr(rs, self.attr)
        if self.values is None:
            return str(value)
        for text in self.values:
            if self.values[text] == value and type(self.values[text]) is type(value):
                return text
        return str(value)


def _each(prefix: str, *values: str) -> tuple[Callable[[Ruleset], tuple[str, ...]], Callable[[Ruleset, str], Message]]:
    """Choices that are always ``values``, each meaning its message ``prefix + value``."""
    return (lambda base: values), (lambda base, value: message(prefix + value))


def _huffs(base: Ruleset, value: str) -> Message:
    return message("huffs-all") if value == "all" else message("huffs-n", officers=count(int(value), "officer"))


def _repeat(base: Ruleset, value: str) -> Message:
    return message("no-repeat") if value == "off" else message("repeat-" + value)


_HUFFING = ("duty", HUFF_DUTIES, f"the huffing duties ({', '.join(HUFF_DUTIES)})")

# The options, in this order in names and forms. Adding one: a row here, a Ruleset field if the
# rules need a new one, and its messages (option-KEY, change-KEY and the meanings) in each catalog.
OPTIONS: tuple[Option, ...] = (
    Option("rebels", "rebel_move", *_each("rebels-", "forward", "not-away", "shortest", "never-back", "any", "inward"),
           settles=("rebel-moves", "rules")),
    Option("marked", "marked_lines", lambda base: ("off", "on") if base.geometry.marked else ("off",),
           lambda base, value: message("marked-" + value), ("marked-lines", "rebel-moves", "rules"),
           {"on": True, "off": False}),
    Option("capture", "capture", *_each("capture-", "chain", "single"),
           settles=("multiple-captures", "capturing", "rules")),
    Option("stop", "chain_stop", *_each("stop-", "end", "anywhere"),
           settles=("multiple-captures", "capturing", "rules"), only=("capture", ("chain",), "chains")),
    Option("duty", "duty", *_each("duty-", "forced", "optional", "huff", "huff-each", "huff-best", "auto-huff-all",
                                  "huff-instead"),
           settles=("capturing", "huffing", "rules")),
    Option("removal", "removal", *_each("removal-", "choice", "auto"), settles=("huffing",), only=_HUFFING),
    Option("huffs", "max_huffs", lambda base: ("all",) + tuple(str(n) for n in range(1, base.officers)), _huffs,
           ("huffing",), {"all": None}, only=_HUFFING),
    Option("first", "first", lambda base: ("rebels", "officers"), lambda base, value: message(f"first-{value}-choice"),
           ("first-move", "setup")),
    Option("officers", "placement", lambda base: ("placed", "fixed"),
           lambda base, value: message("placed") if value == "placed" else _points(base.officer_start), ("setup",),
           {"placed": True, "fixed": False}),
    Option("win", "win_threshold", lambda base: tuple(str(n) for n in range(1, len(base.rebel_points) + 1)),
           lambda base, value: _remain(int(value)), ("officers-win",), {}, sets="officers_win_below"),
    Option("blocking", "blocking_loses", *_each("blocking-", "allowed", "loses"), settles=("blocking", "no-move"),
           values={"loses": True, "allowed": False}),
    Option("repetition", "repetition", lambda base: ("2", "3", "4", "5", "off"), _repeat, (), {"off": 0}),
)  # fmt: skip
OPTION_KEYS: tuple[str, ...] = tuple(option.key for option in OPTIONS)
_BY_KEY = {option.key: option for option in OPTIONS}
_CUSTOM: dict[str, Ruleset] = {}  # house rules by name as asked and canonical name
MAX_CUSTOM = 256  # the cache starts afresh when full (house rules come from links and saves)


def custom_options(base: str) -> list[dict[str, Any]]:
    """Every house-rule option of a named ruleset, for a form: its key, label (a message),
    current value, the values it may take with their meanings (messages; in this order; lists,
    not dicts), and ``when``: null, or [another option's key, its values] while which alone
    this option applies (a form hides it otherwise).

    >>> first = custom_options("asalto")[7]
    >>> first["key"], first["value"], [v for v, _ in first["choices"]], english(first["label"])
    ('first', 'rebels', ['rebels', 'officers'], 'First move')
    """
    rs = find_ruleset(base)
    rs = RULESETS[rs.base] if rs.base else rs
    return [
        {
            "key": option.key,
            "label": message("option-" + option.key),
            "value": option.get(rs),
            "choices": [[value, option.meaning(rs, value)] for value in option.choices(rs)],
            "when": [option.only[0], list(option.only[1])] if option.only else None,
        }
        for option in OPTIONS
    ]


def custom_name(base: str, changes: dict[str, str]) -> str:
    """The name of ``base`` with the options in ``changes`` (key -> value) changed; the same
    checks as :func:`custom_ruleset`. Options in ``changes`` equal to the base's are dropped.

    >>> custom_name("assault", {"first": "officers", "rebels": "not-away"})
    'assault:rebels=not-away,first=officers'
    >>> custom_name("assault", {"first": "rebels"})
    'assault'
    >>> custom_name("assault:first=officers", {"win": "12"})  # house rules as the base: changed further
    'assault:first=officers,win=12'
    """
    if not isinstance(changes, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in changes.items()):
        raise UnknownRulesetError(f"house rules' changes are a table of option names and values, not {quote(changes)}")
    for key, value in changes.items():
        if any(c in ",=:" for c in key + value):  # one option each: a comma would slip a second one in
            raise UnknownRulesetError(
                f"bad house rule {quote(key)}={quote(value)}: one option's value, no ',', '=' or ':'"
            )
    rs = find_ruleset(base)
    merged = {}
    if rs.base:
        for item in rs.name.partition(":")[2].split(","):
            key, _, value = item.partition("=")
            merged[key] = value
        base = rs.base
    for key in changes:
        merged[key] = changes[key]
    # Values equal to the base's are dropped first: a form may send every option, and an option
    # left as it is (removal=choice with duty=forced) must not count as a contradiction.
    theirs = RULESETS[base].options() if base in RULESETS else {}
    pairs = [f"{key}={merged[key]}" for key in sorted(merged, key=_option_order) if theirs.get(key) != merged[key]]
    return custom_ruleset(base + ":" + ",".join(pairs)).name if pairs else find_ruleset(base).name


def _option_order(key: str) -> int:
    return OPTION_KEYS.index(key) if key in OPTION_KEYS else len(OPTION_KEYS)


def custom_ruleset(name: str) -> Ruleset:
    """A named ruleset with house rules: ``base:key=value,...`` (see :data:`OPTIONS`).

    The result's name is canonical: options in :data:`OPTIONS` order, only those that differ
    from the base. An unknown base, option or value, or options that contradict each other,
    raise :class:`UnknownRulesetError` saying which.

    >>> rs = custom_ruleset("assault:first=officers,rebels=not-away")
    >>> rs.name, rs.first, rs.rebel_move, rs.base
    ('assault:rebels=not-away,first=officers', 'officers', 'not-away', 'assault')
    >>> try:
    ...     custom_ruleset("asalto:duty=forced,removal=auto")
    ... except UnknownRulesetError as err:
    ...     print(*str(err).split(": ", 1), sep=":" + chr(10))
    bad house rules 'asalto:duty=forced,removal=auto':
    removal= applies only to the huffing duties (huff, huff-each, huff-best), not duty=forced
    """
    if not isinstance(name, str):
        raise UnknownRulesetError(f"house rules are named by text, like 'assault:first=officers', not {quote(name)}")
    known = _CUSTOM.get(name)
    if known is not None:
        return known
    where = f"bad house rules {quote(name)}"
    base_name, _, text = name.partition(":")
    base = RULESETS.get(base_name)
    if base is None:
        raise UnknownRulesetError(
            f"{where}: unknown base ruleset {quote(base_name)}; known rulesets: {', '.join(RULESET_NAMES)}"
        )
    values: dict[str, str] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        if not eq:
            raise UnknownRulesetError(f"{where}: expected key=value, not {quote(item)}")
        if key not in OPTION_KEYS:
            raise UnknownRulesetError(f"{where}: unknown option {quote(key)}; options: {', '.join(OPTION_KEYS)}")
        if key in values:
            raise UnknownRulesetError(f"{where}: option {quote(key)} is given twice")
        allowed = list(_BY_KEY[key].choices(base))
        if value not in allowed:
            raise UnknownRulesetError(
                f"{where}: {key}={quote(value)} is not allowed here; {key} may be {', '.join(allowed)}"
            )
        values[key] = value
    fields: dict[str, Any] = {opt.sets: opt.read(values[opt.key]) for opt in OPTIONS if opt.key in values}
    rs = replace(base, **fields)
    for option in OPTIONS:
        if option.key in values and option.only:
            other, allowed_values, said = option.only
            now = _BY_KEY[other].get(rs)
            if now not in allowed_values:
                raise UnknownRulesetError(f"{where}: {option.key}= applies only to {said}, not {other}={now}")
    changed = [option for option in OPTIONS if option.key in values and option.get(rs) != option.get(base)]
    if not changed:
        return base
    pairs = ",".join(f"{option.key}={option.get(rs)}" for option in changed)
    canonical = base.name + ":" + pairs
    settled = [point for option in changed for point in option.settles]
    changes = [message("change-" + option.key, meaning=option.meaning(base, option.get(rs))) for option in changed]
    rs = _CUSTOM.get(canonical) or replace(
        rs,
        name=canonical,
        title=message("house-title", title=base.title),
        description=message("house-description", title=base.title, changes=changes),
        base=base.name,
        readings=(_reading("house-rules", "house-reading", title=base.title, changes=pairs.replace(",", ", ")),)
        + tuple(reading for reading in base.readings if reading[0] not in settled),
    )
    if len(_CUSTOM) >= MAX_CUSTOM:
        _CUSTOM.clear()
    _CUSTOM[name] = _CUSTOM[canonical] = rs
    return rs
