"""Saving the results the lab shows, a comparison (``lab_export``) or a sweep (``lab_sweep_export``), as a CSV
table or a PNG chart sheet in the lab folder, under a name no file there has yet."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from game.lab.compare import Comparison
from game.lab.sweep import Sweep
from game.scenes import lab_export, lab_sweep_export
from game.ui.theme import Palette


def save_csv(shown: Comparison | Sweep, title: str) -> Path:
    """Write ``shown`` as CSV; where it went (an ``OSError`` when it cannot be written)."""
    if isinstance(shown, Sweep):
        return lab_sweep_export.write_csv(shown, title, _free(lab_sweep_export.export_stem(shown), ".csv"))
    return lab_export.write_csv(shown, title, _free(lab_export.export_stem(shown), ".csv"))


def save_png(shown: Comparison | Sweep, title: str, names: Sequence[str], pal: Palette) -> Path:
    """Save ``shown``'s charts as a PNG (``names``: the variants' titles, the swept one first); where it went
    (an ``OSError`` or ``pygame.error`` when it cannot)."""
    if isinstance(shown, Sweep):
        return lab_sweep_export.save_png(shown, title, names[0], pal, _free(lab_sweep_export.export_stem(shown), ".png"))
    return lab_export.save_png(shown, title, names, pal, _free(lab_export.export_stem(shown), ".png"))


def _free(stem: str, suffix: str) -> Path:
    return lab_export.free_path(lab_export.lab_dir(), stem, suffix)
