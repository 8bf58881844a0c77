"""Nevermore's whole GameSpec (rules, bots, words, position), built when the game is first needed."""

from __future__ import annotations

import random
from dataclasses import asdict
from typing import Mapping

from game.core.agent import RandomAgent
from game.core.contracts import Event, GameState, Observation
from game.core.registry import GameSpec

from . import ENTRY
from .bots import agents
from .position import position_of, state_from_position
from .rules import SCHEMA, NevermoreObservation, NevermoreState, new_game, sample_state
from .rules.events import HandStarted
from .words import chapter, describe, name_action


def _sample(observation: Observation, rng: random.Random) -> NevermoreState:
    assert isinstance(observation, NevermoreObservation)
    return sample_state(observation, rng)


def figures(state: GameState) -> Mapping[str, float]:
    assert isinstance(state, NevermoreState)
    out = {
        "hands": float(state.stats["hands"] + (0 if state.over and state.end_reason == "hand_limit" else 1)),
        "raven_transformations": float(state.stats["transformations"]),
        "returns_to_human": float(state.stats["returns"]),
        "magick_played": float(state.stats["magick_played"]),
    }
    for reason in ("vp", "last_human", "peck", "no_humans", "hand_limit"):
        out[f"end_{reason}"] = 1.0 if state.end_reason == reason else 0.0
    return out


def part_begins(event: Event, state: GameState) -> str | None:
    """A hand begins with its deal: the results chart the Victory points hand by hand."""
    del state  # a hand's start is told by its event alone
    return "hand" if isinstance(event, HandStarted) else None


SPEC = GameSpec(
    **asdict(ENTRY),
    schema=SCHEMA,
    new_game=new_game,
    sample_state=_sample,
    agents={"random": RandomAgent, **agents},
    describe=describe,
    name_action=name_action,
    chapter=chapter,
    part_begins=part_begins,
    scene="game.games.nevermore.table:NevermoreTable",
    figures=figures,
    position_of=position_of,
    state_from_position=state_from_position,
)

__all__ = ["SPEC", "figures"]
