"""Scene smoke tests with injected input: menu navigation, setup, settings, rules, pause, continue."""

import json
import subprocess
import sys
from collections import deque

import pygame
import pytest
import yaml

from game.core import registry
from game.core.setup import MatchSetup
from game.scenes import rulebook as rules_module
from game.scenes.launch import SCENES, TableShot, measure_first_frame_ms, screenshot
from game.scenes.menu import MainMenu
from game.scenes.pause import PauseScene
from game.scenes.replay import ReplayScene
from game.scenes.results import ResultsScene
from game.scenes.rulebook import RulesScene, parse_markdown
from game.scenes.settings import SettingsScene
from game.scenes.stats import StatsScene
from game.scenes.setup import SetupScene
from game.storage.saves import saves_dir
from game.storage.settings import load_settings
from tests.app_input import key, run, run_until, text
from tests.toygame import NAME, ToyTable


def start_menu(app):
    menu = MainMenu(app)
    app.push(menu)
    run(app)
    return menu


def test_menu_lists_registered_games_and_navigates_by_keyboard(app, toy_game):
    menu = start_menu(app)
    assert [tile.entry.name for tile in menu.tiles] == [NAME]
    assert [b.label for b in menu.buttons] == ["Rules", "Statistics", "Variants", "Variant lab", "Settings", "Quit"]
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert menu.group.focused.label == "Statistics"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, StatsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    for _ in range(3):
        key(app, pygame.K_TAB)
    assert menu.group.focused.label == "Settings"
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    key(app, pygame.K_TAB)
    key(app, pygame.K_RETURN)
    assert not app.running


def test_menu_without_games_still_works(app, monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "load_all", lambda: None)
    menu = start_menu(app)
    assert menu.tiles == [] and menu.group.focused.label == "Rules"


def test_setup_changes_and_start_opens_the_table(app, toy_game, user_dirs):
    broken = user_dirs[0] / "variants" / NAME / "broken.yaml"
    broken.write_text("tricks: 9\n", encoding="utf-8")
    menu = start_menu(app)
    key(app, pygame.K_RETURN)
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert any("broken.yaml:1" in p and "tricks" in p for p in setup.problems)
    assert [v for v, _ in setup.variant.options] == ["standard"]
    assert setup.players.value == 4
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert setup.players.value == 2
    assert sum(1 for w in setup.group.widgets if w in setup.kinds) == 2
    assert not setup.variant.enabled  # one variant to choose from: Tab passes it by
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)  # Advanced: shows the seed
    key(app, pygame.K_TAB)
    text(app, "12a3")
    assert setup.seed.text == "123"
    key(app, pygame.K_TAB)
    key(app, pygame.K_RIGHT)
    assert setup.kinds[0].value == "random"
    chosen = setup.setup()
    assert chosen == MatchSetup(NAME, "standard", {"tricks": 3}, ("random", "normal"), ("Morgan", "Boris"), 123)
    setup.start()
    run(app)
    assert isinstance(app.top, ToyTable) and app.stack == [menu, app.top]
    assert app.top.setup.seed == 123


def test_settings_are_saved_and_applied(app, toy_game):
    start_menu(app)
    settings_scene = SettingsScene(app)
    app.push(settings_scene)
    run(app)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # fullscreen on
    for _ in range(2):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE)  # colour-blind palette
    key(app, pygame.K_DOWN)
    key(app, pygame.K_BACKSPACE)
    text(app, "ra")  # your name
    key(app, pygame.K_RIGHT)  # to the other column: reduced motion
    key(app, pygame.K_UP)
    key(app, pygame.K_RIGHT)  # animation speed: the next one
    settings_scene.save()
    run(app)
    saved, notices = load_settings()
    assert notices == []
    assert saved.fullscreen and saved.colour_blind_palette and saved.player_name == "Morgara"
    assert saved.animation_speed != "off"
    assert app.settings == saved and app.palette.name == "colour_blind" and app.fullscreen
    assert not isinstance(app.top, SettingsScene)


def test_rules_reader_scrolls_markdown_and_reports_a_missing_file(app, toy_game, tmp_path, monkeypatch):
    monkeypatch.setattr(rules_module, "RULES_TEXT_DIR", tmp_path)
    reader = RulesScene(app, NAME)
    app.push(reader)
    run(app)
    assert any("missing" in line for _, line in reader.lines)
    (tmp_path / f"{NAME}.md").write_text("# Toy\n\nIntro **text**\ngoes on.\n\n- one\n- two\n" + "word " * 3000,
                                         encoding="utf-8")
    reader.select(0)
    assert reader.lines[0] == ("h1", "Toy") and ("p", "Intro text goes on.") in reader.lines
    key(app, pygame.K_PAGEDOWN)
    assert reader.scroll > 0
    key(app, pygame.K_UP)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, flipped=False))
    run(app)
    assert reader.scroll == 0


