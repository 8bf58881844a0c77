"""Nevermore agents: ``easy`` and ``normal`` heuristics, and ``hard`` = ISMCTS with a cheap rollout policy.

The heuristics see only the observation and the legal actions.
"""

from __future__ import annotations

import dataclasses
import math
import random
from functools import lru_cache
from typing import Iterable, Mapping, Sequence, cast

from game.ai.ismcts import SearchAgent, SearchInputs, SearchSettings
from game.core.agent import Agent, AgentContext
from game.core.contracts import Action, GameState, Observation

from .rules.actions import AttackAll, AttackPlayer, KillCards, NoMagick, PassCards, Peck, PlayMagick
from .rules.cards import PASSES, RAVEN, TOKEN_SUITS, sort_cards, tally
from .rules.draft import kills_of, passes_of
from .rules.magick_data import MagickCard, Mode, card_file, load_magick
from .rules.observe import NevermoreObservation
from .rules.state import NevermoreState
from .rules.tasks import AttackDecision, KillDecision, PassDecision, PeckDecision
from .rules.worlds import WorldSampler


@lru_cache(maxsize=8)
def _cards_for(name: str) -> Mapping[str, MagickCard]:
    """The Magick cards of the card file ``name``, found once (a heuristic asks at every Magick decision)."""
    return load_magick(card_file(name))


SUIT_VALUE = {"attack": 1.0, "healing": 0.8, "radiance": 0.7, "victory": 1.4}


def hand_value(cards: Iterable[str], health: int = 5, max_health: int = 5) -> float:
    """How good a (final) hand looks: concentrated suits score, one to four Ravens cost a card each."""
    counts = tally(cards)
    ravens = counts.get(RAVEN, 0)
    if ravens >= 5:
        return 9.0
    value = 0.0
    for suit in TOKEN_SUITS:
        k = counts.get(suit, 0)
        weight = SUIT_VALUE[suit]
        if suit == "healing":
            weight *= 0.4 + 0.6 * (max_health - health) / max(1, max_health)
        value += weight * (k ** 1.4)
    return value - 1.3 * ravens + (1.5 if ravens >= 3 else 0.0)


def _gift_value(cards: Iterable[str]) -> float:
    """How much passed cards help the receiver (hate-drafting)."""
    counts = tally(cards)
    return sum(SUIT_VALUE[s] * counts.get(s, 0) for s in TOKEN_SUITS) * 0.35 - 0.5 * counts.get(RAVEN, 0)


@lru_cache(maxsize=8192)
def _pass_score(hand: tuple[str, ...], cards: tuple[str, ...], health: int, hate: float) -> float:
    """Value of keeping ``hand`` less ``cards`` (cached: rollouts score the same few hands over and over)."""
    kept = list(hand)
    for c in cards:
        kept.remove(c)
    return hand_value(kept, health) - hate * _gift_value(cards)


def choose_pass(obs: NevermoreObservation, legal: Sequence[PassCards], rng: random.Random,
                hate: float = 1.0) -> PassCards:
    hand = tuple(obs.hand)
    health = obs.health[obs.me]
    return legal[_noisy_pick([_pass_score(hand, a.cards, health, hate) for a in legal], rng, 0.05)]


def choose_kill(obs: NevermoreObservation, legal: Sequence[KillCards], rng: random.Random) -> KillCards:
    hand = tuple(obs.hand)
    health = obs.health[obs.me]
    return legal[_noisy_pick([_pass_score(hand, a.cards, health, 0.0) for a in legal], rng, 0.01)]


def _attack_key(vp: Sequence[int], health: Sequence[int], power: int, target: int) -> float:
    lethal = health[target] <= power
    return lethal * 3 + vp[target] * 2.0 + health[target] * 0.1


def choose_attack(obs: NevermoreObservation, legal: Sequence[Action], rng: random.Random) -> Action:
    me = obs.me
    targets = [a for a in legal if isinstance(a, AttackPlayer)]
    power = obs.decision.power if isinstance(obs.decision, AttackDecision) else 1
    if any(isinstance(a, AttackAll) for a in legal):
        others = [a.target for a in targets]
        kills = sum(1 for t in others if obs.health[t] <= 1)
        if len(others) >= 2 and (kills or power < 6 or obs.vp[me] >= 4):
            return next(a for a in legal if isinstance(a, AttackAll))
    return max(targets, key=lambda a: (_attack_key(obs.vp, obs.health, power, a.target), rng.random()))


