"""Named rulesets: each member of the Asalto family as declarative data.

The sources disagree on several points (how rebels may move, whether capturing is
compulsory, who starts, when the officers have won). A :class:`Ruleset` fixes one
value for each such option and records its source and how it reads each disputed
point; the rules panel on the page and the README are both generated from here.

>>> rs = find_ruleset("assault")
>>> rs.board, rs.rebel_move, rs.capture, rs.duty, rs.first
('standard', 'forward', 'chain', 'forced', 'rebels')
>>> sorted(RULESETS)[:3]
['2-contra-20', 'asalto', 'assault']
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from .errors import UnknownRulesetError, quote
from .geometry import BOARD_NOTES, BOARDS

if TYPE_CHECKING:
    from typing import Any, Literal

    from .geometry import Geometry

    RebelMove = Literal["forward", "not-away", "shortest", "never-back", "any"]
    Capture = Literal["chain", "single"]
    Stop = Literal["end", "anywhere"]
    Duty = Literal["forced", "optional", "huff", "huff-each", "huff-best", "auto-huff-all"]
    Removal = Literal["choice", "auto"]
    Side = Literal["officers", "rebels"]

REBEL_MOVES: dict[str, str] = {
    "forward": "straight or diagonally forward; sideways only along the top line of a side arm, toward the fortress",
    "not-away": "along any line that does not take the rebel further (in line steps) from the fortress",
    "shortest": "outside the fortress each step shortens the way to it by one; inside, freely; never leaves it",
    "never-back": "along any line that does not lower its rank; inside the fortress freely; never leaves it",
    "any": "along any line, in any direction",
}
CAPTURES: dict[str, str] = {
    "chain": "an officer may jump again and again in one move, turning between jumps",
    "single": "one jump per move",
}
STOPS: dict[str, str] = {
    "end": "a chain is jumped to its end",
    "anywhere": "a chain may stop after any jump",
}
DUTIES: dict[str, str] = {
    "forced": "a capture must be made when one exists",
    "optional": "capturing is optional and never punished",
    "huff": "not capturing is allowed but punished: an officer that failed to make an available capture may "
    "be huffed (removed): after a move that captured nothing, any officer that could have captured; after a "
    "capture, the capturing officer if it stopped its chain while it could jump again",
    "huff-each": "not capturing is allowed but punished: each officer that could capture and did not capture this turn "
    "may be huffed (removed), even when the other officer captured (no source reads it so: when two officers can "
    "capture, the player loses one whatever they play)",
    "huff-best": "not making the best capture is allowed but punished: after a move that captured fewer rebels "
    "than the most any officer could take (a move that took none included), an officer that could have taken that "
    "many may be huffed (removed)",
    "auto-huff-all": "after a turn without a capture, every officer that could have captured is removed at once",
}
REMOVALS: dict[str, str] = {
    "choice": "the rebels may remove one such officer at the start of their next move, then move as usual",
    "auto": "one such officer is taken off at the start of the rebels' next move, not at their option (they choose "
    "which when several could be), then they move as usual",
}
HUFF_DUTIES = ("huff", "huff-each", "huff-best")


def plural(n: int, word: str, words: str = "") -> str:
    """``n`` and the noun in the right number.

    >>> plural(1, "officer"), plural(2, "rebel"), plural(1, "rebel remains", "rebels remain")
    ('1 officer', '2 rebels', '1 rebel remains')
    """
    return f"{n} {word if n == 1 else words or word + 's'}"


@dataclass(frozen=True)
class Ruleset:
    """One playable variant: a board, the option values, and where they come from.

    ``readings`` pairs each disputed point with how this ruleset reads it, in words a
    player can check against the source. ``base`` names the ruleset a custom one
    (house rules, see :func:`custom_ruleset`) starts from; it is empty for the named ones.
    """

    name: str
    title: str
    source: str
    description: str
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
    readings: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    base: str = ""
    __match_args__ = (
        "name", "title", "source", "description", "board", "rebel_move", "marked_lines", "capture",
        "chain_stop", "duty", "removal", "first", "officer_start", "placement", "rebel_start", "max_huffs",
        "officers_win_below", "blocking_loses", "repetition", "readings", "base",
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
        """Officers can leave the board (by huffing or Ludii's automatic removal)."""
        return self.huffing or self.duty == "auto-huff-all"

    def summary(self) -> list[tuple[str, str]]:
        """The option values in words, for the rules panel and the README."""
        g = self.geometry
        start = (
            "the officers' player places them anywhere in the fortress"
            if self.placement
            else "on " + ", ".join(self.officer_start)
        )
        captures = CAPTURES[self.capture] + ("; " + STOPS[self.chain_stop] if self.capture == "chain" else "")
        capturing = DUTIES[self.duty]
        if self.huffing:
            capturing += "; " + REMOVALS[self.removal]
            if self.max_huffs:
                capturing += f"; at most {plural(self.max_huffs, 'officer')} may be huffed in a game"
        below = self.win_threshold
        remain = "when no rebel remains" if below == 1 else f"when fewer than {below} rebels remain"
        if self.blocking_loses:
            officers_win = remain + "; or when the rebels leave them without a move"
            rebels_win = "when every fortress point holds a rebel, or when no officer is left"
            stuck = "rebels with no legal move lose; officers left with none win"
        else:
            officers_win = remain
            rebels_win = (
                "when every fortress point holds a rebel, when no officer is left, or when the officers cannot move"
            )
            stuck = (
                "a side with no legal move loses (our rule for every ruleset: only the Assaut sheet says it of "
                "both sides, and a game must end when a side cannot move)"
            )
        repeat = (
            f"the {ORDINALS[self.repetition]} occurrence of a position is a draw (our rule, in no source: "
            "without it a game could go on for ever)"
            if self.repetition
            else "a repeated position is no draw"
        )
        rows = [
            ("Board", f"{g.title}: {len(g.points)} points, {len(g.lines)} lines, fortress of {len(g.fortress)}"),
            ("Pieces", f"{plural(self.officers, 'officer')} ({start}); {plural(len(self.rebel_points), 'rebel')}"),
            ("First move", self.first),
            ("Rebels move", REBEL_MOVES[self.rebel_move]
             + ("; never along the marked lines" if self.marked_lines else "")),
            ("Captures", captures),
            ("Capture rule", capturing),
            ("Officers win", officers_win),
            ("Rebels win", rebels_win),
            ("Also", f"{stuck}; {repeat}"),
        ]  # fmt: skip
        return rows

    def options(self) -> dict[str, str]:
        """The value of every house-rule option (see :data:`OPTIONS`), as text."""
        return {key: _get(self, key) for key in OPTION_KEYS}

    def to_json(self) -> dict[str, Any]:
        """Plain data for the page's rules panel."""
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
            "options": [[key, _get(self, key)] for key in OPTION_KEYS],
            "summary": self.summary(),
            "readings": list(self.readings),
        }


