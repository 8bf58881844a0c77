"""Reapers AI: ``easy`` and ``normal`` heuristics, and the search settings of ``hard``.

After the draft every hand is public (the piles were face up), so the heuristics reason about the exact
cards each opponent holds; only the opponents' wagers are unknown.
"""

from __future__ import annotations

import random
from typing import Sequence

from game.ai.ismcts import SearchAgent, SearchInputs, SearchSettings
from game.core.agent import Agent, AgentContext
from game.core.contracts import Action, GameState, Observation
from game.games.reapers.rules import (
    DRAFT, OVER, PLAY, WAGER, PlaceWager, PlayCard, ReapersObservation, ReapersState, Rules, TakePile, trick_winner,
)
from game.games.reapers.rules.actions import WAGER_ACTIONS, play_card, take_pile
from game.games.reapers.rules.cards import DEMON_RANK, DEMON_VALUE, REAPER, values_for
from game.games.reapers.rules.state import win_estimate

HARD_ITERATIONS = 250
"""Default search iterations of ``hard`` (measured: a decision well under 1 s on this machine)."""


# --------------------------------------------------------------------------------------------- card sense


def value(card: str, dv: int = DEMON_VALUE) -> int:
    """A card's value (Reapers 0, Demons ``dv``)."""
    return values_for(dv)[card]


def card_worth(card: str, trump: str, dv: int = DEMON_VALUE) -> float:
    """How much a card helps take points: trumps and Demons control tricks, Reapers raid the Graveyard."""
    if card == REAPER:
        return 2.5
    v = value(card, dv)
    if card[0] == trump:
        return 2.0 + v / 3.0 + (2.0 if card[1:] == DEMON_RANK else 0.0)
    if card[1:] == DEMON_RANK:
        return 2.5
    return max(v - 6, 0) / 2.0


_WORTH_TABLES: dict[tuple[str, int], dict[str, float]] = {}


def _worths(trump: str, dv: int) -> dict[str, float]:
    """``card_worth`` of every card code for a trump suit and Demon value, worked out once."""
    table = _WORTH_TABLES.get((trump, dv))
    if table is None:
        table = _WORTH_TABLES[(trump, dv)] = {card: card_worth(card, trump, dv) for card in values_for(dv)}
    return table


def hand_strength(hand: Sequence[str], trump: str, dv: int = DEMON_VALUE) -> float:
    """A rough measure of how many points a hand will take."""
    worth = _worths(trump, dv)
    total = sum([worth[c] for c in hand])
    suits: dict[str, int] = {}
    for c in hand:
        if c != REAPER:
            suits[c[0]] = suits.get(c[0], 0) + 1
    # Long trump suits control; a void lets trumps in.
    total += 0.6 * max(suits.get(trump, 0) - 2, 0)
    return total


def _beats(card: str, best: str | None, lead: str | None, trump: str, vals: dict[str, int]) -> bool:
    """Whether ``card`` would beat ``best`` (the current winner) in a trick led in ``lead``."""
    if card == REAPER:
        return False
    suit = card[0]
    if best is None:
        return lead is None or suit == lead or suit == trump
    if suit == trump:
        return best[0] != trump or vals[card] > vals[best]
    if suit == lead:
        return best[0] != trump and vals[card] > vals[best]
    return False


def _suit_tops(hand: Sequence[str], vals: dict[str, int]) -> dict[str, int]:
    """The highest value ``hand`` holds in each suit it holds (Reapers left out): all ``_can_beat`` needs."""
    tops: dict[str, int] = {}
    for c in hand:
        if c != REAPER:
            suit, v = c[0], vals[c]
            if suit not in tops or v > tops[suit]:
                tops[suit] = v
    return tops


def _can_beat(tops: dict[str, int], card: str, lead: str, trump: str, vals: dict[str, int]) -> bool:
    """Whether a player whose hand has the suit ``tops`` could beat ``card`` in a trick led in ``lead``:
    holding the led suit they must follow, and beat it with a higher card (any card, when trump is led and
    ``card`` is not a trump); void, only a trump beats it (a higher one over a trump)."""
    top = vals[card]
    card_trump = card[0] == trump
    high = tops.get(lead)
    if high is not None:
        if lead == trump:
            return not card_trump or high > top
        return not card_trump and high > top
    high = tops.get(trump)
    if high is None:
        return False
    return high > top or not card_trump


