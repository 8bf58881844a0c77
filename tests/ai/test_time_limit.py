"""A search stops at its time limit (a table's guard for slow machines) and answers with a legal move;
without one it spends its whole budget, so simulations stay reproducible."""

import random
import time

from game.core.agent import AgentContext
from game.core.registry import get
from game.variants.loader import load_variant
from tests.core.secret_numbers import STANDARD, make_spec

LIMIT = 0.05
ITERATIONS = 200_000
"""Seconds of work for ISMCTS on the test game: only the limit can end it in time."""
NODES = 20_000
"""About 17 s of alpha-beta on a six-player Spectral Reapers board without a limit."""


def test_ismcts_stops_at_its_time_limit_with_a_legal_move():
    from game.ai.ismcts import SearchAgent, SearchSettings

    spec = make_spec()
    state = spec.new_game(STANDARD, 3, 1)
    seat = state.current_player()
    agent = SearchAgent(AgentContext(spec, seat, random.Random(1), dict(STANDARD), None, LIMIT),
                        SearchSettings(iterations=ITERATIONS))
    started = time.perf_counter()
    action = agent.choose(state.observation(seat), state.legal_actions())
    assert time.perf_counter() - started < 1.0
    assert str(action) in {str(a) for a in state.legal_actions()}


def test_a_budget_without_a_time_limit_gives_the_same_move_every_time():
    from game.ai.ismcts import SearchAgent, SearchSettings

    spec = make_spec()
    state = spec.new_game(STANDARD, 3, 1)
    seat = state.current_player()
    moves = {str(SearchAgent(AgentContext(spec, seat, random.Random(4), dict(STANDARD)), SearchSettings(iterations=200))
                 .choose(state.observation(seat), state.legal_actions())) for _ in range(3)}
    assert len(moves) == 1


def test_alpha_beta_stops_at_its_time_limit_with_a_legal_move():
    from game.games.spectral_reapers.bots import HardAgent

    spec = get("spectral-reapers")
    params = load_variant(spec, "standard").params
    state = spec.new_game(params, 6, 3)
    rng = random.Random(3)
    while state.phase != "sow":
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    seat = state.current_player()
    agent = HardAgent(AgentContext(spec, seat, random.Random(1), dict(params), None, LIMIT), nodes=NODES)
    started = time.perf_counter()
    action = agent.choose(state.observation(seat), state.legal_actions())
    assert time.perf_counter() - started < 1.0
    assert str(action) in {str(a) for a in state.legal_actions()}
