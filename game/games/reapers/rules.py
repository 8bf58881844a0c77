"""The Reapers rules engine: draft, secret wagers, tricks, the Graveyard, Demons and the game of N hands.

Pure Python: imports only ``game.core`` and the standard library. All chance comes from the state's own
generator. Seats sit clockwise in index order, so "the dealer's left" is ``(dealer + 1) % players``.

Phases of a hand: ``draft`` (snake draft of face-up piles), ``wager`` (secret wagers, asked seat by seat
from the dealer's left), ``play`` (tricks). When the last trick is over the hand is scored and the next one
is dealt at once, or the game ends (``over``).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Any, Mapping, Sequence

from game.core.contracts import TERMINAL, Event, GameState, IllegalActionError, Observation, make_rng
from game.games.reapers.cards import (
    DEMON_RANK, REAPER, SUITS, WAGERS, card_value, graveyard_key, sort_key,
)
from game.games.reapers.schema import deck_size

DRAFT, WAGER, PLAY, OVER, HORIZON = "draft", "wager", "play", "over", "horizon"


# --------------------------------------------------------------------------------------------- config


@dataclass(frozen=True)
class Config:
    """The variant's numbers for one player count (plain, immutable: observations carry it)."""

    players: int
    deck: tuple[str, ...]
    demon_value: int
    piles_of_three: int
    piles_of_two: int
    pairs_per_player: int
    picks_each: int
    hands: int
    bonus_fewest: int
    bonus_second: int
    bonus_none: int
    fewest_ties_share: bool = True
    second_rule: str = "competition"
    open_wagers: bool = False
    passed_lead_is_lead: bool = True
    every_reaper_takes: bool = False
    extra_hands_on_tie: bool = True
    max_extra_hands: int = 0

    def bonus(self, wager: str) -> int:
        """The bonus a wager pays when it comes true."""
        return {"fewest": self.bonus_fewest, "second": self.bonus_second, "none": self.bonus_none}[wager]


def make_config(params: Mapping[str, Any], players: int) -> Config:
    """The ``Config`` of a validated variant for ``players`` seats."""
    if players not in (3, 4, 5):
        raise ValueError(f"Reapers is for 3 to 5 players, not {players}")
    deck_p = params["deck"]
    count = params[f"players_{players}"]
    high = deck_p["high_rank"] - (1 if count["remove_high_rank"] else 0)
    deck: list[str] = []
    for suit in SUITS:
        deck += [f"{suit}{rank}" for rank in range(deck_p["low_rank"], high + 1)]
        deck.append(suit + DEMON_RANK)
    deck += [REAPER] * deck_p["reapers"]
    assert len(deck) == deck_size(params, players)
    piles = count["piles_of_three"] + count["piles_of_two"]
    return Config(
        players=players,
        deck=tuple(deck),
        demon_value=deck_p["demon_value"],
        piles_of_three=count["piles_of_three"],
        piles_of_two=count["piles_of_two"],
        pairs_per_player=count["pairs_per_player"],
        picks_each=(piles - 1) // players,
        hands=count["hands"],
        bonus_fewest=count["bonus_fewest"],
        bonus_second=count["bonus_second"],
        bonus_none=count["bonus_none"],
        fewest_ties_share=params["wagers"]["fewest_ties_share"],
        second_rule=params["wagers"]["second_rule"],
        open_wagers=params["wagers"]["open"],
        passed_lead_is_lead=params["reapers"]["passed_lead_is_lead"],
        every_reaper_takes=params["reapers"]["every_reaper_takes"],
        extra_hands_on_tie=params["game"]["extra_hands_on_tie"],
        max_extra_hands=params["game"]["max_extra_hands"],
    )


def hand_points(pile: Sequence[str], demon_value: int = 11) -> int:
    """A score pile's card points: the non-Demon cards' values, then each Demon doubles one card, highest
    first (a Demon never doubles a Demon or a card twice; Demons alone score nothing)."""
    values = sorted((card_value(c, demon_value) for c in pile if not c.endswith(DEMON_RANK)), reverse=True)
    demons = sum(1 for c in pile if c.endswith(DEMON_RANK))
    return sum(values) + sum(values[:demons])


