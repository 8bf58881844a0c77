"""Trick or Treat AI: easy and normal heuristics, and the hard (search) level with its model of the other
seats, built on ``normal``'s weighing.

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
from dataclasses import replace
from functools import lru_cache
from operator import itemgetter, mul
from typing import Callable, Sequence

from game.ai.ismcts import SearchAgent, SearchInputs, SearchSettings
from game.core.agent import Agent, AgentContext, RandomAgent
from game.core.contracts import Action, GameState, Observation
from game.core.draws import sample_bits
from game.games.trick_or_treat.rules import (
    CARD_OF_TEXT,
    COLOURED_JOKER,
    DECLARE,
    JOKER_HIGH,
    JOKER_LOW,
    LABEL_CARDS,
    PICK,
    PLAY,
    PLAYS,
    Config,
    Declare,
    PlayCard,
    TakeCandy,
    TrickOrTreatObservation,
    TrickOrTreatState,
    card_rank,
    parse_card,
    play_label,
    sample_state,
    settle,
)

DEALER_BONUS = 0.35
"""What becoming (or staying) the dealer is worth, in pieces of average candy, besides any pot."""


# ------------------------------------------------------------------------------------ trick arithmetic


NOTHING, DEALS, JACKPOT, TAKES = 0, 1, 2, 3
"""``trick_outcome`` codes: nothing; nothing but the next deal; the whole pot and the deal (a dealer's
jackpot); ``TAKES + ahead``: the pot's ``ahead``-th best piece (``TAKES + n + ahead`` when a tie grows a
Bigger Jackpots pot first)."""


def trick_outcome(ranks: list[int], seat: int, dealer: int, every_tie_skips: bool = True) -> int:
    """What ``seat`` takes from a trick of these ranks (jokers already declared; two jokers are handled by
    the caller), settled as the rules settle it, as a code that does not depend on the pot, so that the
    normal bot can reuse it across pots (see ``outcome_gain``)."""
    top_seats, _, pickers = settle(ranks, dealer, every_tie_skips)
    if len(top_seats) > 1 and dealer in top_seats:
        return JACKPOT if seat == dealer else NOTHING
    if seat in pickers:
        any_tie = len(set(ranks)) < len(ranks)  # Bigger Jackpots grows the pot on any tie, even a picking one
        return TAKES + pickers.index(seat) + (len(ranks) if any_tie else 0)
    next_dealer = top_seats[0] if len(top_seats) == 1 else dealer
    return DEALS if next_dealer == seat else NOTHING


def outcome_gain(code: int, pot: list[float], n: int, bigger: float = 0.0) -> tuple[float, bool]:
    """A ``trick_outcome`` code's candy from this pot (piece values, best first; each picker takes the best
    piece left) and whether it deals next. ``bigger`` is the average value added per piece by Bigger
    Jackpots."""
    if code == JACKPOT:
        return sum(pot), True
    if code < TAKES:
        return 0.0, code == DEALS
    ahead = code - TAKES
    if ahead >= n:
        ahead -= n
        if bigger:
            pot = sorted(pot + [bigger] * len(pot), reverse=True)
    return (pot[ahead] if ahead < len(pot) else 0.0), False


def trick_gain(ranks: list[int], seat: int, dealer: int, pot: list[float], every_tie_skips: bool = True,
               bigger: float = 0.0) -> tuple[float, bool]:
    """What ``seat`` takes from a trick of these ranks and whether it deals next (see ``trick_outcome`` and
    ``outcome_gain``)."""
    return outcome_gain(trick_outcome(ranks, seat, dealer, every_tie_skips), pot, len(ranks), bigger)


def declaration(ranks: list[int], seat: int, dealer: int, pot: list[float], every_tie_skips: bool,
                dealer_bonus: float, bigger: float = 0.0) -> Declare:
    """``seat``'s (only) joker declared for the better value to it: high only when that is worth more."""
    def value(high: bool) -> float:
        declared = list(ranks)
        declared[seat] = JOKER_HIGH if high else JOKER_LOW
        gain, deals = trick_gain(declared, seat, dealer, pot, every_tie_skips, bigger)
        return gain + (dealer_bonus if deals else 0.0)

    return Declare(value(True) > value(False))


def pot_values(counts: Sequence[int], values: Sequence[int]) -> list[float]:
    """The pot's piece values, best first."""
    return sorted([float(v) for k, v in enumerate(values) for _ in range(counts[k])], reverse=True)


