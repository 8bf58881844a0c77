"""Round two of search's shortcuts (issue 18) give what the long way gives: sorted hands looked up, main-card
hands counted at once, a world's generator made on first use, and a window's plays listed from tables read
once per card set."""

from __future__ import annotations

import random
from collections import Counter

from game.core.contracts import make_rng
from game.games.nevermore.bots import rollout_policy
from game.games.nevermore.rules import NevermoreState, RespondDecision, MagickDecision, new_game
from game.games.nevermore.rules import magick
from game.games.nevermore.rules.cards import (PLAIN, RAVEN, SUITS, count, non_ravens, sort_cards, suit_of,
                                              weight_of)
from game.games.nevermore.rules.worlds import WorldSampler, _beyond

from tests.nevermore.helpers import params

P = params("standard")
ADDED = ("m:gravediggers_blade:attack:2", "m:lamp_in_the_window:radiance:1:named", "m:x:?:1")


def _hands(rng: random.Random, added: bool) -> list[list[str]]:
    pool = list(SUITS) + (list(ADDED) if added else [])
    return [[rng.choice(pool) for _ in range(rng.randrange(0, 9))] for _ in range(300)]


def test_a_sorted_hand_looked_up_is_the_hand_sorted() -> None:
    rng = random.Random(3)
    rank = {suit: index for index, suit in enumerate(SUITS)}
    for hand in _hands(rng, added=True):
        expected = tuple(sorted(hand, key=lambda c: (rank.get(suit_of(c), len(SUITS)), c)))
        assert sort_cards(hand) == expected
        assert sort_cards(iter(hand)) == expected  # asked again, from the cache
        assert sort_cards(tuple(hand)) == expected


def test_the_cards_a_world_places_beyond_the_known_are_those_counters_leave() -> None:
    rng = random.Random(6)
    hands = _hands(rng, added=True)
    for passed, known in zip(hands, hands[1:]):
        assert _beyond(passed, known) == list((Counter(passed) - Counter(known)).elements())


def test_main_cards_counted_at_once_weigh_as_every_card_read_one_by_one() -> None:
    rng = random.Random(4)
    kinds = set()
    for added in (False, True):
        for hand in _hands(rng, added):
            kinds.add(PLAIN.issuperset(hand))
            for suit in SUITS + ("?",):
                expected = sum(weight_of(c) for c in hand if suit_of(c) == suit)
                assert count(hand, suit) == count(tuple(hand), suit) == count(iter(hand), suit) == expected
            assert non_ravens(hand) == non_ravens(iter(hand)) == [c for c in hand if suit_of(c) != RAVEN]
    assert kinds == {True, False}  # main cards only (counted at once) and with added cards (one by one)


def test_a_world_makes_its_generator_on_first_use_from_the_seed_it_drew() -> None:
    for seed in range(4):
        state = new_game(P, 5, seed)
        observation = state.observation(state.current_player())
        world = WorldSampler(observation, observation.config).sample(random.Random(seed))
        twin = world.clone()  # cloned before its generator exists
        expected = make_rng(world.rng_seed)
        draws = [expected.random() for _ in range(3)]
        assert [world.rng.random() for _ in range(3)] == draws
        assert [twin.rng.random() for _ in range(3)] == draws
        later = world.clone()  # cloned after: the generator's state is copied
        assert later.rng.random() == world.rng.random()


def _plays_the_long_way(state: NevermoreState, seat: int, window: str) -> list[str]:
    """Every play of ``seat`` in ``window`` worked out from the card texts alone (no table, no cache)."""
    out = []
    raven = state.raven[seat]
    inc = state.incoming[-1] if state.incoming else None
    for card_id in sorted(set(state.magick[seat])):
        mode = state.cards[card_id].mode(raven)
        if window in magick.RESPONSE_WINDOWS:
            if not magick._answers(mode.timing, mode.trigger, window):
                continue
            if window == "respond_magick" and (not state.stack or state.stack[-1][1] == seat):
                continue
            if window == "respond_damage":
                if inc is None or inc.amount <= 0:
                    continue
                if mode.trigger == "on_damage:self" and (inc.target != seat or raven):
                    continue
                if mode.trigger == "on_damage:human" and (not raven or inc.target == seat):
                    continue
                if any(e.op == "redirect" for e in mode.effects) and not inc.redirectable:
                    continue
        elif not magick._timed_for(mode.timing, window):
            continue
        if not all(magick.condition_ok(state, seat, c) for c in mode.conditions if c != "target_vp_ge_self"):
            continue
        shape = magick._shape(mode)
        targets = magick._targets(state, seat, shape)
        if targets is not None:
            targets = [t for t in targets if all(magick.condition_ok(state, seat, c, t) for c in mode.conditions)]
            if not targets:
                continue
        for target in targets if targets is not None else [-1]:
            if shape.moves and not magick._moves_possible(state, seat, shape.moves, target):
                continue
            out += [str(magick.PlayMagick(card_id, target, choice)) for choice in magick._choices(state, shape)]
    return out


def test_a_window_lists_the_plays_the_card_texts_give() -> None:
    checked = 0
    for players in (3, 5, 6):
        for seed in range(5):
            state = new_game(P, players, seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                decision = state.decision
                assert decision is not None
                if isinstance(decision, (MagickDecision, RespondDecision)):
                    for seat in range(players):
                        listed = [str(a) for a in magick.options(state, seat, decision.window)]
                        assert listed == _plays_the_long_way(state, seat, decision.window)
                        checked += bool(listed)
                state.apply_legal(rollout_policy(state, rng))
    assert checked > 100
