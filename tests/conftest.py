"""The page's catalogs, compiled as build.py compiles them, where the page's i18n module reads
them: the tests that run page modules (embed.state, game.editor, lib.i18n) on CPython need no built site.

Hypothesis never times an example: on a busy shared machine (or beside another test file, under
pytest-xdist) a slow example is no failure. Each test keeps its own number of examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from xdist_groups import group_shared_fixtures

from helpers import page_modules_on_path, script

ROOT = Path(__file__).resolve().parent.parent
# The bots the arena's and the protocol's tests play are programs, not test modules: never imported
# for doctests (one reads standard input as it starts, another imports its neighbour by name).
collect_ignore_glob = ["bots/*.py"]

settings.register_profile("asalto", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("asalto")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A file's tests that share a fixture go to one worker; every other test to any (xdist_groups)."""
    group_shared_fixtures(items)


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs(tmp_path_factory):
    """The (code, name) pairs of the language menu; i18n reads the catalogs compiled beside them."""
    build = script("build.py", "asalto_build")
    folder = tmp_path_factory.mktemp("locale")
    menu = build.compile_catalogs(folder)
    page_modules_on_path()
    from lib import i18n

    i18n.FOLDER, i18n._languages[:], i18n._catalogs = str(folder), [], {}
    return menu
