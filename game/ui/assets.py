"""The art API for scenes: card faces and backs, beads, candies, the table background, menu pictures.

Everything is drawn by code the first time it is asked for and cached by (what, size, palette), so
start-up draws nothing it does not show. A PNG or SVG in ``art/`` with the right name replaces the drawn
version (``art/games/<game>.png|svg`` for a menu picture, ``art/table.png|svg`` for the table). A menu
picture rendered from such a file, and the app screens' ground the menu opens on, are also kept between runs
(``game.ui.kept``: the user's cache folder), keyed by what they are drawn from and the size, so a start-up
reads them back instead of drawing them again.
"""

from __future__ import annotations

import io
import math
import random
import zlib
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable

import pygame

from game.core.paths import ART_DIR
from game.ui import kept
from game.ui.theme import GOTHIC, Colour, Palette, blend, felt

BEAD_SHAPES = ("round", "square", "triangle", "diamond", "hexagon", "star", "heart", "drop")
"""Bead/seat ``i`` has colour ``palette.seats[i]`` AND shape ``BEAD_SHAPES[i]``: never colour alone."""
CANDY_SHAPES = ("round", "wrapped", "bar", "corn", "lollipop", "heart", "star", "drop", "square", "triangle")
GRAIN_TILE, GRAIN_SEED = 64, 1031
"""The woven cloth's tile (pixels at 720p) and the seed of its noise: the same cloth on every run."""
FELT_GRAIN, BACKDROP_GRAIN = 7, 5
"""How far (of 255) the cloth's threads lift or darken the table's felt and the app screens' ground."""
FELT_VIGNETTE = 0.45
"""How far the felt's corners darken from ``Palette.table`` toward ``Palette.background``."""
BACKDROP_LIGHT = 0.35
"""How much of the table's green the app screens' ground has in its middle."""
POOL_SIZE, POOL_SHADES = (64, 36), 64
"""The light and the vignette are worked out this small, in so many shades, and scaled up (a smooth blur for
free)."""
WEB_SPOKES, WEB_RINGS, WEB_SAG = (4, 24, 45, 66, 86), (0.3, 0.5, 0.7, 0.9), 0.14
"""A cobweb: its spokes' angles from the top edge (degrees), where its threads cross them (a share of its
reach) and how far a thread sags toward the corner between two spokes."""
RIM_SHARE, RIM_MIN, RIM_GRAIN, RIM_SEED = 0.022, 6, 90, 77
"""The wooden rim: its width (a share of the table's shorter side, at least ``RIM_MIN`` pixels), the grain
lines along it and their seed."""
KEEP_MOST = 1920 * 1080
"""The largest ground, in pixels, that is kept between runs."""
CLOTH_KIND, CLOTH_FORMAT = "backdrop", 2
"""The kind of the app screens' ground kept between runs (``game.ui.kept``), and the part of its key raised
whenever it is drawn differently, so no copy drawn the old way is read back."""
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


@lru_cache(maxsize=4)
def _grain(scale: int, strength: int) -> tuple[pygame.Surface, pygame.Surface]:
    """A seamless tile of woven cloth: a fine twill (threads on a diagonal) with seeded noise, as two tiles,
    one added to the colour under it and one taken away, ``strength`` at most; ``scale`` pixels a thread."""
    rng = random.Random(GRAIN_SEED)
    values = [int(strength * ((0.5 if (x + y) % 4 < 2 else -0.5) + rng.uniform(-1.0, 1.0)) / 1.5)
              for y in range(GRAIN_TILE) for x in range(GRAIN_TILE)]
    size = (GRAIN_TILE, GRAIN_TILE)
    light = pygame.image.frombytes(bytes(max(0, v) for v in values for _ in "rgb"), size, "RGB")
    dark = pygame.image.frombytes(bytes(max(0, -v) for v in values for _ in "rgb"), size, "RGB")
    if scale > 1:
        size = (GRAIN_TILE * scale, GRAIN_TILE * scale)
        light, dark = pygame.transform.smoothscale(light, size), pygame.transform.smoothscale(dark, size)
    return light, dark


