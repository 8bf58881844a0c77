"""Reapers cards as short text codes, and their values (the one home of what a card is worth).

A suit card is its suit letter and rank: ``D4`` (the 4 of daggers), ``G10``; a Demon is its suit letter and
``*`` (``O*``, the Demon of poison, value 11); a Reaper is ``R`` (the four Reapers are identical, so a hand is
a multiset and ``play R`` is one action however many Reapers it holds).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.core.contracts import quick_init

SUITS: tuple[str, ...] = ("D", "O", "P", "G")
"""Suit letters in their fixed order: daggers, poison, plague, pistols (G for gun)."""
SUIT_NAMES: dict[str, str] = {"D": "daggers", "O": "poison", "P": "plague", "G": "pistols"}
REAPER = "R"
DEMON_RANK = "*"
DEMON_VALUE = 11
"""The Demon's value in the standard deck (a variant may change it: ``deck.demon_value``)."""
HIGHEST_RANK = 40
"""The highest rank the look-up tables cover (a variant's deck goes up to 30 at most)."""
WAGERS: tuple[str, ...] = ("fewest", "second", "none")
"""Wager cards: ``<`` (fewest points), ``2nd`` (second most points), and no wager."""
WAGER_SIGNS: dict[str, str] = {"fewest": "<", "second": "2nd", "none": "no wager"}


def card_value(card: str, demon_value: int = DEMON_VALUE) -> int:
    """The value compared in tricks and scores (Reapers 0, Demons ``demon_value``)."""
    if card == REAPER:
        return 0
    if card[1:] == DEMON_RANK:
        return demon_value
    return int(card[1:])


_VALUES: dict[int, dict[str, int]] = {}


def values_for(demon_value: int) -> dict[str, int]:
    """Card -> ``card_value`` for every card code, for a Demon value: the fast look-up of tricks and bots."""
    table = _VALUES.get(demon_value)
    if table is None:
        table = {REAPER: 0}
        for suit in SUITS:
            for rank in range(0, HIGHEST_RANK + 1):
                table[f"{suit}{rank}"] = rank
            table[suit + DEMON_RANK] = demon_value
        _VALUES[demon_value] = table
    return table


@quick_init  # made for every pile at every hand a search scores
@dataclass(frozen=True)
class PilePoints:
    """A score pile's card points in parts: the non-Demon cards' values, and what the Demons add."""

    cards: int
    demons: int
    doubled: int
    """What the Demons add: each doubles one card, highest first (never a Demon, never a card twice)."""

    @property
    def total(self) -> int:
        return self.cards + self.doubled


def pile_points(pile: Sequence[str], demon_value: int = DEMON_VALUE) -> PilePoints:
    """A score pile's points: the non-Demon cards' values, then each Demon doubles one card, highest first
    (Demons alone score nothing)."""
    value = values_for(demon_value)  # ``card_value`` looked up: every hand a search plays out is scored
    values = sorted([value[c] for c in pile if c[1:] != DEMON_RANK], reverse=True)
    demons = len(pile) - len(values)
    return PilePoints(sum(values), demons, sum(values[:demons]))


def hand_points(pile: Sequence[str], demon_value: int = DEMON_VALUE) -> int:
    """A score pile's card points (``pile_points`` added up)."""
    return pile_points(pile, demon_value).total


def card_name(card: str) -> str:
    """The card in words: ``4 of daggers``, ``Demon of poison``, ``Reaper``."""
    if card == REAPER:
        return "Reaper"
    suit = SUIT_NAMES.get(card[0], card[0])
    if card[1:] == DEMON_RANK:
        return f"Demon of {suit}"
    return f"{card[1:]} of {suit}"


def suit_index(card: str) -> int:
    """Position of the card's suit in ``SUITS`` (Reapers after every suit)."""
    return len(SUITS) if card == REAPER else SUITS.index(card[0])


def sort_key(card: str, demon_value: int = DEMON_VALUE) -> tuple[int, int]:
    """Hand order: by suit, then by value; Reapers last."""
    return (suit_index(card), card_value(card, demon_value))


def graveyard_key(card: str, demon_value: int = DEMON_VALUE) -> tuple[int, int]:
    """Graveyard order: by value (lowest first), equal values in suit order."""
    return (card_value(card, demon_value), suit_index(card))


HAND_ORDER: dict[str, tuple[int, int]] = {card: sort_key(card) for card in values_for(DEMON_VALUE)}
"""``sort_key`` of every card code, looked up when a drafted pile is sorted into a hand."""
