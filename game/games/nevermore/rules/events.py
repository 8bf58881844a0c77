"""The events of Nevermore, for the log and the table scene. Private facts are hidden by ``seen_by``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.core.contracts import Event

from .cards import is_named, suit_hidden


@dataclass(frozen=True)
class HandStarted(Event):
    hand: int
    dealer: int
    direction: int
    """+1: cards pass left (to the next seat); -1: right."""
    tokens: tuple[str | None, ...]
    """The token order when it is face up (first hand), else four ``None``."""

    def reveals(self, seat: int) -> bool:
        return any(token is not None for token in self.tokens)  # the shuffled tokens laid face up


@dataclass(frozen=True)
class CardsDealt(Event):
    seat: int
    cards: tuple[str, ...] | None
    count: int
    """How many cards the seat was dealt (public, like the backs on the table)."""
    deck: int
    discard: int
    """The Main deck and its discards after this deal (a deck run out takes its discards back)."""

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, cards=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.seat and bool(self.cards)  # cards from the shuffled deck


@dataclass(frozen=True)
class PassCommitted(Event):
    seat: int
    round: int


@dataclass(frozen=True)
class CardsPassed(Event):
    """One seat's pass, delivered: only the giver and the receiver see the cards."""

    round: int
    giver: int
    receiver: int
    cards: tuple[str, ...] | None
    count: int

    def seen_by(self, seat: int | None) -> Event:
        return self if seat in (self.giver, self.receiver) else replace(self, cards=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.receiver and bool(self.cards)  # the giver's secret choice arrives


@dataclass(frozen=True)
class KillsChosen(Event):
    seat: int
    cards: tuple[str, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, cards=None)


@dataclass(frozen=True)
class Conspiracy(Event):
    seat: int

    def reveals(self, seat: int) -> bool:
        return seat != self.seat  # the Ravens in another seat's hidden hand


@dataclass(frozen=True)
class TokenRevealed(Event):
    index: int
    suit: str

    def reveals(self, seat: int) -> bool:
        return True  # a face-down token turned up


@dataclass(frozen=True)
class SuitPlayed(Event):
    """Every player's cards of the called suit, face up: ``played[seat]`` (killed ones included),
    ``killed[seat]`` the cards the seat's Ravens kill, ``counts[seat]`` what counts."""

    suit: str
    played: tuple[tuple[str, ...], ...]
    killed: tuple[tuple[str, ...], ...]
    counts: tuple[int, ...]
    leaders: tuple[int, ...]
    power: int

    def reveals(self, seat: int) -> bool:
        return any(cards for other, cards in enumerate(self.played) if other != seat)  # their hidden cards


@dataclass(frozen=True)
class Damaged(Event):
    source: int
    """The seat that caused it (-1: none)."""
    target: int
    amount: int
    health: int
    cause: str
    """attack, attack_all, peck, conspiracy, or a Magick card id."""


@dataclass(frozen=True)
class DamagePrevented(Event):
    target: int
    amount: int
    by: str


@dataclass(frozen=True)
class Healed(Event):
    seat: int
    amount: int
    health: int
    cause: str


@dataclass(frozen=True)
class VPGained(Event):
    seat: int
    amount: int
    total: int
    cause: str


@dataclass(frozen=True)
class BecameRaven(Event):
    seat: int
    by: int


@dataclass(frozen=True)
class SpareFromRaven(Event):
    """G5: Magick would have left fewer than two humans; the seat stays human at 1 Health."""

    seat: int


@dataclass(frozen=True)
class ReturnedToHuman(Event):
    seat: int
    health: int


@dataclass(frozen=True)
class PeckChosen(Event):
    seat: int
    suit: str
    targets: tuple[int, ...]
    yes: bool


@dataclass(frozen=True)
class AttackChosen(Event):
    seat: int
    target: int
    """-1 for the 1-to-all attack."""
    power: int


@dataclass(frozen=True)
class MagickDrawn(Event):
    seat: int
    deck: str
    cards: tuple[str, ...] | None
    count: int
    left: int
    """The cards left in that Magick deck after the draw."""

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, cards=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.seat and bool(self.cards)  # cards from a shuffled Magick deck


@dataclass(frozen=True)
class SkulkingRavens(Event):
    remaining: tuple[int, ...]
    leaders: tuple[int, ...]
    power: int


@dataclass(frozen=True)
class MagickPlayed(Event):
    seat: int
    card: str
    target: int
    choice: str
    raven: bool
    """Whether the Raven effect is used."""

    def seen_by(self, seat: int | None) -> Event:
        # Every choice a card asks for is secret: a token order, or a suit named for a wild card.
        if self.choice and seat != self.seat:
            return replace(self, choice="")
        return self

    def reveals(self, seat: int) -> bool:
        return seat != self.seat  # a card from another seat's hidden Magick hand


@dataclass(frozen=True)
class MagickCancelled(Event):
    seat: int
    card: str
    by: int


@dataclass(frozen=True)
class MagickFizzled(Event):
    seat: int
    card: str
    reason: str


@dataclass(frozen=True)
class CardAdded(Event):
    """A suit-like Magick card joins ``holder``'s hand."""

    seat: int
    holder: int
    card: str

    def seen_by(self, seat: int | None) -> Event:
        # A suit named in secret stays hidden from the other seats until the suit is called.
        if is_named(self.card) and seat != self.holder:
            return replace(self, card=suit_hidden(self.card))
        return self

    def reveals(self, seat: int) -> bool:
        return seat != self.seat  # another seat's card, or its suit, shown


@dataclass(frozen=True)
class CardsDiscarded(Event):
    seat: int
    cards: tuple[str, ...]
    cause: str

    def reveals(self, seat: int) -> bool:
        return seat != self.seat  # cards from another seat's hidden hand


@dataclass(frozen=True)
class CardsMoved(Event):
    """Main-hand cards moved between players (give, steal, pass, swap); ``cards`` seen by both ends."""

    giver: int
    receiver: int
    cards: tuple[str, ...] | None
    count: int
    cause: str
    zone: str = "hand"
    backs: tuple[str, ...] = ()
    """For Magick cards, each card's deck ("light" or "shadow"): public, as their backs are."""

    def seen_by(self, seat: int | None) -> Event:
        return self if seat in (self.giver, self.receiver) else replace(self, cards=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.receiver and bool(self.cards)  # cards from another seat's hidden hand


@dataclass(frozen=True)
class Warded(Event):
    seat: int


@dataclass(frozen=True)
class Shrouded(Event):
    seat: int


@dataclass(frozen=True)
class TokensSeen(Event):
    seat: int
    tokens: tuple[str, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, tokens=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.seat  # face-down tokens looked at


@dataclass(frozen=True)
class TokensReordered(Event):
    seat: int


@dataclass(frozen=True)
class HandSeen(Event):
    seat: int
    target: int
    cards: tuple[str, ...] | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else replace(self, cards=None)

    def reveals(self, seat: int) -> bool:
        return seat == self.seat  # another seat's hidden hand looked at


@dataclass(frozen=True)
class HandEnded(Event):
    hand: int
    discard: int
    """The Main discard pile once the hand's cards are cleared into it."""


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple[int, ...]
    reason: str
    """vp, last_human, peck, no_humans or hand_limit."""
