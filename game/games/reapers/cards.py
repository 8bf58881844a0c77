"""Reapers cards as short text codes.

A suit card is its suit letter and rank: ``D4`` (the 4 of daggers), ``G10``; a Demon is its suit letter and
``*`` (``O*``, the Demon of poison, value 11); a Reaper is ``R`` (the four Reapers are identical, so a hand is
a multiset and ``play R`` is one action however many Reapers it holds).
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("D", "O", "P", "G")
"""Suit letters in their fixed order: daggers, poison, plague, pistols (G for gun)."""
SUIT_NAMES: dict[str, str] = {"D": "daggers", "O": "poison", "P": "plague", "G": "pistols"}
REAPER = "R"
DEMON_RANK = "*"
WAGERS: tuple[str, ...] = ("fewest", "second", "none")
"""Wager cards: ``<`` (fewest points), ``2nd`` (second most points), and no wager."""
WAGER_SIGNS: dict[str, str] = {"fewest": "<", "second": "2nd", "none": "no wager"}


def suit_of(card: str) -> str | None:
    """The card's suit letter, ``None`` for a Reaper."""
    return None if card == REAPER else card[0]


def is_demon(card: str) -> bool:
    """Whether the card is a Demon."""
    return card.endswith(DEMON_RANK)


def card_value(card: str, demon_value: int = 11) -> int:
    """The value compared in tricks and scores (Reapers 0, Demons ``demon_value``)."""
    if card == REAPER:
        return 0
    if card[1:] == DEMON_RANK:
        return demon_value
    return int(card[1:])


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


def sort_key(card: str, demon_value: int = 11) -> tuple[int, int]:
    """Hand order: by suit, then by value; Reapers last."""
    return (suit_index(card), card_value(card, demon_value))


def graveyard_key(card: str, demon_value: int = 11) -> tuple[int, int]:
    """Graveyard order: by value (lowest first), equal values in suit order."""
    return (card_value(card, demon_value), suit_index(card))
