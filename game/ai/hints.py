"""Hints: the hard level's analysis of one seat's decision, from that seat's observation only.

One analyst serves the table's Hint button, ``python main.py hint`` and game review (``game.ai.review``): the
strongest level, given only ``observation(seat)`` and the legal actions, reports every option it searched
with its estimated chance of winning, that estimate's standard error and the expected score
(``game.core.analysis.Analysis``). Its generator is seeded from the observation (``analysis_seed``) and it
runs at the level's own budget, so the same position gets the same numbers whoever asks: the review of a
move never calls the hint's choice a mistake.
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.agent import Agent
from game.core.analysis import Analysis, analysis_seed
from game.core.contracts import GameState, Observation
from game.core.match import make_agent
from game.core.registry import GameSpec

HINT_LEVEL = "hard"
"""The level whose search gives hints."""


def has_hints(spec: GameSpec) -> bool:
    """Whether ``spec`` has a level that can give hints."""
    return HINT_LEVEL in spec.agents


def hint_agent(spec: GameSpec, observation: Observation, seed: int, params: Mapping[str, Any], *,
               budget: int | None = None, time_limit: float | None = None) -> Agent:
    """The analyst for the seat of ``observation``: the hint level with its generator seeded from the
    observation and ``seed`` (``analysis_seed``), its budget (``None``: the level's own) and time limit."""
    if observation.seat is None:
        raise ValueError("a spectator's observation has no seat to analyse for")
    return make_agent(spec, HINT_LEVEL, observation.seat, analysis_seed(observation, seed), params, budget,
                      time_limit)


def analyse_decision(spec: GameSpec, state: GameState, seed: int, params: Mapping[str, Any], *,
                     budget: int | None = None, time_limit: float | None = None) -> Analysis:
    """The decision of the seat to play in ``state``, analysed from that seat's observation only.

    ``ValueError`` when the game is over (no decision to analyse)."""
    if state.is_terminal():
        raise ValueError("the game is over: there is no decision to analyse")
    observation = state.observation(state.current_player())
    return hint_agent(spec, observation, seed, params, budget=budget, time_limit=time_limit).analyse(
        observation, state.legal_actions())
