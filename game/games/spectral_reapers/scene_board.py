"""Spectral Reapers table: where everything sits (pure geometry) and the static board picture.

The ring of ``2N`` pits is drawn as two rows of N: pit 0 bottom-left, the bottom row left to right, the top
row right to left, so increasing pit numbers (the sowing direction) run counter-clockwise on screen. Arrows
between the pits and round both ends show that direction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from game.ui.layout import Layout
from game.ui.text import draw_text, panel
from game.ui.theme import Colour, Palette, blend, hollow

MAX_PIT_BEAD = 30
"""Largest bead in a pit, reference units."""
NOTE_H = 20
"""Reference height of the footnote under the board (what a pit's two numbers are, the sowing direction)."""


@dataclass
class Geometry:
    """Pixel rectangles of one table layout (recomputed on resize)."""

    table: pygame.Rect
    plates: list[pygame.Rect]
    board: pygame.Rect
    pits: list[pygame.Rect]
    tray: pygame.Rect
    bead: int
    """Largest bead side in a pit (pixels)."""
    bottom: int
    """Pits in the bottom row (the ring's first pits, run left to right); the rest run back along the top."""
    note: pygame.Rect
    """The footnote's line under the board, clear of the pits and of a hand of lifted beads over them."""
    buttons: dict[str, pygame.Rect] = field(default_factory=dict)

    def pit_at(self, point: tuple[int, int]) -> int:
        """The pit under ``point`` or -1."""
        for index, rect in enumerate(self.pits):
            if rect.collidepoint(point):
                return index
        return -1

    def hover_point(self, pit: int) -> tuple[int, int]:
        """Where a hand of lifted beads hovers at ``pit``: on its edge towards the middle of the board."""
        rect = self.pits[pit]
        top_row = pit >= self.bottom
        return (rect.centerx, rect.bottom if top_row else rect.top)


def geometry(lay: Layout, table: pygame.Rect, players: int, ring: int) -> Geometry:
    """Plates along the top, the board of ``ring`` pits in the middle (two rows joined into a loop; an odd
    ring has one pit more in the bottom row) with its footnote under it, the tray along the bottom."""
    pad = lay.px(10)
    gap = lay.px(8)
    plate_h = lay.px(76)
    usable = table.w - 2 * pad
    plate_w = min(lay.px(230), (usable - gap * (players - 1)) // players)
    row_w = plate_w * players + gap * (players - 1)
    x0 = table.x + (table.w - row_w) // 2
    plates = [pygame.Rect(x0 + i * (plate_w + gap), table.y + pad, plate_w, plate_h) for i in range(players)]
    tray_h = lay.px(178)
    tray = pygame.Rect(table.x + pad, table.bottom - pad - tray_h, usable, tray_h)
    space = pygame.Rect(table.x + pad, plates[0].bottom + lay.px(8), usable,
                        tray.top - plates[0].bottom - lay.px(16) - lay.px(NOTE_H))
    margin_x, margin_y, col_gap, row_gap = lay.px(46), lay.px(12), lay.px(30), lay.px(34)
    bottom = (ring + 1) // 2
    pit_w = min(lay.px(160), (space.w - 2 * margin_x - col_gap * (bottom - 1)) // bottom)
    pit_h = min(lay.px(150), (space.h - 2 * margin_y - row_gap) // 2, round(pit_w * 1.15))
    grid_w = pit_w * bottom + col_gap * (bottom - 1)
    grid_h = pit_h * 2 + row_gap
    board = pygame.Rect(0, 0, grid_w + 2 * margin_x, grid_h + 2 * margin_y)
    board.center = space.center
    gx, gy = board.x + margin_x, board.y + margin_y
    pits: list[pygame.Rect] = []
    for index in range(ring):
        in_row, column = (bottom, index) if index < bottom else (ring - bottom, ring - 1 - index)
        x = gx + (grid_w - (pit_w * in_row + col_gap * (in_row - 1))) // 2 + column * (pit_w + col_gap)
        y = gy + pit_h + row_gap if index < bottom else gy
        pits.append(pygame.Rect(x, y, pit_w, pit_h))
    bead = max(8, min(lay.px(MAX_PIT_BEAD), pit_w // 4, pit_h // 4))
    note = pygame.Rect(space.x, board.bottom + lay.px(2), space.w, lay.px(NOTE_H))
    return Geometry(table, plates, board, pits, tray, bead, bottom, note)


@lru_cache(maxsize=512)
def bead_spots(rect: tuple[int, int, int, int], count: int, max_side: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """``(side, centres)``: ``count`` beads laid out in a grid inside a pit (room left for its labels)."""
    x, y, w, h = rect
    if count <= 0:
        return max_side, ()
    inner_w, inner_h = w * 0.84, h * 0.58
    best, best_cols = 0.0, 1
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        side = min(inner_w / cols, inner_h / rows)
        if side > best:
            best, best_cols = side, cols
    cell = min(float(max_side) * 1.08, best)
    side = max(6, int(cell * 0.92) // 2 * 2)
    cols = best_cols
    rows = math.ceil(count / cols)
    cx, cy = x + w / 2, y + h * 0.47
    spots = []
    for i in range(count):
        r, c = divmod(i, cols)
        in_row = min(cols, count - r * cols)
        px = cx + (c - (in_row - 1) / 2) * cell
        py = cy + (r - (rows - 1) / 2) * cell
        spots.append((round(px), round(py)))
    return side, tuple(spots)


def cluster_spots(centre: tuple[int, int], count: int, side: int) -> list[tuple[int, int]]:
    """A hand of ``count`` beads hovering as a compact block around ``centre``."""
    if count <= 0:
        return []
    cols = min(count, 6)
    rows = math.ceil(count / cols)
    step = side * 0.8
    spots = []
    for i in range(count):
        r, c = divmod(i, cols)
        in_row = min(cols, count - r * cols)
        spots.append((round(centre[0] + (c - (in_row - 1) / 2) * step),
                      round(centre[1] + (r - (rows - 1) / 2) * step)))
    return spots


def _arrow_head(surface: pygame.Surface, colour: Colour, tip: tuple[float, float], angle: float, size: float) -> None:
    """A filled triangle pointing along ``angle`` (radians) with its tip at ``tip``."""
    left = (tip[0] - size * math.cos(angle - 0.5), tip[1] - size * math.sin(angle - 0.5))
    right = (tip[0] - size * math.cos(angle + 0.5), tip[1] - size * math.sin(angle + 0.5))
    pygame.draw.polygon(surface, colour, [tip, left, right])


def _curved_arrow(surface: pygame.Surface, colour: Colour, centre: tuple[float, float], radii: tuple[float, float],
                  start: float, end: float, width: int, head: float) -> None:
    """An elliptic arc from angle ``start`` to ``end`` (radians, screen y down) ending in an arrow head."""
    steps = 24
    points = [(centre[0] + radii[0] * math.cos(start + (end - start) * t / steps),
               centre[1] + radii[1] * math.sin(start + (end - start) * t / steps)) for t in range(steps + 1)]
    pygame.draw.lines(surface, colour, False, points, width)
    a, b = points[-2], points[-1]
    _arrow_head(surface, colour, b, math.atan2(b[1] - a[1], b[0] - a[0]), head)


def board_layer(geo: Geometry, lay: Layout, pal: Palette) -> pygame.Surface:
    """The board without beads: frame, pits, pit numbers and the counter-clockwise arrows (drawn once); the
    footnote under it says what they are."""
    surface = pygame.Surface(geo.board.size, pygame.SRCALPHA)
    ox, oy = geo.board.topleft
    frame = surface.get_rect()
    wood = blend(pal.table_edge, pal.background, 0.25)
    panel(surface, frame, wood, blend(pal.table_edge, pal.text, 0.35), radius=lay.px(26), width=max(2, lay.px(3)))
    arrow = blend(pal.accent, pal.text, 0.25)
    width = max(2, lay.px(3))
    head = lay.px(11)
    local = [r.move(-ox, -oy) for r in geo.pits]
    n, ring = geo.bottom, len(local)
    for index, rect in enumerate(local):
        hole = hollow(pal)
        pygame.draw.ellipse(surface, blend(wood, (0, 0, 0), 0.35), rect.move(0, lay.px(3)))
        pygame.draw.ellipse(surface, hole, rect)
        pygame.draw.ellipse(surface, blend(hole, pal.text, 0.25), rect, max(1, lay.px(2)))
        draw_text(surface, f"{index + 1}", lay.text_px(14), pal.text_dim,
                  (rect.x + lay.px(4), rect.y + lay.px(2)), anchor="topleft", bold=True)
    for index in range(n - 1):  # bottom row: left to right
        a, b = local[index], local[index + 1]
        y = a.centery
        x1, x2 = a.right + lay.px(4), b.left - lay.px(4)
        pygame.draw.line(surface, arrow, (x1, y), (x2 - head // 2, y), width)
        _arrow_head(surface, arrow, (x2, y), 0.0, head)
    for index in range(n, ring - 1):  # top row: right to left
        a, b = local[index], local[index + 1]
        y = a.centery
        x1, x2 = a.left - lay.px(4), b.right + lay.px(4)
        pygame.draw.line(surface, arrow, (x1, y), (x2 + head // 2, y), width)
        _arrow_head(surface, arrow, (x2, y), math.pi, head)
    # the two turns: up at the right end, down at the left end
    right_bottom, right_top = local[n - 1], local[n]
    centre = (right_bottom.right + lay.px(2), (right_bottom.centery + right_top.centery) / 2)
    radii = (lay.px(30), (right_bottom.centery - right_top.centery) / 2)
    _curved_arrow(surface, arrow, centre, radii, math.pi / 2 - 0.15, -math.pi / 2 + 0.2, width, head)
    left_top, left_bottom = local[ring - 1], local[0]
    centre = (left_bottom.left - lay.px(2), (left_bottom.centery + left_top.centery) / 2)
    _curved_arrow(surface, arrow, centre, radii, -math.pi / 2 - 0.15, -3 * math.pi / 2 + 0.2, width, head)
    return surface


# ------------------------------------------------------------------ cached drawing (text, panels) per frame


@lru_cache(maxsize=2048)
def _text_image(text: str, size: int, colour: tuple, bold: bool, serif: bool) -> pygame.Surface:
    from game.ui.theme import font

    return font(size, serif=serif, bold=bold).render(text, True, colour)


def text(surface: pygame.Surface, words: str, size: int, colour: Colour, pos: tuple[int, int], *,
         anchor: str = "topleft", bold: bool = False, serif: bool = False) -> pygame.Rect:
    """``draw_text`` with the rendered line remembered (the table redraws the same labels every frame)."""
    image = _text_image(words, size, tuple(colour), bold, serif)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


@lru_cache(maxsize=1024)
def fit(words: str, size: int, width: int, bold: bool = False, serif: bool = False, minimum: int = 14) -> int:
    """``fit_size`` remembered."""
    from game.ui.text import fit_size

    return fit_size(words, size, width, bold=bold, serif=serif, minimum=minimum)


@lru_cache(maxsize=256)
def _panel_image(size: tuple[int, int], fill: tuple, edge: tuple, radius: int, alpha: int,
                 width: int) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    panel(image, image.get_rect(), fill, edge, radius=radius, alpha=alpha, width=width)
    return image


def cached_panel(surface: pygame.Surface, rect: pygame.Rect, fill: Colour, edge: Colour, *, radius: int = 10,
                 alpha: int = 255, width: int = 2) -> None:
    """``panel`` drawn once per look and size, then blitted."""
    surface.blit(_panel_image(rect.size, tuple(fill), tuple(edge), radius, alpha, width), rect)


def clear_caches() -> None:
    """Forget the remembered surfaces (the app is closing or the palette changed)."""
    for cached in (_text_image, fit, _panel_image, bead_spots):
        cached.cache_clear()
