"""Continue on the main menu (one game in progress opens it, several are listed), the confirm dialog, and the
rule that starting a new game never discards a game in progress without asking."""

from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

from game.core import registry
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.scenes import launch
from game.scenes.confirm import ConfirmScene
from game.scenes.continue_menu import ContinueMenu, SaveRow
from game.scenes.menu import MainMenu
from game.scenes.setup import SetupScene
from game.storage.history import read_entries
from game.storage.history_db import use_history
from game.storage.saves import has_game, save_game, save_path
from game.ui.layout import Layout
from tests.app_input import click, key, run
from tests.toygame import NAME, ToyTable
from tests.records import with_first_moves

OTHER = "toy-other"


@pytest.fixture
def two_games(toy_game):
    """The toy game and a second kind of it, each with a game in progress, the toy game's played last."""
    registry.register(replace(toy_game, name=OTHER, title="Toy Other"))
    save_game(toy_record(NAME))
    save_game(toy_record(OTHER, moves=1))
    os.utime(save_path(OTHER), (1_000_000, 1_000_000))
    return toy_game


def toy_record(game: str = NAME, moves: int = 2) -> GameRecord:
    """A game of a human and a hard AI, ``moves`` moves in."""
    record = MatchSetup(game, "standard", {"tricks": 3}, ("human", "hard"), ("Ann", "Boris"), 5).record()
    return with_first_moves(record, moves)


def start_menu(app) -> MainMenu:  # noqa: ANN001
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    return menu


def labels(scene) -> list[str]:  # noqa: ANN001
    return [widget.label for widget in scene.group.widgets]


def history() -> list:
    """Every game of the history, abandoned ones too."""
    (entries, _), _ = use_history(lambda connection: read_entries(connection, None, False))
    return entries


# --- Continue ----------------------------------------------------------------------------------------------
def test_no_game_in_progress_no_continue(app, toy_game):
    menu = start_menu(app)
    assert "Continue" not in labels(menu) and not any(tile.in_progress for tile in menu.tiles)


def test_one_game_in_progress_is_labelled_and_continue_opens_it(app, toy_game):
    save_game(toy_record())
    menu = start_menu(app)
    assert labels(menu)[len(menu.tiles)] == "Continue"
    assert menu.saves_line() == "In progress: Toy Hidden, move 3, you vs 1 AI (hard), just now"
    assert [tile.in_progress for tile in menu.tiles] == [True]
    menu.group.focus(menu.buttons[0])
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, ToyTable) and app.top.record == toy_record()


def test_several_games_in_progress_are_listed_to_pick_one_by_keyboard(app, two_games):
    menu = start_menu(app)
    assert menu.saves_line() == "2 games in progress: Toy Hidden, Toy Other"
    assert all(tile.in_progress for tile in menu.tiles)
    menu.continue_game()
    run(app)
    listing = app.top
    assert isinstance(listing, ContinueMenu)
    assert [row.saved.record.game for row in listing.rows] == [NAME, OTHER]  # the last played first
    assert labels(listing) == ["Toy Hidden", "Toy Other", "Back"]
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    menu.continue_game()
    run(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, ToyTable) and table.record == toy_record(OTHER, moves=1)
    assert app.stack == [menu, table]  # the list gave way to the table


def test_a_game_in_the_list_opens_with_a_click(app, two_games):
    start_menu(app).continue_game()
    run(app)
    listing = app.top
    assert isinstance(listing, ContinueMenu)
    click(app, listing.rows[0].rect.center)
    run(app)
    assert isinstance(app.top, ToyTable) and app.top.record == toy_record(NAME)


def test_the_list_draws_at_both_sizes(two_games):
    from tests.app_input import make_app

    for size in ((1280, 720), (1920, 1080)):
        application = make_app(size=size)
        try:
            application.push(ContinueMenu(application))
            run(application)
            application.draw()
            rows = [w for w in application.top.group.widgets if isinstance(w, SaveRow)]
            assert len(rows) == 2 and all(application.screen.get_rect().contains(row.rect) for row in rows)
        finally:
            application.close()


def test_a_damaged_save_among_good_ones_is_set_aside_and_the_good_one_continues(app, two_games):
    save_path(OTHER).write_text('{"version": 1, "game": "toy-other", "players": 1e400}', encoding="utf-8")
    menu = start_menu(app)
    (notice,) = [toast.text for toast in app.toasts]
    assert notice.startswith(f"The saved game could not be read: {save_path(OTHER)}")
    assert list(save_path(OTHER).parent.glob(f"{OTHER}.json.corrupt-*"))
    assert menu.saves_line().startswith("In progress: Toy Hidden, move 3")
    menu.continue_game()  # one game left in progress: it opens at once
    run(app)
    assert isinstance(app.top, ToyTable) and app.top.record == toy_record(NAME)


