"""The settings remember which games' first-game guides were shown; a bad list falls back with a notice."""

import pytest

from game.core.settings import Settings

from game.storage.settings import MAX_GUIDES_SEEN, load_settings, save_settings, settings_path


def test_the_guides_seen_survive_a_save_and_a_load():
    save_settings(Settings(guides_seen=("reapers", "trick-or-treat")))
    assert "guides_seen:\n- reapers\n- trick-or-treat\n" in settings_path().read_text(encoding="utf-8")
    settings, notices = load_settings()
    assert notices == [] and settings.guides_seen == ("reapers", "trick-or-treat")


def test_a_game_listed_twice_is_kept_once():
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("guides_seen: [nevermore, nevermore, reapers]\n", encoding="utf-8")
    settings, notices = load_settings()
    assert notices == [] and settings.guides_seen == ("nevermore", "reapers")


BAD = [
    ("guides_seen: reapers\n", "must be a list of game names"),
    ("guides_seen: [Reapers!]\n", "must list game names such as trick-or-treat"),
    ("guides_seen: [3]\n", "must list game names such as trick-or-treat"),
    ("guides_seen: [" + ", ".join(f"g{i}" for i in range(MAX_GUIDES_SEEN + 1)) + "]\n",
     f"lists {MAX_GUIDES_SEEN + 1} games; at most {MAX_GUIDES_SEEN} are kept"),
]


@pytest.mark.parametrize("content, message", BAD)
def test_a_bad_list_falls_back_to_no_guide_seen_with_a_notice(content, message):
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text("muted: true\n" + content, encoding="utf-8")
    settings, (notice,) = load_settings()
    assert settings.guides_seen == () and settings.muted
    assert notice == f"Setting 'guides_seen' in {settings_path()} {message}; using the default."
