"""The card pictures that come from SVG files (``art/cards/icons``), coloured and rendered at the size asked.

Each file is one game-icons.net drawing filled with ``currentColor`` (credits beside the files); a picture is
rendered once per (name, size, colour) and kept. Which picture a Magick card shows is chosen here from words of
its title, so ``game.ui`` needs nothing from the game itself.
"""

from __future__ import annotations

import io
from functools import lru_cache

import pygame

from game.core.paths import ART_DIR
from game.ui.theme import Colour

ICON_DIR = ART_DIR / "cards" / "icons"
ICON_SIDE = 512
"""The side of every icon file's drawing (its ``viewBox``)."""

MAGICK_PICTURES: tuple[tuple[str, str], ...] = (
    ("rose", "rose"), ("dawnglass", "floating-crystal"), ("shard", "floating-crystal"),
    ("chalice", "jeweled-chalice"), ("candle", "candle-light"), ("feather", "feather"),
    ("shroud", "angel-outfit"), ("sanctuary", "angel-outfit"), ("threshold", "doorway"), ("flame", "flame"),
    ("tincture", "round-potion"), ("laurel", "laurel-crown"), ("augur", "old-lantern"), ("lantern", "old-lantern"),
    ("lamp", "lantern-flame"), ("gravedigger", "spade-skull"), ("guest", "ghost"), ("thorn", "thorny-vine"),
    ("quill", "quill-ink"), ("miasma", "poison-gas"), ("crypt", "coffin"), ("mirror", "mirror-mirror"),
    ("silence", "silenced"), ("wind", "whirlwind"), ("changeling", "duality-mask"), ("toll", "ringing-bell"),
    ("crow", "crow-dive"), ("blood", "heart-drop"),
)
"""A Magick card's picture: the first of these words found in its title (lower case) names it."""
MAGICK_DECK_PICTURE = {"light": "heraldic-sun", "shadow": "moon-bats"}
"""The picture of a deck's own face, and of a card whose title names none of ``MAGICK_PICTURES``."""
NEVERMORE_PICTURES = {"attack": "broadsword", "healing": "heart-plus", "radiance": "sun",
                      "victory": "jeweled-chalice", "raven": "raven"}
"""The picture in the middle of each Nevermore suit card."""
BACK_EMBLEMS = {"reapers": "reaper-scythe", "playing": "pumpkin-lantern", "nevermore": "raven",
                "light": "heraldic-sun", "shadow": "moon-bats"}
"""The emblem in the middle of each deck's back."""
FIGURE_PICTURES = {"reaper": "grim-reaper", "demon": "imp-laugh", "K": "queen-crown", "J": "robin-hood-hat",
                   "JK": "jester-hat"}
"""The Reaper's and the Demon's pictures, and the King's crown, the Jack's cap and the jesters' hood (the
Queen's tiara is drawn by code)."""


def magick_picture(deck: str, title: str) -> str:
    """The icon a Magick card of ``deck`` titled ``title`` shows."""
    lowered = title.lower()
    return next((icon for word, icon in MAGICK_PICTURES if word in lowered), MAGICK_DECK_PICTURE[deck])


@lru_cache(maxsize=None)
def _source(name: str) -> str:
    return (ICON_DIR / f"{name}.svg").read_text(encoding="utf-8")


@lru_cache(maxsize=512)
def icon(name: str, side: int, ink: Colour) -> pygame.Surface:
    """Icon ``name`` filled with ``ink``, ``side`` pixels square (do not draw on it: it is shared)."""
    side = max(1, int(side))
    size = f'width="{ICON_SIDE}" height="{ICON_SIDE}"'
    svg = _source(name).replace(size, f'width="{side}" height="{side}"', 1)
    svg = svg.replace("currentColor", "#{:02x}{:02x}{:02x}".format(*ink))
    return pygame.image.load(io.BytesIO(svg.encode("utf-8")), f"{name}.svg")


def draw_icon(surface: pygame.Surface, name: str, rect: pygame.Rect, ink: Colour) -> None:
    """Icon ``name`` in ``ink``, as large as fits ``rect``, centred in it."""
    picture = icon(name, min(rect.w, rect.h), ink)
    surface.blit(picture, picture.get_rect(center=rect.center))
