"""``ReapersState``: a game of Reapers, one phase method each (``_apply_draft``, ``_apply_wager``,
``_apply_play``) dispatched from ``APPLY``; the deal, the Graveyard, tricks and scoring; the observation and a
state back from one; ``new_game`` and ``sample_state``.

The rules step the view: each event is handed to ``stepped`` at the moment the state shows its result, so a
table animates the views in between (a trick complete but not yet won, a hand scored before the next deal)
without working out a rule itself.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from game.core.contracts import TERMINAL, Action, Event, GameState, IllegalActionError, Observation, make_rng

from .actions import WAGER_ACTIONS, PlaceWager, PlayCard, TakePile, play_card, take_pile
from .cards import DEMON_RANK, HAND_ORDER, REAPER, WAGERS, graveyard_key, hand_points, values_for
from .config import DRAFT, HORIZON, OVER, PLAY, SCORED, WAGER, Config, Rules
from .events import (
    CardPlayed, ExtraHand, GameOver, GraveyardFormed, HandResult, HandScored, HandStarted, LeadPassed, PilesDealt,
    PileTaken, ReaperTook, TrickWon, TrumpTurned, WagerPlaced,
)
from .observe import ReapersObservation

EXTRA_HANDS_SAFETY_BOUND = 100
"""With no limit set (``max_extra_hands: 0``), the tied players share the win after this many extra hands:
a tie that lasts a hundred hands is all but impossible, yet a game must always end."""
_BETWEEN_HANDS = frozenset((SCORED, OVER, HORIZON))
"""Phases after a hand is scored: the observation's ``hand`` is then the scored one, not the next."""
_ENDED = frozenset((OVER, HORIZON))
"""Phases in which a state is terminal: the game over, or a search's horizon reached."""
_BLANK = object.__new__
_SET = object.__setattr__


def wager_won(wager: str, seat: int, points: Sequence[int], rules: Rules) -> bool:
    """Whether ``seat``'s wager comes true given every seat's card points for the hand."""
    mine = points[seat]
    others = [p for s, p in enumerate(points) if s != seat]
    if wager == "none":
        return True
    if wager == "fewest":
        if rules.fewest_ties_share:
            return all(p >= mine for p in others)
        return all(p > mine for p in others)
    if rules.second_rule == "dense":
        distinct = sorted(set(points), reverse=True)
        return len(distinct) >= 2 and mine == distinct[1]
    return sum(1 for p in others if p > mine) == 1


def trick_winner(trick: Sequence[tuple[int, str]], lead: str | None, trump: str,
                 demon_value: int) -> tuple[int, str] | None:
    """The (seat, card) winning ``trick`` so far: the highest trump, else the highest of the led suit (Reapers and
    other suits never win); None while no card can. One home for the rule the rules, the bots and the tips use."""
    values = values_for(demon_value)
    best: tuple[int, str] | None = None
    best_key = -1
    for seat, card in trick:
        if card == REAPER:
            continue
        suit = card[0]
        if suit == trump:
            key = 200 + values[card]
        elif suit == lead:
            key = 100 + values[card]
        else:
            continue
        if key > best_key:
            best, best_key = (seat, card), key
    return best


def win_estimate(totals: Sequence[int], hands_left: int, scale: float = 12.0) -> list[float]:
    """A rough chance of winning per seat from running totals with ``hands_left`` hands to go."""
    spread = scale * math.sqrt(max(hands_left, 0) + 0.35)
    top = max(totals)
    weights = [math.exp((t - top) / spread) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]


def _distinct(hand: Sequence[str]) -> list[str]:
    """A hand's cards with its Reapers once (they are alike)."""
    if hand.count(REAPER) > 1:
        out = [c for c in hand if c != REAPER]
        out.append(REAPER)
        return out
    return list(hand)


