"""The Reapers rules engine: draft, secret wagers, tricks, the Graveyard, Demons and the game of N hands.

Pure Python: imports only ``game.core`` and the standard library. All chance comes from the state's own
generator. Seats sit clockwise in index order, so "the dealer's left" is ``(dealer + 1) % players``.

Phases of a hand: ``draft`` (snake draft of face-up piles), ``wager`` (secret wagers, asked seat by seat
from the dealer's left), ``play`` (tricks). When the last trick is over the hand is scored and the next one
is dealt at once, or the game ends (``over``).

Modules: ``config`` (the phase names, ``Config`` and ``make_config``), ``actions``, ``events`` (and
``HandResult``), ``base`` (``ReapersStateBase``: the attributes every part of the state shares), ``state``
(``ReapersState``: set-up, the ``GameState`` contract, cloning; ``new_game``, ``sample_state``), ``draft``
(the deal, the draft, the Graveyard, wagers), ``tricks`` (playable cards, Reapers, trick winners),
``scoring`` (card points, wagers, the end of a hand and of the game, ``win_estimate``) and ``observe``
(``ReapersObservation``; a state's observation and back). Every name is re-exported here, so
``from game.games.reapers.rules import X`` works as it always has.
"""

from __future__ import annotations

from game.core.contracts import (  # noqa: F401
    TERMINAL, Event, GameState, IllegalActionError, Observation, make_rng,
)
from game.games.reapers.cards import (  # noqa: F401
    DEMON_RANK, REAPER, SUITS, WAGERS, card_value, graveyard_key, sort_key,
)
from game.games.reapers.schema import deck_size  # noqa: F401

from .actions import (  # noqa: F401
    _PLAY_CACHE, _TAKE_CACHE, _WAGER_ACTIONS, PlaceWager, PlayCard, TakePile, _play, _take,
)
from .base import ReapersStateBase  # noqa: F401
from .config import DRAFT, HORIZON, OVER, PLAY, WAGER, Config, make_config  # noqa: F401
from .draft import _SORT_KEYS, DraftMixin  # noqa: F401
from .events import (  # noqa: F401
    CardPlayed, ExtraHand, GameOver, GraveyardFormed, HandResult, HandScored, HandStarted, LeadPassed,
    PilesDealt, PileTaken, ReaperTook, TrickWon, TrumpTurned, WagerPlaced,
)
from .observe import ObserveMixin, ReapersObservation  # noqa: F401
from .scoring import ScoringMixin, hand_points, wager_won, win_estimate  # noqa: F401
from .state import ReapersState, _counts, new_game, sample_state  # noqa: F401
from .tricks import _VALUES, TrickMixin, _distinct, values_for  # noqa: F401
