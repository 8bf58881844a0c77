"""The one-folder bundle for players without Python (``tools/build_bundle.py``): built with PyInstaller, it
runs headless with a PATH of the system's own folders only (no venv's, none of the test run's; a system Python
there may exist, the bundle does not use it), plays every game and draws the menu and a table; our licence and
those of its packages lie beside the program."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.packaging.support import GAMES, MEASURES, ROOT, Player, assert_not_blank, folder_measure, player_env, run

pytestmark = pytest.mark.packaging
SYSTEM_PATH = "/usr/bin:/bin"
"""The bundle's PATH: the system's programs only, no venv's and not the test run's Python's folder."""


@pytest.fixture(scope="session")
def bundle(player: Player, wheel: Path) -> Path:
    """``dist/Hallowtable/Hallowtable``, built as the README says, with the ``bundle`` extra."""
    run([player.bin_dir / "python", "-m", "pip", "install", "--quiet", f"{wheel}[bundle]"], cwd=player.home)
    dist = player.home / "dist"
    started = time.perf_counter()
    run([player.bin_dir / "python", ROOT / "tools" / "build_bundle.py", "--dist", dist, "--work",
         player.home / "work"], cwd=player.home, env=player.env)
    MEASURES["bundle"] = f"{folder_measure(dist / 'Hallowtable')}, built in {time.perf_counter() - started:.0f} s"
    return dist / "Hallowtable" / "Hallowtable"


def timed(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None) -> float:
    """Seconds ``command`` took, start to exit."""
    started = time.perf_counter()
    run(command, cwd=cwd, env=env)
    return time.perf_counter() - started


def test_the_bundle_carries_the_licences(bundle: Path) -> None:
    assert (bundle.parent / "LICENSE").read_bytes() == (ROOT / "LICENSE").read_bytes()
    assert any((bundle.parent / "licenses").rglob("LICENSE*"))


def test_the_bundle_draws_the_menu_and_a_table(bundle: Path, tmp_path: Path) -> None:
    """The first run is the bundle's first start after its build, with the system's file cache as the build left
    it (so not a cold start from disk); the second is a start as a player repeats it."""
    env = player_env(tmp_path, SYSTEM_PATH)
    first = timed([bundle, "screenshot", "menu", "--out", tmp_path / "menu.png"], tmp_path, env)
    again = timed([bundle, "screenshot", "menu", "--out", tmp_path / "menu.png"], tmp_path, env)
    checkout = timed([sys.executable, "main.py", "screenshot", "menu", "--out", tmp_path / "checkout.png"], ROOT)
    MEASURES["menu screenshot"] = (f"bundle {first:.1f} s on its first run, {again:.1f} s again; "
                                   f"python main.py {checkout:.1f} s")
    assert_not_blank(tmp_path / "menu.png")
    run([bundle, "screenshot", "nevermore", "--moves", "12", "--out", tmp_path / "table.png"], tmp_path, env)
    assert_not_blank(tmp_path / "table.png")


@pytest.mark.parametrize("game", GAMES)
def test_the_bundle_plays_every_game(bundle: Path, tmp_path: Path, game: str) -> None:
    printed = run([bundle, "simulate", game, "--players", "4", "--games", "4", "--jobs", "2"], tmp_path,
                  player_env(tmp_path, SYSTEM_PATH)).stdout
    assert "win %" in printed
