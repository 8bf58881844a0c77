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
_PLAY_CACHE: dict[str, PlayCard] = {}
_TAKE_CACHE: dict[int, TakePile] = {}


def _play(card: str) -> PlayCard:
    action = _PLAY_CACHE.get(card)
    if action is None:
        action = _PLAY_CACHE[card] = PlayCard(card)
    return action


def _take(pile: int) -> TakePile:
    action = _TAKE_CACHE.get(pile)
    if action is None:
        action = _TAKE_CACHE[pile] = TakePile(pile)
    return action
