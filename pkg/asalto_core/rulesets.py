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

from .errors import UnknownRulesetError
from .geometry import BOARDS

if TYPE_CHECKING:
    from typing import Any, Literal

    from .geometry import Geometry

    RebelMove = Literal["forward", "not-away", "shortest", "never-back", "any"]
    Capture = Literal["chain", "single"]
    Duty = Literal["forced", "huff", "huff-best", "auto-huff-all"]
    Side = Literal["officers", "rebels"]

REBEL_MOVES: dict[str, str] = {
    "forward": "straight or diagonally forward; sideways only along the top line of a side arm, toward the fortress",
    "not-away": "along any line that does not take the rebel further (in line steps) from the fortress",
    "shortest": "outside the fortress each step shortens the way to it by one; inside, freely; never leaves it",
    "never-back": "along any line that does not lower its rank; inside the fortress freely; never leaves it",
    "any": "along any line, in any direction",
}
CAPTURES: dict[str, str] = {
    "chain": "an officer keeps jumping while it can, and may turn between jumps",
    "single": "one jump per move",
}
DUTIES: dict[str, str] = {
    "forced": "a capture must be made when one exists, and a chain is jumped to its end",
    "huff": "capturing is optional; an officer that could capture and did not may be removed (huffed) "
    "by the rebels at the start of their next move",
    "huff-best": "as huff, and an officer that captured fewer rebels than its best capture offered may be huffed too",
    "auto-huff-all": "after a turn without a capture, every officer that could have captured is removed at once",
}


@dataclass(frozen=True)
class Ruleset:
    """One playable variant: a board, the option values, and where they come from.

    ``readings`` pairs each disputed point with how this ruleset reads it, in words a
    player can check against the source.
    """

    name: str
    title: str
    source: str
    description: str
    board: str = "standard"
    rebel_move: RebelMove = "forward"
    marked_lines: bool = False
    capture: Capture = "chain"
    duty: Duty = "forced"
    first: Side = "rebels"
    officer_start: tuple[str, ...] = ("c5", "e5")
    placement: bool = False
    rebel_start: tuple[str, ...] | None = None
    max_huffs: int | None = None
    officers_win_below: int | None = None
    blocking_loses: bool = False
    readings: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    __match_args__ = (
        "name", "title", "source", "description", "board", "rebel_move", "marked_lines", "capture", "duty",
        "first", "officer_start", "placement", "rebel_start", "max_huffs", "officers_win_below",
        "blocking_loses", "readings",
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
        return self.duty in ("huff", "huff-best")

    def summary(self) -> list[tuple[str, str]]:
        """The option values in words, for the rules panel and the README."""
        g = self.geometry
        start = (
            "the officers' player places them anywhere in the fortress"
            if self.placement
            else "on " + ", ".join(self.officer_start)
        )
        rows = [
            ("Board", f"{g.title}: {len(g.points)} points, {len(g.lines)} lines, fortress of {len(g.fortress)}"),
            ("Pieces", f"{self.officers} officers ({start}); {len(self.rebel_points)} rebels"),
            ("First move", self.first),
            ("Rebels move", REBEL_MOVES[self.rebel_move]
             + ("; never along the marked (doubled) lines" if self.marked_lines else "")),
            ("Captures", CAPTURES[self.capture]),
            ("Capturing", DUTIES[self.duty]
             + (f"; at most {self.max_huffs} officer may be huffed" if self.max_huffs else "")),
            ("Officers win", f"when fewer than {self.win_threshold} rebels remain"
             + ("; or when the rebels leave them without a move" if self.blocking_loses else "")),
            ("Rebels win", "when every fortress point holds a rebel, when no officer is left, "
             "or when the officers cannot move"),
            ("Also", "a side with no legal move loses; the third repetition of a position is a draw"),
        ]  # fmt: skip
        return rows

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
            "summary": self.summary(),
            "readings": list(self.readings),
        }


