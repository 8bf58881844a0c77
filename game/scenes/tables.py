"""Opening a game's table (a new one, a game in progress from its save, a replay): its scene class is named by
``GameSpec.scene`` and imported only when needed.

A new game a player starts (``first_guide``) with a human seat opens with the game's first-game guide over
it the first time (see ``game.scenes.guide``); replays, resumed games, all-AI tables and tables built
directly (screenshots, tests) do not."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.core.record import GameRecord
from game.core.registry import GameSpec, get
from game.core.setup import HUMAN, MatchSetup, default_names
from game.scenes.guide_content import has_guide
from game.scenes.navigation import router
from game.scenes.remembered import remember, remember_seen
from game.storage.saves import SavedGame, saved_games
from game.ui.app import App

if TYPE_CHECKING:  # the table kit is imported with a table (``table_class``), not by the menu
    from game.ui.table import TableScene


REPLAY_SEAT = "random"
"""The seat kind a replay is opened with: an AI seat, never asked, since every move is recorded."""


class NoTableError(ValueError):
    """The game has no table scene yet (or its ``scene`` entry is wrong)."""


def table_class(spec: GameSpec) -> type[TableScene]:
    """The game's TableScene subclass from ``spec.scene`` (``module:Class``)."""
    from game.ui.table import TableScene

    if not spec.scene:
        raise NoTableError(f"{spec.title} has no table scene yet (GameSpec.scene is empty)")
    module_name, _, class_name = spec.scene.partition(":")
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except (ImportError, AttributeError) as error:
        raise NoTableError(f"{spec.title}'s table scene {spec.scene!r} cannot be loaded: {error}") from None
    if not (isinstance(cls, type) and issubclass(cls, TableScene)):
        raise NoTableError(f"{spec.scene!r} is not a TableScene")
    return cls


def open_table(app: App, setup: MatchSetup, record: GameRecord | None = None, *,
               first_guide: bool = False) -> TableScene:
    """A new table scene for ``setup`` (resuming ``record`` if given). With ``first_guide`` (a player starting
    a game), a new game with a human seat brings the game's first-game guide, if this player has not seen it."""
    table = table_class(get(setup.game))(app, setup, record)
    if table.humans:  # the statistics open on the game last played
        remember(app, "last_game", setup.game)
    if first_guide and record is None and table.humans and setup.game not in app.settings.guides_seen and \
            has_guide(setup.game):
        _guide_on_entry(app, table)
    return table


def read_saves(app: App) -> list[SavedGame]:
    """The games in progress, the most recently played first; what could not be read is a notice."""
    saves, notices = saved_games()
    for notice in notices:
        app.notify(notice)
    return saves


def open_saved(app: App, saved: SavedGame, replace: bool = False) -> None:
    """Open the table of the game in progress ``saved``, over the scene on top (in its place if ``replace``);
    a game whose table cannot open says why."""
    try:
        table = open_table(app, MatchSetup.from_record(saved.record), saved.record)
    except (NoTableError, KeyError) as error:
        app.notify(str(error))
        return
    if replace:
        app.replace(table)
    else:
        app.push(table)


def _guide_on_entry(app: App, table: TableScene) -> None:
    """Show the guide over ``table`` the moment the table reaches the stack, however it gets there (the
    setup's Start replaces itself with the table), and remember it as seen."""
    entered = table.enter

    def enter() -> None:
        entered()
        remember_seen(app, table.spec.name)
        app.push(router(app).guide(app, table.spec.name))

    table.enter = enter  # type: ignore[method-assign]


def replay_setup(record: GameRecord) -> MatchSetup:
    """The table of ``record`` with every seat played from the record (its names, or the default ones)."""
    names = record.names or default_names((REPLAY_SEAT,) * record.players)
    return MatchSetup(record.game, record.variant, dict(record.params), (REPLAY_SEAT,) * record.players,
                      tuple(names), record.seed, record.position)


def open_replay(app: App, record: GameRecord) -> TableScene:
    """A table that replays ``record`` from the start, with the replay viewer's controls over it (pushed when
    the table reaches the stack). A game of one human is seen through that human's eyes (their own cards face
    up); any other as a spectator sees it, the viewer offering each human's view. Nothing is saved or counted."""
    table = open_table(app, replay_setup(record))
    humans = [seat for seat, kind in enumerate(record.seats) if kind == HUMAN]
    table.watch(record.actions, viewer=humans[0] if len(humans) == 1 else None)
    entered = table.enter

    def enter() -> None:
        entered()
        app.push(router(app).replay_viewer(table, humans))

    table.enter = enter  # type: ignore[method-assign]
    return table
