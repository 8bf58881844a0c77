"""Dealing a hand, the snake draft of face-up piles, the Graveyard and the secret wagers."""

from __future__ import annotations

from game.core.contracts import Event
from game.games.reapers.cards import DEMON_RANK, REAPER, SUITS, graveyard_key, sort_key

from .base import ReapersStateBase
from .config import DRAFT, PLAY, WAGER
from .events import GraveyardFormed, HandStarted, PilesDealt, PileTaken, TrumpTurned, WagerPlaced

_SORT_KEYS: dict[str, tuple[int, int]] = {}
for _suit in SUITS:
    for _rank in range(0, 40):
        _SORT_KEYS[f"{_suit}{_rank}"] = sort_key(f"{_suit}{_rank}")
    _SORT_KEYS[_suit + DEMON_RANK] = sort_key(_suit + DEMON_RANK)
_SORT_KEYS[REAPER] = sort_key(REAPER)


class DraftMixin(ReapersStateBase):
    """``ReapersState``'s deal, draft and wager methods."""

    def _start_hand(self) -> list[Event]:
        self._reset_hand()
        cfg = self.cfg
        n = cfg.players
        self.phase = DRAFT
        if self.stacked:
            deck = self.stacked.pop(0)
        else:
            deck = list(cfg.deck)
            self.rng.shuffle(deck)
        events: list[Event] = [HandStarted(self.hands_played + 1, self.dealer, self.hands_played >= cfg.hands,
                                                   cfg.hands)]
        turned = deck.pop(0)
        while turned == REAPER:
            self.reapers_returned += 1
            deck.append(turned)
            self.rng.shuffle(deck)
            turned = deck.pop(0)
        self.trump = turned
        self.trump_suit = turned[0]
        events.append(TrumpTurned(turned, self.trump_suit, self.reapers_returned))
        piles: list[tuple[str, ...] | None] = []
        at = 0
        for size, count in ((3, cfg.piles_of_three), (2, cfg.piles_of_two)):
            for _ in range(count):
                piles.append(tuple(deck[at:at + size]))
                at += size
        self.piles = piles
        first = (self.dealer + 1) % n
        forward = [(first + i) % n for i in range(n)]
        order: list[int] = []
        for round_ in range(cfg.picks_each):
            order += forward if round_ % 2 == 0 else forward[::-1]
        self.draft_order = tuple(order)
        events.append(PilesDealt(tuple(p for p in piles if p is not None)))
        return events

    def takeable(self, seat: int) -> list[int]:
        """Pile slots ``seat`` may draft now (the pair rule applied)."""
        cfg = self.cfg
        owed = cfg.pairs_per_player - self.pairs_taken[seat]
        picks_left = cfg.picks_each - len(self.drafted[seat])
        slots = []
        for index, pile in enumerate(self.piles):
            if pile is None:
                continue
            pair = len(pile) == 2
            if pair and owed <= 0:
                continue
            if not pair and owed >= picks_left:
                continue
            slots.append(index)
        return slots

    def _take_pile(self, slot: int) -> list[Event]:
        seat = self.draft_order[self.picks_made]
        pile = self.piles[slot]
        assert pile is not None
        self.piles[slot] = None
        hand = self.hands[seat]
        hand.extend(pile)
        hand.sort(key=_SORT_KEYS.__getitem__)
        self.drafted[seat].append((slot, pile))
        pair = len(pile) == 2
        if pair:
            self.pairs_taken[seat] += 1
        self.picks_made += 1
        events: list[Event] = [PileTaken(seat, slot, pile, pair)]
        if self.picks_made == len(self.draft_order):
            events += self._form_graveyard()
        return events

    def _form_graveyard(self) -> list[Event]:
        left = [(i, p) for i, p in enumerate(self.piles) if p is not None]
        cards: list[str] = []
        for i, pile in left:
            cards += pile
            self.piles[i] = None
        self.graveyard_reapers = cards.count(REAPER)
        dv = self.cfg.demon_value
        self.graveyard = sorted((c for c in cards if c != REAPER), key=lambda c: graveyard_key(c, dv))
        self.discards += [REAPER] * self.graveyard_reapers
        self.phase = WAGER
        return [GraveyardFormed(left[0][0] if left else -1, tuple(self.graveyard), self.graveyard_reapers)]

    def _place_wager(self, wager: str) -> list[Event]:
        seat = self.current_player()
        self.wagers[seat] = wager
        events: list[Event] = [WagerPlaced(seat, wager, self.cfg.open_wagers)]
        if all(w is not None for w in self.wagers):
            self.phase = PLAY
            self.leader = self.to_move = (self.dealer + 1) % self.cfg.players
        return events
