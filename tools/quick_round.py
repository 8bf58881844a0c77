"""A quick round of the app on whichever pygame this Python has, headless: a game of each through ``simulate``
and every scene's screenshot, none blank. ``tools/check_pygame_ce.sh`` runs it on pygame-ce.

    .venv/bin/python tools/quick_round.py

The scenes are the ``screenshot`` command's own (``game.scenes.launch.SCENES`` and a table of each game) and
blank means what the packaging tests mean by it (``tests.packaging.support``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
for variable in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):
    os.environ.setdefault(variable, "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.registry import all_games  # noqa: E402
from game.scenes.launch import SCENES  # noqa: E402
from tests.packaging.support import MIN_COLOURS, colours  # noqa: E402

MOVES = 6
"""Moves played before a table's screenshot, so it shows cards in play."""


def app(*args: str | Path | int) -> None:
    """Run ``python main.py ARGS`` as a player would; a failure stops the round with its exit status."""
    command = [sys.executable, "main.py", *map(str, args)]
    if subprocess.run(command, cwd=ROOT).returncode:
        sys.exit(f"error: {' '.join(command)} failed")


def main() -> int:
    """Play a game of each, take every screenshot, and stop at the first failure or blank picture."""
    specs = all_games()
    games = [spec.name for spec in specs]
    for spec in specs:
        app("simulate", spec.name, "--players", spec.min_players, "--games", 2, "--seed", 7)
    with tempfile.TemporaryDirectory() as folder:
        for scene in (*SCENES, *games):
            png = Path(folder) / f"{scene}.png"
            app("screenshot", scene, "--out", png, "--moves", MOVES)
            if colours(png) < MIN_COLOURS:
                sys.exit(f"error: the {scene} screenshot is blank ({colours(png)} colours)")
    print(f"{len(games)} games played, {len(SCENES) + len(games)} screenshots, none blank")
    return 0


if __name__ == "__main__":
    sys.exit(main())
