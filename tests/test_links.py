"""Links (asalto_core.links): what is written reads back the same, and a bad link says why."""

from __future__ import annotations

import json
import random
from urllib.parse import parse_qsl, urlencode

import micropython
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asalto_core import RULESETS, AsaltoError
from asalto_core.embed import read_params
from asalto_core.links import (
    GameLink,
    LinkError,
    embed_query,
    follows,
    new_id,
    pack,
    read_embed,
    read_game,
    read_query,
    share_query,
    share_session,
    unpack,
    write_query,
)
from asalto_core.rulesets import custom_name
from asalto_core.session import Session

texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=300)


def random_game(ruleset: str, plies: int, seed: int, annotate: bool = False) -> Session:
    """A game of random legal moves (fewer plies if it ends first), perhaps with comments,
    symbols, marks and a side line."""
    r = random.Random(seed)
    s = Session.new(ruleset)
    while len(s.game.moves) < plies and not s.game.outcome():
        s.play(r.choice(s.game.board.legal_moves()))
        if annotate and r.random() < 0.3:
            s.set_comment(r.choice(["Good.", "Sur {le} fil: é", "Vorsicht! } und {", ""]))
            s.set_nag(r.choice(["", "!", "?!"]))
    if annotate and len(s.game.moves) > 2:
        s.set_marks(["Gd4-d5"], ["Re5"])
        s.go_to(1)
        others = [m for m in s.game.board.legal_moves() if m != s.game.moves[1]]
        if others:
            s.play(r.choice(others), branch=True)
            s.set_comment("A side line.")
    return s


@given(st.lists(st.tuples(texts, texts), max_size=8))
def test_a_query_reads_back_the_same_and_as_browsers_read_it(pairs):
    query = write_query(pairs)
    assert query == urlencode(pairs, safe="*").replace("~", "%7E")  # what URLSearchParams writes
    assert read_query("#" + query) == dict(pairs)
    assert read_query("?" + query) == dict(parse_qsl(query, keep_blank_values=True))


@given(texts)
def test_packed_text_reads_back_the_same(text):
    packed = pack(text)
    assert unpack(packed) == text
    assert all(c.isalnum() or c in "-_" for c in packed)  # nothing to escape in a URL


@given(st.sampled_from(list(RULESETS)), st.integers(0, 60), st.integers(0, 10**6), st.booleans())
@settings(max_examples=40)
def test_a_shared_game_reads_back_with_its_annotations_and_cursor(ruleset, plies, seed, annotate):
    s = random_game(ruleset, plies, seed, annotate)
    query = share_query(s.record(), s.path)
    back = share_session(read_query("#" + query))
    assert back is not None
    assert back.record() == s.record()
    assert back.path == s.path


@given(st.lists(st.sampled_from(list(RULESETS)), min_size=1, max_size=3), texts)
@settings(max_examples=30)
def test_an_embed_carries_any_record_text_faithfully(rulesets, prefix):
    # A study is several games in one text; an embed must carry whatever text it is given.
    record = prefix + "\n\n".join(random_game(name, 9, i, True).record() for i, name in enumerate(rulesets))
    query = embed_query([("record", record), ("ply", "3"), ("flip", "1")])
    params, problems = read_embed("?" + query, "")
    assert problems == [] and params == {"record": record, "ply": "3", "flip": "1"}


def test_an_embed_keeps_a_short_record_readable_and_the_fragment_wins():
    assert embed_query([("record", "1. d4-d5 *")]) == "record=1.+d4-d5+*"
    params, problems = read_embed("?ruleset=assault&ply=2", "#ply=4")
    assert (params, problems) == ({"ruleset": "assault", "ply": "4"}, [])
    opts, problems = read_params(params, list(RULESETS))
    assert (opts["ply"], problems) == (4, [])


@given(
    st.sampled_from(list(RULESETS)),
    st.integers(0, 130),
    st.integers(0, 10**6),
    st.integers(0, 10**12 - 1),  # seconds: up to the year 33658
    st.binary(min_size=10, max_size=10),
)
@settings(max_examples=40)
def test_a_game_link_reads_back_the_same_game(ruleset, plies, seed, time, noise):
    s = random_game(ruleset, plies, seed)
    g = s.descriptor()
    link = GameLink(new_id(noise), g["ruleset"], g["start"], g["moves"], time)
    back, session = read_game(read_query("#" + link.query()))
    assert back == link and back.time == time
    assert session.descriptor() == dict(g, ply=len(g["moves"]))


def test_a_game_link_keeps_house_rules():
    name = custom_name("assault", {"win": "20"})
    s = Session.new(name)
    s.play("d4-d5")
    link = GameLink("abcdefghij", name, "", ["d4-d5"], 5)
    back, session = read_game(read_query(link.query()))
    assert session.game.start.ruleset == name == back.ruleset


