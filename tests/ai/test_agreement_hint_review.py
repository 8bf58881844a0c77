"""Hint and review agree: the same position gives the same numbers whoever asks, and both judge a move by one
rule, which calls nothing a mistake within the search's margin.

On fixed positions of every game (Reapers, Nevermore and Trick or Treat by their information-set search,
Spectral Reapers by its alpha-beta), the hint's choice is never flagged by the review of its position, a move
the hint calls "about equal" is no mistake in the review, and a flagged move is beyond its margin.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.hints import analyse_decision, hint_agent
from game.ai.review import judge_move, review_game, verdict_words
from game.cli import run
from game.core.analysis import (ANALYSIS_SEED, MISTAKE_POINTS, Analysis, OptionEstimate, analysis_seed,
                                judge, win_error)
from game.core.contracts import GameState
from game.core.match import make_agent, play_match
from game.core.record import GameRecord
from game.core.registry import get
from game.core.statistics import Z_95
from game.ui.hint_panel import hint_lines
from game.variants.loader import load_variant

GAMES = {"reapers": 3, "nevermore": 3, "trick-or-treat": 3, "spectral-reapers": 2}
"""Each game with the players its positions are played at."""
POSITIONS = ((3, 5), (11, 14), (19, 27))
"""Each position's game seed and the moves of ``normal`` AIs played before it (then on to a real choice)."""
BUDGET = 60
"""Iterations (alpha-beta's nodes) an analysis: enough to rank, few enough for a quick test."""
ROOT = Path(__file__).resolve().parents[2]


def position(game: str, seed: int, moves: int) -> tuple[GameRecord, GameState]:
    """A record of ``moves`` (or more, to a decision with a choice) of a seeded game of ``normal`` AIs, and
    the state it stops at."""
    spec = get(game)
    params = dict(load_variant(spec, "standard").params)
    players = GAMES[game]
    state = spec.new_game(params, players, seed)
    record = GameRecord(game, "standard", params, players, seed, seats=("normal",) * players)
    agents = [make_agent(spec, "normal", seat, seed, params) for seat in range(players)]
    actions: list[str] = []
    while len(actions) < moves or len(state.legal_actions()) < 2:
        seat = state.current_player()
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        actions.append(str(action))
        state.apply(action)
    return dataclasses.replace(record, actions=tuple(actions)), state


CASES = [(game, seed, moves) for game in GAMES for seed, moves in POSITIONS]


@pytest.mark.parametrize(("game", "seed", "moves"), CASES)
def test_the_review_of_a_position_judges_each_move_as_its_hint_does(game: str, seed: int, moves: int) -> None:
    """The hint's choice is no mistake (no loss at all) in the review of its position; every option the hint
    shows gets the review's verdict from the hint's own numbers, "about equal" exactly when it is no
    mistake; a move the hint did not weigh is judged against the hint's choice."""
    spec = get(game)
    record, state = position(game, seed, moves)
    hint = analyse_decision(spec, state, ANALYSIS_SEED, record.params, budget=BUDGET)
    assert hint.options, "a searched decision"
    chosen = judge_move(spec, state, hint.choice, ANALYSIS_SEED, record.params, budget=BUDGET)
    assert chosen.best == hint.choice and chosen.verdict.loss == 0 and not chosen.verdict.mistake
    for option in hint.options:
        judged = judge_move(spec, state, option.action, ANALYSIS_SEED, record.params, budget=BUDGET)
        assert judged.best == hint.choice
        assert (judged.best_estimate, judged.played_estimate) == (hint.estimate(hint.choice), option)
        assert judged.verdict == hint.verdict(option.action)
        assert hint.about_equal(option.action) == (not judged.verdict.mistake)
    weighed = {str(option.action) for option in hint.options}
    for action in [a for a in state.legal_actions() if str(a) not in weighed][:2]:
        judged = judge_move(spec, state, action, ANALYSIS_SEED, record.params, budget=BUDGET)
        assert judged.best == hint.choice and judged.played_estimate is not None


@pytest.mark.parametrize("game", GAMES)
def test_a_position_gets_the_same_numbers_by_every_route(game: str) -> None:
    """Analysed twice, by the table's route (an agent given the observation) and by the command line's (a
    record replayed to it), a position gives equal analyses; another position another seed."""
    spec = get(game)
    record, state = position(game, *POSITIONS[1])
    first = analyse_decision(spec, state, ANALYSIS_SEED, record.params, budget=BUDGET)
    assert analyse_decision(spec, record.replay(), ANALYSIS_SEED, record.params, budget=BUDGET) == first
    observation = state.observation(state.current_player())
    table = hint_agent(spec, observation, ANALYSIS_SEED, record.params, budget=BUDGET)
    assert table.analyse(observation, list(state.legal_actions())) == first
    assert all(option.error > 0 for option in first.options), "every sampled estimate has its error"
    _, other = position(game, *POSITIONS[2])
    assert analysis_seed(other.observation(other.current_player())) != analysis_seed(observation)
    assert analysis_seed(observation, 2) != analysis_seed(observation)


