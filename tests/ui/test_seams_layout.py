"""Nothing cut, nothing squeezed, nothing seen through: the status line wraps onto two lines rather than being
cut, a button's label wraps before it shrinks, menu buttons are as wide as their labels, a widget's value gets
the room its label does not need, and the results, pause and score-table pop-ups are solid."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pytest

from game.core.settings import Settings
from game.core.setup import MatchSetup
from game.scenes.menu import MainMenu
from game.scenes.pause import PANEL as PAUSE_PANEL, PauseScene
from game.scenes.results import PANEL as RESULTS_PANEL, ResultsScene
from game.ui import text as text_module
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.score_table import Column, Line, draw_score_table, overlay_rect
from game.ui.text import ELLIPSIS, fit_lines
from game.ui.theme import font
from game.ui.widgets import button_width, split_room
from tests.app_input import run
from tests.toygame import NAME, ToyTable

SIZES = [(1280, 720), (1920, 1080)]
LONG_STATUS = "Your turn: click cards (or arrows + Enter) to choose them, then confirm the three you pass left"
WHITE = (255, 255, 255)


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized_app(request: pytest.FixtureRequest) -> Any:
    application = App(Settings(animation_speed="off", ai_pause_ms=0), size=request.param)
    yield application
    application.close()


def test_a_long_status_line_wraps_whole_inside_its_strip(sized_app: Any, toy_game: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table = ToyTable(sized_app, MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "random"), ("Ann", "Boris"), 3))
    table.session.autosave = False
    sized_app.push(table)
    run(sized_app)
    monkeypatch.setattr(table, "status_text", lambda: LONG_STATUS)
    drawn: list[tuple[str, pygame.Rect]] = []
    original = text_module.draw_text

    def recorded(surface: pygame.Surface, text: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(surface, text, *args, **kwargs)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(text_module, "draw_text", recorded)  # the status line draws through draw_fitted
    sized_app.draw()
    lines = [(text, rect) for text, rect in drawn if text and text in LONG_STATUS]
    assert " ".join(text for text, _ in lines) == LONG_STATUS and ELLIPSIS not in LONG_STATUS
    assert len(lines) == 2
    strip = pygame.Rect(0, table.table_rect().bottom, table.table_rect().w, sized_app.layout.height)
    assert all(strip.contains(rect) for _, rect in lines)
    assert not any(rect.colliderect(table.undo_button.rect) for _, rect in lines)


def test_a_label_too_wide_for_one_line_wraps_before_it_shrinks() -> None:
    pygame.init()
    face = font(22, serif=True, bold=True)
    width = face.size("Variant")[0] + 4
    lines, size = fit_lines("Variant lab", 22, (width, 3 * face.get_linesize()), serif=True, bold=True)
    assert lines == ("Variant", "lab") and size == 22
    lines, size = fit_lines("Variant lab", 22, (width, face.get_linesize()), serif=True, bold=True)
    assert len(lines) == 1 and size < 22  # one line of room: smaller, whole if it can be


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_main_menus_buttons_are_as_wide_as_their_labels(size: tuple[int, int]) -> None:
    app = App(Settings(animation_speed="off", ai_pause_ms=0), size=size)
    try:
        menu = MainMenu(app)
        menu.resize(Layout(*size))
        for button in menu.buttons:
            assert button.rect.w >= button_width(button.label, menu.layout), button.label
        rects = [button.rect for button in menu.buttons]
        assert all(left.right < right.left for left, right in zip(rects, rects[1:]))
    finally:
        app.close()


def test_a_widgets_value_gets_the_room_its_label_does_not_need() -> None:
    assert split_room(70, 300, 362) == (70, 292)  # a short label, a long variant title
    assert split_room(100, 120, 362) == (242, 120)  # both fit: each what it needs
    assert split_room(300, 300, 362) == (181, 181)  # both long: halves


def solid(draw: Callable[[pygame.Surface], object], size: tuple[int, int], point: tuple[int, int]) -> bool:
    """Whether what ``draw`` puts at ``point`` hides what was drawn under it: the same over white and over black
    (a see-through panel would let the white through)."""
    shown = []
    for under in (WHITE, (0, 0, 0)):
        screen = pygame.Surface(size)
        screen.fill(under)
        draw(screen)
        shown.append(tuple(screen.get_at(point))[:3])
    return shown[0] == shown[1]


def test_the_results_and_pause_panels_are_solid(app: Any) -> None:
    lay = app.layout
    results = ResultsScene(app, "Toy", ["Ann", "Boris"], [3, 1], [0])
    results.resize(lay)
    box = lay.box(*RESULTS_PANEL)
    assert solid(results.draw, lay.size, (box.x + lay.px(15), box.centery))
    pause = PauseScene(app)
    pause.resize(lay)
    box = lay.box(*PAUSE_PANEL)
    assert solid(pause.draw, lay.size, (box.x + lay.px(10), box.bottom - lay.px(20)))


def test_the_score_table_is_solid(app: Any) -> None:
    lay, pal = app.layout, app.palette
    table = pygame.Rect(0, 0, 980, 680)
    columns = [Column("Player", 200), Column("Total", 100)]

    def draw(screen: pygame.Surface) -> None:
        draw_score_table(screen, lay, pal, table, "Hand 1", columns, [Line(["Ann", "3"]), Line(["Boris", "1"])])

    box = overlay_rect(lay, table, columns, 2)
    assert solid(draw, lay.size, (box.x + lay.px(6), box.centery))