ORDINALS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")


# Each source by its title, as a reader sees it (never by a file name).
SOURCES = {
    "cyningstan": "Cyningstan, 'Asalto' (Traditional Board Games pages: 17 numbered rules and a note on "
    "German Tactics)",
    "wiki": "a games-wiki page 'Assault' (setup, movement, multi-jumps, alternate boards, Royal Garrison)",
    "assaut": "a French rule sheet 'Assaut' (shortest-path soldiers, 'souffler n'est pas jouer', two variants)",
    "citadelle": "a French booklet 'Assaut, jeu de la citadelle' (forward soldiers, chained captures, "
    "best-capture huff)",
    "ludii": "Ludii's Asalto.lud, version 1.3.13 (Ludii general game system)",
}

_NOT_AWAY = (
    "rule 5, 'A rebel may move along a marked line in any direction which does not lead him away from "
    "the fortress', is read as: the distance to the fortress in line steps may not grow, so sideways "
    "moves at equal distance are allowed and a rebel inside the fortress moves freely but never leaves"
)

_ASALTO = Ruleset(
    name="asalto",
    title="Asalto",
    source=SOURCES["cyningstan"],
    description="The classic rules: officers placed anywhere in the fortress, rebels may not "
    "move away from it, and an officer who fails to make a capture can be huffed.",
    rebel_move="not-away",
    chain_stop="anywhere",
    duty="huff",
    placement=True,
    readings=(
        ("Rebel moves", _NOT_AWAY),
        ("Multiple captures", "the rules describe one leap (rule 9); we let an officer continue leaping, "
         "turning between leaps, as the games-wiki page ('A defending piece may make multiple jumps in a single "
         "turn') and the booklet 'Assaut, jeu de la citadelle' ('Les captures peuvent s'enchaîner') do (Ludii's "
         "Asalto.lud takes one leap a move), and stop after any leap, since a capture left undone is huffed, "
         "not forbidden"),
        ("Huffing", "rule 11, 'If the officers' player fails to make a capture when one is available, "
         "then the rebel player may point out the capture and remove the officer who failed to make it': "
         "the failure is the player's, so after a move that captured, no officer is huffable except the "
         "capturing officer when it stopped its chain while it could jump again; after a move that "
         "captured nothing, any officer that could have captured may be huffed; the rebels remove one "
         "such officer at most, 'before continuing with his own move'"),
        ("Officers' win", "rule 17: once only eight rebels remain the fortress cannot be filled, "
         "so the officers win when fewer than nine remain"),
        ("Setup", "rule 3: the officers' player places both officers anywhere in the fortress; "
         "rule 4: the rebels then move first"),
    ),
)  # fmt: skip

