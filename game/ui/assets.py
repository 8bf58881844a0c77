"""The art API for scenes: card faces and backs, beads, candies, the table background, menu pictures.

Everything is drawn by code the first time it is asked for and cached by (what, size, palette), so
start-up draws nothing it does not show. A PNG or SVG in ``art/`` with the right name replaces the drawn
version (``art/games/<game>.png|svg`` for a menu picture, ``art/table.png|svg`` for the background). A menu
picture rendered from such a file is also kept between runs (``game.ui.kept``: the user's cache folder), keyed
by the file's bytes and the size, so a start-up reads it back instead of rendering the SVG again.
"""

from __future__ import annotations

import io
import zlib
from functools import lru_cache
from pathlib import Path

import pygame

from game.core.paths import ART_DIR
from game.ui import kept
from game.ui.theme import GOTHIC, Colour, Palette, blend, felt

BEAD_SHAPES = ("round", "square", "triangle", "diamond", "hexagon", "star", "heart", "drop")
"""Bead/seat ``i`` has colour ``palette.seats[i]`` AND shape ``BEAD_SHAPES[i]``: never colour alone."""
CANDY_SHAPES = ("round", "wrapped", "bar", "corn", "lollipop", "heart", "star", "drop", "square", "triangle")
PICTURE_KIND = "menu-picture"
"""The kind of a rendered menu picture kept between runs (``game.ui.kept``)."""
PICTURE_FORMAT = 1
"""Part of a kept picture's key: raised whenever ``_fit`` draws a picture differently, so no copy made by an
older way is read back."""
_state = {"palette": GOTHIC}


def use_palette(palette: Palette) -> None:
    """Draw from now on with ``palette`` (the app calls this when the colour-blind setting changes)."""
    _state["palette"] = palette


def palette() -> Palette:
    """The palette art is drawn with."""
    return _state["palette"]


def _file(stem: Path) -> Path | None:
    for suffix in (".png", ".svg"):
        if stem.with_suffix(suffix).is_file():
            return stem.with_suffix(suffix)
    return None


