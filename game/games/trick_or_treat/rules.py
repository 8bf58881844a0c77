"""Trick or Treat: the rules engine (pure Python; all chance from the state's own generator).

Cards are numbered 0..53: ``id // 4`` is the rank index (0 = a 2 ... 12 = an Ace), ``id % 4`` the suit
(which never matters); 52 is the coloured joker and 53 the black one. A card's text is its rank and suit
letter (``7H``, ``10S``, ``AC``) or ``CJ`` (coloured joker) / ``BJ`` (black joker).

A trick: the pot is topped up, the dealer plays face down, then each other seat in turn (seat + 1 is the
player to the left), every card is revealed at once, a single joker's player declares it high or low, and
the trick is resolved: a joker jackpot, a dealer's jackpot, or a winner (or a tie for the highest) and the
other players picking candy, highest card first.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from game.core.contracts import TERMINAL, Event, GameState, IllegalActionError, Observation, make_rng

# --------------------------------------------------------------------------------------------- cards

COLOURED_JOKER = 52
BLACK_JOKER = 53
RANK_LABELS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "CDHS"
JOKER_LOW = 1
"""A joker declared low ranks 1: below a 2 (whose rank is 2)."""
JOKER_HIGH = 15
"""A joker declared high ranks 15: above an Ace (14)."""


def is_joker(card: int) -> bool:
    return card >= 52


def card_rank(card: int) -> int:
    """2..14 for a plain card (Ace 14); jokers have no rank of their own (0) until declared."""
    return card // 4 + 2 if card < 52 else 0


def card_text(card: int) -> str:
    if card == COLOURED_JOKER:
        return "CJ"
    if card == BLACK_JOKER:
        return "BJ"
    return RANK_LABELS[card // 4] + SUITS[card % 4]


def parse_card(text: str) -> int:
    """The card of a text such as ``7H``, ``10s``, ``AC``, ``CJ`` or ``BJ``."""
    known = _BY_TEXT.get(text)
    if known is not None:
        return known
    word = text.strip().upper()
    if word == "CJ":
        return COLOURED_JOKER
    if word == "BJ":
        return BLACK_JOKER
    rank, suit = word[:-1], word[-1:]
    if rank not in RANK_LABELS or not suit or suit not in SUITS:
        raise ValueError(f"not a card: {text!r} (write e.g. 7H, 10S, AC, CJ or BJ)")
    return RANK_LABELS.index(rank) * 4 + SUITS.index(suit)


def play_label(card: int) -> str:
    """What a play action names: the rank (suits never matter) or the joker."""
    if card == COLOURED_JOKER:
        return "coloured joker"
    if card == BLACK_JOKER:
        return "black joker"
    return RANK_LABELS[card // 4]


_BY_TEXT = {card_text(c): c for c in range(54)}
LABEL_CARDS = {}
"""Each play label's cards, lowest first (a play takes the lowest card of its label from the hand)."""
for _card in range(54):
    LABEL_CARDS.setdefault(play_label(_card), []).append(_card)
del _card

# -------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, order=True)
class PlayCard:
    """Play one card face down. Suits never matter, so a play names a rank (or a joker): ``play 7``."""

    label: str

    def __str__(self) -> str:
        return f"play {self.label}"


@dataclass(frozen=True)
class Declare:
    """Declare one's joker high (above an Ace) or low (below a 2): ``declare high`` / ``declare low``."""

    high: bool

    def __str__(self) -> str:
        return "declare high" if self.high else "declare low"


@dataclass(frozen=True)
class TakeCandy:
    """Take one piece of a kind from the pot: ``take toffee``."""

    kind: str

    def __str__(self) -> str:
        return f"take {self.kind}"


# --------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class FirstDealer(Event):
    """The first dealer of the game was chosen."""

    seat: int


@dataclass(frozen=True)
class Dealt(Event):
    """A deal: every seat gets ``hand_size`` cards; ``out_of_play`` cards stay face down unseen.

    ``hands`` holds each seat's cards (texts); a seat sees only its own hand (the others are ``None``).
    """

    deal: int
    dealer: int
    hand_size: int
    out_of_play: int
    hands: tuple

    def seen_by(self, seat: int | None) -> "Dealt":
        hands = tuple(h if s == seat else None for s, h in enumerate(self.hands))
        return Dealt(self.deal, self.dealer, self.hand_size, self.out_of_play, hands)


