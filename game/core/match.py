"""The headless match runner: one agent per seat plays whole games, for simulations, tests and benches.

Every game of a series gets its own seed drawn from the series seed, and every agent its own generator
drawn from its game's seed, so the same arguments always give the same results.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.core.agent import LEVELS, Agent, AgentContext
from game.core.contracts import GameState
from game.core.record import GameRecord
from game.core.registry import GameSpec

MAX_ACTIONS = 100_000
"""A game that has not ended after this many actions is a rules bug, reported as such."""


class RunawayGameError(RuntimeError):
    """A game that did not end within ``MAX_ACTIONS``."""


def make_agent(spec: GameSpec, level: str, seat: int, seed: int, params: Mapping[str, Any],
               budget: int | None = None) -> Agent:
    """The agent of ``level`` for ``seat``, with a generator of its own."""
    if level not in spec.agents:
        known = ", ".join(level for level in LEVELS if level in spec.agents)
        raise ValueError(f"unknown AI level {level!r} for {spec.name}; levels: {known}")
    rng = random.Random(seed * 1_000_003 + seat * 7919 + 17)
    return spec.agents[level](AgentContext(spec, seat, rng, dict(params), budget))


@dataclass(frozen=True)
class MatchResult:
    """One finished game."""

    scores: list[float]
    winners: list[int]
    returns: list[float]
    actions: int
    figures: Mapping[str, float]
    record: GameRecord


def play_match(spec: GameSpec, params: Mapping[str, Any], levels: Sequence[str], seed: int, *,
               variant: str = "standard", budget: int | None = None) -> MatchResult:
    """Play one whole game with an agent of the given level in each seat."""
    players = len(levels)
    state = spec.new_game(params, players, seed)
    agents = [make_agent(spec, level, seat, seed, params, budget) for seat, level in enumerate(levels)]
    played: list[str] = []
    while not state.is_terminal():
        if len(played) >= MAX_ACTIONS:
            raise RunawayGameError(f"{spec.name} seed {seed} did not end after {MAX_ACTIONS} actions")
        seat = state.current_player()
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        state.apply(action)
        played.append(str(action))
    record = GameRecord(spec.name, variant, dict(params), players, seed, tuple(played),
                        seats=tuple(levels))
    figures = spec.figures(state) if spec.figures else {}
    return MatchResult(state.scores(), state.winners(), state.returns(), len(played), figures, record)


def series_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a series."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


@dataclass
class SeriesResult:
    """Totals over a series of games, per seat."""

    game: str
    variant: str
    levels: list[str]
    seed: int
    games: int = 0
    wins: list[float] = field(default_factory=list)
    score_totals: list[float] = field(default_factory=list)
    action_total: int = 0
    seconds: float = 0.0
    scores: list[list[float]] = field(default_factory=list)
    figures: dict[str, float] = field(default_factory=dict)

    def add(self, result: MatchResult) -> None:
        """Count one more finished game."""
        if not self.wins:
            self.wins = [0.0] * len(self.levels)
            self.score_totals = [0.0] * len(self.levels)
        self.games += 1
        self.action_total += result.actions
        self.scores.append(list(result.scores))
        for seat, share in enumerate(result.returns):
            self.wins[seat] += share
            self.score_totals[seat] += result.scores[seat]
        for name, value in result.figures.items():
            self.figures[name] = self.figures.get(name, 0.0) + value

    def mean_scores(self) -> list[float]:
        """Each seat's mean score."""
        return [total / self.games if self.games else 0.0 for total in self.score_totals]

    def mean_actions(self) -> float:
        """Mean actions a game."""
        return self.action_total / self.games if self.games else 0.0

    def to_json_dict(self) -> dict[str, Any]:
        """The documented ``simulate --json`` object."""
        return {
            "game": self.game,
            "variant": self.variant,
            "players": len(self.levels),
            "seats": list(self.levels),
            "games": self.games,
            "seed": self.seed,
            "wins": [round(w, 6) for w in self.wins],
            "mean_score": [round(s, 6) for s in self.mean_scores()],
            "mean_actions": round(self.mean_actions(), 6),
            "seconds": round(self.seconds, 3),
        }


def _play_by_name(game: str, params: Mapping[str, Any], levels: Sequence[str], seed: int, variant: str,
                  budget: int | None) -> MatchResult:
    """``play_match`` for a worker process, which finds the game through the registry."""
    from game.core.registry import get

    return play_match(get(game), params, levels, seed, variant=variant, budget=budget)


def simulate(spec: GameSpec, params: Mapping[str, Any], levels: Sequence[str], games: int, seed: int, *,
             variant: str = "standard", budget: int | None = None, jobs: int = 1,
             progress: Callable[[int, int], None] | None = None) -> SeriesResult:
    """Play ``games`` games and total them; ``progress(done, total)`` is called after each.

    With ``jobs`` > 1 the games are played in that many processes; results are totalled in game order,
    so the figures do not depend on ``jobs``.
    """
    series = SeriesResult(spec.name, variant, list(levels), seed)
    started = time.perf_counter()
    seeds = series_seeds(seed, games)
    if jobs <= 1:
        results: Iterable[MatchResult] = (
            play_match(spec, params, levels, game_seed, variant=variant, budget=budget) for game_seed in seeds
        )
        for index, result in enumerate(results):
            series.add(result)
            if progress is not None:
                progress(index + 1, games)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_by_name, spec.name, dict(params), list(levels), game_seed, variant, budget)
                       for game_seed in seeds]
            for index, future in enumerate(futures):
                series.add(future.result())
                if progress is not None:
                    progress(index + 1, games)
    series.seconds = time.perf_counter() - started
    return series


def random_playout(state: GameState, rng: random.Random) -> int:
    """Play uniformly random legal actions to the end; the number of actions played."""
    count = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_legal(actions[rng.randrange(len(actions))])
        count += 1
        if count > MAX_ACTIONS:
            raise RunawayGameError(f"random playout did not end after {MAX_ACTIONS} actions")
    return count