@lru_cache(maxsize=1024)
def _face(deck: str, card_id: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    from game.ui import cards  # the card art's code, imported with the first card drawn (the menu draws none)

    if deck not in cards.FACES:
        raise cards.CardIdError(f"unknown deck {deck!r}; decks: {', '.join(cards.FACES)}")
    return cards.FACES[deck](card_id, size, pal)


def card_face(deck: str, card_id: str, size: tuple[int, int]) -> pygame.Surface:
    """A card's face at ``size`` (see game/ui/README.md for decks and card ids). Do not draw on it: it is shared."""
    return _face(deck, card_id, (int(size[0]), int(size[1])), palette())


@lru_cache(maxsize=64)
def _back(deck: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    from game.ui import cards

    return cards.card_back(deck, size, pal)


def card_back(deck: str, size: tuple[int, int]) -> pygame.Surface:
    """A deck's back: ``reapers``, ``playing``, ``nevermore``, ``light`` or ``shadow``."""
    return _back(deck, (int(size[0]), int(size[1])), palette())


def _token(shape: str, colour: Colour, side: int) -> pygame.Surface:
    """A shaded token: dark outline, body, and a highlight, drawn at 2x then smoothed."""
    from game.ui.glyphs import draw_glyph  # the shapes' code, imported with the first token drawn

    big = side * 2
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = surface.get_rect()
    edge = blend(colour, (0, 0, 0), 0.55)
    draw_glyph(surface, shape, rect, edge, edge)
    inner = rect.inflate(-max(4, big // 8), -max(4, big // 8))
    draw_glyph(surface, shape, inner, colour, blend(colour, (255, 255, 255), 0.5))
    shine = pygame.Rect(0, 0, big // 5, big // 5)
    shine.center = (int(big * 0.4), int(big * 0.42))
    pygame.draw.ellipse(surface, blend(colour, (255, 255, 255), 0.6), shine)
    return pygame.transform.smoothscale(surface, (side, side))


@lru_cache(maxsize=256)
def _bead(index: int, side: int, pal: Palette) -> pygame.Surface:
    return _token(BEAD_SHAPES[index % len(BEAD_SHAPES)], pal.seats[index % len(pal.seats)], side)


def bead(index: int, side: int) -> pygame.Surface:
    """Bead (or seat marker) of seat ``index`` (0-7), ``side`` pixels square, in its own colour and shape."""
    return _bead(index, int(side), palette())


def candy_parts(look: str, pal: Palette | None = None) -> tuple[Colour, str]:
    """Colour (from ``pal``, else the palette in use) and shape of a candy ``look`` such as ``red-wrapped``;
    unknown words get a stable stand-in."""
    from game.ui.glyphs import GLYPHS

    colours = (pal or palette()).candies
    colour_word, _, shape = look.lower().partition("-")
    digest = zlib.crc32(look.encode("utf-8"))
    colour = colours.get(colour_word, list(colours.values())[digest % len(colours)])
    if shape not in GLYPHS:
        shape = CANDY_SHAPES[(digest // 7) % len(CANDY_SHAPES)]
    return colour, shape


@lru_cache(maxsize=256)
def _candy(look: str, side: int, pal: Palette) -> pygame.Surface:
    colour, shape = candy_parts(look, pal)
    return _token(shape, colour, side)


def candy(look: str, side: int) -> pygame.Surface:
    """A candy drawn from its ``look`` (``<colour>-<shape>``, see game/ui/README.md)."""
    return _candy(look, int(side), palette())


@lru_cache(maxsize=8)
def _background(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    path = _file(ART_DIR / "table")
    if path is not None:
        return pygame.transform.smoothscale(pygame.image.load(str(path)).convert(), size)
    small = pygame.Surface((160, 90))
    small.fill(pal.background)
    steps = 24
    for i in range(steps):
        t = i / (steps - 1)
        rect = pygame.Rect(0, 0, int(160 * (1.5 - 0.95 * t)), int(90 * (1.5 - 0.95 * t)))
        rect.center = (80, 45)
        colour = blend(pal.background, felt(pal), t ** 0.7)
        pygame.draw.ellipse(small, colour, rect)
    blurred = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (40, 22)), (160, 90))
    surface = pygame.transform.smoothscale(blurred, size)
    pygame.draw.rect(surface, pal.table_edge, surface.get_rect(), max(3, size[1] // 150))
    web = blend(pal.table, pal.text, 0.18)
    corner = max(40, size[1] // 6)
    for cx, cy, sx, sy in ((0, 0, 1, 1), (size[0], 0, -1, 1)):
        for k in range(5):
            angle_pts = [(cx + sx * corner * (k + 1) / 5, cy), (cx, cy + sy * corner * (k + 1) / 5)]
            pygame.draw.line(surface, web, angle_pts[0], angle_pts[1], 1)
        for frac in (0.0, 0.35, 0.7, 1.0):
            pygame.draw.line(surface, web, (cx, cy), (cx + sx * corner * (1 - frac), cy + sy * corner * frac), 1)
    return surface


def background(size: tuple[int, int]) -> pygame.Surface:
    """The dark table, scaled to ``size`` (``art/table.png`` or ``.svg`` replaces the drawn one)."""
    return _background((int(size[0]), int(size[1])), palette())


def _fit(image: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``image`` scaled to fit ``size`` keeping its shape, centred on a transparent surface."""
    scale = min(size[0] / image.get_width(), size[1] / image.get_height())
    scaled = pygame.transform.smoothscale(image.convert_alpha(), (max(1, round(image.get_width() * scale)),
                                                                  max(1, round(image.get_height() * scale))))
    surface = pygame.Surface(size, pygame.SRCALPHA)
    surface.blit(scaled, scaled.get_rect(center=(size[0] // 2, size[1] // 2)))
    return surface


def _rendered(path: Path, size: tuple[int, int]) -> pygame.Surface:
    """The picture file ``path`` fitted to ``size``: read back as kept when this file was rendered at this size
    (by the same pygame and SDL_image) before, else rendered and kept (as a PNG, which keeps every pixel)."""
    source = path.read_bytes()
    versions = f"{PICTURE_FORMAT} {pygame.version.ver} {pygame.image.get_sdl_image_version()} {size}".encode("utf-8")
    name = kept.key(PICTURE_KIND, source, versions)
    data = kept.load(name)
    if data is not None:
        try:
            image = pygame.image.load(io.BytesIO(data), f"{name}.png")
            if image.get_size() == size:
                return image.convert_alpha()
        except pygame.error:  # damaged: rendered again and kept anew
            pass
    picture = _fit(pygame.image.load(io.BytesIO(source), path.name), size)
    encoded = io.BytesIO()
    try:
        pygame.image.save(picture, encoded, f"{name}.png")
    except pygame.error:  # not kept: rendered again next time
        return picture
    kept.save(name, encoded.getvalue())
    return picture


@lru_cache(maxsize=32)
def _picture(name: str, size: tuple[int, int], pal: Palette) -> pygame.Surface:
    path = _file(ART_DIR / "games" / name)
    if path is not None:
        return _rendered(path, size)
    from game.ui import cards

    digest = zlib.crc32(name.encode("utf-8"))
    decks = cards.BACKS
    surface = pygame.Surface(size, pygame.SRCALPHA)
    card = (int(size[1] * 0.62), int(size[1] * 0.86))
    for i, turn in enumerate((18, 0, -18)):
        back = cards.card_back(decks[(digest + i) % len(decks)], card, pal)
        rotated = pygame.transform.rotozoom(back, turn, 1.0)
        surface.blit(rotated, rotated.get_rect(center=(size[0] // 2 + (i - 1) * card[0] // 2, size[1] // 2)))
    return surface


def game_picture(name: str, size: tuple[int, int]) -> pygame.Surface:
    """A game's menu picture: ``art/games/<name>.png|svg`` if present, else a fan of card backs."""
    return _picture(name, (int(size[0]), int(size[1])), palette())


@lru_cache(maxsize=1)
def icon() -> pygame.Surface:
    """The window icon: a jack-o'-lantern."""
    surface = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(surface, (60, 110, 40), (28, 2, 8, 14), border_radius=3)
    pygame.draw.ellipse(surface, (230, 120, 20), (2, 10, 60, 50))
    pygame.draw.ellipse(surface, (200, 95, 10), (20, 10, 24, 50), 2)
    dark = (30, 16, 10)
    pygame.draw.polygon(surface, dark, [(14, 30), (26, 30), (20, 20)])
    pygame.draw.polygon(surface, dark, [(38, 30), (50, 30), (44, 20)])
    pygame.draw.polygon(surface, dark, [(12, 40), (52, 40), (46, 50), (18, 50)])
    return surface


def clear_cache() -> None:
    """Forget every drawn surface (after the display was re-created)."""
    for cached in (_face, _back, _bead, _candy, _background, _picture):
        cached.cache_clear()
