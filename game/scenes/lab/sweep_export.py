"""A sweep's exports, beside a comparison's in the lab folder: a CSV of every value's figures with their 95%
bands and flags, and a PNG of the charts."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from game.lab.sweep import LENGTH, Band, Sweep, SweepPoint, value_text
from game.scenes.lab.export import stamped_stem, z_text
from game.storage.files import write_atomic
from game.variants.help import player_words


def export_stem(result: Sweep) -> str:
    """``<game>-sweep-<key>-<date>-<time>``."""
    return stamped_stem(f"{result.game}-sweep-{result.key}")


def _cells(band: Band, point: SweepPoint, name: str) -> list[str]:
    z = point.z.get(name)
    return [f"{band.mean:.6f}", f"{band.low:.6f}", f"{band.high:.6f}",
            "" if z is None else z_text(z),
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
