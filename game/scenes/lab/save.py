"""Saving the results the lab shows, a comparison (``export``) or a sweep (``sweep_export``), as a CSV
table or a PNG chart sheet in the lab folder, under a name no file there has yet."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import pygame

from game.lab.compare import Comparison
from game.lab.sweep import Sweep
from game.scenes.lab import export, sweep_export, sweep_views
from game.ui.theme import Palette


def save_csv(shown: Comparison | Sweep, title: str) -> Path:
    """Write ``shown`` as CSV; where it went (an ``OSError`` when it cannot be written)."""
    if isinstance(shown, Sweep):
        return sweep_export.write_csv(shown, title, _free(sweep_export.export_stem(shown), ".csv"))
    return export.write_csv(shown, title, _free(export.export_stem(shown), ".csv"))


def save_png(shown: Comparison | Sweep, title: str, names: Sequence[str], pal: Palette) -> Path:
    """Save ``shown``'s charts as a PNG (``names``: the variants' titles, the swept one first); where it went
    (an ``OSError`` or ``pygame.error`` when it cannot)."""
    if isinstance(shown, Sweep):
        path = _free(sweep_export.export_stem(shown), ".png")
        sheet = sweep_views.render_sheet(shown, title, names[0], pal, export.PNG_SIZE)
    else:
        path = _free(export.export_stem(shown), ".png")
        sheet = export.render_charts(shown, title, names, pal)
    pygame.image.save(sheet, str(path))
    return path


def _free(stem: str, suffix: str) -> Path:
    return export.free_path(export.lab_dir(), stem, suffix)
