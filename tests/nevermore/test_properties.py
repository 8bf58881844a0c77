"""Property tests (hypothesis): any seed, any table size, any moment: the contracts hold."""

import random

from hypothesis import given, settings, strategies as st

from tests.nevermore.helpers import SPEC, params

STANDARD = params("standard")


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 6), steps=st.integers(0, 120))
def test_any_moment_samples_consistently_and_replays(seed, players, steps):
    s = SPEC.new_game(STANDARD, players, seed)
    rng = random.Random(seed)
    played = []
    for _ in range(steps):
        if s.is_terminal():
            break
        actions = s.legal_actions()
        action = actions[rng.randrange(len(actions))]
        played.append(str(action))
        s.apply(action)
    if s.is_terminal():
        return
    seat = s.current_player()
    obs = s.observation(seat)
    world = SPEC.sample_state(obs, rng)
    assert [str(a) for a in world.legal_actions()] == [str(a) for a in s.legal_actions()]
    assert world.observation(seat).hand == obs.hand and world.health == s.health and world.vp == s.vp
    # The sampled world plays on to an end like the real one.
    while not world.is_terminal():
        actions = world.legal_actions()
        world.apply(actions[rng.randrange(len(actions))])
    # Same seed, same actions: the same game.
    again = SPEC.new_game(STANDARD, players, seed)
    from game.core.contracts import find_action

    for text in played:
        again.apply(find_action(again, text))
    assert again.observation(seat) == obs
