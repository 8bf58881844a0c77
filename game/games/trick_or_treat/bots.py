"""Trick or Treat AI: easy and normal heuristics, and the settings of the hard (search) level.

Everything a careful player knows comes from the observation: which cards are still unseen this deal, the
pot, the supply. The heart of ``normal`` is a small Monte Carlo of the current trick: the other players'
cards are drawn from the unseen cards, and each card of the hand is scored by what it would win now
*compared with what it would win in an average later trick* - so a high card is dumped when it costs
little (a nasty pot, a likely tie), a low card is kept for when it counts, and a joker (always safe, since
it is declared after the reveal) is saved.
"""

from __future__ import annotations

import math
import random
from typing import Sequence

from game.ai.ismcts import SearchAgent, SearchSettings
from game.core.agent import Agent, AgentContext, RandomAgent
from game.core.contracts import Action, GameState, Observation
from game.games.trick_or_treat.rules import (
    COLOURED_JOKER,
    DECLARE,
    JOKER_HIGH,
    JOKER_LOW,
    PICK,
    PLAY,
    Declare,
    PlayCard,
    TakeCandy,
    TrickOrTreatObservation,
    TrickOrTreatState,
    parse_card,
    play_label,
)

DEALER_BONUS = 0.35
"""What becoming (or staying) the dealer is worth, in pieces of average candy, besides any pot."""


# ------------------------------------------------------------------------------------ trick arithmetic


def trick_gain(ranks: list[int], seat: int, dealer: int, pot: list[float], every_tie_skips: bool = True,
               bigger: float = 0.0) -> tuple[float, bool]:
    """What ``seat`` takes from a trick of these ranks (jokers already declared; two jokers are handled by
    the caller) and whether it deals next. ``pot`` holds the pot's piece values, best first; each picker
    takes the best piece left. ``bigger`` is the average value added per piece by Bigger Jackpots."""
    n = len(ranks)
    top = max(ranks)
    counts: dict[int, int] = {}
    for r in ranks:
        counts[r] = counts.get(r, 0) + 1
    top_count = counts[top]
    if top_count > 1 and ranks[dealer] == top:
        return (sum(pot) if seat == dealer else 0.0), seat == dealer
    mine = ranks[seat]
    tied = counts[mine] > 1 if every_tie_skips else top_count > 1 and mine == top
    any_tie = len(counts) < n  # Bigger Jackpots grows the pot on any tie, even one whose players still pick
    if top_count == 1:
        next_dealer = ranks.index(top)
    else:
        next_dealer = dealer
    if tied or (top_count == 1 and mine == top):
        return 0.0, next_dealer == seat
    if any_tie and bigger:
        pot = sorted(pot + [bigger] * len(pot), reverse=True)
    # Pickers ahead of me: untied, not the winner, higher card (equal ranks only without every_tie_skips).
    ahead = 0
    for s, r in enumerate(ranks):
        if s == seat or r < mine:
            continue
        if top_count == 1 and r == top:
            continue
        if every_tie_skips and counts[r] > 1:
            continue
        if not every_tie_skips and top_count > 1 and r == top:
            continue
        if r > mine or (r == mine and (s - dealer) % n < (seat - dealer) % n):
            ahead += 1
    return (pot[ahead] if ahead < len(pot) else 0.0), False


def declare_value(ranks: list[int], seat: int, dealer: int, pot: list[float], every_tie_skips: bool,
                  dealer_bonus: float, high: bool, bigger: float = 0.0) -> float:
    """The value to ``seat`` of declaring its (only) joker high or low."""
    ranks = list(ranks)
    ranks[seat] = JOKER_HIGH if high else JOKER_LOW
    gain, deals = trick_gain(ranks, seat, dealer, pot, every_tie_skips, bigger)
    return gain + (dealer_bonus if deals else 0.0)


def _pot_values(counts: Sequence[int], values: Sequence[int]) -> list[float]:
    pot = [float(v) for k, v in enumerate(values) for _ in range(counts[k])]
    pot.sort(reverse=True)
    return pot


def _average_value(obs: TrickOrTreatObservation) -> float:
    total = sum(obs.supply_counts)
    if total == 0:
        return float(sum(obs.rules.values)) / len(obs.rules.values)
    return sum(c * v for c, v in zip(obs.supply_counts, obs.rules.values)) / total


# ------------------------------------------------------------------------------------------- normal


def _split_pot(pot: list[float], first: bool) -> float:
    return sum(v for i, v in enumerate(pot) if (i % 2 == 0) == first)