def wager_won(wager: str, seat: int, points: Sequence[int], cfg: Config) -> bool:
    """Whether ``seat``'s wager comes true given every seat's card points for the hand."""
    mine = points[seat]
    others = [p for s, p in enumerate(points) if s != seat]
    if wager == "none":
        return True
    if wager == "fewest":
        if cfg.fewest_ties_share:
            return all(p >= mine for p in others)
        return all(p > mine for p in others)
    if cfg.second_rule == "dense":
        distinct = sorted(set(points), reverse=True)
        return len(distinct) >= 2 and mine == distinct[1]
    return sum(1 for p in others if p > mine) == 1


# --------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True)
class TakePile:
    """Draft the face-up pile in slot ``pile`` (slots keep their numbers as piles are taken)."""

    pile: int

    def __str__(self) -> str:
        return f"take pile {self.pile}"


@dataclass(frozen=True)
class PlaceWager:
    """Place a wager card face down: ``fewest`` (<), ``second`` (2nd) or ``none``."""

    wager: str

    def __str__(self) -> str:
        return f"wager {self.wager}"


@dataclass(frozen=True)
class PlayCard:
    """Play a card to the trick (``R`` for a Reaper)."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


_WAGER_ACTIONS = tuple(PlaceWager(w) for w in WAGERS)
_PLAY_CACHE: dict[str, PlayCard] = {}
_TAKE_CACHE: dict[int, TakePile] = {}


def _play(card: str) -> PlayCard:
    action = _PLAY_CACHE.get(card)
    if action is None:
        action = _PLAY_CACHE[card] = PlayCard(card)
    return action


def _take(pile: int) -> TakePile:
    action = _TAKE_CACHE.get(pile)
    if action is None:
        action = _TAKE_CACHE[pile] = TakePile(pile)
    return action


# --------------------------------------------------------------------------------------------- events


@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand: ``hand`` counts from 1; ``extra`` when it is an extra hand to break a tie."""

    hand: int
    dealer: int
    extra: bool


@dataclass(frozen=True)
class TrumpTurned(Event):
    """The trump card turned up (out of play for the hand); ``reapers_returned`` Reapers were turned up
    first and shuffled back."""

    card: str
    suit: str
    reapers_returned: int


@dataclass(frozen=True)
class PilesDealt(Event):
    """The face-up piles, by slot."""

    piles: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class PileTaken(Event):
    """``seat`` drafted the pile in slot ``pile`` into their hand."""

    seat: int
    pile: int
    cards: tuple[str, ...]
    pair: bool


@dataclass(frozen=True)
class GraveyardFormed(Event):
    """The pile left became the Graveyard (lowest first); its Reapers were discarded."""

    pile: int
    cards: tuple[str, ...]
    reapers_discarded: int


@dataclass(frozen=True)
class WagerPlaced(Event):
    """``seat`` placed a wager; other seats see ``wager=None`` unless wagers are open."""

    seat: int
    wager: str | None
    public: bool = False

    def seen_by(self, seat: int | None) -> Event:
        if self.public or seat == self.seat:
            return self
        return replace(self, wager=None)


@dataclass(frozen=True)
class CardPlayed(Event):
    """``seat`` played ``card``; ``leads`` when no suit had been led yet (a led Reaper passes the lead on)."""

    seat: int
    card: str
    leads: bool


@dataclass(frozen=True)
class LeadPassed(Event):
    """A Reaper was led: the lead passes from ``seat`` to ``to_seat``."""

    seat: int
    to_seat: int


@dataclass(frozen=True)
class ReaperTook(Event):
    """``seat``'s Reaper took ``card`` (``None``: the Graveyard was empty) from the Graveyard."""

    seat: int
    card: str | None


@dataclass(frozen=True)
class TrickWon(Event):
    """A trick ended. ``winner`` took ``taken`` into their score pile (``None`` for a trick of nothing
    but Reapers); ``discarded`` went out of play. ``next_leader`` leads the next trick."""

    trick: int
    winner: int | None
    taken: str | None
    discarded: tuple[str, ...]
    next_leader: int


@dataclass(frozen=True)
class HandScored(Event):
    """The wagers are revealed and the hand is scored, seat by seat."""

    hand: int
    wagers: tuple[str, ...]
    card_points: tuple[int, ...]
    wager_won: tuple[bool, ...]
    bonuses: tuple[int, ...]
    hand_scores: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class ExtraHand(Event):
    """The top total is tied after the last hand: ``tied`` seats; another whole hand is played."""

    tied: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]


# --------------------------------------------------------------------------------------------- observation


