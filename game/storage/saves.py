"""Saved games and statistics in the user data directory.

A saved game is a game record (JSON). A save or the statistics file that cannot be read is moved aside
with a notice, never overwritten.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from game.core.paths import user_data_dir
from game.core.record import GameRecord, RecordError
from game.storage.files import move_aside, write_atomic

SAVES_FOLDER = "saves"
STATS_FILE = "statistics.json"
AUTOSAVE = "autosave"


def saves_dir() -> Path:
    """The folder of saved games."""
    return user_data_dir() / SAVES_FOLDER


def save_game(record: GameRecord, name: str = AUTOSAVE) -> Path:
    """Save a record under ``name`` and return its path."""
    path = saves_dir() / f"{name}.json"
    write_atomic(path, record.to_json())
    return path


def load_game(name: str = AUTOSAVE) -> tuple[GameRecord | None, list[str]]:
    """The saved record called ``name`` (None if there is none), and notices about corrupt files."""
    path = saves_dir() / f"{name}.json"
    if not path.exists():
        return None, []
    try:
        record = GameRecord.from_json(path.read_text(encoding="utf-8"))
        record.replay()
        return record, []
    except (OSError, UnicodeDecodeError, RecordError, ValueError) as error:
        kept = move_aside(path)
        return None, [f"Saved game {path} could not be read ({error}). It was kept as {kept}."]


def delete_game(name: str = AUTOSAVE) -> None:
    """Forget a saved game (a finished game's autosave)."""
    (saves_dir() / f"{name}.json").unlink(missing_ok=True)


@dataclass
class Statistics:
    """Games played and won by the human player, per game."""

    played: dict[str, int]
    won: dict[str, float]

    def count(self, game: str, share: float) -> None:
        """Count one finished game with the human's share of the win."""
        self.played[game] = self.played.get(game, 0) + 1
        self.won[game] = self.won.get(game, 0.0) + share


def load_statistics() -> tuple[Statistics, list[str]]:
    """The statistics, and notices if the file had to be set aside."""
    path = user_data_dir() / STATS_FILE
    if not path.exists():
        return Statistics({}, {}), []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        played = {str(k): int(v) for k, v in data["played"].items()}
        won = {str(k): float(v) for k, v in data["won"].items()}
        return Statistics(played, won), []
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError, AttributeError) as error:
        kept = move_aside(path)
        return Statistics({}, {}), [f"Statistics file {path} could not be read ({error}). It was kept as {kept}."]


def save_statistics(stats: Statistics) -> None:
    """Write the statistics atomically."""
    write_atomic(user_data_dir() / STATS_FILE, json.dumps({"played": stats.played, "won": stats.won}, indent=1))
