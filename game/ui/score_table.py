"""A score table laid over a game's table at the end of a hand: one row per seat, read before play goes on.

Reapers shows its hand's scoring this way and Nevermore its hand's damage, healing and gains. The game holds
play while it is up (``TableScene.holding``) and closes it on a click, Enter or Space (``dismisses``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence, Union

import pygame

from game.ui.layout import Layout
from game.ui.popup import draw_popup, shade
from game.ui.text import draw_text, fit_size, fit_text, panel
from game.ui.theme import Colour, Palette

CellDrawer = Callable[[pygame.Surface, pygame.Rect], None]
"""A cell drawn by the game (Reapers' score pile as card chips), given the cell's rect."""
Cell = Union[str, tuple[str, Colour], CellDrawer]
"""Text (in the palette's text colour), text in a colour, or a drawing."""

HEAD = 90
"""Reference height above the first row: the title and the column labels."""
ROW = 44
FOOT = 82
"""Reference height below the last row: a note and the footer."""
SHADE_LIGHT = 0.42
"""How much of the table's light stays under the overlay (``popup.shade``)."""
BAND, LIFT = 54, 12
"""The overlay's title band and its shadow (reference units)."""
CONTINUE = "Click or press Enter to continue"
DISMISS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


@dataclass(frozen=True)
class Column:
    label: str
    width: int
    """Reference units (the table shrinks every column alike to fit a narrow window)."""
    bold: bool = False


@dataclass(frozen=True)
class Line:
    """One seat's row."""

    cells: Sequence[Cell]
    mine: bool = False
    """The viewer's own row, boxed."""


def dismisses(event: pygame.event.Event) -> bool:
    """Whether ``event`` closes the table: a left click, Enter or Space."""
    return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 or
            event.type == pygame.KEYDOWN and event.key in DISMISS_KEYS)


def fit_label(text: str, size: int, width: int, *, bold: bool = False) -> tuple[str, int]:
    """``text`` and a font size (never below 14 px) that fit ``width``, cut with an ellipsis if it must be."""
    return fit_text(text, size, width, bold=bold, minimum=min(size, 14))


def overlay_rect(lay: Layout, table: pygame.Rect, columns: Sequence[Column], rows: int) -> pygame.Rect:
    """Where the score table lies: centred on the game's table."""
    width = min(table.w - lay.px(24), lay.px(sum(c.width for c in columns) + 40))
    rect = pygame.Rect(0, 0, width, lay.px(HEAD + ROW * rows + FOOT))
    rect.center = table.center
    return rect


def column_rects(lay: Layout, table: pygame.Rect, columns: Sequence[Column], rows: int) -> list[pygame.Rect]:
    """Where each column of the score table lies, its label and its cells (a scene explains each column)."""
    u = lay.px
    box = overlay_rect(lay, table, columns, rows)
    scale = (box.w - u(40)) / max(1, u(sum(c.width for c in columns)))
    top = box.y + u(HEAD) - u(32)
    rects = []
    x: float = box.x + u(20)
    for column in columns:
        width = u(column.width) * scale
        rects.append(pygame.Rect(round(x), top, round(width), u(32) + u(ROW) * rows))
        x += width
    return rects


def draw_score_table(surface: pygame.Surface, lay: Layout, pal: Palette, table: pygame.Rect, title: str,
                     columns: Sequence[Column], lines: Sequence[Line], *, note: str = "",
                     footer: str = CONTINUE) -> pygame.Rect:
    """Shade the game's table and draw the score table over it: the title, the column labels, a row per seat,
    a note (a tie, the game's end) and the footer saying how to go on. Returns the table's rect."""
    u = lay.px
    shade(surface, SHADE_LIGHT, table)
    box = overlay_rect(lay, table, columns, len(lines))
    draw_popup(surface, box, pal, radius=u(12), band=u(BAND), edge=pal.accent, border=max(2, u(2)), lift=u(LIFT))
    size = fit_size(title, lay.text_px(26), box.w - u(40), serif=True, bold=True)
    draw_text(surface, title, size, pal.accent, (box.centerx, box.y + u(28)), anchor="center", serif=True, bold=True)
    places = column_rects(lay, table, columns, len(lines))
    xs = [place.x for place in places]
    widths = [place.w for place in places]
    y = box.y + u(62)
    small = lay.text_px(15)
    for column, cx, width in zip(columns, xs, widths):
        label, label_size = fit_label(column.label, small, width - u(4), bold=True)
        draw_text(surface, label, label_size, pal.text_dim, (cx, y), bold=True)
    y += u(28)
    body = lay.text_px(17)
    for line in lines:
        band = pygame.Rect(box.x + u(10), y - u(4), box.w - u(20), u(ROW - 4))
        if line.mine:
            panel(surface, band, pal.table, pal.panel_edge, radius=u(6), width=1)
        for cell, column, cx, width in zip(line.cells, columns, xs, widths):
            if callable(cell):
                cell(surface, pygame.Rect(cx, band.y, width - u(8), band.h))
                continue
            text, ink = (cell, pal.text) if isinstance(cell, str) else cell
            fitted, fitted_size = fit_label(text, body, width - u(6), bold=column.bold)
            draw_text(surface, fitted, fitted_size, ink, (cx, y + u(8)), bold=column.bold)
        y += u(ROW)
    if note:
        draw_text(surface, note, fit_size(note, body, box.w - u(40), bold=True), pal.focus,
                  (box.centerx, box.bottom - u(58)), anchor="center", bold=True)
    draw_text(surface, footer, small, pal.text_dim, (box.centerx, box.bottom - u(24)), anchor="center")
    return box
