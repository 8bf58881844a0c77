"""hard plays for the best result, not only the win: it never takes an option that ends the game worse for it
in every world it thinks possible (a smaller share of the win, or the same share with a worse place or
score), whatever its own seed."""

from __future__ import annotations

import random

import pytest

from game.ai.reward import BONUS, MARGIN_SHARE, margin, placing, ranked_rewards
from game.core.match import make_agent
from game.core.registry import get
from game.variants.loader import load_variant
from tests.ai.dominated import find_dominated

AGENT_SEEDS = range(12)
CASES = [("trick-or-treat", 4, range(40)), ("trick-or-treat", 2, range(40)), ("reapers", 4, range(40)),
         ("reapers", 3, range(40))]


def test_a_win_outranks_any_place_and_a_place_any_margin() -> None:
    # Eight seats: a win shared by all eight (1/8) still beats the best bonus without a win.
    assert max(ranked_rewards([0.0] * 8, [10, 0, 0, 0, 0, 0, 0, 0])) < 1 / 8
    assert ranked_rewards([1.0, 0.0], [5, 4])[0] > ranked_rewards([0.5, 0.5], [9, 9])[0]
    assert ranked_rewards([0.5, 0.5, 0.0], [5, 5, 4])[0] > ranked_rewards([0.0, 0.0, 1.0], [4, 3, 9])[0]
    # A better place (second of four) beats a worse place (third) whatever the margins.
    second = ranked_rewards([0, 0, 0, 1], [3, 2, 2, 50])[0]
    third = ranked_rewards([0, 0, 0, 1], [6, 7, 1, 7])[0]
    assert second > third
    # Among equal places, a better score counts.
    assert ranked_rewards([0, 0, 1], [3, 1, 9])[0] > ranked_rewards([0, 0, 1], [2, 1, 9])[0]
    assert all(0 <= bonus <= BONUS for bonus in ranked_rewards([0] * 4, [1, 2, 3, 4]))


def test_place_and_margin_read_the_scores() -> None:
    assert placing([5, 3, 5, 1], 0) == pytest.approx(2.5 / 3)
    assert placing([1], 0) == 1.0
    assert margin([5, 3], 0) == pytest.approx(2 / 3)
    assert margin([3, 5], 0) == pytest.approx(-2 / 3)


@pytest.mark.parametrize(("game", "players", "seeds"), CASES, ids=[f"{g}-{p}" for g, p, _ in CASES])
def test_hard_never_takes_a_dominated_option(game: str, players: int, seeds: range) -> None:
    spec = get(game)
    params = load_variant(spec, "standard").params
    decisions = find_dominated(spec, players, params, seeds)
    assert decisions, f"no decision with a dominated option in {game} games of seeds {seeds}"
    for decision in decisions:
        state = decision.state
        for seed in AGENT_SEEDS:
            hard = make_agent(spec, "hard", decision.seat, seed, params)
            choice = str(hard.choose(state.observation(decision.seat), state.legal_actions()))
            assert choice not in decision.worse, (f"{game} seed {seed}: hard chose {choice}, dominated by "
                                                  f"{decision.better}")


def test_ranked_rewards_are_place_and_margin_seat_by_seat() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        players = rng.randint(1, 8)
        scores = [float(rng.randint(0, 5)) for _ in range(players)]
        shares = [rng.random() for _ in range(players)]
        weight = MARGIN_SHARE * 0.5 / max(players - 1, 1)
        expected = [share + BONUS * (placing(scores, seat) + weight * (margin(scores, seat) + 1.0) / 2.0)
                    / (1.0 + weight) for seat, share in enumerate(shares)]
        assert ranked_rewards(shares, scores) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(("game", "ranks"), [("nevermore", False), ("reapers", True)])
def test_a_horizon_named_by_the_game_is_not_ranked(monkeypatch: pytest.MonkeyPatch, game: str, ranks: bool) -> None:
    # Nevermore names its search's horizon (the end of the hand, ``SearchSettings.horizon``): its own
    # evaluation scores it, with no bonus for place and score (which measured weaker there). Reapers names
    # none: its finished samples, the end of a hand too, are ranked.
    from game.ai import ismcts

    ranked: list[int] = []

    def spy(shares: list[float], scores: list[float]) -> list[float]:
        ranked.append(1)
        return ranked_rewards(shares, scores)

    monkeypatch.setattr(ismcts, "ranked_rewards", spy)
    spec = get(game)
    params = load_variant(spec, "standard").params
    state = spec.new_game(params, 3, 4)
    while len(state.legal_actions()) < 2:
        state.apply_legal(state.legal_actions()[0])
    hard = make_agent(spec, "hard", state.current_player(), 1, params, budget=60)
    hard.choose(state.observation(state.current_player()), state.legal_actions())
    assert bool(ranked) == ranks
