"""The wheel carries everything the app reads: installed into a fresh venv and run from a folder outside the
checkout, every game plays, the variants are there and the menu, the rules and the tables draw."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from game.core.paths import PACKAGED_FOLDER, SHIPPED_FOLDERS
from tests.packaging.support import GAMES, ROOT, Player, assert_not_blank, run

pytestmark = pytest.mark.packaging


def test_the_wheel_carries_every_shipped_file(wheel: Path) -> None:
    shipped = {f"game/{PACKAGED_FOLDER}/{path.relative_to(ROOT).as_posix()}"
               for folder in SHIPPED_FOLDERS for path in (ROOT / folder).rglob("*") if path.is_file()}
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert shipped <= names, f"missing from the wheel: {sorted(shipped - names)}"
    version = wheel.name.split("-")[1]
    assert {name.split("/")[0] for name in names} == {"game", f"hallowtable-{version}.dist-info"}


def test_the_installed_app_reads_its_own_folders(player: Player) -> None:
    printed = run([player.bin_dir / "python", "-c", "from game.core import paths; print(paths.ART_DIR); "
                   "print(paths.CONFIG_DIR)"], cwd=player.home, env=player.env).stdout.split()
    for folder in map(Path, printed):
        assert folder.is_dir() and player.home in folder.parents, f"{folder} is not the installed package's"


def test_the_command_prints_to_the_terminal(player: Player) -> None:
    assert "usage:" in player.hallowtable("--help")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_simulates(player: Player, game: str) -> None:
    printed = player.hallowtable("simulate", game, "--players", "4", "--games", "3", "--seed", "1")
    assert "win %" in printed


def test_the_built_in_variants_are_listed(player: Player) -> None:
    printed = player.hallowtable("variants")
    for game in GAMES:
        assert f"({game}):" in printed
    assert printed.count("[built-in]") >= 2 * len(GAMES)


@pytest.mark.parametrize("scene", ["menu", "rules", "guide", *GAMES])
def test_the_scenes_draw(player: Player, scene: str) -> None:
    out = player.home / f"{scene}.png"
    player.hallowtable("screenshot", scene, "--moves", "12", "--out", out)
    assert_not_blank(out)
