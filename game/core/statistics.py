"""The few statistics the app reports, in one place: means, sample variances, Welch's test, and the 95% margin
every figure is shown with (a series' win shares, a sweep's bands, a hint's estimates)."""

from __future__ import annotations

import math
from typing import Sequence

Z_95 = 1.96
"""Standard errors either side of a mean that make its 95% margin: 95 times in 100 the truth is within."""
Z_99 = 2.576
"""|z| above this is a difference larger than chance at the 1% level (two-sided)."""


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (0 for no values)."""
    return sum(values) / len(values) if values else 0.0


def variance(values: Sequence[float]) -> float:
    """The sample variance (0 for fewer than two values)."""
    if len(values) < 2:
        return 0.0
    centre = mean(values)
    return sum((v - centre) ** 2 for v in values) / (len(values) - 1)


def margin(values: Sequence[float]) -> float:
    """The 95% margin of the mean of ``values`` (none for no values)."""
    return Z_95 * math.sqrt(variance(values) / len(values)) if values else 0.0


def share_margin(share: float, count: int) -> float:
    """The 95% margin of a share (a win rate) measured over ``count`` games."""
    return Z_95 * math.sqrt(max(share * (1 - share), 0.0) / count) if count else 0.0


def welch_z(xs: Sequence[float], ys: Sequence[float]) -> float:
    """The difference of means over its standard error; 0 when both samples are constant and equal."""
    spread = variance(xs) / max(len(xs), 1) + variance(ys) / max(len(ys), 1)
    difference = mean(ys) - mean(xs)
    if spread == 0.0:
        return 0.0 if difference == 0.0 else math.copysign(math.inf, difference)
    return difference / math.sqrt(spread)
