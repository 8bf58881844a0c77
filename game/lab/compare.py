"""Compare two variants of a game by simulating both, and say which differences are larger than chance.

Every figure is compared game by game with Welch's test (a normal approximation, sound for the hundreds
or thousands of games a comparison plays); a difference is flagged when it would arise by chance less
than one time in a hundred.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from game.core.match import SeriesResult, simulate
from game.core.registry import GameSpec
from game.core.statistics import Z_99, mean, welch_z
from game.variants.loader import Variant

HISTOGRAM_BINS = 12


@dataclass(frozen=True)
class Row:
    """One compared figure: its mean under each variant and whether the difference is beyond chance."""

    name: str
    a: float
    b: float
    z: float

    @property
    def significant(self) -> bool:
        """Whether the difference is larger than chance (|z| > Z_99)."""
        return abs(self.z) > Z_99


@dataclass(frozen=True)
class Histogram:
    """Counts of values in shared bins, so both variants' distributions draw on one scale."""

    edges: list[float]
    a: list[int]
    b: list[int]


@dataclass(frozen=True)
class Comparison:
    """Everything the lab shows for two variants."""

    game: str
    players: int
    levels: list[str]
    variants: tuple[str, str]
    series: tuple[SeriesResult, SeriesResult]
    rows: list[Row]
    scores: Histogram
    lengths: Histogram


ROUND_STEPS = (1, 2, 5)
"""Bin widths are one of these times a power of ten."""


def round_bins(low: float, high: float, bins: int, whole: bool) -> tuple[float, int, int]:
    """``(width, first, count)`` of at most ``bins`` equal bins with round edges that hold ``low`` to ``high``:
    the width is 1, 2 or 5 times a power of ten (at least 1 for ``whole``-number data), the edges are
    ``(first + i) * width``."""
    span = high - low if high > low else float(bins)  # one value: bins a whole unit wide
    exponent = math.floor(math.log10(span / bins))
    while True:
        for step in ROUND_STEPS:
            width = step * 10.0 ** exponent
            if whole and width < 1:
                continue
            first = math.floor(low / width + 1e-9)
            count = math.floor(high / width + 1e-9) - first + 1
            if count <= bins:
                return width, first, count
        exponent += 1


def histogram(xs: Sequence[float], ys: Sequence[float], bins: int = HISTOGRAM_BINS) -> Histogram:
    """Both samples counted in the same bins, at most ``bins`` of them, with round edges (a chart labels them):
    a value on an edge goes into the bin that starts there."""
    values = list(xs) + list(ys)
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    width, first, used = round_bins(low, high, bins, all(float(v).is_integer() for v in values))
    digits = max(0, -math.floor(math.log10(width)))
    edges = [round((first + i) * width, digits) for i in range(used + 1)]

    def count(sample: Sequence[float]) -> list[int]:
        counts = [0] * used
        for value in sample:
            counts[min(used - 1, max(0, math.floor(value / width + 1e-9) - first))] += 1
        return counts

    return Histogram(edges, count(xs), count(ys))


def compare_series(first: SeriesResult, second: SeriesResult) -> tuple[list[Row], Histogram, Histogram]:
    """The compared rows and the two histograms of two finished series."""
    rows: list[Row] = []
    for seat, level in enumerate(first.levels):
        xs = [game[seat] for game in first.shares]
        ys = [game[seat] for game in second.shares]
        rows.append(Row(f"win rate, seat {seat + 1} ({level})", mean(xs), mean(ys), welch_z(xs, ys)))
    for seat in range(len(first.levels)):
        xs = [game[seat] for game in first.scores]
        ys = [game[seat] for game in second.scores]
        rows.append(Row(f"mean score, seat {seat + 1}", mean(xs), mean(ys), welch_z(xs, ys)))
    rows.append(Row("actions per game", mean(first.lengths), mean(second.lengths),
                    welch_z(first.lengths, second.lengths)))
    for name in sorted(set(first.figures) | set(second.figures)):
        xs, ys = first.figures.get(name, []), second.figures.get(name, [])
        rows.append(Row(f"{name.replace('_', ' ')} per game", mean(xs), mean(ys), welch_z(xs, ys)))
    all_scores = ([s for game in first.scores for s in game], [s for game in second.scores for s in game])
    return rows, histogram(*all_scores), histogram(first.lengths, second.lengths)


def compare(spec: GameSpec, players: int, variants: tuple[Variant, Variant], levels: Sequence[str], games: int,
            seed: int, *, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
            cancelled: Callable[[], bool] | None = None) -> Comparison:
    """Simulate ``games`` games of each variant (the same seeds for both) and compare them."""
    results: list[SeriesResult] = []
    for index, variant in enumerate(variants):
        def step(done: int, total: int, offset: int = index * games) -> None:
            if progress is not None:
                progress(offset + done, 2 * games)

        results.append(simulate(spec, variant.params, levels, games, seed, variant=variant.name, jobs=jobs,
                                progress=step, cancelled=cancelled))
    rows, scores, lengths = compare_series(results[0], results[1])
    return Comparison(spec.name, players, list(levels), (variants[0].name, variants[1].name),
                      (results[0], results[1]), rows, scores, lengths)


def to_json_dict(comparison: Comparison) -> dict[str, Any]:
    """The ``compare --json`` object."""
    return {
        "game": comparison.game,
        "players": comparison.players,
        "seats": comparison.levels,
        "variants": list(comparison.variants),
        "games": comparison.series[0].games,
        "rows": [{"name": row.name, "a": round(row.a, 6), "b": round(row.b, 6), "z": round(row.z, 3)
                  if math.isfinite(row.z) else None, "significant": row.significant} for row in comparison.rows],
        "score_histogram": {"edges": comparison.scores.edges, "a": comparison.scores.a, "b": comparison.scores.b},
        "length_histogram": {"edges": comparison.lengths.edges, "a": comparison.lengths.a,
                             "b": comparison.lengths.b},
    }
