"""The Reapers actions: draft a pile, place a wager, play a card (and their shared instances)."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.reapers.cards import WAGERS


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


_WAGER_ACTIONS = tuple(PlaceWager(w) for w in WAGERS)


class _PlayCache(dict[str, PlayCard]):
    """One shared ``PlayCard`` per card, made on first use, so ``legal_actions`` builds no new ones."""

    def __missing__(self, card: str) -> PlayCard:
        action = self[card] = PlayCard(card)
        return action


class _TakeCache(dict[int, TakePile]):
    """One shared ``TakePile`` per slot, made on first use."""

    def __missing__(self, pile: int) -> TakePile:
        action = self[pile] = TakePile(pile)
        return action


_PLAY_CACHE = _PlayCache()
_TAKE_CACHE = _TakeCache()
_play = _PLAY_CACHE.__getitem__
_take = _TAKE_CACHE.__getitem__
