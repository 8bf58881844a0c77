"""The hint analyst: the hard level's view of a decision, from the seat's observation only, in every game.

A hint must be honest (two worlds that look the same to the seat give the same hint), agree with what
``hard`` would play, and report real estimates for legal options.
"""

from __future__ import annotations

import math
import random

import pytest

from game.ai.hints import analyse_decision, hint_agent
from game.core.contracts import GameState
from game.core.match import make_agent
from game.core.registry import all_games, get
from game.variants.loader import load_variant

GAMES = [spec.name for spec in all_games()]
BUDGET = 40
"""Search iterations (nodes for alpha-beta) per hint: enough to rank options, small enough to be quick."""


def position(game: str, players: int = 3, seed: int = 4) -> tuple[GameState, dict]:
    """A seeded all-``normal`` game played until a decision with a choice, some moves in."""
    spec = get(game)
    params = dict(load_variant(spec, "standard").params)
    state = spec.new_game(params, players, seed)
    agents = [make_agent(spec, "normal", seat, seed, params) for seat in range(players)]
    played = 0
    while played < 12 or len(state.legal_actions()) < 2:
        seat = state.current_player()
        state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()))
        played += 1
    return state, params


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_ranks_legal_options_with_estimates_and_chooses_what_hard_plays(game: str) -> None:
    spec = get(game)
    state, params = position(game)
    analysis = analyse_decision(spec, state, 9, params, budget=BUDGET)
    legal = state.legal_actions()
    assert analysis.seat == state.current_player()
    assert analysis.choice in legal and not analysis.forced
    assert analysis.options, "a searched decision reports its options"
    assert analysis.options[0].action == analysis.choice
    for option in analysis.options:
        assert option.action in legal
        assert 0.0 <= option.win <= 1.0
        assert option.score is not None and math.isfinite(option.score)
    hard = hint_agent(spec, state.observation(analysis.seat), 9, params, budget=BUDGET)
    assert hard.choose(state.observation(analysis.seat), legal) == analysis.choice
    seat_words = spec.action_words(analysis.choice, state.observation(analysis.seat), ["A", "B", "C"])
    assert seat_words and seat_words != "", "every game names its moves"


@pytest.mark.parametrize("game", GAMES)
def test_a_hint_sees_only_what_the_seat_sees(game: str) -> None:
    """Another world consistent with the seat's observation (other hidden cards) gives the same hint."""
    spec = get(game)
    state, params = position(game, seed=6)
    seat = state.current_player()
    other = spec.sample_state(state.observation(seat), random.Random(1))
    assert other.observation(seat) == state.observation(seat)
    first = analyse_decision(spec, state, 3, params, budget=BUDGET)
    second = analyse_decision(spec, other, 3, params, budget=BUDGET)
    assert first == second


def test_a_finished_game_has_no_decision_to_analyse() -> None:
    spec = get("trick-or-treat")
    params = dict(load_variant(spec, "standard").params)
    state = spec.new_game(params, 2, 1)
    rng = random.Random(2)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    with pytest.raises(ValueError, match="game is over"):
        analyse_decision(spec, state, 1, params, budget=BUDGET)


def test_a_forced_move_is_reported_as_forced() -> None:
    spec = get("reapers")
    params = dict(load_variant(spec, "standard").params)
    state = spec.new_game(params, 3, 2)
    rng = random.Random(5)
    while len(state.legal_actions()) != 1:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    analysis = analyse_decision(spec, state, 1, params, budget=BUDGET)
    assert analysis.forced and analysis.choice == state.legal_actions()[0] and not analysis.options
