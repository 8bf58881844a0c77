"""What a seat may know: the observation types, and a state's observation and back again."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence, TypeVar

from game.core.contracts import Observation
from game.games.reapers.cards import WAGERS

from .base import ReapersStateBase
from .config import HORIZON, OVER, PLAY, Config
from .events import HandResult

StateT = TypeVar("StateT", bound=ReapersStateBase)
_BLANK = object.__new__
_SET = object.__setattr__


@dataclass(frozen=True)
class ReapersObservation(Observation):
    """Everything ``seat`` may know. After the draft every hand is known to a player with perfect memory
    (the piles were face up), so ``hands`` shows every seat's hand, to a spectator too; only the other
    seats' wagers of the current hand are hidden (``None``) until the hand is scored."""

    config: Config
    phase: str
    to_move: int
    hand: int
    """Number of the hand in play, from 1."""
    hands_played: int
    extra_hands_played: int
    dealer: int
    trump: str
    trump_suit: str
    reapers_returned: int
    piles: tuple[tuple[str, ...] | None, ...]
    """Face-up piles by slot; ``None`` once taken (or once the last became the Graveyard)."""
    draft_order: tuple[int, ...]
    picks_made: int
    pairs_taken: tuple[int, ...]
    drafted: tuple[tuple[tuple[int, tuple[str, ...]], ...], ...]
    """Per seat, the (slot, cards) of every pile drafted this hand."""
    hands: tuple[tuple[str, ...], ...]
    graveyard: tuple[str, ...]
    """The Graveyard's cards left, lowest (the next a Reaper takes) first."""
    graveyard_reapers: int
    wager_order: tuple[int, ...]
    wagered: tuple[bool, ...]
    wagers: tuple[str | None, ...]
    """This seat's wager, and others' when open; ``None`` for the rest."""
    leader: int
    trick: tuple[tuple[int, str], ...]
    """(seat, card) in play order."""
    lead_suit: str | None
    reaper_used: bool
    tricks_done: int
    played: tuple[tuple[str, ...], ...]
    """Per seat, the cards played this hand in order."""
    score_piles: tuple[tuple[str, ...], ...]
    discards: tuple[str, ...]
    totals: tuple[int, ...]
    history: tuple[HandResult, ...]
    winners: tuple[int, ...]
    stats: tuple[tuple[str, int], ...]


class ObserveMixin(ReapersStateBase):
    """``ReapersState``'s observation methods: ``observation`` and ``from_observation``."""

    def observation(self, seat: int | None) -> ReapersObservation:
        # Built as the instance's ``__dict__`` at once: a frozen dataclass's ``__init__`` sets its 34 fields
        # one ``object.__setattr__`` at a time, which was the costliest part of a decision of ``normal``.
        phase = self.phase
        wagers = self.wagers
        if self.cfg.open_wagers or phase == OVER:
            shown = tuple(wagers)
        else:
            shown = tuple([w if s == seat else None for s, w in enumerate(wagers)])
        obs = _BLANK(ReapersObservation)
        _SET(obs, "__dict__", {
            "seat": seat,
            "config": self.cfg,
            "phase": phase,
            "to_move": self.current_player(),
            "hand": self.hands_played + (0 if phase == OVER or phase == HORIZON else 1),
            "hands_played": self.hands_played,
            "extra_hands_played": self.extra_hands_played,
            "dealer": self.dealer,
            "trump": self.trump,
            "trump_suit": self.trump_suit,
            "reapers_returned": self.reapers_returned,
            "piles": tuple(self.piles),
            "draft_order": self.draft_order,
            "picks_made": self.picks_made,
            "pairs_taken": tuple(self.pairs_taken),
            "drafted": tuple(map(tuple, self.drafted)),
            "hands": tuple(map(tuple, self.hands)),
            "graveyard": tuple(self.graveyard),
            "graveyard_reapers": self.graveyard_reapers,
            "wager_order": self.wager_order,
            "wagered": tuple([w is not None for w in wagers]),
            "wagers": shown,
            "leader": self.leader,
            "trick": tuple(self.trick),
            "lead_suit": self.lead_suit,
            "reaper_used": self.reaper_used,
            "tricks_done": self.tricks_done,
            "played": tuple(map(tuple, self.played)),
            "score_piles": tuple(map(tuple, self.score_piles)),
            "discards": tuple(self.discards),
            "totals": tuple(self.totals),
            "history": tuple(self.history),
            "winners": tuple(self.winner_seats),
            "stats": tuple(sorted(self.stats.items())),
        })
        return obs

    @classmethod
    def from_observation(cls: type[StateT], obs: ReapersObservation, rng: random.Random,
                         wagers: Sequence[str | None] | None = None) -> StateT:
        """A full state consistent with ``obs``: hidden wagers already placed are ``wagers[seat]`` if given,
        else drawn uniformly from ``rng``; future deals come from a generator seeded from ``rng``."""
        cfg = obs.config
        n = cfg.players
        state = cls.__new__(cls)
        state.cfg = cfg
        state.num_players = n
        state.rng = random.Random(rng.getrandbits(64))
        state.stacked = []
        state.phase = obs.phase
        state.horizon = obs.phase == HORIZON
        state.dealer = obs.dealer
        state.hands_played = obs.hands_played
        state.extra_hands_played = obs.extra_hands_played
        state.totals = list(obs.totals)
        state.history = list(obs.history)
        state.winner_seats = obs.winners
        state.stats = dict(obs.stats)
        state.trump = obs.trump
        state.trump_suit = obs.trump_suit
        state.reapers_returned = obs.reapers_returned
        state.piles = list(obs.piles)
        state.draft_order = obs.draft_order
        state.picks_made = obs.picks_made
        state.pairs_taken = list(obs.pairs_taken)
        state.drafted = [list(d) for d in obs.drafted]
        state.hands = [list(h) for h in obs.hands]
        state.graveyard = list(obs.graveyard)
        state.graveyard_reapers = obs.graveyard_reapers
        state.wager_order = obs.wager_order
        filled: list[str | None] = []
        for s in range(n):
            known = obs.wagers[s]
            if known is None and obs.wagered[s]:
                known = wagers[s] if wagers is not None and wagers[s] is not None else \
                    WAGERS[rng.randrange(len(WAGERS))]
            filled.append(known)
        state.wagers = filled
        state.leader = obs.leader
        state.to_move = obs.to_move if obs.phase == PLAY else obs.leader
        state.trick = list(obs.trick)
        state.lead_suit = obs.lead_suit
        state.reaper_used = obs.reaper_used
        state.tricks_done = obs.tricks_done
        state.played = [list(p) for p in obs.played]
        state.score_piles = [list(p) for p in obs.score_piles]
        state.discards = list(obs.discards)
        state.opening_events = []
        return state
