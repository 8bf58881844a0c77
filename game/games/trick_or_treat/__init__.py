"""Trick or Treat: a trick (or treat) taking card game with a pot of candy. Registers what the menu shows;
``spec.py`` builds the whole GameSpec when the game is first needed."""

from __future__ import annotations

from game.core.registry import GameEntry, register

ENTRY = register(GameEntry(
    name="trick-or-treat",
    title="Trick or Treat",
    tagline="Play face down, fight for the deal, and grab the best candy from the pot.",
    min_players=2,
    max_players=8,
    order=40,
    spec_module="game.games.trick_or_treat.spec",
))