def test_the_seed_of_a_position_is_the_same_on_every_run() -> None:
    """Python salts its string hashes per run; the seed is read from the position's text, not its hash."""
    _, state = position("nevermore", *POSITIONS[0])
    seed = analysis_seed(state.observation(state.current_player()))
    script = ("from tests.ai.test_agreement_hint_review import POSITIONS, position\n"
              "from game.core.analysis import analysis_seed\n"
              "_, state = position('nevermore', *POSITIONS[0])\n"
              "print(analysis_seed(state.observation(state.current_player())))\n")
    for salt in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=salt)
        out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                             check=True).stdout
        assert int(out) == seed


def estimate(text: str, win: float, error: float) -> OptionEstimate:
    return OptionEstimate(text, win, None, 100, error)  # the rule reads only the texts and the numbers


def test_a_loss_within_the_margin_or_under_the_floor_is_no_mistake() -> None:
    best = estimate("a", 0.50, 0.02)
    margin = Z_95 * (0.02**2 + 0.03**2) ** 0.5
    within = judge(best, estimate("b", 0.50 - margin + 0.01, 0.03))
    beyond = judge(best, estimate("b", 0.50 - margin - 0.01, 0.03))
    assert within.margin == pytest.approx(margin) and not within.mistake
    assert beyond.mistake and beyond.loss == pytest.approx(margin + 0.01)
    sure = estimate("a", 0.50, 0.0)
    assert not judge(sure, estimate("b", 0.505 - MISTAKE_POINTS, 0.0)).mistake, "too small to tell a player"
    assert judge(sure, estimate("b", 0.495 - MISTAKE_POINTS, 0.0)).mistake
    assert judge(estimate("b", 0.3, 0.01), estimate("a", 0.6, 0.01)).loss == 0, "better than the best: no loss"


def test_the_error_of_an_estimate_shrinks_with_samples_and_never_claims_certainty() -> None:
    assert win_error(1.0, 1.0, 1) == pytest.approx(0.5)
    assert win_error(0.0, 0.0, 3) > 0.1, "three losses in a row are not a sure loss"
    spread = [win_error(n / 2, n / 2, n) for n in (10, 100, 1000)]  # half wins, half losses
    assert spread == sorted(spread, reverse=True) and spread[-1] == pytest.approx(0.5 / 1000**0.5, rel=0.01)


def test_the_hint_says_the_margins_and_which_moves_are_about_equal() -> None:
    options = (estimate("a", 0.40, 0.02), estimate("b", 0.37, 0.03), estimate("c", 0.20, 0.02))
    hint = Analysis(0, "a", options)
    lines = hint_lines(hint, None, lambda action: f"Play {action}")
    assert lines == ["Best: Play a: 40% win (±4)", "Play b: 37% win (±6), about equal", "Play c: 20% win (±4)"]
    assert [entry["mistake"] for entry in hint.to_json()["options"]] == [False, False, True]
    assert hint.to_json()["options"][1]["margin"] == pytest.approx(Z_95 * 0.03, abs=1e-4)


MIXED_REVIEW_SEED = 4
"""An analysis seed under which the review of this game finds both a mistake and a loss within its margin (the
seed of each search comes from it and the observation, so a change to what an observation holds picks others)."""


def test_a_review_flags_only_losses_beyond_their_margin_and_says_the_rest_are_about_equal() -> None:
    spec = get("trick-or-treat")
    params = dict(load_variant(spec, "standard").params, supply_per_player=4)
    record = dataclasses.replace(play_match(spec, params, ["normal"] * 3, 5).record, seats=("human", "normal",
                                                                                             "normal"))
    review = review_game(record, budget=200, seed=MIXED_REVIEW_SEED)
    assert any(d.mistake for d in review.decisions) and any(d.loss > 0 and not d.mistake for d in review.decisions)
    for decision in review.decisions:
        assert decision.mistake == (decision.loss > decision.margin and decision.loss > MISTAKE_POINTS)
        assert bool(decision.rank) <= decision.mistake, "only a mistake is among the costliest"
        words = verdict_words(decision)
        assert words.startswith("about equal") == (decision.loss > 0 and not decision.mistake)
        assert ("±" in words) == (decision.loss > 0)
        assert (verdict_words(decision, brief=True) == "about equal") == words.startswith("about equal")


def test_the_command_line_shows_the_margins_and_about_equal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) \
        -> None:
    record, state = position("trick-or-treat", 11, 14)
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    assert run(["hint", str(path), "--budget", str(BUDGET)]) == 0
    out = capsys.readouterr().out
    hint = analyse_decision(get("trick-or-treat"), state, ANALYSIS_SEED, record.params, budget=BUDGET)
    equal = [option for option in hint.options[1:] if hint.about_equal(option.action)]
    assert equal, "the position has moves within the margin of the best"
    assert out.count("about equal") == len(equal) + 1, "each such move, and the note on what it means"
    assert all(f"±{option.margin:5.1%}" in out for option in hint.options)
    assert run(["hint", str(path), "--budget", str(BUDGET), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["options"]
    assert [{key: value for key, value in entry.items() if key != "says"} for entry in shown] == \
        hint.to_json()["options"]
