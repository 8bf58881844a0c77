"""Card faces and backs for every deck the four games use, laid out like printed cards.

Faces are drawn at twice their size and smoothed down, which gives clean edges at any size. Pictures come
from ``card_art`` (SVG drawings), court figures and jesters from ``card_figures``, suit signs from ``glyphs``.
A card narrower than ``COMPACT_W`` shows its rank and suit large instead of pips and pictures too small to
read. ``game.ui.assets`` caches the results; call it rather than this module. Card ids are documented in
``game/ui/README.md``.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

from game.ui.card_art import BACK_EMBLEMS, FIGURE_PICTURES, NEVERMORE_PICTURES, draw_icon, magick_picture
from game.ui.card_figures import GOLD, JESTER, draw_figure
from game.ui.glyphs import draw_glyph
from game.ui.text import fit_lines, fit_size
from game.ui.theme import Colour, Palette, blend, font

SUPERSAMPLE = 2
REAPER_SUITS = ("daggers", "poison", "plague", "pistols")
PLAYING_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
PLAYING_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
NEVERMORE_SUITS = ("attack", "healing", "radiance", "victory", "raven")
MAGICK_DECKS = ("light", "shadow")
MAGICK_FILL: dict[str, Colour] = {"light": (244, 226, 170), "shadow": (48, 36, 76)}
"""The paper of each Magick deck's faces."""
MAGICK_INK: dict[str, Colour] = {"light": (90, 60, 20), "shadow": (230, 220, 250)}
"""The words and pictures on each Magick deck's faces."""
JOKER_TINT = 0.35
"""How far the colour joker's picture frame is tinted towards the accent colour."""
SILVER: Colour = (196, 198, 210)
"""The black joker's trim (the colour joker's is gold)."""
JOKER_SIGNS = {"colour": "star", "black": "shadow"}
"""The sign on each jester's chest (a star, a moon), so the two jokers differ by shape as well as colour."""
BACKS = ("reapers", "playing", "nevermore", "light", "shadow")
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((0.5, 0.22), (0.5, 0.78)),
    3: ((0.5, 0.22), (0.5, 0.5), (0.5, 0.78)),
    4: ((0.345, 0.22), (0.655, 0.22), (0.345, 0.78), (0.655, 0.78)),
    5: ((0.345, 0.22), (0.655, 0.22), (0.5, 0.5), (0.345, 0.78), (0.655, 0.78)),
    6: ((0.345, 0.22), (0.655, 0.22), (0.345, 0.5), (0.655, 0.5), (0.345, 0.78), (0.655, 0.78)),
    7: ((0.345, 0.22), (0.655, 0.22), (0.5, 0.36), (0.345, 0.5), (0.655, 0.5), (0.345, 0.78), (0.655, 0.78)),
    8: ((0.345, 0.22), (0.655, 0.22), (0.5, 0.36), (0.345, 0.5), (0.655, 0.5), (0.5, 0.64), (0.345, 0.78),
        (0.655, 0.78)),
    9: ((0.345, 0.22), (0.655, 0.22), (0.345, 0.41), (0.655, 0.41), (0.5, 0.5), (0.345, 0.59), (0.655, 0.59),
        (0.345, 0.78), (0.655, 0.78)),
    10: ((0.345, 0.22), (0.655, 0.22), (0.5, 0.32), (0.345, 0.41), (0.655, 0.41), (0.345, 0.59), (0.655, 0.59),
         (0.5, 0.68), (0.345, 0.78), (0.655, 0.78)),
}
"""Pip centres of number cards, as fractions of the card."""
PIP_SIDE = 1 / 4.8
"""A number card's pip, as a fraction of the card's width."""
INDEX_MARGIN = 0.04
INDEX_WIDTH = 0.16
INDEX_GLYPH = 0.135
RANK_HEIGHT = 1 / 8
"""The corner index (rank over a small suit): its distance from the corner, its width, its suit's side (fractions
of the card's width) and its rank's font size (a fraction of the card's height). It ends left of the pips and
the picture frame (``face_rects``), so they never touch at any size."""
FRAME_INSET = (0.22, 0.18)
"""A court card's or joker's frame: inset from the sides and from the top and bottom, as fractions of the card."""
DEMON_INSET = (0.22, 0.06)
"""A Demon's picture reaches nearly from top to bottom."""
ACE_SIDE = 0.54
"""The ace's ornate pip with its ring, as a fraction of the card's width."""
COMPACT_W = 52
"""Below this width (pixels) a face shows its rank and suit large (a score pile, a tight fan)."""
COMPACT_SIGN = 0.7
"""A small face's one suit sign, as a fraction of its width."""
LABEL_MIN_H = 60
"""Below this height (pixels) a card writes no word: its picture and corner say it all."""
BORDER = 0.035
"""The printed line inside a card's edge, inset by this fraction of its width."""
NIGHT: Colour = (26, 22, 30)
BONE: Colour = (226, 220, 206)
"""The Reaper's card: a night sky and the figure's pale bone."""


