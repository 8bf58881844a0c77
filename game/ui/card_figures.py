"""The half-figures of court cards and jokers: a head with its crown, cap or jester's hood over robed shoulders.

A figure is drawn once into the top half of a card's frame and turned round into the bottom half, as printed
court cards are, so it reads the same from either side of the table. Sizes are fractions of the half's height
measured from its middle, so a figure keeps its shape in any frame.
"""

from __future__ import annotations

import pygame

from game.ui.card_art import FIGURE_PICTURES, draw_icon
from game.ui.glyphs import draw_glyph
from game.ui.theme import Colour, blend

SKIN: Colour = (250, 228, 202)
GOLD: Colour = (214, 166, 52)
"""Crowns, trims and bells: the same gold on every court card."""
NIGHT: Colour = (22, 18, 26)
"""What hair and shadows are mixed from."""
CHEEK: Colour = (232, 120, 120)
JESTER = "JK"

Point = tuple[float, float]


class _Pen:
    """Draws in units of the half's height, ``x`` measured from its middle."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.surface, self.rect = surface, rect
        self.unit = rect.h
        self.line = max(1, round(rect.h / 40))

    def at(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.rect.centerx + x * self.unit), round(self.rect.y + y * self.unit))

    def poly(self, colour: Colour, points: list[Point], outline: Colour | None = None) -> None:
        pts = [self.at(x, y) for x, y in points]
        pygame.draw.polygon(self.surface, colour, pts)
        if outline is not None:
            pygame.draw.polygon(self.surface, outline, pts, self.line)

    def oval(self, colour: Colour, x: float, y: float, rx: float, ry: float, outline: Colour | None = None) -> None:
        box = pygame.Rect(0, 0, max(1, round(2 * rx * self.unit)), max(1, round(2 * ry * self.unit)))
        box.center = self.at(x, y)
        pygame.draw.ellipse(self.surface, colour, box)
        if outline is not None:
            pygame.draw.ellipse(self.surface, outline, box, self.line)

    def bar(self, colour: Colour, a: Point, b: Point, width: float) -> None:
        pygame.draw.line(self.surface, colour, self.at(*a), self.at(*b), max(1, round(width * self.unit)))

    def box(self, x: float, y: float, side: float) -> pygame.Rect:
        rect = pygame.Rect(0, 0, max(1, round(side * self.unit)), max(1, round(side * self.unit)))
        rect.center = self.at(x, y)
        return rect


def _robe(pen: _Pen, robe: Colour, trim: Colour, edge: Colour) -> None:
    pen.poly(robe, [(-0.56, 1.02), (-0.52, 0.86), (-0.4, 0.74), (-0.16, 0.68), (0.16, 0.68), (0.4, 0.74),
                    (0.52, 0.86), (0.56, 1.02)], edge)
    pen.poly(trim, [(-0.16, 0.68), (0.0, 0.94), (0.16, 0.68), (0.09, 0.68), (0.0, 0.83), (-0.09, 0.68)])
    for side in (-1, 1):
        pen.bar(trim, (side * 0.38, 0.77), (side * 0.5, 0.88), 0.04)
    pen.poly(trim, [(-0.56, 0.95), (0.56, 0.95), (0.56, 1.02), (-0.56, 1.02)])


def _face(pen: _Pen, ink: Colour, *, smile: bool = False) -> None:
    mouth = blend(ink, NIGHT, 0.4)
    pen.poly(SKIN, [(-0.06, 0.56), (0.06, 0.56), (0.06, 0.7), (-0.06, 0.7)])
    pen.oval(SKIN, 0.0, 0.45, 0.165, 0.2, ink)
    for side in (-1, 1):
        pen.oval(NIGHT, side * 0.065, 0.43, 0.026, 0.033)
        pen.oval(CHEEK, side * 0.1, 0.51, 0.034, 0.022)
    pen.bar(mouth, (-0.045, 0.56), (0.045, 0.56), 0.02)
    if smile:
        for side in (-1, 1):
            pen.bar(mouth, (side * 0.07, 0.535), (side * 0.045, 0.56), 0.02)


def _king(pen: _Pen, ink: Colour, hair: Colour) -> None:
    pen.oval(hair, 0.0, 0.4, 0.2, 0.18)
    _face(pen, ink)
    pen.poly(hair, [(-0.165, 0.48), (-0.09, 0.56), (0.09, 0.56), (0.165, 0.48), (0.12, 0.66), (0.0, 0.73),
                    (-0.12, 0.66)])
    pen.poly(SKIN, [(-0.05, 0.56), (0.05, 0.56), (0.0, 0.6)])
    pen.poly(SKIN, [(-0.4, 0.74), (-0.16, 0.68), (0.16, 0.68), (0.4, 0.74), (0.44, 0.8), (-0.44, 0.8)], ink)
    for x in (-0.3, -0.15, 0.15, 0.3):
        pen.oval(NIGHT, x, 0.765, 0.015, 0.02)
    draw_icon(pen.surface, FIGURE_PICTURES["K"], pen.box(0.0, 0.16, 0.42), GOLD)
    pen.bar(GOLD, (0.44, 1.0), (0.44, 0.34), 0.04)
    pen.oval(GOLD, 0.44, 0.31, 0.05, 0.05)
    pen.bar(GOLD, (0.4, 0.22), (0.48, 0.22), 0.025)
    pen.bar(GOLD, (0.44, 0.18), (0.44, 0.28), 0.025)


def _queen(pen: _Pen, ink: Colour, hair: Colour) -> None:
    pen.poly(hair, [(-0.22, 0.34), (0.0, 0.22), (0.22, 0.34), (0.26, 0.72), (0.12, 0.68), (-0.12, 0.68),
                    (-0.26, 0.72)])
    _face(pen, ink, smile=True)
    pen.poly(GOLD, [(-0.16, 0.3), (-0.19, 0.12), (-0.09, 0.21), (0.0, 0.06), (0.09, 0.21), (0.19, 0.12), (0.16, 0.3)],
             blend(GOLD, NIGHT, 0.5))
    for x, y in ((-0.19, 0.12), (0.0, 0.06), (0.19, 0.12)):
        pen.oval(SKIN, x, y, 0.028, 0.028)
    pen.bar(GOLD, (-0.44, 1.0), (-0.44, 0.54), 0.03)
    for dx, dy in ((0.0, -0.06), (0.06, 0.0), (0.0, 0.06), (-0.06, 0.0)):
        pen.oval(GOLD, -0.44 + dx, 0.48 + dy, 0.045, 0.045)
    pen.oval(blend(GOLD, ink, 0.5), -0.44, 0.48, 0.035, 0.035)


def _jack(pen: _Pen, ink: Colour, hair: Colour) -> None:
    pen.poly(hair, [(-0.2, 0.34), (0.0, 0.26), (0.2, 0.34), (0.21, 0.58), (0.1, 0.55), (-0.1, 0.55), (-0.21, 0.58)])
    _face(pen, ink, smile=True)
    draw_icon(pen.surface, FIGURE_PICTURES["J"], pen.box(0.04, 0.2, 0.48), ink)
    pen.bar(blend(GOLD, NIGHT, 0.4), (0.46, 1.0), (0.46, 0.14), 0.03)
    pen.poly(GOLD, [(0.46, 0.14), (0.6, 0.22), (0.6, 0.36), (0.46, 0.3)], blend(GOLD, NIGHT, 0.5))
    pen.poly(GOLD, [(0.43, 0.06), (0.46, 0.0), (0.49, 0.06), (0.46, 0.16)])


def _jester(pen: _Pen, ink: Colour, hair: Colour) -> None:
    _face(pen, ink, smile=True)
    ruff = [(x * 0.04 - 0.24, 0.66 if x % 2 else 0.76) for x in range(13)]
    pen.poly(SKIN, [(-0.24, 0.66), *ruff, (0.24, 0.66), (0.0, 0.62)], ink)
    draw_icon(pen.surface, FIGURE_PICTURES[JESTER], pen.box(0.0, 0.13, 0.5), ink)
    for x, y in ((-0.24, 0.24), (0.24, 0.24), (0.0, 0.0)):
        pen.oval(GOLD, x, y, 0.035, 0.035, blend(GOLD, NIGHT, 0.5))


PAINTERS = {"K": _king, "Q": _queen, "J": _jack, JESTER: _jester}


def draw_figure(surface: pygame.Surface, frame: pygame.Rect, rank: str, sign: str, ink: Colour, trim: Colour,
                paper: Colour) -> None:
    """Court figure ``rank`` (``K``, ``Q``, ``J``; ``JK`` the jester) in ``frame``: robed in ``ink`` with ``trim``,
    glyph ``sign`` on the chest (the suit's; each joker its own), drawn in the top half and turned round into
    the bottom."""
    half = pygame.Surface((frame.w, frame.h // 2), pygame.SRCALPHA)
    pen = _Pen(half, half.get_rect())
    _robe(pen, ink, trim, blend(ink, NIGHT, 0.5))
    PAINTERS[rank](pen, ink, blend(ink, NIGHT, 0.55))
    badge = pen.box(-0.27, 0.86, 0.17)
    pygame.draw.ellipse(half, paper, badge.inflate(badge.w // 3, badge.h // 3))
    draw_glyph(half, sign, badge, ink, paper)
    surface.blit(half, frame.topleft)
    surface.blit(pygame.transform.rotate(half, 180), (frame.x, frame.bottom - half.get_height()))
    pygame.draw.line(surface, ink, (frame.x, frame.centery), (frame.right - 1, frame.centery), pen.line)
