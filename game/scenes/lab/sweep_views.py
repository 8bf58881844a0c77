"""How a sweep is drawn: the charts of a finished sweep (win share by seat, game length and each of the game's
figures against the parameter, with 95% bands and the values beyond chance from the base marked), on the
lab's results screen (scrolled) and on the exported sheet (all at once)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.lab.sweep import LENGTH, Sweep, value_text
from game.scenes.figures import figure_words
from game.scenes.lab.charts import SWEEP_LEGEND, BandLine, band_chart
from game.scenes.lab.notice import saved_line
from game.scenes.lab.page import LabPage
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped, fit_size, fit_text
from game.ui.theme import Palette
from game.variants.help import player_words

SCREEN_COLUMNS = 3
"""Figure charts side by side on the results screen (scrolled when there are more rows than fit)."""
SHEET_COLUMNS = 5
"""Figure charts side by side at most on the exported sheet (every chart on one page)."""
SCREEN_LEGEND = "dashed: base value \u00b7 shaded: 95% band \u00b7 ringed *: beyond chance \u00b7 scroll for more"
"""The results screen's short key (the exported sheet spells it out)."""
MIN_TITLED_HEIGHT = 180
"""A chart lower than this (reference units) leaves out its x axis title (the heading names the rule)."""


@dataclass(frozen=True)
class Chart:
    """One chart of a sweep: its title, lines and how its axis reads."""

    title: str
    lines: list[BandLine]
    options: dict[str, Any] = field(default_factory=dict)


def percent(value: float) -> str:
    """A share as a whole percentage."""
    return f"{value * 100:.0f}%"


def charts(result: Sweep) -> tuple[list[Chart], list[str]]:
    """Win share by seat, game length and each figure that changes anywhere; the figures left out (the same
    at every value, so nothing to chart)."""
    points = result.points
    shares = [BandLine(f"seat {seat + 1}", [p.shares[seat].mean for p in points], [p.shares[seat].low for p in points],
                       [p.shares[seat].high for p in points], [p.differs(f"seat {seat + 1}") for p in points], seat)
              for seat in range(result.players)]
    fair = 1 / max(1, result.players)
    found = [Chart("Win share by seat", shares, {"fmt": percent, "floor": 0.0, "ceiling": 1.0, "reference": fair}),
             Chart("Game length (actions)", [BandLine("actions", [p.length.mean for p in points],
                                                      [p.length.low for p in points], [p.length.high for p in points],
                                                      [p.differs(LENGTH) for p in points])], {"floor": 0.0})]
    flat: list[str] = []
    for name in result.figure_names:
        bands = [p.figures.get(name) for p in points]
        present = [b for b in bands if b is not None]
        if all(b.low == b.high == present[0].mean for b in present):
            flat.append(figure_words(name))
            continue
        counted = all(b.mean >= 0 for b in present)  # never below 0 on average: a count, drawn from 0 up
        said = figure_words(name)
        found.append(Chart(f"{said[:1].upper()}{said[1:]} per game", [BandLine(
            name, [b.mean if b else math.nan for b in bands], [b.low if b else math.nan for b in bands],
            [b.high if b else math.nan for b in bands], [p.differs(name) for p in points])],
            {"floor": 0.0} if counted else {}))
    return found, flat


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, result: Sweep,
               chart: Chart) -> None:
    """``chart`` in ``rect``, against the swept values, the base value dashed."""
    roomy = rect.h >= lay.px(MIN_TITLED_HEIGHT)
    band_chart(surface, rect, lay, pal, chart.title, [p.value for p in result.points], chart.lines,
               base_x=result.base.value, x_title=player_words(result.key) if roomy else "", **chart.options)


