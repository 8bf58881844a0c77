"""Text drawing helpers: wrapping to a width, laying a label out in its box (on two lines rather than smaller),
fitting a name into its room (smaller, or cut with an ellipsis), and panels behind text."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import pygame

from game.ui.theme import WHITE, Colour, font


SHORT_LAST_WORD = 3
"""A paragraph's last word this short ("5.") takes the word before it along rather than stand alone."""
ELLIPSIS = "\u2026"
"""Ends a text cut to fit its room (a name on a plate): one glyph, which every font we use draws."""
INK_SAMPLE = "Hgjpqy"
"""Letters that reach as high and as low as a label's letters do (``ink``)."""
LABEL_LEADING = 1.2
"""A label's lines are this many ink heights apart (``label_step``): set by the letters, not by the face's own
line spacing, which leaves room for accents above and so would need a taller button for two lines."""


def wrap(text: str, face: pygame.font.Font, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (a word longer than the width is cut)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        start = len(lines)
        line = ""
        for word in paragraph.split(" "):
            if line and face.size(f"{line} {word}")[0] <= width:
                line = f"{line} {word}"
                continue
            if line:
                lines.append(line)
            pieces = _cut_word(word, face, width) if face.size(word)[0] > width else [word]
            lines += pieces[:-1]
            line = pieces[-1]
        if len(lines) > start and " " not in line and len(line) <= SHORT_LAST_WORD and " " in lines[-1]:
            head, _, carried = lines[-1].rpartition(" ")
            if face.size(f"{carried} {line}")[0] <= width:
                lines[-1], line = head, f"{carried} {line}"
        lines.append(line)
    return lines


def _cut_word(word: str, face: pygame.font.Font, width: int) -> list[str]:
    """A word wider than ``width`` in pieces that fit (at least a character each), the last one the rest."""
    pieces: list[str] = []
    while len(word) > 1:
        cut = max(1, _fitting_length(word, face, width))
        if cut >= len(word):
            break
        pieces.append(word[:cut])
        word = word[cut:]
    return pieces + [word]


def _fitting_length(text: str, face: pygame.font.Font, width: int, suffix: str = "") -> int:
    """How many leading characters of ``text`` (followed by ``suffix``) fit in ``width`` pixels (0 if none).

    Found by doubling, then halving the gap: a handful of measurements of about as many characters as fit,
    so a 20,000-character name costs no more to cut than a short one (measuring it whole, or a character
    at a time, froze the table)."""
    def fits(count: int) -> bool:
        return face.size(text[:count] + suffix)[0] <= width

    fitting, beyond = 0, 1
    while beyond <= len(text) and fits(beyond):
        fitting, beyond = beyond, 2 * beyond
    beyond = min(beyond, len(text) + 1)
    while beyond - fitting > 1:
        middle = (fitting + beyond) // 2
        fitting, beyond = (middle, beyond) if fits(middle) else (fitting, middle)
    return fitting


def ellipsize(text: str, face: pygame.font.Font, width: int) -> str:
    """``text`` whole if it fits in ``width`` pixels, else as much of it as fits followed by an ellipsis."""
    if _fitting_length(text, face, width) == len(text):
        return text
    return text[: _fitting_length(text, face, width, ELLIPSIS)].rstrip() + ELLIPSIS


@lru_cache(maxsize=1024)
def fit_text(text: str, size: int, width: int, *, serif: bool = False, bold: bool = False,
             minimum: int = 12) -> tuple[str, int]:
    """``text`` and the font size to draw it in ``width`` pixels: whole at the largest size not above ``size``
    at which it fits, or, when it does not fit even at ``minimum``, cut with an ellipsis at ``minimum``.
    Remembered: a plate drawn again fits the same name again."""
    minimum = min(minimum, size)
    shown = ellipsize(text, font(minimum, serif=serif, bold=bold), width)
    if shown != text:
        return shown, minimum
    return text, fit_size(text, size, width, serif=serif, bold=bold, minimum=minimum)


@lru_cache(maxsize=512)
def fit_lines(text: str, size: int, room: tuple[int, int], *, lines: int = 2, serif: bool = False,
              bold: bool = False, minimum: int = 14) -> tuple[tuple[str, ...], int]:
    """``text`` broken into at most ``lines`` lines that fit ``room`` (width, height) and the font size to
    draw them in: the largest size not above ``size`` at which they fit, so a label too long for one line
    wraps before it shrinks. Only when even ``minimum`` does not hold it is the last line cut (an ellipsis).
    Remembered, as it is asked every frame for the same labels."""
    width, height = room
    minimum = min(minimum, size)
    for tried in range(size, minimum - 1, -1):
        face = font(tried, serif=serif, bold=bold)
        if face.size(text)[0] <= width and face.get_linesize() <= height:
            return (text,), tried
        whole_words = len(text) <= width * lines and max(face.size(word)[0] for word in text.split(" ")) <= width
        shown = wrap(text, face, width) if whole_words else []
        if shown and len(shown) <= lines and len(shown) * face.get_linesize() <= height:
            return tuple(balanced(text, face, width, len(shown))), tried
    face = font(minimum, serif=serif, bold=bold)
    rows = max(1, min(lines, height // max(1, face.get_linesize())))
    shown = wrap(text[: width * lines], face, width)
    if len(shown) > rows:
        shown = shown[: rows - 1] + [ellipsize(" ".join(shown[rows - 1:]), face, width)]
    return tuple(shown), minimum


class Ink(NamedTuple):
    """Where a line's letters are inked in a font, in rows from the top of the line's box."""

    top: int
    """The first row a capital reaches."""
    capitals: int
    """The rows of a capital: a label is centred on its capitals, not on its line box (whose room for accents
    above would set it low) nor on its descenders."""
    height: int
    """The rows from ``top`` down to the lowest descender."""


@lru_cache(maxsize=256)
def ink(size: int, *, serif: bool = False, bold: bool = False) -> Ink:
    """Where this font's letters are inked (measured once per font)."""
    face = font(size, serif=serif, bold=bold)
    capital = face.render(INK_SAMPLE[0], True, WHITE).get_bounding_rect()
    letters = face.render(INK_SAMPLE, True, WHITE).get_bounding_rect()
    return Ink(letters.top, capital.bottom - letters.top, letters.h)


def label_step(size: int, *, serif: bool = False, bold: bool = False) -> int:
    """The pixels from one line of a label to the next."""
    return max(1, round(ink(size, serif=serif, bold=bold).height * LABEL_LEADING))


def label_height(size: int, lines: int, *, serif: bool = False, bold: bool = False) -> int:
    """The pixels ``lines`` lines of a label need, centred on their capitals: their letters, and as much again
    above as the descenders hang below."""
    letters = ink(size, serif=serif, bold=bold)
    return 2 * letters.height - letters.capitals + (lines - 1) * label_step(size, serif=serif, bold=bold)


def label_rows(size: int, height: int, *, serif: bool = False, bold: bool = False) -> int:
    """How many lines of a label ``height`` pixels hold (at least one)."""
    spare = height - label_height(size, 1, serif=serif, bold=bold)
    return max(1, 1 + spare // label_step(size, serif=serif, bold=bold))


@lru_cache(maxsize=512)
def label_lines(text: str, size: int, room: tuple[int, int], *, lines: int = 2, serif: bool = False,
                bold: bool = False) -> tuple[str, ...]:
    """``text`` at ``size``, never smaller, laid out in ``room`` (width, height): on one line when it fits, else
    on as few lines of about even length as it needs, up to ``lines`` and as many as the room's height holds at
    the label step. Only a text that even those lines cannot hold has its last line cut with an ellipsis.
    Remembered, as it is asked every frame for the same labels."""
    face = font(size, serif=serif, bold=bold)
    width, height = room
    if len(text) <= width and face.size(text)[0] <= width:
        return (text,)
    rows = min(lines, label_rows(size, height, serif=serif, bold=bold))
    if rows > 1 and len(text) <= width * rows and max(face.size(word)[0] for word in text.split(" ")) <= width:
        shown = wrap(text, face, width)
        if len(shown) <= rows:
            return tuple(balanced(text, face, width, len(shown)))
    shown = wrap(text[: width * rows + 1], face, width) if rows > 1 else [text[: width + 1]]
    return (*shown[: rows - 1], ellipsize(" ".join(shown[rows - 1:]), face, width))


def draw_label(surface: pygame.Surface, text: str, size: int, colour: Colour, room: pygame.Rect, *,
               align: str = "centre", lines: int = 2, serif: bool = False, bold: bool = False) -> list[pygame.Rect]:
    """A label (a button's, a menu row's) inside ``room`` at ``size``, wrapped rather than made smaller
    (``label_lines``), its letters centred on the room's height and each line at the room's ``align`` side
    ("left", "centre" or "right"). Each line's rect."""
    shown = label_lines(text, size, room.size, lines=lines, serif=serif, bold=bold)
    letters = ink(size, serif=serif, bold=bold)
    step = label_step(size, serif=serif, bold=bold)
    y = room.centery - (step * (len(shown) - 1) + letters.capitals) // 2 - letters.top
    anchor, x = {"left": ("topleft", room.x), "right": ("topright", room.right)}.get(align, ("midtop", room.centerx))
    return [draw_text(surface, line, size, colour, (x, y + number * step), anchor=anchor, serif=serif, bold=bold)
            for number, line in enumerate(shown)]


def balanced(text: str, face: pygame.font.Font, width: int, count: int) -> list[str]:
    """``text`` wrapped onto ``count`` lines of about even length (no lone last word): wrapped at the
    narrowest width, found by halving, that still needs no more lines than at ``width`` and cuts no word."""
    narrowest, wide = max(face.size(word)[0] for word in text.split(" ")) - 1, width
    if narrowest >= wide:
        return wrap(text, face, width)
    while wide - narrowest > 1:
        middle = (narrowest + wide) // 2
        narrowest, wide = (narrowest, middle) if len(wrap(text, face, middle)) <= count else (middle, wide)
    return wrap(text, face, wide)


@lru_cache(maxsize=512)
def wrap_cached(text: str, size: int, width: int) -> tuple[str, ...]:
    """``wrap`` for text drawn every frame (the log), remembered by text, font size and width."""
    return tuple(wrap(text, font(size), width))


@lru_cache(maxsize=512)
def _line(face: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
    """A line as ``face`` renders it, kept: a layer drawn again (a plate, a board, a panel) mostly writes the
    same words again. Keyed by the font object, so a font loaded anew renders anew."""
    return face.render(text, True, colour)


def draw_text(surface: pygame.Surface, text: str, size: int, colour: Colour, pos: tuple[int, int], *,
              anchor: str = "topleft", serif: bool = False, bold: bool = False) -> pygame.Rect:
    """Draw one line with its ``anchor`` (a pygame.Rect attribute name) at ``pos``; return its rect.

    A line of more characters than the surface is wide overflows it whatever is cut (every glyph we draw
    is wider than a pixel), so only that many are rendered: a name of 20,000 characters in a caption would
    otherwise make an image 200,000 pixels wide every frame."""
    image = _line(font(size, serif=serif, bold=bold), text[: surface.get_width()], tuple(colour[:3]))
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_fitted(surface: pygame.Surface, text: str, size: int, colour: Colour, room: pygame.Rect, *,
                centre: bool = False, serif: bool = False, bold: bool = False) -> list[pygame.Rect]:
    """``text`` inside ``room``, wrapped onto two lines before it is made smaller (``fit_lines``), the lines
    centred on the room's height and each at its left edge or, with ``centre``, its middle. Each line's rect."""
    lines, fitted = fit_lines(text, size, room.size, serif=serif, bold=bold)
    step = font(fitted, serif=serif, bold=bold).get_linesize()
    top = room.centery - step * len(lines) // 2
    x, anchor = (room.centerx, "midtop") if centre else (room.x, "topleft")
    return [draw_text(surface, line, fitted, colour, (x, top + number * step), anchor=anchor, serif=serif, bold=bold)
            for number, line in enumerate(lines)]


def fit_size(text: str, size: int, width: int, *, serif: bool = False, bold: bool = False, minimum: int = 12) -> int:
    """The largest font size not above ``size`` at which ``text`` fits in ``width`` pixels (``minimum`` at
    least; a text of more characters than ``width`` has pixels fits at no size, and is not measured)."""
    if len(text) > width:
        return min(size, minimum)
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


def forget_text() -> None:
    """Drop every line measured, fitted and rendered (the app closes: its fonts go with pygame)."""
    for kept in (wrap_cached, _line, fit_text, fit_lines, label_lines, ink):
        kept.cache_clear()
