"""The test command's spread over workers (tests/xdist_groups.py): a file's tests that share a
fixture made once for the file stay on one worker, every other test goes to any worker."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SUITE = """
import pytest

@pytest.fixture(scope="module")
def report():
    return [1, 2]

@pytest.fixture
def fresh():
    return 3

def test_a_reader_of_the_report(report):
    assert report

@pytest.mark.parametrize("n", [0, 1])
def test_readers_of_it(report, n):
    assert report[n]

def test_one_with_its_own_fixture(fresh):
    assert fresh

def test_one_alone():
    assert True
"""

CONFTEST = """
import pytest
from xdist_groups import group_shared_fixtures

@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    group_shared_fixtures(items)
    for item in items:
        marks = [m.args[0] for m in item.iter_markers("xdist_group")]
        print("GROUP", item.name, marks[0] if marks else "-")
"""


def test_the_tests_sharing_a_module_fixture_share_a_group_and_no_other_test_has_one(tmp_path):
    (tmp_path / "test_suite.py").write_text(SUITE)
    (tmp_path / "conftest.py").write_text(CONFTEST)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-s", "-p", "no:cacheprovider", str(tmp_path)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(ROOT / "tests"), "PATH": ""},
        check=False,
    )
    groups = dict(line.split()[1:] for line in done.stdout.splitlines() if line.startswith("GROUP"))
    assert groups == {
        "test_a_reader_of_the_report": "test_suite.py",
        "test_readers_of_it[0]": "test_suite.py",
        "test_readers_of_it[1]": "test_suite.py",
        "test_one_with_its_own_fixture": "-",
        "test_one_alone": "-",
    }, done.stdout + done.stderr