@dataclass(frozen=True)
class PotToppedUp(Event):
    """Candy moved from the supply into the pot before a trick (``kinds``: one name per piece)."""

    kinds: tuple[str, ...]
    pot_size: int
    supply_left: int


@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played a card face down; ``card`` is its text for that seat only (``None`` for others)."""

    seat: int
    card: str | None

    def seen_by(self, seat: int | None) -> "CardPlayed":
        return self if seat == self.seat else CardPlayed(self.seat, None)


@dataclass(frozen=True)
class CardsRevealed(Event):
    """Every card of the trick turned up at once: ``cards[seat]`` is that seat's card text."""

    cards: tuple[str, ...]


@dataclass(frozen=True)
class JokerDeclared(Event):
    """A joker's player declared it high (above an Ace) or low (below a 2)."""

    seat: int
    card: str
    high: bool


@dataclass(frozen=True)
class TiesFound(Event):
    """Players whose cards tie take no candy this trick (``seats``; ``ranks`` the tied rank labels)."""

    seats: tuple[int, ...]
    ranks: tuple[str, ...]


@dataclass(frozen=True)
class PotGrew(Event):
    """Bigger Jackpots: a tie that is not a jackpot added as much candy as the pot held (supply allowing)."""

    kinds: tuple[str, ...]
    pot_size: int
    supply_left: int


@dataclass(frozen=True)
class Jackpot(Event):
    """The dealer tied for the highest card and takes the whole pot."""

    seat: int
    kinds: tuple[str, ...]
    value: int


@dataclass(frozen=True)
class JokerJackpot(Event):
    """Both jokers in one trick: their players split the whole pot, the coloured joker picking first."""

    coloured: int
    black: int
    pot_size: int


@dataclass(frozen=True)
class TrickWon(Event):
    """The single highest card won the trick: its player takes no candy and deals next."""

    seat: int
    card: str


@dataclass(frozen=True)
class HighestTied(Event):
    """The highest card was tied (not by the dealer): nobody wins the trick; the dealer stays."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class CandyTaken(Event):
    """``seat`` took one ``kind`` from the pot (``auto``: there was no choice to make)."""

    seat: int
    kind: str
    value: int
    auto: bool


@dataclass(frozen=True)
class PotRanOut(Event):
    """These seats would have picked, but the pot was empty."""

    seats: tuple[int, ...]


@dataclass(frozen=True)
class DealerChanged(Event):
    """The dealer for the next trick (``same``: the dealer stays)."""

    seat: int
    same: bool


@dataclass(frozen=True)
class GameOver(Event):
    """The supply could not top up the pot. ``pot_left`` pieces score for nobody."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    pot_left: int


# ---------------------------------------------------------------------------------------------- rules


@dataclass(frozen=True)
class Rules:
    """A variant's parameters as plain, immutable data (also carried by observations)."""

    kinds: tuple[str, ...]
    values: tuple[int, ...]
    looks: tuple[str, ...]
    counts: tuple[int, ...]
    supply_per_player: int
    jokers: bool
    bigger_jackpots: bool
    first_dealer: str
    short_top_up: str
    every_tie_skips: bool
    joker_jackpot_dealer: str

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> "Rules":
        candy = params["candy"]
        return cls(
            kinds=tuple(str(k["name"]).strip() for k in candy),
            values=tuple(int(k["value"]) for k in candy),
            looks=tuple(str(k["look"]) for k in candy),
            counts=tuple(int(k["count"]) for k in candy),
            supply_per_player=int(params["supply_per_player"]),
            jokers=bool(params["jokers"]),
            bigger_jackpots=bool(params["bigger_jackpots"]),
            first_dealer=str(params["first_dealer"]),
            short_top_up=str(params["short_top_up"]),
            every_tie_skips=bool(params["every_tie_skips"]),
            joker_jackpot_dealer=str(params["joker_jackpot_dealer"]),
        )

    @property
    def deck_size(self) -> int:
        return 54 if self.jokers else 52

    def supply_counts(self, players: int) -> list[int]:
        """How many of each kind the starting supply holds: ``supply_per_player * players`` pieces shared
        among the kinds in proportion to their ``count`` (largest remainder; earlier kinds win ties)."""
        total = self.supply_per_player * players
        parts = sum(self.counts)
        exact = [total * c / parts for c in self.counts]
        counts = [int(x) for x in exact]
        order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - counts[i]), i))
        for i in order[: total - sum(counts)]:
            counts[i] += 1
        return counts