def _weave(surface: pygame.Surface, strength: int) -> None:
    """Lay the cloth's grain over all of ``surface``, its threads as fine at 4K as at 720p."""
    light, dark = _grain(max(1, round(surface.get_height() / 720)), strength)
    step = light.get_width()
    for y in range(0, surface.get_height(), step):
        for x in range(0, surface.get_width(), step):
            surface.blit(light, (x, y), special_flags=pygame.BLEND_RGB_ADD)
            surface.blit(dark, (x, y), special_flags=pygame.BLEND_RGB_SUB)


def _pool(size: tuple[int, int], middle: Colour, edge: Colour, reach: float) -> pygame.Surface:
    """A soft pool of light: ``middle`` in the centre fading to ``edge`` in the corners (the vignette), drawn
    small and scaled up, so it costs the same at every size; ``reach`` is how far out the light stays full."""
    width, height = POOL_SIZE
    shades = [blend(middle, edge, t / POOL_SHADES) for t in range(POOL_SHADES + 1)]
    falls = (max(0.0, min(1.0, (math.hypot((x + 0.5) / width * 2 - 1, ((y + 0.5) / height * 2 - 1) * 0.9) - reach)
                          / (1.35 - reach))) for y in range(height) for x in range(width))
    small = pygame.image.frombytes(bytes(c for fall in falls for c in shades[round(fall ** 1.6 * POOL_SHADES)]),
                                   POOL_SIZE, "RGB")
    return pygame.transform.smoothscale(small, size)


