"""House rules: a named ruleset with options changed, named by its base and the changes."""

import pytest

from asalto_core import Board, Game, Position, UnknownRulesetError, best_move, find_ruleset, perft
from asalto_core.messages import english
from asalto_core.rulesets import OPTION_KEYS, RULESET_NAMES, custom_name, custom_options, custom_ruleset
from helpers import FAR_REBELS, setup
from reference_rules import Reference


def test_a_custom_name_is_canonical_and_resolves():
    rs = find_ruleset("assault:first=officers,rebels=not-away")
    assert rs.name == "assault:rebels=not-away,first=officers"
    assert find_ruleset(rs.name) is rs
    assert (rs.base, rs.rebel_move, rs.first, rs.board) == ("assault", "not-away", "officers", "standard")
    assert find_ruleset("asalto:first=rebels").name == "asalto"  # no change: the base itself


def test_a_custom_ruleset_round_trips_in_position_texts_and_records():
    start = Position.start("asalto:first=officers,win=12,officers=fixed")
    text = start.text()
    assert text.startswith("asalto:first=officers,officers=fixed,win=12 ")
    assert Position.from_text(text) == start and Position.from_text(text).text() == text
    board = Board(start.ruleset)
    assert board.turn == "officers"
    game = Game(start.ruleset)
    game.play(game.board.legal_moves[0])
    record = game.record()
    assert f'[Ruleset "{start.ruleset}"]' in record
    again = Game.from_record(record)
    assert again.start == start and again.record() == record
    # A non-canonical name in a position text reads as the canonical one.
    other = "asalto:win=12,officers=fixed,first=officers " + text.split(" ", 1)[1]
    assert Position.from_text(other).text() == text


@pytest.mark.parametrize(
    "name, words",
    [
        ("nonsense:first=officers", "unknown base ruleset 'nonsense'"),
        ("asalto:colour=red", "unknown option 'colour'"),
        ("asalto:first=nobody", "first='nobody' is not allowed here; first may be rebels, officers"),
        ("asalto:first", "expected key=value, not 'first'"),
        ("asalto:first=officers,first=rebels", "option 'first' is given twice"),
        ("ludii:stop=anywhere", "stop= applies only to chains, not capture=single"),
        ("assault:removal=auto", "removal= applies only to the huffing duties"),
        ("assault:huffs=1", "huffs= applies only to the huffing duties"),
        ("royal-garrison:marked=on", "marked='on' is not allowed here"),
        ("simplified:marked=on", "marked may be off"),
        ("assault:win=25", "win='25' is not allowed here"),
        ("assault:huffs=3", "huffs='3'"),
    ],
)
def test_unknown_or_contradictory_options_are_refused_clearly(name, words):
    with pytest.raises(UnknownRulesetError) as err:
        find_ruleset(name)
    assert words in str(err.value)
    with pytest.raises(UnknownRulesetError):
        Position.from_text(name + " 3/3/RRO1ORR/RRRRRRR/RRRRRRR/RRR/RRR r - 1")


def test_the_rules_panel_describes_a_custom_ruleset():
    rs = find_ruleset("citadelle:removal=choice,first=officers")
    data = rs.to_json()
    assert data["name"] == rs.name and data["base"] == "citadelle"
    assert english(data["title"]).startswith("Assaut, the citadel")
    description = english(data["description"])
    assert "house rules" in description and "officers move first" in description
    assert dict(data["options"])["removal"] == "choice"
    assert dict(rs.summary())["First move"] == "officers"
    labels = [english(point) for point, _ in data["readings"]]
    assert labels[0] == "House rules" and "Huffing" not in labels and "Setup" not in labels


def test_an_automatic_removal_takes_one_officer_and_keeps_to_the_huff_limit():
    p = setup("assaut:removal=auto", ["d5", "b3"], FAR_REBELS + ["d4", "b4", "f4"]).play("d5-d6")
    assert {m.huff for m in p.legal_moves()} == {"b3", "d6"}  # one of them goes, the rebels pick which
    after = p.play(next(m for m in p.legal_moves() if m.huff == "d6"))
    assert after.play("b3-c3").huffable() == []  # huffs=1: no second huff


