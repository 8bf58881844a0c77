"""The variant lab's drawings: grouped bar charts (win rate by seat, histograms) and the compared table; a
sweep's line charts with 95% bands (a figure against the swept parameter); and the statistics screen's results
over time (a bar per game and a running line), drawn the same way.

Variant A is drawn as solid sky-blue bars and variant B as orange outlined, hatched bars (Okabe & Ito's
colours), so the two differ by pattern as well as by colour. Everything is drawn with pygame from a
``Layout``, so the same code draws the screen and the exported PNG.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.core.statistics import Z_99
from game.lab.compare import Comparison, Histogram, Row
from game.scenes.common import draw_panel
from game.ui import assets
from game.ui.layout import Layout
from game.ui.text import draw_text, draw_wrapped, fit_size, wrap
from game.ui.theme import Colour, Palette, blend, font

A_COLOUR: Colour = (86, 180, 233)
B_COLOUR: Colour = (230, 159, 0)
TIMELINE_MIN_SLOT = 7
"""The narrowest slot (reference units) a bar of results over time gets: a longer history shows its newest."""
LEGEND = f"* larger than chance: Welch's test, 1% level (|z| > {Z_99})"
SWEEP_LEGEND = ("dashed line: the base value \u00b7 shaded: 95% band \u00b7 ringed *: differs from the base "
                "value beyond chance (Welch, 1%)")
BAND_ALPHA = 60
"""How opaque a line's 95% band is drawn (of 255): the lines and the other bands show through."""


def number(value: float) -> str:
    """A short, readable number: whole numbers plainly, others with as few decimals as tell."""
    if not math.isfinite(value):
        return str(value)
    if abs(value - round(value)) < 1e-9:
        return str(int(round(value)))
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def row_text(row: Row, percent: bool) -> tuple[str, str, str]:
    """A row's A, B and B - A as shown (win rates as percentages)."""
    if percent:
        change = "0" if row.b == row.a else f"{(row.b - row.a) * 100:+.1f}"
        return f"{row.a * 100:.1f}%", f"{row.b * 100:.1f}%", change
    difference = row.b - row.a
    change = "0" if difference == 0 else ("+" if difference > 0 else "") + number(difference)
    return number(row.a), number(row.b), change


