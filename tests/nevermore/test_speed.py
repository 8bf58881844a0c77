"""The shortcuts that make search fast give the same results as the long way round (issue 18)."""

from __future__ import annotations

import random

import pytest

from game.games.nevermore.bots import magick_worth, magick_worths, rollout_policy
from game.games.nevermore.rules import MagickDecision, NevermoreState, PassDecision, RespondDecision, new_game
from game.games.nevermore.rules.state import DECISIONS
from game.games.nevermore.rules.actions import NoMagick, PlayMagick
from game.games.nevermore.rules.cards import distinct_subsets
from game.games.nevermore.rules.worlds import WorldSampler

from tests.nevermore.helpers import params

P = params("standard")


def _games(players: int, seeds: range) -> list[NevermoreState]:
    return [new_game(P, players, seed) for seed in seeds]


@pytest.mark.parametrize("players", [3, 6])
def test_the_legal_actions_a_window_lists_at_once_are_those_asked_for_later(players: int) -> None:
    asked = 0
    for state in _games(players, range(4)):
        rng = random.Random(1)
        while not state.is_terminal():
            decision = state.decision
            assert decision is not None
            legal = state.legal_actions()
            if isinstance(decision, (MagickDecision, RespondDecision)):
                asked += 1
                assert legal == DECISIONS[type(decision)][0](state, decision)
                assert len(legal) > 1  # a seat is asked only when it has a play
                assert isinstance(legal[-1], NoMagick) and all(isinstance(a, PlayMagick) for a in legal[:-1])
            if isinstance(decision, PassDecision):
                assert [a.cards for a in legal] == distinct_subsets(state.hands[decision.seat], len(legal[0].cards))
            state.apply_legal(legal[rng.randrange(len(legal))])
    assert asked


def test_a_card_is_weighed_once_only_when_its_target_cannot_change_its_worth() -> None:
    state = new_game(P, 5, 3)
    cards = state.cards
    plays = [PlayMagick(card_id, target, "")
             for card_id in sorted(cards) for target in (-1, 0, 2, 4)]
    rng = random.Random(0)
    for _ in range(20):
        vp = [rng.randrange(5) for _ in range(5)]
        health = [rng.randrange(1, 6) for _ in range(5)]
        raven = [rng.random() < 0.3 for _ in range(5)]
        hand = ["attack", "raven", "victory", "victory"]
        expected = [magick_worth(cards, a, 1, vp, health, raven, (), hand) for a in plays]
        assert magick_worths(cards, plays, 1, vp, health, raven, (), hand) == expected


def test_a_quiet_world_plays_as_a_loud_one_but_makes_no_events() -> None:
    for seed in range(6):
        state = new_game(P, 4, seed)
        seat = state.current_player()
        observation = state.observation(seat)
        worlds = WorldSampler(observation, observation.config)
        loud, quiet = worlds.sample(random.Random(seed)), worlds.sample(random.Random(seed))
        quiet.quiet = True
        made: list = []
        first, second = random.Random(seed), random.Random(seed)
        while not loud.is_terminal():
            made += loud.apply_legal(rollout_policy(loud, first))
            assert quiet.apply_legal(rollout_policy(quiet, second)) == []
        assert made and quiet.is_terminal()
        assert (quiet.vp, quiet.health, quiet.raven, quiet.winner_list) == \
            (loud.vp, loud.health, loud.raven, loud.winner_list)
