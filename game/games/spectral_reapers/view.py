"""Spectral Reapers table: where everything sits (pure geometry) and how it is drawn, each thing explained
(``table.explain``) as it is drawn. The table imports this module, never the reverse: what drawing reads of
the table is the ``Table`` protocol.

The ring of ``2N`` pits is drawn as two rows of N: pit 0 bottom-left, the bottom row left to right, the top
row right to left, so increasing pit numbers (the sowing direction) run counter-clockwise on screen. Arrows
between the pits and round both ends show that direction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Protocol, Sequence

import pygame

from game.core.contracts import Action
from game.games.spectral_reapers.rules import (
    CAPTURE, COLOUR_LETTERS, PLACE, CaptureAction, PlaceAction, SowAction, SpectralReapersState,
)
from game.games.spectral_reapers.words import (
    BANNER_TIP, BOARD_NOTE, BOARD_TIP, LIFTED_ROW_TIP, NOTE_TIP, ORDER_ROW_TIP, TRAY_LINES_TIP, BeadWords,
    arrow_tip, button_tip, capbead_tip, chip_tip, empty_place_tip, flying_tip, hand_tip, landing_tip, marker_tip,
    order_tip, outcome_tip, phase_tip, pool_tip, store_tip,
)
from game.ui import assets
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.sprites import BeadSprite, draw_sprites
from game.ui.static_layer import StaticLayer
from game.ui.text import draw_text, fit_size, fit_text, panel
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
    for cached in (_text_image, fit, _panel_image, bead_spots):
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
    w, h, gap = lay.px(118), lay.px(40), lay.px(8)
    right = tray.right - lay.px(12)
    top = tray.y + lay.px(40)
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
    left = tray.x + lay.px(14)
    width = tray.w - lay.px(14) - lay.px(270)
    pool = pygame.Rect(left + lay.px(70), tray.y + lay.px(38), width - lay.px(70), lay.px(40))
    order = pygame.Rect(left + lay.px(70), tray.y + lay.px(88), width - lay.px(70), lay.px(40))
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
        step = lay.px(92)
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
        draw_plate(table, surface, seat)
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
            image.blit(bead, bead.get_rect(center=(spots[i][0] - rect.x, spots[i][1] - rect.y)))
        return image

    return _cached(table, ("pit", pit, tuple(colours), extra, faded), make)


def static_layer(table: Table) -> pygame.Surface:
    """What does not move, composed once per build (kept by ``table.layer``): the table, the plain plates, the
    board and its footnote (both explained), the tray panel."""
    geo, lay, pal = table.geo, table.layout, table.app.palette
    layer = pygame.Surface(geo.table.size).convert()
    layer.blit(assets.background(geo.table.size), (0, 0))
    off = (-geo.table.x, -geo.table.y)
    for rect in geo.plates:
        panel(layer, rect.move(off), pal.panel, pal.panel_edge, radius=lay.px(8), alpha=230, width=1)
    layer.blit(board_layer(geo, lay, pal), geo.board.move(off))
    note, size = fit_text(BOARD_NOTE, lay.text_px(14), geo.note.w, minimum=12)
    text(layer, note, size, pal.text_dim, geo.note.move(off).center, anchor="center")
    panel(layer, geo.tray.move(off), pal.panel, pal.panel_edge, radius=lay.px(12), alpha=235)
    table.explain(geo.board, BOARD_TIP)
    table.explain(geo.note, NOTE_TIP)
    return layer


def draw_plate(table: Table, surface: pygame.Surface, seat: int) -> None:
    """A player's plate (drawn once per content)."""
    state = table.state
    turn = not state.is_terminal() and state.current_player() == seat
    on_board = sum(pit.count(seat) for pit in table.shown)
    rect = table.geo.plates[seat]
    key = ("plate", seat, turn, tuple(table.stores[seat]), on_board, table.names[seat], table.viewer, state.phase)

    def make() -> pygame.Surface:
        image = pygame.Surface(rect.size, pygame.SRCALPHA)
        _plate(table, image, seat, turn, on_board, pygame.Rect((0, 0), rect.size))
        return image

    surface.blit(_cached(table, key, make), rect)
    table.explain(rect, table.badge_tip(seat))
    lay, name = table.layout, table.names[seat]
    table.explain(_marker_rect(rect, lay), marker_tip(name, table.bead_name(seat)))
    words = table.bead_words()
    for colour, count, icon in _store_icons(table, seat, rect):
        table.explain(icon, store_tip(name, words.many(colour, count)))


