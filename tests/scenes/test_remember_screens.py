"""Screens that remember: the statistics open on the game last played, the lab on the game last chosen, both
kept in the settings file across runs; a bad remembered name is a notice, not a crash; the settings offer
only the window sizes that fit the desktop."""

from __future__ import annotations

import pygame
import yaml

from game.core.registry import get
from game.core.setup import MatchSetup
from game.scenes import settings as settings_scene
from game.scenes.lab.scene import LabScene
from game.scenes.settings import SettingsScene, fitting_sizes
from game.scenes.stats import StatsScene
from game.scenes.tables import open_table
from game.storage.settings import load_settings, settings_path
from game.ui.app import Scene
from game.ui.choices import set_options
from game.variants.loader import load_variant
from tests.app_input import run


def shown_game(scene: StatsScene) -> str:
    return scene.games[scene.current].name


def test_statistics_open_on_the_game_last_played_and_remember_it_in_the_settings_file(app):
    assert shown_game(StatsScene(app)) == "reapers"  # nothing played yet: the first tab
    spec = get("trick-or-treat")
    setup = MatchSetup(spec.name, "standard", dict(load_variant(spec, "standard").params), ("human", "normal"),
                       ("Ann", "Bo"), 3)
    open_table(app, setup)
    assert app.settings.last_game == "trick-or-treat"
    assert shown_game(StatsScene(app)) == "trick-or-treat"
    assert shown_game(StatsScene(app, "nevermore")) == "nevermore"  # asked for: that one
    assert load_settings()[0].last_game == "trick-or-treat"  # the next run opens there too


def test_a_table_of_ais_only_is_not_the_game_last_played(app):
    spec = get("nevermore")
    open_table(app, MatchSetup(spec.name, "standard", dict(load_variant(spec, "standard").params),
                               ("normal",) * 3, ("A", "B", "C"), 3))
    assert app.settings.last_game == ""


def test_the_lab_opens_on_the_game_chosen_last_time(app):
    app.push(Scene(app))
    lab = LabScene(app)
    app.push(lab)
    run(app)
    first = lab.spec.name
    set_options(lab.game, lab.game.options, "nevermore")
    lab._game_changed("nevermore")
    assert first != "nevermore" and load_settings()[0].lab_game == "nevermore"
    again = LabScene(app)
    assert again.spec is not None and again.spec.name == "nevermore" and again.game.value == "nevermore"
    assert LabScene(app, get("reapers")).spec.name == "reapers"  # asked for (the editor's Try it): that one


def test_a_remembered_name_that_is_no_game_name_is_a_notice_and_the_default(user_dirs):
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump({"last_game": "../../etc", "lab_game": 7}), encoding="utf-8")
    settings, notices = load_settings()
    assert settings.last_game == settings.lab_game == ""
    assert len(notices) == 2 and all("must be a game's name" in notice for notice in notices)


def test_only_window_sizes_that_fit_the_desktop_are_offered(app, monkeypatch):
    assert (2560, 1440) not in fitting_sizes((1920, 1080)) and (1920, 1080) in fitting_sizes((1920, 1080))
    assert fitting_sizes((1024, 768)) == [(1280, 720)]  # the smallest is always there
    assert fitting_sizes(None) == list(settings_scene.WINDOW_SIZES)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    window = SettingsScene(app).fields[0]
    assert [size for size, _ in window.options] == [(1280, 720), (1600, 900), (1920, 1080)]
