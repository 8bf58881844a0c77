"""The Trick or Treat state: set-up, cloning, the ``GameState`` contract and its observations."""

from __future__ import annotations

import random
from operator import mul
from typing import Any, Mapping, Sequence

from game.core.contracts import TERMINAL, Action, Event, IllegalActionError, make_rng

from .actions import Declare, PlayCard, TakeCandy
from .cards import CARD_TEXTS, PLAY_LABELS, parse_card
from .config import DECLARE, OVER, PICK, PLAY, Rules
from .events import FirstDealer
from .observe import TrickOrTreatObservation, new_observation
from .tricks import TrickMixin


_PLAY_OF_LABEL = {label: PlayCard(label) for label in PLAY_LABELS}
PLAYS = tuple(_PLAY_OF_LABEL[label] for label in PLAY_LABELS)
"""Each card's play action, made once per label (legal actions are asked for at every decision)."""
DECLARE_LOW, DECLARE_HIGH = Declare(False), Declare(True)


class TrickOrTreatState(TrickMixin):
    """One game of Trick or Treat."""

    def __init__(self, rules: Rules, players: int, rng: random.Random) -> None:
        self.rules = rules
        self.num_players = players
        self.rng = rng
        self.hands = [[] for _ in range(players)]
        self.out_of_play = []
        self.seen = []
        self.dealer = 0
        self.phase = PLAY
        self.turn = 0
        self.played = [None] * players
        self.revealed = False
        self.declared = [None] * players
        self.declare_queue = []
        self.pickers = []
        self.pot = [0] * len(rules.kinds)
        self.supply = []
        self.candy = [[0] * len(rules.kinds) for _ in range(players)]
        self.deal_number = 0
        self.trick_number = 0
        self.trick_winner = None
        self.tied = ()
        self.joker_jackpot = False
        self.next_dealer = None
        self.pending_deck = None
        self.stats = {"tricks": 0, "deals": 0, "jackpots": 0, "jackpot_candy": 0, "joker_jackpots": 0,
                      "tie_tricks": 0, "highest_tied": 0, "bigger_jackpot_candy": 0, "jokers_high": 0,
                      "jokers_low": 0, "pot_left": 0}
        self.opening_events = []

    # ------------------------------------------------------------------------------------ construction

    @classmethod
    def start(cls, params: Mapping[str, Any], players: int, seed: int, *, deck: Sequence[str] | None = None,
              hands: Sequence[Sequence[str]] | None = None, dealer: int | None = None,
              supply: Sequence[str] | None = None) -> "TrickOrTreatState":
        """A new game. Tests and tutorials stack it through the keyword arguments:

        ``deck``: the first deal's deck, top first (card texts; every card of the deck once), dealt one at a
        time starting left of the dealer; ``hands``: each seat's first hand instead (equal sizes; the other
        cards are out of play); ``dealer``: the first dealer; ``supply``: the supply's candy kinds, top first
        (any number). Later deals are shuffled from the seed.
        """
        rules = Rules.from_params(params)
        if not 2 <= players <= 8:
            raise ValueError("Trick or Treat needs 2 to 8 players")
        state = cls(rules, players, make_rng(seed))
        rng = state.rng
        if supply is None:
            pile = [k for k, count in enumerate(rules.supply_counts(players)) for _ in range(count)]
            rng.shuffle(pile)
        else:
            pile = []
            for name in supply:
                if name not in rules.kinds:
                    raise ValueError(f"unknown candy {name!r}; kinds: {', '.join(rules.kinds)}")
                pile.append(rules.kinds.index(name))
            pile.reverse()
        state.supply = pile
        if dealer is None:
            dealer = rng.randrange(players) if rules.first_dealer == "random" else 0
        elif not 0 <= dealer < players:
            raise ValueError(f"no seat {dealer}")
        state.dealer = dealer
        state.opening_events.append(FirstDealer(dealer))
        full = set(range(rules.deck_size))
        if hands is not None:
            cards = [[parse_card(c) for c in hand] for hand in hands]
            if len(cards) != players or len({len(h) for h in cards}) != 1:
                raise ValueError("hands must give every seat the same number of cards")
            flat = [c for h in cards for c in h]
            if len(set(flat)) != len(flat) or not set(flat) <= full or not flat:
                raise ValueError("hands must use distinct cards of the deck")
            state._deal_hands(cards, sorted(full - set(flat)), state.opening_events)
        else:
            if deck is not None:
                order = [parse_card(c) for c in deck]
                if sorted(order) != sorted(full):
                    raise ValueError(f"deck must hold each of the {rules.deck_size} cards once")
                state.pending_deck = order
            state._start_trick(state.opening_events)
        if hands is not None:
            state._start_trick(state.opening_events)
        return state

    @classmethod
    def from_deck(cls, params: Mapping[str, Any], players: int, seed: int = 0, **stack: Any) -> "TrickOrTreatState":
        """The same as ``start``; the name says what tests use it for."""
        return cls.start(params, players, seed, **stack)

    def clone(self) -> "TrickOrTreatState":
        other = TrickOrTreatState.__new__(TrickOrTreatState)
        other.rules = self.rules
        other.num_players = self.num_players
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.out_of_play = list(self.out_of_play)
        other.seen = list(self.seen)
        other.dealer = self.dealer
        other.phase = self.phase
        other.turn = self.turn
        other.played = list(self.played)
        other.revealed = self.revealed
        other.declared = list(self.declared)
        other.declare_queue = list(self.declare_queue)
        other.pickers = list(self.pickers)
        other.pot = list(self.pot)
        other.supply = list(self.supply)
        other.candy = [list(c) for c in self.candy]
        other.deal_number = self.deal_number
        other.trick_number = self.trick_number
        other.trick_winner = self.trick_winner
        other.tied = self.tied
        other.joker_jackpot = self.joker_jackpot
        other.next_dealer = self.next_dealer
        other.pending_deck = None if self.pending_deck is None else list(self.pending_deck)
        other.stats = dict(self.stats)
        other.opening_events = self.opening_events
        return other

    # ---------------------------------------------------------------------------------------- queries

    def current_player(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == PLAY:
            return self.turn
        if self.phase == DECLARE:
            return self.declare_queue[0]
        return self.pickers[0]

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            plays, labels = PLAYS, PLAY_LABELS
            return list({labels[card]: plays[card] for card in sorted(self.hands[self.turn])}.values())
        if self.phase == DECLARE:
            return [DECLARE_LOW, DECLARE_HIGH]
        if self.phase == PICK:
            return [TakeCandy(name) for k, name in enumerate(self.rules.kinds) if self.pot[k] > 0]
        return []

    def scores(self) -> list[float]:
        values = self.rules.values
        return [float(sum(map(mul, c, values))) for c in self.candy]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, score in enumerate(scores) if score == best]

    # ------------------------------------------------------------------------------------- observation

    def observation(self, seat: int | None) -> TrickOrTreatObservation:
        n = self.num_players
        played = self.played
        own = None if seat is None else played[seat]
        hand = () if seat is None else sorted(self.hands[seat])
        known = set(hand)
        known.update(self.seen)
        if own is not None:
            known.add(own)
        texts = CARD_TEXTS
        supply = self.supply
        return new_observation(
            seat=seat,
            players=n,
            rules=self.rules,
            phase=self.phase,
            current=self.current_player(),
            dealer=self.dealer,
            deal_number=self.deal_number,
            trick_number=self.trick_number,
            hand=tuple([texts[c] for c in hand]),
            hand_sizes=tuple([len(h) for h in self.hands]),
            played=tuple([c is not None for c in played]),
            my_card=None if own is None else texts[own],
            table=tuple([None if c is None else texts[c] for c in played]) if self.revealed else (None,) * n,
            declarations=tuple([None if d is None else ("high" if d else "low") for d in self.declared]),
            pot=tuple(self.pot),
            supply_size=len(self.supply),
            supply_counts=tuple([supply.count(k) for k in range(len(self.rules.kinds))]),
            candy=tuple([tuple(c) for c in self.candy]),
            scores=tuple([int(s) for s in self.scores()]),
            pickers=tuple(self.pickers),
            trick_winner=self.trick_winner,
            tied=self.tied,
            joker_jackpot=self.joker_jackpot,
            next_dealer=self.next_dealer,
            seen_this_deal=tuple([texts[c] for c in self.seen]),
            unseen=tuple([texts[c] for c in range(self.rules.deck_size) if c not in known]),
            out_of_play=len(self.out_of_play),
            tricks_left_in_deal=len(self.hands[self.dealer]) + (0 if played[self.dealer] is None else 1),
        )

    # ---------------------------------------------------------------------------------------- playing

    def apply_legal(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, PlayCard):
            self._play(action.label, events)
        elif isinstance(action, Declare):
            self._declare(action.high, events)
        elif isinstance(action, TakeCandy):
            self._take(self.rules.kinds.index(action.kind), False, events)
            self._continue_picks(events)
        else:
            raise IllegalActionError(f"{action!r} is not a Trick or Treat action")
        return events

    def apply(self, action: Action) -> list[Event]:
        if isinstance(action, str):
            raise IllegalActionError(f"pass an action object, not text {action!r} (see find_action)")
        return super().apply(action)


def new_game(params: Mapping[str, Any], players: int, seed: int, **stack: Any) -> TrickOrTreatState:
    """``GameSpec.new_game``; the keyword arguments stack the game (see ``TrickOrTreatState.start``)."""
    return TrickOrTreatState.start(params, players, seed, **stack)
