"""Spectral Reapers: random playouts keep every invariant; records replay; variants load; agents answer."""

import random

import pytest

from game.core.match import play_match
from game.core.record import GameRecord
from game.core.config import config_from, params_of
from game.core.registry import get
from game.games.spectral_reapers.rules import BeadSown, Config, GameEnded, PitLifted, new_game
from game.games.spectral_reapers.rules.config import STANDARD
from game.variants.loader import list_variants, load_variant
from tests.spectral_reapers.boards import from_board

SPEC = get("spectral-reapers")


def _total_beads(state):
    board = sum(sum(p) for p in state.pits)
    hand = sum(state.hand) if state.hand else 0
    return board + hand + sum(sum(row) for row in state.captured)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_keep_the_invariants_and_end(players):
    for seed in range(3 if players < 4 else 1):
        state = new_game({}, players, seed)
        rng = random.Random(seed)
        beads = 11 * players
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal
            if steps % 25 == 0:
                assert len({str(a) for a in legal}) == len(legal)
            seat = state.current_player()
            action = legal[rng.randrange(len(legal))]
            events = state.apply(action) if steps % 10 == 0 else state.apply_legal(action)
            steps += 1
            assert steps < 20000
            if state.placed == players:
                assert _total_beads(state) == beads
            sown = [e for e in events if isinstance(e, BeadSown)]
            lifted = [e for e in events if isinstance(e, PitLifted)]
            if sown:
                assert all(e.seat == seat and e.pit != e.origin for e in sown)
                assert [e.left for e in sown] == sorted((e.left for e in sown), reverse=True)
            if lifted:
                assert lifted[0].counts[seat] > 0
            if not state.is_terminal() and state.phase != "place":
                hand = state.hand or [0] * players
                assert all(state.on_board(c) + hand[c] > 1 for c in range(players))
                assert any(p[state.current_player()] for p in state.pits) or state.hand
        assert state.end_reason in ("threshold", "safety")
        assert isinstance(events[-1], GameEnded)
        assert state.winners() and abs(sum(state.returns()) - 1.0) < 1e-9


def test_observation_rebuilds_the_state_exactly():
    state = new_game({}, 3, 4)
    rng = random.Random(4)
    for _ in range(80):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        for seat in range(3):
            obs = state.observation(seat)
            rebuilt = SPEC.sample_state(obs, rng)
            assert rebuilt.observation(seat) == obs
            assert [str(a) for a in rebuilt.legal_actions()] == [str(a) for a in state.legal_actions()]


def test_a_recorded_game_replays_exactly():
    params = load_variant(SPEC, "standard").params
    result = play_match(SPEC, params, ["normal", "easy", "random"], seed=99)
    record = GameRecord.from_json(result.record.to_json())
    replayed = record.replay()
    assert replayed.is_terminal()
    assert replayed.scores() == result.scores and replayed.winners() == result.winners
    # and move by move, against a fresh copy played from the same texts
    again = record.new_state()
    for text in record.actions:
        again.apply(next(a for a in again.legal_actions() if str(a) == text))
    assert again.observation(0) == replayed.observation(0)


def test_every_shipped_variant_loads_and_plays():
    variants, errors = list_variants(SPEC)
    assert not errors
    names = {v.name for v in variants}
    assert {"standard", "harvest", "crowded", "wide-ring"} <= names
    standard = load_variant(SPEC, "standard").params
    assert set(standard) == set(SPEC.schema.fields) == set(params_of(STANDARD))
    assert config_from(Config, standard) == STANDARD
    for variant in variants:
        for players in (2, 3):
            state = SPEC.new_game(variant.params, players, 3)
            rng = random.Random(1)
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_legal(legal[rng.randrange(len(legal))])
            assert state.winners()


def test_the_variants_change_the_rules():
    harvest = config_from(Config, load_variant(SPEC, "harvest").params)
    crowded = config_from(Config, load_variant(SPEC, "crowded").params)
    wide = config_from(Config, load_variant(SPEC, "wide-ring").params)
    assert harvest.capture_count == 3 and harvest.beads_per_player == 14
    assert crowded.placement_pits == 2
    assert new_game(wide, 3, 0).ring == 9


def test_bad_variant_values_are_reported():
    from game.core.params import validate

    params = dict(load_variant(SPEC, "standard").params)
    params["placement_max"] = 3  # 3 pits of 3 cannot hold 11
    problems = validate(SPEC.schema, params)
    assert problems and "beads_per_player" in problems[0].path


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("players", [2, 3])
def test_every_level_plays_legal_moves(level, players):
    from game.core.match import make_agent

    state = new_game({}, players, 5)
    agents = [make_agent(SPEC, level, s, 5, {}, budget=30) for s in range(players)]
    for _ in range(40):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        action = agents[seat].choose(state.observation(seat), legal)
        assert action in legal
        state.apply(action)


def test_normal_takes_a_capture_and_avoids_handing_one_over():
    from game.core.match import make_agent

    agent = make_agent(SPEC, "normal", 0, 1, {})
    state = from_board(["RG", "GG", "RG", "RRG"])
    choice = agent.choose(state.observation(0), state.legal_actions())
    assert _after(state, choice).phase == "capture"  # e.g. "sow 0 order=GR": R last into pit 2
    # No capture for red here; only "sow 0 order=GRR" leaves green without a capture next turn.
    state = from_board(["RGR", "G", "RG", ""], to_move=0)
    choice = agent.choose(state.observation(0), state.legal_actions())
    assert str(choice) == "sow 0 order=GRR"


def _after(state, action):
    child = state.clone()
    child.apply(action)
    return child


def test_figures_and_texts():
    params = load_variant(SPEC, "standard").params
    result = play_match(SPEC, params, ["easy", "easy"], seed=3)
    assert set(result.figures) == {"captures", "own_colour_captures", "ended_threshold", "ended_safety", "sowings"}
    assert result.figures["ended_threshold"] + result.figures["ended_safety"] == 1.0
    state = result.record.new_state()
    names = ["Ann", "Boris"]
    for text in result.record.actions:
        for event in state.apply(next(a for a in state.legal_actions() if str(a) == text)):
            line = SPEC.describe(event, names)
            assert line and "Event" not in line and "(" not in line.split(" ")[0]


def test_hard_searches_in_both_forms_and_takes_a_winning_chain():
    from game.core.agent import AgentContext
    from game.games.spectral_reapers.bots import HardAgent

    # Red can capture now: pit 0 "GR" puts R last into pit 2 (one R there).
    state = from_board(["RG", "GGG", "R", "RGG"])
    for form in ("alphabeta", "mcts"):
        agent = HardAgent(AgentContext(SPEC, 0, random.Random(1), {}, None), search=form, iterations=40,
                          nodes=300)
        choice = agent.choose(state.observation(0), state.legal_actions())
        assert choice in state.legal_actions()
        child = state.clone()
        child.apply(choice)
        assert child.phase == "capture"
    three = from_board(["RGB", "GGB", "R", "RGB", "BB", "G"], players=3)
    agent = HardAgent(AgentContext(SPEC, 0, random.Random(2), {}, None), search="mcts", iterations=30)
    assert agent.choose(three.observation(0), three.legal_actions()) in three.legal_actions()