def _rim(surface: pygame.Surface, pal: Palette) -> int:
    """The wooden rim around the felt: a rounded moulding (dark, lit, dark) with seeded grain along it and a
    thin brass inlay on its inner edge. Returns its width."""
    width, height = surface.get_size()
    thick = max(RIM_MIN, round(min(width, height) * RIM_SHARE))
    wood = pal.table_edge
    dark, lit = blend(wood, (0, 0, 0), 0.55), blend(wood, (255, 230, 190), 0.28)
    for inset in range(thick):
        t = inset / max(1, thick - 1)
        light = max(0.0, 1 - abs(t - 0.35) / 0.65)
        colour = blend(dark, lit, light ** 1.4)
        pygame.draw.rect(surface, colour, surface.get_rect().inflate(-2 * inset, -2 * inset), 1)
    rng = random.Random(RIM_SEED)
    grain = blend(wood, (0, 0, 0), 0.35)
    for _ in range(RIM_GRAIN):
        side, at = rng.randrange(4), rng.uniform(0.15, 0.85) * thick
        run, start = rng.uniform(0.05, 0.3), rng.uniform(0.0, 1.0)
        if side < 2:  # along the top or the bottom
            y = int(at if side == 0 else height - 1 - at)
            x0 = int(start * width)
            pygame.draw.line(surface, grain, (x0, y), (min(width - thick, x0 + int(run * width)), y))
        else:
            x = int(at if side == 2 else width - 1 - at)
            y0 = int(start * height)
            pygame.draw.line(surface, grain, (x, y0), (x, min(height - thick, y0 + int(run * height))))
    inlay = blend(wood, pal.accent, 0.55)
    pygame.draw.rect(surface, inlay, surface.get_rect().inflate(-2 * thick, -2 * thick), max(1, thick // 10))
    return thick


def _cobwebs(surface: pygame.Surface, colour: Colour) -> None:
    """Cobwebs in the top corners: spokes from the corner joined by sagging threads."""
    width, height = surface.get_size()
    reach = max(40, height // 5)
    line = max(1, height // 720)
    for cx, sx in ((0, 1), (width - 1, -1)):
        spokes = [(cx + sx * reach * math.cos(a), reach * math.sin(a)) for a in map(math.radians, WEB_SPOKES)]
        for end in spokes:
            pygame.draw.line(surface, colour, (cx, 0), end, line)
        for ring in WEB_RINGS:
            points = [(cx + (x - cx) * ring, y * ring) for x, y in spokes]
            for a, b in zip(points, points[1:]):
                sag = _toward(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2), (cx, 0), WEB_SAG)
                curve = [_toward(_toward(a, sag, t), _toward(sag, b, t), t) for t in (i / 6 for i in range(7))]
                pygame.draw.lines(surface, colour, False, curve, line)


def _toward(point: tuple[float, float], target: tuple[float, float], t: float) -> tuple[float, float]:
    """``point`` moved a share ``t`` of the way to ``target``."""
    return point[0] + (target[0] - point[0]) * t, point[1] + (target[1] - point[1]) * t


def _kept_backdrop(size: tuple[int, int], pal: Palette, draw: Callable[[], pygame.Surface]) -> pygame.Surface:
    """``draw()``'s app screens' ground at ``size`` in ``pal``, read back from the user's cache when it was drawn
    there before (the menu's first frame: a PNG reads in a third of the time the cloth takes to draw), else
    drawn and kept. Larger than ``KEEP_MOST`` pixels it is only drawn: reading a PNG that size takes as long as
    drawing it. The table's felt is not kept: a table opens after the menu has shown."""
    if size[0] * size[1] > KEEP_MOST:
        return draw()
    colours = (pal.background, pal.table, pal.text)
    # one copy per palette, not per size: a window dragged through many sizes would leave one file for each;
    # a copy of another size is drawn again and kept in its place
    parts = f"{CLOTH_FORMAT} {colours} {pygame.version.ver}".encode("utf-8")
    return _kept_picture(kept.key(CLOTH_KIND, parts), size, draw, alpha=False)


def _kept_picture(name: str, size: tuple[int, int], make: Callable[[], pygame.Surface], *,
                  alpha: bool) -> pygame.Surface:
    """``make()``'s picture of ``size``, read back when it was kept under ``name`` before, else made and kept
    (as a PNG, which keeps every pixel); a kept copy that is damaged is made again and kept anew."""
    data = kept.load(name)
    if data is not None:
        try:
            image = pygame.image.load(io.BytesIO(data), f"{name}.png")
            if image.get_size() == size:
                return image.convert_alpha() if alpha else image.convert()
        except pygame.error:  # damaged: made again and kept anew
            pass
    picture = make()
    encoded = io.BytesIO()
    try:
        pygame.image.save(picture, encoded, f"{name}.png")
    except pygame.error:  # not kept: made again next time
        return picture
    kept.save(name, encoded.getvalue())
    return picture


@lru_cache(maxsize=8)
def _background(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    path = _file(ART_DIR / "table")
    if path is not None:
        return pygame.transform.smoothscale(pygame.image.load(str(path)).convert(), size)
    surface = _pool(size, felt(pal), blend(pal.table, pal.background, FELT_VIGNETTE), 0.25)
    _weave(surface, FELT_GRAIN)
    _rim(surface, pal)
    # in the screen's format, which blits fastest
    return surface.convert() if pygame.display.get_surface() is not None else surface


def background(size: tuple[int, int]) -> pygame.Surface:
    """The table: woven felt under a pool of light, darker toward a wooden rim (``art/table.png`` or ``.svg``
    replaces the drawn one). Its middle is ``theme.felt``, what the pieces are made to stand out on."""
    return _background((int(size[0]), int(size[1])), palette())


def _ground(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    surface = _pool(size, blend(pal.background, pal.table, BACKDROP_LIGHT), pal.background, 0.1)
    _weave(surface, BACKDROP_GRAIN)
    _cobwebs(surface, blend(pal.background, pal.text, 0.16))
    return surface


@lru_cache(maxsize=4)
def _backdrop(size: tuple[int, int], pal: Palette) -> pygame.Surface:
    return _kept_backdrop(size, pal, partial(_ground, size, pal))


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The app screens' ground: the table's cloth in the dark, a faint light in the middle, cobwebs in the top
    corners; dark enough that text reads on it without dimming."""
    return _backdrop((int(size[0]), int(size[1])), palette())


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
    (by the same pygame and SDL_image) before, else rendered and kept."""
    source = path.read_bytes()
    versions = f"{PICTURE_FORMAT} {pygame.version.ver} {pygame.image.get_sdl_image_version()} {size}".encode("utf-8")
    return _kept_picture(kept.key(PICTURE_KIND, source, versions), size,
                         lambda: _fit(pygame.image.load(io.BytesIO(source), path.name), size), alpha=True)


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
    for cached in (_face, _back, _bead, _candy, _background, _backdrop, _picture):
        cached.cache_clear()
