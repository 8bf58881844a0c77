"""Where the user's things live: settings and their own variants in the config directory, saves, reports and
the history in the data directory, pictures drawn once in the cache directory. ``HALLOWTABLE_CONFIG_DIR``,
``HALLOWTABLE_DATA_DIR`` and ``HALLOWTABLE_CACHE_DIR`` redirect them (tests and CI never touch the real ones)."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Hallowtable"
CONFIG_ENV = "HALLOWTABLE_CONFIG_DIR"
DATA_ENV = "HALLOWTABLE_DATA_DIR"
CACHE_ENV = "HALLOWTABLE_CACHE_DIR"


def user_config_dir() -> Path:
    """Settings and user variants: platformdirs' user config directory unless redirected."""
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Saves and statistics: platformdirs' user data directory unless redirected."""
    override = os.environ.get(DATA_ENV)
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_cache_dir() -> Path:
    """Pictures drawn once and kept for the next start-up: platformdirs' user cache directory unless
    redirected. Anything in it may be deleted; it is drawn again."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))


def user_variants_dir(game: str) -> Path:
    """The folder where the user's own variants of ``game`` live."""
    return user_config_dir() / "variants" / game