_ASSAULT = Ruleset(
    name="assault",
    title="Assault",
    source=SOURCES["wiki"],
    description="Rebels only advance (sideways only on the top line of a side arm), "
    "officers must capture and may chain jumps; officers start on c5 and e5.",
    readings=(
        ("Rebel moves", "'The attacker's pieces must always be moved towards the fortress, and in "
         "particular may never be moved sideways except at the very top of the two horizontal arms': "
         "straight or diagonal steps to a higher rank, and sideways steps toward the centre on the top "
         "line of the side arms; inside the fortress the same"),
        ("Capturing", "'The defender must make a jump if it is possible' and 'A defending piece may make "
         "multiple consecutive jumps': chains are jumped to the end; there is no huffing"),
        ("Officers' win", "'reduce the attacker to eight pieces': the officers win when fewer than nine remain"),
        ("Setup", "officers on c5 and e5 as drawn in the setup diagram; 'The attacker starts'"),
    ),
)  # fmt: skip

_DAMES = (
    "'Les officiers sont obligés de prendre, quand ils peuvent le faire' and 'même type de prise que le jeu de "
    "dames', and the huffing paragraph is titled with the draughts saying 'Souffler n'est pas jouer': the duty is "
    "the player's, as in draughts, and a capture by either officer fulfils it. So after a capture no officer is "
    "huffable, except the capturing one if it stopped its chain while it could jump again (a capture left "
    "undone); after a move that captured nothing when a capture existed, one officer that could have captured "
    "may be huffed, the soldiers choosing which. 'Si par oubli ou par choix, un officier ne capture pas de pion "
    "alors qu'il en a la possibilité' is not read officer by officer: when both officers can capture, one of "
    "them would then be huffable whatever the player did, a penalty no one could avoid"
)
_SOUFFLER = (
    "'« souffler » le pion fautif' and 'souffler n'est pas jouer': the soldiers may remove the officer at the "
    "start of their turn, and the huff does not replace their move; 'Un seul officier peut être retiré de cette "
    "manière': after one huff there are no more"
)

_ASSAUT = Ruleset(
    name="assaut",
    title="Assaut",
    source=SOURCES["assaut"],
    description="Rebels take the shortest way to the fortress and move freely inside it; "
    "'souffler n'est pas jouer': one officer at most can be huffed; 16 captures win.",
    rebel_move="shortest",
    chain_stop="anywhere",
    duty="huff",
    placement=True,
    max_huffs=1,
    readings=(
        ("Rebel moves", "'Ils doivent toujours prendre le chemin le plus court pour atteindre la forteresse': "
         "outside the fortress each step lowers the line distance to the fortress by one; inside, any "
         "direction; never out again"),
        ("Capturing", _DAMES),
        ("Huffing", _SOUFFLER),
        ("Officers' win", "16 captures, that is fewer than nine of the 24 rebels left"),
        ("No move", "'Si un des joueurs ne peut pas se déplacer à son tour de jeu, il a perdu'"),
        ("First move", "the sheet does not say; we let the rebels start, as Cyningstan's rules, the games-wiki "
         "page and the booklet 'Assaut, jeu de la citadelle' do (only Ludii's Asalto.lud has the officers start)"),
    ),
)  # fmt: skip

