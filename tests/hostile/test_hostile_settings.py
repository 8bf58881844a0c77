"""Hostile settings files: a bad value falls back to its default with a notice (the file stays as it is); a
file that cannot be read at all is moved aside whole. Either way the app starts, and a table seats the
player under a name it can draw."""

from __future__ import annotations

import time

import pytest

from game.core.names import MAX_NAME_LENGTH
from game.core.settings import Settings
from game.scenes.menu import MainMenu
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from game.storage.settings import load_settings, settings_path
from game.ui.app import App
from tests.app_input import run, text
from tests.hostile.storage_support import (GARBAGE, HANG_SECONDS, TEN_MB, Plant, ToyTable, dev_zero, folder,
                                           kept_copy, no_traceback, snapshot, toy_game, write)  # noqa: F401

ALIAS_BOMB = "\n".join(["a: &a [x, x, x, x, x, x, x, x, x, x]"]
                       + [f"{chr(98 + i)}: &{chr(98 + i)} [" + ", ".join([f"*{chr(97 + i)}"] * 10) + "]"
                          for i in range(8)])

BAD_VALUES: list[tuple[str, str, str, str]] = [
    ("nul-name", 'player_name: "Mor\\0gan"\n', "player_name", "holds a control character"),
    ("long-name", "player_name: " + "x" * 20_000 + "\n", "player_name", "is 20,000 characters long; at most 16"),
    ("blank-name", 'player_name: "   "\n', "player_name", "must not be blank"),
    ("name-a-list", "player_name: [Morgan]\n", "player_name", "must be text"),
    ("volume-inf", "volume: .inf\n", "volume", "must be a number from 0 to 1"),
    ("volume-nan", "volume: .nan\n", "volume", "must be a number from 0 to 1"),
    ("volume-text", "volume: loud\n", "volume", "must be a number from 0 to 1"),
    ("speed-a-list", "animation_speed: [fast]\n", "animation_speed", "must be one of off, fast, normal, slow"),
    ("width-huge", "window_width: " + "9" * 40 + "\n", "window_width", "must be from 1280 to 3840"),
    ("fullscreen-text", "fullscreen: sometimes\n", "fullscreen", "must be true or false"),
]


@pytest.mark.parametrize("name, content, key, message", BAD_VALUES, ids=[case[0] for case in BAD_VALUES])
def test_a_bad_value_falls_back_to_its_default_and_the_file_stays(name, content, key, message):
    path = settings_path()
    write(("muted: true\n" + content).encode())(path)
    original = path.read_bytes()
    started = time.perf_counter()
    settings, (notice,) = load_settings()
    assert time.perf_counter() - started < HANG_SECONDS
    assert getattr(settings, key) == getattr(Settings(), key) and settings.muted is True
    assert notice.startswith(f"Setting {key!r} in {path} {message}")
    assert notice.endswith("; using the default.") and len(notice) < 300
    assert path.read_bytes() == original


UNREADABLE: list[tuple[str, Plant, str]] = [
    ("alias-bomb", write(ALIAS_BOMB.encode()), "stands for more than 20,000 values once its aliases are expanded"),
    ("nested-10000-deep", write(("player_name: " + "[" * 10_000 + "]" * 10_000 + "\n").encode()),
     "nests lists or mappings more than 64 deep"),
    ("5000-digits", write(("ai_pause_ms: " + "7" * 5_000 + "\n").encode()), "a number of 5,000 digits is too long"),
    ("name-past-the-text-limit", write(("player_name: " + "x" * 30_000 + "\n").encode()),
     "has a text of 30,000 characters"),
    ("duplicate-keys", write(b"volume: 0.5\nvolume: 0.6\n"), "duplicate key (first given on line 1)"),
    ("not-a-mapping", write(b"- just\n- a list\n"), "is not a mapping of settings"),
    ("ten-megabytes", write(b"muted: true\n" + b"#" * TEN_MB), "is 10.0 MB, more than the 64 KB"),
    ("binary-garbage", write(GARBAGE), "is not UTF-8 text"),
    ("dev-zero", dev_zero, "is not a regular file"),
    ("folder", folder, "is a folder, not a file"),
]


@pytest.mark.parametrize("name, plant, message", UNREADABLE, ids=[case[0] for case in UNREADABLE])
def test_an_unreadable_settings_file_is_moved_aside_whole(name, plant, message):
    path = settings_path()
    plant(path)
    original = snapshot(path)
    started = time.perf_counter()
    settings, (notice,) = load_settings()
    assert time.perf_counter() - started < HANG_SECONDS
    kept = kept_copy(path)
    assert settings == Settings() and snapshot(kept) == original
    assert notice.startswith(f"The settings could not be read: {path}") and message in notice
    assert notice.endswith(f"It was kept as {kept}. Using default settings.")


@pytest.mark.parametrize("content", ['player_name: "Mor\\0gan"\n', "player_name: " + "x" * 20_000 + "\n"],
                         ids=["nul", "20000-characters"])
def test_the_app_starts_and_seats_the_player_under_a_drawable_name(toy_game, capsys, content):
    write(content.encode())(settings_path())
    settings, notices = load_settings()
    app = App(settings, notices, size=(1280, 720))
    try:
        app.set_speed("off")
        menu = MainMenu(app)
        app.push(menu)
        run(app)
        menu.open_setup(menu.games[0])
        run(app)
        setup = app.top
        assert isinstance(setup, SetupScene)
        started = time.perf_counter()
        setup.start()
        run(app, 5)
        assert time.perf_counter() - started < HANG_SECONDS
        table = app.top
        assert isinstance(table, ToyTable) and table.names[0] == Settings().player_name
        assert any("Setting 'player_name'" in toast.text for toast in app.toasts)
    finally:
        app.close()
    no_traceback(capsys.readouterr().err)


def test_the_name_fields_take_at_most_the_longest_name(app, toy_game):
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    field = next(f for f in scene.fields if f.label == "Your name")
    scene.group.focus(field)
    text(app, "x" * 40)
    assert len(field.text) == MAX_NAME_LENGTH
    setup = SetupScene(app, toy_game)
    assert all(seat.max_len == MAX_NAME_LENGTH for seat in setup.seat_names)
