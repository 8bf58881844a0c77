"""Tooltips that keep out of the way: a focus explains itself only after the player moves it, the mouse hides it,
no tip covers the status line, a prompt or a button, and none shows while a pop-up lies over the table."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.setup import MatchSetup
from game.scenes.pause import PauseScene
from game.ui import table as table_module
from game.ui.tooltip import TIP_DELAY, TipBoard, Tooltip, place_tip
from tests.app_input import run
from tests.toygame import NAME, ToyTable

FOCUS = pygame.Rect(100, 100, 40, 60)
REST = TIP_DELAY + 0.1


def key_down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_a_focus_is_not_explained_until_the_player_moves_it() -> None:
    tooltip = Tooltip()
    tooltip.update(REST)
    assert tooltip.target(FOCUS) is None  # a game that opens with a focus: nothing unasked
    tooltip.handle(key_down(pygame.K_SPACE))
    tooltip.update(REST)
    assert tooltip.target(FOCUS) is None  # a key that moves nothing is not navigation
    tooltip.handle(key_down(pygame.K_RIGHT))
    tooltip.update(REST)
    assert tooltip.target(FOCUS) == FOCUS.center


def test_moving_the_mouse_hides_the_focus_tip_and_leaving_the_window_hides_the_pointer_tip() -> None:
    tooltip = Tooltip()
    tooltip.handle(key_down(pygame.K_TAB))
    tooltip.update(REST)
    assert tooltip.target(FOCUS) == FOCUS.center
    tooltip.handle(motion((600, 300)))
    assert tooltip.target(FOCUS) is None
    tooltip.update(REST)
    assert tooltip.target(FOCUS) == (600, 300)  # the pointer's thing now, not the focus
    tooltip.handle(pygame.event.Event(pygame.WINDOWLEAVE))
    tooltip.update(REST)
    assert tooltip.target(FOCUS) is None


def test_asking_shows_the_focus_tip_without_a_pointer() -> None:
    tooltip = Tooltip()
    assert tooltip.handle(key_down(pygame.K_F1))
    assert tooltip.target(FOCUS) == FOCUS.center


def test_a_tip_goes_where_it_covers_nothing_kept_clear() -> None:
    bounds = pygame.Rect(0, 0, 1280, 720)
    card = pygame.Rect(600, 560, 80, 110)
    status = pygame.Rect(0, 680, 980, 40)
    prompt = pygame.Rect(300, 420, 600, 100)
    box = place_tip((300, 90), card, bounds, [status, prompt], 8)
    assert bounds.contains(box)
    assert box.collidelist([card, status, prompt]) < 0


def test_a_tip_of_a_button_inside_a_prompt_goes_outside_the_prompt() -> None:
    bounds = pygame.Rect(0, 0, 1280, 720)
    prompt = pygame.Rect(200, 300, 600, 200)
    button = pygame.Rect(450, 440, 100, 40)
    box = place_tip((300, 80), button, bounds, [prompt], 8)
    assert not box.colliderect(prompt) and bounds.contains(box)


def test_the_board_forgets_what_it_kept_clear_each_frame() -> None:
    board = TipBoard()
    board.keep_clear(pygame.Rect(0, 0, 10, 10))
    board.keep_clear(pygame.Rect(0, 0, 0, 10))
    assert len(board.kept) == 1
    board.clear()
    assert board.kept == []


@pytest.fixture
def drawn_tips(monkeypatch: pytest.MonkeyPatch) -> list[pygame.Rect]:
    """The panel of every tip a table draws."""
    boxes: list[pygame.Rect] = []
    original = table_module.draw_tip

    def recorded(*args: Any, **kwargs: Any) -> pygame.Rect:
        box = original(*args, **kwargs)
        boxes.append(box)
        return box

    monkeypatch.setattr(table_module, "draw_tip", recorded)
    return boxes


def human_table(app: Any) -> ToyTable:
    table = ToyTable(app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3))
    table.session.autosave = False
    app.push(table)
    run(app)
    return table


def my_plate(app: Any, table: ToyTable) -> pygame.Rect:
    """The human's name plate, at the bottom of the table just over the status line."""
    app.draw()
    return next(tip.rect for tip in table.tips.tips if tip.text.startswith("Ann"))


def test_a_tip_with_room_below_it_still_keeps_off_the_status_line(app: Any, toy_game: Any,
                                                                  drawn_tips: list[pygame.Rect]) -> None:
    table = human_table(app)
    strip = pygame.Rect(0, table.table_rect().bottom, table.table_rect().w, app.layout.height)
    thing = pygame.Rect(500, strip.top - 110, 120, 40)
    drawn = table.draw_table

    def with_thing(surface: pygame.Surface) -> None:
        drawn(surface)
        table.explain(thing, "A thing just over the status line, whose explanation runs to a few lines. " * 2)

    table.draw_table = with_thing  # type: ignore[method-assign]
    table.tooltip.handle(motion(thing.center))
    table.tooltip.update(REST)
    app.draw()
    assert len(drawn_tips) == 1
    box = drawn_tips[0]
    assert thing.bottom + box.h < app.layout.height  # below the thing there was room in the window...
    assert not box.colliderect(strip) and not box.colliderect(thing)  # ...but not beside the status line


def test_no_table_tip_shows_under_a_pop_up(app: Any, toy_game: Any, drawn_tips: list[pygame.Rect]) -> None:
    table = human_table(app)
    table.tooltip.handle(motion(my_plate(app, table).center))
    table.tooltip.update(REST)
    app.draw()
    assert len(drawn_tips) == 1  # the table has a tip to show
    app.push(PauseScene(app, table))
    run(app)
    drawn_tips.clear()
    app.draw()
    assert drawn_tips == []
