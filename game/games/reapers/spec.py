"""Reapers' whole GameSpec (rules, bots, words, position), built when the game is first needed."""

from __future__ import annotations

from dataclasses import asdict
from typing import Mapping

from game.core.agent import RandomAgent
from game.core.contracts import Event, GameState
from game.core.registry import GameSpec
from game.games.reapers import ENTRY, bots
from game.games.reapers.position import position_of, state_from_position
from game.games.reapers.rules import SCHEMA, HandStarted, ReapersState, new_game, sample_state
from game.games.reapers.words import chapter, describe, name_action

FIGURE_KEYS = (
    "hands", "extra_hands", "reaper_takes", "demons_taken",
    "wager_fewest_made", "wager_fewest_paid", "wager_second_made", "wager_second_paid",
    "wager_none_made", "wager_none_paid",
)


def figures(state: GameState) -> Mapping[str, float]:
    """A finished game's telling figures: hands and extra hands played, Reaper takes from the Graveyard,
    Demons taken, and how often each wager was made and paid off (summed over seats)."""
    assert isinstance(state, ReapersState)
    return {key: float(state.stats.get(key, 0)) for key in FIGURE_KEYS}


def part_begins(event: Event, state: GameState) -> str | None:
    """A hand (an extra one too) begins with its deal: the results chart the scores hand by hand."""
    del state  # a hand's start is told by its event alone
    return "hand" if isinstance(event, HandStarted) else None


SPEC = GameSpec(
    **asdict(ENTRY),
    schema=SCHEMA,
    new_game=new_game,
    sample_state=sample_state,
    agents={
        "random": RandomAgent,
        "easy": bots.EasyAgent,
        "normal": bots.NormalAgent,
        "hard": bots.HardAgent,
    },
    describe=describe,
    scene="game.games.reapers.table:ReapersTable",
    figures=figures,
    name_action=name_action,
    chapter=chapter,
    part_begins=part_begins,
    position_of=position_of,
    state_from_position=state_from_position,
)
