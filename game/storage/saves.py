"""Saved games and statistics in the user data directory.

A saved game is a game record (JSON). A save or the statistics file that cannot be read is moved aside
with a notice, never overwritten nor deleted; if it cannot be moved, it is left in place. Every value of
the statistics is checked before use, and a finished game's autosave is deleted only once the statistics
that count it are written.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.core.bounded import KIB, InputError, quote, read_json
from game.core.paths import user_data_dir
from game.core.record import GameRecord, RecordError, read_record
from game.storage.files import keep_aside, write_atomic

SAVES_FOLDER = "saves"
STATS_FILE = "statistics.json"
AUTOSAVE = "autosave"
MAX_STATISTICS_BYTES = 64 * KIB
"""The largest statistics file read: four games take about 200 bytes, so this leaves room for hundreds."""
MAX_GAME_NAME_CHARS = 64
"""The longest game name the statistics keep (ours are at most 16 characters; a game no longer installed
keeps its count)."""


def saves_dir() -> Path:
    """The folder of saved games."""
    return user_data_dir() / SAVES_FOLDER


def save_path(name: str = AUTOSAVE) -> Path:
    """The file of the saved game called ``name``."""
    return saves_dir() / f"{name}.json"


def has_game(name: str = AUTOSAVE) -> bool:
    """Whether there is anything saved under ``name`` (readable or not: loading it says which)."""
    return os.path.lexists(save_path(name))


def save_game(record: GameRecord, name: str = AUTOSAVE) -> Path:
    """Save a record under ``name`` and return its path; ``OSError`` if it cannot be written."""
    path = save_path(name)
    write_atomic(path, record.to_json())
    return path


def load_game(name: str = AUTOSAVE) -> tuple[GameRecord | None, list[str]]:
    """The saved record called ``name`` (None if there is none or it cannot be used), and notices about
    a save that had to be set aside."""
    path = save_path(name)
    if not has_game(name):
        return None, []
    try:
        return read_record(path), []
    except RecordError as error:
        return None, [f"The saved game could not be read: {error}. {keep_aside(path)}"]


def delete_game(name: str = AUTOSAVE) -> None:
    """Forget a saved game (a finished game's autosave); ``OSError`` if it cannot be removed."""
    save_path(name).unlink(missing_ok=True)


@dataclass
class Statistics:
    """Games played and won by the human player, per game."""

    played: dict[str, int]
    won: dict[str, float]
    hints: dict[str, int] = field(default_factory=dict)
    """Hints asked for at the tables of each game (a file from before hints has none)."""

    def count(self, game: str, share: float) -> None:
        """Count one finished game with the human's share of the win."""
        self.played[game] = self.played.get(game, 0) + 1
        self.won[game] = self.won.get(game, 0.0) + share


def statistics_path() -> Path:
    """Where the statistics live."""
    return user_data_dir() / STATS_FILE


def _counts(path: Path, data: dict[str, Any], key: str, whole: bool) -> dict[str, Any]:
    """``data[key]``: game names to counts of at least 0 (whole numbers if ``whole``; ``read_json`` has
    already refused numbers that are not finite)."""
    counts = data.get(key)
    if not isinstance(counts, dict):
        raise InputError(path, f"must be a mapping of game names to numbers, not {quote(counts)}", key=key)
    kinds = (int,) if whole else (int, float)
    for game, value in counts.items():
        if not game or len(game) > MAX_GAME_NAME_CHARS or not game.isprintable():
            raise InputError(path, f"{quote(game)} is not a game's name", key=key)
        if isinstance(value, bool) or not isinstance(value, kinds) or value < 0:
            kind = "a whole number" if whole else "a number"
            raise InputError(path, f"must be {kind} of at least 0, not {quote(value)}", key=f"{key}.{game}")
    return counts


def _read_statistics(path: Path) -> Statistics:
    data = read_json(path, MAX_STATISTICS_BYTES)
    if not isinstance(data, dict):
        raise InputError(path, "is not a JSON object of statistics")
    played = _counts(path, data, "played", whole=True)
    won = {game: float(value) for game, value in _counts(path, data, "won", whole=False).items()}
    hints = _counts(path, data, "hints", whole=True) if "hints" in data else {}
    for game, share in won.items():
        if share > played.get(game, 0):
            raise InputError(path, f"{share:g} games won of {played.get(game, 0)} played", key=f"won.{game}")
    return Statistics(played, won, hints)


def load_statistics() -> tuple[Statistics | None, list[str]]:
    """The statistics and notices about a file that had to be set aside. None when the file cannot be read
    nor moved aside: it stays as it is, and must not be written over."""
    path = statistics_path()
    if not os.path.lexists(path):
        return Statistics({}, {}), []
    try:
        return _read_statistics(path), []
    except InputError as error:
        notice = f"The statistics could not be read: {error}. {keep_aside(path)}"
        still_there = os.path.lexists(path)  # not moved aside: it must not be written over
        return (None if still_there else Statistics({}, {})), [notice]


def save_statistics(stats: Statistics) -> None:
    """Write the statistics atomically; ``OSError`` if they cannot be written."""
    write_atomic(statistics_path(), json.dumps({"played": stats.played, "won": stats.won, "hints": stats.hints},
                                                   indent=1))


def count_hint(game: str) -> list[str]:
    """Count one hint asked for at a table of ``game``; notices of what went wrong (nothing raises, and a
    statistics file that cannot be read is not written over)."""
    stats, notices = load_statistics()
    if stats is None:
        return notices
    stats.hints[game] = stats.hints.get(game, 0) + 1
    try:
        save_statistics(stats)
    except OSError as error:
        notices.append(f"The statistics could not be saved ({error}); this hint was not counted.")
    return notices


def finish_game(game: str, share: float | None, forget_autosave: bool = True) -> list[str]:
    """Count a finished game of ``game`` in the statistics (``share``: the one human's share of the win;
    None when no single human played it), then delete the autosave (if ``forget_autosave``): only once
    the statistics that count the game are written, so no failure loses it. Notices of what went wrong;
    nothing raises."""
    notices: list[str] = []
    if share is not None:
        stats, notices = load_statistics()
        if stats is None:
            return notices + ["This game was not counted in the statistics; its autosave is kept."]
        stats.count(game, share)
        try:
            save_statistics(stats)
        except OSError as error:
            return notices + [f"The statistics could not be saved ({error}); this game "
                              f"was not counted and its autosave is kept."]
    if forget_autosave:
        try:
            delete_game()
        except OSError as error:
            notices.append(f"The finished game's autosave could not be removed ({error}).")
    return notices
