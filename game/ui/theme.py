"""Colours and type: one dark gothic palette and one colour-blind-safe palette, chosen by a setting; the two
bundled faces (``art/fonts/``) and the one scale of text sizes (``TYPE``).

Colour never carries meaning alone: beads, suits and candies also differ by shape or pattern, so the
colour-blind palette only makes the colours easier to tell apart; it is never the only clue. Each of those
colours stands out by WCAG 3:1 or more from what it is drawn on (``game.ui.contrast`` says where that is).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from game.core.paths import ART_DIR

Colour = tuple[int, int, int]

FONT_DIR = ART_DIR / "fonts"
FONT_FILES = {(True, False): "Cinzel-Regular.ttf", (True, True): "Cinzel-Bold.ttf",
              (False, False): "FiraSans-Regular.ttf", (False, True): "FiraSans-Bold.ttf"}
"""The bundled file of each (serif, bold): Cinzel, the display face of titles and buttons, and Fira Sans, the
text face of everything read (``art/fonts/README.md`` credits both)."""
WHITE: Colour = (255, 255, 255)
FELT_SHEEN = 0.05
"""How much lighter than ``Palette.table`` the middle of the drawn table is."""


@dataclass(frozen=True)
class TypeScale:
    """The named text sizes, in reference units (``Layout.text_px`` turns one into pixels at the window's size
    and the player's text size). Each step is at least an eighth larger than the one below (most are a quarter),
    so two sizes on one screen are either the same or plainly different."""

    caption: int = 14
    """Small print: a tag on the table, a tip's note, a chart's axis."""
    body: int = 16
    """What is read: the log, the rules, hints, a pop-up's message."""
    label: int = 20
    """A button's or a menu row's label and value, a plate's name."""
    heading: int = 25
    """A panel's or a section's heading."""
    title: int = 32
    """A screen's title."""
    display: int = 48
    """The one big line of a screen: the winner, whose turn it is on a handed-over screen."""


TYPE = TypeScale()


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
    candies: dict[str, Colour]
    """Candy colours by the word a variant's ``look`` uses (``red`` in ``red-wrapped``)."""


GOTHIC = Palette(
    name="gothic",
    background=(16, 12, 22), table=(34, 46, 40), table_edge=(58, 38, 28),
    panel=(30, 24, 40), panel_edge=(92, 74, 120),
    text=(236, 226, 206), text_dim=(170, 160, 150), accent=(240, 140, 40), focus=(255, 214, 90),
    danger=(230, 90, 80), good=(120, 210, 120),
    card_face=(240, 232, 212), card_ink=(28, 24, 30), card_red=(176, 28, 36), card_edge=(60, 48, 40),
    seats=((230, 76, 70), (236, 140, 30), (232, 210, 60), (70, 170, 80), (90, 140, 235), (185, 105, 215),
           (236, 120, 170), (226, 222, 210)),
    seat_names=("red", "orange", "yellow", "green", "blue", "purple", "pink", "white"),
    suits={"daggers": (90, 96, 110), "poison": (40, 112, 50), "plague": (130, 96, 40), "pistols": (150, 40, 40),
           "attack": (170, 40, 40), "healing": (168, 44, 96), "radiance": (135, 92, 0),
           "victory": (60, 100, 170), "raven": (40, 34, 50), "light": (165, 118, 22), "shadow": (140, 110, 200)},
    candies={"red": (232, 72, 72), "orange": (240, 130, 30), "yellow": (240, 210, 60), "green": (70, 170, 70),
             "blue": (80, 140, 235), "purple": (175, 110, 220), "pink": (235, 120, 170), "brown": (170, 118, 80),
             "white": (235, 235, 225), "black": (134, 128, 142)},
)

# Okabe & Ito's palette, told apart by every common form of colour blindness.
COLOUR_BLIND = Palette(
    name="colour_blind",
    background=(14, 14, 20), table=(36, 40, 48), table_edge=(60, 50, 40),
    panel=(28, 28, 38), panel_edge=(110, 110, 140),
    text=(240, 240, 240), text_dim=(185, 185, 185), accent=(230, 159, 0), focus=(86, 180, 233),
    danger=(213, 94, 0), good=(0, 158, 115),
    card_face=(245, 245, 240), card_ink=(20, 20, 20), card_red=(0, 90, 170), card_edge=(50, 50, 50),
    seats=((230, 159, 0), (86, 180, 233), (0, 158, 115), (240, 228, 66), (20, 130, 200), (204, 121, 167),
           (213, 94, 0), (220, 220, 220)),
    seat_names=("orange", "sky-blue", "green", "yellow", "blue", "pink", "vermilion", "grey"),
    suits={"daggers": (20, 20, 20), "poison": (0, 114, 178), "plague": (170, 70, 0), "pistols": (165, 60, 125),
           "attack": (140, 45, 0), "healing": (165, 60, 125), "radiance": (138, 106, 0),
           "victory": (0, 114, 178), "raven": (20, 20, 20), "light": (150, 125, 0), "shadow": (130, 130, 190)},
    candies={"red": (213, 94, 0), "orange": (230, 159, 0), "yellow": (240, 228, 66), "green": (0, 158, 115),
             "blue": (20, 130, 200), "purple": (200, 160, 240), "pink": (225, 140, 190), "brown": (170, 118, 80),
             "white": (235, 235, 225), "black": (134, 128, 142)},
)


def palette_for(colour_blind: bool) -> Palette:
    """The palette the setting asks for."""
    return COLOUR_BLIND if colour_blind else GOTHIC


FONT_PROBE_SIZE = 12
"""The size a bundled font file is first opened at, to find a damaged one before any text needs it."""
_missing_said: list[Path] = []
"""A missing font file already named on stderr (only the first is)."""


@lru_cache(maxsize=None)
def _font_path(serif: bool, bold: bool) -> str | None:
    """The bundled file of this face, or None (pygame's own font) when it is missing or will not load, said once
    on stderr: the game still reads, in a plainer face, until it is reinstalled."""
    path = FONT_DIR / FONT_FILES[serif, bold]
    if not path.is_file():
        problem = "is missing"
    else:
        try:
            pygame.font.Font(str(path), FONT_PROBE_SIZE).size("Ag")  # a damaged file opens, and fails here
            return str(path)
        except (pygame.error, OSError, ValueError):
            problem = "is damaged"
    if not _missing_said:
        _missing_said.append(path)
        print(f"note: the font {path} {problem}, so text is drawn in pygame's own font; reinstall the game",
              file=sys.stderr)
    return None


MEASURED_MOST = 4096
"""The most lines a face remembers the size of (a long game's log writes many once each)."""


class Face(pygame.font.Font):
    """A font that remembers what its lines measure: layouts measure the same labels each time a layer is drawn
    again, and measuring a line costs as much as drawing it."""

    def __init__(self, path: str | None, size: int) -> None:
        super().__init__(path, size)
        self.measured: dict[str, tuple[int, int]] = {}

    def size(self, text: str) -> tuple[int, int]:  # type: ignore[override]  # the same answer, remembered
        known = self.measured.get(text)
        if known is None:
            if len(self.measured) >= MEASURED_MOST:
                self.measured.clear()
            known = self.measured[text] = super().size(text)
        return known


@lru_cache(maxsize=256)
def font(size: int, *, serif: bool = False, bold: bool = False) -> pygame.font.Font:
    """A cached font of ``size`` pixels: the display face with ``serif`` (titles, buttons), the text face
    without (everything read); pygame's own (made bold by pygame when asked) if the file is missing."""
    size = max(8, int(size))
    path = _font_path(serif, bold)
    face = Face(path, size)
    if path is None and bold:
        face.set_bold(True)
    return face


def blend(a: Colour, b: Colour, t: float) -> Colour:
    """Mix two colours (``t`` = 0 gives ``a``)."""
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t), int(a[2] + (b[2] - a[2]) * t))


def luminance(colour: Colour) -> float:
    """WCAG 2 relative luminance: 0 for black, 1 for white."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """WCAG 2 contrast ratio of two colours, 1 (the same) to 21 (black on white); graphics need 3."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def felt(pal: Palette) -> Colour:
    """The lightest point of the drawn table (its middle), what pieces lie or fly on."""
    return blend(pal.table, WHITE, FELT_SHEEN)


def hollow(pal: Palette) -> Colour:
    """The inside of a pit or of the candy bowl: a shade darker than the table."""
    return blend(pal.background, pal.table, 0.45)
