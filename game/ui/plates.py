"""What every table draws for a seat: its plate, its token (a medallion in the seat's colour and shape), the
dealer's chip and the glow of the seat to play, so the four games mark a seat the same way.

The seat to play is told three ways at once (a lit gold rim, a glow around the plate, a brighter token), so it
shows at a glance and never by colour alone. Pictures are drawn once per size and palette.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import assets
from game.ui.theme import Colour, Palette, blend, font

GLOW_STEPS = 5
"""Rings of the glow around the plate of the seat to play."""
PLATE_SHADE = 0.22
"""How much darker a plate's bottom is than its top (the light comes from above)."""


@lru_cache(maxsize=128)
def _medallion(seat: int, side: int, turn: bool, pal: Palette) -> pygame.Surface:
    colour = pal.seats[seat % len(pal.seats)]
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side // 2, side // 2)
    radius = side // 2
    rim = pal.focus if turn else blend(colour, pal.panel, 0.35)
    pygame.draw.circle(image, blend(rim, (0, 0, 0), 0.45), centre, radius)
    pygame.draw.circle(image, rim, centre, radius - max(1, side // 24))
    pygame.draw.circle(image, blend(pal.background, colour, 0.22 if turn else 0.12), centre,
                       radius - max(2, side // 9))
    token = assets.bead(seat, max(4, int(side * 0.58)))
    image.blit(token, token.get_rect(center=centre))
    return image


def medallion(seat: int, side: int, *, turn: bool = False) -> pygame.Surface:
    """Seat ``seat``'s token: its bead (colour and shape) in a round frame, the frame gold on its turn."""
    return _medallion(seat, max(8, int(side)), turn, assets.palette())


@lru_cache(maxsize=16)
def _dealer_chip(side: int, pal: Palette) -> pygame.Surface:
    image = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side // 2, side // 2)
    pygame.draw.circle(image, blend(pal.accent, (0, 0, 0), 0.5), centre, side // 2)
    pygame.draw.circle(image, pal.accent, centre, side // 2 - max(1, side // 12))
    pygame.draw.circle(image, blend(pal.accent, (255, 255, 255), 0.35), centre, side // 2 - max(2, side // 5),
                       max(1, side // 16))
    letter = font(max(8, int(side * 0.62)), serif=True, bold=True).render("D", True, pal.background)
    image.blit(letter, letter.get_rect(center=centre))
    return image


def dealer_chip(side: int) -> pygame.Surface:
    """The dealer's chip: a gold disc with a D."""
    return _dealer_chip(max(8, int(side)), assets.palette())


def draw_plate(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, *, turn: bool, radius: int,
               you: bool = False) -> None:
    """A seat's plate: solid, lit from above, its edge gold and glowing while the seat is to play (``you``: the
    viewer's own, edged in the accent colour)."""
    if turn:
        glow = _glow(rect.size, radius, pal)
        surface.blit(glow, glow.get_rect(center=rect.center))
    surface.blit(_plate_fill(rect.size, radius, pal), rect)
    edge: Colour = pal.focus if turn else (pal.accent if you else pal.panel_edge)
    pygame.draw.rect(surface, edge, rect, max(2, rect.h // 18) if turn else max(1, rect.h // 40),
                     border_radius=radius)


@lru_cache(maxsize=16)
def _glow(size: tuple[int, int], radius: int, pal: Palette) -> pygame.Surface:
    """The glow around the plate of the seat to play: rings fading outward, drawn once per plate size."""
    spread = max(2, size[1] // 18)
    outer = pygame.Rect(0, 0, size[0] + 2 * GLOW_STEPS * spread, size[1] + 2 * GLOW_STEPS * spread)
    image = pygame.Surface(outer.size, pygame.SRCALPHA)
    for step in range(GLOW_STEPS, 0, -1):
        ring = pygame.Surface((size[0] + 2 * step * spread, size[1] + 2 * step * spread), pygame.SRCALPHA)
        pygame.draw.rect(ring, (*pal.focus, 16 + 10 * (GLOW_STEPS - step)), ring.get_rect(),
                         border_radius=radius + step * spread)
        image.blit(ring, ring.get_rect(center=outer.center))
    return image


@lru_cache(maxsize=64)
def _plate_fill(size: tuple[int, int], radius: int, pal: Palette) -> pygame.Surface:
    """The plate's body: a vertical shade from the panel colour, with a thin highlight along its top."""
    width, height = size
    image = pygame.Surface(size, pygame.SRCALPHA)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    top, bottom = blend(pal.panel, (255, 255, 255), 0.06), blend(pal.panel, (0, 0, 0), PLATE_SHADE)
    for y in range(height):
        pygame.draw.line(image, blend(top, bottom, y / max(1, height - 1)), (0, y), (width, y))
    pygame.draw.line(image, blend(pal.panel_edge, (255, 255, 255), 0.2), (radius, 1), (width - radius, 1))
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return image
