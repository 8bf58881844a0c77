"""Vector glyphs (suit symbols, special cards, bead and candy shapes) drawn by code into any rectangle.

Each glyph is a list of primitives in a unit square, so one description serves every size. ``ink`` is
the glyph's colour, ``paper`` the colour holes are cut with (eyes, crosses).
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui.theme import Colour

Point = tuple[float, float]
Painter = Callable[[pygame.Surface, pygame.Rect, Colour, Colour], None]


def _p(rect: pygame.Rect, x: float, y: float) -> tuple[int, int]:
    return (round(rect.x + x * rect.w), round(rect.y + y * rect.h))


def _poly(s: pygame.Surface, r: pygame.Rect, c: Colour, pts: list[Point]) -> None:
    pygame.draw.polygon(s, c, [_p(r, x, y) for x, y in pts])


def _circle(s: pygame.Surface, r: pygame.Rect, c: Colour, x: float, y: float, radius: float, width: int = 0) -> None:
    pygame.draw.circle(s, c, _p(r, x, y), max(1, round(radius * min(r.w, r.h))), width)


def _box(s: pygame.Surface, r: pygame.Rect, c: Colour, x0: float, y0: float, x1: float, y1: float) -> None:
    a, b = _p(r, x0, y0), _p(r, x1, y1)
    pygame.draw.rect(s, c, pygame.Rect(a, (max(1, b[0] - a[0]), max(1, b[1] - a[1]))))


def _ellipse(s: pygame.Surface, r: pygame.Rect, c: Colour, x0: float, y0: float, w: float, h: float) -> None:
    a = _p(r, x0, y0)
    pygame.draw.ellipse(s, c, pygame.Rect(a, (max(1, round(w * r.w)), max(1, round(h * r.h)))))


def _star_points(cx: float, cy: float, outer: float, inner: float, points: int = 5) -> list[Point]:
    out: list[Point] = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = -math.pi / 2 + i * math.pi / points
        out.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return out


def _regular(cx: float, cy: float, radius: float, sides: int, turn: float = -math.pi / 2) -> list[Point]:
    angles = [turn + i * 2 * math.pi / sides for i in range(sides)]
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in angles]


# --- playing-card suits ----------------------------------------------------------------------------
def spade(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.5, 0.04), (0.93, 0.52), (0.07, 0.52)])
    _circle(s, r, ink, 0.3, 0.58, 0.21)
    _circle(s, r, ink, 0.7, 0.58, 0.21)
    _poly(s, r, ink, [(0.5, 0.6), (0.66, 0.96), (0.34, 0.96)])


def heart(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _circle(s, r, ink, 0.29, 0.32, 0.23)
    _circle(s, r, ink, 0.71, 0.32, 0.23)
    _poly(s, r, ink, [(0.07, 0.4), (0.93, 0.4), (0.5, 0.94)])


def diamond(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.5, 0.02), (0.86, 0.5), (0.5, 0.98), (0.14, 0.5)])


def club(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _circle(s, r, ink, 0.5, 0.27, 0.21)
    _circle(s, r, ink, 0.27, 0.57, 0.21)
    _circle(s, r, ink, 0.73, 0.57, 0.21)
    _poly(s, r, ink, [(0.5, 0.45), (0.66, 0.96), (0.34, 0.96)])


# --- Reapers suits ---------------------------------------------------------------------------------------
def dagger(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.5, 0.0), (0.72, 0.16), (0.67, 0.56), (0.33, 0.56), (0.28, 0.16)])
    _box(s, r, ink, 0.12, 0.55, 0.88, 0.7)
    _circle(s, r, ink, 0.12, 0.625, 0.085)
    _circle(s, r, ink, 0.88, 0.625, 0.085)
    _box(s, r, ink, 0.39, 0.68, 0.61, 0.88)
    _circle(s, r, ink, 0.5, 0.9, 0.1)
    _poly(s, r, paper, [(0.5, 0.1), (0.545, 0.5), (0.455, 0.5)])


def poison(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, ink, 0.38, 0.02, 0.62, 0.12)
    _box(s, r, ink, 0.42, 0.1, 0.58, 0.34)
    _circle(s, r, ink, 0.5, 0.63, 0.33)
    _circle(s, r, paper, 0.4, 0.58, 0.07)
    _circle(s, r, paper, 0.6, 0.58, 0.07)
    _poly(s, r, paper, [(0.5, 0.66), (0.55, 0.74), (0.45, 0.74)])
    _box(s, r, paper, 0.37, 0.8, 0.63, 0.83)


def plague(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, ink, 0.14, 0.2, 0.76, 0.27)
    _box(s, r, ink, 0.27, 0.02, 0.63, 0.22)
    _circle(s, r, ink, 0.44, 0.5, 0.27)
    _poly(s, r, ink, [(0.58, 0.4), (0.98, 0.86), (0.52, 0.68)])
    _circle(s, r, paper, 0.44, 0.46, 0.08)
    _circle(s, r, ink, 0.44, 0.46, 0.035)


def pistol(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, ink, 0.02, 0.2, 0.74, 0.44)
    _box(s, r, ink, 0.0, 0.15, 0.09, 0.49)
    _poly(s, r, ink, [(0.56, 0.18), (0.88, 0.2), (0.93, 0.46), (0.56, 0.52)])
    _poly(s, r, ink, [(0.6, 0.42), (0.93, 0.38), (1.0, 0.9), (0.72, 0.99)])
    _poly(s, r, ink, [(0.72, 0.2), (0.78, 0.02), (0.9, 0.06), (0.86, 0.22)])
    _circle(s, r, ink, 0.56, 0.56, 0.12, width=max(1, r.w // 10))


def demon(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.26, 0.42), (0.1, 0.02), (0.42, 0.3)])
    _poly(s, r, ink, [(0.74, 0.42), (0.9, 0.02), (0.58, 0.3)])
    _circle(s, r, ink, 0.5, 0.57, 0.32)
    _poly(s, r, ink, [(0.4, 0.85), (0.6, 0.85), (0.5, 1.0)])
    _poly(s, r, paper, [(0.3, 0.48), (0.46, 0.55), (0.34, 0.6)])
    _poly(s, r, paper, [(0.7, 0.48), (0.54, 0.55), (0.66, 0.6)])
    _poly(s, r, paper, [(0.34, 0.72), (0.66, 0.72), (0.5, 0.8)])


def reaper(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.45, 0.06), (0.72, 0.3), (0.8, 0.97), (0.12, 0.97), (0.2, 0.3)])
    _ellipse(s, r, paper, 0.33, 0.2, 0.24, 0.28)
    _circle(s, r, ink, 0.41, 0.32, 0.035)
    _circle(s, r, ink, 0.49, 0.32, 0.035)
    _box(s, r, ink, 0.84, 0.04, 0.9, 0.99)
    _poly(s, r, ink, [(0.9, 0.04), (0.45, 0.0), (0.12, 0.16), (0.5, 0.08), (0.9, 0.12)])


def joker(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.2, 0.6), (0.05, 0.12), (0.5, 0.45), (0.95, 0.12), (0.8, 0.6)])
    _poly(s, r, ink, [(0.45, 0.45), (0.5, 0.02), (0.55, 0.45)])
    for x, y in ((0.05, 0.12), (0.5, 0.04), (0.95, 0.12)):
        _circle(s, r, ink, x, y, 0.07)
    _circle(s, r, ink, 0.5, 0.76, 0.2)
    _circle(s, r, paper, 0.43, 0.72, 0.04)
    _circle(s, r, paper, 0.57, 0.72, 0.04)
    _poly(s, r, paper, [(0.4, 0.82), (0.6, 0.82), (0.5, 0.88)])


# --- Nevermore suits ---------------------------------------------------------------------------------
def sword(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.08, 0.02), (0.3, 0.08), (0.8, 0.56), (0.68, 0.68), (0.2, 0.2)])
    _poly(s, r, ink, [(0.5, 0.78), (0.86, 0.42), (0.94, 0.5), (0.58, 0.86)])
    _poly(s, r, ink, [(0.7, 0.6), (0.8, 0.7), (0.97, 0.89), (0.89, 0.97)])
    _circle(s, r, ink, 0.93, 0.93, 0.07)
    _poly(s, r, paper, [(0.16, 0.1), (0.7, 0.62), (0.66, 0.64)])


def cross_heart(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    heart(s, r, ink, paper)
    _box(s, r, paper, 0.44, 0.26, 0.56, 0.62)
    _box(s, r, paper, 0.32, 0.38, 0.68, 0.5)


def sun(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    for i in range(12):
        a = i * math.pi / 6
        b1, b2 = a - 0.13, a + 0.13
        _poly(s, r, ink, [(0.5 + 0.3 * math.cos(b1), 0.5 + 0.3 * math.sin(b1)),
                          (0.5 + 0.49 * math.cos(a), 0.5 + 0.49 * math.sin(a)),
                          (0.5 + 0.3 * math.cos(b2), 0.5 + 0.3 * math.sin(b2))])
    _circle(s, r, ink, 0.5, 0.5, 0.3)
    _circle(s, r, paper, 0.5, 0.5, 0.2)
    _circle(s, r, ink, 0.55, 0.47, 0.12)
    _circle(s, r, paper, 0.58, 0.46, 0.06)


def chalice(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.16, 0.06), (0.84, 0.06), (0.76, 0.36), (0.5, 0.52), (0.24, 0.36)])
    _box(s, r, ink, 0.45, 0.5, 0.55, 0.8)
    _poly(s, r, ink, [(0.24, 0.94), (0.76, 0.94), (0.62, 0.78), (0.38, 0.78)])
    _box(s, r, paper, 0.22, 0.12, 0.78, 0.16)


def raven(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _ellipse(s, r, ink, 0.2, 0.36, 0.52, 0.3)
    _circle(s, r, ink, 0.72, 0.33, 0.13)
    _poly(s, r, ink, [(0.8, 0.27), (0.99, 0.36), (0.8, 0.4)])
    _poly(s, r, ink, [(0.26, 0.5), (0.0, 0.64), (0.04, 0.72), (0.32, 0.62)])
    _poly(s, r, ink, [(0.28, 0.42), (0.62, 0.42), (0.4, 0.1)])
    _box(s, r, ink, 0.44, 0.64, 0.47, 0.86)
    _box(s, r, ink, 0.54, 0.64, 0.57, 0.86)
    _circle(s, r, paper, 0.75, 0.3, 0.03)


def moon(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _circle(s, r, ink, 0.5, 0.5, 0.45)
    _circle(s, r, paper, 0.66, 0.4, 0.38)


# --- shapes (beads, candies, seat markers) -------------------------------------------------------
def round_(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _circle(s, r, ink, 0.5, 0.5, 0.46)


def square(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, ink, 0.1, 0.1, 0.9, 0.9)


def triangle(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.5, 0.04), (0.97, 0.9), (0.03, 0.9)])


def hexagon(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, _regular(0.5, 0.5, 0.48, 6, 0.0))


def star(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, _star_points(0.5, 0.54, 0.5, 0.22))


def wrapped(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.3, 0.5), (0.02, 0.25), (0.02, 0.75)])
    _poly(s, r, ink, [(0.7, 0.5), (0.98, 0.25), (0.98, 0.75)])
    _ellipse(s, r, ink, 0.22, 0.3, 0.56, 0.4)
    _box(s, r, paper, 0.42, 0.32, 0.46, 0.68)
    _box(s, r, paper, 0.54, 0.32, 0.58, 0.68)


def bar(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, ink, 0.08, 0.25, 0.92, 0.75)
    for x in (0.3, 0.5, 0.7):
        _box(s, r, paper, x - 0.015, 0.25, x + 0.015, 0.75)


def corn(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _poly(s, r, ink, [(0.5, 0.04), (0.9, 0.92), (0.1, 0.92)])
    _poly(s, r, paper, [(0.5, 0.04), (0.64, 0.34), (0.36, 0.34)])
    _poly(s, r, paper, [(0.16, 0.78), (0.84, 0.78), (0.9, 0.92), (0.1, 0.92)])


def lollipop(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _box(s, r, paper, 0.47, 0.5, 0.53, 0.98)
    _circle(s, r, ink, 0.5, 0.36, 0.33)
    _circle(s, r, paper, 0.5, 0.36, 0.2, width=max(1, r.w // 16))


def drop(s: pygame.Surface, r: pygame.Rect, ink: Colour, paper: Colour) -> None:
    _circle(s, r, ink, 0.5, 0.62, 0.34)
    _poly(s, r, ink, [(0.5, 0.02), (0.8, 0.5), (0.2, 0.5)])


GLYPHS: dict[str, Painter] = {
    "spades": spade, "hearts": heart, "diamonds": diamond, "clubs": club,
    "daggers": dagger, "poison": poison, "plague": plague, "pistols": pistol, "demon": demon, "reaper": reaper,
    "joker": joker, "attack": sword, "healing": cross_heart, "radiance": sun, "victory": chalice,
    "raven": raven, "light": sun, "shadow": moon,
    "round": round_, "square": square, "triangle": triangle, "diamond": diamond, "hexagon": hexagon,
    "star": star, "heart": heart, "wrapped": wrapped, "bar": bar, "corn": corn, "lollipop": lollipop, "drop": drop,
}
"""Every glyph by name: suits of all decks, special cards, and shapes for beads and candies."""


def draw_glyph(surface: pygame.Surface, name: str, rect: pygame.Rect, ink: Colour, paper: Colour) -> None:
    """Draw glyph ``name`` filling ``rect``."""
    GLYPHS[name](surface, rect, ink, paper)
