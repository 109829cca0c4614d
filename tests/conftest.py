"""Shared set-up: the page's catalogs compiled once, where the page's i18n module reads them.

The page's modules (site/) read ``locale/LANG.json``, which build.py compiles from the gettext
catalogs; any test that imports one of them (figure.py, state.py, ...) needs them.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session", autouse=True)
def page_catalogs(tmp_path_factory):
    """build.compile_catalogs into a temporary folder, and site/i18n.py pointed at it."""
    spec = importlib.util.spec_from_file_location("asalto_build_catalogs", ROOT / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    folder = tmp_path_factory.mktemp("locale")
    menu = build.compile_catalogs(folder)
    sys.path.insert(0, str(ROOT / "site"))
    import i18n

    i18n.FOLDER, i18n._languages[:], i18n._catalogs = str(folder), [], {}
    return menu
