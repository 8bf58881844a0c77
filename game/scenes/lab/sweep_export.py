"""A sweep's exports, beside a comparison's in the lab folder: a CSV of every value's figures with their 95%
bands and flags, and a PNG of the charts."""

from __future__ import annotations

import csv
import io
import math
import re
import time
from pathlib import Path

import pygame

from game.lab.sweep import LENGTH, Band, Sweep, SweepPoint, value_text
from game.scenes.lab.export import PNG_SIZE
from game.scenes.lab.sweep_views import render_sheet
from game.storage.files import write_atomic
from game.ui.theme import Palette
from game.variants.help import player_words


def export_stem(result: Sweep) -> str:
    """``<game>-sweep-<key>-<date>-<time>``, safe as a file name."""
    text = f"{result.game}-sweep-{result.key}-{time.strftime('%Y%m%d-%H%M%S')}"
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text)


def _cells(band: Band, point: SweepPoint, name: str) -> list[str]:
    z = point.z.get(name)
    return [f"{band.mean:.6f}", f"{band.low:.6f}", f"{band.high:.6f}",
            "" if z is None else (f"{z:.3f}" if math.isfinite(z) else ("inf" if z > 0 else "-inf")),
            "base" if point.base else ("yes" if point.differs(name) else "no")]


def csv_text(result: Sweep, title: str) -> str:
    """The setup, then a line per value and figure: mean, 95% band, z against the base and the flag."""
    buffer = io.StringIO()
    out = csv.writer(buffer, lineterminator="\n")
    for row in (["game", title], ["players", result.players], ["seats", *result.levels],
                ["variant", result.variant], ["parameter", result.key], ["rule", player_words(result.key)],
                ["help", result.doc],
                ["base value", value_text(result.base.value)], ["games per value", result.games],
                ["seed", result.seed], []):
        out.writerow(row)
    out.writerow(["value", "figure", "mean", "95% low", "95% high", "z", "differs from base (Welch, 1%)"])
    for point in result.points:
        value = value_text(point.value)
        for seat, share in enumerate(point.shares):
            out.writerow([value, f"win share, seat {seat + 1} ({result.levels[seat]})",
                          *_cells(share, point, f"seat {seat + 1}")])
        out.writerow([value, "actions per game", *_cells(point.length, point, LENGTH)])
        for name in sorted(point.figures):
            out.writerow([value, f"{name.replace('_', ' ')} per game", *_cells(point.figures[name], point, name)])
    return buffer.getvalue()


def write_csv(result: Sweep, title: str, path: Path) -> Path:
    """``csv_text`` written atomically to ``path``."""
    write_atomic(path, csv_text(result, title))
    return path


def save_png(result: Sweep, title: str, variant: str, pal: Palette, path: Path) -> Path:
    """The chart sheet of a sweep of the variant titled ``variant`` saved as a PNG at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(render_sheet(result, title, variant, pal, PNG_SIZE), str(path))
    return path
