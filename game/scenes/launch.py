"""What the command line calls: run the app, render a scene to PNG, and time start-up and frames."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.core.registry import GameSpec, UnknownGameError, all_entries, all_games, get
from game.core.settings import Settings
from game.core.setup import DEFAULT_NAMES, HUMAN, MatchSetup, default_names
from game.scenes.router import ROUTER
from game.storage.cache import UserCache
from game.storage.desktop import APP_ID
from game.storage.files import remove_stale_temporaries
from game.storage.paths import user_cache_dir, user_config_dir, user_data_dir, user_variants_dir
from game.storage.saves import saves_dir
from game.storage.settings import load_settings
from game.ui import kept
from game.ui.app import App, Scene
from game.variants.loader import STANDARD

if TYPE_CHECKING:  # a table is imported when one is shown, not for the menu
    from game.core.record import GameRecord
    from game.ui.table import TableScene

SCENES = ("menu", "setup", "settings", "rules", "guide", "pause", "results", "handoff")
DEFAULT_TABLE_PLAYERS = 4
FRAME_DT = 1 / 60
WINDOW_CLASS_VARIABLES = ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS")
"""What SDL names the window's class by on X11 and Wayland (read when its video starts)."""


def _headless() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def open_app(settings: Settings, notices: list[str] | None = None, size: tuple[int, int] | None = None) -> App:
    """The application's window: the shell's ``App`` with the application's screens and stores (``ROUTER``),
    what the kit works out once (pictures rendered, fonts found) kept in the user's cache folder. Its window
    class is the desktop entry's id, set before SDL starts, so a dock groups the window under the launcher's
    icon (the launcher's ``StartupWMClass``)."""
    for variable in WINDOW_CLASS_VARIABLES:
        os.environ.setdefault(variable, APP_ID)
    app = App(settings, notices, size=size)
    app.router = ROUTER
    kept.use_store(UserCache())
    return app


def run_app(setup: MatchSetup | None = None, replay: GameRecord | None = None) -> int:
    """Open the window at the saved size, show the menu (or go straight to ``setup``'s table, once the player
    agrees to abandon a game of that kind in progress, or to a replay of ``replay``); the exit code."""
    from game.scenes.abandon import ask_before_abandoning
    from game.scenes.tables import NoTableError, open_replay

    app = open_menu()
    if setup is not None:
        ask_before_abandoning(app, setup.game, partial(_open_new_table, app, setup))
    elif replay is not None:
        try:
            app.push(open_replay(app, replay))
        except NoTableError as error:
            app.notify(str(error))
    app.frame(0.0)  # the first frame shown, then the housekeeping it does not need
    remove_stale_temporaries(written_folders())
    return app.run()


def open_menu() -> App:
    """The app at the saved size on its main menu, as the player first sees it: the settings read (a notice for
    what could not be), a word when there is no sound."""
    from game.scenes.menu import MainMenu
    from game.scenes.settings import SOUND_OFF

    settings, notices = load_settings()
    app = open_app(settings, notices)
    if not app.sound.available and not settings.muted:  # said once, in our words (the sound library's are hushed)
        app.notify(SOUND_OFF)
    app.push(MainMenu(app))
    return app


def _open_new_table(app: App, setup: MatchSetup) -> None:
    """The table of a new game of ``setup`` over the menu (or a notice of why it cannot open)."""
    from game.scenes.tables import NoTableError, open_table

    try:
        app.push(open_table(app, setup, first_guide=True))
    except NoTableError as error:
        app.notify(str(error))


def written_folders() -> list[Path]:
    """Every folder the app writes files into: where a write killed midway may have left its temporary."""
    from game.scenes.lab.export import lab_dir
    from game.storage.reports import reports_dir

    variants = [user_variants_dir(entry.name) for entry in all_entries()]
    return [user_config_dir(), *variants, user_data_dir(), saves_dir(), reports_dir(), lab_dir(), user_cache_dir()]


def _game(name: str) -> GameSpec:
    try:
        return get(name)
    except UnknownGameError as error:
        raise ValueError(f"unknown scene or game {name!r}; scenes: {', '.join(SCENES)}; {error}") from None


@dataclass(frozen=True)
class TableShot:
    """How a screenshot sets a game's table: its seats, whether seat 0 is a human, its variant."""

    players: int = DEFAULT_TABLE_PLAYERS
    human: bool = False
    variant: str = STANDARD
    """A variant name or a YAML file."""


def all_ai_table(app: App, game: str, seed: int, shot: TableShot = TableShot(), level: str = "normal") -> TableScene:
    """A table of ``game`` with ``shot.players`` seats (the nearest count the game allows), every seat played
    by ``level`` AIs (seat 0 by a human if ``shot.human``), in ``shot.variant`` (no autosave)."""
    from game.scenes.tables import table_class
    from game.variants.loader import load_variant

    spec = _game(game)
    cls = table_class(spec)
    players = min(spec.max_players, max(spec.min_players, shot.players))
    seats = ((HUMAN,) if shot.human else (level,)) + (level,) * (players - 1)
    variant = load_variant(spec, shot.variant)
    setup = MatchSetup(spec.name, variant.name, dict(variant.params), seats, default_names(seats), seed)
    table = cls(app, setup)
    table.session.autosave = False
    return table


