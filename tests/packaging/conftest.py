"""What a player installs, built once a session: the wheel (as a release builds it) and a fresh venv with it
installed; the measures are printed at the end.

The tests marked ``packaging`` take minutes and pip's cache or the package index, so a run leaves them out
unless ``HALLOWTABLE_PACKAGING_TESTS`` is set (``.ci/run`` sets it): a marker filter in ``addopts`` would not
do, since any ``-m`` on the command line (``-m "not slow"``) replaces it. Run them with
``HALLOWTABLE_PACKAGING_TESTS=1 .venv/bin/python -m pytest -m packaging tests/packaging``."""

from __future__ import annotations

import os
import sys
import venv
import zipfile
from pathlib import Path

import pytest

from tests.packaging.support import MEASURES, PACKAGING_ENV, ROOT, Player, player_env, run


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the ``packaging`` tests unless ``PACKAGING_ENV`` asks for them, whatever ``-m`` says."""
    if os.environ.get(PACKAGING_ENV):
        return
    left_out = [item for item in items if item.get_closest_marker("packaging")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if not item.get_closest_marker("packaging")]


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel built as a release is: the sdist first, then the wheel from the sdist, with this venv's
    setuptools and wheel (the test extra), so the build needs no package index."""
    dist = tmp_path_factory.mktemp("dist")
    run([sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ROOT], cwd=ROOT)
    (built,) = dist.glob("*.whl")
    with zipfile.ZipFile(built) as archive:
        MEASURES["wheel"] = f"{built.name}: {built.stat().st_size / 1e3:.0f} KB, {len(archive.namelist())} files"
    return built


@pytest.fixture(scope="session")
def player(tmp_path_factory: pytest.TempPathFactory, wheel: Path) -> Player:
    """The wheel installed into a fresh venv, as a player installs it."""
    home = tmp_path_factory.mktemp("player")
    environment = home / "venv"
    venv.create(environment, with_pip=True)
    bin_dir = environment / ("Scripts" if os.name == "nt" else "bin")
    run([bin_dir / "python", "-m", "pip", "install", "--quiet", wheel], cwd=home)
    return Player(home, bin_dir, player_env(home, os.pathsep.join((str(bin_dir), "/usr/bin", "/bin"))))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Print what was measured, for the release notes and the CI log."""
    if MEASURES:
        terminalreporter.section("packaging measures")
        for what, value in MEASURES.items():
            terminalreporter.write_line(f"{what}: {value}")
