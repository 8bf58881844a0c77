"""The one agent interface, for every game and every level.

An agent sees only an observation and the legal actions, never the true state. Hidden-information search
asks the game's ``GameSpec.sample_state`` for worlds consistent with the observation.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable, Protocol, Sequence

from game.core.analysis import Analysis
from game.core.contracts import Action, GameState, Observation, uniform_choice

LEVELS: tuple[str, ...] = ("random", "easy", "normal", "hard")
"""Named AI levels, weakest first. ``human`` is a seat kind, not a level."""
LEVEL_LINES: dict[str, str] = {
    "random": "Random: any legal move, at random; the weakest.",
    "easy": "Easy: takes the obvious move and slips now and then; easy to beat.",
    "normal": "Normal: plays sound rules of thumb for its game; a fair match.",
    "hard": "Hard: searches ahead from what its seat sees; strongest; thinks up to 1 s.",
}
"""What each level does and how strong it is, in one line a player reads when choosing it. Every level
sees only its own seat's observation, never hidden cards."""
ORACLE = "oracle"
"""A measuring level, for ``simulate`` and ``compare`` only (never at a table nor among the app's levels):
hard's search, at hard's budget, shown the true state. Its results against the other levels are a ceiling
for any honest search."""
ORACLE_SEARCH = "hard"
"""The level whose search the oracle runs."""
MEASURING_LEVELS: tuple[str, ...] = LEVELS + (ORACLE,)
"""The levels a simulation may seat."""


class WorldSampler(Protocol):
    """What an agent may ask of its game (a ``GameSpec`` is one): worlds its seat cannot tell from the true
    one. Named here so the registry, which lists each game's agents, is the only one of the two to import
    the other."""

    @property
    def sample_state(self) -> Callable[[Observation, random.Random], GameState]:
        """``sample_state(observation, rng)``: a full state consistent with what the observation's seat knows."""


@dataclass(frozen=True)
class AgentContext:
    """What an agent is built with: its game, seat, own generator, variant and search budget."""

    spec: WorldSampler
    seat: int
    rng: random.Random
    params: dict
    budget: int | None = None
    """Iterations per decision for search agents; ``None`` means the level's default."""
    time_limit: float | None = None
    """Seconds a search may take at most: a table sets it so a slow machine never keeps a player waiting.
    ``None`` (simulations, benches): the budget alone decides, so results are reproducible."""
    oracle: bool = False
    """The ``ORACLE`` level: the match runner shows the agent the true state before each decision."""


class Agent(ABC):
    """Chooses an action for one seat. Agents keep no hidden state between decisions."""

    level: str = "agent"

    def __init__(self, context: AgentContext) -> None:
        self.context = context
        self.rng = context.rng
        self.effort = 0
        """The work of the last decision: search iterations or nodes (0 for a heuristic). A measurement for
        benches, never used to decide."""
        self.world: GameState | None = None
        """The true state, shown only to an oracle (``AgentContext.oracle``) by the match runner."""

    def reveal(self, state: GameState) -> None:
        """Show an oracle the true state of its coming decision; any other agent refuses to look."""
        if not self.context.oracle:
            raise PermissionError("only the oracle level may see the true state")
        self.world = state

    @abstractmethod
    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """Pick one of ``legal`` knowing only ``observation``."""

    def analyse(self, observation: Observation, legal: Sequence[Action]) -> Analysis:
        """The decision with what the agent thinks of each option (searching agents estimate each option's
        chance of winning and score; others give only their choice)."""
        if observation.seat is None:
            raise ValueError("a spectator's observation has no seat to analyse for")
        if len(legal) == 1:
            return Analysis(observation.seat, legal[0], forced=True)
        return Analysis(observation.seat, self.choose(observation, legal))


class RandomAgent(Agent):
    """Plays a uniformly random legal action: the baseline every other level must beat."""

    level = "random"

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return uniform_choice(legal, self.rng)


AgentFactory = Callable[[AgentContext], Agent]
