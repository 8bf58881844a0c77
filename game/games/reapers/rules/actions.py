"""The Reapers actions: draft a pile, place a wager, play a card; and one shared instance of each, so that
``legal_actions`` and the bots build no new ones."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import WAGERS


@dataclass(frozen=True)
class TakePile:
    """Draft the face-up pile in slot ``pile`` (slots keep their numbers as piles are taken)."""

    pile: int

    def __str__(self) -> str:
        return f"take pile {self.pile}"


@dataclass(frozen=True)
class PlaceWager:
    """Place a wager card face down: ``fewest`` (<), ``second`` (2nd) or ``none``."""

    wager: str

    def __str__(self) -> str:
        return f"wager {self.wager}"


@dataclass(frozen=True)
class PlayCard:
    """Play a card to the trick (``R`` for a Reaper)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


WAGER_ACTIONS: dict[str, PlaceWager] = {wager: PlaceWager(wager) for wager in WAGERS}
"""The shared ``PlaceWager`` of each wager, in ``WAGERS`` order."""


class _PlayCache(dict[str, PlayCard]):
    """One shared ``PlayCard`` per card, made on first use."""

    def __missing__(self, card: str) -> PlayCard:
        action = self[card] = PlayCard(card)
        return action


class _TakeCache(dict[int, TakePile]):
    """One shared ``TakePile`` per slot, made on first use."""

    def __missing__(self, pile: int) -> TakePile:
        action = self[pile] = TakePile(pile)
        return action


play_card = _PlayCache().__getitem__
"""The shared ``PlayCard`` of a card."""
take_pile = _TakeCache().__getitem__
"""The shared ``TakePile`` of a slot."""
