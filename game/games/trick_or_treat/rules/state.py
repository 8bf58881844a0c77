"""The Trick or Treat state: set-up, the transitions of a trick, cloning, the ``GameState`` contract and its
observations; ``new_game`` and ``sample_state`` make one.

A trick: the pot is topped up, the dealer plays face down, then each other seat in turn (seat + 1 is the
player to the left), every card is revealed at once, a single joker's player declares it high or low, and
the trick is resolved: a joker jackpot, a dealer's jackpot, or a winner (or a tie for the highest) and the
other players picking candy, highest card first. Each event is stepped (``stepped``) once the state shows it.
"""

from __future__ import annotations

import random
from itertools import compress
from operator import add, mul
from typing import Any, Callable, Mapping, Sequence

from game.core.config import config_from
from game.core.contracts import TERMINAL, Action, Event, GameState, IllegalActionError, Observation, make_rng
from game.core.draws import shuffle

from .actions import Declare, PlayCard, TakeCandy
from .cards import (
    BLACK_JOKER, CARD_OF_TEXT, CARD_TEXTS, COLOURED_JOKER, JOKER_HIGH, JOKER_LOW, LABEL_CARDS, PLAY_LABELS,
    RANK_LABELS, card_rank, card_text, parse_card,
)
from .config import DECLARE, OVER, PICK, PLAY, Config
from .events import (
    CandyTaken, CardPlayed, CardsRevealed, DealerChanged, Dealt, FirstDealer, GameOver, HighestTied, Jackpot,
    JokerDeclared, JokerJackpot, PotGrew, PotRanOut, PotToppedUp, TiesFound, TrickWon,
)
from .observe import TrickOrTreatObservation, new_observation

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


