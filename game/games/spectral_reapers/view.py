"""Spectral Reapers table: where everything sits (pure geometry) and how it is drawn, each thing explained
(``table.explain``) as it is drawn. The table imports this module, never the reverse: what drawing reads of
the table is the ``Table`` protocol.

The ring of ``2N`` pits is drawn as two rows of N: pit 0 bottom-left, the bottom row left to right, the top
row right to left, so increasing pit numbers (the sowing direction) run counter-clockwise on screen. Arrows
between the pits and round both ends show that direction.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Protocol, Sequence

import pygame

from game.core.contracts import Action
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, SOW, CaptureAction, PlaceAction, SowAction, SpectralReapersState, pit_order,
)
from game.games.spectral_reapers.words import (
    BANNER_TIP, BOARD_NOTE, BOARD_TIP, IN_HAND_LABEL, IN_HAND_TIP, LIFTED_LABEL, LIFTED_ROW_TIP, NOTE_TIP,
    ORDER_LABEL, ORDER_ROW_TIP, PLATE_LINE_JOIN, TRAY_LINES_TIP, BeadWords, choice_end, choice_head, choices_tip_head,
    arrow_tip, button_tip, capbead_tip, chip_tip, empty_place_tip, flying_tip, hand_tip, landing_tip, marker_tip,
    order_tip, outcome_tip, phase_tip, plate_line, pool_tip, store_tip,
)
from game.ui import assets
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.plates import draw_plate, medallion
from game.ui.sprites import BeadSprite, draw_sprites
from game.ui.static_layer import StaticLayer
from game.ui.text import draw_text, fit_lines, fit_size, fit_text, panel, wrap_cached
from game.ui.theme import Colour, Palette, blend, font, hollow
from game.ui.tooltip import TipBoard
from game.ui.tween import Tweener

Lines = list[tuple[str, tuple[int, int, int]]]
"""Lines of the tray, each with its colour."""


class Choice(Protocol):
    """What drawing reads of the human's decision (the table's ``Decision``)."""

    plan: dict[int, int]
    origin: int
    colours: list[int]
    order: list[int]
    cont: bool

    @property
    def lifted(self) -> bool: ...

    def placement(self) -> PlaceAction: ...

    def letters(self) -> str: ...

    def pool(self) -> list[int]: ...

    def landing(self, ring: int) -> list[int]: ...

    def plan_sowing(self, state: SpectralReapersState) -> tuple[list[SowAction], SpectralReapersState] | None: ...


class Table(Protocol):
    """What drawing reads of the table (``SpectralReapersTable``): the game, the display copy of the board that
    animations move, the human's decision, and the words the table chooses."""

    layer: StaticLayer
    surfaces: dict[tuple, pygame.Surface]
    shown: list[list[int]]
    stores: list[list[int]]
    hand: list[BeadSprite]
    flying: list[BeadSprite]
    banner_text: str
    banner_alpha: float
    pulse_pit: int
    focus: tuple[str, int | str] | None

    @property
    def app(self) -> App: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def state(self) -> SpectralReapersState: ...
    @property
    def tweens(self) -> Tweener: ...
    @property
    def tips(self) -> TipBoard: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def viewer(self) -> int | None: ...
    @property
    def seat_to_play(self) -> int | None: ...
    @property
    def decision(self) -> Choice: ...
    @property
    def geo(self) -> Geometry: ...

    def explain(self, rect: pygame.Rect, text: str) -> None: ...
    def targets(self) -> list[Target]: ...
    def hinted(self) -> Action | None: ...
    def draw_hint_ring(self, surface: pygame.Surface, rect: pygame.Rect, oval: bool = False) -> None: ...
    def bead_name(self, colour: int) -> str: ...
    def bead_words(self) -> BeadWords: ...
    def who(self, seat: int) -> str: ...
    def pit_tip(self, pit: int) -> str: ...
    def badge_tip(self, seat: int) -> str: ...
    def tray_text(self) -> tuple[str, Lines]: ...


NOTE_LINE = 22
"""Reference height of a line of the tray's notes along its bottom."""
MAX_PIT_BEAD = 30
"""Largest bead in a pit, reference units."""
NOTE_H = 20
"""Reference height of the footnote under the board (what a pit's two numbers are, the sowing direction)."""
TITLE_TEXT = 19
TRAY_NOTE_TEXT = 16
ROW_LABEL_TEXT = 15
BUTTON_TEXT = 19
ARROW_TEXT = 13
CHOICE_HEAD_TEXT = 15
CHOICE_END_TEXT = 13
PLATE_NAME_TEXT = 17
PLATE_LINE_TEXT = 14
BOARD_NOTE_TEXT = 14
STORE_TEXT = 13
ROW_LABELS = (LIFTED_LABEL, ORDER_LABEL, IN_HAND_LABEL)
CHIP_TEXT = 18


@dataclass(frozen=True)
class Bands:
    """Where text goes in the plates and the tray at the player's text size: at 100% the tray's old fixed
    measures; bigger, each grown from its text's measured size (titles and notes wrap instead of shrinking)."""

    wrap: bool
    """A bigger text size: titles and notes wrap onto more lines rather than shrink."""
    title: int
    """The tray title's band (room for its lines)."""
    label: int
    """The tray rows' label column."""
    button: tuple[int, int]
    right: int
    """The buttons' block, from the tray's right edge."""
    note: int
    """A tray note line's step."""
    plate: tuple[int, int, int]
    """A plate's name and line centres from its top, and its height."""


