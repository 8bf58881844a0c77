"""Colours and fonts: one dark gothic palette and one colour-blind-safe palette, chosen by a setting.

Colour never carries meaning alone: beads, suits and candies also differ by shape or pattern, so the
colour-blind palette only makes the colours easier to tell apart; it is never the only clue.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

Colour = tuple[int, int, int]

SERIF_FONTS = ("dejavuserif", "liberationserif", "georgia", "timesnewroman")
SANS_FONTS = ("dejavusans", "liberationsans", "arial", "helvetica")


@dataclass(frozen=True, eq=False)
class Palette:
    """Every colour the UI and the art use (hashed by identity: the art caches key on it)."""

    name: str
    background: Colour
    table: Colour
    table_edge: Colour
    panel: Colour
    panel_edge: Colour
    text: Colour
    text_dim: Colour
    accent: Colour
    focus: Colour
    danger: Colour
    good: Colour
    card_face: Colour
    card_ink: Colour
    card_red: Colour
    card_edge: Colour
    seats: tuple[Colour, ...]
    """Eight player/bead colours, one per seat of the largest table; each seat also has its own shape
    (``BEAD_SHAPES``)."""
    seat_names: tuple[str, ...]
    """What each seat colour looks like, in words ("sky-blue"), for text that names a seat's beads."""
    suits: dict[str, Colour]


GOTHIC = Palette(
    name="gothic",
    background=(16, 12, 22), table=(34, 46, 40), table_edge=(58, 38, 28),
    panel=(30, 24, 40), panel_edge=(92, 74, 120),
    text=(236, 226, 206), text_dim=(170, 160, 150), accent=(240, 140, 40), focus=(255, 214, 90),
    danger=(230, 90, 80), good=(120, 210, 120),
    card_face=(240, 232, 212), card_ink=(28, 24, 30), card_red=(176, 28, 36), card_edge=(60, 48, 40),
    seats=((214, 52, 52), (236, 140, 30), (232, 210, 60), (70, 170, 80), (70, 120, 220), (170, 90, 200),
           (236, 120, 170), (226, 222, 210)),
    seat_names=("red", "orange", "yellow", "green", "blue", "purple", "pink", "white"),
    suits={"daggers": (90, 96, 110), "poison": (50, 130, 60), "plague": (130, 96, 40), "pistols": (150, 40, 40),
           "attack": (170, 40, 40), "healing": (190, 60, 110), "radiance": (200, 150, 30),
           "victory": (60, 100, 170), "raven": (40, 34, 50), "light": (226, 196, 110), "shadow": (70, 50, 110)},
)

# Okabe & Ito's palette, told apart by every common form of colour blindness.
COLOUR_BLIND = Palette(
    name="colour_blind",
    background=(14, 14, 20), table=(36, 40, 48), table_edge=(60, 50, 40),
    panel=(28, 28, 38), panel_edge=(110, 110, 140),
    text=(240, 240, 240), text_dim=(185, 185, 185), accent=(230, 159, 0), focus=(86, 180, 233),
    danger=(213, 94, 0), good=(0, 158, 115),
    card_face=(245, 245, 240), card_ink=(20, 20, 20), card_red=(0, 90, 170), card_edge=(50, 50, 50),
    seats=((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (0, 114, 178), (204, 121, 167),
           (213, 94, 0), (220, 220, 220)),
    seat_names=("orange", "sky-blue", "green", "yellow", "blue", "pink", "vermilion", "grey"),
    suits={"daggers": (20, 20, 20), "poison": (0, 114, 178), "plague": (213, 94, 0), "pistols": (204, 121, 167),
           "attack": (213, 94, 0), "healing": (204, 121, 167), "radiance": (200, 160, 0),
           "victory": (0, 114, 178), "raven": (20, 20, 20), "light": (240, 228, 66), "shadow": (60, 60, 90)},
)


def palette_for(colour_blind: bool) -> Palette:
    """The palette the setting asks for."""
    return COLOUR_BLIND if colour_blind else GOTHIC


@lru_cache(maxsize=None)
def _font_path(serif: bool, bold: bool) -> str | None:
    for name in SERIF_FONTS if serif else SANS_FONTS:
        path = pygame.font.match_font(name, bold=bold)
        if path:
            return path
    return None


@lru_cache(maxsize=256)
def font(size: int, *, serif: bool = False, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` pixels (serif for titles, sans for reading); pygame's own as fallback."""
    size = max(8, int(size))
    path = _font_path(serif, bold)
    face = pygame.font.Font(path, size)
    if path is None and bold:
        face.set_bold(True)
    return face


def blend(a: Colour, b: Colour, t: float) -> Colour:
    """Mix two colours (``t`` = 0 gives ``a``)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))
