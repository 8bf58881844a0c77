"""Suits, main-deck cards and the string form of cards in a hand.

A main card is its suit name (``"attack"``). A suit-like Magick card added to a hand is
``"m:<card id>:<suit>:<weight>"`` (a Gravedigger's Blade is ``"m:gravediggers_blade:attack:2"``), so every
card in a hand is a plain string and hands copy cheaply. A card whose suit its holder named in secret ends
in ``:named``; other seats see its suit as ``?`` until the suit is called.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Iterable, Sequence

ATTACK, HEALING, RADIANCE, VICTORY, RAVEN = "attack", "healing", "radiance", "victory", "raven"
SUITS: tuple[str, ...] = (ATTACK, HEALING, RADIANCE, VICTORY, RAVEN)
TOKEN_SUITS: tuple[str, ...] = (ATTACK, HEALING, RADIANCE, VICTORY)
PLAIN = frozenset(SUITS)
"""Main-deck cards: a pile of only these holds no added (suit-like Magick) card."""
UNKNOWN_SUIT = "?"
"""The suit other seats see on a card whose suit was named in secret."""
NAMED = "named"
CARDS_PER_SUIT = 12
PASSES: tuple[int, ...] = (3, 2, 1)
"""Cards passed in the three draft rounds."""


def main_deck() -> list[str]:
    """The 60-card main deck, unshuffled."""
    return [suit for suit in SUITS for _ in range(CARDS_PER_SUIT)]


def added_card(card_id: str, suit: str, weight: int, named: bool = False) -> str:
    """The hand form of a suit-like Magick card (``named``: its holder named the suit in secret)."""
    return f"m:{card_id}:{suit}:{weight}" + (f":{NAMED}" if named else "")


def is_named(card: str) -> bool:
    """Whether an added card's suit was named in secret by its holder."""
    return card.endswith(f":{NAMED}")


def suit_hidden(card: str) -> str:
    """A named card as other seats see it: its suit unknown."""
    return with_suit(card, UNKNOWN_SUIT)


def with_suit(card: str, suit: str) -> str:
    """``card`` naming ``suit`` (a hidden named card given a suit, as a sampled world does)."""
    parts = card.split(":")
    parts[2] = suit
    return ":".join(parts)


def is_added(card: str) -> bool:
    """Whether a hand card is a suit-like Magick card."""
    return card.startswith("m:")


def suit_of(card: str) -> str:
    """The suit a hand card counts as."""
    return card if card[0] != "m" else card.split(":")[2]


def weight_of(card: str) -> int:
    """How many cards of its suit a hand card counts as."""
    return 1 if card[0] != "m" else int(card.split(":")[3])


def tally(cards: Iterable[str]) -> dict[str, int]:
    """The weight of every suit among ``cards``."""
    out: dict[str, int] = {}
    for card in cards:
        suit, weight = _suit_and_weight(card)
        out[suit] = out.get(suit, 0) + weight
    return out


def magick_id_of(card: str) -> str:
    """The Magick card id of an added card."""
    return card.split(":")[1]


def count(cards: Iterable[str], suit: str) -> int:
    """The weight of ``suit`` among ``cards``."""
    if isinstance(cards, (list, tuple)) and PLAIN.issuperset(cards):
        return cards.count(suit)  # main cards only (most hands): each is its suit, weight 1
    total = 0
    for card in cards:
        card_suit, weight = _suit_and_weight(card)
        if card_suit == suit:
            total += weight
    return total


def ravens_in(cards: Iterable[str]) -> int:
    """The Raven weight of a hand."""
    return count(cards, RAVEN)


def non_ravens(cards: Iterable[str]) -> list[str]:
    """The cards of a hand that a Raven can kill."""
    if isinstance(cards, (list, tuple)) and PLAIN.issuperset(cards):
        return [c for c in cards if c != RAVEN]  # main cards only: each is its suit
    return [c for c in cards if suit_of(c) != RAVEN]


def sort_cards(cards: Iterable[str]) -> tuple[str, ...]:
    """Cards in a stable order: suit order, then added cards after main cards; unknown suits last."""
    cards = tuple(cards)
    ordered = _SORTED.get(cards)
    if ordered is not None:
        return ordered
    if len(cards) < 2:
        return cards
    try:
        ordered = tuple(sorted(cards, key=_KEYS.__getitem__))
    except KeyError:  # a card string not seen before (an added card): its key, once
        for card in cards:
            if card not in _KEYS:
                _KEYS[card] = _sort_key(card)
        ordered = tuple(sorted(cards, key=_KEYS.__getitem__))
    if len(_SORTED) >= MAX_SORTED:
        _SORTED.clear()
    _SORTED[cards] = ordered
    return ordered


_SORTED: dict[tuple[str, ...], tuple[str, ...]] = {}
"""Hands as held -> sorted (search sorts the same few thousand hands over and over: a lookup is a quarter of
the cost of sorting one)."""
MAX_SORTED = 16384


# Search sorts and counts hands millions of times a decision, over a few dozen card strings: what each
# card string means is worked out once (the C-level cache lookup is far cheaper than parsing again).
def _sort_key(card: str) -> tuple[int, str]:
    suit = suit_of(card)
    return (SUITS.index(suit) if suit in SUITS else len(SUITS), card)


_KEYS: dict[str, tuple[int, str]] = {}
"""Each card string's sort key (a dict read is cheaper still than a cached call)."""


@lru_cache(maxsize=None)
def _suit_and_weight(card: str) -> tuple[str, int]:
    return suit_of(card), weight_of(card)


def card_text(cards: Iterable[str]) -> str:
    """``attack+raven`` (the action text of a set of cards); ``-`` for none."""
    return "+".join(sort_cards(cards)) or "-"


def distinct_subsets(cards: Iterable[str], size: int) -> list[tuple[str, ...]]:
    """Every distinct multiset of ``size`` cards from ``cards``, in a stable order."""
    return list(_distinct_subsets(sort_cards(cards), size))


@lru_cache(maxsize=4096)
def _distinct_subsets(cards: tuple[str, ...], size: int) -> tuple[tuple[str, ...], ...]:
    seen: dict[tuple[str, ...], None] = {}
    for combo in combinations(cards, size):
        seen.setdefault(combo, None)
    return tuple(seen)


def remove_cards(hand: list[str], cards: Iterable[str]) -> None:
    """Remove each of ``cards`` from ``hand`` (a ValueError if one is missing)."""
    for card in cards:
        hand.remove(card)


def power_of(counts: Sequence[int]) -> int:
    """A suit's power: its top count less the next lower one (0 when nobody counts any)."""
    top = max(counts, default=0)
    return top - max((c for c in counts if c < top), default=0) if top > 0 else 0


def regains_form(collected: Iterable[str]) -> bool:
    """Five of a kind (counts-as-2 cards at their value) or one card of each of the five suits."""
    cards = list(collected)
    if any(count(cards, suit) >= 5 for suit in SUITS):
        return True
    return all(count(cards, suit) >= 1 for suit in SUITS)