def _average_value(obs: TrickOrTreatObservation) -> float:
    total = sum(obs.supply_counts)
    if total == 0:
        return float(sum(obs.config.values)) / len(obs.config.values)
    return sum(c * v for c, v in zip(obs.supply_counts, obs.config.values)) / total


# ------------------------------------------------------------------------------------------- normal


SAMPLED_RANK = tuple(JOKER_LOW if c >= 52 else c // 4 + 2 for c in range(54))
"""A sampled card's rank in another seat's hand (a lone joker is assumed to go low)."""
_SLOT = tuple(0 if c == COLOURED_JOKER else 15 if c >= 52 else c // 4 + 2 for c in range(54))
"""Where a card of my hand is found in an outcome row: its rank, 0 for the coloured joker, 15 for the black."""
MAX_ROWS = 50_000
"""Outcome rows kept per table position before they are dropped (at 4 players every row fits; at 8 players
samples rarely repeat, so a bound keeps memory small)."""
_ROWS: dict[tuple[int, bool, int], dict[tuple[int, ...], list[int]]] = {}
"""Per (players, every tie skips, my seat counted from the dealer): the other seats' sampled ranks, counted
from the dealer, to a row of outcome codes by my card (``outcome_row``). The outcome of a
trick depends only on these, so a sample repeats work already done in an earlier decision (or game)."""


def outcome_row(key: tuple[int, ...], me: int, ets: bool) -> list[int]:
    """My outcome by my card's slot (``_SLOT``) with the dealer in seat 0, me in seat ``me`` and the other
    seats' ranks ``key`` (from the dealer on): a ``trick_outcome`` code, or past the plain codes
    (``TAKES + 2n``) the two halves of a joker jackpot and then a lone joker declared for the better of high
    and low (declared high it wins alone: ``DEALS``). ``trick_outcome`` worked out for every card at once."""
    n = len(key) + 1
    plain = TAKES + 2 * n
    row = [NOTHING] * 16
    jokers = key.count(JOKER_LOW)
    if jokers:
        row[0], row[15] = plain, plain + 1  # a joker jackpot with the other joker
        if jokers == 2:
            return row  # the two others split the pot
    top = max(key)
    counts: dict[int, int] = {}
    for r in key:
        counts[r] = counts.get(r, 0) + 1
    top_count = counts[top]
    repeats = len(counts) < len(key)
    # Seats that would pick ahead of a lower card: not the lone winner, not tied (with every_tie_skips),
    # not the tied highest (without); by rank, and those that play before me (first on equal ranks).
    pickers = [0] * 16
    earlier = [0] * 16
    for i, r in enumerate(key):
        if not (r == top and (top_count == 1 or not ets)) and not (ets and counts[r] > 1):
            pickers[r] += 1
            if i < me:
                earlier[r] += 1
    dealers_jackpot = top_count > 1 and me != 0 and key[0] == top
    above = 0  # pickers of a rank above mine
    for mine in range(14, JOKER_LOW - 1 if not jokers else 1, -1):
        if mine > top:
            code = DEALS
        elif mine == top:
            code = JACKPOT if me == 0 else NOTHING
        elif dealers_jackpot:
            code = NOTHING
        elif ets and mine in counts:
            code = DEALS if top_count > 1 and me == 0 else NOTHING
        else:
            code = TAKES + above + earlier[mine] + (n if repeats or mine in counts else 0)
        above += pickers[mine]
        if mine == JOKER_LOW:
            row[0] = row[15] = plain + 2 + code
        else:
            row[mine] = code
    return row


@lru_cache(maxsize=256)
def _value_table(pot: tuple[float, ...], n: int, bonus: float, bigger: float) -> tuple[float, ...]:
    """My value of each outcome code (``outcome_row``) in a trick with this pot and dealer bonus (cached:
    every seat of a trick prices the same later trick, and often the same pot)."""
    pieces = list(pot)
    plain = []
    for code in range(TAKES + 2 * n):
        gain, deals = outcome_gain(code, pieces, n, bigger)
        plain.append(gain + (bonus if deals else 0.0))
    return tuple(plain + [sum(pieces[0::2]), sum(pieces[1::2])] + [max(plain[DEALS], v) for v in plain])


def _outcome_rows(n: int, ets: bool, me: int, dealer: int) -> dict[tuple[int, ...], list[int]]:
    rows = _ROWS.setdefault((n, ets, (me - dealer) % n), {})
    if len(rows) > MAX_ROWS:
        rows.clear()
    return rows


@lru_cache(maxsize=None)
def _from_dealer(me: int, dealer: int, n: int) -> Callable[[list[int]], tuple[int, ...]]:
    """Picks the other seats' sampled ranks (listed by seat, mine left out) in order from the dealer, as a
    tuple."""
    other_seats = [s for s in range(n) if s != me]
    order = sorted(range(len(other_seats)), key=lambda i: (other_seats[i] - dealer) % n)
    if len(order) == 1:
        return tuple
    return itemgetter(*order)


def play_scores(obs: TrickOrTreatObservation, rng: random.Random, samples: int = 24) -> dict[str, float]:
    """Each playable label's score: its value in this trick minus its value in an average later trick."""
    me = obs.seat
    assert me is not None  # an agent observes from its own seat
    hand = [CARD_OF_TEXT[text] for text in obs.hand]
    unseen = [SAMPLED_RANK[CARD_OF_TEXT[text]] for text in obs.unseen]  # samples need only the ranks
    return card_scores(obs.players, me, obs.dealer, hand, unseen, _average_value(obs),
                       pot_values(obs.pot, obs.config.values), obs.config, rng, samples)


def card_scores(n: int, me: int, dealer: int, hand: list[int], unseen: list[int], avg: float, pot_now: list[float],
                config: Config, rng: random.Random, samples: int) -> dict[str, float]:
    """``play_scores`` from plain numbers: my cards (ids), the unseen cards' ranks (``SAMPLED_RANK``), the
    average candy's value and the pot's piece values, best first (a search's model of a seat calls this
    straight from a state, without an observation)."""
    labels: dict[str, int] = {}
    for card in sorted(hand):
        labels.setdefault(play_label(card), card)
    if len(labels) == 1:
        return {label: 0.0 for label in labels}
    generic = [avg] * (n - 1)
    ets = config.every_tie_skips
    bigger = avg if config.bigger_jackpots else 0.0
    bonus_now = DEALER_BONUS * max(avg, 0.0) + 0.25 * max(sum(pot_now) - (n - 1) * avg, 0.0)
    bonus_later = DEALER_BONUS * max(avg, 0.0)
    later_dealer = (me + 1) % n
    k = n - 1
    slots = [_SLOT[card] for card in labels.values()]
    totals = [0.0] * len(slots)
    if len(unseen) >= k:
        now_values = _value_table(tuple(pot_now), n, bonus_now, bigger)
        later_values = _value_table(tuple(generic), n, bonus_later, bigger) if len(hand) > 1 \
            else (0.0,) * len(now_values)
        now_rows = _outcome_rows(n, ets, me, dealer)
        later_rows = _outcome_rows(n, ets, me, later_dealer)
        now_me, later_me = (me - dealer) % n, (me - later_dealer) % n
        now_pick = _from_dealer(me, dealer, n)
        later_pick = _from_dealer(me, later_dealer, n)
        getrandbits = rng.getrandbits
        for _ in range(samples):
            others = sample_bits(getrandbits, unseen, k)
            now_key = now_pick(others)
            later_key = later_pick(others)
            now_row = now_rows.get(now_key)
            if now_row is None:
                now_row = now_rows[now_key] = outcome_row(now_key, now_me, ets)
            later_row = later_rows.get(later_key)
            if later_row is None:
                later_row = later_rows[later_key] = outcome_row(later_key, later_me, ets)
            for i, slot in enumerate(slots):
                totals[i] += now_values[now_row[slot]] - later_values[later_row[slot]]
    return dict(zip(labels, totals))


def best_pick(obs_pot: Sequence[int], kinds: Sequence[str], values: Sequence[int]) -> TakeCandy:
    best = max((k for k in range(len(kinds)) if obs_pot[k] > 0), key=lambda k: (values[k], -k))
    return TakeCandy(kinds[best])


def best_declaration(obs: TrickOrTreatObservation) -> Declare:
    me = obs.seat
    assert me is not None  # an agent observes from its own seat
    ranks = [0 if text is None else card_rank(parse_card(text), said == "high")
             for text, said in zip(obs.table, obs.declarations)]  # mine is set by each declaration weighed
    avg = _average_value(obs)
    pot = pot_values(obs.pot, obs.config.values)
    bonus = DEALER_BONUS * max(avg, 0.0)
    bigger = avg if obs.config.bigger_jackpots else 0.0
    return declaration(ranks, me, obs.dealer, pot, obs.config.every_tie_skips, bonus, bigger)


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
            return best_pick(obs.pot, obs.config.kinds, obs.config.values)
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
            return best_pick(obs.pot, obs.config.kinds, obs.config.values) if rng.random() < 0.75 \
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
        if rng.random() < 0.6:
            return PLAYS[hand[0]]  # hands are kept sorted: the lowest card, a plain one while there is one
        return PLAYS[hand[rng.randrange(len(hand))]]
    config = state.config
    if phase == DECLARE:
        seat = state.declare_queue[0]
        ranks = list(map(card_rank, state.played, state.declared))  # the seat's joker is still undeclared
        pot = pot_values(state.pot, config.values)
        return declaration(ranks, seat, state.dealer, pot, config.every_tie_skips, 0.3)
    return best_pick(state.pot, config.kinds, config.values)


@lru_cache(maxsize=None)
def keep_chances(players: int) -> tuple[float, ...]:
    """For each card id, the chance that it takes candy in an average trick of ``players`` (it neither wins
    alone nor ties); a joker always can (declared low)."""
    others = players - 1
    tie = 1.0 - (1.0 - 3 / 53.0) ** others
    return tuple(1.0 if card >= 52 else max(0.0, 1.0 - ((card // 4) * 4 / 53.0) ** others - tie)
                 for card in range(54))


def evaluate(state: GameState) -> list[float]:
    """Reward per seat in [0, 1]: the real result at the end; otherwise a smooth lead over the best rival,
    counting each seat's candy plus what its remaining cards should still win this deal."""
    assert isinstance(state, TrickOrTreatState)  # SearchSettings takes any game's state; the search passes ours
    if state.is_terminal():
        return state.returns()
    n = state.num_players
    values = state.config.values
    supply = len(state.supply)
    avg = (sum(map(values.__getitem__, state.supply)) / supply) if supply else 0.0
    keep = keep_chances(n).__getitem__
    worth = []
    for s in range(n):
        own = sum(map(mul, state.candy[s], values))
        worth.append(own + avg * sum(map(keep, state.hands[s])))
    spread = 1.0 + 0.6 * math.sqrt(supply / n + 1.0)
    out = []
    for s in range(n):
        rival = max(worth[t] for t in range(n) if t != s)
        out.append(1.0 / (1.0 + math.exp(-(worth[s] - rival) / spread)))
    return out


HARD_ITERATIONS = 450
"""hard's iterations a decision at 4 players: about 200 ms of CPU at the median and 230 at the 95th percentile
(measured with the model of the other seats, which costs about three times a plain iteration)."""
SEARCH_SETTINGS = SearchSettings(iterations=HARD_ITERATIONS, exploration=0.7, rollout_policy=rollout_policy,
                                 evaluate=evaluate, rollout_depth=12)


# ------------------------------------------------------------------------------------- hard's model

# How hard reads the other seats: each plays as a sound player would (``normal``'s card weighing, with a
# few samples) half of the time and any card the other half, so the worlds it searches hold the face-down
# cards such players would have chosen, and the search moves the other seats by the same model rather than
# letting them 'see' hard's face-down card.
#
# A world drawn uniformly from the unseen cards gives a seat that has already played this trick any card at
# random; a player who weighs its cards rarely throws an Ace into a poor pot, so the model redraws that
# seat's face-down card from its sampled hand as it would have chosen it.

MODEL_SAMPLES = 4
"""Samples of the current trick behind each modelled card: enough to rank the cards as ``normal`` does,
noisy enough to stand for players less exact than it."""
MODELLED_SEATS = 3
"""The other seats hard's default budget is sized for (4 players). Each iteration models every other seat's
card, so at more players the default budget shrinks in proportion and a decision keeps its time (measured
at 8 players with the full budget: 390 ms median, over 500 ms at the 95th percentile)."""
CARE = 0.5
"""How often a modelled seat weighs its cards; otherwise it plays any card. Measured against three
``normal`` at 300 iterations (the same seeds): a model that always weighs its cards won 41% of 200 games,
one that does half the time 47.5% of the first 100 (each seat 50), and as much against three ``random``
(39%): hard's choice must not hang on the other seats playing exactly as it thinks. At the default budget
over the same 200 games (50 a seat): half the time won 44.8% against three ``normal``; never (the
true model of a ``random`` player) 32.8% against ``normal`` and 41.8% against ``random``; a reading of each
seat from its revealed cards (Bayes' rule between the two) 40.0-42.6% and 38.7-41.3%, no better, so the
model stays fixed."""


def modelled_card(state: TrickOrTreatState, seat: int, rng: random.Random, samples: int = MODEL_SAMPLES) -> int:
    """The card ``seat`` plays from its hand in ``state`` (before it has played this trick) by the model:
    ``normal``'s weighing of what it can see, worked out straight from the state."""
    hand = state.hands[seat]
    if len(hand) == 1:
        return hand[0]
    config = state.config
    known = set(hand)
    known.update(state.seen)
    unseen = [SAMPLED_RANK[card] for card in range(config.deck_size) if card not in known]
    values = config.values
    supply = state.supply
    avg = sum(values[kind] for kind in supply) / len(supply) if supply else sum(values) / len(values)
    scores = card_scores(state.num_players, seat, state.dealer, hand, unseen, avg, pot_values(state.pot, values),
                         config, rng, samples)
    label = max(scores, key=scores.__getitem__)
    return next(card for card in LABEL_CARDS[label] if card in hand)


def opponent_card(state: TrickOrTreatState, seat: int, rng: random.Random) -> int:
    """The card ``seat`` plays by the model: weighed (``modelled_card``) ``CARE`` of the time, else any."""
    hand = state.hands[seat]
    if rng.random() >= CARE:
        return hand[rng.randrange(len(hand))]
    return modelled_card(state, seat, rng)


def model_policy(state: GameState, rng: random.Random) -> Action:
    """One move of the model on a full state: a card by ``opponent_card``; a joker declared and candy taken by
    the rollout policy's rules."""
    assert isinstance(state, TrickOrTreatState)  # SearchSettings takes any game's state; the search passes ours
    if state.phase == PLAY:
        return PLAYS[opponent_card(state, state.turn, rng)]
    return rollout_policy(state, rng)


def inferred_world(observation: Observation, rng: random.Random) -> TrickOrTreatState:
    """A world consistent with ``observation`` (``sample_state``) whose face-down cards of the other seats
    are those the model (``opponent_card``) played from their sampled hands."""
    assert isinstance(observation, TrickOrTreatObservation)  # the search passes ours
    state = sample_state(observation, rng)
    if state.revealed or state.phase != PLAY:
        return state
    me = observation.seat
    for seat, card in enumerate(state.played):
        if card is None or seat == me:
            continue
        hand = state.hands[seat]
        hand.append(card)
        hand.sort()
        state.played[seat] = None
        chosen = opponent_card(state, seat, rng)
        hand.remove(chosen)
        state.played[seat] = chosen
    return state


class HardAgent(SearchAgent):
    """hard: the search over worlds whose face-down cards the model chose, with the other seats moved by the
    model in the current trick (later tricks by the cheap rollout policy: what counts is the card hard
    chooses now, and the model costs a few times as much)."""

    def prepare(self, observation: Observation, legal: Sequence[Action]) -> SearchInputs:
        assert isinstance(observation, TrickOrTreatObservation)  # the table passes ours
        trick = observation.trick_number

        def opponents(state: GameState, rng: random.Random) -> Action:
            assert isinstance(state, TrickOrTreatState)  # the search passes ours
            return model_policy(state, rng) if state.trick_number == trick else rollout_policy(state, rng)

        settings = replace(self.settings, opponent_policy=opponents)
        others = observation.players - 1
        if self.context.budget is None and others > MODELLED_SEATS:
            settings = replace(settings, iterations=settings.iterations * MODELLED_SEATS // others)
        return legal, lambda rng: self.sample_world(observation, rng), settings

    def sample_world(self, observation: Observation, rng: random.Random) -> GameState:
        if self.world is not None:  # the oracle level: the true state
            return self.world.clone()
        return inferred_world(observation, rng)


def make_hard(context: AgentContext) -> Agent:
    """hard: the search with the model of the other seats and the default settings."""
    return HardAgent(context, SEARCH_SETTINGS)


AGENTS = {
    "random": RandomAgent,
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": make_hard,
}
