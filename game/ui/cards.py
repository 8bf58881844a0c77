"""Card faces and backs drawn by code, for every deck the four games use.

Cards are drawn at twice their size and smoothed down, which gives clean edges without image files.
``game.ui.assets`` caches the results; call it rather than this module. Card ids are documented in
``game/ui/README.md``.
"""

from __future__ import annotations

import pygame

from game.ui.glyphs import draw_glyph
from game.ui.text import fit_size, wrap
from game.ui.theme import Colour, Palette, blend, font

SUPERSAMPLE = 2
REAPER_SUITS = ("daggers", "poison", "plague", "pistols")
PLAYING_SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
PLAYING_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
NEVERMORE_SUITS = ("attack", "healing", "radiance", "victory", "raven")
MAGICK_DECKS = ("light", "shadow")
MAGICK_FILL: dict[str, Colour] = {"light": (244, 226, 170), "shadow": (48, 36, 76)}
"""The paper of each Magick deck's faces."""
JOKER_TINT = 0.35
"""How far the colour joker's picture frame is tinted towards the accent colour."""
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
INDEX_WIDTH = 0.15
INDEX_GLYPH = 0.12
"""The corner index (rank over a small suit): its distance from the corner, its width and its suit's side, as
fractions of the card's width. It ends left of the pips and the picture frame (``face_rects``), so they never
touch at any size."""
FRAME_INSET = (0.22, 0.18)
"""A picture card's frame: inset from the sides and from the top and bottom, as fractions of the card."""


class CardIdError(ValueError):
    """A card id that no deck knows."""


