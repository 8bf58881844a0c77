"""Spectral Reapers: the fast paths of the ranking and the legality check give what the plain ones give."""

import random

import pytest

from game.games.spectral_reapers.bots import (
    _part_order, _placement_scores, _Scorer, _spread, best_action, rank_actions,
)
from game.games.spectral_reapers.rules import PLACE, SOW, SowAction, new_game
from game.games.spectral_reapers.rules.orders import sow_actions

VARIANTS = [{}, {"capture_count": 3}, {"pits_per_player": 3}, {"order_choices_cap": 12}]


def _positions(params, players, seed, steps=90):
    """Positions of one game played at random (every third one, placing included)."""
    state = new_game(params, players, seed)
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_terminal():
            return
        if step % 3 == 0:
            yield state.clone()
        legal = state.legal_actions()
        state.apply_legal(legal[rng.randrange(len(legal))])


def _landing_key(order, lap):
    """What an order sows where (the matching the ranking used before ``_part_order``)."""
    if len(order) <= lap:
        return order
    return tuple("".join(sorted(order[j::lap])) for j in range(lap)), order[-1]


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_best_action_is_the_first_ranked_and_draws_the_same(params, players):
    for state in _positions(params, players, players):
        legal = state.legal_actions()
        ranked_rng, best_rng = random.Random(7), random.Random(7)
        assert best_action(state, legal, best_rng) == rank_actions(state, legal, ranked_rng)[0][1]
        assert best_rng.random() == ranked_rng.random()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_part_order_matches_what_the_landing_key_matched(players):
    rng = random.Random(players)
    lap = 2 * players - 1
    for _ in range(300):
        hand = [rng.randrange(players) for _ in range(rng.randrange(1, 3 * lap))]
        order = "".join("RGBYPW"[c] for c in hand)
        k = rng.randrange(1, len(order) + 1)
        prefix = order[:k]
        match = _part_order(prefix, lap)
        if match is None:
            continue
        assert _landing_key(match, lap) == _landing_key(prefix, lap)


@pytest.mark.parametrize("params", VARIANTS)
def test_sow_legality_without_listing_agrees_with_the_list(params):
    for state in _positions(params, 4, 3):
        if state.phase != SOW:
            continue
        for action in state.legal_actions():
            assert state.is_legal(action)
            for other in (SowAction(action.pit, action.order, action.left + 1, action.cont),
                          SowAction(action.pit, action.order[::-1], action.left, action.cont),
                          SowAction((action.pit + 1) % state.ring, action.order, action.left, action.cont)):
                assert state.is_legal(other) == (other in state.legal_actions())


@pytest.mark.parametrize("params", VARIANTS)
@pytest.mark.parametrize("players", [3, 6])
def test_scores_in_one_loop_equal_scores_one_by_one(params, players):
    for state in _positions(params, players, 11):
        if state.phase != SOW:
            continue
        seat = state.to_move
        for action in state.legal_actions():
            assert isinstance(action, SowAction)
            batch = _Scorer(state, seat).sow_scores(action.pit, [action.order], action.left, action.cont)
            assert batch == [_Scorer(state, seat).score(action)]


def test_sow_actions_are_equal_to_constructed_ones_and_frozen():
    action = sow_actions(2, (1, 2, 0, 0), 7, 120, False)[0]
    same = SowAction(2, action.order, action.left, False)
    assert action == same and hash(action) == hash(same) and str(action) == str(same)
    with pytest.raises(AttributeError):
        action.pit = 3


def _placement_score(sizes, ring, action):
    """One placement scored alone, each term worked out for it (what ``_placement_scores`` shares)."""
    crowd = sum(sizes[p] for p, _ in action.placements)
    weight = sum(count * (1 if sizes[p] else 0) for p, count in action.placements)
    return -3.0 * crowd + _spread(tuple(p for p, _ in action.placements), ring) + 0.1 * weight


@pytest.mark.parametrize("players", [2, 6])
def test_placement_scores_of_a_decision_equal_each_placement_scored_alone(players):
    state = new_game({}, players, 5)
    while state.phase == PLACE:
        sizes = [sum(pit) for pit in state.pits]
        legal = state.legal_actions()
        assert _placement_scores(state, legal) == [_placement_score(sizes, state.ring, a) for a in legal]
        state.apply_legal(legal[len(legal) // 3])
