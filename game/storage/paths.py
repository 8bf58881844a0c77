"""Where the user's things live: settings and their own variants in the config directory, saves, reports and
the history in the data directory. ``HALLOWTABLE_CONFIG_DIR`` and ``HALLOWTABLE_DATA_DIR`` redirect them (tests
and CI never touch the real ones)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Hallowtable"
CONFIG_ENV = "HALLOWTABLE_CONFIG_DIR"
DATA_ENV = "HALLOWTABLE_DATA_DIR"


def user_config_dir() -> Path:
    """Settings and user variants: platformdirs' user config directory unless redirected."""
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Saves and statistics: platformdirs' user data directory unless redirected."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_variants_dir(game: str) -> Path:
    """The folder where the user's own variants of ``game`` live."""
    return user_config_dir() / "variants" / game
