"""The player's settings, kept in ``settings.yaml`` in the user config directory.

A settings file that cannot be read is moved aside, defaults are used, and ``load_settings`` returns a
notice for the app to show; a single bad value falls back to its default with a notice too.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import asdict, fields, replace
from pathlib import Path
from typing import Any

import yaml

from game.core.bounded import KIB, InputError
from game.core.names import name_problem
from game.core.settings import ANIMATION_SPEEDS, TEXT_SCALES, Settings
from game.core.yaml_reader import read_yaml_file
from game.storage.files import keep_aside, write_atomic
from game.storage.paths import user_config_dir

SETTINGS_FILE = "settings.yaml"
MAX_SETTINGS_BYTES = 64 * KIB
"""The largest settings file read: ours is under 300 bytes; this leaves room for comments and for the
settings of a newer version, which are kept."""
MIN_WINDOW = (1280, 720)
MAX_WINDOW = (3840, 2160)
MAX_GUIDES_SEEN = 64
"""The most games whose first-game guide is remembered as seen (four ship; room for the player's own)."""
GAME_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""What a game's command-line name looks like (``trick-or-treat``)."""


def _check(name: str, value: Any) -> str | None:
    """Why ``value`` is not a good value for setting ``name``, or None."""
    default = getattr(Settings(), name)
    if isinstance(default, bool):
        return None if isinstance(value, bool) else "must be true or false"
    if isinstance(default, int):
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        limits = {"window_width": (MIN_WINDOW[0], MAX_WINDOW[0]), "window_height": (MIN_WINDOW[1], MAX_WINDOW[1]),
                  "ai_pause_ms": (0, 5000)}[name]
        return None if limits[0] <= value <= limits[1] else f"must be from {limits[0]} to {limits[1]}"
    if isinstance(default, float):
        low, high = (TEXT_SCALES[0], TEXT_SCALES[-1]) if name == "text_scale" else (0.0, 1.0)
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and \
            low <= value <= high
        return None if ok else f"must be a number from {low:g} to {high:g}"
    if name == "guides_seen":
        return _guides_problem(value)
    if name in ("last_game", "lab_game"):
        ok = value == "" or isinstance(value, str) and GAME_NAME.fullmatch(value) is not None
        return None if ok else "must be a game's name such as trick-or-treat"
    if name == "animation_speed":
        ok = isinstance(value, str) and value in ANIMATION_SPEEDS
        return None if ok else f"must be one of {', '.join(ANIMATION_SPEEDS)}"
    return name_problem(value)


def _guides_problem(value: Any) -> str | None:
    """Why ``value`` is not a list of game names (the guides seen), or None."""
    if not isinstance(value, list):
        return "must be a list of game names"
    if len(value) > MAX_GUIDES_SEEN:
        return f"lists {len(value):,} games; at most {MAX_GUIDES_SEEN} are kept"
    if not all(isinstance(game, str) and GAME_NAME.fullmatch(game) for game in value):
        return "must list game names such as trick-or-treat"
    return None


def settings_path() -> Path:
    """Where the settings file lives."""
    return user_config_dir() / SETTINGS_FILE


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and notices about anything that had to be set aside or defaulted."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), []
    try:
        data = read_yaml_file(path, MAX_SETTINGS_BYTES).value
        if data is None:
            data = {}
        if not isinstance(data, dict):
            raise InputError(path, "is not a mapping of settings")
    except InputError as error:
        reason = InputError.__str__(error)  # the first problem only (YamlProblems lists every one)
        return Settings(), [f"The settings could not be read: {reason}. {keep_aside(path)} Using default "
                            f"settings."]
    known = {f.name for f in fields(Settings)} - {"extra"}
    values: dict[str, Any] = {}
    notices: list[str] = []
    extra: dict[str, Any] = {}
    for name, value in data.items():
        if name not in known:
            extra[str(name)] = value
            continue
        problem = _check(name, value)
        if problem:
            notices.append(f"Setting {name!r} in {path} {problem}; using the default.")
        else:
            values[name] = _typed(name, value)
    return replace(Settings(), **values, extra=extra), notices


def _typed(name: str, value: Any) -> Any:
    """A checked value from the file as the setting holds it (a number as float, a list as a tuple)."""
    default = getattr(Settings(), name)
    if isinstance(default, float):
        return float(value)
    if isinstance(default, tuple):
        return tuple(dict.fromkeys(value))
    return value


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically."""
    data = asdict(settings)
    data["guides_seen"] = list(settings.guides_seen)  # YAML's safe writer knows lists, not tuples
    extra = data.pop("extra")
    data.update(extra)
    write_atomic(path or settings_path(), yaml.safe_dump(data, sort_keys=False))