def choose_card(seat: int, legal: Sequence[str], hands: Sequence[Sequence[str]], trick: Sequence[tuple[int, str]],
                lead: str | None, trump: str, graveyard: Sequence[str], reaper_used: bool, leader: int,
                players: int, duck: bool, dv: int = DEMON_VALUE, every_reaper: bool = False) -> str:
    """The heuristic card: win cheaply when the win is sure, play low under a winning card, time Reapers;
    when ``duck`` (a '<' wager) lose every trick it can and dump high cards."""
    if len(legal) == 1:
        return legal[0]
    vals = values_for(dv)
    hand = hands[seat]
    reaper_ok = REAPER in legal and lead is not None and (not reaper_used or every_reaper)
    gy = vals[graveyard[0]] if graveyard else 0
    later = [_suit_tops(hands[(seat + k) % players], vals) for k in range(1, players - len(trick))]
    best = trick_winner(trick, lead, trump, dv)
    best_card = best[1] if best else None
    cards = [c for c in legal if c != REAPER]
    if lead is None:
        # Leading.
        if not cards:
            return REAPER
        if duck:
            safe = [c for c in cards if any(_can_beat(t, c, c[0], trump, vals) for t in later)]
            pool = safe or cards
            return min(pool, key=lambda c: (vals[c], c[0] == trump))
        sure = [c for c in cards if not any(_can_beat(t, c, c[0], trump, vals) for t in later)]
        if sure:
            # A sure winner: lead the one whose suit makes the others give up the most.
            return max(sure, key=lambda c: (c[0] != trump, vals[c]))
        return min(cards, key=lambda c: (c[0] == trump, vals[c]))
    winners = [c for c in cards if _beats(c, best_card, lead, trump, vals)]
    demon_in = any(c[1:] == DEMON_RANK for _, c in trick if c != REAPER)
    if duck:
        losers = [c for c in cards if c not in winners]
        if later:
            # A card that wins now may still be beaten: prefer cards that lose for sure.
            losers = losers or [c for c in winners if any(_can_beat(t, c, lead, trump, vals) for t in later)]
        if losers:
            return max(losers, key=vals.__getitem__)
        if REAPER in legal and (gy <= 3 or not reaper_ok):
            return REAPER
        return max(cards, key=vals.__getitem__) if cards else REAPER
    sure = [c for c in winners if not any(_can_beat(t, c, lead, trump, vals) for t in later)]
    if sure:
        low_in_trick = min((vals[c] for _, c in trick if c != REAPER), default=99)
        gain_demon = demon_in or any(c[1:] == DEMON_RANK for c in sure)
        cheapest = min(sure, key=vals.__getitem__)
        # Take it when it pays: a Demon, a decent lowest card, or the last word in the trick.
        if gain_demon or min(low_in_trick, vals[cheapest]) >= 3 or not later:
            return cheapest
    if reaper_ok and graveyard and (gy >= 4 or hand.count(REAPER) >= len(hand) - 1):
        return REAPER
    # Play low under a winning card (a trump only if nothing else is playable).
    if not cards:
        return REAPER
    return min(cards, key=lambda c: (c[0] == trump, c[1:] == DEMON_RANK, vals[c]))


def quick_card(legal: Sequence[str], trick: Sequence[tuple[int, str]], lead: str | None, trump: str,
               graveyard: Sequence[str], reaper_used: bool, players: int, duck: bool,
               values: dict[str, int]) -> str:
    """A cheap version of ``choose_card`` for rollouts: no look at the other hands."""
    if len(legal) == 1:
        return legal[0]
    cards = [c for c in legal if c != REAPER]
    if lead is None:
        if not cards:
            return REAPER
        if duck:
            return min(cards, key=values.__getitem__)
        return max(cards, key=lambda c: (c[0] != trump, values[c]))
    best = 0
    demon = False
    for _, c in trick:
        if c == REAPER:
            continue
        if c[1] == DEMON_RANK:
            demon = True
        key = (200 if c[0] == trump else 100 if c[0] == lead else 0) + values[c]
        if key > best:
            best = key
    winners: list[str] = []
    losers: list[str] = []
    for c in cards:
        key = (200 if c[0] == trump else 100 if c[0] == lead else 0) + values[c]
        (winners if key > best and key >= 100 else losers).append(c)
    has_reaper = len(cards) < len(legal)
    reaper_ok = has_reaper and not reaper_used and graveyard
    if duck:
        if losers:
            return max(losers, key=values.__getitem__)
        if has_reaper:
            return REAPER
        return max(winners, key=values.__getitem__)
    last = len(trick) == players - 1
    if winners and (last or demon):
        return min(winners, key=values.__getitem__) if last else max(winners, key=values.__getitem__)
    if reaper_ok and values[graveyard[0]] >= 4:
        return REAPER
    if losers:
        return min(losers, key=lambda c: (c[0] == trump, values[c]))
    if winners:
        return max(winners, key=values.__getitem__)
    return REAPER


