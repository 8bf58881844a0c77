"""Conformance: every registered game keeps the core contracts, checked by random playouts.

Like OpenSpiel's random-simulation tests: for many seeds and every player count, play random legal
actions and check at each step what any game must guarantee.
"""

import random
import re

import pytest

from game.core.contracts import TERMINAL, IllegalActionError, find_action
from game.core.match import play_match
from game.core.paths import RULES_TEXT_DIR
from game.core.record import GameRecord
from game.core.registry import all_games
from game.variants.loader import STANDARD, builtin_dir, list_variants, load_variant

GAMES = all_games()
NAMES = [spec.name for spec in GAMES]
CHECKED_STEPS = 60
"""Steps per playout at which the expensive checks (clone, sampling, illegal action) run."""


def _standard(spec):
    return load_variant(spec, STANDARD).params


def _player_counts(spec):
    return range(spec.min_players, spec.max_players + 1)


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_every_shipped_variant_loads(spec):
    variants, errors = list_variants(spec)
    assert not errors
    assert variants[0].name == STANDARD and len(variants) >= 3


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_standard_comments_every_parameter(spec):
    lines = (builtin_dir(spec) / "standard.yaml").read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines):
        match = re.match(r"^(\s*)-?\s*([A-Za-z_][\w-]*):\s*(\S?)", line)
        if not match or match.group(2) in ("title", "description", "extends") or match.group(3) in ("", "#"):
            continue  # a section header: its keys carry the comments
        previous = lines[number - 1].strip() if number else ""
        assert "#" in line or previous.startswith("#"), f"standard.yaml line {number + 1} has no comment"


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_rules_text_exists(spec):
    text = (RULES_TEXT_DIR / f"{spec.name}.md").read_text(encoding="utf-8")
    assert len(text) > 500 and "ruling" in text.lower()


def _check_step(spec, state, rng):
    seat = state.current_player()
    legal = state.legal_actions()
    assert legal, "a live game must offer an action"
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts), "two legal actions share a text"
    observation = state.observation(seat)
    # The agent's view rebuilds a world that looks the same to that seat.
    sampled = spec.sample_state(observation, rng)
    assert sampled.observation(seat) == observation
    assert sorted(map(str, sampled.legal_actions())) == sorted(texts)
    # A spectator sees only public facts: any world the seat thinks possible looks the same to them.
    public = state.observation(None)
    assert public.seat is None
    assert sampled.observation(None) == public, "the spectator's view holds a fact this seat cannot know"
    # Clones are independent.
    copy = state.clone()
    copy.apply(legal[0])
    assert state.legal_actions() == legal and state.observation(seat) == observation
    # An illegal action changes nothing.
    with pytest.raises(IllegalActionError):
        state.apply(_NotAnAction())
    assert state.observation(seat) == observation
    assert find_action(state, texts[-1]) == legal[-1]


class _NotAnAction:
    def __str__(self) -> str:
        return "not-an-action"


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_random_playouts_keep_the_contracts(spec):
    params = _standard(spec)
    rng = random.Random(2024)
    for players in _player_counts(spec):
        for seed in range(3):
            state = spec.new_game(params, players, seed)
            steps = 0
            while not state.is_terminal():
                if steps < CHECKED_STEPS or steps % 25 == 0:
                    _check_step(spec, state, rng)
                legal = state.legal_actions()
                events = state.apply(legal[rng.randrange(len(legal))])
                assert isinstance(events, list)
                for event in events:
                    assert event.seen_by(None) is not None
                    assert isinstance(spec.describe(event, [f"P{i}" for i in range(players)]), str)
                steps += 1
                assert steps < 50_000
            assert state.current_player() == TERMINAL and state.legal_actions() == []
            assert state.winners() and len(state.scores()) == players
            assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_same_seed_same_game_and_records_replay(spec):
    params = _standard(spec)
    players = spec.min_players
    levels = ["random"] * players
    first = play_match(spec, params, levels, seed=99)
    second = play_match(spec, params, levels, seed=99)
    assert first.record == second.record
    replayed = GameRecord.from_json(first.record.to_json()).replay()
    assert replayed.scores() == first.scores and replayed.winners() == first.winners


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_every_level_plays_a_whole_game(spec):
    params = _standard(spec)
    players = spec.min_players
    for level in ("random", "easy", "normal", "hard"):
        assert level in spec.agents
        levels = [level] + ["random"] * (players - 1)
        result = play_match(spec, params, levels, seed=5, budget=20 if level == "hard" else None)
        assert result.winners


@pytest.mark.parametrize("spec", GAMES, ids=NAMES)
def test_hidden_facts_stay_hidden_in_events(spec):
    """An event as another seat sees it equals that seat's view of it twice over (seen_by is idempotent)."""
    params = _standard(spec)
    state = spec.new_game(params, spec.min_players, 3)
    rng = random.Random(3)
    for _ in range(200):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        for event in state.apply(legal[rng.randrange(len(legal))]):
            for seat in list(range(state.num_players)) + [None]:
                seen = event.seen_by(seat)
                assert seen.seen_by(seat) == seen
