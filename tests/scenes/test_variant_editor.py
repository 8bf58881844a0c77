"""The variant editor, headless, for every game: made from the setup screen by keys, saved, listed, played;
an invalid value shows beside its field and writes nothing; a taken name asks before it is overwritten."""

from __future__ import annotations

import pygame
import pytest

from game.core.registry import get
from game.scenes.confirm import ConfirmScene
from game.scenes.lab.scene import LabScene
from game.scenes.menu import MainMenu
from game.scenes.setup import SetupScene
from game.scenes.variant_editor import VariantEditorScene
from game.scenes.variant_editor_fields import NumberField
from game.storage.paths import user_variants_dir
from game.ui.widgets import Choice, TextField, Toggle
from game.variants.loader import load_variant
from tests.app_input import click, key, run, run_while_working, text

EDITS = {
    # game: (number, switch, choice) key paths, each changed by one step
    "trick-or-treat": (("supply_per_player",), ("jokers",), ("first_dealer",)),
    "nevermore": (("max_hands",), ("raven_blocks_suit",), ("first_hand_tokens",)),
    "reapers": (("game", "max_extra_hands"), ("wagers", "open"), ("wagers", "second_rule")),
    "spectral-reapers": (("safety_bound",), None, None),
}
NAME = "standard-mine"
"""The file of a variant made from Standard under the editor's default title, 'Standard (mine)'."""


def open_setup(app, game: str) -> SetupScene:  # noqa: ANN001
    app.push(MainMenu(app))
    run(app)
    setup = SetupScene(app, get(game))
    app.push(setup)
    run(app)
    return setup


def open_editor(app, game: str) -> VariantEditorScene:  # noqa: ANN001
    setup = open_setup(app, game)
    click(app, setup.new_button.rect.center)
    run(app)
    editor = app.top
    assert isinstance(editor, VariantEditorScene)
    return editor


def tab_to(app, editor: VariantEditorScene, keys: tuple) -> None:  # noqa: ANN001
    """Press Tab until the field of ``keys`` has the focus (the list scrolls to it)."""
    target = next(row.widget for row in editor.rows if row.keys == keys and row.widget is not None)
    for _ in range(len(editor.group.widgets)):
        if editor.group.focused is target:
            break
        key(app, pygame.K_TAB)
    assert editor.group.focused is target and target.rect.w > 0 and editor.view().contains(target.rect)


def value(editor: VariantEditorScene, keys: tuple):  # noqa: ANN201
    found = editor.params
    for part in keys:
        found = found[part]
    return found


@pytest.mark.parametrize("game", list(EDITS))
def test_edit_save_reload_and_play_each_game(app, game):
    editor = open_editor(app, game)
    before = load_variant(get(game), "standard").params
    for keys, kind in zip(EDITS[game], (NumberField, Toggle, Choice)):
        if keys is None:
            continue
        tab_to(app, editor, keys)
        assert isinstance(editor.group.focused, kind)
        key(app, pygame.K_RIGHT if editor.group.focused.can_step(1) else pygame.K_LEFT)
        assert value(editor, keys) != value_at_standard(before, keys)
        assert editor.mark(next(r for r in editor.rows if r.keys == keys)).startswith("was ")
    assert editor.dirty()
    tab_to_button(app, editor, "Save")
    key(app, pygame.K_RETURN)
    path = user_variants_dir(game) / f"{NAME}.yaml"
    assert path.is_file() and not editor.dirty() and editor.errors == {}
    saved = path.read_text(encoding="utf-8")
    assert "extends: standard" in saved and "title: Standard (mine)" in saved
    for keys in filter(None, EDITS[game]):
        assert f"{keys[0]}:" in saved
    tab_to_button(app, editor, "Play it")
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene) and setup.variant.value == NAME
    assert NAME in [name for name, _ in setup.variant.options]
    for seat in setup.kinds:
        seat.index = [level for level, _ in seat.options].index("random")
    setup.start()
    run(app)
    table = app.top
    assert table.setup.variant == NAME
    assert table.setup.params == load_variant(get(game), NAME).params != before
    run_while_working(app, lambda: len(table.record.actions) >= 4, seconds=30)


def value_at_standard(params: dict, keys: tuple):  # noqa: ANN201
    for part in keys:
        params = params[part]
    return params


def tab_to_button(app, editor: VariantEditorScene, label: str) -> None:  # noqa: ANN001
    button = next(b for b in editor.buttons if b.label == label)
    for _ in range(len(editor.group.widgets)):
        if editor.group.focused is button:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"no focus on {label}")


def test_an_invalid_value_shows_beside_its_field_and_writes_nothing(app):
    editor = open_editor(app, "trick-or-treat")
    tab_to(app, editor, ("supply_per_player",))
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    text(app, "0")
    assert value(editor, ("supply_per_player",)) == 0
    tab_to_button(app, editor, "Save")
    key(app, pygame.K_RETURN)
    assert "must be at least 1" in editor.errors[("supply_per_player",)]
    assert not user_variants_dir("trick-or-treat").exists() or not list(user_variants_dir("trick-or-treat").iterdir())
    assert editor.group.focused is next(r.widget for r in editor.rows if r.keys == ("supply_per_player",))
    app.frame(1 / 60)  # drawn with the error, no traceback


