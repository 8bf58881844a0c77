"""Spectral Reapers bots: the clone-free move scorer gives exactly what cloning, playing and evaluating gives."""

import random

import pytest

from game.games.spectral_reapers.bots import _after, _full_order_candidates, _Scorer, evaluate
from game.games.spectral_reapers.rules import PLACE, SOW, SowAction, new_game

VARIANTS = [
    {},
    {"capture_count": 1},
    {"capture_count": 3},
    {"pits_per_player": 3},
    {"capture_count": 3, "beads_per_player": 14, "placement_min": 4, "placement_max": 5},
    {"end_threshold": 4, "safety_bound": 6},
    {"order_choices_cap": 12},
]


def _check(state, rng):
    seat = state.to_move
    scorer = _Scorer(state, seat)
    actions = list(state.legal_actions())
    if state.phase == SOW:
        pits = {a.pit for a in actions if isinstance(a, SowAction)}
        for pit in pits:
            cont = state.hand is not None
            actions += [SowAction(pit, order, 0, cont) for order in _full_order_candidates(state, pit, rng, 3)]
    for action in actions:
        assert scorer.score(action) == evaluate(_after(state, action), seat), (state, action)


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_scorer_matches_clone_and_evaluate(params, players):
    try:
        state = new_game(params, players, players)
    except ValueError:
        pytest.skip("this variant does not fit this table")
    rng = random.Random(players)
    steps = 0
    while not state.is_terminal() and steps < 120:
        if state.phase != PLACE and steps % 3 == 0:
            _check(state, rng)
        steps += 1
        legal = state.legal_actions()
        state.apply_legal(legal[rng.randrange(len(legal))])
