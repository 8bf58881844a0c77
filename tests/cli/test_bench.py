"""The bench's pieces: percentiles, decision timing and playouts through any registered game, and the idle
screens whose cost it measures."""

import pytest

from game.cli.bench import IDLE_KINDS, decision_times, hard_search, idle_app, idle_scenes, measure_idle_cpu, \
    normal_games_per_second, percentile, playouts_per_second
from game.core.registry import get, register
from game.variants.loader import load_variant

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


def test_hard_search_reports_cpu_time_and_iterations_per_second_and_games_run_whole():
    spec = register(make_spec())
    search = hard_search(spec, STANDARD, 3)
    assert search["players"] == 3 and 0 <= search["cpu_ms"]["p50"] <= search["cpu_ms"]["p95"]
    assert search["iters_per_s"] > 0, "the search agent reports the iterations it ran"
    assert normal_games_per_second(get("reapers"), load_variant(get("reapers"), "standard").params) > 0


def test_the_idle_screens_are_the_menu_a_table_at_a_humans_decision_and_the_lab_setup():
    from game.scenes.lab.scene import SETUP, LabScene
    from game.scenes.menu import MainMenu
    from game.ui.table import TableScene

    for kind, kind_of_scene in (("menu", MainMenu), ("table", TableScene), ("lab", LabScene)):
        app = idle_app(kind, "trick-or-treat")
        try:
            assert isinstance(app.top, kind_of_scene)
            if isinstance(app.top, TableScene):
                assert app.top.seat_to_play == 0 and not app.top.tweens.busy
            if isinstance(app.top, LabScene):
                assert app.top.mode == SETUP
        finally:
            app.close()
    with pytest.raises(ValueError, match="unknown idle screen"):
        idle_scenes(None, "pause", "trick-or-treat")


def test_idle_cpu_is_a_share_of_a_core_measured_on_the_real_frame_loop():
    assert set(IDLE_KINDS) == {"menu", "table", "lab"}
    assert measure_idle_cpu("menu", seconds=0.05, settle=0.0) >= 0.0
