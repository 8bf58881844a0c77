"""Where the app finds its shipped folders: inside the package when a build copied them there, beside it in a
checkout, and a one-line stop naming both places when neither has them."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.paths import PACKAGED_FOLDER, shipped_root


def _package(root: Path) -> Path:
    package = root / "game"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    return package


def test_a_built_package_reads_its_own_copy(tmp_path: Path) -> None:
    package = _package(tmp_path)
    (package / PACKAGED_FOLDER / "config").mkdir(parents=True)
    (tmp_path / "config").mkdir()  # a checkout's folders beside it lose to the package's own
    assert shipped_root(package) == package / PACKAGED_FOLDER


def test_a_checkout_reads_the_folders_beside_the_package(tmp_path: Path) -> None:
    package = _package(tmp_path)
    (tmp_path / "config").mkdir()
    assert shipped_root(package) == tmp_path


def test_a_package_without_them_stops_with_one_line_naming_both_places(tmp_path: Path) -> None:
    package = _package(tmp_path / "site-packages")
    with pytest.raises(SystemExit) as stop:
        shipped_root(package)
    message = str(stop.value.code)
    assert "\n" not in message and message.startswith("error: ")
    assert str(package / PACKAGED_FOLDER) in message and f"in {package.parent};" in message
