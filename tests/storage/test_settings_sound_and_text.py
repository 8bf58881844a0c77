"""The settings this release adds: the music's own volume and the text size, each checked on load like the
others (a bad value: one line saying so, and its default)."""

import pytest

from game.core.settings import TEXT_SCALES, Settings
from game.storage.settings import load_settings, save_settings, settings_path


def write(text: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_music_volume_text_size_and_reduced_motion_round_trip():
    settings = Settings(music_volume=0.6, text_scale=1.3, reduced_motion=True, volume=0.2)
    save_settings(settings)
    assert load_settings() == (settings, [])


def test_the_music_is_quieter_than_the_effects_and_the_text_normal_by_default():
    default = Settings()
    assert 0 < default.music_volume < default.volume and default.text_scale == 1.0 == TEXT_SCALES[0]


@pytest.mark.parametrize("value", ["1.15", "1", "1.5", "1.2"])
def test_a_text_size_from_the_list_or_between_is_taken(value):
    write(f"text_scale: {value}\n")
    settings, notices = load_settings()
    assert notices == [] and settings.text_scale == float(value) and isinstance(settings.text_scale, float)


@pytest.mark.parametrize(("name", "value", "says"), [
    ("text_scale", "3", "from 1 to 1.5"), ("text_scale", "0.5", "from 1 to 1.5"), ("text_scale", "big", "number"),
    ("text_scale", ".nan", "number"), ("music_volume", "1.5", "from 0 to 1"), ("music_volume", "true", "number"),
    ("music_volume", "-0.1", "from 0 to 1")])
def test_a_bad_value_is_one_line_and_its_default(name, value, says):
    write(f"{name}: {value}\nvolume: 0.4\n")
    settings, notices = load_settings()
    assert getattr(settings, name) == getattr(Settings(), name) and settings.volume == 0.4
    (notice,) = notices
    assert repr(name) in notice and says in notice and "\n" not in notice
