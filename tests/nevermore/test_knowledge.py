"""Search remembers this hand: its own passes and the hands it peeked stay where they must be in every
sampled world, and cards passed onward out of sight spread over the worlds."""

import random
from collections import Counter

from tests.nevermore.helpers import H, SPEC, game, play

SAMPLES = 60


def _worlds(state, seat: int = 0, samples: int = SAMPLES):
    rng = random.Random(5)
    obs = state.observation(seat)
    return [SPEC.sample_state(obs, rng) for _ in range(samples)]


def _four_seat_draft():
    # No one but seat 0 holds an attack, so every attack seat 1 is sampled with comes from what it knows.
    return game([H("AAAHH"), H("RRRVV"), H("RRVVX"), H("HRRVV")], drafted=False)


def test_the_cards_just_passed_are_in_the_receivers_hand_in_every_world():
    s = _four_seat_draft()
    play(s, "pass attack+attack+attack", "pass radiance+radiance+radiance", "pass radiance+radiance+victory",
         "pass healing+radiance+radiance")
    for world in _worlds(s):
        assert Counter(world.hands[1])["attack"] >= 3


def test_an_older_pass_keeps_what_the_receiver_could_not_have_passed_on():
    s = _four_seat_draft()
    play(s, "pass attack+attack+attack", "pass radiance+radiance+radiance", "pass radiance+radiance+victory",
         "pass healing+radiance+radiance")
    # Seat 0 now holds H H + R R V from seat 3; it passes the two healings, seat 1 passes two attacks on.
    play(s, "pass healing+healing", "pass attack+attack")
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert s.draft_round == 2
    worlds = _worlds(s)
    for world in worlds:
        seat1 = Counter(world.hands[1])
        assert seat1["healing"] >= 2 and seat1["attack"] >= 1
    # Which of seat 1's cards went on is secret: some worlds send attacks to seat 2, some keep them.
    attacks_at_2 = {Counter(world.hands[2])["attack"] for world in worlds}
    assert len(attacks_at_2) > 1


def test_a_pass_that_comes_back_is_not_counted_twice():
    # Three players: seat 0's attacks go to seat 1, whose pass comes round to seat 2, whose pass is seat 0's.
    s = game([H("AAAHH"), H("RRRVV"), H("RRVVX")], drafted=False)
    play(s, "pass attack+attack+attack", "pass radiance+radiance+radiance", "pass radiance+radiance+victory")
    play(s, "pass healing+healing", "pass attack+attack", "pass radiance+radiance")
    for world in _worlds(s):
        assert Counter(world.hands[1])["attack"] >= 1
        assert sum(Counter(hand)["attack"] for hand in world.hands) >= 3


def test_a_peeked_hand_is_the_hand_in_every_world_until_it_changes():
    s = game([H("AAAHH"), H("RRRVV"), H("XXXVA")], variant="standard", magick=[["augurs_lantern"], [], []],
             drafted=False, tokens_face_up=False)
    play(s, "play augurs_lantern on 2")
    assert [(target, seen_at) for _, target, _, seen_at in s.observation(0).peeks] == [(2, 0)]
    for world in _worlds(s):
        assert sorted(world.hands[2]) == sorted(H("XXXVA"))
