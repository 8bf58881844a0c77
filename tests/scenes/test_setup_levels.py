"""The setup screen explains each AI level in a line and keeps the seed behind the Advanced toggle."""

import pygame

from game.core.agent import LEVEL_LINES, LEVELS
from game.core.registry import all_games, get
from game.scenes.setup import SetupScene
from tests.app_input import key, run, text


def open_setup(app, game="reapers"):
    setup = SetupScene(app, get(game))
    app.push(setup)
    run(app)
    return setup


def test_every_level_has_one_short_line_saying_what_it_does(app):
    assert set(LEVEL_LINES) == set(LEVELS)
    for level, line in LEVEL_LINES.items():
        assert line.startswith(f"{level.title()}: ") and len(line) <= 80 and "\n" not in line
    assert "strongest" in LEVEL_LINES["hard"] and "sees" in LEVEL_LINES["hard"]
    assert "weakest" in LEVEL_LINES["random"]
    for spec in all_games():
        setup = SetupScene(app, spec)
        assert [level for level, _ in setup.level_lines()] == [level for level in LEVELS if level in spec.agents]


def test_the_focused_seats_level_is_the_one_picked_out(app):
    setup = open_setup(app)
    assert setup.focused_level() is None  # the focus is on the player count
    setup.group.focus(setup.kinds[1])
    assert setup.focused_level() == "normal"
    key(app, pygame.K_RIGHT)
    assert setup.focused_level() == "hard"
    before = app.screen.copy()
    key(app, pygame.K_RIGHT)  # a human seat: no level picked out
    assert setup.focused_level() is None
    app.draw()
    assert pygame.image.tostring(before, "RGB") != pygame.image.tostring(app.screen, "RGB")


def test_the_seed_shows_only_with_advanced_on_and_counts_only_then(app):
    setup = open_setup(app)
    assert setup.seed not in setup.group.widgets and not setup.advanced.value
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert setup.group.focused is setup.advanced
    key(app, pygame.K_SPACE)
    assert setup.advanced.value and setup.group.widgets.index(setup.seed) == 3
    key(app, pygame.K_TAB)
    text(app, "12a3")
    assert setup.seed.text == "123" and setup.setup().seed == 123
    key(app, pygame.K_TAB)
    assert setup.group.focused is setup.kinds[0]
    setup.group.focus(setup.advanced)
    key(app, pygame.K_RETURN)
    assert setup.seed not in setup.group.widgets
    seeds = {setup.setup().seed for _ in range(5)}
    assert 123 not in seeds and len(seeds) > 1  # a hidden seed is not used


def test_the_level_lines_fit_under_the_most_seats_at_both_sizes(app):
    from game.ui.app import App
    from game.core.settings import Settings

    for size in ((1280, 720), (1920, 1080)):
        sized = App(Settings(), size=size) if size != (1280, 720) else app
        setup = SetupScene(sized, get("trick-or-treat"))
        sized.push(setup)
        run(sized)
        while setup.players.adjust(1) and setup.players.value < get("trick-or-treat").max_players:
            pass
        lines = len(setup.level_lines())
        room = setup.start_button.rect.top - setup.kinds[setup.players.value - 1].rect.bottom
        assert lines * sized.layout.px(22) <= room
        if sized is not app:
            sized.close()