def _sample_gain(card: int, others: list[int], other_seats: list[int], me: int, dealer: int, n: int,
                 pot: list[float], ets: bool, bonus: float, bigger: float) -> float:
    """My value for playing ``card`` against the other seats' (sampled) cards."""
    jokers = sum(1 for c in others if c >= 52)
    if card >= 52 and jokers:
        return _split_pot(pot, card == COLOURED_JOKER)  # a joker jackpot with the other joker
    if jokers == 2:
        return 0.0  # the two others split the pot
    ranks = [0] * n
    for s, c in zip(other_seats, others):
        ranks[s] = JOKER_LOW if c >= 52 else c // 4 + 2  # another's lone joker: assume it goes low
    if card >= 52:
        return max(declare_value(ranks, me, dealer, pot, ets, bonus, True, bigger),
                   declare_value(ranks, me, dealer, pot, ets, bonus, False, bigger))
    ranks[me] = card // 4 + 2
    gain, deals = trick_gain(ranks, me, dealer, pot, ets, bigger)
    return gain + (bonus if deals else 0.0)


def play_scores(obs: TrickOrTreatObservation, rng: random.Random, samples: int = 24) -> dict[str, float]:
    """Each playable label's score: its value in this trick minus its value in an average later trick."""
    n = obs.players
    me = obs.seat
    assert me is not None  # an agent observes from its own seat
    hand = [parse_card(c) for c in obs.hand]
    labels: dict[str, int] = {}
    for card in sorted(hand):
        labels.setdefault(play_label(card), card)
    if len(labels) == 1:
        return {label: 0.0 for label in labels}
    unseen = [parse_card(c) for c in obs.unseen]
    other_seats = [s for s in range(n) if s != me]
    avg = _average_value(obs)
    values = obs.rules.values
    pot_now = _pot_values(obs.pot, values)
    generic = [avg] * (n - 1)
    ets = obs.rules.every_tie_skips
    bigger = avg if obs.rules.bigger_jackpots else 0.0
    bonus_now = DEALER_BONUS * max(avg, 0.0) + 0.25 * max(sum(pot_now) - (n - 1) * avg, 0.0)
    bonus_later = DEALER_BONUS * max(avg, 0.0)
    later_dealer = (me + 1) % n
    tricks_left = len(hand)
    scores = {label: 0.0 for label in labels}
    k = len(other_seats)
    for _ in range(samples):
        if len(unseen) < k:
            break
        others = rng.sample(unseen, k)
        for label, card in labels.items():
            now = _sample_gain(card, others, other_seats, me, obs.dealer, n, pot_now, ets, bonus_now, bigger)
            later = _sample_gain(card, others, other_seats, me, later_dealer, n, generic, ets, bonus_later,
                                 bigger) if tricks_left > 1 else 0.0
            scores[label] += now - later
    return scores


def best_pick(obs_pot: Sequence[int], kinds: Sequence[str], values: Sequence[int]) -> TakeCandy:
    best = max((k for k in range(len(kinds)) if obs_pot[k] > 0), key=lambda k: (values[k], -k))
    return TakeCandy(kinds[best])