def test_a_duplicate_candy_name_shows_beside_that_name(app):
    editor = open_editor(app, "trick-or-treat")
    add = next(row.widget for row in editor.rows if row.items is not None)
    click(app, add.rect.center) if add.rect.w else add.activate()
    name = next(row.widget for row in editor.rows if row.keys == ("candy", 1, "name"))
    assert isinstance(name, TextField) and name.text == "candy 2"
    editor.group.focus(name)
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_BACKSPACE)
    editor.save()
    assert "used twice" in editor.errors[("candy", 1, "name")]


def test_the_candy_list_adds_and_removes_within_its_bounds(app):
    editor = open_editor(app, "trick-or-treat")
    remove = next(row.side for row in editor.rows if row.keys == ("candy", 0))
    assert remove is not None and not remove.enabled  # at least one kind
    next(row.widget for row in editor.rows if row.items is not None).activate()
    assert len(editor.params["candy"]) == 2
    next(row.side for row in editor.rows if row.keys == ("candy", 0)).activate()
    assert [kind["name"] for kind in editor.params["candy"]] == ["candy 2"]


def test_a_taken_name_asks_before_overwriting(app):
    editor = open_editor(app, "nevermore")
    editor.save()
    path = user_variants_dir("nevermore") / f"{NAME}.yaml"
    assert path.is_file()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, SetupScene) and app.top.variant.value == "standard"
    assert NAME in [name for name, _ in app.top.variant.options]
    app.top.variant.index = [name for name, _ in app.top.variant.options].index("standard")
    click(app, app.top.new_button.rect.center)
    second = app.top
    assert isinstance(second, VariantEditorScene) and second.title_field.text == "Standard (mine 2)"
    second.title_field.text = "Standard (mine)"  # the first copy's title, typed again
    tab_to(app, second, ("max_hands",))
    key(app, pygame.K_RIGHT)
    second.save()
    run(app)
    assert isinstance(app.top, ConfirmScene)
    assert "max_hands" not in path.read_text(encoding="utf-8")
    key(app, pygame.K_y)
    assert app.top is second and "max_hands: 61" in path.read_text(encoding="utf-8")


def test_edit_changes_a_users_variant_in_place_and_copies_a_builtin(app):
    editor = open_editor(app, "spectral-reapers")
    editor.save()
    key(app, pygame.K_ESCAPE)
    setup = app.top
    setup.variant.index = [name for name, _ in setup.variant.options].index(NAME)
    click(app, setup.edit_button.rect.center)
    edit = app.top
    assert isinstance(edit, VariantEditorScene) and edit.edit and edit.parent.name == "standard"
    tab_to(app, edit, ("safety_bound",))
    key(app, pygame.K_LEFT)
    edit.save()
    run(app)
    assert app.top is edit and "safety_bound: 199" in (user_variants_dir("spectral-reapers") /
                                                        f"{NAME}.yaml").read_text(encoding="utf-8")
    key(app, pygame.K_ESCAPE)
    setup.variant.index = [name for name, _ in setup.variant.options].index("crowded")
    click(app, setup.edit_button.rect.center)
    copy = app.top
    assert isinstance(copy, VariantEditorScene) and not copy.edit and copy.parent.name == "crowded"


def test_back_with_unsaved_changes_asks_first(app):
    editor = open_editor(app, "reapers")
    tab_to(app, editor, ("wagers", "open"))
    key(app, pygame.K_RETURN)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, ConfirmScene)
    key(app, pygame.K_n)
    assert app.top is editor
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_y)
    assert isinstance(app.top, SetupScene)


def test_try_it_in_the_lab_compares_it_with_its_parent(app):
    editor = open_editor(app, "trick-or-treat")
    tab_to_button(app, editor, "Try it in the lab")
    key(app, pygame.K_RETURN)
    lab = app.top
    assert isinstance(lab, LabScene) and lab.spec.name == "trick-or-treat"
    assert (lab.variant_a.value, lab.variant_b.value) == ("standard", NAME)
    lab.leave()


def test_the_mouse_wheel_scrolls_and_out_of_view_fields_take_no_clicks(app):
    editor = open_editor(app, "reapers")
    last = editor.rows[-1].widget
    assert last is not None and last.rect.w == 0
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
        run(app)
    assert editor.scroll > 0 and last.rect.w > 0


def test_the_main_menus_variants_button_picks_a_game_and_opens_the_editor(app):
    from game.scenes.variant_editor_picker import VariantsScene

    menu = MainMenu(app)
    app.push(menu)
    run(app)
    click(app, next(b for b in menu.buttons if b.label == "Variants").rect.center)
    picker = app.top
    assert isinstance(picker, VariantsScene)
    picker.group.focus(picker.game)
    while picker.game.value != "nevermore":
        key(app, pygame.K_RIGHT)
    assert picker.variant.value == "standard" and "cloaked" in [n for n, _ in picker.variant.options]
    click(app, picker.new_button.rect.center)
    editor = app.top
    assert isinstance(editor, VariantEditorScene) and editor.spec.name == "nevermore"
    editor.save()
    key(app, pygame.K_ESCAPE)
    assert app.top is picker and NAME in [n for n, _ in picker.variant.options]


def test_a_folder_that_cannot_be_written_is_said_beside_the_buttons(app, user_dirs):
    editor = open_editor(app, "trick-or-treat")
    user_dirs[0].mkdir(parents=True, exist_ok=True)
    (user_dirs[0] / "variants").write_text("a file where the folder should be", encoding="utf-8")
    tab_to_button(app, editor, "Play it")
    key(app, pygame.K_RETURN)
    assert app.top is editor and editor.general_error.startswith("The variant could not be saved")
    assert editor.saved is None and editor.dirty() is False
    app.frame(1 / 60)