def draw_grid(surface: pygame.Surface, area: pygame.Rect, lay: Layout, pal: Palette, result: Sweep,
              columns: int, top_share: float, figure_h: int | None, scroll: int = 0) -> int:
    """The two main charts in a row, then the figures ``columns`` a row (``figure_h`` high each, or sharing
    what is left of ``area``); the height it all takes."""
    found, flat = charts(result)
    gap = lay.px(12)
    main_h = round(area.h * top_share)
    first = pygame.Rect(area.x, area.y - scroll, round(area.w * 0.56) - gap // 2, main_h)
    second = pygame.Rect(first.right + gap, first.y, area.right - first.right - gap, main_h)
    figures = found[2:]
    rows = math.ceil(len(figures) / columns) if figures else 0
    note_h = lay.text_px(14) + gap if flat else 0
    if figure_h is None:
        figure_h = (area.h - main_h - note_h - rows * gap) // max(1, rows)
    width = (area.w - (columns - 1) * gap) // columns
    clip = surface.get_clip()
    surface.set_clip(area)
    for rect, chart in ((first, found[0]), (second, found[1])):
        if rect.bottom > area.y and rect.y < area.bottom:
            draw_chart(surface, rect, lay, pal, result, chart)
    for index, chart in enumerate(figures):
        rect = pygame.Rect(area.x + (index % columns) * (width + gap),
                           first.bottom + gap + (index // columns) * (figure_h + gap), width, figure_h)
        if rect.bottom > area.y and rect.y < area.bottom:
            draw_chart(surface, rect, lay, pal, result, chart)
    bottom = first.bottom + rows * (figure_h + gap)
    if flat:
        text = "The same at every value, not charted: " + ", ".join(flat)
        draw_text(surface, text, fit_size(text, lay.text_px(14), area.w), pal.text_dim, (area.x, bottom + gap))
    surface.set_clip(clip)
    return bottom + note_h + scroll - area.y


def draw_results(scene: LabPage, surface: pygame.Surface) -> None:
    """The sweep's results screen: the legend and the charts, scrolled by the wheel or PgUp / PgDn."""
    lay, pal, result = scene.layout, scene.app.palette, scene.sweep_result
    assert result is not None
    legend = draw_text(surface, SCREEN_LEGEND, lay.text_px(14), pal.text_dim, lay.point(1250, 124),
                       anchor="midright")
    doc, size = fit_text(f"{player_words(result.key)}: {result.doc}", lay.text_px(14),
                         legend.x - lay.point(30, 0)[0] - lay.px(16))
    draw_text(surface, doc, size, pal.text, lay.point(30, 124), anchor="midleft")
    area = lay.box(30, 136, 1220, 466)
    total = draw_grid(surface, area, lay, pal, result, SCREEN_COLUMNS, 0.5, lay.px(215), scene.scroll)
    scene.max_scroll = max(0, total - area.h)
    scene.scroll = min(scene.scroll, scene.max_scroll)
    saved_line(scene, surface, "Export writes a CSV of every value's figures or a PNG of the charts into your "
                                "data folder.")


def render_sheet(result: Sweep, title: str, variant: str, pal: Palette, size: tuple[int, int]) -> pygame.Surface:
    """The exported sheet: a heading (the game's ``title``, the rule, the ``variant``'s title), the setup, the
    legend and every chart."""
    surface = pygame.Surface(size)
    surface.fill(pal.background)
    lay = Layout(size[0], round(size[0] * 720 / 1280))
    margin = lay.px(20)
    heading = f"{title}: sweep of {player_words(result.key)} (variant {variant})"
    y = draw_text(surface, heading, fit_size(heading, lay.text_px(24), size[0] - 2 * margin, serif=True, bold=True),
                  pal.accent, (margin, margin), serif=True, bold=True).bottom
    facts = (f"{result.players} players ({levels_text(result.levels)}), {result.games} games per value with the "
             f"same seeds, seed {result.seed}; base value {value_text(result.base.value)}. "
             f"{result.doc[:1].upper()}{result.doc[1:].rstrip('. ')}.")
    y = draw_text(surface, facts, fit_size(facts, lay.text_px(15), size[0] - 2 * margin), pal.text_dim,
                  (margin, y + lay.px(4))).bottom
    y = draw_text(surface, SWEEP_LEGEND, lay.text_px(14), pal.text_dim, (margin, y + lay.px(4))).bottom
    area = pygame.Rect(margin, y + lay.px(10), size[0] - 2 * margin, size[1] - y - lay.px(10) - margin)
    figures = len(charts(result)[0]) - 2
    columns = max(1, min(SHEET_COLUMNS, figures))
    draw_grid(surface, area, lay, pal, result, columns, 0.36 if figures else 1.0, None)
    return surface


def levels_text(levels: list[str]) -> str:
    """``all normal`` or ``easy, normal, hard``."""
    return f"all {levels[0]}" if levels and len(set(levels)) == 1 else ", ".join(levels)


def draw_setup(scene: LabPage, surface: pygame.Surface, room: pygame.Rect) -> None:
    """Under the seat levels: the rule's help, the values the range makes, and why they cannot be played."""
    lay, pal, setup = scene.layout, scene.app.palette, scene.sweep_setup
    top = room.y
    if setup.key:
        top += draw_wrapped(surface, f"{setup.label}: {setup.doc}", lay.text_px(15), pal.text,
                            pygame.Rect(room.x, top, room.w, room.bottom - top)) + lay.px(8)
    problem = setup.problem()
    text, colour = (problem, pal.danger) if problem else (setup.summary(scene.count.value), pal.text_dim)
    top += draw_wrapped(surface, text, lay.text_px(15), colour, pygame.Rect(room.x, top, room.w,
                                                                             room.bottom - top)) + lay.px(8)
    hint = "Every value plays the same seeds; each is compared with the base value (Welch's test)."
    if top < room.bottom - lay.px(40):
        draw_wrapped(surface, hint, lay.text_px(14), pal.text_dim, pygame.Rect(room.x, top, room.w, room.bottom - top))
