"""The variant lab's exports: a CSV of the compared figures and a PNG of the charts, in the user data folder."""

from __future__ import annotations

import csv
import math
import re
import time
from pathlib import Path
from typing import Sequence

import pygame

from game.core.match import series_seeds
from game.lab.compare import Comparison
from game.scenes.lab.charts import LEGEND, charts, draw_legend
from game.storage.paths import user_data_dir
from game.ui.layout import Layout, row
from game.ui.text import draw_text
from game.ui.theme import Palette

PNG_SIZE = (1920, 1080)
"""The exported chart sheet: a heading, win rate by seat, and the two histograms side by side."""


def lab_dir() -> Path:
    """Where the lab's exports go (created when needed)."""
    return user_data_dir() / "lab"


def stamped_stem(text: str) -> str:
    """``<text>-<date>-<time>``, safe as a file name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", f"{text}-{time.strftime('%Y%m%d-%H%M%S')}")


def export_stem(result: Comparison) -> str:
    """``<game>-<A>-vs-<B>-<date>-<time>``."""
    return stamped_stem(f"{result.game}-{result.variants[0]}-vs-{result.variants[1]}")


def free_path(folder: Path, stem: str, suffix: str) -> Path:
    """``folder/stem.suffix``, numbered when that file already exists."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


def z_text(value: float) -> str:
    """A z score for the CSV (an infinite one as ``inf``)."""
    return f"{value:.3f}" if math.isfinite(value) else ("inf" if value > 0 else "-inf")


def write_csv(result: Comparison, title: str, path: Path) -> Path:
    """The compared rows, the wins by seat and every game's seed and outcome, as one sectioned CSV."""
    first, second = result.series
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["game", title])
        out.writerow(["players", result.players])
        out.writerow(["seats", *result.levels])
        out.writerow(["variant A", result.variants[0]])
        out.writerow(["variant B", result.variants[1]])
        out.writerow(["games per variant", first.games])
        out.writerow(["seed", first.seed])
        out.writerow([])
        out.writerow(["figure", "A", "B", "B - A", "z", "larger than chance (Welch, 1%)"])
        for item in result.rows:
            out.writerow([item.name, f"{item.a:.6f}", f"{item.b:.6f}", f"{item.b - item.a:.6f}", z_text(item.z),
                          "yes" if item.significant else "no"])
        out.writerow([])
        out.writerow(["seat", "level", "wins A", "wins B", "win rate A", "win rate B"])
        for seat, level in enumerate(result.levels):
            wins_a, wins_b = first.wins[seat], second.wins[seat]
            out.writerow([seat + 1, level, f"{wins_a:.3f}", f"{wins_b:.3f}",
                          f"{wins_a / max(1, first.games):.4f}", f"{wins_b / max(1, second.games):.4f}"])
        out.writerow([])
        seats = range(result.players)
        out.writerow(["game", "seed", "actions A", "actions B", *[f"score A seat {s + 1}" for s in seats],
                      *[f"score B seat {s + 1}" for s in seats]])
        for index, seed in enumerate(series_seeds(first.seed, first.games)):
            scores_a = first.scores[index] if index < len(first.scores) else []
            scores_b = second.scores[index] if index < len(second.scores) else []
            out.writerow([index + 1, seed, first.lengths[index], second.lengths[index] if index < second.games else "",
                          *[number_text(v) for v in scores_a], *[number_text(v) for v in scores_b]])
    return path


def number_text(value: float) -> str:
    """A score without a needless ``.0``."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def render_charts(result: Comparison, title: str, names: Sequence[str], pal: Palette,
                  size: tuple[int, int] = PNG_SIZE) -> pygame.Surface:
    """The chart sheet: a heading, the legend and the three charts."""
    surface = pygame.Surface(size)
    surface.fill(pal.background)
    lay = Layout(size[0], round(size[0] * 720 / 1280))
    margin = lay.px(24)
    y = margin
    heading = f"{title}: {names[0]} (A) vs {names[1]} (B)"
    y = draw_text(surface, heading, lay.text_px(26), pal.accent, (margin, y), serif=True, bold=True).bottom
    levels = ", ".join(result.levels) if len(set(result.levels)) > 1 else f"all {result.levels[0]}"
    facts = (f"{result.players} players ({levels}), {result.series[0].games} games per variant, "
             f"seed {result.series[0].seed}")
    y = draw_text(surface, facts, lay.text_px(16), pal.text_dim, (margin, y + lay.px(4))).bottom
    legend = draw_legend(surface, (margin, y + lay.px(10)), lay, pal, names)
    draw_text(surface, LEGEND, lay.text_px(14), pal.text_dim, (legend.right + lay.px(30), legend.centery),
              anchor="midleft")
    area = pygame.Rect(margin, legend.bottom + lay.px(16), size[0] - 2 * margin,
                       size[1] - legend.bottom - lay.px(16) - margin)
    gap = lay.px(18)
    seat = pygame.Rect(area.x, area.y, area.w, round(area.h * 0.4))
    lower = pygame.Rect(area.x, seat.bottom + gap, area.w, area.bottom - seat.bottom - gap)
    charts(surface, [seat, *row(lower, 2, gap)], lay, pal, result)
    return surface
