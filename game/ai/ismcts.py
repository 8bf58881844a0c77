"""Information-set Monte Carlo tree search with a reward per seat.

Each iteration draws one world consistent with what the searching seat knows (``GameSpec.sample_state``),
walks the shared tree choosing among the actions legal in that world (UCB1 counted over availability,
as in Cowling, Powley and Whitehouse's SO-ISMCTS), rolls out, and credits every seat its own reward, so
with three or more players each seat maximises its own result. With perfect information the sampled
world is the true one and this is plain MCTS.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from game.core.agent import Agent, AgentContext
from game.core.contracts import Action, GameState, Observation

RolloutPolicy = Callable[[GameState, random.Random], Action]
Evaluator = Callable[[GameState], list[float]]


@dataclass(frozen=True)
class SearchSettings:
    """How a game tunes the search: budget, exploration, and its own knowledge for rollouts."""

    iterations: int = 400
    exploration: float = 0.7
    rollout_policy: RolloutPolicy | None = None
    """Chooses rollout moves; ``None`` plays uniformly at random."""
    evaluate: Evaluator | None = None
    """Reward per seat in [0, 1] for a state; defaults to ``returns()`` at the end of the game."""
    rollout_depth: int | None = None
    """Stop a rollout after this many actions and ``evaluate`` (needs ``evaluate``)."""
    time_limit: float | None = None
    """Stop early after this many seconds (``AgentContext.time_limit``); ``None``: all iterations."""


class _Node:
    __slots__ = ("mover", "children", "visits", "availability", "reward")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0


def _reward(state: GameState, settings: SearchSettings) -> list[float]:
    if settings.evaluate is not None:
        return settings.evaluate(state)
    return state.returns()


def search(observation: Observation, legal: Sequence[Action], sample: Callable[[random.Random], GameState],
           settings: SearchSettings, rng: random.Random) -> Action:
    """The action of ``legal`` with the most visits after ``settings.iterations`` iterations."""
    if len(legal) == 1:
        return legal[0]
    if observation.seat is None:
        raise ValueError("a spectator's observation has no seat to search for")
    by_text = {str(action): action for action in legal}
    root = _Node(observation.seat)
    deadline = None if settings.time_limit is None else time.perf_counter() + settings.time_limit
    for _ in range(settings.iterations):
        if deadline is not None and root.children and time.perf_counter() > deadline:
            break
        state = sample(rng)
        path = [root]
        node = root
        # Selection and expansion in the sampled world.
        while not state.is_terminal():
            actions = state.legal_actions()
            if node is root:
                actions = [a for a in actions if str(a) in by_text] or actions
            texts = [str(a) for a in actions]
            for text in texts:
                child = node.children.get(text)
                if child is not None:
                    child.availability += 1
            untried = [i for i, text in enumerate(texts) if text not in node.children]
            mover = state.current_player()
            if untried:
                index = untried[rng.randrange(len(untried))]
                child = _Node(mover)
                child.availability = 1
                node.children[texts[index]] = child
                state.apply_legal(actions[index])
                path.append(child)
                break
            index = _select(node, texts, settings.exploration)
            node = node.children[texts[index]]
            state.apply_legal(actions[index])
            path.append(node)
        rewards = _rollout(state, settings, rng)
        for visited in path:
            visited.visits += 1
            if visited is not root:
                visited.reward += rewards[visited.mover]
    best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
    return by_text.get(best[0], legal[0])


def _select(node: _Node, texts: list[str], exploration: float) -> int:
    best_index, best_value = 0, -math.inf
    for index, text in enumerate(texts):
        child = node.children[text]
        value = child.reward / child.visits + exploration * math.sqrt(
            math.log(max(child.availability, 1)) / child.visits
        )
        if value > best_value:
            best_index, best_value = index, value
    return best_index


def _rollout(state: GameState, settings: SearchSettings, rng: random.Random) -> list[float]:
    depth = 0
    policy = settings.rollout_policy
    while not state.is_terminal():
        if settings.rollout_depth is not None and depth >= settings.rollout_depth:
            break
        if policy is None:
            actions = state.legal_actions()
            state.apply_legal(actions[rng.randrange(len(actions))])
        else:
            state.apply_legal(policy(state, rng))
        depth += 1
    return _reward(state, settings)


class SearchAgent(Agent):
    """An agent that searches; a game gives it its settings (its own rollout knowledge and budget)."""

    level = "hard"

    def __init__(self, context: AgentContext, settings: SearchSettings) -> None:
        super().__init__(context)
        if context.budget is not None:
            settings = replace(settings, iterations=context.budget)
        self.settings = replace(settings, time_limit=context.time_limit)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        spec = self.context.spec
        return search(observation, legal, lambda rng: spec.sample_state(observation, rng), self.settings,
                      self.rng)
