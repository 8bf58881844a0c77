"""The Reapers events: what happened, for logs, scenes and replays; and ``HandResult``, the record of a scored
hand that a state keeps in its history."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from game.core.contracts import Event, quick_init


@quick_init
@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand: ``hand`` counts from 1; ``extra`` when it is an extra hand to break a tie."""

    hand: int
    dealer: int
    extra: bool
    hands: int = field(default=0, compare=False)
    """The hands the game lasts before any extra hand (the log's "Hand 2 of 4"; a count, not compared)."""


@quick_init
@dataclass(frozen=True)
class TrumpTurned(Event):
    """The trump card turned up (out of play for the hand); ``reapers_returned`` Reapers were turned up
    first and shuffled back."""

    card: str
    suit: str
    reapers_returned: int

    def reveals(self, seat: int) -> bool:
        return True  # a card of the shuffled deck turned up


@quick_init
@dataclass(frozen=True)
class PilesDealt(Event):
    """The face-up piles, by slot."""

    piles: tuple[tuple[str, ...], ...]

    def reveals(self, seat: int) -> bool:
        return True  # the shuffled deck dealt face up


@quick_init
@dataclass(frozen=True)
class PileTaken(Event):
    """``seat`` drafted the pile in slot ``pile`` into their hand."""

    seat: int
    pile: int
    cards: tuple[str, ...]
    pair: bool


@quick_init
@dataclass(frozen=True)
class GraveyardFormed(Event):
    """The pile left became the Graveyard (lowest first); its Reapers were discarded."""

    pile: int
    cards: tuple[str, ...]
    reapers_discarded: int


@quick_init
@dataclass(frozen=True)
class WagerPlaced(Event):
    """``seat`` placed a wager; other seats see ``wager=None`` unless wagers are open."""

    seat: int
    wager: str | None
    public: bool = False

    def seen_by(self, seat: int | None) -> Event:
        if self.public or seat == self.seat:
            return self
        return replace(self, wager=None)


@quick_init
@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``leads`` when no suit had been led yet (a led Reaper passes the lead on)."""

    seat: int
    card: str
    leads: bool
    trick: int = field(default=0, compare=False)
    """The number in the hand (from 1) of the trick this card opens; 0 for every later card of a trick (the
    log's "Trick 5"; a count, not compared)."""


@quick_init
@dataclass(frozen=True)
class LeadPassed(Event):
    """A Reaper was led: the lead passes from ``seat`` to ``to_seat``."""

    seat: int
    to_seat: int


@quick_init
@dataclass(frozen=True)
class ReaperTook(Event):
    """``seat``'s Reaper took ``card`` (``None``: the Graveyard was empty) from the Graveyard."""

    seat: int
    card: str | None


@quick_init
@dataclass(frozen=True)
class TrickWon(Event):
    """A trick ended. ``winner`` took ``taken`` into their score pile (``None`` for a trick of nothing
    but Reapers); ``discarded`` went out of play. ``next_leader`` leads the next trick."""

    trick: int
    winner: int | None
    taken: str | None
    discarded: tuple[str, ...]
    next_leader: int


@quick_init
@dataclass(frozen=True)
class HandScored(Event):
    """The wagers are revealed and the hand is scored, seat by seat."""

    hand: int
    wagers: tuple[str, ...]
    card_points: tuple[int, ...]
    wager_won: tuple[bool, ...]
    bonuses: tuple[int, ...]
    hand_scores: tuple[int, ...]
    totals: tuple[int, ...]

    def reveals(self, seat: int) -> bool:
        return True  # the secret wagers turned up


@quick_init
@dataclass(frozen=True)
class ExtraHand(Event):
    """The top total is tied after the last hand: ``tied`` seats; another whole hand is played."""

    tied: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class GameOver(Event):
    """The game is over."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class HandResult:
    """One scored hand (public once revealed)."""

    hand: int
    dealer: int
    trump: str
    wagers: tuple[str, ...]
    card_points: tuple[int, ...]
    wager_won: tuple[bool, ...]
    hand_scores: tuple[int, ...]