class ReapersState(GameState):
    """A game of Reapers in progress."""

    def __init__(self, rules: Rules, rng: random.Random) -> None:
        self.rules = rules
        self.num_players = rules.players
        self.rng = rng
        self.stacked: list[list[str]] = []
        """Stacked decks of the next hands, top first (``new_game``)."""
        self.phase = DRAFT
        self.horizon = False
        """End once the current hand is scored (``stop_after_hand``)."""
        self.dealer = rules.players - 1
        self.hands_played = 0
        self.extra_hands_played = 0
        self.totals = [0] * rules.players
        self.history: list[HandResult] = []
        self.winner_seats: tuple[int, ...] = ()
        self.stats: dict[str, int] = {}
        self._stats_shown: tuple[tuple[str, int], ...] | None = ()
        """``stats`` as the observation shows them (sorted pairs), kept until ``_count`` changes them: sorting
        them anew was a tenth of an observation, and they change a few times a hand."""
        self.opening_events: list[Event] = []
        """The events of dealing the first hand (``HandStarted``, ``TrumpTurned``, ``PilesDealt``), which
        happen before any action: a scene shows them when the table opens."""
        self._reset_hand()

    def _reset_hand(self) -> None:
        """Clear the table for a new hand (set-up and every deal)."""
        n = self.rules.players
        self.trump = ""
        self.trump_suit = ""
        self.reapers_returned = 0
        self.piles: list[tuple[str, ...] | None] = []
        self.draft_order: tuple[int, ...] = ()
        self.picks_made = 0
        self.pairs_taken = [0] * n
        # A seat's drafted piles and played cards are tuples, replaced as they grow: an observation (one a
        # decision) then takes them as they are, and a copy of the state shares them.
        self.drafted: list[tuple[tuple[int, tuple[str, ...]], ...]] = [()] * n
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.graveyard: list[str] = []
        self.graveyard_reapers = 0
        self.wager_order = self.rules.from_dealers_left(self.dealer)
        self.wagers: list[str | None] = [None] * n
        self.leader = (self.dealer + 1) % n
        self.to_move = self.leader
        self.trick: list[tuple[int, str]] = []
        self.lead_suit: str | None = None
        self.reaper_used = False
        self.tricks_done = 0
        self.played: list[tuple[str, ...]] = [()] * n
        self.score_piles: list[list[str]] = [[] for _ in range(n)]
        self.discards: list[str] = []

    def _count(self, key: str) -> None:
        """Add one to a telling figure (``stats``: Reaper takes, Demons taken, wagers...)."""
        self.stats[key] = self.stats.get(key, 0) + 1
        self._stats_shown = None

    # ----------------------------------------------------------------------------- the contract

    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.to_move
        if phase == DRAFT:
            order, picks = self.draft_order, self.picks_made
            return order[picks] if picks < len(order) else TERMINAL  # the draft over, the Graveyard not yet formed
        if phase == WAGER:
            return self.wager_order[sum(1 for w in self.wagers if w is not None)]
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase in _ENDED

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PLAY:
            return list(map(play_card, self.playable(self.to_move)))
        if phase == DRAFT:
            return list(map(take_pile, self.takeable(self.draft_order[self.picks_made])))
        if phase == WAGER:
            return list(WAGER_ACTIONS.values())
        return []

    def apply_legal(self, action: Action) -> list[Event]:
        apply = APPLY.get(self.phase)
        if apply is None:
            raise IllegalActionError("the game is over")
        return apply(self, action)

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

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.phase == OVER else []

    # ----------------------------------------------------------------------------- the deal

    def _start_hand(self) -> list[Event]:
        """Deal a hand: the trump card turned up, the face-up piles, the snake order of the draft."""
        self._reset_hand()
        rules = self.rules
        self.phase = DRAFT
        if self.stacked:
            deck = self.stacked.pop(0)
        else:
            deck = list(rules.deck)
            self.rng.shuffle(deck)
        started = HandStarted(self.hands_played + 1, self.dealer, self.hands_played >= rules.hands, rules.hands)
        self.stepped(started)
        turned = deck.pop(0)
        while turned == REAPER:
            self.reapers_returned += 1
            deck.append(turned)
            self.rng.shuffle(deck)
            turned = deck.pop(0)
        self.trump = turned
        self.trump_suit = turned[0]
        trump = TrumpTurned(turned, self.trump_suit, self.reapers_returned)
        self.stepped(trump)
        piles: list[tuple[str, ...] | None] = []
        at = 0
        for size, count in ((3, rules.piles_of_three), (2, rules.piles_of_two)):
            for _ in range(count):
                piles.append(tuple(deck[at:at + size]))
                at += size
        self.piles = piles
        self.draft_order = rules.draft_order(self.dealer)
        dealt = PilesDealt(tuple(p for p in piles if p is not None))
        self.stepped(dealt)
        return [started, trump, dealt]

    # ----------------------------------------------------------------------------- the draft

    def takeable(self, seat: int) -> list[int]:
        """Pile slots ``seat`` may draft now (the pair rule applied)."""
        rules = self.rules
        owed = rules.pairs_per_player - self.pairs_taken[seat]
        picks_left = rules.picks_each - len(self.drafted[seat])
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

    def _apply_draft(self, action: Action) -> list[Event]:
        """Take a pile into the drafter's hand; the last pick leaves the Graveyard."""
        assert isinstance(action, TakePile)
        slot = action.pile
        seat = self.draft_order[self.picks_made]
        pile = self.piles[slot]
        assert pile is not None
        self.piles[slot] = None
        hand = self.hands[seat]
        hand.extend(pile)
        hand.sort(key=HAND_ORDER.__getitem__)
        self.drafted[seat] += ((slot, pile),)
        pair = len(pile) == 2
        if pair:
            self.pairs_taken[seat] += 1
        self.picks_made += 1
        taken = PileTaken(seat, slot, pile, pair)
        self.stepped(taken)
        if self.picks_made == len(self.draft_order):
            return [taken, self._form_graveyard()]
        return [taken]

    def _form_graveyard(self) -> Event:
        """The pile left becomes the Graveyard, lowest first; its Reapers are discarded. Wagers follow."""
        left = [(i, p) for i, p in enumerate(self.piles) if p is not None]
        cards: list[str] = []
        for i, pile in left:
            cards += pile
            self.piles[i] = None
        self.graveyard_reapers = cards.count(REAPER)
        dv = self.rules.demon_value
        self.graveyard = sorted((c for c in cards if c != REAPER), key=lambda c: graveyard_key(c, dv))
        self.discards += [REAPER] * self.graveyard_reapers
        self.phase = WAGER
        formed = GraveyardFormed(left[0][0] if left else -1, tuple(self.graveyard), self.graveyard_reapers)
        self.stepped(formed)
        return formed

    # ----------------------------------------------------------------------------- wagers

    def _apply_wager(self, action: Action) -> list[Event]:
        """Place the seat's wager; the last one starts the play, the dealer's left leading."""
        assert isinstance(action, PlaceWager)
        seat = self.current_player()
        self.wagers[seat] = action.wager
        if all(w is not None for w in self.wagers):
            self.phase = PLAY
            self.leader = self.to_move = (self.dealer + 1) % self.rules.players
        placed = WagerPlaced(seat, action.wager, self.rules.open_wagers)
        self.stepped(placed)
        return [placed]

    # ----------------------------------------------------------------------------- tricks

    def playable(self, seat: int) -> list[str]:
        """The distinct cards ``seat`` may play to the trick now."""
        hand = self.hands[seat]
        if self.lead_suit is None:
            if seat == self.leader or self.rules.passed_lead_is_lead:
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

    def _apply_play(self, action: Action) -> list[Event]:
        """Play a card: a led Reaper passes the lead, a later one raids the Graveyard; the last card of a trick
        wins it, and the last trick of a hand scores it."""
        assert isinstance(action, PlayCard)
        card = action.card
        seat = self.to_move
        rules = self.rules
        self.hands[seat].remove(card)
        self.played[seat] += (card,)
        leads = self.lead_suit is None
        self.trick.append((seat, card))
        if leads and card != REAPER:
            self.lead_suit = card[0]
        nxt = (seat + 1) % rules.players
        complete = len(self.trick) == rules.players
        self.to_move = TERMINAL if complete else nxt  # a complete trick waits to be won: nobody is to play
        played = CardPlayed(seat, card, leads, self.tricks_done + 1 if len(self.trick) == 1 else 0)
        self.stepped(played)
        events: list[Event] = [played]
        if card == REAPER:
            counts_as_led = leads and (seat == self.leader or rules.passed_lead_is_lead)
            if counts_as_led:
                if not complete:
                    passed = LeadPassed(seat, nxt)
                    self.stepped(passed)
                    events.append(passed)
            elif not self.reaper_used or rules.every_reaper_takes:
                self.reaper_used = True
                taken = self.graveyard.pop(0) if self.graveyard else None
                if taken is not None:
                    self.score_piles[seat].append(taken)
                    self._count("reaper_takes")
                took = ReaperTook(seat, taken)
                self.stepped(took)
                events.append(took)
        if complete:
            events += self._finish_trick()
        return events

    def _finish_trick(self) -> list[Event]:
        """The highest trump, else the highest of the led suit, takes the trick's Demon or else its lowest card;
        the rest are discarded."""
        values = values_for(self.rules.demon_value)
        trick = self.trick
        best = trick_winner(trick, self.lead_suit, self.trump_suit, self.rules.demon_value)
        winner = None if best is None else best[0]
        taken: str | None = None
        demon: str | None = None
        lowest: str | None = None
        for _, card in trick:
            if card == REAPER:
                continue
            value = values[card]
            if demon is None and card[1] == DEMON_RANK:
                demon = card
            if lowest is None or value < values[lowest]:
                lowest = card
        if winner is not None:
            if demon is not None:
                taken = demon
                self._count("demons_taken")
            else:
                assert lowest is not None  # the winner played a suit card, so the trick has a lowest
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
        won = TrickWon(self.tricks_done, winner, taken, tuple(discarded), self.leader)
        self.stepped(won)
        if not any(self.hands):
            return [won, *self._score_hand()]
        return [won]

    # ----------------------------------------------------------------------------- scoring

    def _score_hand(self) -> list[Event]:
        """Score the hand (card points, then the wagers revealed and paid); then end the game, play an extra
        hand on a tie at the top, stop at a search's horizon, or deal the next hand."""
        rules = self.rules
        n = rules.players
        dv = rules.demon_value
        points = [hand_points(pile, dv) for pile in self.score_piles]
        wagers = tuple(w or "none" for w in self.wagers)
        won = tuple(wager_won(wagers[s], s, points, rules) for s in range(n))
        bonuses = tuple(rules.bonus(wagers[s]) if won[s] else 0 for s in range(n))
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
        self.phase = SCORED
        scored = HandScored(self.hands_played, wagers, tuple(points), won, bonuses, scores, tuple(self.totals))
        self.stepped(scored)
        events: list[Event] = [scored]
        if self.hands_played >= rules.hands:
            top = max(self.totals)
            leaders = tuple(s for s in range(n) if self.totals[s] == top)
            limit = rules.max_extra_hands or EXTRA_HANDS_SAFETY_BOUND
            if len(leaders) == 1 or not rules.extra_hands_on_tie or self.extra_hands_played >= limit:
                self.phase = OVER
                self.winner_seats = leaders
                over = GameOver(leaders, tuple(self.totals))
                self.stepped(over)
                events.append(over)
                return events
            self.extra_hands_played += 1
            self._count("extra_hands")
            extra = ExtraHand(leaders)
            self.stepped(extra)
            events.append(extra)
        if self.horizon:
            self.phase = HORIZON
            return events
        self.dealer = (self.dealer + 1) % n
        events += self._start_hand()
        return events

    # ----------------------------------------------------------------------------- what a seat may know

    def observation(self, seat: int | None) -> ReapersObservation:
        # Built as the instance's ``__dict__`` at once: a frozen dataclass's ``__init__`` sets its 34 fields
        # one ``object.__setattr__`` at a time, which was the costliest part of a decision of ``normal``.
        phase = self.phase
        wagers = self.wagers
        if self.rules.open_wagers or phase == OVER or phase == SCORED:
            shown = tuple(wagers)
        else:
            shown = tuple([w if s == seat else None for s, w in enumerate(wagers)])
        obs = _BLANK(ReapersObservation)
        _SET(obs, "__dict__", {
            "seat": seat,
            "rules": self.rules,
            "phase": phase,
            "to_move": self.current_player(),
            "hand": self.hands_played + (0 if phase in _BETWEEN_HANDS else 1),
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
            "drafted": tuple(self.drafted),
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
            "played": tuple(self.played),
            "score_piles": tuple(map(tuple, self.score_piles)),
            "discards": tuple(self.discards),
            "totals": tuple(self.totals),
            "history": tuple(self.history),
            "winners": tuple(self.winner_seats),
            "stats": self._shown_stats(),
        })
        return obs

    def _shown_stats(self) -> tuple[tuple[str, int], ...]:
        """``stats`` as the observation shows them, sorted again only after ``_count`` changed them."""
        seen = self._stats_shown
        if seen is None:
            seen = self._stats_shown = tuple(sorted(self.stats.items()))
        return seen

    @classmethod
    def from_observation(cls, obs: ReapersObservation, rng: random.Random,
                         wagers: Sequence[str | None] | None = None) -> "ReapersState":
        """A full state consistent with ``obs``: hidden wagers already placed are ``wagers[seat]`` if given,
        else drawn uniformly from ``rng``; future deals come from a generator seeded from ``rng``."""
        rules = obs.rules
        n = rules.players
        state = cls.__new__(cls)
        state.rules = rules
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
        state._stats_shown = obs.stats
        state.trump = obs.trump
        state.trump_suit = obs.trump_suit
        state.reapers_returned = obs.reapers_returned
        state.piles = list(obs.piles)
        state.draft_order = obs.draft_order
        state.picks_made = obs.picks_made
        state.pairs_taken = list(obs.pairs_taken)
        state.drafted = list(obs.drafted)
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
        state.played = list(obs.played)
        state.score_piles = [list(p) for p in obs.score_piles]
        state.discards = list(obs.discards)
        state.opening_events = []
        return state

    # ----------------------------------------------------------------------------- search support

    def stop_after_hand(self) -> "ReapersState":
        """Make this state end (``is_terminal``) once the current hand is scored instead of dealing the next
        one: the search's horizon. Returns the state."""
        self.horizon = True
        return self

    def hands_left(self) -> int:
        """Regular hands still to be scored, counting the one in progress."""
        return max(self.rules.hands - self.hands_played, 0)

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
        other.drafted = list(self.drafted)
        other.hands = [list(h) for h in self.hands]
        other.graveyard = list(self.graveyard)
        other.wagers = list(self.wagers)
        other.trick = list(self.trick)
        other.played = list(self.played)
        other.score_piles = [list(p) for p in self.score_piles]
        other.discards = list(self.discards)
        return other