_PILE_WORTHS: dict[tuple[str, int], dict[tuple[str, ...], tuple[float, int]]] = {}
PILE_WORTHS_KEPT = 2048
"""Piles whose worth ``_pile_worth`` keeps per trump suit (then it starts afresh): every drafter of a hand
weighs the same piles again, and a lab's thousands of hands must not grow the memory."""


def _pile_worth(pile: tuple[str, ...], trump: str, dv: int) -> tuple[float, int]:
    """What a pile adds before suit length (``0.1`` a card plus each card's ``card_worth``, summed in order)
    and how many trumps it holds."""
    known = _PILE_WORTHS.get((trump, dv))
    if known is None:
        known = _PILE_WORTHS[(trump, dv)] = {}
    found = known.get(pile)
    if found is None:
        if len(known) >= PILE_WORTHS_KEPT:
            known.clear()
        worth = _worths(trump, dv)
        score = 0.1 * len(pile)
        more = 0
        for c in pile:
            score += worth[c]
            if c[0] == trump:
                more += 1
        found = known[pile] = (score, more)
    return found


def choose_pile(piles: Sequence[tuple[str, ...] | None], slots: Sequence[int], hand: Sequence[str], trump: str,
                dv: int = DEMON_VALUE) -> int:
    """The pile that adds the most control: trumps, Demons, Reapers, high cards, suit length."""
    trumps = sum(1 for c in hand if c[0] == trump)
    long_now = max(trumps - 2, 0)
    best, best_score = slots[0], -1e9
    for slot in slots:
        pile = piles[slot]
        assert pile is not None
        score, more = _pile_worth(pile, trump, dv)
        score += 0.6 * (max(trumps + more - 2, 0) - long_now)
        if score > best_score:
            best, best_score = slot, score
    return best


def choose_wager(seat: int, hands: Sequence[Sequence[str]], trump: str, rules: Rules, dv: int = DEMON_VALUE,
                 known: Sequence[str | None] = ()) -> str:
    """Wager from the expected standing: the weakest hand bets '<', a clear second bets '2nd'."""
    strengths = [hand_strength(h, trump, dv) for h in hands]
    mine = strengths[seat]
    others = sorted((s for i, s in enumerate(strengths) if i != seat), reverse=True)
    taken_fewest = sum(1 for i, w in enumerate(known) if w == "fewest" and i != seat)
    if mine < others[-1] - 0.5 and taken_fewest == 0:
        return "fewest"
    if mine < others[-1] + 1.0 and rules.bonus_fewest >= 3 * rules.bonus_none and taken_fewest == 0:
        return "fewest"
    if len(others) >= 2 and others[1] + 1.0 < mine < others[0] - 1.0 and rules.bonus_second > rules.bonus_none:
        return "second"
    return "none"


# --------------------------------------------------------------------------------------------- agents


class EasyAgent(Agent):
    """Greedy and simple: grabs the highest-value pile, never wagers, plays its lowest legal card
    (and leads its highest)."""

    level = "easy"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        obs = observation
        assert isinstance(obs, ReapersObservation)
        dv = obs.rules.demon_value
        if obs.phase == DRAFT:
            def worth(action: TakePile) -> tuple[int, int]:
                pile = obs.piles[action.pile]
                assert pile is not None  # a legal pile is still on the table
                return sum(value(c, dv) for c in pile), -action.pile

            return max([a for a in legal if isinstance(a, TakePile)], key=worth)
        if obs.phase == WAGER:
            return PlaceWager("none")
        if self.rng.random() < 0.2:
            return legal[self.rng.randrange(len(legal))]
        plays = [a for a in legal if isinstance(a, PlayCard)]
        if obs.lead_suit is None:
            return max(plays, key=lambda a: value(a.card, dv))
        return min(plays, key=lambda a: value(a.card, dv))


