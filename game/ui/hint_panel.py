"""A hint at the table: the job that thinks on the table's worker, the lines that say its estimates, the panel
at the top of the log that shows them, and the ring around the thing it chose."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from typing import Callable, Sequence

import pygame

from game.core.agent import Agent
from game.core.analysis import HINT_OPTIONS, Analysis, win_words
from game.core.contracts import Action, Observation
from game.ui.layout import Layout
from game.ui.text import draw_text, panel, wrap_cached
from game.ui.theme import Palette, font

HINT_TEXT = 15
"""Reference size of the panel's text."""
HINT_TAG = "Hint"
"""The word over the thing a hint chose."""
THINKING = "Thinking about your move..."


class HintJob:
    """A hint computed on the table's worker thread: the hard AI's analysis of the player's decision."""

    def __init__(self, worker: ThreadPoolExecutor, agent: Agent, observation: Observation, legal: Sequence[Action],
                 version: int) -> None:
        self.version = version
        self.future: Future[Analysis] = worker.submit(agent.analyse, observation, list(legal))


def hint_lines(hint: Analysis | None, error: str | None, words: Callable[[Action], str]) -> list[str]:
    """The hint as the panel says it: the choice first, then the next best, each with its chance of winning, the
    margin of that estimate and the score (``words`` names a move), "about equal" for a move the review would
    not call a mistake; a failure or the wait while it thinks."""
    if error is not None:
        return [error]
    if hint is None:
        return [THINKING]
    if hint.forced:
        return [f"Only one move: {words(hint.choice)}."]
    options = hint.top(HINT_OPTIONS)
    lines = [] if options and options[0].action == hint.choice else [f"Best: {words(hint.choice)}"]
    for option in options:
        score = "" if option.score is None else f", score {option.score:.1f}"
        best = option.action == hint.choice
        equal = ", about equal" if not best and hint.about_equal(option.action) else ""
        lines.append(f"{'Best: ' if best else ''}{words(option.action)}: {win_words(option)}{score}{equal}")
    return lines


def draw_hint_panel(surface: pygame.Surface, area: pygame.Rect, entries: list[str], pal: Palette,
                    lay: Layout) -> pygame.Rect:
    """The panel of ``entries`` (``area``: its left, top and width; the height fits the lines); its rect."""
    size = lay.text_px(HINT_TEXT)
    face = font(size)
    pad = lay.px(8)
    lines: list[str] = []
    for index, entry in enumerate(entries):
        wrapped = wrap_cached(entry, size, area.w - 2 * pad - lay.px(14))
        lines += [("\u2022 " if index and not line_no else "  " if index else "") + line
                  for line_no, line in enumerate(wrapped)]
    box = pygame.Rect(area.x, area.y, area.w, face.get_linesize() * (len(lines) + 1) + 2 * pad)
    panel(surface, box, pal.background, pal.accent, radius=lay.px(6))
    draw_text(surface, HINT_TAG, size, pal.accent, (box.x + pad, box.y + pad), bold=True)
    y = box.y + pad + face.get_linesize()
    for line in lines:
        surface.blit(face.render(line, True, pal.text), (box.x + pad, y))
        y += face.get_linesize()
    return box


def draw_hint_ring(surface: pygame.Surface, rect: pygame.Rect, pal: Palette, lay: Layout,
                   oval: bool = False) -> None:
    """Mark the thing a hint chose: a ring in the accent colour (``oval`` round a round thing) and "Hint" over it."""
    ring = rect.inflate(lay.px(10), lay.px(10))
    if oval:
        pygame.draw.ellipse(surface, pal.accent, ring, width=max(2, lay.px(4)))
    else:
        pygame.draw.rect(surface, pal.accent, ring, width=max(2, lay.px(4)), border_radius=lay.px(8))
    size = lay.text_px(14)
    width, height = font(size, bold=True).size(HINT_TAG)
    tag = pygame.Rect(0, 0, width + lay.px(12), height + lay.px(2))
    tag.midbottom = (ring.centerx, ring.top + lay.px(2))
    tag.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, pal.accent, tag, border_radius=lay.px(6))
    draw_text(surface, HINT_TAG, size, pal.background, tag.center, anchor="center", bold=True)
