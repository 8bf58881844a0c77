"""What one seat may know (``TrickOrTreatObservation``) and a full state consistent with it
(``sample_state``)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.contracts import Observation

from .cards import parse_card
from .config import DECLARE, PLAY, Rules

if TYPE_CHECKING:
    from .state import TrickOrTreatState


@dataclass(frozen=True)
class TrickOrTreatObservation(Observation):
    """Everything one seat may know. Card values are texts; candy tuples count pieces per kind
    (in ``rules.kinds`` order)."""

    players: int
    rules: Rules
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


def sample_state(observation: Observation, rng: random.Random) -> TrickOrTreatState:
    """A full state consistent with what ``observation.seat`` knows: the unseen cards dealt at random to the
    other hands (and their face-down cards) with the right counts, the rest out of play; the supply's order
    shuffled."""
    from .state import TrickOrTreatState  # here: state.py imports this module

    assert isinstance(observation, TrickOrTreatObservation)  # GameSpec takes any game's; the search passes ours
    obs = observation
    n = obs.players
    rules = obs.rules
    state = TrickOrTreatState(rules, n, random.Random(rng.getrandbits(64)))
    me = obs.seat
    pool = [parse_card(c) for c in obs.unseen]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    played: list[int | None] = []
    for s in range(n):
        if s == me:
            hands.append(sorted(parse_card(c) for c in obs.hand))
            played.append(None if obs.my_card is None else parse_card(obs.my_card))
            continue
        size = obs.hand_sizes[s]
        hand = pool[:size]
        del pool[:size]
        hands.append(sorted(hand))
        if obs.played[s]:
            shown = obs.table[s]
            if shown is not None:
                played.append(parse_card(shown))
            else:
                played.append(pool.pop())
        else:
            played.append(None)
    state.hands = hands
    state.out_of_play = pool
    state.seen = [parse_card(c) for c in obs.seen_this_deal]
    state.played = played
    state.revealed = obs.table.count(None) < n
    state.declared = [None if d is None else d == "high" for d in obs.declarations]
    state.dealer = obs.dealer
    state.phase = obs.phase
    state.turn = obs.current if obs.phase == PLAY else obs.dealer
    if obs.phase == DECLARE:
        state.declare_queue = [obs.current]
    state.pickers = list(obs.pickers)
    state.pot = list(obs.pot)
    supply = [k for k, c in enumerate(obs.supply_counts) for _ in range(c)]
    rng.shuffle(supply)
    state.supply = supply
    state.candy = [list(c) for c in obs.candy]
    state.deal_number = obs.deal_number
    state.trick_number = obs.trick_number
    state.trick_winner = obs.trick_winner
    state.tied = obs.tied
    state.joker_jackpot = obs.joker_jackpot
    state.next_dealer = obs.next_dealer
    return state