def _marker_rect(rect: pygame.Rect, lay: Layout) -> pygame.Rect:
    """Where a plate's bead marker sits."""
    marker = pygame.Rect(0, 0, lay.px(22), lay.px(22))
    marker.midleft = (rect.x + lay.px(8), rect.y + lay.px(17))
    return marker


def _store_icons(table: Table, seat: int, rect: pygame.Rect) -> list[tuple[int, int, pygame.Rect]]:
    """``(colour, count, rect)`` of each colour in a plate's store, along its bottom (those that fit), the rect
    holding the bead and its count."""
    lay = table.layout
    x = rect.x + lay.px(10)
    y = rect.bottom - lay.px(14)
    icon = lay.px(15)
    out = []
    for colour, count in enumerate(table.stores[seat]):
        if not count:
            continue
        label_w = lay.px(22 if count < 10 else 30)
        if x + icon + label_w > rect.right - lay.px(4):
            break
        out.append((colour, count, pygame.Rect(x, y - icon // 2, icon + label_w, icon)))
        x += icon + label_w
    return out


def _plate(table: Table, surface: pygame.Surface, seat: int, turn: bool, on_board: int,
           rect: pygame.Rect) -> None:
    """A player's plate: colour marker, name, turn ring, store count and the captured beads by colour."""
    lay, pal = table.layout, table.app.palette
    if turn:  # the plain plates are part of the static layer
        cached_panel(surface, rect, blend(pal.panel, pal.focus, 0.12), pal.focus, radius=lay.px(8), alpha=235,
                     width=max(2, lay.px(3)))
    marker = assets.bead(seat, lay.px(22))
    surface.blit(marker, _marker_rect(rect, lay))
    you = "  (you)" if seat == table.viewer and len(table.humans) == 1 and table.names[seat] != "You" else ""
    name = table.names[seat] + you
    left = rect.x + lay.px(36)
    width = rect.right - left - lay.px(6)
    name, size = fit_text(name, lay.text_px(17), width, bold=True, minimum=14)
    text(surface, name, size, pal.text, (left, rect.y + lay.px(17)), anchor="midleft", bold=True)
    store = sum(table.stores[seat])
    state = table.state
    placing = state.phase == PLACE and not on_board
    line = f"store {store} · " + (f"{state.config.beads_per_player} to place" if placing else f"board {on_board}")
    line, size = fit_text(line, lay.text_px(14), rect.w - lay.px(14), minimum=14)
    text(surface, line, size, pal.focus if turn else pal.text_dim, (rect.x + lay.px(8), rect.y + lay.px(38)),
         anchor="midleft")
    for colour, count, spot in _store_icons(table, seat, rect):
        image = assets.bead(colour, spot.h)
        surface.blit(image, image.get_rect(midleft=spot.midleft))
        text(surface, f"{count}", lay.text_px(13), pal.text, (spot.x + spot.h + lay.px(2), spot.centery),
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
    size = fit(label, lay.text_px(19), target.rect.w - lay.px(12), serif=True, bold=True)
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
    size = fit(title, lay.text_px(19), title_w, bold=True)
    title_at = text(surface, title, size, pal.accent, (x, tray.y + lay.px(10)), bold=True)
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
            text(surface, f"x{count}", lay.text_px(18), pal.text, (rect.x + lay.px(46), rect.centery),
                      anchor="midleft", bold=True)
        elif target.kind == "capbead" and focused:
            focus_ring(surface, target.rect, lay, pal)
    if dec.lifted and state.phase not in (PLACE, CAPTURE):
        _draw_order_row(table, surface)
    y = tray.bottom - lay.px(12)
    for words, shade in reversed(lines):
        size = fit(words, lay.text_px(16), title_w - (lay.px(270) if any(t.kind == "button" for t in items) else 0))
        rect = text(surface, words, size, shade, (x, y), anchor="bottomleft")
        table.explain(rect, TRAY_LINES_TIP)
        y = rect.top - lay.px(2)


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
    table.explain(text(surface, "Lifted", lay.text_px(15), pal.text_dim, (x, pool.centery), anchor="midleft"),
                  LIFTED_ROW_TIP)
    table.explain(text(surface, "Order", lay.text_px(15), pal.text_dim, (x, order.centery), anchor="midleft"),
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
            label = text(surface, f"\u2192{pit + 1}", lay.text_px(13), pal.text_dim,
                         (rect.centerx, rect.bottom + lay.px(1)), anchor="midtop")
            table.explain(label, arrow_tip(j + 1, pit))


