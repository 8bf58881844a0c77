"""Trick or Treat: the rules engine (pure Python; all chance from the state's own generator).

Cards are numbered 0..53: ``id // 4`` is the rank index (0 = a 2 ... 12 = an Ace), ``id % 4`` the suit
(which never matters); 52 is the coloured joker and 53 the black one. A card's text is its rank and suit
letter (``7H``, ``10S``, ``AC``) or ``CJ`` (coloured joker) / ``BJ`` (black joker).

A trick: the pot is topped up, the dealer plays face down, then each other seat in turn (seat + 1 is the
player to the left), every card is revealed at once, a single joker's player declares it high or low, and
the trick is resolved: a joker jackpot, a dealer's jackpot, or a winner (or a tie for the highest) and the
other players picking candy, highest card first.

Modules: ``cards`` (numbering, ranks, texts, play labels), ``actions``, ``events``, ``config`` (``Rules``:
a variant's parameters; the phase names), ``base`` (``TrickOrTreatStateBase``: the state's attributes, declared
once for the state and its mixin), ``state`` (``TrickOrTreatState``: set-up, cloning, the ``GameState``
contract; ``new_game``), ``tricks`` (the transitions of a trick, mixed into the state) and ``observe``
(``TrickOrTreatObservation`` and ``sample_state``). Every name is re-exported here, so
``from game.games.trick_or_treat.rules import X`` works as it always has.
"""

from __future__ import annotations

from game.core.contracts import (  # noqa: F401
    TERMINAL, Event, GameState, IllegalActionError, Observation, make_rng,
)

from .actions import Declare, PlayCard, TakeCandy  # noqa: F401
from .cards import (  # noqa: F401
    _BY_TEXT, BLACK_JOKER, CARD_TEXTS, COLOURED_JOKER, JOKER_HIGH, JOKER_LOW, LABEL_CARDS, PLAY_LABELS, RANK_LABELS,
    SUITS, card_rank, card_text, is_joker, parse_card, play_label,
)
from .config import DECLARE, OVER, PICK, PLAY, Rules  # noqa: F401
from .events import (  # noqa: F401
    CandyTaken, CardPlayed, CardsRevealed, DealerChanged, Dealt, FirstDealer, GameOver, HighestTied, Jackpot,
    JokerDeclared, JokerJackpot, PotGrew, PotRanOut, PotToppedUp, TiesFound, TrickWon,
)
from .base import TrickOrTreatStateBase  # noqa: F401
from .observe import TrickOrTreatObservation, sample_state  # noqa: F401
from .state import TrickOrTreatState, new_game  # noqa: F401
from .tricks import TrickMixin  # noqa: F401
