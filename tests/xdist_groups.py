"""How the test command spreads a suite over pytest-xdist's workers (``--dist loadgroup``).

A test file whose tests share a fixture made once per module (or class, or package: the
conformance report run on MicroPython, say) keeps those tests on one worker, so the fixture is
made once; every other test goes, on its own, to whichever worker is free. Keeping every file on
one worker (``--dist loadfile``) could leave one worker with a long file while the other had
nothing left to do. xdist hands out the groups first (the largest first: ``--loadscope-reorder``).
"""

from __future__ import annotations

import pytest

SHARED_SCOPES = ("module", "class", "package")


def shares_a_fixture(item: pytest.Item) -> bool:
    """Whether the test uses a fixture made once for several tests of its file."""
    info = getattr(item, "_fixtureinfo", None)  # a doctest of a .md file has none
    if info is None:
        return False
    return any(defs[-1].scope in SHARED_SCOPES for defs in info.name2fixturedefs.values() if defs)


def group_shared_fixtures(items: list[pytest.Item]) -> None:
    """Put each test that shares a fixture in its file's group (pytest.mark.xdist_group)."""
    for item in items:
        if shares_a_fixture(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::")[0]))
