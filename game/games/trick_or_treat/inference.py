"""How hard reads the other seats: each plays as a sound player would (``normal``'s card weighing, with a
few samples) half of the time and any card the other half, so the worlds it searches hold the face-down
cards such players would have chosen, and the search moves the other seats by the same model rather than
letting them 'see' hard's face-down card.

A world drawn uniformly from the unseen cards gives a seat that has already played this trick any card at
random; a player who weighs its cards rarely throws an Ace into a poor pot, so the model redraws that
seat's face-down card from its sampled hand as it would have chosen it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Sequence

from game.ai.ismcts import SearchAgent, SearchInputs
from game.core.contracts import Action, GameState, Observation
from game.games.trick_or_treat.bots import SAMPLED_RANK, pot_values, card_scores, rollout_policy
from game.games.trick_or_treat.rules import PLAY, TrickOrTreatObservation, TrickOrTreatState
from game.games.trick_or_treat.rules.cards import LABEL_CARDS
from game.games.trick_or_treat.rules.observe import sample_state
from game.games.trick_or_treat.rules.state import PLAYS

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
    rules = state.rules
    known = set(hand)
    known.update(state.seen)
    unseen = [SAMPLED_RANK[card] for card in range(rules.deck_size) if card not in known]
    values = rules.values
    supply = state.supply
    avg = sum(values[kind] for kind in supply) / len(supply) if supply else sum(values) / len(values)
    scores = card_scores(state.num_players, seat, state.dealer, hand, unseen, avg, pot_values(state.pot, values),
                         rules, rng, samples)
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