class CardIdError(ValueError):
    """A card id that no deck knows."""


def _blank(size: tuple[int, int], fill: Colour, edge: Colour) -> tuple[pygame.Surface, pygame.Rect]:
    """A card's paper at twice ``size``: ``fill`` with a rounded ``edge`` and a printed line inside it."""
    w, h = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, w // 12)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(2, w // 40), border_radius=radius)
    inset = max(3, round(w * BORDER))
    pygame.draw.rect(surface, blend(fill, edge, 0.45), rect.inflate(-2 * inset, -2 * inset), max(1, w // 110),
                     border_radius=max(1, radius - inset))
    return surface, rect


def _finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, size)


def _line(rect: pygame.Rect, fraction: float) -> int:
    return max(1, round(rect.w * fraction))


def _glyph_at(surface: pygame.Surface, name: str, centre: tuple[float, float], side: int, ink: Colour,
              paper: Colour, flip: bool = False) -> None:
    piece = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_glyph(piece, name, piece.get_rect(), ink, paper)
    if flip:
        piece = pygame.transform.flip(piece, False, True)
    surface.blit(piece, piece.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rank_font(h: int) -> pygame.font.Font:
    return font(max(8, round(h * RANK_HEIGHT)), serif=True, bold=True)


def index_rects(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the corner indexes of a card of ``size`` go: top-left, and bottom-right (the same turned round)."""
    w, h = size
    margin = max(1, round(w * INDEX_MARGIN))
    box = pygame.Rect(margin, margin, max(1, round(w * INDEX_WIDTH)),
                      _rank_font(h).get_height() + max(1, round(w * INDEX_GLYPH)))
    return box, box.move(w - box.w - 2 * margin, h - box.h - 2 * margin)


def face_rects(size: tuple[int, int], rank: str) -> list[pygame.Rect]:
    """Where the middle of a card of ``size`` and ``rank`` is drawn: its pips (``2``..``10``), the Ace's ornate
    pip (``A``), a Demon's picture (``11``) or a court card's or joker's frame (any other rank)."""
    w, h = size
    if rank.isdigit() and int(rank) in PIPS:
        side = round(w * PIP_SIDE)
        return [pygame.Rect(0, 0, side, side).move(round(fx * w) - side // 2, round(fy * h) - side // 2)
                for fx, fy in PIPS[int(rank)]]
    if rank == "A":
        side = round(w * ACE_SIDE)
        return [pygame.Rect(0, 0, side, side).move(w // 2 - side // 2, h // 2 - side // 2)]
    inset = DEMON_INSET if rank == "11" else FRAME_INSET
    inset_x, inset_y = round(w * inset[0]), round(h * inset[1])
    return [pygame.Rect(inset_x, inset_y, w - 2 * inset_x, h - 2 * inset_y)]


def _index(surface: pygame.Surface, rank: str, glyph: str | None, ink: Colour, paper: Colour) -> None:
    """The corner marks: rank and small suit, top-left and (upside down) bottom-right."""
    w, h = surface.get_size()
    top_left, bottom_right = index_rects((w, h))
    corner = pygame.Surface(top_left.size, pygame.SRCALPHA)
    text = _rank_font(h).render(rank, True, ink)
    if text.get_width() > corner.get_width():
        text = pygame.transform.smoothscale(text, (corner.get_width(), text.get_height()))
    corner.blit(text, text.get_rect(midtop=(corner.get_width() // 2, 0)))
    if glyph:
        side = max(1, round(w * INDEX_GLYPH))
        piece = pygame.Surface((side, side), pygame.SRCALPHA)
        draw_glyph(piece, glyph, piece.get_rect(), ink, paper)
        corner.blit(piece, piece.get_rect(midbottom=(corner.get_width() // 2, corner.get_height())))
    surface.blit(corner, top_left)
    surface.blit(pygame.transform.rotate(corner, 180), bottom_right)


def _label(surface: pygame.Surface, text: str, centre: tuple[int, int], width: int, colour: Colour,
           points: int) -> None:
    """One word centred at ``centre``, no wider than ``width`` (made smaller to fit, never squeezed)."""
    points = fit_size(text, points, width, serif=True, bold=True, minimum=8)
    image = font(points, serif=True, bold=True).render(text, True, colour)
    surface.blit(image, image.get_rect(center=centre))


def _compact(size: tuple[int, int], rank: str, glyph: str | None, ink: Colour, fill: Colour,
             edge: Colour) -> pygame.Surface:
    """A small card: its rank large in the top-left corner, over one large suit sign (read even when the card
    lies mostly under the next one)."""
    surface, rect = _blank(size, fill, edge)
    w, h = rect.size
    margin = max(2, round(w * 0.1))
    points = fit_size(rank, max(8, round(h * 0.3)), round(w * 0.8), serif=True, bold=True, minimum=8)
    text = font(points, serif=True, bold=True).render(rank, True, ink)
    surface.blit(text, (margin, margin - round(text.get_height() * 0.1)))
    if glyph:
        side = min(round(w * COMPACT_SIGN), h - margin - round(margin + text.get_height() * 0.9))
        sign = pygame.Rect(0, 0, side, side)
        sign.midbottom = (w // 2, h - margin)
        draw_glyph(surface, glyph, sign, ink, fill)
    return _finish(surface, size)


def _number_card(size: tuple[int, int], rank: int, glyph: str, ink: Colour, pal: Palette) -> pygame.Surface:
    if size[0] < COMPACT_W:
        return _compact(size, str(rank), glyph, ink, pal.card_face, pal.card_edge)
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, str(rank), glyph, ink, pal.card_face)
    for pip, (_, fy) in zip(face_rects(rect.size, str(rank)), PIPS[rank]):
        _glyph_at(surface, glyph, pip.center, pip.w, ink, pal.card_face, flip=fy > 0.55)
    return _finish(surface, size)


def _ace(size: tuple[int, int], suit: str, ink: Colour, pal: Palette) -> pygame.Surface:
    """One large pip in a ring of beads, as the ace of a printed deck."""
    if size[0] < COMPACT_W:
        return _compact(size, "A", suit, ink, pal.card_face, pal.card_edge)
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, "A", suit, ink, pal.card_face)
    ring = face_rects(rect.size, "A")[0]
    radius = ring.w // 2
    pygame.draw.circle(surface, blend(pal.card_face, ink, 0.1), ring.center, radius)
    pygame.draw.circle(surface, ink, ring.center, radius, _line(rect, 1 / 70))
    pygame.draw.circle(surface, blend(pal.card_face, ink, 0.5), ring.center, round(radius * 0.9), _line(rect, 1 / 160))
    for i in range(16):
        angle = i * math.pi / 8
        bead = (ring.centerx + radius * 0.78 * math.cos(angle), ring.centery + radius * 0.78 * math.sin(angle))
        pygame.draw.circle(surface, GOLD if i % 2 else ink, bead, max(1, radius * (0.045 if i % 2 else 0.03)))
    _glyph_at(surface, suit, ring.center, round(ring.w * 0.6), ink, pal.card_face)
    return _finish(surface, size)


def _court(size: tuple[int, int], rank: str, suit: str | None, sign: str, ink: Colour, trim: Colour,
           fill: Colour, pal: Palette) -> pygame.Surface:
    """A King, Queen, Jack (``suit`` given) or joker (``rank`` ``JK``, ``suit`` None): its half-figure with
    ``sign`` on its chest, mirrored, in a frame."""
    if size[0] < COMPACT_W:
        return _compact(size, rank, sign, ink, fill if suit is None else pal.card_face, pal.card_edge)
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, rank, suit, ink, pal.card_face)
    frame = face_rects(rect.size, rank)[0]
    radius = rect.w // 24
    pygame.draw.rect(surface, fill, frame, border_radius=radius)
    line = _line(rect, 1 / 60)
    inner = frame.inflate(-2 * line, -2 * line)
    surface.set_clip(inner)
    draw_figure(surface, inner, rank, sign, ink, trim, pal.card_face)
    surface.set_clip(None)
    pygame.draw.rect(surface, ink, frame, line, border_radius=radius)
    return _finish(surface, size)


def _demon(size: tuple[int, int], suit: str, ink: Colour, pal: Palette) -> pygame.Surface:
    """A Demon: its grinning face on a dark ground of its suit's colour, the suit in the corners."""
    dark = blend(ink, NIGHT, 0.55)
    if size[0] < COMPACT_W:
        return _compact(size, "11", suit, ink, blend(pal.card_face, ink, 0.18), pal.card_edge)
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, "11", suit, ink, pal.card_face)
    frame = face_rects(rect.size, "11")[0]
    radius = rect.w // 20
    pygame.draw.rect(surface, dark, frame, border_radius=radius)
    glow = pygame.Rect(0, 0, frame.w, frame.w)
    glow.center = (frame.centerx, round(frame.y + frame.h * 0.4))
    pygame.draw.ellipse(surface, blend(dark, ink, 0.6), glow)
    face = frame.inflate(-frame.w // 10, 0)
    face.h = face.w
    face.center = glow.center
    draw_icon(surface, FIGURE_PICTURES["demon"], face, blend(pal.card_face, ink, 0.12))
    pygame.draw.rect(surface, ink, frame, _line(rect, 1 / 60), border_radius=radius)
    if size[1] >= LABEL_MIN_H:
        _label(surface, "DEMON", (frame.centerx, round(frame.bottom - frame.h * 0.1)), frame.w - 8,
               blend(pal.card_face, ink, 0.12), round(rect.h / 16))
    return _finish(surface, size)


def _reaper(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """The Reaper: hooded, scythe raised, before a pale moon, filling the card."""
    surface, rect = _blank(size, NIGHT, pal.card_edge)
    w, h = rect.size
    pygame.draw.circle(surface, blend(NIGHT, BONE, 0.22), (round(w * 0.6), round(h * 0.3)), round(w * 0.3))
    art = pygame.Rect(0, 0, round(w * 0.86), round(w * 0.86))
    art.center = (w // 2, round(h * 0.45))
    draw_icon(surface, FIGURE_PICTURES["reaper"], art, BONE)
    pygame.draw.line(surface, blend(NIGHT, BONE, 0.3), (round(w * 0.12), round(h * 0.78)),
                     (round(w * 0.88), round(h * 0.78)), _line(rect, 1 / 90))
    if size[1] >= LABEL_MIN_H:
        _label(surface, "REAPER", (w // 2, round(h * 0.87)), round(w * 0.8), BONE, round(h / 11))
    return _finish(surface, size)


def reapers_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``daggers-7``, ``pistols-demon`` or ``reaper``."""
    if card_id == "reaper" or card_id.startswith("reaper-"):
        return _reaper(size, pal)
    suit, _, rank = card_id.partition("-")
    if suit not in REAPER_SUITS:
        raise CardIdError(f"unknown Reapers card {card_id!r}; suits: {', '.join(REAPER_SUITS)}")
    ink = pal.suits[suit]
    if rank == "demon":
        return _demon(size, suit, ink, pal)
    if not rank.isdigit() or not 2 <= int(rank) <= 10:
        raise CardIdError(f"unknown Reapers card {card_id!r}; ranks 2-10 or demon")
    return _number_card(size, int(rank), suit, ink, pal)


def playing_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``AS``, ``10H``, ``QD``, ``2C``, ``joker-colour`` or ``joker-black``."""
    text = card_id.upper()
    if text in ("JOKER-COLOUR", "JOKER-BLACK"):
        if text == "JOKER-COLOUR":
            return _court(size, JESTER, None, JOKER_SIGNS["colour"], pal.card_red, GOLD,
                          blend(pal.card_face, pal.accent, JOKER_TINT), pal)
        return _court(size, JESTER, None, JOKER_SIGNS["black"], pal.card_ink, SILVER,
                      blend(pal.card_face, pal.card_ink, 0.12), pal)
    rank, letter = text[:-1], text[-1:]
    if letter not in PLAYING_SUITS or rank not in PLAYING_RANKS:
        raise CardIdError(f"unknown playing card {card_id!r}; like AS, 10H, QD, 2C, joker-colour, joker-black")
    suit = PLAYING_SUITS[letter]
    ink = pal.card_red if letter in "HD" else pal.card_ink
    if rank.isdigit():
        return _number_card(size, int(rank), suit, ink, pal)
    if rank == "A":
        return _ace(size, suit, ink, pal)
    return _court(size, rank, suit, suit, ink, GOLD, blend(pal.card_face, ink, 0.1), pal)


def nevermore_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``attack``, ``healing``, ``radiance``, ``victory`` or ``raven``, optionally with ``-N``: a title band, a
    framed picture and the suit's sign at the foot."""
    suit = card_id.split("-")[0]
    if suit not in NEVERMORE_SUITS:
        raise CardIdError(f"unknown Nevermore card {card_id!r}; suits: {', '.join(NEVERMORE_SUITS)}")
    ink = pal.suits[suit]
    paper = blend(pal.card_face, ink, 0.08)
    surface, rect = _blank(size, paper, ink)
    w, h = rect.size
    margin = max(3, round(w * 0.07))
    frame = rect.inflate(-2 * margin, -2 * margin)
    radius = max(1, w // 18)
    band = pygame.Rect(frame.x, frame.y, frame.w, round(h * 0.16))
    pygame.draw.rect(surface, ink, band, border_top_left_radius=radius, border_top_right_radius=radius)
    words = size[1] >= LABEL_MIN_H
    if words:
        _label(surface, suit.upper(), band.center, band.w - 2 * margin, pal.card_face, round(band.h * 0.62))
    else:
        mark = band.inflate(-band.h // 3, -band.h // 3)
        mark.w = mark.h
        mark.center = band.center
        draw_glyph(surface, suit, mark, pal.card_face, ink)
    foot = round(h * 0.13) if words else 0
    panel = pygame.Rect(frame.x, band.bottom, frame.w, frame.bottom - band.bottom - foot)
    pygame.draw.rect(surface, blend(pal.card_face, ink, 0.2), panel)
    art = panel.inflate(-panel.w // 8, -panel.w // 8)
    if words:
        draw_icon(surface, NEVERMORE_PICTURES[suit], art, ink)
        sign = pygame.Rect(0, 0, foot * 2 // 3, foot * 2 // 3)
        sign.center = (frame.centerx, panel.bottom + foot // 2)
        draw_glyph(surface, suit, sign, ink, paper)
        for side in (-1, 1):
            start = frame.centerx + side * (sign.w * 0.8)
            pygame.draw.line(surface, ink, (start, sign.centery), (frame.centerx + side * frame.w * 0.36, sign.centery),
                             _line(rect, 1 / 90))
    else:
        art.h = art.w = min(art.w, art.h)
        art.center = panel.center
        draw_glyph(surface, suit, art, ink, blend(pal.card_face, ink, 0.2))
    pygame.draw.rect(surface, ink, frame, _line(rect, 1 / 45), border_radius=radius)
    return _finish(surface, size)


SMALL_MAGICK_H = 120
"""Below this height (pixels) a titled Magick card drops its deck line and gives its title more room."""


def _magick_frame(surface: pygame.Surface, rect: pygame.Rect, edge: Colour, fill: Colour) -> pygame.Rect:
    """A deck's double frame with a gem at each corner; returns the room inside it."""
    margin = max(3, round(rect.w * 0.06))
    outer = rect.inflate(-2 * margin, -2 * margin)
    pygame.draw.rect(surface, edge, outer, _line(rect, 1 / 45), border_radius=max(1, rect.w // 20))
    inner = outer.inflate(-2 * _line(rect, 1 / 30), -2 * _line(rect, 1 / 30))
    pygame.draw.rect(surface, blend(fill, edge, 0.6), inner, _line(rect, 1 / 120))
    gem = max(2, round(rect.w * 0.035))
    for x, y in (outer.topleft, outer.topright, outer.bottomleft, outer.bottomright):
        pygame.draw.polygon(surface, edge, [(x, y - gem), (x + gem, y), (x, y + gem), (x - gem, y)])
    return inner


def magick_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``light`` / ``shadow`` (the deck's plain face) or ``light:Title`` / ``shadow:Title``: the title in a
    band, the card's picture, and the deck's name at the foot."""
    deck, _, title = card_id.partition(":")
    if deck not in MAGICK_DECKS:
        raise CardIdError(f"unknown Magick card {card_id!r}; like light, shadow, light:Title or shadow:Title")
    fill, ink, edge = MAGICK_FILL[deck], MAGICK_INK[deck], pal.suits[deck]
    surface, rect = _blank(size, fill, edge)
    inner = _magick_frame(surface, rect, edge, fill)
    small = size[1] < SMALL_MAGICK_H
    pad = max(2, round(rect.w * 0.03))
    foot = 0 if small else round(rect.h * 0.12)
    top = inner.y
    if title:
        band = pygame.Rect(inner.x, inner.y, inner.w, round(rect.h * (0.46 if small else 0.22)))
        pygame.draw.rect(surface, blend(fill, edge, 0.22), band)
        pygame.draw.line(surface, edge, band.bottomleft, band.bottomright, _line(rect, 1 / 90))
        room = (band.w - 2 * pad, band.h - pad)
        lines, points = fit_lines(title, max(8, round(rect.h / (7 if small else 11))), room, lines=3,
                                  serif=True, bold=True, minimum=8)
        face = font(points, serif=True, bold=True)
        y = band.centery - len(lines) * face.get_linesize() // 2
        for line in lines:
            image = face.render(line, True, ink)
            surface.blit(image, image.get_rect(midtop=(band.centerx, y)))
            y += face.get_linesize()
        top = band.bottom
    picture = pygame.Rect(inner.x, top, inner.w, inner.bottom - top - foot).inflate(-4 * pad, -4 * pad)
    draw_icon(surface, magick_picture(deck, title), picture, ink if title else edge)
    if foot:
        strip = pygame.Rect(inner.x, inner.bottom - foot, inner.w, foot)
        pygame.draw.rect(surface, blend(fill, edge, 0.22), strip)
        _label(surface, f"{deck.title()} Magick", strip.center, strip.w - 2 * pad, ink, round(foot * 0.5))
    return _finish(surface, size)


def _lattice(surface: pygame.Surface, room: pygame.Rect, colour: Colour, step: int, width: int) -> None:
    for x in range(room.x - room.h, room.right, step):
        pygame.draw.line(surface, colour, (x, room.y), (x + room.h, room.bottom), width)
        pygame.draw.line(surface, colour, (x + room.h, room.y), (x, room.bottom), width)


def _diamonds(surface: pygame.Surface, room: pygame.Rect, colour: Colour, step: int, width: int) -> None:
    half = step // 3
    for row, y in enumerate(range(room.y, room.bottom + step, step // 2)):
        for x in range(room.x - (step // 2 if row % 2 else 0), room.right + step, step):
            pygame.draw.polygon(surface, colour, [(x, y - half), (x + half, y), (x, y + half), (x - half, y)])


def _feathers(surface: pygame.Surface, room: pygame.Rect, colour: Colour, step: int, width: int) -> None:
    for y in range(room.y, room.bottom + step, step // 2):
        for x in range(room.x, room.right + step, step):
            pygame.draw.lines(surface, colour, False, [(x - step // 2, y), (x, y + step // 3), (x + step // 2, y)],
                              width)


def _rays(surface: pygame.Surface, room: pygame.Rect, colour: Colour, step: int, width: int) -> None:
    reach = math.hypot(room.w, room.h)
    cx, cy = room.center
    for i in range(0, 32, 2):
        a, b = i * math.pi / 16, (i + 1) * math.pi / 16
        pygame.draw.polygon(surface, colour, [(cx, cy), (cx + reach * math.cos(a), cy + reach * math.sin(a)),
                                              (cx + reach * math.cos(b), cy + reach * math.sin(b))])


def _stars(surface: pygame.Surface, room: pygame.Rect, colour: Colour, step: int, width: int) -> None:
    for i in range(64):  # a fixed scatter: the same sky on every card
        x = room.x + (i * 0.618034 % 1.0) * room.w
        y = room.y + (i * 0.381966 * 2.7 % 1.0) * room.h
        arm = max(1, step // (5 if i % 3 else 3))
        pygame.draw.polygon(surface, colour, [(x, y - arm), (x + arm / 3, y), (x, y + arm), (x - arm / 3, y)])
        pygame.draw.polygon(surface, colour, [(x - arm, y), (x, y + arm / 3), (x + arm, y), (x, y - arm / 3)])


Pattern = Callable[[pygame.Surface, pygame.Rect, Colour, int, int], None]
BACK_STYLE: dict[str, tuple[Colour, Colour, Pattern]] = {
    "reapers": ((40, 24, 48), (150, 110, 170), _lattice),
    "playing": ((96, 20, 26), (226, 150, 60), _diamonds),
    "nevermore": ((22, 22, 28), (136, 126, 160), _feathers),
    "light": ((196, 160, 74), (255, 240, 190), _rays),
    "shadow": ((40, 28, 66), (170, 140, 226), _stars),
}
"""Each deck's back: its ground, its line and emblem colour, and its pattern."""


def card_back(deck: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """A deck's back: a pattern inside a double frame, and the game's emblem in a medallion."""
    if deck not in BACK_STYLE:
        raise CardIdError(f"unknown card back {deck!r}; backs: {', '.join(BACKS)}")
    fill, line, pattern = BACK_STYLE[deck]
    surface, rect = _blank(size, fill, pal.card_edge)
    inner = rect.inflate(-rect.w // 6, -rect.w // 6)
    surface.set_clip(inner)
    pattern(surface, inner, blend(fill, line, 0.3), max(4, rect.w // 7), _line(rect, 1 / 90))
    surface.set_clip(None)
    pygame.draw.rect(surface, line, inner, _line(rect, 1 / 50), border_radius=rect.w // 16)
    pygame.draw.rect(surface, blend(fill, line, 0.55), inner.inflate(rect.w // 14, rect.w // 14), _line(rect, 1 / 120),
                     border_radius=rect.w // 12)
    medallion = pygame.Rect(0, 0, round(rect.w * 0.62), round(rect.w * 0.62))
    medallion.center = rect.center
    pygame.draw.ellipse(surface, fill, medallion)
    pygame.draw.ellipse(surface, line, medallion, _line(rect, 1 / 50))
    pygame.draw.ellipse(surface, blend(fill, line, 0.5), medallion.inflate(-rect.w // 18, -rect.w // 18),
                        _line(rect, 1 / 140))
    draw_icon(surface, BACK_EMBLEMS[deck], medallion.inflate(-medallion.w * 0.3, -medallion.h * 0.3), line)
    return _finish(surface, size)


FACES = {"reapers": reapers_face, "playing": playing_face, "nevermore": nevermore_face, "magick": magick_face}
