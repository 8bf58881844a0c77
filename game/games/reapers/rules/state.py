"""``ReapersState``: set-up, the ``GameState`` contract, search support and checks; ``new_game`` and
``sample_state``. The phases' own work lives in ``draft``, ``tricks``, ``scoring`` and ``observe``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from game.core.contracts import TERMINAL, Action, Event, GameState, IllegalActionError, Observation, make_rng
from game.games.reapers.cards import REAPER, WAGERS

from .actions import _WAGER_ACTIONS, PlaceWager, PlayCard, TakePile, _play, _take
from .config import DRAFT, HORIZON, OVER, PLAY, WAGER, Config, make_config
from .draft import DraftMixin
from .observe import ObserveMixin, ReapersObservation
from .scoring import ScoringMixin
from .tricks import TrickMixin


class ReapersState(DraftMixin, TrickMixin, ScoringMixin, ObserveMixin, GameState):
    """A game of Reapers in progress."""

    def __init__(self, cfg: Config, rng: random.Random) -> None:
        self.cfg = cfg
        self.num_players = cfg.players
        self.rng = rng
        self.stacked = []
        self.phase = DRAFT
        self.horizon = False
        self.dealer = cfg.players - 1
        self.hands_played = 0
        self.extra_hands_played = 0
        self.totals = [0] * cfg.players
        self.history = []
        self.winner_seats = ()
        self.stats = {}
        self.opening_events: list[Event] = []
        """The events of dealing the first hand (``HandStarted``, ``TrumpTurned``, ``PilesDealt``), which
        happen before any action: a scene shows them when the table opens."""
        self._reset_hand()

    # ----------------------------------------------------------------------------- construction

    @classmethod
    def new(cls, params: Mapping[str, Any], players: int, seed: int, *, dealer: int | None = None,
            decks: Sequence[Sequence[str]] | None = None) -> "ReapersState":
        """A new game. ``dealer`` is the first dealer (default: the last seat, so seat 0 drafts and leads
        first). ``decks`` stacks the deck of the first hands: each is the exact deck order, top first. The top
        card is turned up for trump (a Reaper there is shuffled back and the deck reshuffled, as the rules
        say); the piles of 3 are then dealt from the top in slot order, each taking the next 3 cards, then the
        piles of 2. So ``[trump] + pile0 + pile1 + ...`` gives exact piles. Later hands are shuffled."""
        cfg = make_config(params, players)
        state = cls(cfg, make_rng(seed))
        if dealer is not None:
            if not 0 <= dealer < players:
                raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
            state.dealer = dealer
        for deck in decks or ():
            if sorted(deck) != sorted(cfg.deck):
                missing = sorted((_counts(cfg.deck) - _counts(deck)).elements())
                extra = sorted((_counts(deck) - _counts(cfg.deck)).elements())
                raise ValueError(f"a stacked deck must hold exactly the {len(cfg.deck)} cards of the deck; "
                                 f"missing {missing}, extra {extra}")
            state.stacked.append(list(deck))
        state.opening_events = state._start_hand()
        return state

    # ----------------------------------------------------------------------------- contract

    def current_player(self) -> int:
        if self.phase == DRAFT:
            return self.draft_order[self.picks_made]
        if self.phase == WAGER:
            return self.wager_order[sum(1 for w in self.wagers if w is not None)]
        if self.phase == PLAY:
            return self.to_move
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == OVER or self.phase == HORIZON

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return list(map(_play, self.playable(self.to_move)))
        if phase == DRAFT:
            return list(map(_take, self.takeable(self.draft_order[self.picks_made])))
        if phase == WAGER:
            return list(_WAGER_ACTIONS)
        return []

    def apply_legal(self, action: Action) -> list[Event]:
        if self.phase == PLAY:
            assert isinstance(action, PlayCard)
            return self._play_card(action.card)
        if self.phase == DRAFT:
            assert isinstance(action, TakePile)
            return self._take_pile(action.pile)
        if self.phase == WAGER:
            assert isinstance(action, PlaceWager)
            return self._place_wager(action.wager)
        raise IllegalActionError("the game is over")

    def apply(self, action: Action) -> list[Event]:
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        if not self._allowed(action):
            legal = self.legal_actions()
            seat = self.current_player()
            reason = self._why_illegal(action)
            shown = ", ".join(str(a) for a in legal[:14]) + (" ..." if len(legal) > 14 else "")
            raise IllegalActionError(f"{action} is not legal for seat {seat} now: {reason}; legal: {shown}")
        return self.apply_legal(action)

    def _allowed(self, action: Action) -> bool:
        """Whether ``action`` is among ``legal_actions()``, without building that list (actions are equal
        only to actions of their own class)."""
        phase = self.phase
        if phase == PLAY:
            return action.__class__ is PlayCard and action.card in self.playable(self.to_move)
        if phase == DRAFT:
            return action.__class__ is TakePile and action.pile in self.takeable(self.draft_order[self.picks_made])
        return action.__class__ is PlaceWager and action.wager in WAGERS

    def _why_illegal(self, action: Action) -> str:
        seat = self.current_player()
        if self.phase == DRAFT:
            if not isinstance(action, TakePile):
                return "it is the draft: take a pile"
            pile = self.piles[action.pile] if 0 <= action.pile < len(self.piles) else None
            if pile is None:
                return f"there is no pile {action.pile} on the table"
            if len(pile) == 2:
                return "a player may take only one pair"
            return "this last pick must be a pair"
        if self.phase == WAGER:
            return "it is time to wager: fewest, second or none"
        if not isinstance(action, PlayCard):
            return "it is time to play a card"
        if action.card not in self.hands[seat]:
            return f"{action.card} is not in seat {seat}'s hand"
        if action.card == REAPER:
            return "a Reaper may be led only from a hand of nothing but Reapers"
        return f"seat {seat} must follow the led suit"

    # ----------------------------------------------------------------------------- search support

    def stop_after_hand(self) -> "ReapersState":
        """Make this state end (``is_terminal``) once the current hand is scored instead of dealing the next
        one: the search's horizon. Returns the state."""
        self.horizon = True
        return self

    def hands_left(self) -> int:
        """Regular hands still to be scored, counting the one in progress."""
        return max(self.cfg.hands - self.hands_played, 0)

    def clone(self) -> "ReapersState":
        other = ReapersState.__new__(ReapersState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.stacked = [list(d) for d in self.stacked]
        other.totals = list(self.totals)
        other.history = list(self.history)
        other.stats = dict(self.stats)
        other.piles = list(self.piles)
        other.pairs_taken = list(self.pairs_taken)
        other.drafted = [list(d) for d in self.drafted]
        other.hands = [list(h) for h in self.hands]
        other.graveyard = list(self.graveyard)
        other.wagers = list(self.wagers)
        other.trick = list(self.trick)
        other.played = [list(p) for p in self.played]
        other.score_piles = [list(p) for p in self.score_piles]
        other.discards = list(self.discards)
        return other

    # ----------------------------------------------------------------------------- checks

    def all_cards(self) -> list[str]:
        """Every card of the hand's deck, wherever it is (trump, piles, hands, trick, Graveyard, score
        piles, discards): the invariant is that this is always exactly the deck."""
        cards = [self.trump] if self.trump else []
        for pile in self.piles:
            if pile is not None:
                cards += pile
        for hand in self.hands:
            cards += hand
        cards += [c for _, c in self.trick]
        cards += self.graveyard
        for score_pile in self.score_piles:
            cards += score_pile
        cards += self.discards
        return cards


def _counts(cards: Iterable[str]) -> Counter[str]:
    return Counter(cards)


def new_game(params: Mapping[str, Any], players: int, seed: int, **stacking: Any) -> ReapersState:
    """``GameSpec.new_game``: a fresh game of a validated variant (``dealer=``/``decks=`` stack it)."""
    return ReapersState.new(params, players, seed, **stacking)


def sample_state(observation: Observation, rng: random.Random) -> ReapersState:
    """``GameSpec.sample_state``: the observed state with other seats' secret wagers drawn at random."""
    assert isinstance(observation, ReapersObservation)
    return ReapersState.from_observation(observation, rng)
