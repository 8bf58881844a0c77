"""Reapers: a drafting trick-taker of Reapers, Demons and souls wagered (3-5 players). Registers what the menu
shows; ``spec.py`` builds the whole GameSpec when the game is first needed."""

from __future__ import annotations

from game.core.registry import GameEntry, register

ENTRY = register(GameEntry(
    name="reapers",
    title="Reapers",
    tagline="Draft your hand from face-up piles, wager on your souls, and let the Reapers raid the Graveyard.",
    min_players=3,
    max_players=5,
    order=10,
    spec_module="game.games.reapers.spec",
))