class NormalAgent(Agent):
    """Drafts for control of trump and Demons, wagers from its expected standing, wins cheaply when a win
    is sure, plays low under a winning card, keeps Reapers for a rich Graveyard card."""

    level = "normal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        obs = observation
        assert isinstance(obs, ReapersObservation)
        seat = obs.seat
        assert seat is not None  # an agent plays a seat
        rules = obs.rules
        dv = rules.demon_value
        if len(legal) == 1:
            return legal[0]
        if obs.phase in (DRAFT, WAGER):
            return draft_or_wager(seat, obs, legal, obs.wagers)
        duck = obs.wagers[seat] == "fewest"
        cards = [a.card for a in legal if isinstance(a, PlayCard)]
        card = choose_card(seat, cards, obs.hands, obs.trick, obs.lead_suit, obs.trump_suit,
                           obs.graveyard, obs.reaper_used, obs.leader, rules.players, duck, dv,
                           rules.every_reaper_takes)
        return play_card(card)


def draft_or_wager(seat: int, table: ReapersObservation | ReapersState, legal: Sequence[Action],
                   known: Sequence[str | None]) -> Action:
    """``normal``'s pile in the draft or its wager (``known``: the others' wagers it sees), for an agent's
    observation and a rollout's state alike."""
    dv = table.rules.demon_value
    if table.phase == DRAFT:
        slots = [a.pile for a in legal if isinstance(a, TakePile)]
        return take_pile(choose_pile(table.piles, slots, table.hands[seat], table.trump_suit, dv))
    return WAGER_ACTIONS[choose_wager(seat, table.hands, table.trump_suit, table.rules, dv, known)]


def rollout_policy(state: GameState, rng: random.Random) -> Action:
    """The cheap policy of ``hard``'s rollouts: the ``normal`` heuristics on the sampled state, with a
    little noise."""
    assert isinstance(state, ReapersState)  # the search hands any GameState; it is always this game's
    if state.phase == PLAY:
        # Most rollout moves are plays: they work on the playable cards, not on a list of actions.
        seat = state.to_move
        cards = state.playable(seat)
        if len(cards) == 1:
            return play_card(cards[0])
        if rng.random() < 0.1:
            return play_card(cards[rng.randrange(len(cards))])
        rules = state.rules
        card = quick_card(cards, state.trick, state.lead_suit, state.trump_suit, state.graveyard,
                          state.reaper_used and not rules.every_reaper_takes, rules.players,
                          state.wagers[seat] == "fewest", values_for(rules.demon_value))
        return play_card(card)
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if rng.random() < 0.1:
        return actions[rng.randrange(len(actions))]
    known = [w if state.rules.open_wagers else None for w in state.wagers]  # the wagers the seat may see
    return draft_or_wager(state.current_player(), state, actions, known)


def evaluate(state: GameState) -> list[float]:
    """Reward per seat at the search horizon: the real result at the end of the game, otherwise a chance
    of winning estimated from the running totals and the hands still to play."""
    assert isinstance(state, ReapersState)  # as in ``rollout_policy``
    if state.phase == OVER:
        return state.returns()
    return win_estimate(state.totals, state.hands_left())


SETTINGS = SearchSettings(iterations=HARD_ITERATIONS, exploration=0.7, rollout_policy=rollout_policy,
                          evaluate=evaluate)


class HardAgent(SearchAgent):
    """ISMCTS (``game.ai.ismcts``) over worlds that differ in the opponents' secret wagers, searching to the
    end of the current hand and valuing it by the chance of winning the game it leaves."""

    level = "hard"

    def __init__(self, context: AgentContext, settings: SearchSettings = SETTINGS) -> None:
        super().__init__(context, settings)

    def prepare(self, observation: Observation, legal: Sequence[Action]) -> SearchInputs:
        def sample(rng: random.Random) -> ReapersState:
            state = self.sample_world(observation, rng)
            assert isinstance(state, ReapersState)
            return state.stop_after_hand()

        return legal, sample, self.settings

