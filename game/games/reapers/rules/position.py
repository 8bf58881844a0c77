"""Reapers positions: a game in progress as plain data (``POSITIONS.md`` documents the format).

``position_of`` writes every fact of a state, the secret wagers included, with cards named as the log names
them (``7 of daggers``, ``Demon of poison``, ``Reaper``); ``card_code`` reads a name back. Loading is
``position_load.state_from_position``.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from game.core.contracts import GameState
from game.games.reapers.cards import DEMON_RANK, REAPER, SUIT_NAMES, card_name

from .config import OVER
from .state import ReapersState

KEYS = ("phase", "to_move", "hand", "dealer", "draft_order", "picks_made", "leader", "tricks_done", "seats",
        "trump", "reapers_returned", "piles", "graveyard", "graveyard_reapers", "trick", "discards", "history",
        "counts", "next_decks")
COUNTS = ("reaper_takes", "demons_taken")
"""The figures a position keeps (the others are the history's: hands, extra hands, wagers made and paid)."""
_SUIT_OF_NAME = {name: letter for letter, name in SUIT_NAMES.items()}
_NAME = re.compile(r"^\s*(\d+|demon) of (\w+)\s*$", re.IGNORECASE)


def position_of(state: GameState) -> dict[str, Any]:
    """The game's own keys of ``state``'s position."""
    assert isinstance(state, ReapersState)  # GameSpec takes any game's state; ours is passed
    n = state.num_players
    over = state.phase == OVER
    return {
        "phase": state.phase,
        "to_move": None if over else state.current_player(),
        "hand": state.hands_played + (0 if over else 1),
        "dealer": state.dealer,
        "draft_order": list(state.draft_order),
        "picks_made": state.picks_made,
        "leader": state.leader,
        "tricks_done": state.tricks_done,
        "seats": [{
            "hand": names(state.hands[s]),
            "wager": state.wagers[s],
            "drafted": [{"pile": slot, "cards": names(cards)} for slot, cards in state.drafted[s]],
            "played": names(state.played[s]),
            "score_pile": names(state.score_piles[s]),
            "total": state.totals[s],
        } for s in range(n)],
        "trump": card_name(state.trump),
        "reapers_returned": state.reapers_returned,
        "piles": [None if pile is None else names(pile) for pile in state.piles],
        "graveyard": names(state.graveyard),
        "graveyard_reapers": state.graveyard_reapers,
        "trick": [{"seat": seat, "card": card_name(card)} for seat, card in state.trick],
        "discards": names(state.discards),
        "history": [{
            "hand": result.hand,
            "dealer": result.dealer,
            "trump": card_name(result.trump),
            "wagers": list(result.wagers),
            "card_points": list(result.card_points),
            "wager_won": list(result.wager_won),
            "hand_scores": list(result.hand_scores),
        } for result in state.history],
        "counts": {key: state.stats.get(key, 0) for key in COUNTS},
        "next_decks": [names(deck) for deck in state.stacked],
    }


def names(cards: Sequence[str]) -> list[str]:
    """Cards by the names a position writes."""
    return [card_name(c) for c in cards]


def card_code(text: str) -> str | None:
    """The card a name stands for (``7 of daggers`` -> ``D7``), or ``None``: not a card's name."""
    if text.strip().lower() == "reaper":
        return REAPER
    match = _NAME.match(text)
    if match is None:
        return None
    rank, suit = match.group(1).lower(), _SUIT_OF_NAME.get(match.group(2).lower())
    if suit is None:
        return None
    return suit + (DEMON_RANK if rank == "demon" else str(int(rank)))
