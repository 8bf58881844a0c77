"""The lab's histograms have round bin edges (0, 10, 20 rather than 19.8, 27.7), so the charts' labels are
round numbers, and every value still lands in the one bin whose range holds it."""

import math
import random

import pytest

from game.lab.compare import HISTOGRAM_BINS, histogram
from game.scenes.lab.charts import histogram_labels


def _round_width(width: float) -> bool:
    exponent = math.floor(math.log10(width))
    return any(math.isclose(width, step * 10.0 ** exponent) for step in (1, 2, 5))


SAMPLES = [
    ([19.8, 27.7, 35.6, 110.0], [3.0, 60.5]),  # fractional scores like the issue's
    ([0, 1, 2, 10], [5, 10]),
    ([float(v) for v in range(180, 341)], [200.0, 333.0]),  # game lengths
    ([-7, 3, 40], [12]),
    ([0.12, 0.55, 0.31], [0.4]),
    ([5, 5, 5], [5]),
]


@pytest.mark.parametrize("xs, ys", SAMPLES)
def test_bin_edges_are_round_and_hold_every_value(xs, ys):
    result = histogram(xs, ys)
    edges = result.edges
    width = edges[1] - edges[0]
    assert 1 <= len(edges) - 1 <= HISTOGRAM_BINS
    assert _round_width(width)
    assert all(math.isclose(b - a, width) for a, b in zip(edges, edges[1:]))
    assert all(math.isclose(edge / width, round(edge / width), abs_tol=1e-9) for edge in edges)  # on the grid
    for sample, counts in ((xs, result.a), (ys, result.b)):
        assert sum(counts) == len(sample)
        for value in sample:
            inside = [i for i in range(len(counts)) if edges[i] <= value < edges[i + 1]]
            assert len(inside) == 1


def test_whole_number_data_gets_whole_number_labels():
    rng = random.Random(7)
    for _ in range(200):
        low = rng.randint(-50, 400)
        values = [low + rng.randint(0, rng.choice((3, 30, 300, 3000))) for _ in range(rng.randint(1, 60))]
        labels = histogram_labels(histogram(values, values[:3]))
        assert all(label.lstrip("-").isdigit() for label in labels), labels


def test_the_issue_example_is_labelled_in_tens():
    labels = histogram_labels(histogram([3.0, 19.8, 27.7, 110.0], [50.0]))
    assert labels[:4] == ["0", "10", "20", "30"]
