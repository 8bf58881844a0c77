"""Trick or Treat events: what happens in a game, as told to each seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.core.contracts import Event, quick_init


@quick_init
@dataclass(frozen=True)
class FirstDealer(Event):
    """The first dealer of the game was chosen."""

    seat: int


@quick_init
@dataclass(frozen=True)
class Dealt(Event):
    """A deal: every seat gets ``hand_size`` cards; ``out_of_play`` cards stay face down unseen.

    ``hands`` holds each seat's cards (texts); a seat sees only its own hand (the others are ``None``).
    """

    deal: int
    dealer: int
    hand_size: int
    out_of_play: int
    hands: tuple[tuple[str, ...] | None, ...]

    def seen_by(self, seat: int | None) -> "Dealt":
        hands = tuple(h if s == seat else None for s, h in enumerate(self.hands))
        return Dealt(self.deal, self.dealer, self.hand_size, self.out_of_play, hands)

    def reveals(self, seat: int) -> bool:
        return True  # a shuffled deal shows each seat its new hand


@quick_init
@dataclass(frozen=True)
class PotToppedUp(Event):
    """Candy moved from the supply into the pot before a trick (``kinds``: one name per piece)."""

    kinds: tuple[str, ...]
    pot_size: int
    supply_left: int
    trick: int = field(default=0, compare=False)
    """The number of the trick this pot is for, from 1 over the game (the log's "Trick 7"; not compared)."""


@quick_init
@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played a card face down; ``card`` is its text for that seat only (``None`` for others)."""

    seat: int
    card: str | None

    def seen_by(self, seat: int | None) -> "CardPlayed":
        return self if seat == self.seat else CardPlayed(self.seat, None)


@quick_init
@dataclass(frozen=True)
class CardsRevealed(Event):
    """Every card of the trick turned up at once: ``cards[seat]`` is that seat's card text."""

    cards: tuple[str, ...]

    def reveals(self, seat: int) -> bool:
        return True  # every other seat's face-down card turns up


@quick_init
@dataclass(frozen=True)
class JokerDeclared(Event):
    """A joker's player declared it high (above an Ace) or low (below a 2)."""

    seat: int
    card: str
    high: bool


@quick_init
@dataclass(frozen=True)
class TiesFound(Event):
    """Players whose cards tie take no candy this trick (``seats``; ``ranks`` the tied rank labels)."""

    seats: tuple[int, ...]
    ranks: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class PotGrew(Event):
    """Bigger Jackpots: a tie that is not a jackpot added as much candy as the pot held (supply allowing)."""

    kinds: tuple[str, ...]
    pot_size: int
    supply_left: int


@quick_init
@dataclass(frozen=True)
class Jackpot(Event):
    """The dealer tied for the highest card and takes the whole pot."""

    seat: int
    kinds: tuple[str, ...]
    value: int


@quick_init
@dataclass(frozen=True)
class JokerJackpot(Event):
    """Both jokers in one trick: their players split the whole pot, the coloured joker picking first."""

    coloured: int
    black: int
    pot_size: int


@quick_init
@dataclass(frozen=True)
class TrickWon(Event):
    """The single highest card won the trick: its player takes no candy and deals next."""

    seat: int
    card: str


@quick_init
@dataclass(frozen=True)
class HighestTied(Event):
    """The highest card was tied (not by the dealer): nobody wins the trick; the dealer stays."""

    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class CandyTaken(Event):
    """``seat`` took one ``kind`` from the pot (``auto``: there was no choice to make)."""

    seat: int
    kind: str
    value: int
    auto: bool


@quick_init
@dataclass(frozen=True)
class PotRanOut(Event):
    """These seats would have picked, but the pot was empty."""

    seats: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class DealerChanged(Event):
    """The dealer for the next trick (``same``: the dealer stays)."""

    seat: int
    same: bool


@quick_init
@dataclass(frozen=True)
class GameOver(Event):
    """The supply could not top up the pot. ``pot_left`` pieces score for nobody; ``supply_left`` is what the
    supply still held (none, unless a short supply ends the game: ``short_top_up: end-game``)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    pot_left: int
    supply_left: int
