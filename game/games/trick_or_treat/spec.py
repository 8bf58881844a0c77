"""Trick or Treat's whole GameSpec (rules, bots, words, position), built when the game is first needed."""

from __future__ import annotations

from dataclasses import asdict
from typing import Mapping

from game.core.contracts import Event, GameState
from game.core.registry import GameSpec
from game.games.trick_or_treat import ENTRY
from game.games.trick_or_treat.bots import AGENTS
from game.games.trick_or_treat.position import position_of, state_from_position
from game.games.trick_or_treat.rules import SCHEMA, Dealt, TrickOrTreatState, new_game, sample_state
from game.games.trick_or_treat.words import chapter, describe, name_action


def figures(state: GameState) -> Mapping[str, float]:
    """Telling figures of a finished game: the rules' running totals (jackpots, joker jackpots, ties, tricks,
    deals...), the redeals and whether the win was shared."""
    assert isinstance(state, TrickOrTreatState)  # GameSpec takes any game's state; simulations pass ours
    stats = state.stats
    told = {"tricks": float(stats["tricks"]), "deals": float(stats["deals"]),
            "redeals": float(max(stats["deals"] - 1, 0))}
    told.update((key, float(count)) for key, count in stats.items() if key not in told)
    told["shared_wins"] = float(len(state.winners()) > 1)
    return told


def part_begins(event: Event, state: GameState) -> str | None:
    """A deal (a redeal too) begins when the cards are dealt: the results chart the candy deal by deal."""
    del state  # a deal's start is told by its event alone
    return "deal" if isinstance(event, Dealt) else None


SPEC = GameSpec(
    **asdict(ENTRY),
    schema=SCHEMA,
    new_game=new_game,
    sample_state=sample_state,
    agents=AGENTS,
    describe=describe,
    name_action=name_action,
    chapter=chapter,
    part_begins=part_begins,
    scene="game.games.trick_or_treat.table:TrickOrTreatTable",
    figures=figures,
    position_of=position_of,
    state_from_position=state_from_position,
)