_CITADELLE = Ruleset(
    name="citadelle",
    title="Assaut, jeu de la citadelle",
    source=SOURCES["citadelle"],
    description="Rebels only forward (sideways on their last lines), chained captures, and a move "
    "that misses the best capture costs an officer, taken off the board.",
    rebel_move="forward",
    chain_stop="anywhere",
    duty="huff-best",
    removal="auto",
    placement=True,
    readings=(
        ("Rebel moves", "'Soldats : uniquement vers l'avant (sauf sur la dernière ligne cf dessin page "
         "suivante)' and 'Les soldats se déplacent uniquement sur les lignes rouges vers l'avant, ils ne "
         "peuvent donc jamais reculer, mais peuvent se déplacer latéralement sur leurs dernières lignes "
         "(mais toujours pour se diriger vers la forteresse)': forward, and sideways toward the citadel "
         "on the top line of the side arms"),
        ("Capturing", "'Les officiers capturent les soldats par saut, comme au jeu de dames, la prise est "
         "obligatoire. Les captures peuvent s'enchaîner.': the duty is the player's, as in draughts, best "
         "capture included: 'un officier qui ne réalise pas une prise possible (ou la meilleure prise "
         "possible) est « soufflé »'. A capture as large as the largest any officer had is no fault; a move "
         "that captures nothing when a capture existed, or fewer soldiers than the best capture, costs one of "
         "the officers that could have made the best capture. Read officer by officer, the sentence would take "
         "an officer whenever both could capture, whatever the player did: a penalty no one could avoid"),
        ("Huffing", "'est « soufflé » et retiré du définitivement du jeu': the removal is not the soldiers' "
         "option: at the start of their turn one officer that could have made the best capture is taken off, "
         "then they move; when several could have made it, the soldiers choose which, as in draughts the "
         "opponent chooses the piece to blow (a lone removal when it takes the last officer)"),
        ("Officers' win", "'capturer 16 soldats': fewer than nine left"),
        ("Setup", "'la position des officiers dans la citadelle est laissée au choix du joueur'"),
    ),
)  # fmt: skip

_GERMAN = replace(
    _ASALTO,
    name="german-tactics",
    title="German Tactics",
    source=SOURCES["cyningstan"] + ", its note on German Tactics",
    description="Asalto on the old German boards: rebels may not use the marked lines (every "
    "horizontal line but the top line of each side arm); otherwise Asalto's rules.",
    marked_lines=True,
    readings=(
        ("Marked lines", "Cyningstan's note: 'Rebels may not move along these specially marked lines, "
         "but officers may. The only horizontal lines along which they may move are the top line of the "
         "left- and right-hand arms of the cross.' The games-wiki page 'Assault' shows the same marking "
         "('these forbidden moves are the dashed lines in the diagram above'), and the booklet 'Assaut, "
         "jeu de la citadelle' draws it the other way round, the lines soldiers may use in red ('Les "
         "soldats se déplacent uniquement sur les lignes rouges')"),
        ("Rebel moves", "the note ('This is for the related game German Tactics') changes only the lines "
         "rebels may use; on the others Asalto's " + _NOT_AWAY),
    ) + _ASALTO.readings[1:],
)  # fmt: skip

_ROYAL = replace(
    _ASSAULT,
    name="royal-garrison",
    title="Royal Garrison",
    source=SOURCES["wiki"] + "; Officers & Sepoys is mentioned by Cyningstan",
    description="The big board: three officers on c7, e7 and g7 hold a 17-point fortress "
    "against 50 rebels; otherwise played as Assault.",
    board="royal-garrison",
    officer_start=("c7", "e7", "g7"),
    readings=(
        ("Setup", "'The defender has three pieces which start on the middle and either end of the bottom "
         "row of the fortress': c7, e7, g7"),
        ("Rules", "'Play is otherwise the same as Assault': forward moves (sideways only on the top line "
         "of a side arm, rank 7), forced chained captures"),
        ("Officers' win", "fewer rebels than the 17 fortress points: fewer than 17 left"),
    ),
)  # fmt: skip

