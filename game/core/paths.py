"""Where things live: the shipped ``art/`` and ``config/``, and the user's config and data directories.

The shipped folders are found beside the ``game`` package, which holds for ``python main.py`` in a checkout
and for an editable install alike. ``HALLOWTABLE_CONFIG_DIR`` and ``HALLOWTABLE_DATA_DIR`` redirect the
user's directories (tests and CI never touch the real ones).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Hallowtable"
CONFIG_ENV = "HALLOWTABLE_CONFIG_DIR"
DATA_ENV = "HALLOWTABLE_DATA_DIR"

PROJECT_ROOT = Path(__file__).resolve().parents[2]
ART_DIR = PROJECT_ROOT / "art"
CONFIG_DIR = PROJECT_ROOT / "config"
BUILTIN_VARIANTS_DIR = CONFIG_DIR / "variants"
RULES_TEXT_DIR = CONFIG_DIR / "rules"


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
