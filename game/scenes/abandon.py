"""Starting a game of a kind that has a game in progress asks first (``ask_before_abandoning``): nothing in
progress is discarded without the player's yes, and a game abandoned is kept in the history, marked so. The
setup screen, the results' "Play again" and a game started from the command line all ask it."""

from __future__ import annotations

from typing import Callable

from game.core.registry import get
from game.scenes.confirm import ConfirmScene
from game.storage.history import record_game
from game.storage.saves import SavedGame, delete_game, rename_aside, saved_game
from game.ui.app import App
from game.variants.help import variant_words

ABANDON_TITLE = "A game in progress"


def abandon_question(saved: SavedGame) -> str:
    """What the player is asked before a new game replaces ``saved`` (its variant named, but the standard
    game's)."""
    variant = variant_words(get(saved.record.game), saved.record.variant)
    game = f"{saved.title} ({variant})" if variant else saved.title
    return f"You have a game of {game} in progress ({saved.summary()}). Start a new one and abandon it?"


def ask_before_abandoning(app: App, game: str, start: Callable[[], None]) -> None:
    """Call ``start`` (it begins a new game of ``game``) at once when no game of ``game`` is in progress;
    otherwise ask first: Yes abandons the game in progress (``abandon``), then starts; No changes nothing."""
    saved, notices = saved_game(game)
    for notice in notices:
        app.notify(notice)
    if saved is None:
        start()
        return

    def yes() -> None:
        abandon(app, saved)
        start()

    app.push(ConfirmScene(app, ABANDON_TITLE, abandon_question(saved), yes))


def abandon(app: App, saved: SavedGame) -> None:
    """Record ``saved`` in the history as abandoned, then forget its save; a game the history could not
    take is renamed aside instead (its file is the only copy), with a notice."""
    recorded, notices = record_game(saved.record, finished=False, scores=saved.scores, winners=[], figures={},
                                    hints=0, seconds=None)
    try:
        if recorded:
            delete_game(saved.record.game)
        else:
            notices.append(f"The abandoned game was kept as {rename_aside(saved.path, 'abandoned')}.")
    except OSError as error:
        notices.append(f"The abandoned game's save could not be removed ({error}); the new game replaces it.")
    for notice in notices:
        app.notify(notice)