@dataclass(frozen=True)
class HandResult:
    """One scored hand (public once revealed)."""

    hand: int
    dealer: int
    trump: str
    wagers: tuple[str, ...]
    card_points: tuple[int, ...]
    wager_won: tuple[bool, ...]
    hand_scores: tuple[int, ...]


@dataclass(frozen=True)
class ReapersObservation(Observation):
    """Everything ``seat`` may know. After the draft every hand is known to a player with perfect memory
    (the piles were face up), so ``hands`` shows every seat's hand; only the other seats' wagers of the
    current hand are hidden (``None``) until the hand is scored."""

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


# --------------------------------------------------------------------------------------------- state


class ReapersState(GameState):
    """A game of Reapers in progress."""

    def __init__(self, cfg: Config, rng: random.Random) -> None:
        self.cfg = cfg
        self.num_players = cfg.players
        self.rng = rng
        self.stacked: list[list[str]] = []
        self.phase = DRAFT
        self.horizon = False
        self.dealer = cfg.players - 1
        self.hands_played = 0
        self.extra_hands_played = 0
        self.totals = [0] * cfg.players
        self.history: list[HandResult] = []
        self.winner_seats: tuple[int, ...] = ()
        self.stats: dict[str, int] = {}
        self.opening_events: list[Event] = []
        """The events of dealing the first hand (``HandStarted``, ``TrumpTurned``, ``PilesDealt``), which
        happen before any action: a scene shows them when the table opens."""
        self._reset_hand()

    def _reset_hand(self) -> None:
        n = self.cfg.players
        self.trump = ""
        self.trump_suit = ""
        self.reapers_returned = 0
        self.piles: list[tuple[str, ...] | None] = []
        self.draft_order: tuple[int, ...] = ()
        self.picks_made = 0
        self.pairs_taken = [0] * n
        self.drafted: list[list[tuple[int, tuple[str, ...]]]] = [[] for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.graveyard: list[str] = []
        self.graveyard_reapers = 0
        self.wager_order: tuple[int, ...] = tuple((self.dealer + 1 + i) % n for i in range(n))
        self.wagers: list[str | None] = [None] * n
        self.leader = (self.dealer + 1) % n
        self.to_move = self.leader
        self.trick: list[tuple[int, str]] = []
        self.lead_suit: str | None = None
        self.reaper_used = False
        self.tricks_done = 0
        self.played: list[list[str]] = [[] for _ in range(n)]
        self.score_piles: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[str] = []

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
        events: list[Event] = [HandStarted(self.hands_played + 1, self.dealer, self.hands_played >= cfg.hands)]
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

    def legal_actions(self) -> list:
        phase = self.phase
        if phase == PLAY:
            return [_play(c) for c in self.playable(self.to_move)]
        if phase == DRAFT:
            return [_take(i) for i in self.takeable(self.draft_order[self.picks_made])]
        if phase == WAGER:
            return list(_WAGER_ACTIONS)
        return []

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

    def playable(self, seat: int) -> list[str]:
        """The distinct cards ``seat`` may play to the trick now."""
        hand = self.hands[seat]
        if self.lead_suit is None:
            if seat == self.leader or self.cfg.passed_lead_is_lead:
                cards = [c for c in hand if c != REAPER]
                return cards if cards else [REAPER]
            return _distinct(hand)
        suit = self.lead_suit
        follow = [c for c in hand if c[0] == suit]
        if follow:
            if REAPER in hand:
                follow.append(REAPER)
            return follow
        return _distinct(hand)

    def apply_legal(self, action) -> list[Event]:
        if self.phase == PLAY:
            return self._play_card(action.card)
        if self.phase == DRAFT:
            return self._take_pile(action.pile)
        if self.phase == WAGER:
            return self._place_wager(action.wager)
        raise IllegalActionError("the game is over")

    def apply(self, action) -> list[Event]:
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        legal = self.legal_actions()
        if action not in legal:
            seat = self.current_player()
            reason = self._why_illegal(action)
            shown = ", ".join(str(a) for a in legal[:14]) + (" ..." if len(legal) > 14 else "")
            raise IllegalActionError(f"{action} is not legal for seat {seat} now: {reason}; legal: {shown}")
        return self.apply_legal(action)

    def _why_illegal(self, action) -> str:
        seat = self.current_player()
        if self.phase == DRAFT:
            if not isinstance(action, TakePile):
                return "it is the draft: take a pile"
            if not 0 <= action.pile < len(self.piles) or self.piles[action.pile] is None:
                return f"there is no pile {action.pile} on the table"
            if len(self.piles[action.pile]) == 2:
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

    # ----------------------------------------------------------------------------- draft and wagers

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

    # ----------------------------------------------------------------------------- tricks

    def _play_card(self, card: str) -> list[Event]:
        seat = self.to_move
        cfg = self.cfg
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        leads = self.lead_suit is None
        self.trick.append((seat, card))
        events: list[Event] = [CardPlayed(seat, card, leads)]
        nxt = (seat + 1) % cfg.players
        if card == REAPER:
            counts_as_led = leads and (seat == self.leader or cfg.passed_lead_is_lead)
            if counts_as_led:
                if len(self.trick) < cfg.players:
                    events.append(LeadPassed(seat, nxt))
            elif not self.reaper_used or cfg.every_reaper_takes:
                self.reaper_used = True
                taken = self.graveyard.pop(0) if self.graveyard else None
                if taken is not None:
                    self.score_piles[seat].append(taken)
                    self._count("reaper_takes")
                events.append(ReaperTook(seat, taken))
        elif leads:
            self.lead_suit = card[0]
        self.to_move = nxt
        if len(self.trick) == cfg.players:
            events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        values = values_for(self.cfg.demon_value)
        trick = self.trick
        trump, lead = self.trump_suit, self.lead_suit
        winner: int | None = None
        taken: str | None = None
        best_key = -1
        demon: str | None = None
        lowest: str | None = None
        for seat, card in trick:
            if card == REAPER:
                continue
            value = values[card]
            suit = card[0]
            key = (200 if suit == trump else 100 if suit == lead else -1000) + value
            if key > best_key:
                winner, best_key = seat, key
            if demon is None and card[1] == DEMON_RANK:
                demon = card
            if lowest is None or value < values[lowest]:
                lowest = card
        if winner is not None:
            if demon is not None:
                taken = demon
                self._count("demons_taken")
            else:
                taken = lowest
            self.score_piles[winner].append(taken)
        discarded = [c for _, c in trick]
        if taken is not None:
            discarded.remove(taken)
        self.discards += discarded
        self.tricks_done += 1
        if winner is not None:
            self.leader = winner
        self.to_move = self.leader
        self.trick = []
        self.lead_suit = None
        self.reaper_used = False
        events: list[Event] = [TrickWon(self.tricks_done, winner, taken, tuple(discarded), self.leader)]
        if not any(self.hands):
            events += self._score_hand()
        return events

    # ----------------------------------------------------------------------------- scoring

    def _score_hand(self) -> list[Event]:
        cfg = self.cfg
        n = cfg.players
        dv = cfg.demon_value
        points = [hand_points(pile, dv) for pile in self.score_piles]
        wagers = tuple(w or "none" for w in self.wagers)
        won = tuple(wager_won(wagers[s], s, points, cfg) for s in range(n))
        bonuses = tuple(cfg.bonus(wagers[s]) if won[s] else 0 for s in range(n))
        scores = tuple(points[s] + bonuses[s] for s in range(n))
        for s in range(n):
            self.totals[s] += scores[s]
            self._count(f"wager_{wagers[s]}_made")
            if won[s]:
                self._count(f"wager_{wagers[s]}_paid")
        self.hands_played += 1
        self._count("hands")
        self.history.append(HandResult(self.hands_played, self.dealer, self.trump, wagers, tuple(points), won,
                                       scores))
        events: list[Event] = [HandScored(self.hands_played, wagers, tuple(points), won, bonuses, scores,
                                          tuple(self.totals))]
        if self.hands_played >= cfg.hands:
            top = max(self.totals)
            leaders = tuple(s for s in range(n) if self.totals[s] == top)
            limit = cfg.max_extra_hands
            if len(leaders) == 1 or not cfg.extra_hands_on_tie or (limit and self.extra_hands_played >= limit):
                self.phase = OVER
                self.winner_seats = leaders
                events.append(GameOver(leaders, tuple(self.totals)))
                return events
            events.append(ExtraHand(leaders))
            self.extra_hands_played += 1
            self._count("extra_hands")
        if self.horizon:
            self.phase = HORIZON
            return events
        self.dealer = (self.dealer + 1) % n
        events += self._start_hand()
        return events

    def _count(self, key: str) -> None:
        self.stats[key] = self.stats.get(key, 0) + 1

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.phase == OVER else []

    # ----------------------------------------------------------------------------- search support

    def stop_after_hand(self) -> "ReapersState":
        """Make this state end (``is_terminal``) once the current hand is scored instead of dealing the next
        one: the search's horizon. Returns the state."""
        self.horizon = True
        return self

    def hands_left(self) -> int:
        """Regular hands still to be scored, counting the one in progress."""
        return max(self.cfg.hands - self.hands_played, 0)

    # ----------------------------------------------------------------------------- observation

    def observation(self, seat: int) -> ReapersObservation:
        n = self.cfg.players
        open_ = self.cfg.open_wagers or self.phase == OVER
        return ReapersObservation(
            seat=seat,
            config=self.cfg,
            phase=HORIZON if self.phase == HORIZON else self.phase,
            to_move=self.current_player(),
            hand=self.hands_played + (0 if self.phase in (OVER, HORIZON) else 1),
            hands_played=self.hands_played,
            extra_hands_played=self.extra_hands_played,
            dealer=self.dealer,
            trump=self.trump,
            trump_suit=self.trump_suit,
            reapers_returned=self.reapers_returned,
            piles=tuple(self.piles),
            draft_order=self.draft_order,
            picks_made=self.picks_made,
            pairs_taken=tuple(self.pairs_taken),
            drafted=tuple(tuple(d) for d in self.drafted),
            hands=tuple(tuple(h) for h in self.hands),
            graveyard=tuple(self.graveyard),
            graveyard_reapers=self.graveyard_reapers,
            wager_order=self.wager_order,
            wagered=tuple(w is not None for w in self.wagers),
            wagers=tuple(w if (s == seat or open_) else None for s, w in enumerate(self.wagers)),
            leader=self.leader,
            trick=tuple(self.trick),
            lead_suit=self.lead_suit,
            reaper_used=self.reaper_used,
            tricks_done=self.tricks_done,
            played=tuple(tuple(p) for p in self.played),
            score_piles=tuple(tuple(p) for p in self.score_piles),
            discards=tuple(self.discards),
            totals=tuple(self.totals),
            history=tuple(self.history),
            winners=tuple(self.winner_seats),
            stats=tuple(sorted(self.stats.items())),
        )

    @classmethod
    def from_observation(cls, obs: ReapersObservation, rng: random.Random,
                         wagers: Sequence[str | None] | None = None) -> "ReapersState":
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
        for pile in self.score_piles:
            cards += pile
        cards += self.discards
        return cards


_VALUES: dict[int, dict[str, int]] = {}


def values_for(demon_value: int) -> dict[str, int]:
    """Card -> value for every card code (Reapers 0), for a Demon value."""
    table = _VALUES.get(demon_value)
    if table is None:
        table = {REAPER: 0}
        for suit in SUITS:
            for rank in range(0, 41):
                table[f"{suit}{rank}"] = rank
            table[suit + DEMON_RANK] = demon_value
        _VALUES[demon_value] = table
    return table


def _distinct(hand: Sequence[str]) -> list[str]:
    if hand.count(REAPER) > 1:
        out = [c for c in hand if c != REAPER]
        out.append(REAPER)
        return out
    return list(hand)


def _counts(cards):
    from collections import Counter
    return Counter(cards)


_SORT_KEYS: dict[str, tuple[int, int]] = {}
for _suit in SUITS:
    for _rank in range(0, 40):
        _SORT_KEYS[f"{_suit}{_rank}"] = sort_key(f"{_suit}{_rank}")
    _SORT_KEYS[_suit + DEMON_RANK] = sort_key(_suit + DEMON_RANK)
_SORT_KEYS[REAPER] = sort_key(REAPER)


def new_game(params: Mapping[str, Any], players: int, seed: int, **stacking: Any) -> ReapersState:
    """``GameSpec.new_game``: a fresh game of a validated variant (``dealer=``/``decks=`` stack it)."""
    return ReapersState.new(params, players, seed, **stacking)


def sample_state(observation: Observation, rng: random.Random) -> ReapersState:
    """``GameSpec.sample_state``: the observed state with other seats' secret wagers drawn at random."""
    assert isinstance(observation, ReapersObservation)
    return ReapersState.from_observation(observation, rng)


def win_estimate(totals: Sequence[int], hands_left: int, scale: float = 12.0) -> list[float]:
    """A rough chance of winning per seat from running totals with ``hands_left`` hands to go."""
    spread = scale * math.sqrt(max(hands_left, 0) + 0.35)
    top = max(totals)
    weights = [math.exp((t - top) / spread) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]