# --- the confirm dialog ------------------------------------------------------------------------------------
@pytest.mark.parametrize("answer, said", [(pygame.K_y, ["yes"]), (pygame.K_n, ["no"]), (pygame.K_ESCAPE, ["no"]),
                                          (pygame.K_RETURN, ["no"])], ids=["y", "n", "escape", "enter-on-no"])
def test_the_dialog_answers_by_keyboard(app, toy_game, answer, said):
    menu = start_menu(app)
    answers: list[str] = []
    app.push(ConfirmScene(app, "Sure?", "Really?", lambda: answers.append("yes"), lambda: answers.append("no")))
    run(app)
    key(app, answer)
    assert answers == said and app.top is menu


def test_the_dialog_answers_by_mouse_and_arrow_keys(app, toy_game):
    start_menu(app)
    answers: list[str] = []
    dialog = ConfirmScene(app, "Sure?", "Really?", lambda: answers.append("yes"))
    app.push(dialog)
    run(app)
    key(app, pygame.K_LEFT)
    assert dialog.group.focused is dialog.yes_button
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert answers == []
    app.push(dialog)
    run(app)
    click(app, dialog.yes_button.rect.center)
    assert answers == ["yes"] and app.top is not dialog


# --- no silent discard -------------------------------------------------------------------------------------
def setup_scene(app) -> SetupScene:  # noqa: ANN001
    start_menu(app)
    scene = SetupScene(app, registry.get(NAME))
    app.push(scene)
    run(app)
    return scene


def test_a_new_game_with_none_in_progress_starts_at_once(app, toy_game):
    scene = setup_scene(app)
    scene.start()
    run(app)
    assert isinstance(app.top, ToyTable)


def test_a_new_game_over_one_in_progress_asks_and_no_keeps_it(app, toy_game):
    save_game(toy_record())
    before = save_path(NAME).read_bytes()
    scene = setup_scene(app)
    scene.start()
    run(app)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    assert dialog.question == ("You have a game of Toy Hidden in progress (move 3, just now). "
                               "Start a new one and abandon it?")
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and save_path(NAME).read_bytes() == before and history() == []


def test_yes_records_the_abandoned_game_and_starts_the_new_one(app, toy_game):
    save_game(toy_record(moves=4))
    scene = setup_scene(app)
    scene.start()
    run(app)
    dialog = app.top
    assert isinstance(dialog, ConfirmScene)
    click(app, dialog.yes_button.rect.center)
    run(app)
    table = app.top
    assert isinstance(table, ToyTable) and table.record.actions == () and scene not in app.stack
    (entry,) = history()
    assert not entry.finished and entry.actions == 4 and entry.winners == ()
    assert list(entry.scores) == toy_record(moves=4).replay().scores()
    assert not has_game(NAME)  # forgotten; the new game saves itself as it goes


def test_a_game_the_history_cannot_take_is_kept_renamed(app, toy_game, monkeypatch):
    from game.scenes import abandon

    monkeypatch.setattr(abandon, "record_game", lambda *args, **kwargs: (False, ["The history is locked."]))
    save_game(toy_record())
    before = save_path(NAME).read_bytes()
    scene = setup_scene(app)
    scene.start()
    run(app)
    key(app, pygame.K_y)
    (kept,) = save_path(NAME).parent.glob(f"{NAME}.json.abandoned-*")
    assert kept.read_bytes() == before and isinstance(app.top, ToyTable)
    texts = [toast.text for toast in app.toasts]
    assert "The history is locked." in texts and f"The abandoned game was kept as {kept}." in texts


def test_play_from_the_command_line_over_a_game_in_progress_asks_first(toy_game, monkeypatch):
    save_game(toy_record())
    before = save_path(NAME).read_bytes()
    seen: list[str] = []

    def look_and_quit(self, dt: float) -> None:
        seen.append(type(self.app.top).__name__)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(MainMenu, "update", look_and_quit, raising=False)
    monkeypatch.setattr(ConfirmScene, "update", look_and_quit, raising=False)
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "normal"), ("Ann", "Boris"), 2)
    assert launch.run_app(setup) == 0
    assert seen[0] == "ConfirmScene" and save_path(NAME).read_bytes() == before


def test_the_line_of_games_in_progress_stays_between_the_tiles_and_the_buttons_at_every_text_size(app, toy_game):
    save_game(toy_record())
    menu = start_menu(app)
    for scale in (1.0, 1.15, 1.3, 1.5):
        menu.resize(Layout(1280, 720, text_scale=scale))
        assert max(tile.rect.bottom for tile in menu.tiles) < menu.saves_centre[1]
        assert menu.saves_centre[1] < min(button.rect.top for button in menu.buttons)