def games_for(scene: str) -> list[GameSpec]:
    """The registered games, for a scene that shows the first of them; ``ValueError`` when there are none."""
    games = all_games()
    if not games:
        raise ValueError(f"the {scene} scene needs a registered game, and none is registered")
    return games


def _scenes(app: App, scene: str, seed: int, shot: TableShot | None) -> list[Scene]:
    """The stack that shows ``scene``; ``shot`` only for a table (default: 4 AIs, or the game's nearest
    count, in the standard variant)."""
    from game.scenes.guide import GuideScene
    from game.scenes.handoff import HandoffScene
    from game.scenes.menu import MainMenu
    from game.scenes.pause import PauseScene
    from game.scenes.results import example_results
    from game.scenes.rulebook import RulesScene
    from game.scenes.settings import SettingsScene
    from game.scenes.setup import SetupScene

    if scene in SCENES and shot is not None:
        raise ValueError(f"--players, --human and --variant are for a game's table, not the {scene} scene")
    over_menu: dict[str, Callable[[], Scene]] = {
        "setup": lambda: SetupScene(app, games_for(scene)[0]),
        "settings": lambda: SettingsScene(app),
        "guide": lambda: GuideScene(app, games_for(scene)[0].name),
        "rules": lambda: RulesScene(app),
        "pause": lambda: PauseScene(app),
        "results": lambda: example_results(app),
        "handoff": lambda: HandoffScene(app, DEFAULT_NAMES[0], lambda: None)}
    menu = MainMenu(app)  # built for a table too: it reads the saves, whose notices show over any scene
    if scene == "menu":
        return [menu]
    if scene in over_menu:
        return [menu, over_menu[scene]()]
    if shot is None:
        return [all_ai_table(app, scene, seed)]
    spec = _game(scene)
    if not spec.players_ok(shot.players):
        raise ValueError(f"{spec.title} seats {spec.min_players} to {spec.max_players} players, not {shot.players}")
    return [all_ai_table(app, scene, seed, shot)]


def _play_for_everyone(table: TableScene, moves: int, seed: int) -> None:
    """``moves`` actions by normal AIs, the human's seat included, then the AIs up to the human's next turn."""
    from game.core.match import MAX_ACTIONS, make_agent

    stand_in = make_agent(table.spec, "normal", 0, seed, table.setup.params)
    for _ in range(moves):
        if table.state.is_terminal():
            break
        seat = table.state.current_player()
        agent = table.agents.get(seat, stand_in)
        table.submit(agent.choose(table.state.observation(seat), table.state.legal_actions()))
    table.play_instantly(MAX_ACTIONS)


def screenshot(scene: str, out: Path, size: tuple[int, int], seed: int, moves: int,
               shot: TableShot | None = None) -> None:
    """Render ``scene`` (one of ``SCENES`` or a game's table, set by ``shot``, after ``moves`` AI moves)
    headless to a PNG in a folder that exists. With ``shot.human``, seat 0 is a human, shown at its next
    decision after the moves. ``ValueError`` for a scene or table that cannot be, ``OSError`` for a file
    that cannot be written."""
    from game.ui.table import TableScene

    _headless()
    settings, notices = load_settings()
    if scene not in SCENES:  # a table is drawn settled, after its moves, not mid-animation
        settings = replace(settings, animation_speed="off", ai_pause_ms=0)
    app = open_app(settings, notices, size=size)
    try:
        for item in _scenes(app, scene, seed, shot):
            app.push(item)
        app.apply_pending()
        if isinstance(app.top, TableScene):
            if shot is not None and shot.human:
                _play_for_everyone(app.top, moves, seed)
            else:
                app.top.play_instantly(moves)
        app.draw()
        try:
            pygame.image.save(app.screen, str(out))
        except pygame.error as error:  # pygame's own word for a file it could not write
            raise OSError(f"cannot write {out}: {error}") from None
    finally:
        app.close()


def measure_first_frame_ms() -> float:
    """Milliseconds from the app's modules imported (this one and the menu's) to the first drawn menu frame,
    headless: the app opened as ``run_app`` opens it (``open_menu``), then one frame."""
    _headless()
    started = time.perf_counter()
    app = open_menu()
    try:
        app.frame(0.0)
        return (time.perf_counter() - started) * 1000.0
    finally:
        app.close()


def measure_frame_times(game: str, players: int, size: tuple[int, int], frames: int, seed: int) -> list[float]:
    """Each frame's time (ms) of an all-AI game of ``game`` at ``size`` with animations on."""
    _headless()
    app = open_app(Settings(animation_speed="normal", ai_pause_ms=0), size=size)
    try:
        app.push(all_ai_table(app, game, seed, TableShot(players)))
        app.apply_pending()
        times: list[float] = []
        for _ in range(frames):
            started = time.perf_counter()
            app.frame(FRAME_DT)
            times.append((time.perf_counter() - started) * 1000.0)
        return times
    finally:
        app.close()
