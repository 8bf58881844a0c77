"""The one statistics module: its margins agree with the textbook figures every screen quotes."""

import math

import pytest

from game.core.statistics import Z_95, Z_99, margin, mean, share_margin, variance, welch_z


def test_mean_and_sample_variance() -> None:
    assert mean([]) == 0.0 and variance([4.0]) == 0.0
    assert mean([1, 2, 3, 4]) == 2.5 and variance([1, 2, 3, 4]) == pytest.approx(5 / 3)


def test_the_margin_of_a_mean_is_z_standard_errors() -> None:
    values = [0.0, 1.0] * 50
    assert margin(values) == pytest.approx(Z_95 * math.sqrt(variance(values) / 100))
    assert margin([]) == 0.0


def test_a_win_shares_margin_over_a_thousand_games_is_about_three_points() -> None:
    assert share_margin(0.25, 1000) == pytest.approx(0.0268, abs=1e-4)
    assert share_margin(0.0, 1000) == 0.0 and share_margin(0.5, 0) == 0.0


def test_welchs_z_and_its_two_levels() -> None:
    assert welch_z([1, 1], [1, 1]) == 0.0 and welch_z([1, 1], [2, 2]) == math.inf
    assert welch_z([0, 1, 0, 1], [1, 2, 1, 2]) == pytest.approx(1 / math.sqrt(2 * (1 / 3) / 4))
    assert Z_95 < Z_99
