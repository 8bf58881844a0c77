"""The headless match runner: one agent per seat plays whole games, for simulations, tests and benches.

Every game of a series gets its own seed drawn from the series seed, and every agent its own generator
drawn from its game's seed, so the same arguments always give the same results. A series may start every
game from one position (``game.core.position``): the same cards, the chance after it from each game's seed.
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import Future, ProcessPoolExecutor, TimeoutError as WaitedTooLong
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.core.agent import LEVELS, ORACLE, ORACLE_SEARCH, Agent, AgentContext
from game.core.contracts import GameState
from game.core.position import state_from_document
from game.core.record import GameRecord
from game.core.registry import GameSpec

MAX_ACTIONS = 100_000
"""A game that has not ended after this many actions is a rules bug, reported as such."""
MAX_GAMES = 100_000
"""The most games a series plays. A thousand give a win rate within about 3 points, 100,000 within 0.3,
finer than any question asked of a variant; a series keeps a few numbers a game (under 90 MB for 100,000
games of 8 players with 13 figures, measured)."""
MAX_BUDGET = 100_000
"""The most search iterations (or alpha-beta nodes) a ``hard`` decision may be given: one decision stays
within minutes. Measured, the costliest is Nevermore at 6 players, about 1.3 ms of CPU an iteration: one
decision at 100,000 took 134 s and 54 MB (Reapers, Spectral Reapers and Trick or Treat cost less). The
defaults are 250 to 1,000."""
MAX_JOBS = 256
"""The most processes a series may be asked for: more than any machine this runs on has cores. A series
never starts more than it has games to play or the machine has cores (``pool_size``)."""
QUEUED_PER_PROCESS = 4
"""Games handed to each process ahead of the one being waited for: enough to keep every process busy,
few enough that a series of 100,000 games never holds 100,000 pending games."""
CANCEL_POLL_SECONDS = 0.1
"""How often a series waiting on a game played in a process asks whether it is cancelled: a game of the hard
AI takes minutes, and Cancel must not wait for it."""


class RunawayGameError(RuntimeError):
    """A game that did not end within ``MAX_ACTIONS``."""


class SimulationCancelled(Exception):
    """A series stopped early because its ``cancelled`` callback said so."""


def make_agent(spec: GameSpec, level: str, seat: int, seed: int, params: Mapping[str, Any],
               budget: int | None = None, time_limit: float | None = None) -> Agent:
    """The agent of ``level`` for ``seat``, with a generator of its own (``time_limit``: see AgentContext)."""
    oracle = level == ORACLE
    if (ORACLE_SEARCH if oracle else level) not in spec.agents:
        known = ", ".join(level for level in LEVELS if level in spec.agents)
        raise ValueError(f"unknown AI level {level!r} for {spec.name}; levels: {known}")
    rng = random.Random(seed * 1_000_003 + seat * 7919 + 17)
    context = AgentContext(spec, seat, rng, dict(params), budget, time_limit, oracle=oracle)
    return spec.agents[ORACLE_SEARCH if oracle else level](context)


@dataclass(frozen=True)
class GameOutcome:
    """What a series keeps of one finished game (a resumed series reads these back from its log)."""

    scores: list[float]
    returns: list[float]
    actions: int
    figures: Mapping[str, float]


@dataclass(frozen=True)
class MatchResult(GameOutcome):
    """One finished game, with its record."""

    winners: list[int]
    record: GameRecord


def start_at(position: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """The position document ``position`` with the chance after it drawn from ``seed``."""
    return {**position, "seed": seed}


def play_match(spec: GameSpec, params: Mapping[str, Any], levels: Sequence[str], seed: int, *,
               variant: str = "standard", budget: int | None = None,
               time_limit: float | None = None,
               position: Mapping[str, Any] | None = None) -> MatchResult:
    """Play one whole game with an agent of the given level in each seat, from the first deal or from the
    position document ``position`` (whose ``params`` are ``params``; its seed replaced by ``seed``).
    ``time_limit``: a search's most seconds a decision, as at a table; ``None``: the budget alone decides."""
    players = len(levels)
    start = start_at(position, seed) if position is not None else None
    state = spec.new_game(params, players, seed) if start is None else \
        state_from_document(start, spec.name).state
    agents = [make_agent(spec, level, seat, seed, params, budget, time_limit) for seat, level in enumerate(levels)]
    played: list[str] = []
    while not state.is_terminal():
        if len(played) >= MAX_ACTIONS:
            raise RunawayGameError(f"{spec.name} seed {seed} did not end after {MAX_ACTIONS} actions")
        seat = state.current_player()
        if agents[seat].context.oracle:
            agents[seat].reveal(state)
        action = agents[seat].choose(state.observation(seat), state.legal_actions())
        state.apply(action)
        played.append(str(action))
    record = GameRecord(spec.name, variant, dict(params), players, seed, tuple(played),
                        seats=tuple(levels), position=start)
    figures = spec.figures(state) if spec.figures else {}
    return MatchResult(state.scores(), state.returns(), len(played), figures, state.winners(), record)


def usable_cores() -> int:
    """How many cores this process may run on (those of its CPU affinity, where the system tells)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def pool_size(jobs: int, games: int) -> int:
    """The processes a series asked for ``jobs`` plays ``games`` games in: never more than the games, nor
    than the machine's cores (more would only share them); 1 means no pool, the games play here."""
    return max(1, min(jobs, games, usable_cores()))


