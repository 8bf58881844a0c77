"""The main menu and the settings as a new player meets them: arrows that move the obvious way, settings
that explain themselves, and notices that never hide a button."""

import pygame
import pytest

from game.core.registry import all_games
from game.core.settings import TEXT_SCALES, Settings
from game.scenes.menu import MainMenu
from game.scenes.settings import FIELD_TEXT, HELP_TEXT, SettingsScene
from game.scenes.setup import SetupScene
from game.ui.app import App
from game.ui.layout import Layout
from game.ui.theme import font
from tests.app_input import key, run

NOTICES = ["The settings could not be read: /home/someone/.config/hallowtable/settings.yaml:3: volume: must be a "
           "number from 0 to 1. It was kept as settings.yaml.bad-1. Using default settings.",
           "The saved game could not be read; it was kept aside.",
           "A third notice.",
           "A fourth notice, which is the newest."]
SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def sized_app(request):
    """A headless app at each window size the screens are checked at."""
    application = App(Settings(animation_speed="off", ai_pause_ms=0), size=request.param)
    yield application
    application.close()


def open_settings(app):
    app.push(MainMenu(app))
    scene = SettingsScene(app)
    app.push(scene)
    run(app)
    return scene


def test_animation_speed_steps_from_off_to_fast_in_order(app):
    app.set_speed("normal")
    scene = open_settings(app)
    assert [value for value, _ in scene.speed.options] == ["off", "slow", "normal", "fast"]
    scene.group.focus(scene.speed)
    assert scene.speed.value == "normal"
    key(app, pygame.K_RIGHT)
    assert scene.speed.value == "fast" and scene.draft.animation_speed == "fast"
    key(app, pygame.K_RIGHT)
    assert scene.speed.value == "fast"  # the fastest: ">" goes no further, never round to Off
    for expected in ("normal", "slow", "off", "off"):
        key(app, pygame.K_LEFT)
        assert scene.speed.value == expected
    assert scene.draft.animation_speed == "off"


def test_window_size_and_ai_pause_are_scales_too(app):
    scene = open_settings(app)
    window, pause = scene.fields[0], scene.ai_pause
    assert [v for v, _ in window.options] == sorted(v for v, _ in window.options)
    assert [v for v, _ in pause.options] == sorted(v for v, _ in pause.options)
    assert not window.wrap and not pause.wrap


def test_settings_that_need_a_word_have_their_help_under_them_at_full_size(sized_app):
    scene = open_settings(sized_app)
    helped = {scene.memory_aid: "Reapers", scene.reduced_motion: "drops the celebr", scene.ai_pause: "AI player waits"}
    rects = scene.help_rects()
    assert len(rects) == len(helped)
    widgets = [w.rect for w in scene.group.widgets]
    face = font(sized_app.layout.text_px(HELP_TEXT))
    for widget, lines, rect in scene.help_lines:
        assert helped[widget] in scene.help[widget] and " ".join(lines) == scene.help[widget]
        assert rect.top >= widget.rect.bottom and rect.left > widget.rect.left  # right under its setting
        assert rect.collidelist(widgets) < 0 and sized_app.screen.get_rect().contains(rect)
        assert all(face.size(line)[0] <= rect.w for line in lines)  # wrapped, never made smaller
        assert rect.h >= len(lines) * face.get_linesize()


def test_left_right_move_between_the_game_cards_and_up_down_between_the_rows(app):
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    assert len(menu.tiles) == len(all_games()) >= 2
    assert menu.group.focused is menu.tiles[0]
    key(app, pygame.K_RIGHT)
    assert menu.group.focused is menu.tiles[1]
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert menu.group.focused is menu.tiles[-1]  # round the row
    key(app, pygame.K_DOWN)
    assert menu.group.focused in menu.buttons
    key(app, pygame.K_RIGHT)
    assert menu.group.focused in menu.buttons
    key(app, pygame.K_UP)
    assert menu.group.focused in menu.tiles
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SetupScene)


