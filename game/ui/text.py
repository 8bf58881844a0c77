"""Text drawing helpers: wrapping to a width, fitting a label into a box, and panels behind text."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui.theme import Colour, font


SHORT_LAST_WORD = 3
"""A paragraph's last word this short ("5.") takes the word before it along rather than stand alone."""


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a word longer than the width is cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if face.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
            while face.size(line)[0] > width and len(line) > 1:
                cut = len(line)
                while cut > 1 and face.size(line[:cut])[0] > width:
                    cut -= 1
                lines.append(line[:cut])
                line = line[cut:]
        if len(lines) > start and " " not in line and len(line) <= SHORT_LAST_WORD and " " in lines[-1]:
            head, _, carried = lines[-1].rpartition(" ")
            if face.size(f"{carried} {line}")[0] <= width:
                lines[-1], line = head, f"{carried} {line}"
        lines.append(line)
    return lines


@lru_cache(maxsize=512)
def wrap_cached(text: str, size: int, width: int) -> tuple[str, ...]:
    """``wrap`` for text drawn every frame (the log), remembered by text, font size and width."""
    return tuple(wrap(text, font(size), width))


def draw_text(surface: pygame.Surface, text: str, size: int, colour: Colour, pos: tuple[int, int], *,
              anchor: str = "topleft", serif: bool = False, bold: bool = False) -> pygame.Rect:
    """Draw one line with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; return its rect."""
    image = font(size, serif=serif, bold=bold).render(text, True, colour)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def fit_size(text: str, size: int, width: int, *, serif: bool = False, bold: bool = False, minimum: int = 12) -> int:
    """The largest font size not above ``size`` at which ``text`` fits in ``width`` pixels."""
    while size > minimum and font(size, serif=serif, bold=bold).size(text)[0] > width:
        size -= 1
    return size


def draw_wrapped(surface: pygame.Surface, text: str, size: int, colour: Colour, rect: pygame.Rect, *,
                 serif: bool = False, centre: bool = False, line_gap: float = 1.2) -> int:
    """Draw ``text`` wrapped inside ``rect``; return the height used (lines below the rect are dropped)."""
    face = font(size, serif=serif)
    y = rect.y
    step = round(face.get_linesize() * line_gap / 1.2)
    for line in wrap(text, face, rect.w):
        if y + step > rect.bottom + step // 3:
            break
        image = face.render(line, True, colour)
        x = rect.centerx - image.get_width() // 2 if centre else rect.x
        surface.blit(image, (x, y))
        y += step
    return y - rect.y


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour, *, radius: int = 10,
          alpha: int = 255, width: int = 2) -> None:
    """A rounded panel, optionally translucent, with a border."""
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*fill, alpha), layer.get_rect(), border_radius=radius)
        surface.blit(layer, rect)
    else:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