def bands(lay: Layout) -> Bands:
    """The text's room at this text size (see ``Bands``)."""
    u = lay.px
    if lay.text_scale <= 1:  # the measures the tray and plates always had (and no font needed to know them)
        return Bands(False, u(40), u(70), (u(118), u(40)), u(270), u(NOTE_LINE), (u(17), u(37), u(76)))
    name_h = font(lay.text_px(PLATE_NAME_TEXT), bold=True).get_height()
    line_h = font(lay.text_px(PLATE_LINE_TEXT)).get_height()
    name_y = max(u(17), name_h // 2 + u(3))
    line_y = name_y + max(u(20), (name_h + line_h) // 2)
    plate = (name_y, line_y, max(u(76), line_y + line_h // 2 + u(2) + u(25)))
    title_h = font(lay.text_px(TITLE_TEXT), bold=True).get_height()
    label = max(u(70), max(font(lay.text_px(ROW_LABEL_TEXT)).size(word)[0] for word in ROW_LABELS) + u(12))
    face = font(lay.text_px(BUTTON_TEXT), serif=True, bold=True)
    width = max(u(118), max(face.size(word)[0] for word in BUTTONS.values()) + u(16))
    note = max(u(NOTE_LINE), font(lay.text_px(TRAY_NOTE_TEXT)).get_height() + u(2))
    return Bands(True, max(u(40), 2 * title_h + u(12)), label, (width, max(u(40), face.get_height() + u(8))),
                 2 * width + u(8) + u(26), note, plate)


def plate_line_w(lay: Layout) -> int:
    """How wide a plate's ``store · board`` line is at its widest."""
    return font(lay.text_px(PLATE_LINE_TEXT)).size(PLATE_LINE_JOIN.join(plate_line(88, 88)))[0]


def tray_height(lay: Layout) -> int:
    """The tray's height: its title, two bead rows with the landing pits under the order (or two rows of
    buttons), and two note lines."""
    u, b = lay.px, bands(lay)
    if not b.wrap:
        return u(178)
    rows = u(50) + u(40) + font(lay.text_px(ARROW_TEXT)).get_height() + u(4)
    return max(u(178), b.title + max(rows, 2 * b.button[1] + u(8)) + 2 * b.note + u(12))


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
    plate_lines: int = 1
    """Rows of a plate's ``store · board`` line: two when a big text size leaves a narrow plate no room."""

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
    usable = table.w - 2 * pad
    plate_w = min(lay.px(230), (usable - gap * (players - 1)) // players)
    wrap = bands(lay).wrap
    plate_lines = 2 if wrap and plate_line_w(lay) > plate_w - min(lay.px(46), plate_w // 5) - lay.px(22) else 1
    plate_h = bands(lay).plate[2] + (font(lay.text_px(PLATE_LINE_TEXT)).get_height() if plate_lines > 1 else 0)
    row_w = plate_w * players + gap * (players - 1)
    x0 = table.x + (table.w - row_w) // 2
    plates = [pygame.Rect(x0 + i * (plate_w + gap), table.y + pad, plate_w, plate_h) for i in range(players)]
    tray_h = tray_height(lay)
    tray = pygame.Rect(table.x + pad, table.bottom - pad - tray_h, usable, tray_h)
    note_h = max(lay.px(NOTE_H), font(lay.text_px(BOARD_NOTE_TEXT)).get_height()) if wrap else lay.px(NOTE_H)
    space = pygame.Rect(table.x + pad, plates[0].bottom + lay.px(8), usable,
                        tray.top - plates[0].bottom - lay.px(16) - note_h)
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
    note = pygame.Rect(space.x, board.bottom + lay.px(2), space.w, note_h)
    return Geometry(table, plates, board, pits, tray, bead, bottom, note, plate_lines)


def beads(counts: Sequence[int]) -> list[int]:
    """Colour counts (a pit's, a hand's) as the colour of each bead, in colour order: how the table holds them."""
    return [c for c, n in enumerate(counts) for _ in range(n)]


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
    return side, tuple(_grid((x + w / 2, y + h * 0.47), count, best_cols, cell))


def cluster_spots(centre: tuple[int, int], count: int, side: int) -> list[tuple[int, int]]:
    """A hand of ``count`` beads hovering as a compact block around ``centre``."""
    return _grid(centre, count, min(count, 6), side * 0.8) if count > 0 else []


def _grid(centre: tuple[float, float], count: int, cols: int, step: float) -> list[tuple[int, int]]:
    """``count`` spots ``step`` apart in rows of ``cols`` around ``centre``, a short last row centred."""
    rows = math.ceil(count / cols)
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


WOOD_SEED = 30
"""Seed of the board's grain: the same board every time."""
WOOD: Colour = (112, 70, 40)
"""The board's wood before the light: warmer than the table's rim, so the board stands on the table."""
GRAIN_STEP = 7
"""Reference pixels between two grain lines of the wood."""
PIT_STEPS = 10
"""Rings of shade from a pit's rim to its floor (its depth)."""


def _wood(size: tuple[int, int], radius: int, pal: Palette, unit: float) -> pygame.Surface:
    """The board's body: wood whose grain runs along it, lit from above (light at the top, dark at the
    bottom), with a bevelled edge and a groove carved round the pits."""
    width, height = size
    base = blend(WOOD, pal.table_edge, 0.35)
    body = pygame.Surface(size)
    top, bottom = blend(base, (255, 230, 190), 0.16), blend(base, (0, 0, 0), 0.32)
    for y in range(height):
        pygame.draw.line(body, blend(top, bottom, y / max(1, height - 1)), (0, y), (width, y))
    rng = random.Random(WOOD_SEED)
    step = max(3, round(GRAIN_STEP * unit))
    for y0 in range(0, height + step, step):
        shade = rng.uniform(-0.22, 0.16)
        amp, waves, phase = rng.uniform(1.0, 3.5) * unit, rng.uniform(0.6, 2.2), rng.uniform(0, 2 * math.pi)
        points = [(x, y0 + rng.uniform(-0.4, 0.4) + amp * math.sin(waves * 2 * math.pi * x / width + phase))
                  for x in range(0, width + 12, 12)]
        here = blend(top, bottom, min(1.0, max(0.0, y0 / max(1, height))))
        colour = blend(here, (0, 0, 0), -shade) if shade < 0 else blend(here, (255, 230, 190), shade)
        pygame.draw.lines(body, colour, False, points, max(1, round(unit)))
    bevel = max(2, round(4 * unit))
    frame = body.get_rect()
    pygame.draw.rect(body, blend(base, (0, 0, 0), 0.55), frame, bevel, border_radius=radius)
    pygame.draw.rect(body, blend(base, (255, 230, 190), 0.4), frame.inflate(-2 * bevel, -2 * bevel), max(1, bevel // 2),
                     border_radius=max(1, radius - bevel))
    groove = frame.inflate(-round(22 * unit), -round(14 * unit))
    pygame.draw.rect(body, blend(base, (0, 0, 0), 0.45), groove, max(1, round(2 * unit)),
                     border_radius=max(1, radius - round(8 * unit)))
    pygame.draw.rect(body, blend(base, (255, 230, 190), 0.22), groove.move(0, max(1, round(2 * unit))), 1,
                     border_radius=max(1, radius - round(8 * unit)))
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.blit(body, (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), frame, border_radius=radius)
    image.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return image


def _carve_pit(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, unit: float) -> None:
    """A pit carved into the wood: a lit lip, a shadow under the far rim, the floor lighter towards the near
    side, where the light from above falls into the bowl."""
    base = blend(WOOD, pal.table_edge, 0.35)
    lip = max(2, round(4 * unit))
    pygame.draw.ellipse(surface, blend(base, (255, 230, 190), 0.35), rect.inflate(lip * 2, lip * 2).move(0, lip // 2))
    pygame.draw.ellipse(surface, blend(base, (0, 0, 0), 0.5), rect.inflate(lip * 2, lip * 2).move(0, -lip // 2))
    floor = hollow(pal)
    wall = blend(floor, (0, 0, 0), 0.6)
    for step in range(PIT_STEPS):
        t = step / (PIT_STEPS - 1)
        shrink_x, shrink_y = rect.w * 0.34 * t, rect.h * 0.34 * t
        ring = pygame.Rect(0, 0, max(2, round(rect.w - 2 * shrink_x)), max(2, round(rect.h - 2 * shrink_y)))
        ring.center = (rect.centerx, round(rect.centery + rect.h * 0.12 * t))
        pygame.draw.ellipse(surface, blend(wall, floor, t ** 0.6), ring)
    pygame.draw.arc(surface, blend(floor, (255, 230, 190), 0.18), rect.inflate(-lip, -lip), math.pi * 1.15,
                    math.pi * 1.85, max(1, lip // 2))


def board_layer(geo: Geometry, lay: Layout, pal: Palette) -> pygame.Surface:
    """The board without beads: carved wood, its pits, pit numbers and the counter-clockwise arrows burnt into
    it (drawn once); the footnote under it says what they are."""
    unit = lay.px(100) / 100
    surface = _wood(geo.board.size, lay.px(26), pal, unit)
    ox, oy = geo.board.topleft
    arrow = blend(pal.accent, pal.text, 0.25)
    width = max(2, lay.px(3))
    head = lay.px(11)
    local = [r.move(-ox, -oy) for r in geo.pits]
    n, ring = geo.bottom, len(local)
    label = blend(pal.text, WOOD, 0.15)
    for index, rect in enumerate(local):
        _carve_pit(surface, rect, pal, unit)
        draw_text(surface, f"{index + 1}", lay.text_px(14), label,
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
    for cached in (_text_image, fit, _panel_image, bead_spots, bead_shadow):
        cached.cache_clear()


@dataclass(frozen=True)
class Target:
    """Something the human can click or reach with the arrow keys."""

    kind: str
    """``pit``, ``pool`` (a lifted bead not yet ordered), ``order`` (a place in the order), ``button``,
    ``chip`` (a colour to capture, in the tray) or ``capbead`` (a bead in the capture pit)."""
    index: int | str
    rect: pygame.Rect
    enabled: bool = True


BUTTONS = {"place": "Place beads", "clear": "Clear", "sow": "Sow", "suggest": "Suggest", "cancel": "Other pit"}


def _buttons(tray: pygame.Rect, lay: Layout, names: list[str]) -> dict[str, pygame.Rect]:
    b = bands(lay)
    (w, h), gap = b.button, lay.px(8)
    right = tray.right - lay.px(12)
    top = tray.y + b.title
    rects = {}
    for i, name in enumerate(names):
        row, col = divmod(i, 2)
        rects[name] = pygame.Rect(right - (2 - col) * w - (1 - col) * gap, top + row * (h + gap), w, h)
    return rects


def bead_row(area: pygame.Rect, count: int, lay: Layout) -> tuple[int, int]:
    """(bead side, step) for ``count`` beads in one row of ``area``."""
    step = min(lay.px(42), area.w // max(1, count))
    return max(10, int(step * 0.86)), step


def tray_areas(tray: pygame.Rect, lay: Layout) -> tuple[pygame.Rect, pygame.Rect]:
    """The two bead rows of the tray (lifted beads, chosen order), left of the buttons."""
    b = bands(lay)
    left = tray.x + lay.px(14)
    width = tray.w - lay.px(14) - b.right
    pool = pygame.Rect(left + b.label, tray.y + b.title - lay.px(2), width - b.label, lay.px(40))
    order = pool.move(0, lay.px(50))
    return pool, order


def targets(table: Table) -> list[Target]:
    """Every clickable thing of the human's current decision, in keyboard order."""
    state, geo, lay, dec = table.state, table.geo, table.layout, table.decision
    seat = state.current_player()
    out: list[Target] = []
    if state.phase == PLACE:
        out += [Target("pit", p, r) for p, r in enumerate(geo.pits)]
        rects = _buttons(geo.tray, lay, ["place", "clear"])
        legal = dec.placement() in state.legal_actions() if len(dec.plan) == state.config.placement_pits else False
        out.append(Target("button", "place", rects["place"], legal))
        out.append(Target("button", "clear", rects["clear"], bool(dec.plan)))
        return out
    if state.phase == CAPTURE:
        pit = state.capture_pit
        colours = beads(state.pits[pit])
        side, spots = bead_spots(tuple(geo.pits[pit]), len(colours), geo.bead)
        for colour, spot in zip(colours, spots):
            rect = pygame.Rect(spot[0] - side // 2, spot[1] - side // 2, side, side)
            out.append(Target("capbead", colour, rect))
        present = [c for c, n in enumerate(state.pits[pit]) if n]
        pool, _ = tray_areas(geo.tray, lay)
        step = max(lay.px(92), lay.px(56) + font(lay.text_px(CHIP_TEXT), bold=True).size("x88")[0])
        for i, colour in enumerate(present):
            out.append(Target("chip", colour, pygame.Rect(pool.x + i * step, pool.y, step - lay.px(10), lay.px(56))))
        return out
    if not dec.cont:
        out += [Target("pit", p, geo.pits[p]) for p in state.own_pits(seat)]
    if dec.lifted:
        pool, order = tray_areas(geo.tray, lay)
        side, step = bead_row(pool, len(dec.colours), lay)
        for j, i in enumerate(dec.pool()):
            out.append(Target("pool", i, pygame.Rect(pool.x + j * step, pool.centery - side // 2, side, side)))
        for j in range(len(dec.order)):
            out.append(Target("order", j, pygame.Rect(order.x + j * step, order.centery - side // 2, side, side)))
        names = ["sow", "suggest", "clear"] + ([] if dec.cont else ["cancel"])
        rects = _buttons(geo.tray, lay, names)
        ready = dec.plan_sowing(state) is not None
        enabled = {"sow": ready, "suggest": True, "clear": bool(dec.order), "cancel": True}
        out += [Target("button", name, rects[name], enabled[name]) for name in names]
    return out


# --------------------------------------------------------------------------------------- drawing


@lru_cache(maxsize=64)
def bead_shadow(side: int) -> pygame.Surface:
    """The soft shadow a bead casts on the floor of its pit (the light is above)."""
    image = pygame.Surface((side, max(2, side // 2)), pygame.SRCALPHA)
    for step, alpha in enumerate((40, 60, 85)):
        inset = step * side // 10
        pygame.draw.ellipse(image, (0, 0, 0, alpha), image.get_rect().inflate(-2 * inset, -inset))
    return image


def _ghost(colour: int, side: int, alpha: int) -> pygame.Surface:
    """A see-through bead: planned (placing) or lifted (ordering)."""
    image = assets.bead(colour, side).copy()
    image.set_alpha(alpha)
    return image


def draw(table: Table, surface: pygame.Surface) -> None:
    """The whole table over its static layer: plates, pits and their beads, the human's choices, the tray, the
    beads in hand and in flight, the banner and the hint's ring."""
    geo, lay, pal, state = table.geo, table.layout, table.app.palette, table.state
    surface.blit(table.layer.drawn(None, lambda: static_layer(table), table.tips), geo.table.topleft)
    table.layer.explain(table.tips)
    for seat in range(state.num_players):
        draw_seat(table, surface, seat)
    items = table.targets()
    dec = table.decision
    human = table.seat_to_play is not None
    focus = table.focus
    ring = max(2, lay.px(3))
    for target in items:
        shown = state.phase != PLACE or target.index in dec.plan or focus == ("pit", target.index)
        if target.kind == "pit" and shown:
            focused = focus == ("pit", target.index)
            colour = pal.focus if focused else blend(pal.accent, pal.text, 0.3)
            pygame.draw.ellipse(surface, colour, target.rect.inflate(lay.px(6), lay.px(6)),
                                ring + (1 if focused else 0))
    if table.pulse_pit >= 0:
        pygame.draw.ellipse(surface, pal.good, geo.pits[table.pulse_pit].inflate(lay.px(10), lay.px(10)), ring + 1)
    lifted = dec.origin if human and dec.lifted and not dec.cont else -1
    plan = dec.plan if human and state.phase == PLACE else {}
    for pit, rect in enumerate(geo.pits):
        colours = table.shown[pit]
        extra = plan.get(pit, 0)
        faded = pit == lifted
        surface.blit(_pit_image(table, pit, colours, extra, faded), rect)
        tip = table.pit_tip(pit)
        table.explain(rect, tip)
        if extra:
            text(surface, f"+{extra}", lay.text_px(18), pal.focus, (rect.right - lay.px(6), rect.y + lay.px(2)),
                 anchor="topright", bold=True)
        total = len(colours)
        if faded:
            text(surface, "lifted", lay.text_px(15), pal.text, rect.center, anchor="center", bold=True)
        else:
            label = text(surface, str(total), lay.text_px(15), pal.text if total else pal.text_dim,
                         (rect.right + lay.px(2), rect.bottom + lay.px(1)), anchor="bottomright", bold=True)
            table.explain(label, tip)
    if human and dec.lifted and state.phase not in (PLACE, CAPTURE):
        draw_landing(table, surface)
    draw_tray(table, surface, items)
    draw_hand(table, surface)
    draw_sprites(surface, table.hand + table.flying)
    explain_sprites(table)
    if table.banner_alpha > 1 and table.banner_text:
        draw_banner(table, surface)
    hinted = table.hinted()
    if hinted is not None:
        draw_hint(table, surface, hinted)


def _cached(table: Table, key: tuple, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    cache = table.surfaces
    image = cache.get(key)
    if image is None:
        if len(cache) > 600:
            cache.clear()
        image = cache[key] = make()
    return image


def _pit_image(table: Table, pit: int, colours: list[int], extra: int, faded: bool) -> pygame.Surface:
    """The beads of a pit (planned ones faint, lifted ones fainter), drawn once per content."""
    def make() -> pygame.Surface:
        rect = table.geo.pits[pit]
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        allc = colours
        if extra:
            assert table.viewer is not None  # only the human to play has a plan, and they are the viewer
            allc = sorted(colours + [table.viewer] * extra)
        side, spots = bead_spots(tuple(rect), len(allc), table.geo.bead)
        new_left = extra
        for i in range(len(allc) - 1, -1, -1):  # the planned beads are the last of their colour
            colour = allc[i]
            if new_left and colour == table.viewer:
                new_left -= 1
                bead = _ghost(colour, side, 120)
            elif faded:
                bead = _ghost(colour, side, 70)
            else:
                bead = assets.bead(colour, side)
            centre = (spots[i][0] - rect.x, spots[i][1] - rect.y)
            if not faded:
                shadow = bead_shadow(side)
                image.blit(shadow, shadow.get_rect(center=(centre[0] + side // 10, centre[1] + side * 2 // 5)))
            image.blit(bead, bead.get_rect(center=centre))
        return image

    return _cached(table, ("pit", pit, tuple(colours), extra, faded), make)


def static_layer(table: Table) -> pygame.Surface:
    """What does not move, composed once per build (kept by ``table.layer``): the table, the
    board and its footnote (both explained), the tray panel."""
    geo, lay, pal = table.geo, table.layout, table.app.palette
    layer = pygame.Surface(geo.table.size).convert()
    layer.blit(assets.background(geo.table.size), (0, 0))
    off = (-geo.table.x, -geo.table.y)
    layer.blit(board_layer(geo, lay, pal), geo.board.move(off))
    note, size = fit_text(BOARD_NOTE, lay.text_px(BOARD_NOTE_TEXT), geo.note.w, minimum=12)
    text(layer, note, size, pal.text_dim, geo.note.move(off).center, anchor="center")
    draw_plate(layer, geo.tray.move(off), pal, turn=False, radius=lay.px(12))
    table.explain(geo.board, BOARD_TIP)
    table.explain(geo.note, NOTE_TIP)
    return layer


def draw_seat(table: Table, surface: pygame.Surface, seat: int) -> None:
    """A player's plate, its glow round it on its turn (drawn once per content)."""
    state = table.state
    turn = not state.is_terminal() and state.current_player() == seat
    on_board = sum(pit.count(seat) for pit in table.shown)
    rect = table.geo.plates[seat]
    glow = max(12, rect.h // 3) if turn else 0  # room for the turn's glow (``plates.draw_plate``) round the plate
    key = ("plate", seat, turn, tuple(table.stores[seat]), on_board, table.names[seat], table.viewer, state.phase)

    def make() -> pygame.Surface:
        image = pygame.Surface(rect.inflate(2 * glow, 2 * glow).size, pygame.SRCALPHA)
        _plate(table, image, seat, turn, on_board, pygame.Rect((glow, glow), rect.size))
        return image

    surface.blit(_cached(table, key, make), rect.move(-glow, -glow))
    table.explain(rect, table.badge_tip(seat))
    lay, name = table.layout, table.names[seat]
    table.explain(_marker_rect(rect, lay), marker_tip(name, table.bead_name(seat)))
    words = table.bead_words()
    for colour, count, icon in _store_icons(table, seat, rect):
        table.explain(icon, store_tip(name, words.many(colour, count)))


def _marker_rect(rect: pygame.Rect, lay: Layout) -> pygame.Rect:
    """Where a plate's medallion (the seat's token) sits: at its left, as tall as a narrow plate allows."""
    side = min(lay.px(46), rect.w // 5, lay.px(60))
    marker = pygame.Rect(0, 0, side, side)
    marker.midleft = (rect.x + lay.px(8), rect.y + lay.px(8) + side // 2)
    return marker


def store_well(rect: pygame.Rect, lay: Layout) -> pygame.Rect:
    """A plate's store: the little well carved along its bottom, right of the medallion, where captured beads
    lie (and fly to)."""
    left = _marker_rect(rect, lay).right + lay.px(6)
    return pygame.Rect(left, rect.bottom - lay.px(25), rect.right - lay.px(6) - left, lay.px(20))


def _store_icons(table: Table, seat: int, rect: pygame.Rect) -> list[tuple[int, int, pygame.Rect]]:
    """``(colour, count, rect)`` of each colour in a plate's store, in its well (those that fit), the rect
    holding the bead and its count."""
    lay = table.layout
    well = store_well(rect, lay)
    x = well.x + lay.px(5)
    icon = lay.px(15)
    out = []
    for colour, count in enumerate(table.stores[seat]):
        if not count:
            continue
        label_w = max(lay.px(20 if count < 10 else 28), font(lay.text_px(STORE_TEXT)).size(str(count))[0] + lay.px(4))
        if x + icon + label_w > well.right - lay.px(2):
            break
        out.append((colour, count, pygame.Rect(x, well.centery - icon // 2, icon + label_w, icon)))
        x += icon + label_w
    return out


def _plate(table: Table, surface: pygame.Surface, seat: int, turn: bool, on_board: int,
           rect: pygame.Rect) -> None:
    """A player's plate (the shared look: solid, lit, gold rim and glow on its turn): the seat's medallion,
    name, store count and the captured beads lying in its store well."""
    lay, pal = table.layout, table.app.palette
    one_human = seat == table.viewer and len(table.humans) == 1
    draw_plate(surface, rect, pal, turn=turn, radius=lay.px(10), you=one_human)
    marker = _marker_rect(rect, lay)
    surface.blit(medallion(seat, marker.w, turn=turn), marker)
    you = "  (you)" if one_human and table.names[seat] != "You" else ""
    name = table.names[seat] + you
    left = marker.right + lay.px(8)
    width = rect.right - left - lay.px(6)
    name_y, line_y, _ = bands(lay).plate
    shrink = lay.text_scale <= 1  # at 100% a long line shrinks a little, as it always did; bigger, it is cut
    name, size = fit_text(name, lay.text_px(PLATE_NAME_TEXT), width, bold=True,
                          minimum=14 if shrink else lay.text_px(PLATE_NAME_TEXT))
    text(surface, name, size, pal.text, (left, rect.y + name_y), anchor="midleft", bold=True)
    store = sum(table.stores[seat])
    state = table.state
    placing = state.phase == PLACE and not on_board
    halves = plate_line(store, on_board)
    rows = [f"{state.config.beads_per_player} to place" if placing else PLATE_LINE_JOIN.join(halves)]
    if table.geo.plate_lines > 1 and not placing:
        rows = list(halves)
    step = font(lay.text_px(PLATE_LINE_TEXT)).get_height()
    for i, line in enumerate(rows):
        line, size = fit_text(line, lay.text_px(PLATE_LINE_TEXT), width,
                              minimum=12 if shrink else lay.text_px(PLATE_LINE_TEXT))
        text(surface, line, size, pal.focus if turn else pal.text_dim, (left, rect.y + line_y + i * step),
             anchor="midleft")
    well = store_well(rect, lay)
    pygame.draw.rect(surface, hollow(pal), well, border_radius=well.h // 2)
    pygame.draw.rect(surface, blend(hollow(pal), (0, 0, 0), 0.5), well, max(1, lay.px(2)), border_radius=well.h // 2)
    pygame.draw.line(surface, blend(pal.panel, (255, 255, 255), 0.18), (well.x + well.h // 2, well.bottom),
                     (well.right - well.h // 2, well.bottom))
    for colour, count, spot in _store_icons(table, seat, rect):
        image = assets.bead(colour, spot.h)
        surface.blit(image, image.get_rect(midleft=spot.midleft))
        text(surface, f"{count}", lay.text_px(STORE_TEXT), pal.text, (spot.x + spot.h + lay.px(2), spot.centery),
             anchor="midleft")


def draw_landing(table: Table, surface: pygame.Surface) -> None:
    """Where each bead of the chosen order lands: numbered markers (the bead once chosen) in the pits."""
    geo, lay, pal, state, dec = table.geo, table.layout, table.app.palette, table.state, table.decision
    landing = dec.landing(state.ring)
    visits: dict[int, list[int]] = {}
    for j, pit in enumerate(landing):
        visits.setdefault(pit, []).append(j)
    letters = dec.letters()
    mark = max(lay.px(16), 14)
    need = state.config.capture_count
    words = table.bead_words()
    for pit, slots in visits.items():
        rect = geo.pits[pit]
        step = min(mark + lay.px(2), (rect.w - lay.px(20)) // max(1, len(slots)))
        y = rect.bottom - lay.px(16)
        x0 = rect.centerx - step * (len(slots) - 1) / 2
        for k, j in enumerate(slots):
            centre = (round(x0 + k * step), y)
            chosen = words.one(COLOUR_LETTERS.index(letters[j])) if j < len(letters) else None
            spot = pygame.Rect(0, 0, mark, mark)
            spot.center = centre
            table.explain(spot, landing_tip(j + 1, pit, chosen, j == len(landing) - 1, need))
            if j < len(letters):
                image = assets.bead(COLOUR_LETTERS.index(letters[j]), mark)
                surface.blit(image, image.get_rect(center=centre))
            else:
                pygame.draw.circle(surface, blend(pal.panel, pal.background, 0.3), centre, mark // 2)
                pygame.draw.circle(surface, pal.focus, centre, mark // 2, 1)
                text(surface, str(j + 1), lay.text_px(12), pal.text, centre, anchor="center")
    last = geo.pits[landing[-1]]
    planned = dec.plan_sowing(state)
    outcome = "open" if planned is None else ("captures" if planned[1].phase == CAPTURE else "none")
    colour, tag = {"open": (pal.focus, "last bead"), "captures": (pal.good, "captures!"),
                   "none": (pal.text_dim, "no capture")}[outcome]
    pygame.draw.ellipse(surface, colour, last.inflate(lay.px(14), lay.px(14)), max(2, lay.px(3)))
    size = lay.text_px(14)
    pill = pygame.Rect(0, 0, font(size, bold=True).size(tag)[0] + lay.px(12), size + lay.px(6))
    pill.midtop = (last.centerx + lay.px(10), last.y + lay.px(1))  # clear of the pit number
    cached_panel(surface, pill, pal.background, colour, radius=pill.h // 2, alpha=220, width=1)
    text(surface, tag, size, colour, pill.center, anchor="center", bold=True)
    table.explain(pill, outcome_tip(outcome, landing[-1], need))


def draw_banner(table: Table, surface: pygame.Surface) -> None:
    """What just happened, over the middle of the tray (empty while the board animates), never over the pits
    whose beads are moving."""
    geo, lay, pal = table.geo, table.layout, table.app.palette
    banner, size = fit_text(table.banner_text, lay.text_px(30), geo.tray.w - lay.px(40), serif=True, bold=True)
    image = font(size, serif=True, bold=True).render(banner, True, pal.focus)
    rect = image.get_rect(center=geo.tray.center).inflate(lay.px(36), lay.px(16))
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel(layer, layer.get_rect(), pal.background, pal.focus, radius=lay.px(12), alpha=230, width=max(2, lay.px(2)))
    layer.blit(image, image.get_rect(center=layer.get_rect().center))
    layer.set_alpha(int(table.banner_alpha))
    surface.blit(layer, rect)
    table.explain(rect, BANNER_TIP)


def draw_hand(table: Table, surface: pygame.Surface) -> None:
    """A dark pill behind the beads still in hand, so they never read as the contents of a pit."""
    lay, pal = table.layout, table.app.palette
    rects = [s.rect for s in table.hand if s.visible]
    if not rects:
        return
    box = rects[0].unionall(rects[1:]).inflate(lay.px(12), lay.px(10))
    cached_panel(surface, box, pal.background, pal.focus, radius=box.h // 2, alpha=200, width=max(1, lay.px(2)))


def explain_sprites(table: Table) -> None:
    """The beads in hand (what is still to sow, once the board is at rest) and the beads in flight."""
    state, words = table.state, table.bead_words()
    at_rest = state.hand is not None and not table.tweens.busy
    moving = table.flying
    if at_rest and table.hand:
        assert state.hand is not None
        tip = hand_tip(state.hand_origin, state.hand, words, table.seat_to_play is not None)
        rects = [s.rect for s in table.hand]
        table.explain(rects[0].unionall(rects[1:]), tip)
        for sprite in table.hand:
            table.explain(sprite.rect, tip)
    else:
        moving = table.hand + table.flying
    for sprite in moving:
        table.explain(sprite.rect, flying_tip(words.one(sprite.index)))


def draw_hint(table: Table, surface: pygame.Surface, action: Action) -> None:
    """Ring what the hint plays: the pit it lifts, the pits it places into, or the bead it captures (in the
    pit and among the choices in the tray); the hint panel names the order. Pits and beads are round, and so
    is their ring; a choice in the tray is a box."""
    geo = table.geo
    if isinstance(action, PlaceAction):
        for pit, _ in action.placements:
            table.draw_hint_ring(surface, geo.pits[pit], oval=True)
    elif isinstance(action, SowAction):
        table.draw_hint_ring(surface, geo.pits[action.pit], oval=True)
    elif isinstance(action, CaptureAction):
        rings: dict[str, pygame.Rect] = {}  # one bead of the colour in the pit is enough
        for target in table.targets():
            if target.kind in ("capbead", "chip") and target.index == action.colour:
                rings.setdefault(target.kind, target.rect)
        for kind, rect in rings.items():
            table.draw_hint_ring(surface, rect, oval=kind == "capbead")


def draw_button(surface: pygame.Surface, target: Target, lay: Layout, pal: Palette, focused: bool) -> None:
    fill = blend(pal.panel, pal.accent, 0.35 if focused and target.enabled else (0.18 if target.enabled else 0.0))
    edge = pal.focus if focused else (pal.accent if target.enabled else pal.panel_edge)
    cached_panel(surface, target.rect, fill, edge, radius=lay.px(8), width=max(2, lay.px(2)))
    label = BUTTONS[str(target.index)]
    size = fit(label, lay.text_px(BUTTON_TEXT), target.rect.w - lay.px(12), serif=True, bold=True)
    colour = pal.text if target.enabled else blend(pal.text_dim, pal.panel, 0.35)
    text(surface, label, size, colour, target.rect.center, anchor="center", serif=True, bold=True)


def draw_tray(table: Table, surface: pygame.Surface, items: list[Target]) -> None:
    """The bottom panel: instructions, the lifted beads and the chosen order, the buttons, the preview. Its
    title explains the phase: only the title, so the long tip does not rise over the board wherever the
    pointer rests in the tray while the AI plays."""
    state, geo, lay, dec, pal = table.state, table.geo, table.layout, table.decision, table.app.palette
    tray = geo.tray
    x = tray.x + lay.px(14)
    title_w = tray.w - lay.px(28)
    title, lines = table.tray_text()
    b = bands(lay)
    if b.wrap:  # a bigger text: the title wraps onto a second line rather than shrink
        size = lay.text_px(TITLE_TEXT)
        rows, size = fit_lines(title, size, (title_w, b.title - lay.px(10)), bold=True, minimum=size)
    else:
        rows, size = (title,), fit(title, lay.text_px(TITLE_TEXT), title_w, bold=True)
    step = font(size, bold=True).get_height()
    title_at = pygame.Rect(x, tray.y + lay.px(10), 0, 0)
    for i, row in enumerate(rows):
        title_at.union_ip(text(surface, row, size, pal.accent, (x, tray.y + lay.px(10) + i * step), bold=True))
    sower = table.who(state.current_player()) if not state.is_terminal() else ""
    table.explain(title_at, phase_tip(state.phase, state.config, state.capture_pit, sower))
    focus = table.focus
    for target in items:
        focused = focus is not None and (target.kind, target.index) == focus
        if target.kind != "pit":  # pits are explained as the board draws them, under the order's markers
            table.explain(target.rect, target_tip(table, target))
        if target.kind == "button":
            draw_button(surface, target, lay, pal, focused)
        elif target.kind in ("pool", "order"):
            index = int(target.index)
            colour = dec.colours[index] if target.kind == "pool" else dec.colours[dec.order[index]]
            image = assets.bead(colour, target.rect.w)
            surface.blit(image, target.rect)
            if focused:
                focus_ring(surface, target.rect, lay, pal)
        elif target.kind == "chip":
            rect = target.rect
            cached_panel(surface, rect, blend(pal.panel, pal.text, 0.08), pal.focus if focused else pal.panel_edge,
                  radius=lay.px(8), width=max(2, lay.px(3)) if focused else 1)
            image = assets.bead(int(target.index), lay.px(34))
            surface.blit(image, image.get_rect(midleft=(rect.x + lay.px(6), rect.centery)))
            count = state.pits[state.capture_pit][int(target.index)]
            text(surface, f"x{count}", lay.text_px(CHIP_TEXT), pal.text, (rect.x + lay.px(46), rect.centery),
                      anchor="midleft", bold=True)
        elif target.kind == "capbead" and focused:
            focus_ring(surface, target.rect, lay, pal)
    notes = note_rows(lay, lines, title_w, any(t.kind == "button" for t in items))
    if dec.lifted and state.phase not in (PLACE, CAPTURE):
        _draw_order_row(table, surface)
    elif table.seat_to_play is not None and state.phase == PLACE:
        _draw_in_hand(table, surface)
    elif state.phase == SOW and not (table.seat_to_play is not None and dec.lifted):
        _draw_choices(table, surface, len(notes))
    floor = max([title_at.bottom] + [t.rect.bottom for t in items if t.kind in ("button", "pool", "order", "chip")]
                + [tray_areas(tray, lay)[1].bottom + font(lay.text_px(ARROW_TEXT)).get_height()
                   if dec.lifted and state.phase not in (PLACE, CAPTURE) else 0])
    y = tray.bottom - lay.px(12)
    for words, shade, size in reversed(notes):
        if b.wrap and y - font(size).get_height() < floor:  # no room left over the rows: older lines go
            break
        rect = text(surface, words, size, shade, (x, y), anchor="bottomleft")
        table.explain(rect, TRAY_LINES_TIP)
        y = rect.top - lay.px(2)


def note_rows(lay: Layout, lines: Lines, width: int, buttons: bool) -> list[tuple[str, Colour, int]]:
    """The tray's notes as drawn, each with its size: at 100% one row each beside the buttons (a long one
    shrinks a little), bigger under them across the tray, a long one wrapped."""
    if not bands(lay).wrap:
        room = width - (lay.px(270) if buttons else 0)
        return [(words, shade, fit(words, lay.text_px(TRAY_NOTE_TEXT), room)) for words, shade in lines]
    size = lay.text_px(TRAY_NOTE_TEXT)
    return [(row, shade, size) for words, shade in lines for row in wrap_cached(words, size, width)]


def target_tip(table: Table, target: Target) -> str:
    """The tip of something in the tray the human can click now (or of a bead in the capture pit)."""
    state, dec, words = table.state, table.decision, table.bead_words()
    index = target.index
    if target.kind == "button":
        return button_tip(str(index), state.phase, state.config, target.enabled)
    if target.kind in ("chip", "capbead"):
        bead = words.one(int(index))
        if target.kind == "capbead":
            return capbead_tip(bead, state.capture_pit)
        return chip_tip(bead, state.pits[state.capture_pit][int(index)], state.capture_pit)
    landing = dec.landing(state.ring)
    if target.kind == "pool":
        place = len(dec.order)
        return pool_tip(words.one(dec.colours[int(index)]), place + 1, landing[place])
    return order_tip(int(index) + 1, words.one(dec.colours[dec.order[int(index)]]), landing[int(index)])


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette) -> None:
    """The keyboard's place on a bead: a thick ring in the focus colour, clear of the bead."""
    pygame.draw.rect(surface, pal.focus, rect.inflate(lay.px(12), lay.px(12)), max(2, lay.px(3)),
                     border_radius=lay.px(8))


def _draw_order_row(table: Table, surface: pygame.Surface) -> None:
    """Labels of the two rows, empty numbered places of the order, and where each place lands."""
    state, geo, lay, dec, pal = table.state, table.geo, table.layout, table.decision, table.app.palette
    pool, order = tray_areas(geo.tray, lay)
    x = geo.tray.x + lay.px(14)
    table.explain(text(surface, LIFTED_LABEL, lay.text_px(ROW_LABEL_TEXT), pal.text_dim, (x, pool.centery),
                       anchor="midleft"),
                  LIFTED_ROW_TIP)
    table.explain(text(surface, ORDER_LABEL, lay.text_px(ROW_LABEL_TEXT), pal.text_dim, (x, order.centery),
                       anchor="midleft"),
                  ORDER_ROW_TIP)
    side, step = bead_row(pool, len(dec.colours), lay)
    landing = dec.landing(state.ring)
    show_pits = step >= lay.px(24)
    focus = table.focus
    for j, pit in enumerate(landing):
        rect = pygame.Rect(order.x + j * step, order.centery - side // 2, side, side)
        if j >= len(dec.order):
            table.explain(rect, empty_place_tip(j + 1, pit, j == len(landing) - 1))
        if j == len(dec.order) and focus is not None and focus[0] == "pool":  # where Enter puts the focused bead
            surface.blit(_ghost(dec.colours[int(focus[1])], side, 110), rect)
            pygame.draw.ellipse(surface, pal.focus, rect.inflate(lay.px(4), lay.px(4)), max(1, lay.px(2)))
        elif j >= len(dec.order):
            pygame.draw.ellipse(surface, blend(pal.panel, pal.text_dim, 0.5), rect, max(1, lay.px(2)))
            text(surface, str(j + 1), lay.text_px(13), pal.text_dim, rect.center, anchor="center")
        if show_pits:
            label = text(surface, f"\u2192{pit + 1}", lay.text_px(ARROW_TEXT), pal.text_dim,
                         (rect.centerx, rect.bottom + lay.px(1)), anchor="midtop")
            table.explain(label, arrow_tip(j + 1, pit))




def _draw_in_hand(table: Table, surface: pygame.Surface) -> None:
    """Placing: the beads still in the player's hand, those already planned faint at the end of the row."""
    state, geo, lay, dec, pal = table.state, table.geo, table.layout, table.decision, table.app.palette
    seat = state.current_player()
    pool, _ = tray_areas(geo.tray, lay)
    total = state.config.beads_per_player
    left = max(0, total - sum(dec.plan.values()))
    x = geo.tray.x + lay.px(14)
    table.explain(text(surface, IN_HAND_LABEL, lay.text_px(ROW_LABEL_TEXT), pal.text_dim, (x, pool.centery),
                       anchor="midleft"),
                  IN_HAND_TIP)
    side, step = bead_row(pool, total, lay)
    for j in range(total):
        rect = pygame.Rect(pool.x + j * step, pool.centery - side // 2, side, side)
        surface.blit(assets.bead(seat, side) if j < left else _ghost(seat, side, 70), rect)
    table.explain(pygame.Rect(pool.x, pool.y, step * total, pool.h), IN_HAND_TIP)


def choices_area(tray: pygame.Rect, lay: Layout, notes: int) -> pygame.Rect:
    """Where the pits the sower may lift are shown, under the tray's title and over its ``notes`` lines."""
    b = bands(lay)
    return pygame.Rect(tray.x + lay.px(14), tray.y + b.title, tray.w - lay.px(28),
                       tray.h - b.title - lay.px(20) - b.note * notes)


def _draw_choices(table: Table, surface: pygame.Surface, notes: int) -> None:
    """Before a lift: a card for each pit the sower may lift, with its beads and where its last bead lands, so
    the choice reads at a glance (the pits themselves are clicked on the board)."""
    state, geo, lay, pal = table.state, table.geo, table.layout, table.app.palette
    sower = state.current_player()
    pits = [pit for pit, beads_there in enumerate(table.shown) if sower in beads_there]
    if not pits:
        return
    area = choices_area(geo.tray, lay, notes)
    gap = lay.px(10)
    width = min(lay.px(180), (area.w - gap * (len(pits) - 1)) // len(pits))
    for k, pit in enumerate(pits):
        rect = pygame.Rect(area.x + k * (width + gap), area.y, width, area.h)
        colours = table.shown[pit]
        last = pit_order(state.ring, pit, len(colours))[-1] if colours else pit
        focused = table.focus == ("pit", pit)

        def make(rect: pygame.Rect = rect, colours: list[int] = colours, pit: int = pit, last: int = last,
                 focused: bool = focused) -> pygame.Surface:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            local = image.get_rect()
            edge = pal.focus if focused else blend(pal.accent, pal.text, 0.3)
            pygame.draw.rect(image, hollow(pal), local, border_radius=lay.px(10))
            pygame.draw.rect(image, edge, local, max(1, lay.px(3 if focused else 2)), border_radius=lay.px(10))
            head = choice_head(pit, len(colours))
            drawn = text(image, head, fit(head, lay.text_px(CHOICE_HEAD_TEXT), local.w - lay.px(12), bold=True),
                         pal.text, (lay.px(8), lay.px(4)), bold=True)
            end = choice_end(last)
            under = text(image, end, fit(end, lay.text_px(CHOICE_END_TEXT), local.w - lay.px(12), minimum=10),
                         pal.text_dim, (lay.px(8), local.bottom - lay.px(4)), anchor="bottomleft")
            top = max(lay.px(24), drawn.bottom)
            room = pygame.Rect(lay.px(6), top, local.w - lay.px(12), min(local.h - lay.px(44), under.y - top))
            side, spots = bead_spots(tuple(room.inflate(room.w // 6, room.h * 2 // 3)), len(colours), lay.px(18))
            for colour, spot in zip(colours, spots):
                bead = assets.bead(colour, side)
                image.blit(bead, bead.get_rect(center=spot))
            return image

        key = ("choice", pit, tuple(colours), tuple(rect), focused, pal.name)
        surface.blit(_cached(table, key, make), rect)
        table.explain(rect, choices_tip_head(table.who(sower)) + table.pit_tip(pit))