def test_custom_options_list_every_option_with_its_allowed_values():
    form = custom_options("royal-garrison")
    assert [o["key"] for o in form] == list(OPTION_KEYS)
    values = {o["key"]: o["value"] for o in form}
    assert values == find_ruleset("royal-garrison").options()
    choices = {o["key"]: [v for v, _ in o["choices"]] for o in form}
    assert choices["huffs"] == ["all", "1", "2"]  # three officers
    assert choices["marked"] == ["off"]
    assert choices["win"][0] == "1" and choices["win"][-1] == "50"
    assert custom_options("german-tactics")[1]["choices"][1][0] == "on"
    assert custom_options("asalto:first=officers")[7]["value"] == "rebels"  # the base's form
    assert custom_name("royal-garrison", {"removal": "auto", "duty": "huff"}) == "royal-garrison:duty=huff,removal=auto"


CUSTOM = [
    "assault:rebels=not-away,first=officers",
    "asalto:duty=huff-best,removal=auto",
    "asalto:capture=single",
    "citadelle:duty=huff,officers=fixed",
    "assault:duty=optional,stop=anywhere",
    "assault:duty=forced,stop=anywhere,rebels=any",
    "royal-garrison:duty=huff,stop=anywhere,huffs=1",
    "german-tactics:marked=off,rebels=forward",
    "ludii:duty=huff-each,capture=chain,stop=anywhere,win=9",
    "assaut:removal=auto",
    "citadelle:removal=choice",
]


@pytest.mark.parametrize("name", CUSTOM)
def test_perft_of_house_rules_agrees_with_the_reference(name):
    rs = custom_ruleset(name)
    ref = Reference(rs)
    start = Position.start(rs.name)
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [ref.perft(ref.start(), d) for d in (1, 2, 3, 4)]


@pytest.mark.parametrize(
    "name", ["asalto:duty=huff-best,removal=auto", "citadelle:duty=huff,officers=fixed", "assaut:removal=auto"]
)
def test_house_rules_agree_with_the_reference_in_the_middle_game(name):
    rs = custom_ruleset(name)
    ref = Reference(rs)
    rebels = FAR_REBELS + ["d4", "d2", "c4", "e3", "b4", "f4"]
    position = Position.setup(rs.name, ["d5", "c6"], rebels)
    state = (frozenset(["d5", "c6"]), frozenset(rebels), "officers", frozenset())
    assert ref.perft(state, 4) == perft(position, 4)


def test_the_ai_plays_house_rules():
    start = Position.start("assault:rebels=not-away,first=officers")
    answer = best_move(start, "beginner", node_limit=3000, seed=1)
    assert answer.move in start.legal_moves()


def test_repetition_can_draw_sooner_or_never():
    def play_twice(name):
        board = Board.from_text(Position.setup(name, ["c6", "e6"], ["a3", "b3"], turn="officers").text())
        for m in ("c6-c7", "a3-a4", "c7-c6", "a4-a3"):
            board.push(m)
        return board

    assert play_twice("ludii:repetition=2").outcome().reason == "repetition"
    assert play_twice("ludii").outcome() is None
    board = play_twice("ludii:repetition=off")
    for m in ("c6-c7", "a3-a4", "c7-c6", "a4-a3") * 3:
        board.push(m)
    assert board.outcome() is None
    # Perft tracks repetitions once one can happen: from depth 5 when the second occurrence draws.
    assert perft(Position.start("ludii:repetition=2"), 4) == perft(Position.start("ludii"), 4)
    assert perft(Position.start("ludii:repetition=2"), 6) < perft(Position.start("ludii"), 6)


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_every_named_ruleset_takes_house_rules(name):
    rs = find_ruleset(name + ":first=officers" if find_ruleset(name).first == "rebels" else name + ":first=rebels")
    assert rs.base == name and len(Position.start(rs.name).legal_moves()) > 0


@pytest.mark.parametrize("name", RULESET_NAMES)
def test_an_option_says_when_it_applies_as_the_house_rules_check_it(name):
    """A form hides an option while it cannot apply (Assault's 'removal' without huffing): the
    engine's table says when, and house rules setting it then are exactly the ones refused."""
    form = {o["key"]: o for o in custom_options(name)}
    assert form["stop"]["when"] == ["capture", ["chain"]]
    assert form["removal"]["when"] == form["huffs"]["when"] == ["duty", ["huff", "huff-each", "huff-best"]]
    for key, option in form.items():
        if option["when"] is None:
            continue
        other, values = option["when"]
        changed = next(v for v, _ in option["choices"] if v != option["value"])
        for value, _ in form[other]["choices"]:
            changes = {other: value, key: changed}
            if value in values:
                assert custom_name(name, changes).startswith(name + ":")
            else:
                with pytest.raises(UnknownRulesetError, match=f"{key}= applies only to"):
                    custom_name(name, changes)