APPLY: dict[str, Callable[[ReapersState, Action], list[Event]]] = {
    DRAFT: ReapersState._apply_draft,
    WAGER: ReapersState._apply_wager,
    PLAY: ReapersState._apply_play,
}
"""The phase -> method table of ``apply_legal``: the phases in which a seat decides."""


def new_game(config: Config | Mapping[str, Any], players: int, seed: int, *, dealer: int | None = None,
             decks: Sequence[Sequence[str]] | None = None) -> ReapersState:
    """A new game of a variant (a ``Config`` or its checked parameters). ``dealer`` is the first dealer
    (default: the last seat, so seat 0 drafts and leads first). ``decks`` stacks the deck of the first hands:
    each is the exact deck order, top first. The top card is turned up for trump (a Reaper there is shuffled
    back and the deck reshuffled, as the rules say); the piles of 3 are then dealt from the top in slot order,
    each taking the next 3 cards, then the piles of 2. So ``[trump] + pile0 + pile1 + ...`` gives exact piles.
    Later hands are shuffled."""
    rules = Rules.of(config, players)
    state = ReapersState(rules, make_rng(seed))
    if dealer is not None:
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        state.dealer = dealer
    for deck in decks or ():
        if sorted(deck) != sorted(rules.deck):
            missing = sorted((Counter(rules.deck) - Counter(deck)).elements())
            extra = sorted((Counter(deck) - Counter(rules.deck)).elements())
            raise ValueError(f"a stacked deck must hold exactly the {len(rules.deck)} cards of the deck; "
                             f"missing {missing}, extra {extra}")
        state.stacked.append(list(deck))
    state.opening_events = state._start_hand()
    return state


def sample_state(observation: Observation, rng: random.Random) -> ReapersState:
    """``GameSpec.sample_state``: the observed state with other seats' secret wagers drawn at random."""
    assert isinstance(observation, ReapersObservation)
    return ReapersState.from_observation(observation, rng)
