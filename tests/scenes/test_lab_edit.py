"""The lab's "Edit variant" while two variants are compared: it opens the player's own one, whether it is A or
B, and asks which when both are theirs (by keys or a click; Esc opens neither)."""

import dataclasses
import sys
import types

import pygame
import pytest

from game.scenes.lab import edit as lab_edit
from game.scenes.lab.edit import WhichVariantScene
from game.scenes.lab.scene import LabScene
from game.scenes.menu import MainMenu
from tests.app_input import click, key, run
from tests.scenes.test_lab import press, toy  # noqa: F401  (toy: a fixture)


@pytest.fixture
def opened(monkeypatch):
    """The (variant, edit) of every variant editor opened (a stand-in scene, not the editor)."""
    seen = []

    class Editor(MainMenu):
        def __init__(self, app, spec, base, edit=False):  # noqa: ANN001
            super().__init__(app)
            seen.append((base.name, edit))

    monkeypatch.setitem(sys.modules, "game.scenes.variant_editor", types.SimpleNamespace(VariantEditorScene=Editor))
    return seen


def comparing(app, first, second, builtin=()):
    """The lab comparing ``first`` (A) with ``second`` (B), the variants named in ``builtin`` taken as built-in."""
    app.push(MainMenu(app))
    lab = LabScene(app, compare=(first, second))
    app.push(lab)
    run(app)
    lab.variants = [dataclasses.replace(v, builtin=v.name in builtin) for v in lab.variants]
    lab._base_changed()
    return lab


def test_edit_opens_variant_b_when_only_b_is_the_players(app, toy, opened):
    lab = comparing(app, "standard", "short", builtin=("standard",))
    assert lab.edit_button.enabled
    press(app, lab, lab.edit_button)
    assert opened == [("short", True)]


def test_edit_is_off_when_neither_compared_variant_is_the_players(app, toy, opened):
    lab = comparing(app, "standard", "short", builtin=("standard", "short"))
    assert not lab.edit_button.enabled
    lab_edit.edit_variant(lab)
    run(app)
    assert app.top is lab and opened == []


def test_a_sweep_edits_its_base_only(app, toy, opened):
    lab = comparing(app, "standard", "short", builtin=("standard",))
    lab.kind.adjust(1)  # sweep the base variant, A
    assert not lab.edit_button.enabled
    lab.kind.adjust(1)
    assert lab.edit_button.enabled


def test_when_both_are_the_players_the_lab_asks_which_by_keys(app, toy, opened):
    lab = comparing(app, "standard", "short")
    press(app, lab, lab.edit_button)
    assert isinstance(app.top, WhichVariantScene) and opened == []
    key(app, pygame.K_ESCAPE)  # neither
    assert app.top is lab and opened == []
    press(app, lab, lab.edit_button)
    key(app, pygame.K_RETURN)  # A has the focus
    assert opened == [("standard", True)]
    app.pop()
    run(app)
    press(app, lab, lab.edit_button)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert opened[-1] == ("short", True)
    app.pop()
    run(app)
    press(app, lab, lab.edit_button)
    key(app, pygame.K_b)
    assert opened[-1] == ("short", True)


def test_when_both_are_the_players_a_click_picks_one(app, toy, opened):
    lab = comparing(app, "standard", "short")
    click(app, lab.edit_button.rect.center)
    question = app.top
    assert isinstance(question, WhichVariantScene)
    click(app, question.no_button.rect.center)
    assert opened == [("short", True)]


def test_the_same_variant_as_a_and_b_is_edited_without_a_question(app, toy, opened):
    lab = comparing(app, "short", "short")
    press(app, lab, lab.edit_button)
    assert opened == [("short", True)]
