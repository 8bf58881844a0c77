"""Variant comparison: the statistics, and a real difference found while a non-difference is not."""

import math
from pathlib import Path

import pytest

from game.core.match import SimulationCancelled, simulate
from game.core.registry import register
from game.lab.compare import compare, histogram, to_json_dict, welch_z
from game.variants.loader import Variant

from tests.core.secret_numbers import STANDARD, make_spec


def variant(name: str, **overrides) -> Variant:
    return Variant("secret-numbers", name, name, "", {**STANDARD, **overrides}, Path(f"{name}.yaml"))


@pytest.fixture
def spec():
    return register(make_spec())


def test_welch_z_of_equal_samples_is_zero_and_of_shifted_ones_large():
    assert welch_z([1, 2, 3, 4], [1, 2, 3, 4]) == 0
    assert welch_z([1, 2, 3, 4] * 50, [2, 3, 4, 5] * 50) > 5
    assert welch_z([1, 1], [2, 2]) == math.inf


def test_histogram_shares_bins_and_counts_everything():
    result = histogram([0, 1, 2, 10], [5, 10], bins=5)
    assert result.edges == [0, 5, 10, 15]  # round edges, the last value inside the last bin
    assert sum(result.a) == 4 and sum(result.b) == 2
    assert result.a[-1] == 1 and result.b[-1] == 1


def test_a_real_rule_change_is_flagged_and_an_unchanged_seat_mostly_is_not(spec):
    levels = ["random", "random", "random"]
    result = compare(spec, 3, (variant("standard"), variant("generous", tie_rule="everyone")), levels,
                     games=300, seed=4)
    rows = {row.name: row for row in result.rows}
    assert rows["mean score, seat 1"].b > rows["mean score, seat 1"].a
    assert rows["mean score, seat 1"].significant
    assert not rows["actions per game"].significant  # both variants play the same number of picks
    data = to_json_dict(result)
    assert data["games"] == 300 and data["variants"] == ["standard", "generous"]
    assert sum(data["score_histogram"]["a"]) == 300 * 3


def test_identical_variants_show_no_difference(spec):
    result = compare(spec, 2, (variant("standard"), variant("same")), ["random", "random"], games=50, seed=9)
    assert all(row.z == 0 for row in result.rows)


def test_a_series_can_be_cancelled(spec):
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) >= 3

    with pytest.raises(SimulationCancelled, match="after 3 of 20"):
        simulate(spec, STANDARD, ["random", "random"], games=20, seed=1, cancelled=cancelled)


def test_compare_command_prints_a_table(spec, capsys):
    from game.cli import run

    # The test game has no shipped variants: use files.
    assert run(["compare", "secret-numbers", "--players", "2", "--variants", "standard", "standard",
                "--games", "5"]) == 2
    assert "no secret-numbers variant named 'standard'" in capsys.readouterr().err


def test_a_series_in_processes_can_be_cancelled(spec):
    with pytest.raises(SimulationCancelled, match="after 0 of 400"):  # the game under way is given up too
        simulate(spec, STANDARD, ["hard", "hard"], games=400, seed=1, jobs=2, cancelled=lambda: True)