AIMED_OPS = frozenset({"damage", "add_suit", "reorder_tokens"})
"""The effects whose worth depends on the play's target or choice (``magick_worth``)."""
_AIMED: dict[int, tuple[Mode, bool]] = {}
"""id of a mode -> (that mode, whether it has an aimed effect); the entry keeps its mode, so an id cannot be
taken by another."""


def _aimed(mode: Mode) -> bool:
    entry = _AIMED.get(id(mode))
    if entry is None or entry[0] is not mode:
        entry = _AIMED[id(mode)] = (mode, any(e.op in AIMED_OPS for e in mode.effects))
    return entry[1]


FLAT_WORTHS = {"gain_vp": 1.0, "draw": 1.0, "ward": 1.0, "peek_tokens": 1.0, "steal": 1.0, "prevent": 2.0,
               "redirect": 2.0, "give": 0.5, "peek_hand": 0.1}
"""What an effect adds to a play's worth (``magick_worth``) when the moment does not change it."""


def magick_worths(cards: Mapping[str, MagickCard], plays: Sequence[PlayMagick], me: int, vp: Sequence[int],
                  health: Sequence[int], raven: Sequence[bool], stack: Sequence[tuple],
                  hand: Sequence[str] = ()) -> list[float]:
    """``magick_worth`` of each play; a card whose effects do not depend on the target or the choice is the
    same whichever it names, so it is weighed once (a card offered against every seat is weighed once)."""
    known: dict[str, float] = {}
    worths = []
    for play in plays:
        worth = known.get(play.card)
        if worth is None:
            worth = magick_worth(cards, play, me, vp, health, raven, stack, hand)
            if not _aimed(cards[play.card].mode(raven[me])):
                known[play.card] = worth
        worths.append(worth)
    return worths


def magick_worth(cards: Mapping[str, MagickCard], action: PlayMagick, me: int, vp: Sequence[int],
                 health: Sequence[int], raven: Sequence[bool], stack: Sequence[tuple],
                 hand: Sequence[str] = ()) -> float:
    """A rough value of playing a card now (<= 0: keep it); the heuristics add a random tie-break of up to
    0.1 to it."""
    card = cards[action.card]
    mode = card.mode(raven[me])
    score = 0.0
    for e in mode.effects:
        op = e.op
        if op == "damage":
            t = action.target
            score += 1.0 + (0.0 if t < 0 else 0.3 * vp[t] + (1.0 if health[t] <= e.get("n") else 0))
        elif op == "heal":
            score += 1.2 if health[me] < 5 and not raven[me] else -0.5
        elif op == "add_suit":
            score += 1.0 if e.get("suit") != RAVEN or action.target != me else -2.0
        elif op == "cancel":
            top = stack[-1] if stack else None
            if top is not None:
                top_card = cards[top[2]]
                ops = {x.op for x in top_card.mode(top[5]).effects}
                hostile = top[3] == me or bool(ops & {"damage", "swap_hands", "pass_hands", "reorder_tokens"})
                score += 1.5 if hostile else -1.0
        elif op == "discard":
            score += 0.8 if e.get("suit") == RAVEN else -0.5
        elif op in ("pass_hands", "swap_hands"):
            # Trade away a poor hand (an average five-card hand is worth about 3).
            score += 0.8 if hand and _hand_value(tuple(hand), health[me]) < 1.5 else 0.0
        elif op == "reorder_tokens" and action.choice:
            best, held = _strongest_suit(tuple(hand))
            score += 0.6 if action.choice.split(",")[0] == best and held >= 2 else 0.0
        else:
            score += FLAT_WORTHS.get(op, 0.0)
    return score


@lru_cache(maxsize=8192)
def _hand_value(hand: tuple[str, ...], health: int) -> float:
    """``hand_value`` of a hand at ``health``, once (rollouts weigh the same hands for every card)."""
    return hand_value(hand, health)


@lru_cache(maxsize=8192)
def _strongest_suit(hand: tuple[str, ...]) -> tuple[str, int]:
    """The token suit ``hand`` holds most of (Victory on a tie) and its weight: the token to put first
    (asked for every order a token card offers)."""
    counts = tally(hand)
    best = max(TOKEN_SUITS, key=lambda s: (counts.get(s, 0), s == "victory"))
    return best, counts.get(best, 0)


