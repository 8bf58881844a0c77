"""A trick from the first card to the next dealer: the reveal, jokers, jackpots, ties, candy picks, the
deal and the end of the game."""

from __future__ import annotations

from game.core.contracts import Event, IllegalActionError

from .cards import (
    BLACK_JOKER, CARD_TEXTS, COLOURED_JOKER, JOKER_HIGH, JOKER_LOW, LABEL_CARDS, RANK_LABELS, card_text,
)
from .config import DECLARE, OVER, PICK, PLAY
from .events import (
    CandyTaken,
    CardPlayed,
    CardsRevealed,
    Dealt,
    DealerChanged,
    GameOver,
    HighestTied,
    Jackpot,
    JokerDeclared,
    JokerJackpot,
    PotGrew,
    PotRanOut,
    PotToppedUp,
    TiesFound,
    TrickWon,
)
from .base import TrickOrTreatStateBase


class TrickMixin(TrickOrTreatStateBase):
    """The transitions of a trick; mixed into ``TrickOrTreatState`` (they work on the attributes
    ``TrickOrTreatStateBase`` declares)."""

    def _play(self, label: str, events: list[Event]) -> None:
        seat = self.turn
        hand = self.hands[seat]
        for card in LABEL_CARDS[label]:
            if card in hand:
                break
        else:
            raise IllegalActionError(f"seat {seat} holds no {label} to play")
        hand.remove(card)
        self.played[seat] = card
        events.append(CardPlayed(seat, CARD_TEXTS[card]))
        self.turn = (seat + 1) % self.num_players
        if self.turn == self.dealer:
            self._reveal(events)

    def _reveal(self, events: list[Event]) -> None:
        self.revealed = True
        cards = [c for c in self.played if c is not None]  # every seat's: the reveal comes after the last play
        self.seen.extend(cards)
        events.append(CardsRevealed(tuple(map(CARD_TEXTS.__getitem__, cards))))
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
        joker = self.played[seat]
        assert joker is not None  # only a seat that played a joker declares
        events.append(JokerDeclared(seat, card_text(joker), high))
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
        ranks = [0 if c is None else c // 4 + 2 if c < 52 else 0 if d is None else JOKER_HIGH if d else JOKER_LOW
                 for c, d in zip(self.played, self.declared)]  # ``rank_of`` of every seat, inline: once a trick
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
        if self.rules.bigger_jackpots and any(count > 1 for count in counts.values()):
            # Any tie that is not a jackpot grows the pot, even one whose players still pick.
            want = min(sum(self.pot), len(self.supply))
            drawn = self._draw(want)
            self.stats["bigger_jackpot_candy"] += want
            events.append(PotGrew(drawn, sum(self.pot), len(self.supply)))
        if len(top_seats) == 1:
            winner = top_seats[0]
            self.trick_winner = winner
            self.next_dealer = winner
            card = self.played[winner]
            assert card is not None  # a winner played the highest card
            events.append(TrickWon(winner, card_text(card)))
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
        events.append(PotToppedUp(drawn, sum(self.pot), len(self.supply), self.trick_number + 1))
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
        events.append(GameOver(scores, tuple(self.winners()), sum(self.pot), len(self.supply)))