def series_seeds(seed: int, games: int) -> list[int]:
    """The seed of each game of a series."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(games)]


@dataclass
class SeriesResult:
    """A series of games, kept game by game so variants can be compared beyond their means."""

    game: str
    variant: str
    levels: list[str]
    seed: int
    seconds: float = 0.0
    shares: list[list[float]] = field(default_factory=list)
    """Each game's share of the win, seat by seat (1/k to each of k winners)."""
    scores: list[list[float]] = field(default_factory=list)
    """Each game's scores, seat by seat."""
    lengths: list[int] = field(default_factory=list)
    """Each game's number of actions."""
    figures: dict[str, list[float]] = field(default_factory=dict)
    """Each of the game's telling figures, game by game."""

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.lengths)

    @property
    def wins(self) -> list[float]:
        """Each seat's total share of wins (adds up to the number of games)."""
        return [sum(game[seat] for game in self.shares) for seat in range(len(self.levels))]

    def add(self, result: GameOutcome) -> None:
        """Count one more finished game."""
        self.shares.append(list(result.returns))
        self.scores.append(list(result.scores))
        self.lengths.append(result.actions)
        for name, value in result.figures.items():
            self.figures.setdefault(name, []).append(float(value))

    def mean_scores(self) -> list[float]:
        """Each seat's mean score."""
        return [sum(game[seat] for game in self.scores) / self.games if self.games else 0.0
                for seat in range(len(self.levels))]

    def mean_actions(self) -> float:
        """Mean actions a game."""
        return sum(self.lengths) / self.games if self.games else 0.0

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
                  budget: int | None, time_limit: float | None,
                  position: Mapping[str, Any] | None) -> MatchResult:
    """``play_match`` for a worker process, which finds the game through the registry (and is sent the
    position's document, plain values, never a state)."""
    from game.core.registry import get

    return play_match(get(game), params, levels, seed, variant=variant, budget=budget, time_limit=time_limit,
                      position=position)


def simulate(spec: GameSpec, params: Mapping[str, Any], levels: Sequence[str], games: int, seed: int, *,
             variant: str = "standard", budget: int | None = None, time_limit: float | None = None,
             jobs: int = 1, progress: Callable[[int, int], None] | None = None,
             cancelled: Callable[[], bool] | None = None,
             played: Mapping[int, GameOutcome] | None = None,
             finished: Callable[[int, MatchResult], None] | None = None,
             position: Mapping[str, Any] | None = None) -> SeriesResult:
    """Play ``games`` games and total them; ``progress(done, total)`` is called after each.

    With ``jobs`` > 1 the games are played in up to that many processes (``pool_size``); results are
    totalled in game order, so the figures do not depend on ``jobs``. ``cancelled()`` is asked between games;
    when it says yes, ``SimulationCancelled`` is raised. ``played`` holds games of this series already played
    (by index), which are counted, not played again; ``finished(index, result)`` is told of each game played
    now. With ``position`` (a position document of these ``params`` and ``len(levels)`` players), every game
    starts there, the chance after it drawn from the game's own seed.
    """
    series = SeriesResult(spec.name, variant, list(levels), seed)
    started = time.perf_counter()
    seeds = series_seeds(seed, games)
    played = played or {}
    to_play = (index for index in range(games) if index not in played)
    workers = pool_size(jobs, games - sum(1 for index in played if 0 <= index < games))
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    futures: dict[int, Future] = {}

    def hand_out() -> None:
        """Keep ``QUEUED_PER_PROCESS`` games a process queued, in game order."""
        assert pool is not None
        while len(futures) < workers * QUEUED_PER_PROCESS:
            index = next(to_play, None)
            if index is None:
                return
            futures[index] = pool.submit(_play_by_name, spec.name, dict(params), list(levels), seeds[index],
                                         variant, budget, time_limit, position)

    def outcomes() -> Iterable[GameOutcome]:
        for index, game_seed in enumerate(seeds):
            if index in played:
                yield played[index]
                continue
            if pool is None:
                result = play_match(spec, params, levels, game_seed, variant=variant, budget=budget,
                                    time_limit=time_limit, position=position)
            else:
                hand_out()
                result = _awaited(futures.pop(index), cancelled, index, games)
            if finished is not None:
                finished(index, result)
            yield result

    try:
        for index, result in enumerate(outcomes()):
            series.add(result)
            if progress is not None:
                progress(index + 1, games)
            if cancelled is not None and index + 1 < games and cancelled():
                raise SimulationCancelled(f"cancelled after {index + 1} of {games} games")
    except BaseException:
        if pool is not None:  # the series is given up: its games under way too, at once
            for process in list(pool._processes.values()):
                process.kill()  # not SIGTERM: a process forked from the window keeps SDL's handler of it
            pool.shutdown(wait=True, cancel_futures=True)  # the pool sees them gone before a game is cancelled
        raise
    finally:
        if pool is not None:
            # Cancel queued games ourselves and shut down once: a second shutdown (as a ``with`` block
            # makes) resets ``cancel_futures`` before the pool acts on it, and queued games would play on.
            for future in futures.values():
                future.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
    series.seconds = time.perf_counter() - started
    return series


def _awaited(future: Future, cancelled: Callable[[], bool] | None, done: int, games: int) -> MatchResult:
    """The game ``future`` plays in a process; ``SimulationCancelled`` as soon as ``cancelled()`` says so."""
    while cancelled is None or not cancelled():
        try:
            return future.result(timeout=None if cancelled is None else CANCEL_POLL_SECONDS)
        except WaitedTooLong:
            continue
    raise SimulationCancelled(f"cancelled after {done} of {games} games")


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
