"""Trick or Treat: the rules engine (pure Python; all chance from the state's own generator).

Modules: ``config`` (``Config``, ``SCHEMA``, the phase names), ``cards`` (numbering, ranks, texts, play labels),
``actions``, ``events``, ``state`` (``TrickOrTreatState`` with one ``_apply_<phase>`` a phase; ``new_game`` and
``sample_state``) and ``observe`` (``TrickOrTreatObservation``). The names outside code uses are here.
"""

from __future__ import annotations

from .actions import Declare, PlayCard, TakeCandy
from .cards import (
    BLACK_JOKER, CARD_OF_TEXT, CARD_TEXTS, COLOURED_JOKER, JOKER_HIGH, JOKER_LOW, LABEL_CARDS, PLAY_LABELS, card_rank,
    card_text, parse_card, play_label,
)
from .config import DECLARE, OVER, PICK, PLAY, SCHEMA, CandyKind, Config
from .events import (
    CandyTaken, CardPlayed, CardsRevealed, DealerChanged, Dealt, FirstDealer, GameOver, HighestTied, Jackpot,
    JokerDeclared, JokerJackpot, PotGrew, PotRanOut, PotToppedUp, TiesFound, TrickWon,
)
from .observe import TrickOrTreatObservation
from .state import PLAYS, TrickOrTreatState, new_game, sample_state, settle

__all__ = [
    "BLACK_JOKER", "CARD_OF_TEXT", "CARD_TEXTS", "COLOURED_JOKER", "DECLARE", "JOKER_HIGH", "JOKER_LOW",
    "LABEL_CARDS", "OVER", "PICK", "PLAY", "PLAYS", "PLAY_LABELS", "SCHEMA", "CandyKind", "CandyTaken",
    "CardPlayed", "CardsRevealed", "Config", "DealerChanged", "Dealt", "Declare", "FirstDealer", "GameOver",
    "HighestTied", "Jackpot", "JokerDeclared", "JokerJackpot", "PlayCard", "PotGrew", "PotRanOut", "PotToppedUp",
    "TakeCandy", "TiesFound", "TrickOrTreatObservation", "TrickOrTreatState", "TrickWon", "card_rank", "card_text",
    "new_game", "parse_card", "play_label", "sample_state", "settle",
]