def best_declaration(obs: TrickOrTreatObservation) -> Declare:
    n = obs.players
    me = obs.seat
    assert me is not None  # an agent observes from its own seat
    ranks = []
    for s in range(n):
        text = obs.table[s]
        if text is None or s == me:
            ranks.append(0)
            continue
        card = parse_card(text)
        if card >= 52:
            d = obs.declarations[s]
            ranks.append(JOKER_HIGH if d == "high" else JOKER_LOW)
        else:
            ranks.append(card // 4 + 2)
    avg = _average_value(obs)
    pot = _pot_values(obs.pot, obs.rules.values)
    bonus = DEALER_BONUS * max(avg, 0.0)
    bigger = avg if obs.rules.bigger_jackpots else 0.0
    high = declare_value(ranks, me, obs.dealer, pot, obs.rules.every_tie_skips, bonus, True, bigger)
    low = declare_value(ranks, me, obs.dealer, pot, obs.rules.every_tie_skips, bonus, False, bigger)
    return Declare(high > low)


class NormalAgent(Agent):
    """Sound heuristics: weighs each card now against later, fights for the deal when the pot is rich,
    saves jokers, and takes the best candy."""

    level = "normal"
    samples = 24

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        assert isinstance(observation, TrickOrTreatObservation)  # Agent takes any game's; the table passes ours
        obs = observation
        if len(legal) == 1:
            return legal[0]
        if obs.phase == DECLARE:
            return best_declaration(obs)
        if obs.phase == PICK:
            return best_pick(obs.pot, obs.rules.kinds, obs.rules.values)
        scores = play_scores(obs, self.rng, self.samples)
        plays = [a for a in legal if isinstance(a, PlayCard)]  # all of them, in the play phase
        best = max(plays, key=lambda a: scores.get(a.label, -math.inf))
        return best


class EasyAgent(Agent):
    """A simple player: usually plays its lowest plain card, sometimes anything; usually takes the best
    candy; declares a joker sensibly most of the time."""

    level = "easy"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        assert isinstance(observation, TrickOrTreatObservation)  # Agent takes any game's; the table passes ours
        obs = observation
        rng = self.rng
        if len(legal) == 1:
            return legal[0]
        if obs.phase == DECLARE:
            return best_declaration(obs) if rng.random() < 0.7 else legal[rng.randrange(len(legal))]
        if obs.phase == PICK:
            return best_pick(obs.pot, obs.rules.kinds, obs.rules.values) if rng.random() < 0.75 \
                else legal[rng.randrange(len(legal))]
        plain = [a for a in legal if isinstance(a, PlayCard) and "joker" not in a.label]  # all plays now
        if plain and rng.random() < 0.55:
            return plain[0]
        return legal[rng.randrange(len(legal))]


# --------------------------------------------------------------------------------------------- hard


def rollout_policy(state: GameState, rng: random.Random) -> Action:
    """A cheap policy on a (sampled) full state: mostly the lowest plain card, sometimes any card; a lone
    joker declared for the better result; the best candy."""
    assert isinstance(state, TrickOrTreatState)  # SearchSettings takes any game's state; the search passes ours
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[state.turn]
        x = rng.random()
        if x < 0.6:
            plain = [c for c in hand if c < 52]
            card = min(plain) if plain else hand[0]
        else:
            card = hand[rng.randrange(len(hand))]
        return PlayCard(play_label(card))
    if phase == DECLARE:
        seat = state.declare_queue[0]
        ranks = [state.rank_of(s) if s != seat else 0 for s in range(state.num_players)]
        values = state.rules.values
        pot = _pot_values(state.pot, values)
        high = declare_value(ranks, seat, state.dealer, pot, state.rules.every_tie_skips, 0.3, True)
        low = declare_value(ranks, seat, state.dealer, pot, state.rules.every_tie_skips, 0.3, False)
        return Declare(high > low)
    values = state.rules.values
    best = max((k for k in range(len(values)) if state.pot[k] > 0), key=lambda k: (values[k], -k))
    return TakeCandy(state.rules.kinds[best])


_KEEP_TABLE: dict[int, list[float]] = {}


def keep_chances(players: int) -> list[float]:
    """For each card id, the chance that it takes candy in an average trick of ``players`` (it neither wins
    alone nor ties); a joker always can (declared low)."""
    table = _KEEP_TABLE.get(players)
    if table is None:
        others = players - 1
        table = []
        for card in range(54):
            if card >= 52:
                table.append(1.0)
                continue
            below = (card // 4) * 4 / 53.0
            tie = 1.0 - (1.0 - 3 / 53.0) ** others
            table.append(max(0.0, 1.0 - below ** others - tie))
        _KEEP_TABLE[players] = table
    return table


def evaluate(state: GameState) -> list[float]:
    """Reward per seat in [0, 1]: the real result at the end; otherwise a smooth lead over the best rival,
    counting each seat's candy plus what its remaining cards should still win this deal."""
    assert isinstance(state, TrickOrTreatState)  # SearchSettings takes any game's state; the search passes ours
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    values = state.rules.values
    supply = len(state.supply)
    avg = (sum(values[k] for k in state.supply) / supply) if supply else 0.0
    keep = keep_chances(n)
    worth = []
    for s in range(n):
        own = sum(c * v for c, v in zip(state.candy[s], values))
        worth.append(own + avg * sum(keep[c] for c in state.hands[s]))
    spread = 1.0 + 0.6 * math.sqrt(supply / n + 1.0)
    out = []
    for s in range(n):
        rival = max(worth[t] for t in range(n) if t != s)
        out.append(1.0 / (1.0 + math.exp(-(worth[s] - rival) / spread)))
    return out


HARD_ITERATIONS = 300
SEARCH_SETTINGS = SearchSettings(iterations=HARD_ITERATIONS, exploration=0.7, rollout_policy=rollout_policy,
                                 evaluate=evaluate, rollout_depth=12)


def make_hard(context: AgentContext) -> Agent:
    return SearchAgent(context, SEARCH_SETTINGS)


AGENTS = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": make_hard,
}