def test_parse_markdown_blocks():
    assert parse_markdown("## Setup\n*A*\nB\n\n* x\n  more\n`code`\n\n1. one\n   two\n2) three") == [
        ("h2", "Setup"), ("p", "A B"), ("bullet", "x more"), ("p", "code"), ("number", "1. one two"),
        ("number", "2) three")]


def test_pause_quits_to_menu_and_continue_resumes_the_autosave(app, toy_game):
    menu = start_menu(app)
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "normal"), ("Ann", "Boris"), 5)
    table = ToyTable(app, setup)
    app.push(table)
    run(app)
    key(app, pygame.K_1)
    played = table.record.actions
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseScene)
    key(app, pygame.K_ESCAPE)  # Esc resumes
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    assert [b.label for b in app.top.group.widgets][-2:] == ["Save a bug report", "Quit to menu"]
    for _ in range(4):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)  # Quit to menu
    menu = app.top
    assert isinstance(menu, MainMenu) and len(app.stack) == 1
    assert menu.buttons[0].label == "Continue"
    menu.group.focus(menu.buttons[0])
    key(app, pygame.K_RETURN)
    resumed = app.top
    assert isinstance(resumed, ToyTable) and resumed.record.actions[: len(played)] == played
    assert resumed.names == ["Ann", "Boris"]
    assert resumed.log[: len(table.log)] == table.log and resumed.log


def test_a_corrupt_old_autosave_shows_a_notice_on_the_menu(app, toy_game):
    from game.storage.saves import saves_dir

    saves_dir().mkdir(parents=True)
    (saves_dir() / "autosave.json").write_text("{not json", encoding="utf-8")
    menu = start_menu(app)
    assert any("could not be read" in toast.text for toast in app.toasts)
    assert [b.label for b in menu.buttons][0] == "Rules"
    assert list(saves_dir().glob("autosave.json.corrupt-*"))


@pytest.mark.parametrize("scene", SCENES)
def test_screenshot_of_every_scene(toy_game, tmp_path, scene):
    out = tmp_path / f"{scene}.png"
    screenshot(scene, out, (1280, 720), 1, 0)
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_screenshot_of_a_table_after_moves(toy_game, tmp_path):
    screenshot(NAME, tmp_path / "t.png", (1600, 900), 4, 5)
    assert pygame.image.load(str(tmp_path / "t.png")).get_size() == (1600, 900)


def test_screenshot_of_a_table_seats_the_players_asked_for(toy_game, tmp_path):
    for players in (2, 3):
        screenshot(NAME, tmp_path / f"{players}.png", (1280, 720), 1, 0, TableShot(players))
    two, three = (pygame.image.tostring(pygame.image.load(str(tmp_path / f"{n}.png")), "RGB") for n in (2, 3))
    assert two != three


def test_screenshot_players_out_of_range_or_off_a_table_is_refused(toy_game, tmp_path):
    with pytest.raises(ValueError, match="seats 2 to 4 players, not 5"):
        screenshot(NAME, tmp_path / "x.png", (1280, 720), 1, 0, TableShot(5))
    with pytest.raises(ValueError, match="--players, --human and --variant are for a game's table, not the menu"):
        screenshot("menu", tmp_path / "x.png", (1280, 720), 1, 0, TableShot(3))
    with pytest.raises(ValueError, match="no variant 'nope'|nope"):
        screenshot(NAME, tmp_path / "x.png", (1280, 720), 1, 0, TableShot(variant="nope"))
    assert not (tmp_path / "x.png").exists()


def test_screenshot_with_a_human_shows_the_humans_hand_at_their_turn(toy_game, tmp_path, monkeypatch):
    from game.scenes import launch

    tables = []
    original = launch._play_for_everyone
    monkeypatch.setattr(launch, "_play_for_everyone", lambda table, *args: (original(table, *args),
                                                                              tables.append(table)))
    screenshot(NAME, tmp_path / "h.png", (1280, 720), 2, 3, TableShot(2, human=True))
    assert (tmp_path / "h.png").exists()
    table = tables[0]
    assert table.humans == [0] and len(table.record.actions) >= 3
    assert table.seat_to_play == 0 and table.observation().hand and len(table.cards) == len(table.observation().hand)


