"""Spectral Reapers: sowing orders are offered as distinct outcomes, checked against brute force."""

import random
from itertools import permutations

import pytest

from game.core.contracts import IllegalActionError
from game.games.spectral_reapers.rules import COLOUR_LETTERS, SowAction, outcome_key
from game.games.spectral_reapers.rules.orders import _chunk_orders
from tests.spectral_reapers.boards import from_board


def _letters(counts):
    return "".join(COLOUR_LETTERS[c] * n for c, n in enumerate(counts))


def _brute(hand_letters, origin, ring):
    return {outcome_key(origin, 0, "".join(p), ring) for p in set(permutations(hand_letters))}


CASES = [
    (2, "RG"), (2, "RRG"), (2, "RRGG"), (2, "RRRGG"), (2, "RRRGGG"), (2, "RGGGGG"), (2, "RRRRGGG"),
    (3, "RGB"), (3, "RRGB"), (3, "RGBRGB"), (3, "RRRBBG"), (3, "RGGBBB"),
    (4, "RGBY"), (4, "RRGBY"), (4, "RGBYRG"), (4, "RRGGBY"),
]


@pytest.mark.parametrize("pits_per_player", [1, 2, 3])
@pytest.mark.parametrize("players,hand", CASES)
def test_distinct_outcomes_match_brute_force_permutations(players, hand, pits_per_player):
    ring = players * pits_per_player
    if ring < 3:
        return
    params = {"order_choices_cap": 5000, "pits_per_player": pits_per_player}
    filler = "".join(COLOUR_LETTERS[c] * 2 for c in range(players))  # keeps every colour above the end
    pits = [hand, filler] + [""] * (ring - 2)
    state = from_board(pits, players=players, params=params)
    actions = [a for a in state.legal_actions() if a.pit == 0]
    keys = [outcome_key(0, 0, a.order, ring) for a in actions]
    assert len(keys) == len(set(keys)), "two actions with the same outcome"
    assert set(keys) == _brute(hand, 0, ring)
    for action in actions:
        assert sorted(action.order) == sorted(hand) and action.left == 0
    texts = [str(a) for a in actions]
    assert len(texts) == len(set(texts))


def test_the_offered_outcome_is_what_apply_does():
    state = from_board(["RRGB", "", "B", "G", "", ""], players=3)
    for action in [a for a in state.legal_actions() if a.pit == 0]:
        child = state.clone()
        child.apply(action)
        expect = {p: "" for p in range(6)}
        for pit, letters in outcome_key(0, 0, action.order, 6)[0]:
            expect[pit] = letters
        for pit in (1, 4, 5):
            assert _letters(child.pits[pit]) == expect[pit]


def test_a_big_pit_is_ordered_in_parts_and_every_outcome_stays_reachable():
    hand = "RRRGGBB"
    ring = 6
    params = {"order_choices_cap": 12}
    start = from_board([hand, "RGB", "", "", "", "GB"], players=3, params=params)
    first = [a for a in start.legal_actions() if a.pit == 0]
    assert first[0].left > 0 and len(first) <= 12
    assert str(first[0]).endswith(f"+{first[0].left}")
    reached = set()

    def walk(state, done):
        if state.hand is None:
            reached.add(outcome_key(0, 0, done, ring))
            return
        legal = state.legal_actions()
        assert 0 < len(legal) <= 12 and all(a.cont for a in legal)
        assert all(str(a).startswith("sow-on 0 order=") for a in legal)
        for action in legal:
            child = state.clone()
            child.apply(action)
            walk(child, done + action.order)

    for action in first:
        state = start.clone()
        state.apply(action)
        assert state.current_player() == start.current_player()
        walk(state, action.order)
    assert reached == _brute(hand, 0, ring)


def test_while_beads_are_in_hand_only_sow_on_is_legal():
    params = {"order_choices_cap": 6}
    state = from_board(["RRGGB", "R", "", "G", "B", "G"], players=3, params=params)
    action = next(a for a in state.legal_actions() if a.pit == 0)
    state.apply(action)
    assert state.hand is not None
    obs = state.observation(1)
    assert obs.hand and obs.hand_origin == 0 and obs.hand_slot == len(action.order)
    before = state.observation(0)
    with pytest.raises(IllegalActionError):
        state.apply(SowAction(1, "R"))
    assert state.observation(0) == before


def test_the_worst_realistic_pit_stays_fast():
    """A pit of 24 beads in six colours (far beyond what play produces) is still listed at once."""
    import time

    _chunk_orders.cache_clear()
    started = time.perf_counter()
    k, orders = _chunk_orders((4, 4, 4, 4, 4, 4), 11, 120)
    k2, orders2 = _chunk_orders((8, 3, 7, 2, 1, 3), 11, 120)
    assert time.perf_counter() - started < 1.0
    assert 1 <= k < 24 and 0 < len(orders) <= 120 and 0 < len(orders2) <= 120


def test_canonical_orders_are_stable():
    assert _chunk_orders((1, 1), 3, 120) == (2, ("RG", "GR"))
    # two landing pits, three beads: the first pit gets two visits; RRG, RGR and GRR all differ.
    assert _chunk_orders((2, 1), 2, 120) == (3, ("RRG", "RGR", "GRR"))
    # RRG and GRR put the same beads in the same pits, but the last bead differs: both are offered.
    assert outcome_key(0, 0, "RRG", 3)[0] == outcome_key(0, 0, "GRR", 3)[0]


def test_random_hands_against_brute_force():
    rng = random.Random(3)
    for _ in range(40):
        players = rng.randint(2, 4)
        ring = players * rng.randint(1, 2)
        if ring < 3:
            continue
        size = rng.randint(1, 7)
        hand = "".join(COLOUR_LETTERS[rng.randrange(players)] for _ in range(size))
        k, orders = _chunk_orders(tuple(hand.count(COLOUR_LETTERS[c]) for c in range(players)), ring - 1, 5000)
        assert k == size
        keys = [outcome_key(0, 0, o, ring) for o in orders]
        assert len(set(keys)) == len(keys) and set(keys) == _brute(hand, 0, ring)
