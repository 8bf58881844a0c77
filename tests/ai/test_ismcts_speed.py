"""The search's shortcuts (issue 18) keep its choices: actions written out once a search, by object, still
name the right moves when a game makes new action objects at every step (their ids reused once freed); a
rollout without a depth limit plays to the end as one with a limit too deep to reach."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.ai.ismcts import SearchSettings, search
from game.core.contracts import Action, Event, GameState, Observation

SCORES = {"low": (1.0, 3.0), "even": (1.0, 1.0), "high": (3.0, 1.0)}
"""Each first move's final scores (seat 0, seat 1); every game ends in a shared win whatever is played."""


@dataclass(frozen=True)
class Move:
    name: str

    def __str__(self) -> str:
        return self.name


class SharedWin(GameState):
    """Seat 0 picks a move, then seat 1 makes ``turns`` forced moves; the game always ends in a shared win,
    so only the scores of seat 0's move tell its results apart."""

    def __init__(self, turns: int) -> None:
        self.num_players = 2
        self.turns = turns
        self.chosen = ""
        self.played = 0

    def current_player(self) -> int:
        return 0 if not self.chosen else 1

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        return [Move(name) for name in SCORES] if not self.chosen else [Move("wait")]

    def apply_legal(self, action: Action) -> list[Event]:
        if not self.chosen:
            self.chosen = str(action)
        else:
            self.played += 1
        return []

    def is_terminal(self) -> bool:
        return bool(self.chosen) and self.played >= self.turns

    def scores(self) -> list[float]:
        return list(SCORES[self.chosen]) if self.chosen else [0.0, 0.0]

    def winners(self) -> list[int]:
        return [0, 1] if self.is_terminal() else []

    def observation(self, seat: int | None) -> Observation:
        return Observation(seat)

    def clone(self) -> SharedWin:
        other = SharedWin(self.turns)
        other.chosen, other.played = self.chosen, self.played
        return other


def _first_forced(state: GameState, rng: random.Random) -> Action:
    return state.legal_actions()[0]


def test_fresh_action_objects_keep_their_texts_and_the_better_score_is_chosen() -> None:
    root = SharedWin(turns=3)
    for seed in range(12):
        settings = SearchSettings(iterations=60, rollout_policy=_first_forced)
        choice = search(root.observation(0), root.legal_actions(), lambda rng: root.clone(), settings,
                        random.Random(seed))
        assert str(choice) == "high", seed


def test_a_rollout_with_a_limit_it_never_reaches_chooses_as_one_without() -> None:
    root = SharedWin(turns=4)
    for seed in range(6):
        choices = []
        for depth in (None, 50):
            settings = SearchSettings(iterations=40, rollout_policy=_first_forced, rollout_depth=depth)
            choices.append(str(search(root.observation(0), root.legal_actions(), lambda rng: root.clone(),
                                      settings, random.Random(seed))))
        assert choices[0] == choices[1] == "high", seed