SOURCES = {
    "000": "Cyningstan, 'Asalto' (Traditional Board Games pages: 17 numbered rules and a note on German Tactics)",
    "001": "a games-wiki page 'Assault' (setup, movement, multi-jumps, alternate boards, Royal Garrison)",
    "002": "a French rule sheet 'Assaut' (shortest-path soldiers, 'souffler n'est pas jouer', two variants)",
    "003": "a French booklet 'Assaut, jeu de la citadelle' (forward soldiers, chained captures, best-capture huff)",
    "ludii": "Ludii's Asalto.lud, version 1.3.13 (Ludii general game system)",
}

_ASALTO = Ruleset(
    name="asalto",
    title="Asalto",
    source=SOURCES["000"],
    description="The classic rules: officers placed anywhere in the fortress, rebels may not "
    "move away from it, and an officer who fails to capture can be huffed.",
    rebel_move="not-away",
    duty="huff",
    placement=True,
    readings=(
        ("Rebel moves", "rule 5, 'in any direction which does not lead him away from the fortress', "
         "is read as: the distance to the fortress in line steps may not grow, so sideways moves "
         "at equal distance are allowed and a rebel inside the fortress moves freely but never leaves"),
        ("Multiple captures", "the rules describe one leap; like every other source we let an "
         "officer continue leaping, turning between leaps"),
        ("Huffing", "rule 11: an officer that could capture and did not may be removed by the "
         "rebels before their move; we let them remove one such officer per turn"),
        ("Officers' win", "rule 17: once only eight rebels remain the fortress cannot be filled, "
         "so the officers win when fewer than nine remain"),
        ("Setup", "rule 3: the officers' player places both officers anywhere in the fortress; "
         "rule 4: the rebels then move first"),
    ),
)  # fmt: skip

_ASSAULT = Ruleset(
    name="assault",
    title="Assault",
    source=SOURCES["001"],
    description="Rebels only advance (sideways only on the top line of a side arm), "
    "officers must capture and may chain jumps; officers start on c5 and e5.",
    readings=(
        ("Rebel moves", "'always towards the fortress ... never sideways except at the very top of "
         "the two horizontal arms': straight or diagonal steps to a higher rank, and sideways steps "
         "toward the centre on rank 5 of the side arms; inside the fortress the same"),
        ("Capturing", "'the defender must make a jump if it is possible' and chains are jumped to "
         "the end; there is no huffing"),
        ("Officers' win", "reduce the attackers to eight: the officers win when fewer than nine remain"),
        ("Setup", "officers on c5 and e5 as drawn in the setup diagram; the attacker starts"),
    ),
)  # fmt: skip

_ASSAUT = Ruleset(
    name="assaut",
    title="Assaut",
    source=SOURCES["002"],
    description="Rebels take the shortest way to the fortress and move freely inside it; "
    "'souffler n'est pas jouer': one officer at most can be huffed; 16 captures win.",
    rebel_move="shortest",
    duty="huff",
    placement=True,
    max_huffs=1,
    readings=(
        ("Rebel moves", "'toujours prendre le chemin le plus court': outside the fortress each step "
         "lowers the line distance to the fortress by one; inside, any direction; never out again"),
        ("Huffing", "'souffler n'est pas jouer': the huff does not replace the rebels' move; "
         "'un seul officier peut être retiré de cette manière': after one huff there are no more"),
        ("Officers' win", "16 captures, that is fewer than nine of the 24 rebels left"),
        ("No move", "'si un des joueurs ne peut pas se déplacer à son tour de jeu, il a perdu'"),
        ("First move", "the sheet does not say; the rebels start, as in the other sources"),
    ),
)  # fmt: skip