_ROYAL_DIAGONALS = replace(
    _ROYAL,
    name="royal-garrison-diagonals",
    title="Royal Garrison: all diagonals",
    source=SOURCES["wiki"] + ", its second Royal Garrison board",
    description="Royal Garrison on the other board the games-wiki page shows, where every diagonal "
    "is drawn: three officers on c7, e7 and g7 against 50 rebels, played as Assault.",
    board="royal-garrison-diagonals",
    readings=(
        ("Board", "'Another version of the “Royal Garrison” board connected all diagonals': "
         + BOARD_NOTES["royal-garrison-diagonals"][0].lower() + BOARD_NOTES["royal-garrison-diagonals"][1:-1]),
    ) + _ROYAL.readings,
)  # fmt: skip

_TWENTY = tuple(f"{c}{r}" for r in (1, 2) for c in "cde") + tuple(f"{c}{r}" for r in (3, 4) for c in "abcdefg")


def _alternate(name: str, title: str, board: str, rebels: tuple[str, ...] | None, note: str) -> Ruleset:
    return replace(
        _ASSAULT,
        name=name,
        title=title,
        source=SOURCES["wiki"] + " (Alternate Boards)",
        description=f"Assault played on the {title} board{note}.",
        board=board,
        rebel_start=rebels,
        readings=(
            ("Rules", "the games-wiki page 'Assault' gives the drawing only ('For these I do not have "
             "rules, so it is unclear if horizontal movements were permitted or not'); we play it as Assault"),
            ("Board", BOARD_NOTES[board].rstrip(".")),  # a reading is a clause; the list adds the stop
            ("Setup", "officers on c5 and e5 as on the standard board"
             + ("; 'played with 20 attackers which are set up on all the lower points': every point of "
                "ranks 1-4" if rebels else "")),
        ),
    )  # fmt: skip


_ALL_RULESETS = (
    _ASALTO,
    _GERMAN,
    _ASSAULT,
    _ASSAUT,
    replace(
        _ASSAUT,
        name="assaut-no-blocking",
        title="Assaut: interdiction de bloquer les officiers",
        description="Assaut, but the rebels lose if their move leaves the officers without a move.",
        blocking_loses=True,
        readings=(
            (
                "Blocking",
                "'Les soldats perdent en effet la partie s'ils empêchent les officiers de "
                "se déplacer': a rebel move that leaves the officers with no move loses at once",
            ),
        )
        + _ASSAUT.readings[:4]
        + (
            (
                "No move",
                "'Lorsqu'un joueur ne peut pas se déplacer, il a perdu', except the officers "
                "when the soldiers blocked them",
            ),
        )
        + _ASSAUT.readings[5:],
    ),  # fmt: skip
    replace(
        _ASSAUT,
        name="assaut-free-soldiers",
        title="Assaut: des soldats plus libres",
        description="Assaut with freer soldiers: any line that does not go back, sideways included.",
        rebel_move="never-back",
        readings=(
            (
                "Rebel moves",
                "'Les soldats peuvent se déplacer horizontalement. Ils ne sont plus obligés d'avancer vers "
                "le château, mais n'ont jamais le droit de reculer': any line that does not lower the "
                "rank; free inside the fortress, never out",
            ),
        )
        + _ASSAUT.readings[1:],
    ),
    _CITADELLE,
    _ROYAL,
    _ROYAL_DIAGONALS,
    _alternate("simplified", "Simplified", "simplified", None, " (no diagonals outside the fortress)"),
    _alternate("fuchs-und-henne", "Fuchs und Henne", "fuchs-und-henne", _TWENTY, " with 20 attackers"),
    _alternate("2-contra-20", "2 contra 20", "2-contra-20", _TWENTY, " with 20 attackers"),
    Ruleset(
        name="ludii",
        title="Asalto (Ludii)",
        source=SOURCES["ludii"],
        description="Ludii's reading: officers on c6 and e6 move first, rebels step along any line, "
        "single jumps, and after a turn without a capture every officer that could have captured "
        "is removed at once.",
        rebel_move="any",
        capture="single",
        duty="auto-huff-all",
        first="officers",
        officer_start=("c6", "e6"),
        officers_win_below=1,
        readings=(
            ("Source", "reproduces Asalto.lud: its perft from the start reads 6, 46, 304, 3496"),
            (
                "Huffing",
                "an officer that could hop and the turn made no capture is removed, the one "
                "that moved at its new point",
            ),
            ("Officers' win", "only when no rebel remains"),
        ),
    ),  # fmt: skip
)
# In this order wherever rulesets are listed: MicroPython's dicts do not keep insertion order.
RULESET_NAMES: tuple[str, ...] = tuple(rs.name for rs in _ALL_RULESETS)
RULESETS: dict[str, Ruleset] = {rs.name: rs for rs in _ALL_RULESETS}
DEFAULT_RULESET = "assault"  # a first visit's game (the page's settings, its board at first paint)


