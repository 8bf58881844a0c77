"""Where the shipped folders are: ``art/`` and ``config/`` (variants, rules texts, guides, the Magick cards).

A checkout keeps them at the repository's top level, beside the ``game`` package: ``python main.py`` and an
editable install read them there. A wheel or a bundle cannot reach outside the package, so its build copies
them into the package, in ``game/shipped/`` (``setup.py``, ``tools/build_bundle.py``). Both are looked for as
folders on disk, so the package must be on disk, not in a zip: a wheel installs unpacked and PyInstaller
unpacks its data beside the program. The user's own folders are the storage layer's (``game.storage.paths``).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

SHIPPED_FOLDERS = ("art", "config")
"""The top-level folders of a checkout that the app reads, and that a wheel or a bundle therefore carries."""
PACKAGED_FOLDER = "shipped"
"""The folder inside the ``game`` package that a wheel or a bundle carries ``SHIPPED_FOLDERS`` in."""


def shipped_root(package: Path) -> Path:
    """The folder holding ``art/`` and ``config/`` for the ``game`` package at ``package``: inside it when built,
    beside it in a checkout. Stops the program with one line naming both places when neither has them (a build
    that left them out), rather than failing later on the first picture or rules text."""
    packaged = package / PACKAGED_FOLDER
    if packaged.is_dir():
        return packaged
    if (package.parent / "config").is_dir():
        return package.parent
    raise SystemExit(f"error: Hallowtable's art and config folders are missing: looked in {packaged} and in "
                     f"{package.parent}; reinstall the game")


SHIPPED_ROOT = shipped_root(Path(str(files("game"))))
ART_DIR = SHIPPED_ROOT / "art"
CONFIG_DIR = SHIPPED_ROOT / "config"
BUILTIN_VARIANTS_DIR = CONFIG_DIR / "variants"
RULES_TEXT_DIR = CONFIG_DIR / "rules"