class TrickOrTreatState(GameState):
    """One game of Trick or Treat."""

    def __init__(self, config: Config, players: int, rng: random.Random) -> None:
        self.config = config
        self.num_players = players
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.out_of_play: list[int] = []
        self.seen: list[int] = []
        """Cards revealed in this deal's tricks so far."""
        self.dealer = 0
        self.phase = PLAY
        self.turn = 0
        self._clear_trick()
        self.pot = [0] * len(config.kinds)
        """Pieces in the pot by kind."""
        self.supply: list[int] = []
        """Kind indexes; the top of the supply is the end of the list."""
        self.candy = [[0] * len(config.kinds) for _ in range(players)]
        """Each seat's pieces by kind."""
        self.deal_number = 0
        self.trick_number = 0
        self.pending_deck: list[int] | None = None
        """The next deal's deck when a game is stacked (``new_game(deck=...)``), else ``None``: shuffle."""
        self.stats = {"tricks": 0, "deals": 0, "jackpots": 0, "jackpot_candy": 0, "joker_jackpots": 0,
                      "tie_tricks": 0, "highest_tied": 0, "bigger_jackpot_candy": 0, "jokers_high": 0,
                      "jokers_low": 0, "pot_left": 0}
        self.opening_events: list[Event] = []

    def _clear_trick(self) -> None:
        """No card on the table and no outcome: before the first trick and after each one."""
        n = self.num_players
        self.played: list[int | None] = [None] * n
        """Each seat's card of this trick (``None``: not played yet)."""
        self.revealed = False
        self.declared: list[bool | None] = [None] * n
        """Each seat's joker declaration this trick: high (``True``), low (``False``) or none."""
        self.declare_queue: list[int] = []
        self.pickers: list[int] = []
        self.trick_winner: int | None = None
        self.tied: tuple[int, ...] = ()
        self.joker_jackpot = False
        self.next_dealer: int | None = None

    def clone(self) -> "TrickOrTreatState":
        other = TrickOrTreatState.__new__(TrickOrTreatState)
        other.__dict__.update(self.__dict__)  # the numbers, tuples and the config; what changes is copied below
        other._steps = other._stepper = None  # a clone taken while steps are noted notes none of its own
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(h) for h in self.hands]
        other.out_of_play = list(self.out_of_play)
        other.seen = list(self.seen)
        other.played = list(self.played)
        other.declared = list(self.declared)
        other.declare_queue = list(self.declare_queue)
        other.pickers = list(self.pickers)
        other.pot = list(self.pot)
        other.supply = list(self.supply)
        other.candy = [list(c) for c in self.candy]
        other.pending_deck = None if self.pending_deck is None else list(self.pending_deck)
        other.stats = dict(self.stats)
        return other

    # ---------------------------------------------------------------------------------------- queries

    def current_player(self) -> int:
        """The seat due; ``TERMINAL`` once over, and while a trick resolves (a view stepped between its events)."""
        if self.phase == PLAY:
            return self.turn
        if self.phase == DECLARE:
            return self.declare_queue[0] if self.declare_queue else TERMINAL
        if self.phase == PICK:
            return self.pickers[0] if self.pickers else TERMINAL
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY:
            plays, labels = PLAYS, PLAY_LABELS
            return list({labels[card]: plays[card] for card in sorted(self.hands[self.turn])}.values())
        if self.phase == DECLARE:
            return [DECLARE_LOW, DECLARE_HIGH]
        if self.phase == PICK:
            return [TakeCandy(name) for k, name in enumerate(self.config.kinds) if self.pot[k] > 0]
        return []

    def scores(self) -> list[float]:
        values = self.config.values
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
        config = self.config
        text = _TEXT_OF
        unseen = bytearray(DECK_MASKS[config.deck_size])
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
        values = config.values
        dealer = self.dealer
        return new_observation({
            "seat": seat,
            "players": self.num_players,
            "config": config,
            "phase": self.phase,
            "current": self.current_player(),
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
            "supply_counts": tuple(map(self.supply.count, range(len(config.kinds)))),
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
        apply = _APPLY.get(self.phase)
        if apply is None:
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        events: list[Event] = []
        apply(self, action, events)
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
            kinds = self.config.kinds
            return type(action.kind) is str and action.kind in kinds and self.pot[kinds.index(action.kind)] > 0
        return False

    # ------------------------------------------------------------------------------------ the phases

    def _apply_play(self, action: Action, events: list[Event]) -> None:
        """The seat to play puts a card of the named rank face down; the last card of a trick reveals them all."""
        if not isinstance(action, PlayCard):
            raise IllegalActionError(f"{action!r} is not a play; a card is due")
        seat = self.turn
        hand = self.hands[seat]
        for card in LABEL_CARDS[action.label]:
            if card in hand:
                break
        else:
            raise IllegalActionError(f"seat {seat} holds no {action.label} to play")
        hand.remove(card)
        self.played[seat] = card
        self.turn = (seat + 1) % self.num_players
        self.happened(CardPlayed(seat, CARD_TEXTS[card]), events)
        if self.turn == self.dealer:
            self._reveal(events)

    def _apply_declare(self, action: Action, events: list[Event]) -> None:
        """A lone joker's player says it counts high or low; then the trick resolves."""
        if not isinstance(action, Declare):
            raise IllegalActionError(f"{action!r} is not a declaration; a joker is to be declared")
        high = action.high
        seat = self.declare_queue.pop(0)
        self.declared[seat] = high
        self.stats["jokers_high" if high else "jokers_low"] += 1
        joker = self.played[seat]
        assert joker is not None  # only a seat that played a joker declares
        self.happened(JokerDeclared(seat, card_text(joker), high), events)
        if not self.declare_queue:
            self._resolve(events)

    def _apply_pick(self, action: Action, events: list[Event]) -> None:
        """The first picker takes a piece of the named kind; the pot is handed out until the next real choice."""
        if not isinstance(action, TakeCandy):
            raise IllegalActionError(f"{action!r} is not a pick; candy is to be taken")
        self._take(self.config.kinds.index(action.kind), False, events)
        self._continue_picks(events)

    # ----------------------------------------------------------------------------- a trick's outcome

    def _reveal(self, events: list[Event]) -> None:
        self.revealed = True
        cards = [c for c in self.played if c is not None]  # every seat's: the reveal comes after the last play
        self.seen.extend(cards)
        jokers = [s for s, c in enumerate(self.played) if c is not None and c >= 52]
        if len(jokers) == 1:
            self.phase = DECLARE
            self.declare_queue = jokers
        self.happened(CardsRevealed(tuple(map(CARD_TEXTS.__getitem__, cards))), events)
        if len(jokers) == 2:
            self._joker_jackpot(events)
        elif not jokers:
            self._resolve(events)

    def _joker_jackpot(self, events: list[Event]) -> None:
        coloured = self.played.index(COLOURED_JOKER)
        black = self.played.index(BLACK_JOKER)
        self.joker_jackpot = True
        self.stats["joker_jackpots"] += 1
        size = sum(self.pot)
        self.pickers = [coloured if i % 2 == 0 else black for i in range(size)]
        self.next_dealer = coloured if self.config.joker_jackpot_dealer == "coloured-joker" else self.dealer
        self.phase = PICK
        self.happened(JokerJackpot(coloured, black, size), events)
        self._continue_picks(events)

    def _resolve(self, events: list[Event]) -> None:
        config = self.config
        ranks = list(map(card_rank, self.played, self.declared))
        top_seats, tied, pickers = settle(ranks, self.dealer, config.every_tie_skips)
        if tied:
            self.stats["tie_tricks"] += 1
            self.tied = tuple(tied)
            labels = tuple(_rank_label(rank) for rank in sorted({ranks[s] for s in tied}, reverse=True))
            self.happened(TiesFound(self.tied, labels), events)
        if len(top_seats) > 1 and self.dealer in top_seats:
            pot = self.pot
            kinds = tuple(config.kinds[k] for k, c in enumerate(pot) for _ in range(c))
            self.stats["jackpots"] += 1
            self.stats["jackpot_candy"] += len(kinds)
            self.candy[self.dealer] = list(map(add, self.candy[self.dealer], pot))
            self.pot = [0] * len(pot)
            self.next_dealer = self.dealer
            self.happened(Jackpot(self.dealer, kinds, sum(map(mul, pot, config.values))), events)
            self._end_trick(events)
            return
        if config.bigger_jackpots and len(set(ranks)) < len(ranks):
            # Any tie that is not a jackpot grows the pot, even one whose players still pick.
            want = min(sum(self.pot), len(self.supply))
            drawn = self._draw(want)
            self.stats["bigger_jackpot_candy"] += want
            self.happened(PotGrew(drawn, sum(self.pot), len(self.supply)), events)
        outcome: Event
        if len(top_seats) == 1:
            winner = top_seats[0]
            self.trick_winner = winner
            self.next_dealer = winner
            card = self.played[winner]
            assert card is not None  # a winner played the highest card
            outcome = TrickWon(winner, card_text(card))
        else:
            self.stats["highest_tied"] += 1
            self.next_dealer = self.dealer
            outcome = HighestTied(tuple(top_seats))
        self.pickers = pickers
        self.phase = PICK
        self.happened(outcome, events)
        self._continue_picks(events)

    def _draw(self, count: int) -> tuple[str, ...]:
        drawn = []
        for _ in range(count):
            k = self.supply.pop()
            self.pot[k] += 1
            drawn.append(self.config.kinds[k])
        return tuple(drawn)

    def _take(self, kind: int, auto: bool, events: list[Event]) -> None:
        seat = self.pickers.pop(0)
        self.pot[kind] -= 1
        self.candy[seat][kind] += 1
        self.happened(CandyTaken(seat, self.config.kinds[kind], self.config.values[kind], auto), events)

    def _continue_picks(self, events: list[Event]) -> None:
        """Hand out candy while only one kind is left to choose from; stop at a real choice (in the pick phase,
        which the trick's outcome began)."""
        while self.pickers:
            kinds = [k for k, c in enumerate(self.pot) if c > 0]
            if not kinds:
                missed = tuple(self.pickers)
                self.pickers = []
                self.happened(PotRanOut(missed), events)
                break
            if len(kinds) == 1:
                self._take(kinds[0], True, events)
                continue
            return  # a real choice: the pick phase goes on
        self._end_trick(events)

    def _end_trick(self, events: list[Event]) -> None:
        self.stats["tricks"] += 1
        new = self.dealer if self.next_dealer is None else self.next_dealer
        same = new == self.dealer
        self.dealer = new
        self.trick_number += 1
        self._clear_trick()
        self.happened(DealerChanged(new, same), events)
        self._start_trick(events)

    def _start_trick(self, events: list[Event]) -> None:
        need = self.num_players - 1
        if not self.supply or (len(self.supply) < need and self.config.short_top_up == "end-game"):
            self._finish(events)
            return
        if not self.hands[0]:
            self._deal(events)
        drawn = self._draw(min(need, len(self.supply)))
        self.phase = PLAY
        self.turn = self.dealer
        self.happened(PotToppedUp(drawn, sum(self.pot), len(self.supply), self.trick_number + 1), events)

    def _deal(self, events: list[Event]) -> None:
        n = self.num_players
        if self.pending_deck is not None:
            deck, self.pending_deck = self.pending_deck, None
        else:
            deck = list(range(self.config.deck_size))
            shuffle(deck, self.rng)
        size = len(deck) // n
        hands: list[list[int]] = [[] for _ in range(n)]
        for i in range(size * n):
            hands[(self.dealer + 1 + i) % n].append(deck[i])
        self._deal_hands(hands, deck[size * n:], events)

    def _deal_hands(self, hands: list[list[int]], rest: list[int], events: list[Event]) -> None:
        self.hands = [sorted(h) for h in hands]
        self.out_of_play = list(rest)
        self.seen = []
        self.deal_number += 1
        self.stats["deals"] += 1
        self.happened(Dealt(self.deal_number, self.dealer, len(hands[0]), len(rest),
                         tuple(tuple(card_text(c) for c in h) for h in self.hands)), events)

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self.stats["pot_left"] = sum(self.pot)
        scores = tuple(int(s) for s in self.scores())
        self.happened(GameOver(scores, tuple(self.winners()), sum(self.pot), len(self.supply)), events)


_APPLY: dict[str, Callable[[TrickOrTreatState, Action, list[Event]], None]] = {
    PLAY: TrickOrTreatState._apply_play,
    DECLARE: TrickOrTreatState._apply_declare,
    PICK: TrickOrTreatState._apply_pick,
}
"""Each phase's decision and the method that applies it."""


def settle(ranks: Sequence[int], dealer: int, every_tie_skips: bool) -> tuple[list[int], list[int], list[int]]:
    """How a revealed trick of these ranks (jokers declared) is settled: the seats of the highest card, the
    seats a tie keeps from candy and the seats that pick, highest card first (each from the dealer on). A
    highest card the dealer ties is a jackpot; a lone one wins the trick. The rules, the bots' foresight and
    the check of a position all settle a trick here."""
    order = [*range(dealer, len(ranks)), *range(dealer)]
    top = max(ranks)
    if ranks.count(top) == 1 and (not every_tie_skips or len(set(ranks)) == len(ranks)):
        # Most tricks: one highest card and no tie that skips a seat (the same lists as below, sooner).
        winner = ranks.index(top)
        return [winner], [], sorted([s for s in order if s != winner], key=ranks.__getitem__, reverse=True)
    top_seats = [s for s in order if ranks[s] == top]
    if every_tie_skips:
        tied = [s for s in order if ranks.count(ranks[s]) > 1]
    else:
        tied = top_seats if len(top_seats) > 1 else []
    pickers = sorted([s for s in order if ranks[s] < top and s not in tied], key=ranks.__getitem__, reverse=True)
    return top_seats, tied, pickers


def _rank_label(rank: int) -> str:
    """A tied rank as the log names it: ``7``, ``A``, ``joker high``."""
    if rank == JOKER_HIGH:
        return "joker high"
    if rank == JOKER_LOW:
        return "joker low"
    return RANK_LABELS[rank - 2]


def new_game(config: Mapping[str, Any] | Config, players: int, seed: int, *, deck: Sequence[str] | None = None,
             hands: Sequence[Sequence[str]] | None = None, dealer: int | None = None,
             supply: Sequence[str] | None = None) -> TrickOrTreatState:
    """A new game (``config``: a variant's parameters or its ``Config``). Tests and tutorials stack it:

    ``deck``: the first deal's deck, top first (card texts; every card of the deck once), dealt one at a
    time starting left of the dealer; ``hands``: each seat's first hand instead (equal sizes; the other
    cards are out of play); ``dealer``: the first dealer; ``supply``: the supply's candy kinds, top first
    (any number). Later deals are shuffled from the seed.
    """
    rules = config if isinstance(config, Config) else config_from(Config, config)
    if not 2 <= players <= 8:
        raise ValueError("Trick or Treat needs 2 to 8 players")
    state = TrickOrTreatState(rules, players, make_rng(seed))
    rng = state.rng
    if supply is None:
        pile = [k for k, count in enumerate(rules.supply_counts(players)) for _ in range(count)]
        shuffle(pile, rng)
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
    opening = state.opening_events
    state.happened(FirstDealer(dealer), opening)
    full = set(range(rules.deck_size))
    if hands is not None:
        cards = [[parse_card(c) for c in hand] for hand in hands]
        if len(cards) != players or len({len(h) for h in cards}) != 1:
            raise ValueError("hands must give every seat the same number of cards")
        flat = [c for h in cards for c in h]
        if len(set(flat)) != len(flat) or not set(flat) <= full or not flat:
            raise ValueError("hands must use distinct cards of the deck")
        state._deal_hands(cards, sorted(full - set(flat)), opening)
    elif deck is not None:
        order = [parse_card(c) for c in deck]
        if sorted(order) != sorted(full):
            raise ValueError(f"deck must hold each of the {rules.deck_size} cards once")
        state.pending_deck = order
    state._start_trick(opening)
    return state


def sample_state(observation: Observation, rng: random.Random) -> TrickOrTreatState:
    """A full state consistent with what ``observation.seat`` knows: the unseen cards dealt at random to the
    other hands (and their face-down cards) with the right counts, the rest out of play; the supply's order
    shuffled."""
    assert isinstance(observation, TrickOrTreatObservation)  # GameSpec takes any game's; the search passes ours
    obs = observation
    n = obs.players
    state = TrickOrTreatState(obs.config, n, random.Random(rng.getrandbits(64)))
    me = obs.seat
    card_of = CARD_OF_TEXT.__getitem__  # an observation writes cards as the rules do
    pool = list(map(card_of, obs.unseen))
    shuffle(pool, rng)
    hands: list[list[int]] = []
    played: list[int | None] = []
    for s in range(n):
        if s == me:
            hands.append(sorted(map(card_of, obs.hand)))
            played.append(None if obs.my_card is None else card_of(obs.my_card))
            continue
        size = obs.hand_sizes[s]
        hands.append(sorted(pool[:size]))
        del pool[:size]
        shown = obs.table[s]
        if not obs.played[s]:
            played.append(None)
        elif shown is not None:
            played.append(card_of(shown))
        else:
            played.append(pool.pop())
    state.hands = hands
    state.out_of_play = pool
    state.seen = list(map(card_of, obs.seen_this_deal))
    state.played = played
    state.revealed = obs.table.count(None) < n
    state.declared = [None if d is None else d == "high" for d in obs.declarations]
    for name in ("dealer", "phase", "deal_number", "trick_number", "trick_winner", "tied", "joker_jackpot",
                 "next_dealer"):
        setattr(state, name, getattr(obs, name))  # the observation tells these as the state keeps them
    state.turn = obs.current if obs.phase == PLAY else obs.dealer
    if obs.phase == DECLARE:
        state.declare_queue = [obs.current]
    state.pickers = list(obs.pickers)
    state.pot = list(obs.pot)
    supply = [k for k, c in enumerate(obs.supply_counts) for _ in range(c)]
    shuffle(supply, rng)
    state.supply = supply
    state.candy = [list(c) for c in obs.candy]
    return state
