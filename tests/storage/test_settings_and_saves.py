"""Settings and saves: atomic writes, and corrupt files kept aside with a notice."""

import pytest

from game.core.registry import register
from game.core.settings import Settings
from game.storage.files import move_aside, write_atomic
from game.storage.saves import (load_game, load_statistics, save_game, save_statistics, saves_dir)
from game.storage.settings import load_settings, save_settings, settings_path

from tests.core.secret_numbers import STANDARD, make_spec


def test_settings_round_trip_in_the_redirected_directory(user_dirs):
    config, _ = user_dirs
    settings = Settings(window_width=1920, window_height=1080, animation_speed="fast", volume=0.25)
    save_settings(settings)
    assert settings_path() == config / "settings.yaml"
    loaded, notices = load_settings()
    assert loaded == settings and notices == []


def test_missing_settings_are_defaults():
    assert load_settings() == (Settings(), [])


def test_corrupt_settings_are_kept_aside_and_defaults_used():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("window_width: [1280\n")
    settings, notices = load_settings()
    assert settings == Settings()
    assert not path.exists()
    (kept,) = path.parent.glob("settings.yaml.corrupt-*")
    assert kept.read_text() == "window_width: [1280\n"
    assert len(notices) == 1 and str(kept) in notices[0] and "default settings" in notices[0]


def test_settings_that_are_not_a_mapping_are_kept_aside():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("- just\n- a list\n")
    settings, notices = load_settings()
    assert settings == Settings() and "not a mapping" in notices[0]


def test_one_bad_value_falls_back_alone_and_unknown_keys_survive_saving():
    path = settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("volume: 3\nfullscreen: true\nfuture_option: 42\nanimation_speed: warp\n")
    settings, notices = load_settings()
    assert settings.volume == Settings().volume and settings.fullscreen is True
    assert settings.animation_speed == "normal"
    assert any("'volume'" in n for n in notices) and any("'animation_speed'" in n for n in notices)
    save_settings(settings)
    assert "future_option: 42" in path.read_text()


def test_write_atomic_leaves_no_temporary_files(tmp_path):
    target = tmp_path / "deep" / "file.txt"
    write_atomic(target, "one")
    write_atomic(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_move_aside_never_overwrites(tmp_path):
    first = tmp_path / "x.json"
    first.write_text("1")
    kept_one = move_aside(first)
    first.write_text("2")
    kept_two = move_aside(first)
    assert kept_one != kept_two and kept_one.read_text() == "1" and kept_two.read_text() == "2"


@pytest.fixture
def record():
    from game.core.match import play_match

    spec = register(make_spec())
    return play_match(spec, STANDARD, ["random", "random"], seed=3).record


def test_saved_game_loads_back(record):
    save_game(record.undone(2))
    loaded, notices = load_game(record.game)
    assert loaded == record.undone(2) and notices == []


def test_corrupt_save_is_kept_aside(record):
    path = save_game(record)
    path.write_text(path.read_text()[:40])
    loaded, notices = load_game(record.game)
    assert loaded is None and not path.exists()
    assert list(saves_dir().glob(f"{record.game}.json.corrupt-*")) and "could not be read" in notices[0]


@pytest.mark.parametrize("change, message", [({"params": {}}, "rule parameter"),
                                             ({"players": 9}, "not 9"),
                                             ({"game": "chess"}, "unknown game 'chess'")])
def test_a_save_no_game_can_start_from_is_kept_aside_with_the_reason(record, change, message):
    from dataclasses import replace

    game = str(change.get("game", record.game))
    save_game(replace(record, **change))
    loaded, notices = load_game(game)
    assert loaded is None and message in notices[0]
    assert list(saves_dir().glob(f"{game}.json.corrupt-*"))


def test_statistics_count_and_survive_corruption(user_dirs):
    stats, notices = load_statistics()
    stats.count("secret-numbers", 0.5)
    save_statistics(stats)
    again, _ = load_statistics()
    assert again.played == {"secret-numbers": 1} and again.won == {"secret-numbers": 0.5}
    _, data = user_dirs
    (data / "statistics.json").write_text("{]")
    fresh, notices = load_statistics()
    assert fresh.played == {} and "kept as" in notices[0]
