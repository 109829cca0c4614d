"""The mutation fuzz suite, quick: a few hundred seeded inputs per target (bench/fuzz.py runs 100,000)."""

import os

import fuzz
import pytest

COUNT = int(os.environ.get("ASALTO_FUZZ", "250"))


@pytest.mark.parametrize(
    "target",
    [
        "move",
        "position",
        "record",
        "ruleset",
        "request",
        "save",
        "params",
        "api",
        "link",
        "study",
        "book",
        "trainer",
        "protocol",
        "adapter",
    ],
)
def test_every_input_gets_its_documented_outcome(target):
    counts = fuzz.run(COUNT, seed=13, only=target)[target]
    assert counts["inputs"] == COUNT
    assert counts["error"] > 0  # the mutations do reach the refusals