def choose_magick(obs: NevermoreObservation, legal: Sequence[Action], rng: random.Random,
                  eager: float = 0.5) -> Action:
    plays = [a for a in legal if isinstance(a, PlayMagick)]
    none = next((a for a in legal if isinstance(a, NoMagick)), None)
    if not plays:
        return none or legal[0]
    cards = _cards_for(obs.config.magick.card_file)
    worths = magick_worths(cards, plays, obs.me, obs.vp, obs.health, obs.raven, obs.stack, obs.hand)
    best = _noisy_pick(worths, rng, 0.1)  # each worth plus a random tie-break
    return plays[best] if worths[best] + rng.random() * 0.1 > eager or none is None else none


def heuristic(obs: NevermoreObservation, legal: Sequence[Action], rng: random.Random,
              level: str = "normal") -> Action:
    first = legal[0]
    if len(legal) == 1:
        return first
    if isinstance(first, PassCards):
        passes = [a for a in legal if isinstance(a, PassCards)]
        return choose_pass(obs, passes, rng, 1.0 if level == "normal" else 0.0)
    if isinstance(first, KillCards):
        return choose_kill(obs, [a for a in legal if isinstance(a, KillCards)], rng)
    if isinstance(first, (AttackPlayer, AttackAll)):
        return choose_attack(obs, legal, rng)
    if isinstance(first, Peck):
        return Peck(True)
    return choose_magick(obs, legal, rng, 0.5 if level == "normal" else 1.2)


class NormalAgent(Agent):
    """Drafts for suit majorities, hate-drafts, passes Ravens with care, targets the leader."""

    level = "normal"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        assert isinstance(observation, NevermoreObservation)
        return heuristic(observation, legal, self.rng, "normal")


class EasyAgent(Agent):
    """Keeps what looks good for itself, plays Magick only when obviously useful, and errs now and then."""

    level = "easy"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        assert isinstance(observation, NevermoreObservation)
        if self.rng.random() < 0.25:
            return legal[self.rng.randrange(len(legal))]
        return heuristic(observation, legal, self.rng, "easy")


def rollout_policy(state: GameState, rng: random.Random) -> Action:
    """Rollout moves from the same heuristics as ``normal``, read straight from the sampled state."""
    assert isinstance(state, NevermoreState)
    decision = state.decision
    assert decision is not None and not state.over  # rollouts ask only while a decision is pending
    seat = decision.seat
    if isinstance(decision, PassDecision):
        # The state's own legal passes (one order per multiset of cards, so the caches hit), scored once.
        options, values = _pass_choices(sort_cards(state.hands[seat]), PASSES[decision.round], state.health[seat])
        return options[0] if len(options) == 1 else options[_noisy_pick(values, rng, 0.3)]
    if isinstance(decision, KillDecision):
        options, values = _kill_choices(tuple(state.hands[seat]), state.health[seat])
        return options[0] if len(options) == 1 else options[_noisy_pick(values, rng, 0.3)]
    cached = state.legal_cache  # a window lists its actions as it asks (read, never changed, here)
    legal = cached[1] if cached is not None and cached[0] is decision else state.legal_actions()
    first = legal[0]
    if len(legal) == 1:
        return first
    if isinstance(decision, AttackDecision):
        power = decision.power
        targets = [a for a in legal if isinstance(a, AttackPlayer)]
        if isinstance(legal[-1], AttackAll) and len(targets) >= 2:
            return legal[-1]
        return max(targets, key=lambda a: (_attack_key(state.vp, state.health, power, a.target), rng.random()))
    if isinstance(decision, PeckDecision):
        return Peck(True)
    plays = cast("list[PlayMagick]", legal[:-1])  # a Magick window or answer lists its plays, then "no magick"
    if plays:
        worths = magick_worths(state.cards, plays, seat, state.vp, state.health, state.raven, state.stack,
                               state.hands[seat])
        best = _noisy_pick(worths, rng, 0.1)
        if worths[best] + rng.random() * 0.1 > 0.5:
            return plays[best]
    return legal[-1]


def _noisy_pick(values: Sequence[float], rng: random.Random, noise: float) -> int:
    """The index ``max`` picks with ``key=value + rng.random() * noise``: the first best, one draw per value."""
    draw = rng.random
    best, top = 0, values[0] + draw() * noise
    for index in range(1, len(values)):
        value = values[index] + draw() * noise
        if value > top:
            best, top = index, value
    return best


