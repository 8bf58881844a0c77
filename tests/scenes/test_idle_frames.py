"""The dirty-frame rule on real screens: a screen nobody touches is not drawn again, a touched one is drawn in
the same frame, and whatever moves by itself (a lab run, an AI thinking) is drawn every frame."""

import threading

import pygame
import pytest

from game.core.registry import all_games
from game.core.setup import MatchSetup
from game.scenes.lab.scene import RUNNING, LabScene
from game.scenes.menu import MainMenu
from game.scenes.settings import SettingsScene
from game.scenes.setup import SetupScene
from tests.app_input import hold_agents, key, run, run_while_working
from tests.toygame import NAME, ToyTable


def drawn(app, frames=1, dt=1 / 60):
    """How many of the next ``frames`` frames were drawn."""
    before = app.draws
    run(app, frames, dt)
    return app.draws - before


def open_screen(app, screen):
    menu = MainMenu(app)
    app.push(menu)
    spec = all_games()[0]
    if screen == "settings":
        app.push(SettingsScene(app))
    elif screen == "setup":
        app.push(SetupScene(app, spec))
    elif screen == "lab":
        app.push(LabScene(app, spec))
    run(app, 2)
    return app.top


@pytest.mark.parametrize("screen", ["menu", "settings", "setup", "lab"])
def test_an_idle_screen_is_not_drawn_again_until_something_happens(app, toy_game, screen):
    scene = open_screen(app, screen)
    assert drawn(app, 10) == 0
    key(app, pygame.K_TAB)
    assert app.draws and drawn(app, 3) == 0
    focused = scene.group.focused
    before = app.draws
    key(app, pygame.K_TAB)
    assert app.draws == before + 1 and scene.group.focused is not focused  # the move shows at once


def test_the_lab_is_drawn_when_its_variant_folder_changes(app, toy_game, user_dirs):
    lab = open_screen(app, "lab")
    assert drawn(app, 3) == 0
    (user_dirs[0] / "variants" / NAME / "short.yaml").write_text("title: Short\nextends: standard\ntricks: 1\n",
                                                                 encoding="utf-8")
    assert drawn(app, 2, dt=1.0) == 1  # the folder is looked at once a second
    assert "short" in [value for value, _ in lab.variant_a.options]


def test_a_running_lab_is_drawn_every_frame(app, toy_game, monkeypatch):
    lab = open_screen(app, "lab")
    release = threading.Event()

    def held_compare(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        release.wait(10)
        raise RuntimeError("stopped by the test")

    monkeypatch.setattr("game.scenes.lab.scene.compare", held_compare)
    lab.start()
    run(app)
    assert lab.mode == RUNNING and drawn(app, 5) == 5  # the progress and the time left move
    release.set()
    run_while_working(app, lambda: lab.mode != RUNNING)
    assert "stopped by the test" in lab.error and drawn(app, 3) == 0


def test_a_table_is_drawn_every_frame_while_an_ai_thinks(app, toy_game):
    release = threading.Event()
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("normal", "normal"), ("A", "B"), 3))
    table.session.autosave = False
    hold_agents(table.agents, release)
    app.push(table)
    run(app)
    assert drawn(app, 5) == 5 and table.job is not None and not table.job.done
    release.set()
