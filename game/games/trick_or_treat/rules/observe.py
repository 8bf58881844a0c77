"""What one seat may know: ``TrickOrTreatObservation``, made by the state's ``observation`` (``new_observation``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.contracts import Observation

from .config import Config


@dataclass(frozen=True)
class TrickOrTreatObservation(Observation):
    """Everything one seat may know. Card values are texts; candy tuples count pieces per kind
    (in ``config.kinds`` order)."""

    players: int
    config: Config
    phase: str
    """``play``, ``declare``, ``pick`` or ``over``."""
    current: int
    dealer: int
    deal_number: int
    trick_number: int
    hand: tuple[str, ...]
    """This seat's cards, lowest first."""
    hand_sizes: tuple[int, ...]
    played: tuple[bool, ...]
    """Which seats have played a card to this trick (face down until the reveal)."""
    my_card: str | None
    """This seat's own card in the current trick, if played."""
    table: tuple[str | None, ...]
    """Every seat's card of this trick once revealed (all ``None`` before the reveal)."""
    declarations: tuple[str | None, ...]
    """``high`` / ``low`` for a declared joker of this trick."""
    pot: tuple[int, ...]
    supply_size: int
    supply_counts: tuple[int, ...]
    """The supply's contents by kind (public; its order is not)."""
    candy: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    pickers: tuple[int, ...]
    """Seats still to pick this trick, in order."""
    trick_winner: int | None
    tied: tuple[int, ...]
    joker_jackpot: bool
    next_dealer: int | None
    seen_this_deal: tuple[str, ...]
    """Cards revealed in this deal's tricks so far (this trick included once revealed)."""
    unseen: tuple[str, ...]
    """Cards this seat has not seen this deal: the other hands, their face-down cards and the cards out of play."""
    out_of_play: int
    tricks_left_in_deal: int


_NEW = object.__new__
_SET = object.__setattr__


def new_observation(fields: dict[str, object]) -> TrickOrTreatObservation:
    """A ``TrickOrTreatObservation`` of all its fields (by name, in the class's order), made without the
    frozen dataclass's ``__init__``, which sets its thirty fields one ``object.__setattr__`` at a time, and
    without keyword arguments, which copy them once more (together half of an observation's cost; one is made
    for every decision)."""
    observation = _NEW(TrickOrTreatObservation)
    _SET(observation, "__dict__", fields)
    return observation
