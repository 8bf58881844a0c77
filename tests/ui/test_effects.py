"""The moments a table marks: each flourish looks different, runs while the table animates, then goes; reduced
motion keeps the sound and drops the effect."""

from dataclasses import replace

import pygame
import pytest

from game.ui.effects import FLOURISHES, Flourish
from game.ui.sound import EFFECTS
from game.ui.theme import GOTHIC
from tests.app_input import run
from tests.ui.test_ui_table import table_for


def drawn(kind: str, progress: float) -> bytes:
    surface = pygame.Surface((200, 200))
    surface.fill(GOTHIC.table)
    effect = Flourish(kind, (100, 100), 90, GOTHIC.seats[1], GOTHIC)
    effect.progress = progress
    effect.draw(surface)
    return pygame.image.tobytes(surface, "RGB")


def test_each_flourish_has_its_own_look_and_sound_and_ends_invisible():
    blank = drawn("capture", 1.0)
    looks = {kind: drawn(kind, 0.4) for kind in FLOURISHES}
    assert all(look != blank for look in looks.values())
    assert len(set(looks.values())) == len(FLOURISHES)
    assert all(drawn(kind, 1.0) == blank for kind in FLOURISHES)
    assert set(FLOURISHES) <= set(EFFECTS)


def test_an_unknown_flourish_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown flourish 'boom'"):
        Flourish("boom", (0, 0), 10, GOTHIC.accent, GOTHIC)


def test_a_flourish_runs_with_the_tables_animations_then_leaves(app, toy_game):
    table = table_for(app, ["human", "normal"])
    app.settings = replace(app.settings, animation_speed="normal")
    run(app, 1)
    table.tweens.add(table.flourish("jackpot", (300, 200), 80))
    run(app, 2)
    assert [effect.kind for effect in table.flourishes] == ["jackpot"] and table.tweens.busy
    run(app, 120)
    assert table.flourishes == [] and not table.tweens.busy


def test_reduced_motion_plays_the_moment_without_its_effect(app, toy_game):
    table = table_for(app, ["human", "normal"])
    app.settings = replace(app.settings, animation_speed="normal", reduced_motion=True)
    run(app, 1)
    table.tweens.add(table.flourish("capture", (300, 200), 80))
    run(app, 2)
    assert table.flourishes == []
