"""Spectral Reapers' whole GameSpec (rules, bots, words, position), built when the game is first needed."""

from __future__ import annotations

from dataclasses import asdict
from typing import Mapping

from game.core.agent import RandomAgent
from game.core.contracts import Event, GameState
from game.core.registry import GameSpec
from game.games.spectral_reapers import ENTRY
from game.games.spectral_reapers.bots import EasyAgent, HardAgent, NormalAgent
from game.games.spectral_reapers.position import position_of, state_from_position
from game.games.spectral_reapers.rules import (
    END_SAFETY, END_THRESHOLD, SCHEMA, SowingPhaseBegan, SpectralReapersState, TurnPassed, new_game, sample_state,
)
from game.games.spectral_reapers.words import chapter, describe, name_action


def figures(state: GameState) -> Mapping[str, float]:
    """Telling figures of a finished game (summed over a series by ``simulate``)."""
    assert isinstance(state, SpectralReapersState)
    players = state.num_players
    return {
        "captures": float(sum(sum(row) for row in state.captured)),
        "own_colour_captures": float(sum(state.captured[s][s] for s in range(players))),
        "ended_threshold": 1.0 if state.end_reason == END_THRESHOLD else 0.0,
        "ended_safety": 1.0 if state.end_reason == END_SAFETY else 0.0,
        "sowings": float(state.sowings),
    }


def part_begins(event: Event, state: GameState) -> str | None:
    """The game has no hands: a round of sowing begins when the sowing does and each time the turn comes back
    to the seat that sowed first, so the results chart the stores round by round."""
    assert isinstance(state, SpectralReapersState)  # GameSpec takes any game's state; the results pass ours
    if isinstance(event, SowingPhaseBegan) or (isinstance(event, TurnPassed) and event.seat == state.starting_player):
        return "round"  # the placing never passes the turn back to the first seat: it ends with the sowing's start
    return None


SPEC = GameSpec(
    **asdict(ENTRY),
    schema=SCHEMA,
    new_game=new_game,
    sample_state=sample_state,
    agents={"random": RandomAgent, "easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent},
    describe=describe,
    name_action=name_action,
    chapter=chapter,
    part_begins=part_begins,
    scene="game.games.spectral_reapers.table:SpectralReapersTable",
    figures=figures,
    position_of=position_of,
    state_from_position=state_from_position,
)