def _blank(size: tuple[int, int], fill: Colour, edge: Colour) -> tuple[pygame.Surface, pygame.Rect]:
    w, h = size[0] * SUPERSAMPLE, size[1] * SUPERSAMPLE
    surface = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(2, w // 12)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, max(2, w // 40), border_radius=radius)
    return surface, rect


def _finish(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(surface, size)


def _glyph_at(surface: pygame.Surface, name: str, centre: tuple[float, float], side: int, ink: Colour,
              paper: Colour, flip: bool = False) -> None:
    piece = pygame.Surface((side, side), pygame.SRCALPHA)
    draw_glyph(piece, name, piece.get_rect(), ink, paper)
    if flip:
        piece = pygame.transform.flip(piece, False, True)
    surface.blit(piece, piece.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rank_font(h: int) -> pygame.font.Font:
    return font(max(8, h // 9), serif=True, bold=True)


def index_rects(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the corner indexes of a card of ``size`` go: top-left, and bottom-right (the same turned round)."""
    w, h = size
    margin = max(1, round(w * INDEX_MARGIN))
    box = pygame.Rect(margin, margin, max(1, round(w * INDEX_WIDTH)),
                      _rank_font(h).get_height() + max(1, round(w * INDEX_GLYPH)))
    return box, box.move(w - box.w - 2 * margin, h - box.h - 2 * margin)


def face_rects(size: tuple[int, int], rank: str) -> list[pygame.Rect]:
    """Where the middle of a card of ``size`` and ``rank`` is drawn: its pips (``2``..``10``), the Ace's one
    large pip (``A``), or a picture card's frame (any other rank)."""
    w, h = size
    if rank.isdigit() and int(rank) in PIPS:
        side = round(w * PIP_SIDE)
        return [pygame.Rect(0, 0, side, side).move(round(fx * w) - side // 2, round(fy * h) - side // 2)
                for fx, fy in PIPS[int(rank)]]
    if rank == "A":
        return [pygame.Rect(0, 0, w // 2, w // 2).move(w // 2 - w // 4, h // 2 - w // 4)]
    inset_x, inset_y = round(w * FRAME_INSET[0]), round(h * FRAME_INSET[1])
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


def _label(surface: pygame.Surface, text: str, y: float, colour: Colour, scale: float = 11) -> None:
    w, h = surface.get_size()
    face = font(max(8, int(h / scale)), serif=True, bold=True)
    image = face.render(text, True, colour)
    if image.get_width() > w * 0.86:
        image = pygame.transform.smoothscale(image, (int(w * 0.86), image.get_height()))
    surface.blit(image, image.get_rect(center=(w // 2, round(h * y))))


def _number_card(size: tuple[int, int], rank: int, glyph: str, ink: Colour, pal: Palette) -> pygame.Surface:
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, str(rank), glyph, ink, pal.card_face)
    for pip, (_, fy) in zip(face_rects(rect.size, str(rank)), PIPS[rank]):
        _glyph_at(surface, glyph, pip.center, pip.w, ink, pal.card_face, flip=fy > 0.55)
    return _finish(surface, size)


def _picture_card(size: tuple[int, int], rank: str, glyph: str, picture: str, label: str, ink: Colour,
                  fill: Colour, pal: Palette) -> pygame.Surface:
    """Court cards, aces, Demons and jokers: a framed picture and a name."""
    surface, rect = _blank(size, pal.card_face, pal.card_edge)
    _index(surface, rank, glyph if glyph != picture else None, ink, pal.card_face)
    frame = face_rects(rect.size, rank)[0]
    pygame.draw.rect(surface, fill, frame, border_radius=rect.w // 20)
    pygame.draw.rect(surface, ink, frame, max(2, rect.w // 60), border_radius=rect.w // 20)
    art = frame.inflate(-frame.w * 0.2, -frame.h * 0.36)
    art.h = art.w
    art.centery = round(frame.centery - frame.h * 0.06)
    draw_glyph(surface, picture, art, ink, fill)
    _label(surface, label, (frame.bottom - frame.h * 0.1) / rect.h, ink, scale=14)
    return _finish(surface, size)


def reapers_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``daggers-7``, ``pistols-demon`` or ``reaper``."""
    if card_id == "reaper" or card_id.startswith("reaper-"):
        surface, rect = _blank(size, (26, 22, 30), pal.card_edge)
        art = rect.inflate(-rect.w * 0.3, -rect.h * 0.4)
        art.centery = round(rect.h * 0.44)
        draw_glyph(surface, "reaper", art, (226, 220, 206), (26, 22, 30))
        _label(surface, "REAPER", 0.86, (226, 220, 206))
        return _finish(surface, size)
    suit, _, rank = card_id.partition("-")
    if suit not in REAPER_SUITS:
        raise CardIdError(f"unknown Reapers card {card_id!r}; suits: {', '.join(REAPER_SUITS)}")
    ink = pal.suits[suit]
    if rank == "demon":
        return _picture_card(size, "11", suit, "demon", "Demon", ink, blend(pal.card_face, ink, 0.18), pal)
    if not rank.isdigit() or not 2 <= int(rank) <= 10:
        raise CardIdError(f"unknown Reapers card {card_id!r}; ranks 2-10 or demon")
    return _number_card(size, int(rank), suit, ink, pal)


def playing_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``AS``, ``10H``, ``QD``, ``2C``, ``joker-colour`` or ``joker-black``."""
    text = card_id.upper()
    if text in ("JOKER-COLOUR", "JOKER-BLACK"):
        colour = text == "JOKER-COLOUR"
        ink = pal.card_red if colour else pal.card_ink
        fill = blend(pal.card_face, pal.accent, JOKER_TINT) if colour else blend(pal.card_face, pal.card_ink, 0.12)
        return _picture_card(size, "JK", "joker", "joker", "Joker", ink, fill, pal)
    rank, letter = text[:-1], text[-1:]
    if letter not in PLAYING_SUITS or rank not in PLAYING_RANKS:
        raise CardIdError(f"unknown playing card {card_id!r}; like AS, 10H, QD, 2C, joker-colour, joker-black")
    suit = PLAYING_SUITS[letter]
    ink = pal.card_red if letter in "HD" else pal.card_ink
    if rank.isdigit():
        return _number_card(size, int(rank), suit, ink, pal)
    names = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}
    if rank == "A":
        surface, rect = _blank(size, pal.card_face, pal.card_edge)
        _index(surface, "A", suit, ink, pal.card_face)
        pip = face_rects(rect.size, "A")[0]
        _glyph_at(surface, suit, pip.center, pip.w, ink, pal.card_face)
        return _finish(surface, size)
    return _picture_card(size, rank, suit, suit, names[rank], ink, blend(pal.card_face, ink, 0.12), pal)


def nevermore_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``attack``, ``healing``, ``radiance``, ``victory`` or ``raven``, optionally with ``-N``."""
    suit = card_id.split("-")[0]
    if suit not in NEVERMORE_SUITS:
        raise CardIdError(f"unknown Nevermore card {card_id!r}; suits: {', '.join(NEVERMORE_SUITS)}")
    ink = pal.suits[suit]
    surface, rect = _blank(size, blend(pal.card_face, ink, 0.15), ink)
    band = pygame.Rect(0, 0, rect.w, rect.h // 5)
    pygame.draw.rect(surface, ink, band, border_top_left_radius=rect.w // 12, border_top_right_radius=rect.w // 12)
    _label(surface, suit.upper(), 0.1, pal.card_face, scale=10)
    art = pygame.Rect(0, 0, int(rect.w * 0.66), int(rect.w * 0.66))
    art.center = (rect.centerx, int(rect.h * 0.58))
    draw_glyph(surface, suit, art, ink, blend(pal.card_face, ink, 0.15))
    return _finish(surface, size)


SMALL_MAGICK_H = 120
"""Below this height (pixels) a titled Magick card drops its deck line and writes its title larger."""


def magick_face(card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """``light`` / ``shadow`` (the deck's plain face) or ``light:Title`` / ``shadow:Title``."""
    deck, _, title = card_id.partition(":")
    if deck not in MAGICK_DECKS:
        raise CardIdError(f"unknown Magick card {card_id!r}; like light, shadow, light:Title or shadow:Title")
    dark = deck == "shadow"
    fill = MAGICK_FILL[deck]
    ink = (230, 220, 250) if dark else (90, 60, 20)
    surface, rect = _blank(size, fill, pal.suits[deck])
    art = pygame.Rect(0, 0, rect.w // 3, rect.w // 3)
    art.center = (rect.centerx, int(rect.h * 0.2))
    draw_glyph(surface, deck, art, pal.suits[deck] if not dark else (200, 190, 240), fill)
    small = bool(title) and size[1] < SMALL_MAGICK_H
    if not small:  # a small card's colour and glyph name its deck; its few pixels go to the title
        _label(surface, f"{deck.title()} Magick", 0.38, ink, scale=13)
    if title:
        width = int(rect.w * (0.92 if small else 0.84))
        points = max(8, rect.h // 13)
        if small:  # as large as the longest word allows
            longest = max(title.split(), key=len)
            points = fit_size(longest, rect.h // 7, width, serif=True, bold=True, minimum=points)
        face = font(points, serif=True, bold=small)
        y = int(rect.h * (0.36 if small else 0.48))
        for line in wrap(title, face, width)[:4]:
            image = face.render(line, True, ink)
            surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
            y += face.get_linesize()
    return _finish(surface, size)


BACK_STYLE: dict[str, tuple[Colour, Colour, str]] = {
    "reapers": ((40, 24, 48), (120, 80, 140), "reaper"),
    "playing": ((96, 20, 26), (220, 150, 60), "star"),
    "nevermore": ((22, 22, 28), (120, 110, 140), "raven"),
    "light": ((210, 176, 90), (255, 240, 190), "light"),
    "shadow": ((40, 28, 66), (150, 120, 210), "shadow"),
}


def card_back(deck: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    """A deck's back: a lattice and an emblem."""
    if deck not in BACK_STYLE:
        raise CardIdError(f"unknown card back {deck!r}; backs: {', '.join(BACKS)}")
    fill, line, emblem = BACK_STYLE[deck]
    surface, rect = _blank(size, fill, pal.card_edge)
    inner = rect.inflate(-rect.w // 6, -rect.w // 6)
    step = max(4, rect.w // 7)
    width = max(1, rect.w // 90)
    surface.set_clip(inner)
    for x in range(inner.x - inner.h, inner.right, step):
        pygame.draw.line(surface, blend(fill, line, 0.35), (x, inner.y), (x + inner.h, inner.bottom), width)
        pygame.draw.line(surface, blend(fill, line, 0.35), (x + inner.h, inner.y), (x, inner.bottom), width)
    surface.set_clip(None)
    pygame.draw.rect(surface, line, inner, max(2, rect.w // 50), border_radius=rect.w // 16)
    oval = pygame.Rect(0, 0, int(rect.w * 0.56), int(rect.w * 0.7))
    oval.center = rect.center
    pygame.draw.ellipse(surface, fill, oval)
    pygame.draw.ellipse(surface, line, oval, max(2, rect.w // 50))
    art = oval.inflate(-oval.w * 0.35, -oval.h * 0.45)
    art.h = art.w
    art.center = oval.center
    draw_glyph(surface, emblem, art, line, fill)
    return _finish(surface, size)


FACES = {"reapers": reapers_face, "playing": playing_face, "nevermore": nevermore_face, "magick": magick_face}
