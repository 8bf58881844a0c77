"""Reapers invariants: random playouts, hidden information, replay, variants, text and bots."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from game.core.contracts import TERMINAL, Event, IllegalActionError
from game.core.match import make_agent, play_match, simulate
from game.core.params import merge, validate
from game.core.record import GameRecord
from game.core.registry import get
from game.games.reapers import rules as r
from game.games.reapers.rules import PlaceWager, ReapersObservation
from game.variants.loader import VariantError, builtin_dir, list_variants, load_file, load_variant
from tests.reapers.helpers import all_cards

SPEC = get("reapers")
STANDARD = load_variant(SPEC, "standard").params
VARIANTS = sorted(p.stem for p in builtin_dir(SPEC).glob("*.yaml"))


def test_spec_registered():
    assert SPEC.title == "Reapers" and (SPEC.min_players, SPEC.max_players) == (3, 5) and SPEC.order == 10
    assert SPEC.scene == "game.games.reapers.table:ReapersTable"
    assert set(SPEC.agents) == {"random", "easy", "normal", "hard"}


def test_every_shipped_variant_loads():
    variants, errors = list_variants(SPEC)
    assert not errors
    assert {v.name for v in variants} >= {"standard", "harvest", "open-wagers", "high-stakes"}
    assert len(VARIANTS) >= 4
    for variant in variants:
        assert not validate(SPEC.schema, variant.params)
        for players in (3, 4, 5):
            SPEC.new_game(variant.params, players, 1)
    # every variant but standard changes at least one rule
    for variant in variants:
        if variant.name != "standard":
            assert variant.params != STANDARD


def test_standard_comments_every_key():
    text = (builtin_dir(SPEC) / "standard.yaml").read_text()
    for line in text.splitlines():
        if line.strip() and ":" in line and not line.startswith(("title", "description")) \
                and not line.rstrip().endswith(":"):
            assert "#" in line, line


def test_bad_pile_numbers_are_reported(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: standard\nplayers_4:\n  piles_of_three: 12\n")
    with pytest.raises(VariantError, match="players_4"):
        load_file(SPEC, bad)
    pairs = tmp_path / "pairs.yaml"
    pairs.write_text("extends: standard\nplayers_5:\n  pairs_per_player: 0\n")
    with pytest.raises(VariantError, match="piles_of_two"):
        load_file(SPEC, pairs)


def _random_game(params, players, seed, check_every=True):
    state = SPEC.new_game(params, players, seed)
    rng = random.Random(seed)
    deck = Counter(state.rules.deck)
    actions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and len({str(a) for a in legal}) == len(legal)
        state.apply(legal[rng.randrange(len(legal))])
        actions += 1
        assert actions < 5000
        if check_every or state.phase == r.DRAFT:
            assert Counter(all_cards(state)) == deck
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_playouts_keep_every_card_in_one_place_and_end(variant, players):
    params = load_variant(SPEC, variant).params
    for seed in range(3):
        state = _random_game(params, players, seed * 31 + players)
        assert state.current_player() == TERMINAL and state.legal_actions() == []
        assert state.winners() and len(state.winners()) == 1
        assert state.hands_played == state.rules.hands + state.extra_hands_played
        assert sum(h.hand_scores[s] for h in state.history for s in [0]) == state.totals[0]
        with pytest.raises(IllegalActionError):
            state.apply(PlaceWager("none"))


def test_observation_never_shows_another_seats_secret_wager():
    for seed in range(4):
        state = SPEC.new_game(STANDARD, 4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(4):
                obs = state.observation(seat)
                for other in range(4):
                    if other != seat:
                        assert obs.wagers[other] is None
                    else:
                        assert obs.wagers[seat] == state.wagers[seat]
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_sample_state_agrees_with_the_observation():
    rng = random.Random(5)
    for players in (3, 4, 5):
        state = SPEC.new_game(STANDARD, players, players)
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            sampled = SPEC.sample_state(obs, rng)
            assert sampled.observation(seat) == obs
            assert [str(a) for a in sampled.legal_actions()] == [str(a) for a in state.legal_actions()]
            for other in range(players):
                if other != seat and obs.wagered[other]:
                    assert sampled.wagers[other] in ("fewest", "second", "none")
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            if state.hands_played >= 1:
                break


def test_sample_state_rebuilds_the_true_state_without_secrets():
    state = SPEC.new_game(STANDARD, 3, 8)
    rng = random.Random(1)
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[1 % len(state.legal_actions())])
    obs = state.observation(0)
    sampled = SPEC.sample_state(obs, rng)
    for seat in range(3):
        assert sampled.observation(seat) == state.observation(seat)


def test_observation_is_plain_immutable_data():
    state = SPEC.new_game(STANDARD, 3, 8)
    obs = state.observation(1)
    assert isinstance(obs, ReapersObservation)
    with pytest.raises(Exception):
        obs.phase = "over"  # type: ignore[misc]
    state.apply(state.legal_actions()[0])
    assert obs.picks_made == 0  # not a view of the state

    for name in ("piles", "hands", "drafted", "totals", "score_piles", "played"):
        assert isinstance(getattr(obs, name), tuple)


def test_clone_is_independent():
    state = SPEC.new_game(STANDARD, 4, 3)
    for _ in range(20):
        state.apply(state.legal_actions()[0])
    copy = state.clone()
    before = state.observation(0)
    rng = random.Random(2)
    while not copy.is_terminal():
        copy.apply(copy.legal_actions()[rng.randrange(len(copy.legal_actions()))])
    assert state.observation(0) == before
    a, b = state.clone(), state.clone()
    for _ in range(300):
        if a.is_terminal():
            break
        a.apply(a.legal_actions()[-1])
        b.apply(b.legal_actions()[-1])
    assert a.observation(0) == b.observation(0)  # same generator: same later deals


def test_recorded_game_replays_to_the_same_state():
    result = play_match(SPEC, STANDARD, ["normal", "easy", "random", "normal"], 2024)
    record = GameRecord.from_json(result.record.to_json())
    state = record.replay()
    assert state.is_terminal() and state.scores() == result.scores and state.winners() == result.winners
    fresh = record.new_state()
    for text in record.actions:
        fresh.apply(next(a for a in fresh.legal_actions() if str(a) == text))
    for seat in range(4):
        assert fresh.observation(seat) == state.observation(seat)


def test_action_texts():
    state = SPEC.new_game(STANDARD, 3, 1)
    assert str(state.legal_actions()[0]) == "take pile 0"
    while state.phase == r.DRAFT:
        state.apply(state.legal_actions()[0])
    assert [str(a) for a in state.legal_actions()] == ["wager fewest", "wager second", "wager none"]
    for _ in range(3):
        state.apply(state.legal_actions()[2])
    assert all(str(a).startswith("play ") for a in state.legal_actions())


def test_every_event_is_described():
    names = ["Ann", "Boris", "Cleo", "Dmitri", "Edith"]
    seen: set[type] = set()
    for seed in range(6):
        state = SPEC.new_game(merge(STANDARD, {"players_4": {"hands": 1}}), 4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            for event in state.apply(legal[rng.randrange(len(legal))]):
                assert isinstance(event, Event)
                for viewer in (None, 0, 1):
                    text = SPEC.describe(event.seen_by(viewer), names)
                    assert text and not text.startswith(type(event).__name__)
                seen.add(type(event))
    assert {r.HandStarted, r.TrumpTurned, r.PilesDealt, r.PileTaken, r.GraveyardFormed, r.WagerPlaced,
            r.CardPlayed, r.TrickWon, r.HandScored, r.GameOver} <= seen
    for event in (r.LeadPassed(0, 1), r.ReaperTook(1, None), r.ReaperTook(1, "D4"), r.ExtraHand((0, 2)),
                  r.TrickWon(9, None, None, ("R",) * 4, 0), r.TrumpTurned("D4", "D", 2)):
        assert SPEC.describe(event, names)


def test_figures_of_a_finished_game():
    result = play_match(SPEC, STANDARD, ["normal", "normal", "random"], 77)
    figures = result.figures
    assert figures["hands"] >= 6
    assert sum(figures[f"wager_{w}_made"] for w in ("fewest", "second", "none")) == 3 * figures["hands"]
    for wager in ("fewest", "second", "none"):
        assert figures[f"wager_{wager}_paid"] <= figures[f"wager_{wager}_made"]
    assert figures["demons_taken"] > 0


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_agents_play_legal_moves(level):
    for players in (3, 5):
        result = play_match(SPEC, STANDARD, [level] * players, 40 + players)
        assert result.winners


def test_hard_agent_chooses_legal_actions_quickly():
    state = SPEC.new_game(STANDARD, 3, 6)
    agent = make_agent(SPEC, "hard", 0, 6, STANDARD, budget=30)
    rng = random.Random(0)
    decided = 0
    while state.hands_played == 0 and decided < 6:
        seat = state.current_player()
        legal = state.legal_actions()
        if seat == 0:
            action = agent.choose(state.observation(0), legal)
            decided += 1
        else:
            action = legal[rng.randrange(len(legal))]
        assert action in legal
        state.apply(action)


def test_normal_beats_random():
    series = simulate(SPEC, STANDARD, ["normal", "random", "random"], 12, seed=3)
    assert series.wins[0] >= 9


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 2**31), variant=st.sampled_from(VARIANTS),
       choices=st.randoms(use_true_random=False))
def test_property_any_line_of_play_keeps_the_invariants(players, seed, variant, choices):
    params = merge(load_variant(SPEC, variant).params, {f"players_{players}": {"hands": 1}})
    state = SPEC.new_game(params, players, seed)
    deck = Counter(state.rules.deck)
    steps = 0
    while not state.is_terminal() and steps < 400:
        seat = state.current_player()
        obs = state.observation(seat)
        legal = state.legal_actions()
        assert all(obs.wagers[s] is None for s in range(players) if s != seat) or state.rules.open_wagers
        state.apply(legal[choices.randrange(len(legal))])
        assert Counter(all_cards(state)) == deck
        assert sum(len(h) for h in state.hands) + len(state.trick) + sum(
            len(p) for p in state.piles if p is not None) <= sum(deck.values())
        steps += 1
    assert state.hands_played >= 1


def test_opening_events_show_the_first_deal():
    state = SPEC.new_game(STANDARD, 4, 12)
    kinds = [type(e) for e in state.opening_events]
    assert kinds == [r.HandStarted, r.TrumpTurned, r.PilesDealt]
    assert state.opening_events[1].card == state.trump
    assert list(state.opening_events[2].piles) == state.piles
