"""Resolution independence: everything is placed in 1280x720 reference units and scaled to the window.

A scene asks ``Layout`` for pixel sizes (``px``), rectangles and font sizes, so the same code reads well
from 1280x720 to 3840x2160 and at odd aspect ratios (the content is centred, never stretched). Font sizes
(``text_px``) grow further with the player's text size (``text_scale``); the rest of the layout does not, so a
widget lays its text out to fit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

REFERENCE = (1280, 720)
MIN_TEXT_PX = 14
"""No text is drawn smaller than this, however small the window."""
CARD_RATIO = 1.4
"""Card height over card width (poker size)."""


@dataclass(frozen=True)
class Layout:
    """The window size, the scale from the 1280x720 reference, and the player's text size."""

    width: int
    height: int
    text_scale: float = 1.0
    """Font sizes are this many times the scaled size (``Settings.text_scale``)."""

    @property
    def scale(self) -> float:
        """Reference units to pixels: the smaller of the two axis ratios, so nothing overflows."""
        return min(self.width / REFERENCE[0], self.height / REFERENCE[1])

    @property
    def size(self) -> tuple[int, int]:
        """Window size in pixels."""
        return (self.width, self.height)

    @property
    def rect(self) -> pygame.Rect:
        """The whole window."""
        return pygame.Rect(0, 0, self.width, self.height)

    def px(self, units: float) -> int:
        """Reference units to whole pixels (at least 1 for positive sizes)."""
        value = round(units * self.scale)
        return max(1, value) if units > 0 else value

    def text_px(self, units: float) -> int:
        """A font size in pixels at the player's text size, never below ``MIN_TEXT_PX``."""
        return max(MIN_TEXT_PX, round(units * self.scale * self.text_scale))

    def point(self, x: float, y: float) -> tuple[int, int]:
        """A reference point (in the centred 1280x720 frame) in window pixels."""
        ox = (self.width - REFERENCE[0] * self.scale) / 2
        oy = (self.height - REFERENCE[1] * self.scale) / 2
        return (round(ox + x * self.scale), round(oy + y * self.scale))

    def box(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A reference rectangle in window pixels."""
        left, top = self.point(x, y)
        return pygame.Rect(left, top, self.px(w), self.px(h))

    def centred(self, w: float, h: float, cy: float = REFERENCE[1] / 2) -> pygame.Rect:
        """A rectangle of reference size centred horizontally, with its centre at reference height ``cy``."""
        return self.box((REFERENCE[0] - w) / 2, cy - h / 2, w, h)

    def card_size(self, height_units: float = 120) -> tuple[int, int]:
        """A card's pixel size for a card ``height_units`` tall in reference units."""
        h = self.px(height_units)
        return (max(2, round(h / CARD_RATIO)), h)


def column(rect: pygame.Rect, count: int, row_h: int, gap: int) -> list[pygame.Rect]:
    """``count`` rows of height ``row_h`` stacked from the top of ``rect``."""
    return [pygame.Rect(rect.x, rect.y + i * (row_h + gap), rect.w, row_h) for i in range(count)]


def row(rect: pygame.Rect, count: int, gap: int) -> list[pygame.Rect]:
    """``rect`` split into ``count`` equal columns."""
    if count <= 0:
        return []
    w = (rect.w - gap * (count - 1)) / count
    return [pygame.Rect(round(rect.x + i * (w + gap)), rect.y, round(w), rect.h) for i in range(count)]


def around(rect: pygame.Rect, count: int, first: int = 0) -> list[tuple[int, int]]:
    """``count`` points on the ellipse inside ``rect``, clockwise on screen, seat ``first`` at the bottom."""
    points: list[tuple[int, int]] = [(0, 0)] * count
    for step in range(count):
        angle = math.pi / 2 + step * 2 * math.pi / max(1, count)
        seat = (first + step) % count
        points[seat] = (round(rect.centerx + rect.w / 2 * math.cos(angle)),
                        round(rect.centery + rect.h / 2 * math.sin(angle)))
    return points
