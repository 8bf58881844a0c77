"""The bench's pieces: percentiles, decision timing and playouts through any registered game."""

from game.bench import decision_times, percentile, playouts_per_second
from game.core.registry import register

from tests.core.secret_numbers import STANDARD, make_spec


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.99) == 99
    assert percentile([7.0], 0.99) == 7.0


def test_decision_times_and_playouts_work_for_any_game():
    spec = register(make_spec())
    times = decision_times(spec, STANDARD, "hard")
    assert set(times) == {"p50", "p95"} and 0 <= times["p50"] <= times["p95"]
    assert playouts_per_second(spec, STANDARD) > 0