def test_a_120_ply_game_link_is_short_enough_for_a_chat_message():
    s = random_game("asalto", 120, 7)
    assert len(s.game.moves) >= 100
    g = s.descriptor()
    query = GameLink("abcdefghij", g["ruleset"], g["start"], g["moves"], 1_800_000_000).query()
    assert len(query) < 2 * len(" ".join(g["moves"])) // 3  # smaller than the moves as plain text
    assert len(query) < 1000


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("game=", "cut short or edited"),
        ("game=" + pack("hello"), "not a game"),
        ("game=abc!", "'!' cannot be part of it"),
        ("game=A", "cut short or edited"),
        ("game=%FF", "not UTF-8"),
        ("record-z=AAAAAAAA", "cut short or edited"),
        ("ply=x&moves=d4-d5", "the move number 'x' is not a number"),
        ("record-z=" + pack("1. d4-d5 *") + "&path=1.x", "is not a move of the game"),
    ],
)
def test_a_malformed_link_says_what_is_wrong(query, message):
    with pytest.raises(LinkError, match=message.replace("(", r"\(").replace("*", r"\*")):
        params = read_query(query)
        read_game(params) or share_session(params)


def test_a_game_link_is_replayed_before_it_is_believed():
    bad = [
        ("1\nabcdefghij\nassault\n\nd4-d5 d4-d5\n0", "move 2 of the saved game"),
        ("1\nABC\nassault\n\nd4-d5\n0", "identifier"),
        ("1\nabcdefghij\nnope\n\n\n0", "cannot be played"),
        ("1\nabcdefghij\nassault\n\nd4-d5\nsoon", "its time"),
        ("2\nabcdefghij\nassault\n\nd4-d5\n0\nmore", "newer version"),
    ]
    for text, message in bad:
        with pytest.raises(LinkError, match=message):
            read_game({"game": pack(text)})


def test_an_older_link_and_a_forged_one_are_told_apart():
    s = random_game("assault", 6, 3)
    moves = s.descriptor()["moves"]
    sides = [h["side"] for h in s.view()["history"]]
    mine = sides[4]  # this browser played move 5

    def game(ms: list[str], ruleset: str = "assault") -> GameLink:
        return GameLink("abcdefghij", ruleset, "", ms)

    assert follows(game(moves[:5]), game(moves), sides, mine) == ("newer", 5)
    assert follows(game(moves), game(moves[:4]), sides, mine) == ("older", 4)
    assert follows(game(moves), game(moves), sides, mine) == ("same", 6)
    assert follows(game(moves[:4]), game(moves), sides, mine) == ("forged", 4)  # the link plays my move 5
    other = moves[:3] + ["x"] + moves[4:]
    assert follows(game(moves[:5]), game(other), sides, mine) == ("forged", 3)
    assert follows(game(moves), game(moves, "assault:win=20"), sides, mine) == ("other", 0)
    assert follows(game(moves), GameLink("abcdefghij", "assault", "assault 3/3/7/7/7/3/3 r - 1", moves), [], mine)[
        0
    ] == ("other")


def test_a_bomb_is_not_inflated_beyond_the_limit():
    packed = pack("a" * 50_000)
    with pytest.raises(LinkError, match="too long"):
        unpack(packed, 1000)
    assert len(unpack(packed)) == 50_000


def test_an_error_quotes_only_a_little_of_the_input():
    with pytest.raises(LinkError) as err:
        share_session(read_query("ply=" + "9" * 100_000 + "&moves=d4-d5"))
    assert len(str(err.value)) < 120
    assert isinstance(err.value, AsaltoError)


@pytest.mark.skipif(not micropython.available(), reason="needs node and npm's MicroPython")
def test_micropython_reads_what_cpython_writes_and_back():
    s = random_game("asalto", 120, 11, True)
    record = s.record() + "\n\n" + random_game("assault", 20, 2, True).record()
    g = s.descriptor()
    game = GameLink("abcdefghij", g["ruleset"], g["start"], g["moves"], 99).query()
    code = f"""
import json
import asalto_core.links as links
record, game = json.loads({json.dumps(json.dumps([record, game]))})
back = links.read_game(links.read_query(game))[0]
print(json.dumps([links.unpack(links.pack(record)) == record, links.pack(record),
                  back.moves, back.query(), links.write_query([("a", "é x&")])]))
"""
    same, packed, moves, query, escaped = json.loads(micropython.run(code))
    assert same
    assert unpack(packed) == record  # MicroPython's deflate, read by CPython's
    assert moves == g["moves"]
    assert read_game(read_query(query))[0].moves == g["moves"]
    assert escaped == "a=%C3%A9+x%26"


HOUSE_RULES = [custom_name("assault", {"win": "20"}), custom_name("asalto", {"first": "officers"})]


@given(st.sampled_from(list(RULESETS) + HOUSE_RULES), st.integers(0, 40), st.integers(0, 10**6), texts)
@settings(max_examples=40)
def test_a_puzzle_embed_reads_back_its_position_answer_and_prompt(ruleset, plies, seed, prompt):
    # Session.puzzle_params -> the one writer -> the one reader -> the embed's checks: the same puzzle.
    s = random_game(ruleset, plies + 1, seed)
    if not s.game.moves:
        return
    path = [len(s.game.moves)]
    s.go_to(len(s.game.moves) - 1)
    s.set_comment(prompt)
    params = s.puzzle_params(path)
    query = embed_query(sorted(params.items()))
    back, problems = read_embed("?" + query, "")
    assert problems == [] and back == params
    opts, problems = read_params(back, list(RULESETS))
    assert opts["position"] == params["position"] and opts["answer"] == [params["answer"]]
    assert opts["position"].split(" ")[0] == ruleset  # house rules kept in the position text
    assert Session.from_text(opts["position"])[0].game.board.position.text() == params["position"]
