"""The Reapers rules engine: draft, secret wagers, tricks, the Graveyard, Demons and the game of N hands.

Pure Python: imports only ``game.core`` and its own modules. All chance comes from the state's own generator.
Seats sit clockwise in index order, so "the dealer's left" is ``(dealer + 1) % players``.

Phases of a hand: ``draft`` (snake draft of face-up piles), ``wager`` (secret wagers, asked seat by seat from
the dealer's left), ``play`` (tricks). When the last trick is over the hand is scored and the next one is dealt
at once, or the game ends (``over``).

Modules: ``config`` (``Config`` and ``SCHEMA``, ``Rules`` for one player count, the phase names), ``cards``
(card codes and values), ``actions``, ``events``, ``observe`` (``ReapersObservation``) and ``state``
(``ReapersState``, ``new_game``, ``sample_state``, ``trick_winner``).
"""

from __future__ import annotations

from .actions import PlaceWager, PlayCard, TakePile
from .config import DRAFT, HORIZON, OVER, PLAY, SCHEMA, SCORED, WAGER, Config, Rules
from .events import (
    CardPlayed, ExtraHand, GameOver, GraveyardFormed, HandResult, HandScored, HandStarted, LeadPassed, PilesDealt,
    PileTaken, ReaperTook, TrickWon, TrumpTurned, WagerPlaced,
)
from .observe import ReapersObservation
from .state import ReapersState, new_game, sample_state, trick_winner

__all__ = [
    "DRAFT", "HORIZON", "OVER", "PLAY", "SCHEMA", "SCORED", "WAGER", "CardPlayed", "Config", "ExtraHand",
    "GameOver", "GraveyardFormed", "HandResult", "HandScored", "HandStarted", "LeadPassed", "PilesDealt",
    "PileTaken", "PlaceWager", "PlayCard", "ReaperTook", "ReapersObservation", "ReapersState", "Rules", "TakePile",
    "TrickWon", "TrumpTurned", "WagerPlaced", "new_game", "sample_state", "trick_winner",
]
