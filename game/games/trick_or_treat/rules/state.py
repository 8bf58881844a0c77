"""The Trick or Treat state: set-up, cloning, the ``GameState`` contract and its observations."""

from __future__ import annotations

import random
from itertools import compress
from operator import mul
from typing import Any, Mapping, Sequence

from game.core.contracts import TERMINAL, Action, Event, IllegalActionError, make_rng

from .actions import Declare, PlayCard, TakeCandy
from .cards import CARD_TEXTS, LABEL_CARDS, PLAY_LABELS, parse_card
from .config import DECLARE, OVER, PICK, PLAY, Rules
from .events import FirstDealer
from .observe import TrickOrTreatObservation, new_observation
from .tricks import TrickMixin


_PLAY_OF_LABEL = {label: PlayCard(label) for label in PLAY_LABELS}
PLAYS = tuple(_PLAY_OF_LABEL[label] for label in PLAY_LABELS)
"""Each card's play action, made once per label (legal actions are asked for at every decision)."""
DECLARE_LOW, DECLARE_HIGH = Declare(False), Declare(True)
DECK_MASKS = {size: bytes([1] * size + [0] * (54 - size)) for size in (52, 54)}
"""By card, 1 for a card of the deck without (52) or with (54) the jokers: an observation clears the cards
its seat knows in a copy and keeps the texts of the others (``itertools.compress``: no Python loop over the
unseen cards, nor a sort)."""
_TEXT_OF = CARD_TEXTS.__getitem__
_DECLARATION_OF = {None: None, True: "high", False: "low"}.__getitem__
"""A seat's joker declaration (``declared``) as an observation tells it."""


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
        # One is made for every decision: each field is built in as few steps as C code can take (maps
        # over lookups, a mask for the unseen cards) rather than a Python loop a card.
        played = self.played
        hands = self.hands
        seen = self.seen
        rules = self.rules
        text = _TEXT_OF
        unseen = bytearray(DECK_MASKS[rules.deck_size])
        if seat is None:
            own = None
            hand: list[int] = []
        else:
            own = played[seat]
            hand = sorted(hands[seat])
            for card in hand:
                unseen[card] = 0
            if own is not None:
                unseen[own] = 0
        for card in seen:
            unseen[card] = 0
        values = rules.values
        phase = self.phase
        dealer = self.dealer
        if phase == PLAY:
            current = self.turn
        elif phase == DECLARE:
            current = self.declare_queue[0]
        elif phase == PICK:
            current = self.pickers[0]
        else:
            current = TERMINAL
        return new_observation({
            "seat": seat,
            "players": self.num_players,
            "rules": rules,
            "phase": phase,
            "current": current,
            "dealer": dealer,
            "deal_number": self.deal_number,
            "trick_number": self.trick_number,
            "hand": tuple(map(text, hand)),
            "hand_sizes": tuple(map(len, hands)),
            "played": tuple([c is not None for c in played]),
            "my_card": None if own is None else CARD_TEXTS[own],
            "table": tuple([None if c is None else CARD_TEXTS[c] for c in played]) if self.revealed
            else (None,) * self.num_players,
            "declarations": tuple(map(_DECLARATION_OF, self.declared)),
            "pot": tuple(self.pot),
            "supply_size": len(self.supply),
            "supply_counts": tuple(map(self.supply.count, range(len(rules.kinds)))),
            "candy": tuple(map(tuple, self.candy)),
            "scores": tuple([sum(map(mul, c, values)) for c in self.candy]),
            "pickers": tuple(self.pickers),
            "trick_winner": self.trick_winner,
            "tied": self.tied,
            "joker_jackpot": self.joker_jackpot,
            "next_dealer": self.next_dealer,
            "seen_this_deal": tuple(map(text, seen)),
            "unseen": tuple(compress(CARD_TEXTS, unseen)),
            "out_of_play": len(self.out_of_play),
            "tricks_left_in_deal": len(hands[dealer]) + (0 if played[dealer] is None else 1),
        })

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
        if self._plainly_legal(action):
            return self.apply_legal(action)
        if isinstance(action, str):
            raise IllegalActionError(f"pass an action object, not text {action!r} (see find_action)")
        return super().apply(action)

    def _plainly_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now, told without building the legal actions (every decision of a
        game is applied through ``apply``). ``False`` also for anything unusual (a subclass, a field of
        another type), which ``GameState.apply`` then judges, as it always has."""
        kind = type(action)
        phase = self.phase
        if kind is PlayCard and phase == PLAY:
            assert isinstance(action, PlayCard)  # for mypy: ``kind is PlayCard`` said so
            cards = LABEL_CARDS.get(action.label) if type(action.label) is str else None
            if cards is None:
                return False
            hand = self.hands[self.turn]
            return any([card in hand for card in cards])
        if kind is Declare and phase == DECLARE:
            assert isinstance(action, Declare)  # for mypy
            return action.high is True or action.high is False
        if kind is TakeCandy and phase == PICK:
            assert isinstance(action, TakeCandy)  # for mypy
            kinds = self.rules.kinds
            return type(action.kind) is str and action.kind in kinds and self.pot[kinds.index(action.kind)] > 0
        return False


def new_game(params: Mapping[str, Any], players: int, seed: int, **stack: Any) -> TrickOrTreatState:
    """``GameSpec.new_game``; the keyword arguments stack the game (see ``TrickOrTreatState.start``)."""
    return TrickOrTreatState.start(params, players, seed, **stack)
