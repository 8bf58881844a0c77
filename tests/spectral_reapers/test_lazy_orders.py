"""Spectral Reapers: a sowing decision's lazy legal actions, the shared counts of outcomes and the written-out
shuffle give exactly what the plain ways give."""

import random
from itertools import permutations

import pytest

from game.core.draws import shuffle
from game.games.spectral_reapers.rules import COLOUR_LETTERS, SOW, SowAction, SowChoices, new_game, outcome_key
from game.games.spectral_reapers.rules.orders import _chunk_orders, _count_outcomes, _sequences


def _sowing_positions(players, seed, steps=120):
    """Sowing-phase positions of one game played at random."""
    state = new_game({}, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.phase == SOW:
            yield state
        legal = state.legal_actions()
        state = state.clone()
        state.apply_legal(legal[rng.randrange(len(legal))])


def _eager(choices):
    """The actions of ``choices`` made one by one, as the eager list was."""
    return [SowAction(run.pit, order, run.left, run.cont) for run in choices.runs for order in run.orders]


@pytest.mark.parametrize("players", [2, 4, 6])
def test_sow_choices_behave_as_the_list_of_their_actions(players):
    for state in _sowing_positions(players, players + 3):
        legal = state.legal_actions()
        assert isinstance(legal, SowChoices)
        eager = _eager(legal)
        assert len(legal) == len(eager) and list(legal) == eager and legal == eager
        assert [legal[i] for i in range(-len(eager), len(eager))] == eager + eager
        assert legal[1:7] == eager[1:7] and legal[::-5] == eager[::-5]
        with pytest.raises(IndexError):
            legal[len(eager)]
        for action in eager[::11]:
            assert action in legal and legal.index(action) == eager.index(action)
            assert SowAction(action.pit, action.order, action.left + 1, action.cont) not in legal
        assert "sow 0 order=R" not in legal


def test_counts_shared_between_hands_of_one_shape_match_counting_permutations():
    rng = random.Random(3)
    checked = 0
    while checked < 60:
        players = rng.randrange(2, 5)
        lap = rng.randrange(2, 6)
        hand = tuple(rng.randrange(3) for _ in range(players))
        n = sum(hand)
        if not 1 <= n <= 7:
            continue
        beads = "".join(COLOUR_LETTERS[c] * k for c, k in enumerate(hand))
        k = rng.randrange(1, n + 1)
        final = k == n
        keys = [outcome_key(0, 0, "".join(p[:k]), lap + 1) for p in permutations(beads)]
        outcomes = set(keys) if final else {landed for landed, _ in keys}
        assert _count_outcomes(hand, k, lap, final, 10_000) == len(outcomes)
        assert _count_outcomes(hand, k, lap, final, 3) == min(3, len(outcomes))
        checked += 1


def test_sequences_relabelled_from_their_shape_are_every_sequence_in_colour_order():
    for hand in [(2, 0, 1), (0, 2, 0, 1), (1, 1, 1, 0, 0, 2), (0, 0, 3)]:
        beads = "".join(COLOUR_LETTERS[c] * k for c, k in enumerate(hand))
        for k in range(1, len(beads) + 1):
            expected = sorted({"".join(p[:k]) for p in permutations(beads)},
                              key=lambda order: [COLOUR_LETTERS.index(x) for x in order])
            assert list(_sequences(hand, k)) == expected
    k, orders = _chunk_orders((0, 3, 0, 2), 3, 120)
    assert k == 5 and all(set(order) == {"G", "Y"} for order in orders)


@pytest.mark.parametrize("size", [0, 1, 2, 5, 17, 40])
def test_the_written_out_shuffle_draws_as_random_shuffle(size):
    for seed in range(20):
        mine, theirs = random.Random(seed), random.Random(seed)
        items = [COLOUR_LETTERS[i % 6] + str(i) for i in range(size)]
        copy = items[:]
        for _ in range(3):
            shuffle(items, mine)
            theirs.shuffle(copy)
            assert items == copy
        assert mine.random() == theirs.random()
