"""A tiny test-only game with a simultaneous secret decision, to exercise the core contracts.

Each round every seat in turn secretly picks a number; when all have picked, the picks are revealed and
the highest unique number scores a point. Rounds and the top number are rule parameters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping

from game.core.agent import RandomAgent
from game.core.contracts import TERMINAL, Event, GameState, Observation, make_rng
from game.core.params import Param, Record
from game.core.registry import GameSpec

SCHEMA = Record({
    "rounds": Param(int, "rounds in a game", min=1, max=20),
    "top": Param(int, "highest number a seat may pick", min=2, max=9),
    "tie_rule": Param(str, "what a tie scores", choices=("nobody", "everyone")),
})
STANDARD = {"rounds": 3, "top": 3, "tie_rule": "nobody"}


@dataclass(frozen=True)
class Pick:
    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


@dataclass(frozen=True)
class Picked(Event):
    seat: int
    number: int | None

    def seen_by(self, seat: int | None) -> Event:
        return self if seat == self.seat else Picked(self.seat, None)


@dataclass(frozen=True)
class Revealed(Event):
    picks: tuple[int, ...]
    scorer: int | None


@dataclass(frozen=True)
class SecretObservation(Observation):
    round: int
    to_move: int
    own_pick: int | None
    picked: tuple[bool, ...]
    points: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]


class SecretNumbers(GameState):
    def __init__(self, params: Mapping[str, Any], players: int, seed: int) -> None:
        self.params = dict(params)
        self.num_players = players
        self.rng = make_rng(seed)
        self.round = 0
        self.to_move = self.rng.randrange(players)
        self.first = self.to_move
        self.picks: list[int | None] = [None] * players
        self.points = [0] * players
        self.history: list[tuple[int, ...]] = []

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_move

    def legal_actions(self) -> list[Pick]:
        if self.is_terminal():
            return []
        return [Pick(n) for n in range(1, self.params["top"] + 1)]

    def apply_legal(self, action: Pick) -> list[Event]:
        seat = self.to_move
        self.picks[seat] = action.number
        events: list[Event] = [Picked(seat, action.number)]
        self.to_move = (seat + 1) % self.num_players
        if all(p is not None for p in self.picks):
            picks = tuple(int(p) for p in self.picks)  # type: ignore[arg-type]
            unique = [n for n in picks if picks.count(n) == 1]
            scorer = picks.index(max(unique)) if unique else None
            if scorer is not None:
                self.points[scorer] += 1
            elif self.params["tie_rule"] == "everyone":
                self.points = [p + 1 for p in self.points]
            self.history.append(picks)
            self.picks = [None] * self.num_players
            self.round += 1
            self.to_move = self.first
            events.append(Revealed(picks, scorer))
        return events

    def is_terminal(self) -> bool:
        return self.round >= self.params["rounds"]

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.points)
        return [seat for seat, p in enumerate(self.points) if p == best]

    def observation(self, seat: int | None) -> SecretObservation:
        return SecretObservation(seat, self.round, self.to_move, None if seat is None else self.picks[seat],
                                 tuple(p is not None for p in self.picks), tuple(self.points),
                                 tuple(self.history))

    def clone(self) -> "SecretNumbers":
        copy = object.__new__(SecretNumbers)
        copy.__dict__.update(self.__dict__)
        copy.rng = random.Random()
        copy.rng.setstate(self.rng.getstate())
        copy.picks = list(self.picks)
        copy.points = list(self.points)
        copy.history = list(self.history)
        return copy


def sample_state(observation: SecretObservation, rng: random.Random) -> SecretNumbers:
    """Others' committed picks are unknown: draw them at random."""
    state = SecretNumbers(STANDARD, len(observation.points), rng.getrandbits(32))
    state.round = observation.round
    state.to_move = observation.to_move
    state.points = list(observation.points)
    state.history = list(observation.history)
    state.picks = [
        (observation.own_pick if seat == observation.seat else rng.randint(1, STANDARD["top"])) if done else None
        for seat, done in enumerate(observation.picked)
    ]
    return state


def describe(event: Event, names: list[str]) -> str:
    if isinstance(event, Picked):
        return f"{names[event.seat]} picks a number"
    assert isinstance(event, Revealed)
    return f"revealed {event.picks}"


def make_spec() -> GameSpec:
    from game.ai.ismcts import SearchAgent, SearchSettings

    return GameSpec(
        name="secret-numbers", title="Secret Numbers", tagline="A test game", min_players=2, max_players=4,
        schema=SCHEMA, new_game=SecretNumbers, sample_state=sample_state,
        agents={"random": RandomAgent, "hard": lambda ctx: SearchAgent(ctx, SearchSettings(iterations=60))},
        describe=describe, figures=lambda state: {"rounds": float(state.round)},
    )
