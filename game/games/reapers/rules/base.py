"""``ReapersStateBase``: the attributes of a game of Reapers, declared once for ``ReapersState`` and the
mixins it is made of (``draft``, ``tricks``, ``scoring``, ``observe``), so each module type-checks alone.

It imports none of the mixins: they import it.
"""

from __future__ import annotations

import random

from game.core.contracts import Event, GameState

from .config import Config
from .events import HandResult


class ReapersStateBase(GameState):
    """What every part of ``ReapersState`` reads and writes (declared here, set by ``ReapersState``,
    ``_reset_hand`` and ``from_observation``), and the helpers more than one part calls."""

    # --- the game
    cfg: Config
    rng: random.Random
    stacked: list[list[str]]
    """Stacked decks of the next hands, top first (``ReapersState.new``)."""
    phase: str
    horizon: bool
    """End once the current hand is scored (``stop_after_hand``)."""
    dealer: int
    hands_played: int
    extra_hands_played: int
    totals: list[int]
    history: list[HandResult]
    winner_seats: tuple[int, ...]
    stats: dict[str, int]

    # --- the hand in play (``_reset_hand``)
    trump: str
    trump_suit: str
    reapers_returned: int
    piles: list[tuple[str, ...] | None]
    draft_order: tuple[int, ...]
    picks_made: int
    pairs_taken: list[int]
    drafted: list[list[tuple[int, tuple[str, ...]]]]
    hands: list[list[str]]
    graveyard: list[str]
    graveyard_reapers: int
    wager_order: tuple[int, ...]
    wagers: list[str | None]
    leader: int
    to_move: int
    trick: list[tuple[int, str]]
    lead_suit: str | None
    reaper_used: bool
    tricks_done: int
    played: list[list[str]]
    score_piles: list[list[str]]
    discards: list[str]

    def _reset_hand(self) -> None:
        """Clear the table for a new hand (set-up and every deal)."""
        n = self.cfg.players
        self.trump = ""
        self.trump_suit = ""
        self.reapers_returned = 0
        self.piles = []
        self.draft_order = ()
        self.picks_made = 0
        self.pairs_taken = [0] * n
        self.drafted = [[] for _ in range(n)]
        self.hands = [[] for _ in range(n)]
        self.graveyard = []
        self.graveyard_reapers = 0
        self.wager_order = tuple((self.dealer + 1 + i) % n for i in range(n))
        self.wagers = [None] * n
        self.leader = (self.dealer + 1) % n
        self.to_move = self.leader
        self.trick = []
        self.lead_suit = None
        self.reaper_used = False
        self.tricks_done = 0
        self.played = [[] for _ in range(n)]
        self.score_piles = [[] for _ in range(n)]
        self.discards = []

    def _count(self, key: str) -> None:
        """Add one to a telling figure (``stats``: Reaper takes, Demons taken, wagers...)."""
        self.stats[key] = self.stats.get(key, 0) + 1

    def _start_hand(self) -> list[Event]:
        """Deal a hand (``DraftMixin``); declared here because scoring deals the next one."""
        raise NotImplementedError

    def _score_hand(self) -> list[Event]:
        """Score the hand (``ScoringMixin``); declared here because the last trick ends it."""
        raise NotImplementedError