def rules_markdown() -> str:
    """The README's rules section: every ruleset, its source, options and readings."""
    out = []
    for rs in _ALL_RULESETS:
        out += [f"### {rs.title} (`{rs.name}`)", "", f"*Source:* {rs.source}.", "", rs.description, ""]
        out += [f"- **{label}:** {text}." for label, text in rs.summary()]
        out += ["", "How it reads the disputed points:", ""]
        out += [f"- *{point}:* {reading}." for point, reading in rs.readings]
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
# no character a URL query or a position text treats specially). Options in this order:
OPTIONS: tuple[tuple[str, str], ...] = (
    ("rebels", "Rebels move"),
    ("marked", "Marked lines closed to rebels"),
    ("capture", "Captures"),
    ("stop", "A chain may stop"),
    ("duty", "Capture rule"),
    ("removal", "Huffed officers"),
    ("huffs", "Officers that may be huffed in a game"),
    ("first", "First move"),
    ("officers", "Officers start"),
    ("win", "Officers win"),
    ("blocking", "Rebels that leave the officers without a move"),
    ("repetition", "Draw by repetition"),
)
OPTION_KEYS: tuple[str, ...] = tuple(key for key, _ in OPTIONS)
_CUSTOM: dict[str, Ruleset] = {}  # house rules by name as asked and canonical name
MAX_CUSTOM = 256  # the cache starts afresh when full (house rules come from links and saves)
# The reading labels an option makes obsolete when it changes.
_READS = {
    "rebels": ("Rebel moves", "Rules"), "marked": ("Marked lines", "Rebel moves", "Rules"),
    "capture": ("Multiple captures", "Capturing", "Rules"), "stop": ("Multiple captures", "Capturing", "Rules"),
    "duty": ("Capturing", "Huffing", "Rules"), "removal": ("Huffing",), "huffs": ("Huffing",),
    "first": ("First move", "Setup"), "officers": ("Setup",), "win": ("Officers' win",),
    "blocking": ("Blocking", "No move"), "repetition": (),
}  # fmt: skip


def _get(rs: Ruleset, key: str) -> str:
    """The value of one house-rule option in ``rs``, as text."""
    if key == "rebels":
        return rs.rebel_move
    if key == "marked":
        return "on" if rs.marked_lines else "off"
    if key == "capture":
        return rs.capture
    if key == "stop":
        return rs.chain_stop
    if key == "duty":
        return rs.duty
    if key == "removal":
        return rs.removal
    if key == "huffs":
        return "all" if rs.max_huffs is None else str(rs.max_huffs)
    if key == "first":
        return rs.first
    if key == "officers":
        return "placed" if rs.placement else "fixed"
    if key == "win":
        return str(rs.win_threshold)
    if key == "blocking":
        return "loses" if rs.blocking_loses else "allowed"
    return str(rs.repetition) if rs.repetition else "off"


def _field(key: str, value: str) -> tuple[str, object]:
    """The :class:`Ruleset` field an option sets, and its value."""
    if key == "rebels":
        return "rebel_move", value
    if key == "marked":
        return "marked_lines", value == "on"
    if key == "capture":
        return "capture", value
    if key == "stop":
        return "chain_stop", value
    if key == "duty":
        return "duty", value
    if key == "removal":
        return "removal", value
    if key == "huffs":
        return "max_huffs", None if value == "all" else int(value)
    if key == "first":
        return "first", value
    if key == "officers":
        return "placement", value == "placed"
    if key == "win":
        return "officers_win_below", int(value)
    if key == "blocking":
        return "blocking_loses", value == "loses"
    return "repetition", 0 if value == "off" else int(value)


