"""Trick or Treat cards: numbering, ranks, texts and play labels.

Cards are numbered 0..53: ``id // 4`` is the rank index (0 = a 2 ... 12 = an Ace), ``id % 4`` the suit
(which never matters); 52 is the coloured joker and 53 the black one. A card's text is its rank and suit
letter (``7H``, ``10S``, ``AC``) or ``CJ`` (coloured joker) / ``BJ`` (black joker).
"""

from __future__ import annotations

COLOURED_JOKER = 52
BLACK_JOKER = 53
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "CDHS"
JOKER_LOW = 1
"""A joker declared low ranks 1: below a 2 (whose rank is 2)."""
JOKER_HIGH = 15
"""A joker declared high ranks 15: above an Ace (14)."""


def card_rank(card: int | None, high: bool | None) -> int:
    """A played card's rank: 2..14 (Ace 14), a joker as declared (``high``), 0 for an undeclared joker or none."""
    if card is None:
        return 0
    if card >= 52:
        return 0 if high is None else JOKER_HIGH if high else JOKER_LOW
    return card // 4 + 2


CARD_TEXTS = tuple([RANK_LABELS[c // 4] + SUITS[c % 4] for c in range(52)] + ["CJ", "BJ"])
"""Each card's text, by card (looked up, not built: observations name every unseen card)."""


def card_text(card: int) -> str:
    return CARD_TEXTS[card]


def parse_card(text: str) -> int:
    """The card of a text such as ``7H``, ``10s``, ``AC``, ``CJ`` or ``BJ``."""
    card = CARD_OF_TEXT.get(text)  # the rules' own spelling at once; any other once tidied (" 10s " is 10S)
    if card is None:
        card = CARD_OF_TEXT.get(text.strip().upper())
    if card is None:
        raise ValueError(f"not a card: {text!r} (write e.g. 7H, 10S, AC, CJ or BJ)")
    return card


PLAY_LABELS = tuple([RANK_LABELS[c // 4] for c in range(52)] + ["coloured joker", "black joker"])
"""Each card's play label, by card."""


def play_label(card: int) -> str:
    """What a play action names: the rank (suits never matter) or the joker."""
    return PLAY_LABELS[card]


CARD_OF_TEXT = {card_text(c): c for c in range(54)}
"""Each card by its text as the rules write it (observations name cards so)."""
LABEL_CARDS: dict[str, list[int]] = {}
"""Each play label's cards, lowest first (a play takes the lowest card of its label from the hand)."""
for _card in range(54):
    LABEL_CARDS.setdefault(play_label(_card), []).append(_card)
del _card
