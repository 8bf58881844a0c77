"""Solid pop-ups and panels: what the pause menu, a question, the hot-seat hand-off, the hand-end overlay, a
tooltip and the app screens' panels are drawn on, so they read as one family (``art/STYLE.md``).

A pop-up is opaque (text never shows through text), lifted off what is under it by a soft shadow, and may
carry a title band along its top; ``shade`` darkens what is under it first. Bodies and shadows are drawn once
per size and palette and blitted after, so a frame costs a blit or two whatever the window's size.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.theme import Colour, Palette, blend

SHADE_STRIP = 64
"""The height of the strip ``shade`` multiplies a surface by, a band at a time."""
SHADE_TINT = (0.96, 0.93, 1.08)
"""How each of red, green and blue is kept by ``shade`` beside the light left: the dark leans cool."""
SHADOW_ALPHA = 210
"""How dark a pop-up's shadow is under its middle."""
SHADOW_BLUR = 2
"""How many pixels of the shrunk shadow its spread takes: fewer blur it more."""
GLOW_STEPS, GLOW_ALPHA = 16, 150
"""A glow's rings at most (one a pixel where it is narrower) and how opaque they are together at its edge."""
BAND_TINT = 0.16
"""How far a title band leans from the panel colour toward the accent."""
TOP_LIGHT, BOTTOM_SHADE = 0.05, 0.18
"""How much lighter a body's top and how much darker its bottom is than the panel colour (lit from above)."""


@lru_cache(maxsize=8)
def _shade_strip(width: int, light: float) -> pygame.Surface:
    strip = pygame.Surface((width, SHADE_STRIP))
    strip.fill(tuple(max(0, min(255, round(255 * light * tint))) for tint in SHADE_TINT))
    return strip


def shade(surface: pygame.Surface, light: float, rect: pygame.Rect | None = None) -> None:
    """Darken what is drawn in ``rect`` (all of ``surface`` by default) to a share ``light`` of its light, so a
    pop-up over it stands out: a strip multiplied down it, cheap at every size (a multiplying fill is ten times
    slower, a dark translucent layer three)."""
    area = surface.get_rect() if rect is None else rect.clip(surface.get_rect())
    strip = _shade_strip(area.w, round(light, 3))
    for y in range(area.y, area.bottom, SHADE_STRIP):
        surface.blit(strip, (area.x, y), (0, 0, area.w, min(SHADE_STRIP, area.bottom - y)),
                     special_flags=pygame.BLEND_RGB_MULT)


@lru_cache(maxsize=32)
def _shadow(size: tuple[int, int], radius: int, spread: int) -> pygame.Surface:
    """Its core (half a spread inside the pop-up's edge) drawn ``SHADOW_BLUR`` times smaller than the spread,
    then scaled back up: the scaling blurs the core's edge out to nothing just inside the image's border."""
    width, height = size[0] + 2 * spread, size[1] + 2 * spread
    scale = max(1, spread // SHADOW_BLUR)
    small = pygame.Surface((max(4, width // scale), max(4, height // scale)), pygame.SRCALPHA)
    inset = max(2, spread * 3 // (2 * scale))
    core = small.get_rect().inflate(-2 * inset, -2 * inset)
    if core.w > 0 and core.h > 0:
        pygame.draw.rect(small, (0, 0, 0, SHADOW_ALPHA), core, border_radius=max(0, radius // scale))
    blurred = pygame.transform.smoothscale(small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2)))
    return pygame.transform.smoothscale(blurred, (width, height))


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, spread: int) -> None:
    """A soft shadow under ``rect``, ``spread`` pixels past it and dropped a little, as if lit from above."""
    image = _shadow(rect.size, radius, max(1, spread))
    surface.blit(image, (rect.x - spread, rect.y - spread + spread // 2))


@lru_cache(maxsize=16)
def _glow(size: tuple[int, int], radius: int, spread: int, colour: Colour) -> pygame.Surface:
    width, height = size[0] + 2 * spread, size[1] + 2 * spread
    image = pygame.Surface((width, height), pygame.SRCALPHA)
    steps = max(2, min(GLOW_STEPS, spread))
    for step in range(steps, 0, -1):
        reach = spread * step // steps
        ring = pygame.Rect(spread - reach, spread - reach, size[0] + 2 * reach, size[1] + 2 * reach)
        layer = pygame.Surface(ring.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, GLOW_ALPHA // steps), layer.get_rect(), border_radius=radius + reach)
        image.blit(layer, ring)
    return image


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, radius: int, spread: int, colour: Colour) -> None:
    """A glow of ``colour`` ``spread`` pixels around ``rect``, brightest at its edge: what is chosen (the focus,
    the seat to play) shines."""
    surface.blit(_glow(rect.size, radius, max(1, spread), colour), (rect.x - spread, rect.y - spread))


@lru_cache(maxsize=48)
def _body(size: tuple[int, int], radius: int, band: int, edge: Colour, border: int, pal: Palette) -> pygame.Surface:
    """A pop-up's body: the panel colour lit from above, the title band (if any) with a gold rule under it, the
    border; square corners cut round."""
    width, height = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    top, bottom = blend(pal.panel, (255, 255, 255), TOP_LIGHT), blend(pal.panel, (0, 0, 0), BOTTOM_SHADE)
    for y in range(height):
        pygame.draw.line(image, blend(top, bottom, y / max(1, height - 1)), (0, y), (width, y))
    if band:
        pygame.draw.rect(image, blend(pal.panel, pal.accent, BAND_TINT), (0, 0, width, band))
        pygame.draw.line(image, blend(pal.panel, (255, 255, 255), 0.12), (radius, 1), (width - radius, 1))
        rule = max(1, border // 2)
        pygame.draw.rect(image, blend(pal.accent, pal.panel, 0.35), (0, band - rule, width, rule))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(image, edge, image.get_rect(), border, border_radius=radius)
    return image


def draw_popup(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, *, radius: int, band: int = 0,
               edge: Colour | None = None, border: int = 2, lift: int = 0) -> None:
    """An opaque pop-up in ``rect``: a shadow ``lift`` pixels around it (none at 0), the body lit from above, a
    title band ``band`` pixels tall along its top (none at 0), a border in ``edge`` (the panel's edge colour by
    default)."""
    if lift:
        draw_shadow(surface, rect, radius, lift)
    surface.blit(_body(rect.size, radius, band, edge or pal.panel_edge, max(1, border), pal), rect)