@lru_cache(maxsize=8192)
def _pass_choices(hand: tuple[str, ...], size: int, health: int) -> tuple[tuple[Action, ...], tuple[float, ...]]:
    """A sorted hand's legal passes of ``size`` cards (as the state lists them) and their rollout scores."""
    options = passes_of(hand, size)
    return options, tuple(_pass_score(hand, a.cards, health, 0.7) for a in options)


@lru_cache(maxsize=8192)
def _kill_choices(hand: tuple[str, ...], health: int) -> tuple[tuple[Action, ...], tuple[float, ...]]:
    """A hand's legal kills (as the state lists them) and their rollout scores."""
    options = kills_of(hand)
    ordered = sort_cards(hand)
    return options, tuple(_pass_score(ordered, a.cards, health, 0.0) for a in options)


def at_hand_limit(state: GameState) -> bool:
    """Whether a finished sample ended at the hand limit: the search's horizon (the end of this hand), which
    ``evaluate`` scores by its own weighing of VP, Health and Magick."""
    assert isinstance(state, NevermoreState)
    return state.end_reason == "hand_limit"


def evaluate(state: GameState) -> list[float]:
    """Reward per seat in [0, 1] at the search horizon (the end of the hand): VP first, then Health,
    Magick cards and human form; a real win or loss counts in full."""
    assert isinstance(state, NevermoreState)
    if state.is_terminal() and not at_hand_limit(state):
        return state.returns()
    target = state.config.vp_to_win
    values = []
    for s in range(state.num_players):
        v = 6.0 * min(state.vp[s], target) / target + 0.3 * len(state.magick[s])
        v += -2.5 if state.raven[s] else 0.3 * max(state.health[s], 0)
        values.append(math.exp(v / 1.5))
    total = sum(values)
    return [v / total for v in values]


HARD_ITERATIONS = 480
"""Default search iterations of ``hard``: in 3-player probes (seat 0 against two ``normal``) it won 32.8% of
1,000 games at 24 iterations, 31 of 80 at 120 and 37 of 60 at 480; a decision still takes well under 1 s
(a median 0.2 s at 4 players). More does not help: at 4 players, rotated through the seats against three
``normal``, 960 iterations won 74 of 200 games where 480 won 87 of the same 200."""
BIG_TABLE_ITERATIONS = 360
"""Iterations at 5 and 6 players, whose longer rollouts cost more each."""
SETTINGS = SearchSettings(iterations=HARD_ITERATIONS, exploration=0.7, rollout_policy=rollout_policy,
                          evaluate=evaluate, horizon=at_hand_limit)


class HardAgent(SearchAgent):
    """ISMCTS over the few most promising moves of the ``normal`` heuristics (passes and kills have up to
    ten options; the search looks at the best three)."""

    WIDTH = 3

    def prepare(self, observation: Observation, legal: Sequence[Action]) -> SearchInputs:
        assert isinstance(observation, NevermoreObservation)
        legal = list(legal)
        if len(legal) > self.WIDTH and isinstance(legal[0], (PassCards, KillCards)):
            hand = tuple(observation.hand)
            health = observation.health[observation.me]
            hate = 1.0 if isinstance(legal[0], PassCards) else 0.0
            chosen = [a for a in legal if isinstance(a, (PassCards, KillCards))]
            legal = sorted(chosen, key=lambda a: -_pass_score(hand, a.cards, health, hate))[: self.WIDTH]
        # Search horizon: the sampled game stops at the end of this hand and is scored by ``evaluate``.
        horizon = dataclasses.replace(observation.config, max_hands=observation.hand_no)
        worlds = WorldSampler(observation, horizon)

        def sample(rng: random.Random) -> NevermoreState:
            if self.world is None:
                world = worlds.sample(rng)
            else:  # the oracle level searches the true state, to the same horizon
                truth = self.world.clone()
                assert isinstance(truth, NevermoreState)
                truth.config = horizon  # the same game and hand: the true state's rules are the observation's
                world = truth
            world.quiet = True  # the search reads no events
            return world

        settings = self.settings
        if self.context.budget is None and observation.players >= 5:
            # Longer rollouts at big tables: fewer iterations keep a decision well under a second.
            settings = dataclasses.replace(settings, iterations=BIG_TABLE_ITERATIONS)
        return legal, sample, settings


def hard_agent(context: AgentContext) -> SearchAgent:
    return HardAgent(context, SETTINGS)


agents = {"easy": EasyAgent, "normal": NormalAgent, "hard": hard_agent}
