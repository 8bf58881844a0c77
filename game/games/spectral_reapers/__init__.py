"""Spectral Reapers: a mancala for 2-6 players where the order of the sown beads is the player's choice.
Registers what the menu shows; ``spec.py`` builds the whole GameSpec when the game is first needed."""

from __future__ import annotations

from game.core.registry import GameEntry, register

ENTRY = register(GameEntry(
    name="spectral-reapers",
    title="Spectral Reapers",
    tagline="A mancala of ghostly beads: sow in any order, reap your own colour.",
    min_players=2,
    max_players=6,
    order=20,
    spec_module="game.games.spectral_reapers.spec",
))
