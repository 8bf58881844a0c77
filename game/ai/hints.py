"""Hints: the hard level's analysis of one seat's decision, from that seat's observation only.

One analyst serves the table's Hint button and ``python main.py hint``: the strongest level, given only
``observation(seat)`` and the legal actions, reports every option it searched with its estimated chance of
winning and expected score (``game.core.analysis.Analysis``).
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.agent import Agent
from game.core.analysis import Analysis
from game.core.contracts import GameState
from game.core.match import make_agent
from game.core.registry import GameSpec

HINT_LEVEL = "hard"
"""The level whose search gives hints."""


def has_hints(spec: GameSpec) -> bool:
    """Whether ``spec`` has a level that can give hints."""
    return HINT_LEVEL in spec.agents


def hint_agent(spec: GameSpec, seat: int, seed: int, params: Mapping[str, Any], *, budget: int | None = None,
               time_limit: float | None = None) -> Agent:
    """The analyst for ``seat``: the hint level with its own generator (``seed``), budget and time limit."""
    return make_agent(spec, HINT_LEVEL, seat, seed, params, budget, time_limit)


def analyse_decision(spec: GameSpec, state: GameState, seed: int, params: Mapping[str, Any], *,
                     budget: int | None = None, time_limit: float | None = None) -> Analysis:
    """The decision of the seat to play in ``state``, analysed from that seat's observation only.

    ``ValueError`` when the game is over (no decision to analyse)."""
    if state.is_terminal():
        raise ValueError("the game is over: there is no decision to analyse")
    seat = state.current_player()
    agent = hint_agent(spec, seat, seed, params, budget=budget, time_limit=time_limit)
    return agent.analyse(state.observation(seat), state.legal_actions())
