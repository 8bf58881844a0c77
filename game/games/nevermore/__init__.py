"""Nevermore: draft suits, resolve them in hidden order, and beware the Ravens. Registers what the menu shows;
``spec.py`` builds the whole GameSpec when the game is first needed."""

from __future__ import annotations

from game.core.registry import GameEntry, register

ENTRY = register(GameEntry(
    name="nevermore",
    title="Nevermore",
    tagline="Pass with care: draft suits, strike rivals, and beware the Ravens.",
    min_players=3,
    max_players=6,
    order=30,
    spec_module="game.games.nevermore.spec",
))
