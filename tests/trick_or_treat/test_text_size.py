"""Trick or Treat at the largest text size: the jokers' tally clear of every plate, and the joker and candy
buttons' words whole, at full size, inside their buttons and clear of each other."""

from __future__ import annotations

import pygame
import pytest

from game.core.settings import Settings
from game.games.trick_or_treat import rules as r
from game.games.trick_or_treat import table as table_module
from game.games.trick_or_treat import view as view_module
from game.games.trick_or_treat.table import PICK_MORE, PICK_NAME, TrickOrTreatTable
from game.ui.app import App
from tests.app_input import key, run_until
from tests.trick_or_treat.test_table import stacked, table_for  # noqa: F401  (fixture)

LARGEST = 1.5


def large_app(size: tuple[int, int] = (1280, 720), scale: float = LARGEST) -> App:
    return App(Settings(animation_speed="off", ai_pause_ms=0, text_scale=scale), size=size)


def drawn_words(monkeypatch: pytest.MonkeyPatch, module: object) -> list[tuple[str, int, pygame.Rect]]:
    """Every line ``module`` draws from now on: (text, font size, rect)."""
    seen: list[tuple[str, int, pygame.Rect]] = []
    original = module.draw_text  # type: ignore[attr-defined]

    def record(surface, text, size, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        rect = original(surface, text, size, *args, **kwargs)
        seen.append((text, size, rect))
        return rect

    monkeypatch.setattr(module, "draw_text", record)
    return seen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.0, 1.3, LARGEST])
@pytest.mark.parametrize("players", [2, 4, 8])
def test_the_jokers_tally_keeps_clear_of_every_plate(size, scale, players):
    app = large_app(size, scale)
    try:
        table = table_for(app, ["random"] * players, seed=1)
        surface = pygame.Surface(app.screen.get_size())
        box = view_module.draw_tally(surface, app.layout, app.palette, table.geo, (False, True), 12,
                                     lambda rect, tip: None)
        for point in table.geo.stations:
            plate = pygame.Rect(0, 0, *table.geo.badge)
            plate.center = point
            assert not box.colliderect(plate), (box, plate)
    finally:
        app.close()


def clear_of_each_other(rects: list[pygame.Rect]) -> None:
    for index, one in enumerate(rects):
        for other in rects[index + 1:]:
            assert not one.colliderect(other), (one, other)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_candy_buttons_hold_their_words_at_full_size(monkeypatch, stacked, size):  # noqa: F811
    stacked(hands=[["3C", "9C"], ["KH", "AH"], ["2D", "4D"]], dealer=0,
            supply=["candy", "warhead", "cough drop"] + ["candy corn"] * 10)
    app = large_app(size)
    try:
        table = table_for(app, ["human", "random", "random"], variant="nasty-candy")
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        run_until(app, lambda: table.seat_to_play == 0)
        assert table.state.phase == r.PICK
        seen = drawn_words(monkeypatch, table_module)
        app.draw()
        buttons = table._buttons()
        clear_of_each_other([rect for rect, _, _ in buttons])
        for rect, value, legal in buttons:
            assert table.geo.hand is not None and table.geo.hand.contains(rect)
            name, more = table._pick_words(value, legal)
            lines = {text: (font_size, shown) for text, font_size, shown in seen if rect.contains(shown)}
            assert lines[name][0] == app.layout.text_px(PICK_NAME) and lines[more][0] == app.layout.text_px(PICK_MORE)
            clear_of_each_other([lines[name][1], lines[more][1]])
    finally:
        app.close()


def test_joker_buttons_stack_their_words_inside_them(monkeypatch, stacked):  # noqa: F811
    stacked(hands=[["CJ", "2C"], ["5H", "6H"], ["7D", "8D"]], dealer=0, supply=["candy"] * 12)
    app = large_app()
    try:
        table: TrickOrTreatTable = table_for(app, ["human", "random", "random"])
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RETURN)
        run_until(app, lambda: table.seat_to_play == 0)
        assert table.state.phase == r.DECLARE
        seen = drawn_words(monkeypatch, table_module)
        app.draw()
        for rect, _, _ in table._buttons():
            inside = [shown for _, _, shown in seen if rect.colliderect(shown)]
            assert len(inside) == 2 and all(rect.contains(shown) for shown in inside)
            clear_of_each_other(inside)
    finally:
        app.close()