def chart_panel(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, title: str, room: int, *,
                size: int = 17, top: int = 8) -> None:
    """A chart's panel with its title at the top left, fitted to ``room``, in the panel's title band."""
    px = fit_size(title, lay.text_px(size), room, bold=True)
    draw_panel(surface, rect, pal, lay, band=lay.px(top) * 3 // 2 + font(px, bold=True).get_linesize(), radius=8)
    draw_text(surface, title, px, pal.text, (rect.x + lay.px(12), rect.y + lay.px(top)), bold=True)


def grid_line(surface: pygame.Surface, plot: pygame.Rect, y: int, label: str, lay: Layout, pal: Palette,
              size: int) -> None:
    """A level across the plot, labelled on the axis."""
    pygame.draw.line(surface, blend(pal.panel, pal.text_dim, 0.25), (plot.x, y), (plot.right, y), 1)
    draw_text(surface, label, size, pal.text_dim, (plot.x - lay.px(6), y), anchor="midright")


def dashed(surface: pygame.Surface, colour: Colour, start: tuple[int, int], end: int, lay: Layout, *,
           step: float = 12, vertical: bool = False) -> None:
    """A dashed line from ``start`` to ``end`` along x (or y when ``vertical``), a dash every ``step`` units."""
    x, y = start
    width, dash = max(1, lay.px(1.5)), lay.px(step / 2)
    for at in range(y if vertical else x, end, lay.px(step)):
        if vertical:
            pygame.draw.line(surface, colour, (x, at), (x, min(end, at + dash)), width)
        else:
            pygame.draw.line(surface, colour, (at, y), (min(end, at + dash), y), width)


def draw_scrollbar(surface: pygame.Surface, track: pygame.Rect, first: int, shown: int, count: int, lay: Layout,
                   pal: Palette) -> None:
    """Where the ``shown`` of ``count`` lines (or pixels) from ``first`` lie among all, when they do not all fit."""
    if count <= shown:
        return
    pygame.draw.rect(surface, blend(pal.panel, pal.text_dim, 0.2), track, border_radius=lay.px(2))
    knob_h = max(lay.px(16), round(track.h * shown / count))
    knob_y = track.y + round((track.h - knob_h) * first / max(1, count - shown))
    pygame.draw.rect(surface, pal.text_dim, (track.x, knob_y, track.w, knob_h), border_radius=lay.px(2))


def hatched_bar(surface: pygame.Surface, rect: pygame.Rect, colour: Colour, background: Colour, gap: int,
                width: int) -> None:
    """An outlined bar filled with diagonal stripes (variant B's pattern)."""
    if rect.w <= 0 or rect.h <= 0:
        return
    pygame.draw.rect(surface, blend(background, colour, 0.18), rect)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for offset in range(-rect.h, rect.w, max(3, gap)):
        pygame.draw.line(surface, colour, (rect.x + offset, rect.bottom), (rect.x + offset + rect.h, rect.top),
                         max(1, width))
    surface.set_clip(clip)
    pygame.draw.rect(surface, colour, rect, max(1, width))


def solid_bar(surface: pygame.Surface, rect: pygame.Rect, colour: Colour) -> None:
    """A filled bar (variant A's pattern)."""
    if rect.w > 0 and rect.h > 0:
        pygame.draw.rect(surface, colour, rect)


def swatch(surface: pygame.Surface, rect: pygame.Rect, which: int, lay: Layout, pal: Palette) -> None:
    """The legend sample of variant A (0) or B (1)."""
    if which == 0:
        solid_bar(surface, rect, A_COLOUR)
    else:
        hatched_bar(surface, rect, B_COLOUR, pal.panel, lay.px(5), lay.px(2))


def draw_legend(surface: pygame.Surface, pos: tuple[int, int], lay: Layout, pal: Palette, names: Sequence[str],
                size: float = 16) -> pygame.Rect:
    """``A: name   B: name`` with pattern swatches, from ``pos`` (top left); the area used."""
    x, y = pos
    px = lay.text_px(size)
    box = pygame.Rect(x, y, lay.px(26), px)
    area = pygame.Rect(x, y, 0, px)
    for which, name in enumerate(names):
        box.x = x
        swatch(surface, box, which, lay, pal)
        text = draw_text(surface, f"{'AB'[which]}: {name}", px, pal.text, (box.right + lay.px(8), box.centery),
                         anchor="midleft")
        area = area.union(text)
        x = text.right + lay.px(26)
    return area


def bar_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, title: str,
              labels: Sequence[str], a: Sequence[float], b: Sequence[float], *,
              fmt: Callable[[float], str] = number, reference: float | None = None,
              reference_label: str = "", x_title: str = "", counts: bool = False) -> None:
    """A panel with a grouped bar chart: one group per label, A's bar left of B's (``counts``: whole ticks)."""
    title_px = lay.text_px(17)
    small = lay.text_px(13)
    face = font(small)
    room = rect.w - lay.px(24) - (face.size(reference_label)[0] + lay.px(44) if reference_label else 0)
    chart_panel(surface, rect, lay, pal, title, room)
    top = max(a, default=0.0)
    top = max(top, max(b, default=0.0), reference or 0.0)
    top = top if top > 0 else 1.0
    axis_w = max(face.size(fmt(top))[0], face.size("0")[0]) + lay.px(10)
    plot = pygame.Rect(rect.x + lay.px(10) + axis_w, rect.y + title_px + lay.px(22),
                       rect.w - axis_w - lay.px(24), 0)
    bottom_space = face.get_linesize() * (2 if x_title else 1) + lay.px(12)
    plot.h = rect.bottom - bottom_space - plot.y
    if plot.w <= 10 or plot.h <= 10:
        return
    ticks = [0.0, round(top / 2), top] if counts else [0.0, top / 2, top]
    for tick in dict.fromkeys(ticks):
        grid_line(surface, plot, plot.bottom - round(plot.h * tick / top), fmt(tick), lay, pal, small)
    groups = max(1, len(labels))
    slot = plot.w / groups
    bar_w = max(1, int(slot * 0.38))
    widest = max((face.size(label)[0] for label in labels), default=0) + lay.px(8)
    every = max(1, math.ceil(widest / max(1.0, slot)))
    for index, label in enumerate(labels):
        left = plot.x + index * slot + (slot - 2 * bar_w) / 2
        for which, values in enumerate((a, b)):
            value = values[index] if index < len(values) else 0.0
            h = round(plot.h * max(0.0, value) / top)
            bar = pygame.Rect(round(left + which * bar_w), plot.bottom - h, bar_w, h)
            if which == 0:
                solid_bar(surface, bar, A_COLOUR)
            else:
                hatched_bar(surface, bar, B_COLOUR, pal.panel, lay.px(5), max(1, lay.px(1.5)))
        if index % every == 0:
            draw_text(surface, label, small, pal.text_dim,
                      (round(plot.x + (index + 0.5) * slot), plot.bottom + lay.px(4)), anchor="midtop")
    pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.topleft, 1)
    if reference is not None and reference > 0:
        dashed(surface, pal.text, (plot.x, plot.bottom - round(plot.h * reference / top)), plot.right, lay)
        if reference_label:  # explained at the top right, where no bar can hide it
            key = draw_text(surface, reference_label, small, pal.text,
                            (rect.right - lay.px(12), rect.y + lay.px(8) + title_px // 2), anchor="midright")
            dashed(surface, pal.text, (key.x - lay.px(30), key.centery), key.x - lay.px(6), lay)
    if x_title:
        draw_text(surface, x_title, fit_size(x_title, small, rect.w - lay.px(20)), pal.text_dim,
                  (plot.centerx, rect.bottom - lay.px(6)), anchor="midbottom")


def timeline_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, title: str,
                   bars: Sequence[float], line: Sequence[float], *, names: tuple[str, str],
                   labels: Sequence[str] = (), top: float = 1.0,
                   fmt: Callable[[float], str] = number) -> int:
    """A panel charting results over time, oldest left: a solid bar per value of ``bars`` (each game's result)
    and ``line``, one point per bar, as a line with dots (a running rate), so the two differ by shape as well
    as by colour; ``names`` label them in the key; ``labels`` (one per bar, such as its date)
    name the first and last bar shown under the axis; the y axis runs from 0 to ``top``. Only the newest bars
    that fit at a readable width are drawn (said under the axis); how many were."""
    small = lay.text_px(13)
    face = font(small)
    chart_panel(surface, rect, lay, pal, title, rect.w - lay.px(24))
    key_y = rect.y + lay.text_px(17) + lay.px(18)
    box = pygame.Rect(rect.x + lay.px(12), key_y - small // 2, lay.px(20), small)
    solid_bar(surface, box, A_COLOUR)
    after = draw_text(surface, names[0], small, pal.text, (box.right + lay.px(6), key_y), anchor="midleft")
    mark_x = after.right + lay.px(20)
    pygame.draw.line(surface, B_COLOUR, (mark_x, key_y), (mark_x + lay.px(20), key_y), max(2, lay.px(2.5)))
    pygame.draw.circle(surface, B_COLOUR, (mark_x + lay.px(10), key_y), max(2, lay.px(3.5)))
    draw_text(surface, names[1], small, pal.text, (mark_x + lay.px(26), key_y), anchor="midleft")
    axis_w = max(face.size(fmt(top))[0], face.size(fmt(top / 2))[0]) + lay.px(10)
    plot = pygame.Rect(rect.x + lay.px(10) + axis_w, key_y + small + lay.px(6), rect.w - axis_w - lay.px(24), 0)
    plot.h = rect.bottom - face.get_linesize() - lay.px(12) - plot.y
    if plot.w <= 10 or plot.h <= 10 or top <= 0:
        return 0
    for tick in (0.0, top / 2, top):
        grid_line(surface, plot, plot.bottom - round(plot.h * tick / top), fmt(tick), lay, pal, small)
    shown = min(len(bars), max(1, plot.w // max(2, lay.px(TIMELINE_MIN_SLOT))))
    first = len(bars) - shown
    slot = plot.w / max(1, shown)
    bar_w = max(1, round(slot * 0.7))
    points: list[tuple[int, int]] = []
    for index in range(shown):
        centre = round(plot.x + (index + 0.5) * slot)
        value = min(top, max(0.0, bars[first + index]))
        h = round(plot.h * value / top)
        solid_bar(surface, pygame.Rect(centre - bar_w // 2, plot.bottom - h, bar_w, h), A_COLOUR)
        if first + index < len(line):
            points.append((centre, plot.bottom - round(plot.h * min(top, max(0.0, line[first + index])) / top)))
    if len(points) > 1:
        pygame.draw.lines(surface, B_COLOUR, False, points, max(2, lay.px(2.5)))
    if len(points) <= plot.w // max(1, lay.px(8)):  # dots only while they stand apart
        for point in points:
            pygame.draw.circle(surface, B_COLOUR, point, max(2, lay.px(3)))
    pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.topleft, 1)
    pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.bottomright, 1)
    if len(labels) == len(bars) and shown:
        label_y = plot.bottom + lay.px(4)
        draw_text(surface, labels[first], small, pal.text_dim, (plot.x, label_y), anchor="topleft")
        if shown > 1:
            draw_text(surface, labels[-1], small, pal.text_dim, (plot.right, label_y), anchor="topright")
    if shown < len(bars):
        draw_text(surface, f"the newest {shown} of {len(bars)}", small, pal.text_dim,
                  (plot.centerx, plot.bottom + lay.px(4)), anchor="midtop")
    return shown


def histogram_labels(histogram: Histogram) -> list[str]:
    """Each bin's range start, as a short number."""
    return [number(edge) for edge in histogram.edges[:-1]]


def seat_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, result: Comparison) -> None:
    """Win rate by seat for A and B, with the fair share marked."""
    players = result.players
    rates = [[row.a, row.b] for row in result.rows[:players]]
    bar_chart(surface, rect, lay, pal, "Win rate by seat: does going first matter?",
              [f"seat {i + 1}" for i in range(players)],
              [r[0] for r in rates], [r[1] for r in rates], fmt=lambda v: f"{v * 100:.0f}%",
              reference=1 / max(1, players), reference_label=f"fair share {100 / max(1, players):.3g}%")


def histogram_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, title: str,
                    histogram: Histogram, x_title: str) -> None:
    """A histogram of A and B in shared bins."""
    bar_chart(surface, rect, lay, pal, title, histogram_labels(histogram), [float(v) for v in histogram.a],
              [float(v) for v in histogram.b], x_title=x_title, counts=True)


def charts(surface: pygame.Surface, rects: Sequence[pygame.Rect], lay: Layout, pal: Palette,
           result: Comparison) -> None:
    """The three charts (win rate by seat, scores, game length) into three rects."""
    seat_chart(surface, rects[0], lay, pal, result)
    histogram_chart(surface, rects[1], lay, pal, "Score distribution", result.scores,
                    "final score of every seat (bin start)")
    histogram_chart(surface, rects[2], lay, pal, "Game length", result.lengths,
                    "actions per game (bin start)")


def table(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, result: Comparison,
          names: Sequence[str], scroll: int) -> int:
    """The compared figures, significant differences marked; how far the rows can scroll."""
    draw_panel(surface, rect, pal, lay, radius=8)
    size = lay.text_px(15)
    face = font(size)
    line = face.get_linesize() + lay.px(5)
    inner = rect.inflate(-lay.px(20), -lay.px(14))
    cols = [inner.x + round(inner.w * f) for f in (0.0, 0.56, 0.72, 0.88)]
    head_y = inner.y
    headers = ("figure", "A", "B", "B - A")
    for index, (x, text) in enumerate(zip(cols, headers)):
        width = (cols[index + 1] if index + 1 < len(cols) else inner.right) - x - lay.px(6)
        head_px = fit_size(text, size, width, bold=True)
        if index == 0:
            draw_text(surface, text, head_px, pal.text_dim, (x, head_y), bold=True)
        else:
            right = (cols[index + 1] - lay.px(10)) if index + 1 < len(cols) else inner.right - lay.px(14)
            draw_text(surface, text, head_px, A_COLOUR if index == 1 else B_COLOUR if index == 2 else pal.text_dim,
                      (right, head_y), anchor="topright", bold=True)
    body = pygame.Rect(inner.x, head_y + line + lay.px(4), inner.w, inner.bottom - head_y - line - lay.px(4))
    if line * len(result.rows) > body.h:  # show whole rows only
        body.h = body.h // line * line
    pygame.draw.line(surface, pal.panel_edge, (inner.x, body.y - lay.px(3)), (inner.right, body.y - lay.px(3)), 1)
    clip = surface.get_clip()
    surface.set_clip(body)
    y = body.y - scroll
    for index, row in enumerate(result.rows):
        if body.y - line < y < body.bottom:
            shown = row_text(row, index < result.players)
            marked = row.significant
            if marked:
                band = pygame.Rect(inner.x - lay.px(4), y - lay.px(2), inner.w + lay.px(8), line)
                pygame.draw.rect(surface, blend(pal.panel, pal.accent, 0.22), band, border_radius=lay.px(4))
            elif index % 2:
                pygame.draw.rect(surface, blend(pal.panel, pal.text_dim, 0.06),
                                 (inner.x - lay.px(4), y - lay.px(2), inner.w + lay.px(8), line))
            name_px = fit_size(row.name, size, cols[1] - cols[0] - lay.px(8))
            draw_text(surface, row.name, name_px, pal.text, (cols[0], y))
            for col, text in enumerate(shown):
                right = (cols[col + 2] - lay.px(10)) if col + 2 < len(cols) else inner.right - lay.px(14)
                draw_text(surface, text, size, pal.text, (right, y), anchor="topright", bold=marked and col == 2)
            if marked:
                draw_text(surface, "*", size, pal.text, (inner.right, y), anchor="topright", bold=True)
        y += line
    surface.set_clip(clip)
    total = line * len(result.rows)
    note = ("Win rates are shares of the games won (ties shared); B - A of a win rate is in percentage points. "
            "Scroll with the mouse wheel or PgUp / PgDn.")
    note_px = lay.text_px(14)
    lines = wrap(note, font(note_px), inner.w)
    if total + line + len(lines) * font(note_px).get_linesize() <= body.h:
        draw_wrapped(surface, note, note_px, pal.text_dim,
                     pygame.Rect(inner.x, body.y + total + line, inner.w, body.bottom - body.y - total - line))
    draw_scrollbar(surface, pygame.Rect(rect.right - lay.px(7), body.y, lay.px(4), body.h), scroll, body.h, total,
                   lay, pal)
    return total - body.h


@dataclass(frozen=True)
class BandLine:
    """One line of a band chart: at each x its mean, its 95% band and whether it is marked (beyond chance)."""

    name: str
    means: Sequence[float]
    lows: Sequence[float]
    highs: Sequence[float]
    marked: Sequence[bool]
    seat: int | None = None
    """Drawn in the seat's colour with its bead as the dot (``None``: A's colour, round dots)."""


def _nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round ticks covering ``low`` to ``high``, at most ``most`` of them (at least two)."""
    span = high - low if high > low else 1.0
    step = 10.0 ** math.floor(math.log10(span / 3))
    while True:
        found = next((step * f for f in (1, 2, 5) if math.ceil(high / (step * f) - 1e-9) -
                      math.floor(low / (step * f) + 1e-9) + 1 <= max(2, most)), None)
        if found is not None:
            step = found
            break
        step *= 10
    first = math.floor(low / step + 1e-9)
    last = math.ceil(high / step - 1e-9)
    return [round(i * step, 10) for i in range(first, last + 1)]


def tick_text(value: float) -> str:
    """An axis tick: ``1.8``, ``250``, ``0.05``."""
    return f"{value:.4g}"


def band_chart(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, pal: Palette, title: str,
               xs: Sequence[float], lines: Sequence[BandLine], *, base_x: float | None = None, x_title: str = "",
               fmt: Callable[[float], str] = tick_text, floor: float | None = None, ceiling: float | None = None,
               reference: float | None = None) -> None:
    """A panel charting each line's mean against ``xs`` with its 95% band shaded, the marked points ringed
    and starred, the base value's x dashed; ``floor`` and ``ceiling`` clip the y axis (a share is 0 to 1);
    ``reference`` is a dashed level (the fair share); the base value's x label is bold. Several lines get a key
    of seat beads under the title."""
    small = lay.text_px(13)
    face = font(small)
    chart_panel(surface, rect, lay, pal, title, rect.w - lay.px(24), size=16, top=7)
    top = rect.y + lay.text_px(16) + lay.px(14)
    if len(lines) > 1:  # the key: a bead and a name per line
        x, dot = rect.x + lay.px(12), max(6, small)
        for line in lines:
            if line.seat is not None:
                surface.blit(assets.bead(line.seat, dot), (x, top))
            x = draw_text(surface, line.name, small, pal.text_dim, (x + dot + lay.px(4), top + dot // 2),
                          anchor="midleft").right + lay.px(14)
        top += dot + lay.px(6)
    values = [v for line in lines for v in (*line.lows, *line.highs, *line.means) if math.isfinite(v)]
    values += [reference] if reference is not None else []
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    low = max(low, floor) if floor is not None else low
    high = min(high, ceiling) if ceiling is not None else high
    plot_h = rect.bottom - face.get_linesize() * (2 if x_title else 1) - lay.px(14) - (top + lay.px(6))
    ticks = _nice_ticks(low, high, plot_h // max(1, round(face.get_linesize() * 1.6)) + 1)
    low, high = ticks[0], ticks[-1]
    if ceiling is not None:
        high = min(high, ceiling)
    axis_w = max(face.size(fmt(t))[0] for t in ticks) + lay.px(10)
    plot = pygame.Rect(rect.x + lay.px(10) + axis_w, top + lay.px(6), rect.w - axis_w - lay.px(30), plot_h)
    if plot.w <= 20 or plot.h <= 20 or not xs:
        return
    x_low, x_high = min(xs), max(xs)
    pad = plot.w * 0.04

    def at(x: float, y: float) -> tuple[int, int]:
        fx = (x - x_low) / (x_high - x_low) if x_high > x_low else 0.5
        fy = (min(high, max(low, y)) - low) / (high - low) if high > low else 0.5
        return round(plot.x + pad + fx * (plot.w - 2 * pad)), round(plot.bottom - fy * plot.h)

    for tick in ticks:
        if tick <= high:
            grid_line(surface, plot, at(x_low, tick)[1], fmt(tick), lay, pal, small)
    if reference is not None:
        dashed(surface, pal.text_dim, (plot.x, at(x_low, reference)[1]), plot.right, lay)
    if base_x is not None:
        dashed(surface, pal.text_dim, (at(base_x, low)[0], plot.y), plot.bottom, lay, step=10, vertical=True)
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    for index, line in enumerate(lines):
        colour = pal.seats[line.seat % len(pal.seats)] if line.seat is not None else A_COLOUR
        if len(xs) > 1:
            outline = [at(x, h) for x, h in zip(xs, line.highs)] + [at(x, v) for x, v in
                                                                     reversed(list(zip(xs, line.lows)))]
            pygame.draw.polygon(shade, (*colour, BAND_ALPHA), outline)
        else:
            top_point, bottom_point = at(xs[0], line.highs[0]), at(xs[0], line.lows[0])
            pygame.draw.line(shade, (*colour, 160), top_point, bottom_point, max(2, lay.px(4)))
    surface.blit(shade, (0, 0))
    dot = max(6, lay.px(11))
    for line in lines:
        colour = pal.seats[line.seat % len(pal.seats)] if line.seat is not None else A_COLOUR
        points = [at(x, m) for x, m in zip(xs, line.means)]
        if len(points) > 1:
            pygame.draw.lines(surface, colour, False, points, max(2, lay.px(2.5)))
        for point, marked in zip(points, line.marked):
            if line.seat is not None:
                surface.blit(assets.bead(line.seat, dot), (point[0] - dot // 2, point[1] - dot // 2))
            else:
                pygame.draw.circle(surface, colour, point, dot // 2)
            if marked:
                pygame.draw.circle(surface, pal.text, point, dot // 2 + lay.px(4), max(1, lay.px(2)))
                draw_text(surface, "*", small, pal.text, (point[0] + dot // 2 + lay.px(3), point[1] - dot // 2),
                          anchor="bottomleft", bold=True)
    pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.topleft, 1)
    pygame.draw.line(surface, pal.text_dim, plot.bottomleft, plot.bottomright, 1)
    widest = max(face.size(number(value))[0] for value in xs) + lay.px(6)
    every = max(1, math.ceil(widest / max(1.0, (plot.w - 2 * pad) / max(1, len(xs) - 1))))
    for index, value in enumerate(xs):
        if index % every == 0 or value == base_x:  # the base value's label in bold, always
            draw_text(surface, number(value), small, pal.text if value == base_x else pal.text_dim,
                      (at(value, low)[0], plot.bottom + lay.px(4)), anchor="midtop", bold=value == base_x)
    if x_title:
        draw_text(surface, x_title, fit_size(x_title, small, rect.w - lay.px(20)), pal.text_dim,
                  (plot.centerx, rect.bottom - lay.px(5)), anchor="midbottom")
