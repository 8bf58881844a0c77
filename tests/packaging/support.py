"""What the packaging tests share: running a command as a player would, the blank-screenshot check, the
measures the run reports."""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.core.registry import all_games

ROOT = Path(__file__).resolve().parents[2]
GAMES = tuple(spec.name for spec in all_games())
"""Every game by its command-line name."""
MIN_COLOURS = 16
"""A screenshot with fewer distinct colours (sampled every ``COLOUR_STEP`` pixels) is taken for blank: ours have
hundreds."""
COLOUR_STEP = 8
PACKAGING_ENV = "HALLOWTABLE_PACKAGING_TESTS"
"""Set (to anything but empty) to run the tests marked ``packaging`` (see ``conftest``)."""
MEASURES: dict[str, str] = {}
"""What the packaging tests measured, printed at the end of the run."""


def run(command: list[str | Path], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``command``; a failure shows its command and output in the test's message."""
    result = subprocess.run([str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True,
                            timeout=timeout)
    assert result.returncode == 0, f"{command} exited {result.returncode}\n{result.stdout}\n{result.stderr}"
    return result


def player_env(home: Path, path: str) -> dict[str, str]:
    """A player's environment, headless: nothing of the checkout's or the test run's Python leaks in."""
    return {"PATH": path, "HOME": str(home), "LANG": "C.UTF-8", "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "HALLOWTABLE_CONFIG_DIR": str(home / "config"),
            "HALLOWTABLE_DATA_DIR": str(home / "data")}


def colours(png: Path) -> int:
    """How many distinct colours the PNG shows, sampled every ``COLOUR_STEP`` pixels."""
    image = pygame.image.load(str(png))
    return len({tuple(image.get_at((x, y))) for x in range(0, image.get_width(), COLOUR_STEP)
                for y in range(0, image.get_height(), COLOUR_STEP)})


def assert_not_blank(png: Path) -> None:
    """The PNG exists and shows a scene: many colours, not one fill."""
    found = colours(png)
    assert found >= MIN_COLOURS, f"{png} looks blank: {found} colours"


def folder_measure(path: Path) -> str:
    """A folder's size in MB and its number of files (not counting the links to them a bundle has)."""
    files = [f for f in path.rglob("*") if f.is_file() and not f.is_symlink()]
    return f"{sum(f.stat().st_size for f in files) / 1e6:.1f} MB, {len(files)} files"


@dataclass(frozen=True)
class Player:
    """A player's machine: a fresh venv with the wheel installed, and a home folder outside the checkout."""

    home: Path
    bin_dir: Path
    env: dict[str, str]

    def hallowtable(self, *args: str | Path) -> str:
        """Run the installed ``hallowtable`` command from the home folder; what it printed."""
        return run(["hallowtable", *args], cwd=self.home, env=self.env).stdout