def test_screenshot_errors_are_clear(toy_game, tmp_path):
    with pytest.raises(ValueError, match="unknown scene or game 'nope'"):
        screenshot("nope", tmp_path / "x.png", (1280, 720), 1, 0)
    registry.register(registry.GameSpec(**{**toy_game.__dict__, "name": "no-scene", "scene": ""}))
    with pytest.raises(ValueError, match="no table scene"):
        screenshot("no-scene", tmp_path / "x.png", (1280, 720), 1, 0)


def test_startup_is_measured(toy_game):
    assert 0 < measure_first_frame_ms() < 10_000


def test_the_first_menu_frame_imports_no_game_s_rules_no_table_and_no_pkg_resources(user_dirs):
    """The menu shows each game's entry: a game's rules, the table kit and pygame's use of pkg_resources are
    start-up time the first frame does not need."""
    code = ("import sys\nfrom game.scenes import launch\napp = launch.open_menu()\napp.frame(0.0)\n"
            "print(sorted(name for name in sys.modules if name.startswith('game.games.') and name.count('.') > 2"
            " or name in ('game.ui.table', 'game.ui.session', 'pkg_resources')))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip().splitlines()[-1] == "[]"


def test_saved_settings_size_is_used(toy_game, user_dirs):
    (user_dirs[0]).mkdir(parents=True, exist_ok=True)
    (user_dirs[0] / "settings.yaml").write_text(yaml.safe_dump({"window_width": 1600, "window_height": 900}))
    from game.storage.settings import load_settings as load
    from game.ui.app import App

    settings, _ = load()
    application = App(settings)
    try:
        assert application.screen.get_size() == (1600, 900)
    finally:
        application.close()


def test_run_app_runs_the_real_loop_until_quit(toy_game, monkeypatch):
    from game.scenes import launch

    seen = []

    def quit_soon(self, dt):
        seen.append(type(self.app.top).__name__)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(MainMenu, "update", quit_soon)
    assert launch.run_app() == 0
    assert seen and seen[0] == "MainMenu"
    monkeypatch.setattr(ToyTable, "update_table", lambda self, dt: quit_soon(self, dt))
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("normal", "normal"), ("A", "B"), 2)
    assert launch.run_app(setup) == 0
    assert seen[-1] == "ToyTable"


def _finished_toy_game(app):
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("normal", "random"), ("Ann", "Boris"), 5)
    table = ToyTable(app, setup)
    app.push(table)
    run_until(app, lambda: isinstance(app.top, ResultsScene))
    return table


def test_a_bug_report_replays_the_game_it_was_saved_from(app, toy_game):
    from game.core.record import GameRecord
    from game.storage.reports import reports_dir

    setup = MatchSetup(NAME, "standard", {"tricks": 3}, ("human", "normal"), ("Ann", "Boris"), 5)
    table = ToyTable(app, setup)
    app.push(table)
    run(app)
    key(app, pygame.K_1)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    next(b for b in pause.group.widgets if b.label == "Save a bug report").action()
    (report,) = reports_dir().glob("report-*.json")
    assert any(str(report) in toast.text for toast in app.toasts)
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["report"]["log"] == table.log and data["report"]["python"]
    record = GameRecord.from_json(report.read_text(encoding="utf-8"))
    assert record == table.record and record.replay().scores() == table.state.scores()


def test_watch_replay_plays_the_finished_game_again_move_for_move(app, toy_game):
    table = _finished_toy_game(app)
    results = app.top
    assert [b.label for b in results.group.widgets] == ["Play again", "Watch replay", "Main menu"]
    results.watch_replay()
    app.apply_pending()
    viewer, replay = app.top, app.stack[-2]
    assert isinstance(viewer, ReplayScene) and viewer.playing
    assert isinstance(replay, ToyTable) and replay is not table and replay.viewer is None  # no human: a spectator
    assert replay.record.actions == () and \
        replay.session.replay_status() == f"Replay: move 1 of {len(table.record.actions)}"
    run_until(app, lambda: not viewer.playing)  # the viewer stops at the end, ready to step back
    assert replay.record.actions == table.record.actions and replay.state.scores() == table.state.scores()
    assert app.top is viewer and not list(saves_dir().glob("*.json"))  # a replay saves nothing


def test_a_record_that_stops_replaying_says_where(app, toy_game):
    from game.core.record import GameRecord
    from game.scenes.tables import open_replay

    record = GameRecord(NAME, "standard", {"tricks": 3}, 2, 5, ("play 1", "not a move"), ("Ann", "Boris"))
    replay = open_replay(app, record)
    app.push(replay)
    run_until(app, lambda: replay.session.script == deque() and not replay.tweens.busy)
    assert any("stops replaying at move" in toast.text for toast in app.toasts)
