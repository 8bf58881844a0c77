"""The results' chart of how the game went: each seat's score after every part (hand, deal, round) as a line in
its colour, with its bead's shape as the markers (never colour alone), over labelled axes. Drawn once per size,
palette and game: the results screen blits the picture."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.core.progress import Progress
from game.ui import assets
from game.ui.theme import Palette, blend, font

SCORE_WORD = "score"
"""The upright axis's title."""
MOST_MARKERS = 12
"""The most markers on one seat's line: a long game (a hundred rounds) marks every few parts, and its end."""
MOST_X_LABELS = 10
MOST_Y_LABELS = 5
NICE_STEPS = (1, 2, 5)


def nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50... that cuts ``span`` into at most ``most`` steps."""
    if span <= 0:
        return 1
    scale = 1
    while True:
        for base in NICE_STEPS:
            if span / (base * scale) <= most:
                return base * scale
        scale *= 10


def chart_caption(progress: Progress) -> str:
    """What the chart shows, in words."""
    return f"Score after each {progress.word}"


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, progress: Progress, winners: tuple[int, ...],
               text_size: int) -> None:
    """The chart of ``progress`` filling ``rect`` (the winners' lines drawn last and thicker)."""
    surface.blit(_chart(rect.size, progress, winners, text_size, assets.palette()), rect)


@lru_cache(maxsize=8)
def _chart(size: tuple[int, int], progress: Progress, winners: tuple[int, ...], text_size: int,
           pal: Palette) -> pygame.Surface:
    image = pygame.Surface(size, pygame.SRCALPHA)
    label = font(text_size)
    values = [score for totals in progress.totals for score in totals]
    low, high = min(0.0, min(values)), max(values)
    y_step = nice_step(high - low, MOST_Y_LABELS)
    low = math.floor(low / y_step) * y_step
    high = max(low + y_step, math.ceil(high / y_step) * y_step)
    y_ticks = list(range(int(low), int(high) + 1, y_step))
    left = max(label.size(f"{tick:g}")[0] for tick in y_ticks) + text_size // 2
    top = label.get_linesize()
    bottom = size[1] - 2 * label.get_linesize() - text_size // 3
    right = size[0] - text_size
    plot = pygame.Rect(left, top, max(1, right - left), max(1, bottom - top))
    parts = max(1, progress.parts)

    def at(part: int, score: float) -> tuple[int, int]:
        return (plot.x + round(plot.w * part / parts), plot.bottom - round(plot.h * (score - low) / (high - low)))

    grid = blend(pal.panel, pal.text_dim, 0.3)
    line_width = max(1, plot.h // 180)
    for tick in y_ticks:
        y = at(0, tick)[1]
        pygame.draw.line(image, grid, (plot.x, y), (plot.right, y), line_width)
        shown = label.render(f"{tick:g}", True, pal.text_dim)
        image.blit(shown, shown.get_rect(midright=(plot.x - text_size // 4, y)))
    x_step = nice_step(parts, MOST_X_LABELS)
    for part in range(0, parts + 1, x_step):
        x = at(part, low)[0]
        pygame.draw.line(image, pal.text_dim, (x, plot.bottom), (x, plot.bottom + text_size // 4), line_width)
        shown = label.render(str(part), True, pal.text_dim)
        image.blit(shown, shown.get_rect(midtop=(x, plot.bottom + text_size // 4)))
    pygame.draw.line(image, pal.text_dim, plot.topleft, plot.bottomleft, line_width + 1)
    pygame.draw.line(image, pal.text_dim, plot.bottomleft, plot.bottomright, line_width + 1)
    axis = label.render(progress.word, True, pal.text)
    image.blit(axis, axis.get_rect(midbottom=(plot.centerx, size[1])))
    upright = label.render(SCORE_WORD, True, pal.text)
    image.blit(upright, upright.get_rect(bottomleft=(0, top - text_size // 6)))
    seats = len(progress.totals[0])
    order = [seat for seat in range(seats) if seat not in winners] + [seat for seat in range(seats) if seat in winners]
    marker = max(8, min(plot.h // 11, round(text_size * 1.1)))
    stride = math.ceil(parts / MOST_MARKERS)
    for seat in order:
        points = [at(part, totals[seat]) for part, totals in enumerate(progress.totals)]
        width = max(2, plot.h // (70 if seat in winners else 110))
        pygame.draw.lines(image, pal.seats[seat % len(pal.seats)], False, points, width)
        bead = assets.bead(seat, marker)
        for part in range(1, len(points)):
            if part % stride == 0 or part == len(points) - 1:
                image.blit(bead, bead.get_rect(center=points[part]))
    return image
