"""The oracle level: hard's search shown the true state, for measuring only. It must really search the true
state (never a sampled world), and no other level may be shown it."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from game.core.agent import LEVELS, ORACLE
from game.core.match import make_agent, play_match
from game.core.registry import GameSpec, get
from game.games.nevermore import bots as nevermore_bots
from game.games.trick_or_treat import bots as trick_or_treat_bots
from game.variants.loader import load_variant

HIDDEN = [("trick-or-treat", 3), ("reapers", 3), ("nevermore", 3)]


@pytest.fixture
def no_sampling(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every way a hidden-information search draws a world fails the test."""
    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the oracle drew a world instead of searching the true state")

    monkeypatch.setattr(nevermore_bots.WorldSampler, "sample", refuse)
    monkeypatch.setattr(trick_or_treat_bots, "inferred_world", refuse)
    specs = [get(name) for name, _ in HIDDEN]
    kept = [spec.sample_state for spec in specs]
    for spec in specs:
        object.__setattr__(spec, "sample_state", refuse)  # GameSpec is frozen; put back below
    yield
    for spec, sample in zip(specs, kept):
        object.__setattr__(spec, "sample_state", sample)


@pytest.mark.parametrize(("game", "players"), HIDDEN)
def test_the_oracle_searches_the_true_state(no_sampling: None, game: str, players: int) -> None:
    spec = get(game)
    params = load_variant(spec, "standard").params
    result = play_match(spec, params, [ORACLE] + ["random"] * (players - 1), seed=3, budget=8)
    assert result.record.actions


def test_hard_with_sampling_refused_fails_the_same_way(no_sampling: None) -> None:
    # The fixture bites: the hard level, which must sample, cannot play.
    spec = get("trick-or-treat")
    params = load_variant(spec, "standard").params
    with pytest.raises(AssertionError, match="drew a world"):
        play_match(spec, params, ["hard", "random", "random"], seed=3, budget=8)


@pytest.mark.parametrize("level", [level for level in LEVELS])
def test_no_other_level_may_see_the_true_state(level: str) -> None:
    spec: GameSpec = get("trick-or-treat")
    params = load_variant(spec, "standard").params
    agent = make_agent(spec, level, 0, 1, params)
    with pytest.raises(PermissionError):
        agent.reveal(spec.new_game(params, 3, 1))


def test_the_oracle_is_not_a_level_of_the_app() -> None:
    assert ORACLE not in LEVELS
    assert all(ORACLE not in spec.agents for spec in (get(name) for name, _ in HIDDEN))
