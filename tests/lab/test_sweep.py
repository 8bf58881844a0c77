"""Sweeping a rule parameter: keys (nested ones too), values, the same seeds for every value, bands and flags."""

import math
from pathlib import Path

import pytest

from game.core.match import SimulationCancelled, simulate
from game.core.registry import get, register
from game.lab.sweep import (LENGTH, MAX_VALUES, SweepError, band, find_param, numeric_keys, parse_values, sweep,
                            sweep_params, to_json_dict, with_value)
from game.variants.loader import Variant, load_variant

from tests.core.secret_numbers import STANDARD, make_spec


@pytest.fixture
def spec():
    return register(make_spec())


def base() -> Variant:
    return Variant("secret-numbers", "standard", "Standard", "", dict(STANDARD), Path("standard.yaml"))


def test_every_numeric_key_is_listed_nested_ones_by_their_path():
    candy = get("trick-or-treat")
    keys = [key for key, _ in numeric_keys(candy, load_variant(candy, "standard").params)]
    assert keys[0] == "supply_per_player" and "candy[0].value" in keys and "jokers" not in keys
    params = load_variant(candy, "standard").params
    assert find_param(candy, params, "candy[0].value").min == -10
    assert with_value(params, "candy[0].value", 3)["candy"][0]["value"] == 3
    assert params["candy"][0]["value"] == 1  # the base is left as it was


@pytest.mark.parametrize("key, words", [
    ("supply_per_playr", "did you mean 'supply_per_player'"),
    ("supply", "did you mean 'supply_per_player'"),
    ("jokers", "is a switch, not a number"),
    ("first_dealer", "is a choice, not a number"),
    ("candy", "is a group of parameters"),
    ("candy[5].value", "unknown parameter"),
])
def test_a_key_that_cannot_be_swept_is_said_in_one_line(key, words):
    candy = get("trick-or-treat")
    with pytest.raises(SweepError, match=words):
        find_param(candy, load_variant(candy, "standard").params, key)


def test_values_are_a_list_or_a_stepped_range(spec):
    whole = find_param(spec, STANDARD, "rounds")
    assert parse_values("6..16:2", whole, "rounds") == [6, 8, 10, 12, 14, 16]
    assert parse_values("3..8:2", whole, "rounds") == [3, 5, 7]
    assert parse_values(" 4, 2,4 ", whole, "rounds") == [2, 4]
    decimal = find_param(get("trick-or-treat"), {}, "supply_per_player")
    assert decimal.type is int
    for text, words in (("6.5", "whole number"), ("x", "not a number"), ("5..1:1", "upwards"),
                        ("1..3:0", "more than 0"), (f"1..{MAX_VALUES + 5}:1", "at most"), (",", "no values")):
        with pytest.raises(SweepError, match=words):
            parse_values(text, whole, "rounds")


def test_a_value_the_schema_or_its_checks_refuse_is_named():
    candy = get("trick-or-treat")
    with pytest.raises(SweepError, match=r"^value 500 of supply_per_player: must be at most 200$"):
        sweep_params(candy, load_variant(candy, "standard").params, "supply_per_player", [10, 500])
    nevermore = get("nevermore")
    with pytest.raises(SweepError, match=r"^value 7 of start_health: must not exceed max_health$"):
        sweep_params(nevermore, load_variant(nevermore, "standard").params, "start_health", [3, 7])


def test_band_is_the_mean_with_1_96_standard_errors():
    result = band([0.0, 1.0] * 50)
    assert result.mean == 0.5
    assert result.high - 0.5 == pytest.approx(1.96 * math.sqrt(0.25 * 100 / 99 / 100))
    assert band([2.0]).low == band([2.0]).high == 2.0


def test_each_value_plays_the_same_seeds_and_the_base_is_added_and_compared(spec):
    levels = ["random", "random"]
    seen = []
    result = sweep(spec, 2, base(), "rounds", [1, 6], levels, games=40, seed=5,
                   progress=lambda done, total: seen.append((done, total)))
    assert [point.value for point in result.points] == [1, 3, 6] and result.base.value == 3
    assert seen[-1] == (120, 120) and seen[0] == (1, 120)
    alone = simulate(spec, {**STANDARD, "rounds": 6}, levels, 40, 5)
    assert result.points[2].series.lengths == alone.lengths  # the same seeds as a plain series
    assert result.points[2].series.scores == alone.scores
    assert result.base.z == {}  # the base is the reference
    assert result.points[0].differs(LENGTH) and result.points[2].differs(LENGTH)  # more rounds, more picks
    assert result.points[2].length.mean > result.base.length.mean > result.points[0].length.mean
    assert all(point.shares[0].low <= point.shares[0].mean <= point.shares[0].high for point in result.points)


def test_the_json_has_an_entry_per_value_with_the_simulate_figures(spec):
    result = sweep(spec, 2, base(), "rounds", [3, 4], ["random", "random"], games=10, seed=1)
    data = to_json_dict(result)
    assert data["param"] == "rounds" and data["base_value"] == 3 and data["games"] == 10
    entries = data["values"]
    assert [entry["value"] for entry in entries] == [3, 4] and entries[0]["base"]
    assert set(entries[1]) >= {"wins", "mean_score", "mean_actions", "seconds", "win_share", "actions", "differs"}
    assert entries[1]["differs"][LENGTH] is True and entries[0]["differs"] == {}
    assert abs(sum(entries[1]["wins"]) - 10) < 1e-9


def test_a_sweep_can_be_cancelled(spec):
    with pytest.raises(SimulationCancelled):
        sweep(spec, 2, base(), "rounds", [1, 2], ["random", "random"], games=20, seed=1, cancelled=lambda: True)
