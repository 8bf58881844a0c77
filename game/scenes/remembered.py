"""What the screens remember between sessions, kept in the player's settings: the game a screen opens on
(``remember``) and the games whose first-game guide was seen (``remember_seen``)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from typing import Any

from game.storage.settings import save_settings
from game.ui.app import App


def remember(app: App, setting: str, game: str) -> None:
    """Keep in the settings, and save, the game a screen should open on next time (``setting`` is
    ``last_game`` or ``lab_game``). A file that cannot be written loses only this memory: the screens still
    remember for the session, and nothing is said over the game being opened."""
    if getattr(app.settings, setting) == game:
        return
    change: dict[str, Any] = {setting: game}
    app.settings = replace(app.settings, **change)
    with suppress(OSError):
        save_settings(app.settings)


def remember_seen(app: App, game: str) -> None:
    """Mark ``game``'s guide as seen in the settings and save them, so it opens by itself only once (a
    settings file that cannot be written says so; the guide is still not shown again this session)."""
    if game in app.settings.guides_seen:
        return
    app.settings = replace(app.settings, guides_seen=(*app.settings.guides_seen, game))
    try:
        save_settings(app.settings)
    except OSError as error:
        app.notify(f"The settings could not be saved, so the guide may show again: {error}")
