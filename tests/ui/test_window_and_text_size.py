"""The window placed on the screen after a size change or full screen (centred on the display it was on, never
larger than it), and the player's text size, which every font size takes and nothing else does."""

from __future__ import annotations

import pygame
import pytest

from game.core.settings import Settings
from game.ui import app as app_module
from game.ui.app import CENTRED_ON_DISPLAY, App, Scene, fit_to_display
from game.ui.layout import MIN_TEXT_PX, Layout
from tests.app_input import run


class Window:
    """A window that records where it is put (the real driver here has no screen)."""

    def __init__(self, display: int) -> None:
        self.display_index = display
        self.position: tuple[int, int] | None = None


def test_a_size_larger_than_the_display_is_clamped_to_it():
    assert fit_to_display((3840, 2160), (1920, 1080)) == (1920, 1080)
    assert fit_to_display((1920, 1080), (1600, 1200)) == (1600, 1080)
    assert fit_to_display((1280, 720), (1920, 1080)) == (1280, 720)
    assert fit_to_display((3840, 2160), None) == (3840, 2160)  # no screen to fit: as asked


def test_a_new_size_or_leaving_full_screen_centres_the_window_on_its_display_within_it(monkeypatch):
    window = Window(display=1)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(3840, 2160), (1600, 900)])
    monkeypatch.setattr(app_module, "_window", lambda: window)
    application = App(Settings(), size=(1280, 720))
    try:
        assert window.position == (CENTRED_ON_DISPLAY + 1, CENTRED_ON_DISPLAY + 1)
        window.position = None
        application.apply_settings(Settings(window_width=1920, window_height=1080))
        assert application.screen.get_size() == (1600, 900)  # the second display is smaller
        assert window.position == (CENTRED_ON_DISPLAY + 1, CENTRED_ON_DISPLAY + 1)
        application.toggle_fullscreen()
        window.position = None
        application.toggle_fullscreen()  # back from full screen: placed again
        assert window.position == (CENTRED_ON_DISPLAY + 1, CENTRED_ON_DISPLAY + 1)
        assert application.layout.size == application.screen.get_size()
    finally:
        application.close()


def test_without_a_screen_the_window_is_neither_moved_nor_shrunk(app):
    assert pygame.display.get_driver() == "dummy" and app_module._window() is None
    app.apply_settings(Settings(window_width=1920, window_height=1080))
    assert app.screen.get_size() == (1920, 1080)  # the dummy desktop's 1024x768 is made up


def test_a_window_that_cannot_be_moved_is_left_where_it_is(monkeypatch):
    class Stuck:
        display_index = 0

        @property
        def position(self) -> tuple[int, int]:
            return (0, 0)

        @position.setter
        def position(self, value: tuple[int, int]) -> None:
            raise pygame.error("not on this platform")

    monkeypatch.setattr(app_module, "_window", lambda: Stuck())
    application = App(Settings(), size=(1280, 720))
    application.close()


@pytest.mark.parametrize("scale", [1.0, 1.15, 1.3, 1.5])
def test_the_text_size_scales_every_font_and_nothing_else(scale):
    for size in ((1280, 720), (1920, 1080), (3840, 2160)):
        normal, larger = Layout(*size), Layout(*size, text_scale=scale)
        assert larger.px(100) == normal.px(100) and larger.box(10, 10, 50, 50) == normal.box(10, 10, 50, 50)
        for units in (13, 20, 44):
            assert larger.text_px(units) == max(MIN_TEXT_PX, round(units * normal.scale * scale))
            assert larger.text_px(units) >= normal.text_px(units)


def test_the_app_lays_every_scene_out_at_the_text_size_and_a_new_one_applies_at_once(app):
    seen: list[Layout] = []

    class Probe(Scene):
        def resize(self, layout: Layout) -> None:
            seen.append(layout)

    app.push(Probe(app))
    run(app)
    assert seen[-1].text_scale == 1.0
    app.apply_settings(Settings(text_scale=1.3))
    assert seen[-1].text_scale == 1.3 == app.layout.text_scale


def test_the_app_opens_at_the_saved_text_size():
    opened = App(Settings(text_scale=1.5), size=(1280, 720))
    try:
        assert opened.layout.text_scale == 1.5
    finally:
        opened.close()