_CITADELLE = Ruleset(
    name="citadelle",
    title="Assaut, jeu de la citadelle",
    source=SOURCES["003"],
    description="Rebels only forward (sideways on their last lines), chained captures, and an "
    "officer that misses a capture, or the best capture, is huffed.",
    rebel_move="forward",
    duty="huff-best",
    placement=True,
    readings=(
        ("Rebel moves", "'uniquement vers l'avant (sauf sur la dernière ligne)': forward, and sideways "
         "toward the citadel on the top line of the side arms"),
        ("Capturing", "'la prise est obligatoire' is enforced by the penalty: an officer that does "
         "not make a possible capture, or makes less than its best capture, is huffed"),
        ("Officers' win", "capture 16 soldiers: fewer than nine left"),
        ("Setup", "'la position des officiers dans la citadelle est laissée au choix du joueur'"),
    ),
)  # fmt: skip

_GERMAN = replace(
    _ASALTO,
    name="german-tactics",
    title="German Tactics",
    source=SOURCES["000"] + ", its note on German Tactics boards; the marked lines of old German boards",
    description="Asalto on the old German boards: rebels may not use the doubled (marked) lines, "
    "so they only advance, sideways only on the top line of a side arm.",
    rebel_move="forward",
    marked_lines=True,
    readings=(
        ("Marked lines", "every horizontal line is marked except the top line of each side arm; "
         "rebels may not move along marked lines, officers may"),
        ("Rebel moves", "as on the boards: straight or diagonally forward, and sideways only on the "
         "open top lines of the side arms, toward the fortress"),
    ) + _ASALTO.readings[1:],
)  # fmt: skip

_ROYAL = replace(
    _ASSAULT,
    name="royal-garrison",
    title="Royal Garrison",
    source=SOURCES["001"] + "; Officers & Sepoys is mentioned by Cyningstan",
    description="The big board: three officers on c7, e7 and g7 hold a 17-point fortress "
    "against 50 rebels; otherwise played as Assault.",
    board="royal-garrison",
    officer_start=("c7", "e7", "g7"),
    readings=(
        ("Setup", "'the middle and either end of the bottom row of the fortress': c7, e7, g7"),
        ("Rules", "'play is otherwise the same as Assault': forward moves, forced chained captures"),
        ("Officers' win", "fewer rebels than the 17 fortress points: fewer than 17 left"),
    ),
)  # fmt: skip

_TWENTY = tuple(f"{c}{r}" for r in (1, 2) for c in "cde") + tuple(f"{c}{r}" for r in (3, 4) for c in "abcdefg")


def _alternate(name: str, title: str, board: str, rebels: tuple[str, ...] | None, note: str) -> Ruleset:
    return replace(
        _ASSAULT,
        name=name,
        title=title,
        source=SOURCES["001"] + " (Alternate Boards)",
        description=f"Assault played on the {title} board{note}.",
        board=board,
        rebel_start=rebels,
        readings=(
            ("Rules", "001 gives the drawing only ('I do not have rules'); we play it as Assault"),
            ("Board", BOARDS[board].notes),
            ("Setup", "officers on c5 and e5 as on the standard board"
             + ("; 20 attackers on every point of ranks 1-4" if rebels else "")),
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
                "'les soldats perdent en effet la partie s'ils empêchent les officiers de "
                "se déplacer': a rebel move that leaves the officers with no move loses at once",
            ),
        )
        + _ASSAUT.readings,
    ),
    replace(
        _ASSAUT,
        name="assaut-free-soldiers",
        title="Assaut: des soldats plus libres",
        description="Assaut with freer soldiers: any line that does not go back, sideways included.",
        rebel_move="never-back",
        readings=(
            (
                "Rebel moves",
                "'ils ne sont plus obligés d'avancer ... mais n'ont jamais le droit de "
                "reculer': any line that does not lower the rank; free inside the fortress, never out",
            ),
        )
        + _ASSAUT.readings[1:],
    ),
    _CITADELLE,
    _ROYAL,
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
    """The ruleset called ``name``; :class:`UnknownRulesetError` lists the known ones."""
    try:
        return RULESETS[name]
    except (KeyError, TypeError):
        raise UnknownRulesetError(f"unknown ruleset {name!r}; known rulesets: {', '.join(RULESET_NAMES)}") from None