def widget_rects(scene):
    return [widget.rect for widget in scene.group.widgets]


@pytest.mark.parametrize("screen", ["menu", "setup"])
def test_a_notice_never_covers_a_widget(sized_app, screen):
    menu = MainMenu(sized_app)
    sized_app.push(menu)
    scenes = [menu]
    if screen == "setup":
        scenes += [SetupScene(sized_app, spec) for spec in all_games()]  # each game's seats reach lower
    for count in range(1, len(NOTICES) + 1):
        for scene in scenes[1:] or scenes:
            if scene is not menu:
                sized_app.push(scene)
            run(sized_app)
            sized_app.toasts.clear()
            for text in NOTICES[:count]:
                sized_app.notify(text)
            run(sized_app)
            rects = [rect for rect, _ in sized_app._toast_rects()]
            assert len(rects) == count
            for rect in rects:
                assert rect.collidelist(widget_rects(scene)) < 0, (type(scene).__name__, count, rect)
                assert sized_app.screen.get_rect().contains(rect)
            assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
            if scene is not menu:
                sized_app.pop()


def test_the_two_columns_hold_every_setting_in_the_window_at_every_text_size(sized_app):
    scene = open_settings(sized_app)
    window = sized_app.screen.get_rect()
    for scale in TEXT_SCALES:
        while scene.draft.text_scale < scale:
            scene.text_size.adjust(1)
        lay = scene.layout
        assert lay.text_scale == scale and sized_app.layout.text_scale == 1.0  # shown here only, until saved
        label = font(lay.text_px(FIELD_TEXT))
        fields = [widget.rect for widget in scene.fields]
        helps = [rect for _, rect in scene.help_rects()]
        about = [rect for _, rect in scene.about_rects()]
        buttons = [scene.save_button.rect, scene.cancel_button.rect]
        taken = fields + helps + buttons + about
        assert all(window.contains(rect) for rect in taken), scale
        assert all(not a.colliderect(b) for i, a in enumerate(taken) for b in taken[i + 1:]), scale
        assert all(rect.h >= label.get_height() for rect in fields)  # each row as tall as its type
        assert max(rect.bottom for rect in fields + helps) < min(rect.top for rect in buttons)
        assert max(rect.bottom for rect in buttons) <= min(rect.top for rect in about)
        assert len({rect.x for rect in fields}) == 2  # two columns, each in its panel
        for panel, column in zip(scene.panels, scene.columns):
            assert window.contains(panel) and panel.bottom < min(rect.top for rect in buttons)
            assert all(panel.contains(widget.rect) for widget in column)
            assert all(panel.contains(rect) for widget, _, rect in scene.help_lines if widget in column)


def test_up_and_down_keep_to_a_column_and_the_text_size_shows_at_once_but_counts_on_save(app):
    scene = open_settings(app)
    assert scene.columns[0][0] is scene.group.focused
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert scene.group.focused is scene.text_size
    key(app, pygame.K_RIGHT)
    assert scene.draft.text_scale == TEXT_SCALES[1] and scene.layout.text_scale == TEXT_SCALES[1]
    key(app, pygame.K_ESCAPE)  # cancel: forgotten
    run(app)
    assert app.settings.text_scale == 1.0 and app.layout.text_scale == 1.0
    scene = open_settings(app)
    scene.text_size.adjust(1)
    scene.music_volume.adjust(-1)
    scene.reduced_motion.activate()
    scene.save()
    run(app)
    assert app.settings.text_scale == TEXT_SCALES[1] and app.settings.reduced_motion
    assert app.settings.music_volume == pytest.approx(Settings().music_volume - 0.1)
    assert app.layout.text_scale == TEXT_SCALES[1] and app.top.layout.text_scale == TEXT_SCALES[1]
    assert app.layout.text_px(20) > Layout(1280, 720).text_px(20)
