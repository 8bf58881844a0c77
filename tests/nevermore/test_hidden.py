"""Observations hide secrets; sampled states agree with what the seat knows."""

import random

from game.games.nevermore.rules import events as ev
from tests.nevermore.helpers import H, SPEC, game, params, play


def test_observation_shows_own_hand_and_sizes_only():
    s = SPEC.new_game(params("standard"), 4, 7)
    o = s.observation(1)
    assert o.hand == tuple(sorted(s.hands[1], key=lambda c: ("attack", "healing", "radiance", "victory",
                                                            "raven").index(c)))
    assert o.hand_sizes == (5, 5, 5, 5)
    assert o.magick_counts == ((0, 1),) * 4
    text = repr(o)
    for other in (0, 2, 3):
        assert o.magick == tuple(sorted(s.magick[1]))
    assert "tokens" in text and o.tokens == ("attack", "healing", "radiance", "victory")  # first hand face up


def test_later_hand_tokens_are_hidden_until_revealed():
    s = game([H("AAAHH"), H("RRRVV"), H("HHRVA")])
    while s.hand_no == 1:
        s.apply(s.legal_actions()[0])
    o = s.observation(0)
    assert o.tokens == (None,) * 4 and o.revealed == 0


def test_private_events_are_hidden_from_other_seats():
    dealt = ev.CardsDealt(0, ("attack",), 1, 59, 0)
    assert dealt.seen_by(1).cards is None and dealt.seen_by(0).cards == ("attack",)
    assert dealt.seen_by(None).cards is None
    kill = ev.KillsChosen(2, ("victory",))
    assert kill.seen_by(0).cards is None


def test_kills_hidden_in_observation():
    s = game([H("AHRVX"), H("AAHRR"), H("HHRVV")])
    play(s, "kill victory")
    assert s.observation(1).my_kills == ()
    assert "victory" not in str(s.observation(1).revealed_log)


def test_sample_state_matches_observation_and_legal_actions():
    rng = random.Random(3)
    for seed in range(6):
        s = SPEC.new_game(params("standard"), 3 + seed % 4, seed)
        steps = 0
        while not s.is_terminal() and steps < 150:
            seat = s.current_player()
            o = s.observation(seat)
            world = SPEC.sample_state(o, rng)
            assert world.observation(seat).hand == o.hand
            assert world.observation(seat).hand_sizes == o.hand_sizes
            assert world.observation(seat).magick_counts == o.magick_counts
            assert [str(a) for a in world.legal_actions()] == [str(a) for a in s.legal_actions()]
            assert sum(len(h) for h in world.hands) + len(world.deck) + len(world.discard) + sum(
                len([c for c in d if not c.startswith("m:")]) for d in world.discarded) == 60 + sum(
                1 for h in world.hands for c in h if c.startswith("m:"))
            actions = s.legal_actions()
            s.apply(actions[rng.randrange(len(actions))])
            steps += 1


def test_sample_state_with_full_knowledge_rebuilds_the_hand():
    # When everything about the other hands is public (all suits revealed), the sample equals the truth.
    s = game([H("AAAVV"), H("AHHRR"), H("HRRVV")])
    play(s, "attack 2")
    o = s.observation(0)
    world = SPEC.sample_state(o, random.Random(1))
    assert sorted(world.hands[1]) == sorted(s.hands[1]) or s.hand_no == 2


def test_a_secret_token_order_never_leaks_through_the_observation():
    s = game([H("AAHRV"), H("HHRVV"), H("RAHVV")], variant="standard", magick=[["sextons_toll"], [], []],
             tokens_face_up=False)
    play(s, "play sextons_toll as victory,radiance,healing,attack")
    o = s.observation(1)
    assert "victory,radiance" not in repr(o)
    assert "victory,radiance" not in repr([e.seen_by(1) for e in s.events])
    world = SPEC.sample_state(o, random.Random(0))
    assert world.tokens[: s.revealed] == s.tokens[: s.revealed]


def test_one_world_sampler_deals_fresh_worlds_that_later_play_cannot_change():
    # Search draws hundreds of worlds from one sampler and plays each to the end of the hand: what the
    # sampler works out once must never be shared with a world that play then mutates.
    from game.games.nevermore.rules import WorldSampler

    s = SPEC.new_game(params("standard"), 4, 7)
    rng = random.Random(5)
    while not s.is_terminal() and s.hand_no == 1 and not s.kills_locked:
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    o = s.observation(s.current_player())
    sampler = WorldSampler(o, o.config)
    for seed in range(8):
        world = sampler.sample(random.Random(seed))
        while not world.is_terminal():
            actions = world.legal_actions()
            world.apply(actions[rng.randrange(len(actions))])
    again = sampler.sample(random.Random(3))
    fresh = WorldSampler(o, o.config).sample(random.Random(3))
    assert (again.hands, again.deck, again.magick, again.ldeck, again.sdeck, again.kills, again.tokens) == \
        (fresh.hands, fresh.deck, fresh.magick, fresh.ldeck, fresh.sdeck, fresh.kills, fresh.tokens)