def _choices(base: Ruleset, key: str) -> list[tuple[str, str]]:
    """The values an option may take with ``base``'s board and pieces, each with its meaning."""
    if key == "rebels":
        return [(v, REBEL_MOVES[v]) for v in ("forward", "not-away", "shortest", "never-back", "any")]
    if key == "marked":
        off = [("off", "rebels may use every line")]
        if not base.geometry.marked:
            return off
        return off + [
            ("on", "rebels may not use the marked lines (every horizontal line but the top line of each side arm)")
        ]
    if key == "capture":
        return [(v, CAPTURES[v]) for v in ("chain", "single")]
    if key == "stop":
        return [(v, STOPS[v]) for v in ("end", "anywhere")]
    if key == "duty":
        return [(v, DUTIES[v]) for v in ("forced", "optional", "huff", "huff-each", "huff-best", "auto-huff-all")]
    if key == "removal":
        return [(v, REMOVALS[v]) for v in ("choice", "auto")]
    if key == "huffs":
        return [("all", "every officer may be huffed")] + [
            (str(n), f"at most {plural(n, 'officer')} in a game") for n in range(1, base.officers)
        ]
    if key == "first":
        return [("rebels", "the rebels move first"), ("officers", "the officers move first")]
    if key == "officers":
        return [
            ("placed", "the officers' player places them anywhere in the fortress"),
            ("fixed", "on " + ", ".join(base.officer_start)),
        ]
    if key == "win":
        return [
            (str(n), "when no rebel remains" if n == 1 else f"when fewer than {n} rebels remain")
            for n in range(1, len(base.rebel_points) + 1)
        ]
    if key == "blocking":
        return [
            ("allowed", "officers left without a move lose"),
            ("loses", "the rebels lose if their move leaves the officers without a move"),
        ]
    return [(str(n), f"the {ORDINALS[n]} occurrence of a position is a draw") for n in (2, 3, 4, 5)] + [
        ("off", "a repeated position is no draw")
    ]


def custom_options(base: str) -> list[dict[str, Any]]:
    """Every house-rule option of a named ruleset, for a form: its key, label, current value,
    and the values it may take with their meanings (in this order; lists, not dicts).

    >>> first = custom_options("asalto")[7]
    >>> first["key"], first["value"], [v for v, _ in first["choices"]]
    ('first', 'rebels', ['rebels', 'officers'])
    """
    rs = find_ruleset(base)
    rs = RULESETS[rs.base] if rs.base else rs
    return [
        {"key": key, "label": label, "value": _get(rs, key), "choices": [list(c) for c in _choices(rs, key)]}
        for key, label in OPTIONS
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
        allowed = [v for v, _ in _choices(base, key)]
        if value not in allowed:
            raise UnknownRulesetError(
                f"{where}: {key}={quote(value)} is not allowed here; {key} may be {', '.join(allowed)}"
            )
        values[key] = value
    fields: dict[str, Any] = {}
    for key in OPTION_KEYS:
        if key in values:
            attr, field_value = _field(key, values[key])
            fields[attr] = field_value
    rs = replace(base, **fields)
    if "stop" in values and rs.capture != "chain":
        raise UnknownRulesetError(f"{where}: stop= applies only to chains, not capture={rs.capture}")
    for key in ("removal", "huffs"):
        if key in values and not rs.huffing:
            raise UnknownRulesetError(
                f"{where}: {key}= applies only to the huffing duties ({', '.join(HUFF_DUTIES)}), not duty={rs.duty}"
            )
    changed = [key for key in OPTION_KEYS if key in values and _get(rs, key) != _get(base, key)]
    if not changed:
        return base
    canonical = base.name + ":" + ",".join(f"{key}={_get(rs, key)}" for key in changed)
    rs = _CUSTOM.get(canonical) or replace(
        rs,
        name=canonical,
        title=f"{base.title}, house rules",
        description=f"{base.title} with house rules: "
        + "; ".join(f"{_label(key).lower()}: {_meaning(base, key, _get(rs, key))}" for key in changed)
        + ".",
        base=base.name,
        readings=(("House rules", "changed from " + base.title + ": " + ", ".join(
            f"{key}={_get(rs, key)}" for key in changed) + "; the readings below are " + base.title + "'s"),)
        + tuple(r for r in base.readings if not any(r[0] in _READS[key] for key in changed)),
    )  # fmt: skip
    if len(_CUSTOM) >= MAX_CUSTOM:
        _CUSTOM.clear()
    _CUSTOM[name] = _CUSTOM[canonical] = rs
    return rs


def _label(key: str) -> str:
    return OPTIONS[OPTION_KEYS.index(key)][1]


def _meaning(base: Ruleset, key: str, value: str) -> str:
    return [text for v, text in _choices(base, key) if v == value][0]
