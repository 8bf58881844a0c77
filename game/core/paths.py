"""Where the shipped folders are: ``art/`` and ``config/`` (variants, rules texts, guides, the Magick cards).

They are found beside the ``game`` package, which holds for ``python main.py`` in a checkout and for an
editable install alike. The user's own folders are the storage layer's (``game.storage.paths``).
"""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
ART_DIR = PROJECT_ROOT / "art"
CONFIG_DIR = PROJECT_ROOT / "config"
BUILTIN_VARIANTS_DIR = CONFIG_DIR / "variants"
RULES_TEXT_DIR = CONFIG_DIR / "rules"
