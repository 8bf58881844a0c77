"""Trick or Treat: hard's model of the other seats (in ``bots.py``) and the search moving them by it."""

from __future__ import annotations

import random

import pytest

from game.ai.ismcts import SearchSettings, search
from game.core.contracts import Action, GameState
from game.games.trick_or_treat.bots import inferred_world, modelled_card, play_label, play_scores, rollout_policy
from game.games.trick_or_treat.rules import PLAY, TrickOrTreatState, new_game
from game.variants.loader import list_variants
from game.games.trick_or_treat.spec import SPEC

STANDARD = {v.name: v.params for v in list_variants(SPEC)[0]}["standard"]


def positions(games: int, players: int = 4) -> list[TrickOrTreatState]:
    """Play-phase positions of a few games played by the rollout policy, one per decision."""
    found = []
    for seed in range(games):
        state = new_game(STANDARD, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.phase == PLAY:
                found.append(state.clone())
            state.apply_legal(rollout_policy(state, rng))
    return found


def test_the_model_plays_the_card_normal_would_from_the_same_draws() -> None:
    checked = 0
    for index, state in enumerate(positions(4)):
        seat = state.turn
        if len({play_label(card) for card in state.hands[seat]}) < 2:
            continue
        scores = play_scores(state.observation(seat), random.Random(index), 4)
        card = modelled_card(state, seat, random.Random(index))
        assert play_label(card) == max(scores, key=scores.__getitem__)
        checked += 1
    assert checked > 100


def test_an_inferred_world_keeps_every_card_once_and_redraws_face_down_cards_by_the_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A model that always plays its highest card: each face-down card must be the top of that seat's cards.
    from game.games.trick_or_treat import bots

    shown: list[list[int]] = []

    def highest(world: TrickOrTreatState, seat: int, rng: random.Random, samples: int = 4) -> int:
        assert world.played[seat] is None  # the model sees the seat as it was before it played
        shown.append(list(world.hands[seat]))
        return max(world.hands[seat])

    monkeypatch.setattr(bots, "modelled_card", highest)
    monkeypatch.setattr(bots, "CARE", 1.0)
    later = [state for state in positions(3) if state.turn != state.dealer]
    assert later
    for index, state in enumerate(later):
        me = state.turn
        world = inferred_world(state.observation(me), random.Random(index))
        cards = [c for hand in world.hands for c in hand] + world.out_of_play + world.seen
        cards += [c for c in world.played if c is not None]
        assert sorted(cards) == list(range(54))
        assert world.hands[me] == sorted(state.hands[me])
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert [c is None for c in world.played] == [c is None for c in state.played]
        for seat, card in enumerate(world.played):
            if card is not None and seat != me:
                assert card > max(world.hands[seat], default=-1)
    assert shown


def test_opponents_moved_by_a_policy_never_hold_the_searchers_moves() -> None:
    state = positions(1)[5]
    me = state.turn
    movers: list[int] = []

    def policy(world: GameState, rng: random.Random) -> Action:
        movers.append(world.current_player())
        return rollout_policy(world, rng)

    settings = SearchSettings(iterations=60, rollout_policy=rollout_policy, opponent_policy=policy)
    action = search(state.observation(me), state.legal_actions(), lambda rng: state.clone(), settings,
                    random.Random(3))
    assert str(action) in {str(a) for a in state.legal_actions()}
    assert movers and me not in movers