PLAY, DECLARE, PICK, OVER = "play", "declare", "pick", "over"


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


class TrickOrTreatState(GameState):
    """One game of Trick or Treat."""

    def __init__(self, rules: Rules, players: int, rng: random.Random) -> None:
        self.rules = rules
        self.num_players = players
        self.rng = rng
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.out_of_play: list[int] = []
        self.seen: list[int] = []
        self.dealer = 0
        self.phase = PLAY
        self.turn = 0
        self.played: list[int | None] = [None] * players
        self.revealed = False
        self.declared: list[bool | None] = [None] * players
        self.declare_queue: list[int] = []
        self.pickers: list[int] = []
        self.pot = [0] * len(rules.kinds)
        self.supply: list[int] = []
        """Kind indexes; the top of the supply is the end of the list."""
        self.candy = [[0] * len(rules.kinds) for _ in range(players)]
        self.deal_number = 0
        self.trick_number = 0
        self.trick_winner: int | None = None
        self.tied: tuple[int, ...] = ()
        self.joker_jackpot = False
        self.next_dealer: int | None = None
        self.pending_deck: list[int] | None = None
        self.stats = {"tricks": 0, "deals": 0, "jackpots": 0, "jackpot_candy": 0, "joker_jackpots": 0,
                      "tie_tricks": 0, "highest_tied": 0, "bigger_jackpot_candy": 0, "jokers_high": 0,
                      "jokers_low": 0, "pot_left": 0}
        self.opening_events: list[Event] = []

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

    def legal_actions(self) -> list:
        if self.phase == PLAY:
            labels: dict[str, int] = {}
            for card in sorted(self.hands[self.turn]):
                labels.setdefault(play_label(card), card)
            return [PlayCard(label) for label in labels]
        if self.phase == DECLARE:
            return [Declare(False), Declare(True)]
        if self.phase == PICK:
            return [TakeCandy(name) for k, name in enumerate(self.rules.kinds) if self.pot[k] > 0]
        return []

    def scores(self) -> list[float]:
        values = self.rules.values
        return [float(sum(n * v for n, v in zip(c, values))) for c in self.candy]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, score in enumerate(scores) if score == best]

    def rank_of(self, seat: int) -> int:
        """The rank of ``seat``'s card in this trick (jokers as declared; an undeclared joker counts 0)."""
        card = self.played[seat]
        if card is None:
            return 0
        if card >= 52:
            high = self.declared[seat]
            return 0 if high is None else (JOKER_HIGH if high else JOKER_LOW)
        return card // 4 + 2

    # ------------------------------------------------------------------------------------- observation

    def observation(self, seat: int) -> TrickOrTreatObservation:
        n = self.num_players
        own = self.played[seat]
        known = set(self.hands[seat]) | set(self.seen)
        if own is not None:
            known.add(own)
        unseen = tuple(card_text(c) for c in range(self.rules.deck_size) if c not in known)
        supply_counts = [0] * len(self.rules.kinds)
        for k in self.supply:
            supply_counts[k] += 1
        return TrickOrTreatObservation(
            seat=seat,
            players=n,
            rules=self.rules,
            phase=self.phase,
            current=self.current_player(),
            dealer=self.dealer,
            deal_number=self.deal_number,
            trick_number=self.trick_number,
            hand=tuple(card_text(c) for c in sorted(self.hands[seat])),
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(c is not None for c in self.played),
            my_card=None if own is None else card_text(own),
            table=tuple(card_text(c) if self.revealed and c is not None else None for c in self.played),
            declarations=tuple(None if d is None else ("high" if d else "low") for d in self.declared),
            pot=tuple(self.pot),
            supply_size=len(self.supply),
            supply_counts=tuple(supply_counts),
            candy=tuple(tuple(c) for c in self.candy),
            scores=tuple(int(s) for s in self.scores()),
            pickers=tuple(self.pickers),
            trick_winner=self.trick_winner,
            tied=self.tied,
            joker_jackpot=self.joker_jackpot,
            next_dealer=self.next_dealer,
            seen_this_deal=tuple(card_text(c) for c in self.seen),
            unseen=unseen,
            out_of_play=len(self.out_of_play),
            tricks_left_in_deal=len(self.hands[self.dealer]) + (0 if self.played[self.dealer] is None else 1),
        )

    # ---------------------------------------------------------------------------------------- playing

    def apply_legal(self, action) -> list[Event]:
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

    def apply(self, action) -> list[Event]:
        if isinstance(action, str):
            raise IllegalActionError(f"pass an action object, not text {action!r} (see find_action)")
        return super().apply(action)

    def _play(self, label: str, events: list[Event]) -> None:
        seat = self.turn
        hand = self.hands[seat]
        card = next(c for c in LABEL_CARDS[label] if c in hand)
        hand.remove(card)
        self.played[seat] = card
        events.append(CardPlayed(seat, card_text(card)))
        self.turn = (seat + 1) % self.num_players
        if self.turn == self.dealer:
            self._reveal(events)

    def _reveal(self, events: list[Event]) -> None:
        self.revealed = True
        cards = [c for c in self.played if c is not None]
        self.seen.extend(cards)
        events.append(CardsRevealed(tuple(card_text(c) for c in self.played)))  # type: ignore[arg-type]
        jokers = [s for s, c in enumerate(self.played) if c is not None and c >= 52]
        if len(jokers) == 2:
            self._joker_jackpot(events)
        elif len(jokers) == 1:
            self.phase = DECLARE
            self.declare_queue = jokers
        else:
            self._resolve(events)

    def _declare(self, high: bool, events: list[Event]) -> None:
        seat = self.declare_queue.pop(0)
        self.declared[seat] = high
        self.stats["jokers_high" if high else "jokers_low"] += 1
        events.append(JokerDeclared(seat, card_text(self.played[seat]), high))  # type: ignore[arg-type]
        if not self.declare_queue:
            self._resolve(events)

    def _joker_jackpot(self, events: list[Event]) -> None:
        coloured = self.played.index(COLOURED_JOKER)
        black = self.played.index(BLACK_JOKER)
        self.joker_jackpot = True
        self.stats["joker_jackpots"] += 1
        size = sum(self.pot)
        events.append(JokerJackpot(coloured, black, size))
        self.pickers = [coloured if i % 2 == 0 else black for i in range(size)]
        if self.rules.joker_jackpot_dealer == "coloured-joker":
            self.next_dealer = coloured
        else:
            self.next_dealer = self.dealer
        self._continue_picks(events)

    def _resolve(self, events: list[Event]) -> None:
        n = self.num_players
        ranks = [self.rank_of(s) for s in range(n)]
        top = max(ranks)
        top_seats = [s for s in range(n) if ranks[s] == top]
        counts: dict[int, int] = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        if self.rules.every_tie_skips:
            tied = [s for s in range(n) if counts[ranks[s]] > 1]
        else:
            tied = top_seats if len(top_seats) > 1 else []
        order_from_dealer = [(self.dealer + i) % n for i in range(n)]
        if tied:
            self.stats["tie_tricks"] += 1
            self.tied = tuple(s for s in order_from_dealer if s in tied)
            labels = sorted({self._rank_label(ranks[s]) for s in tied}, key=lambda t: -self._label_order(t))
            events.append(TiesFound(self.tied, tuple(labels)))
        if len(top_seats) > 1 and self.dealer in top_seats:
            self.stats["jackpots"] += 1
            taken = list(self.pot)
            kinds = tuple(self.rules.kinds[k] for k, c in enumerate(taken) for _ in range(c))
            value = sum(c * v for c, v in zip(taken, self.rules.values))
            self.stats["jackpot_candy"] += len(kinds)
            for k, c in enumerate(taken):
                self.candy[self.dealer][k] += c
            self.pot = [0] * len(self.pot)
            events.append(Jackpot(self.dealer, kinds, value))
            self.next_dealer = self.dealer
            self._end_trick(events)
            return
        if tied and self.rules.bigger_jackpots:
            want = min(sum(self.pot), len(self.supply))
            drawn = self._draw(want)
            self.stats["bigger_jackpot_candy"] += want
            events.append(PotGrew(drawn, sum(self.pot), len(self.supply)))
        if len(top_seats) == 1:
            winner = top_seats[0]
            self.trick_winner = winner
            self.next_dealer = winner
            events.append(TrickWon(winner, card_text(self.played[winner])))  # type: ignore[arg-type]
        else:
            self.stats["highest_tied"] += 1
            self.next_dealer = self.dealer
            events.append(HighestTied(tuple(s for s in order_from_dealer if s in top_seats)))
        skip = set(tied)
        if self.trick_winner is not None:
            skip.add(self.trick_winner)
        pickers = [s for s in order_from_dealer if s not in skip]
        pickers.sort(key=lambda s: -ranks[s])  # stable: equal ranks keep play order
        self.pickers = pickers
        self._continue_picks(events)

    @staticmethod
    def _rank_label(rank: int) -> str:
        if rank == JOKER_HIGH:
            return "joker high"
        if rank == JOKER_LOW:
            return "joker low"
        return RANK_LABELS[rank - 2]

    @staticmethod
    def _label_order(label: str) -> int:
        if label == "joker high":
            return JOKER_HIGH
        if label == "joker low":
            return JOKER_LOW
        return RANK_LABELS.index(label) + 2

    def _draw(self, count: int) -> tuple[str, ...]:
        drawn = []
        for _ in range(count):
            k = self.supply.pop()
            self.pot[k] += 1
            drawn.append(self.rules.kinds[k])
        return tuple(drawn)

    def _take(self, kind: int, auto: bool, events: list[Event]) -> None:
        seat = self.pickers.pop(0)
        self.pot[kind] -= 1
        self.candy[seat][kind] += 1
        events.append(CandyTaken(seat, self.rules.kinds[kind], self.rules.values[kind], auto))

    def _continue_picks(self, events: list[Event]) -> None:
        """Hand out candy while only one kind is left to choose from; stop at a real choice."""
        while self.pickers:
            kinds = [k for k, c in enumerate(self.pot) if c > 0]
            if not kinds:
                events.append(PotRanOut(tuple(self.pickers)))
                self.pickers = []
                break
            if len(kinds) == 1:
                self._take(kinds[0], True, events)
                continue
            self.phase = PICK
            return
        self._end_trick(events)

    def _end_trick(self, events: list[Event]) -> None:
        n = self.num_players
        self.stats["tricks"] += 1
        new = self.dealer if self.next_dealer is None else self.next_dealer
        events.append(DealerChanged(new, new == self.dealer))
        self.dealer = new
        self.trick_number += 1
        self.played = [None] * n
        self.declared = [None] * n
        self.revealed = False
        self.declare_queue = []
        self.pickers = []
        self.trick_winner = None
        self.tied = ()
        self.joker_jackpot = False
        self.next_dealer = None
        self._start_trick(events)

    def _start_trick(self, events: list[Event]) -> None:
        n = self.num_players
        need = n - 1
        if not self.supply or (len(self.supply) < need and self.rules.short_top_up == "end-game"):
            self._finish(events)
            return
        if not self.hands[0]:
            self._deal(events)
        drawn = self._draw(min(need, len(self.supply)))
        events.append(PotToppedUp(drawn, sum(self.pot), len(self.supply)))
        self.phase = PLAY
        self.turn = self.dealer

    def _deal(self, events: list[Event]) -> None:
        n = self.num_players
        if self.pending_deck is not None:
            deck, self.pending_deck = self.pending_deck, None
        else:
            deck = list(range(self.rules.deck_size))
            self.rng.shuffle(deck)
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
        events.append(Dealt(self.deal_number, self.dealer, len(hands[0]), len(rest),
                            tuple(tuple(card_text(c) for c in h) for h in self.hands)))

    def _finish(self, events: list[Event]) -> None:
        self.phase = OVER
        self.stats["pot_left"] = sum(self.pot)
        scores = tuple(int(s) for s in self.scores())
        events.append(GameOver(scores, tuple(self.winners()), sum(self.pot)))


def new_game(params: Mapping[str, Any], players: int, seed: int, **stack: Any) -> TrickOrTreatState:
    """``GameSpec.new_game``; the keyword arguments stack the game (see ``TrickOrTreatState.start``)."""
    return TrickOrTreatState.start(params, players, seed, **stack)


def sample_state(observation: TrickOrTreatObservation, rng: random.Random) -> TrickOrTreatState:
    """A full state consistent with what ``observation.seat`` knows: the unseen cards dealt at random to the
    other hands (and their face-down cards) with the right counts, the rest out of play; the supply's order
    shuffled."""
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
            if obs.table[s] is not None:
                played.append(parse_card(obs.table[s]))  # type: ignore[arg-type]
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
