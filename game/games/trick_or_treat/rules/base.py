"""The attributes of a Trick or Treat state, declared once so that the state and the mixin that holds a
trick's transitions (``tricks``) are type-checked against the same names and types."""

from __future__ import annotations

import random

from game.core.contracts import Event, GameState

from .cards import JOKER_HIGH, JOKER_LOW
from .config import Rules


class TrickOrTreatStateBase(GameState):
    """What a ``TrickOrTreatState`` holds (set by its ``__init__`` and ``clone``), and the queries on it
    that its mixins share. Annotations only: no values, so nothing here changes at run time."""

    rules: Rules
    rng: random.Random
    hands: list[list[int]]
    out_of_play: list[int]
    seen: list[int]
    """Cards revealed in this deal's tricks so far."""
    dealer: int
    phase: str
    turn: int
    played: list[int | None]
    """Each seat's card of this trick (``None``: not played yet)."""
    revealed: bool
    declared: list[bool | None]
    """Each seat's joker declaration this trick: high (``True``), low (``False``) or none."""
    declare_queue: list[int]
    pickers: list[int]
    pot: list[int]
    """Pieces in the pot by kind."""
    supply: list[int]
    """Kind indexes; the top of the supply is the end of the list."""
    candy: list[list[int]]
    """Each seat's pieces by kind."""
    deal_number: int
    trick_number: int
    trick_winner: int | None
    tied: tuple[int, ...]
    joker_jackpot: bool
    next_dealer: int | None
    pending_deck: list[int] | None
    """The next deal's deck when a game is stacked (``start(deck=...)``), else ``None``: shuffle."""
    stats: dict[str, int]
    opening_events: list[Event]

    def rank_of(self, seat: int) -> int:
        """The rank of ``seat``'s card in this trick (jokers as declared; an undeclared joker counts 0)."""
        card = self.played[seat]
        if card is None:
            return 0
        if card >= 52:
            high = self.declared[seat]
            return 0 if high is None else (JOKER_HIGH if high else JOKER_LOW)
        return card // 4 + 2
