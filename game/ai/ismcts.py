"""Information-set Monte Carlo tree search with a reward per seat.

Each iteration draws one world consistent with what the searching seat knows (``GameSpec.sample_state``),
walks the shared tree choosing among the actions legal in that world (UCB1 counted over availability,
as in Cowling, Powley and Whitehouse's SO-ISMCTS), rolls out, and credits every seat its own reward, so
with three or more players each seat maximises its own result: at the end of a game a win, then a shared
win, then a better place, then a better score (``game/ai/reward.py``). With perfect information the sampled
world is the true one and this is plain MCTS.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import Callable, Sequence

from game.ai.reward import ranked_rewards
from game.core.agent import Agent, AgentContext
from game.core.analysis import Analysis, OptionEstimate, win_error
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
    horizon: Callable[[GameState], bool] | None = None
    """Whether a finished sample is the search's horizon rather than the game's real end (a search that stops
    at the end of a hand): ``evaluate`` scores it alone, with no bonus for place and score. ``None``: every
    finished sample is a real end."""
    opponent_policy: RolloutPolicy | None = None
    """Moves the other seats inside the tree too (their moves are not nodes: the tree holds only the
    searching seat's moves). ``None``: every seat chooses by UCB. Where the seats move at once, face down,
    an opponent's node of the shared tree 'sees' the searcher's hidden card and answers it, which makes the
    search paranoid; a model of how opponents play avoids that."""


class _Node:
    __slots__ = ("mover", "children", "visits", "availability", "reward", "score", "win", "win_squares")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.availability = 0
        self.reward = 0.0
        self.score = 0.0
        """Sum of the root seat's score at the end of each sample through this node (root's children only,
        and only when an analysis asks for scores)."""
        self.win = 0.0
        """Sum of the root seat's share of the rewards at the end of each sample (as ``score``)."""
        self.win_squares = 0.0
        """Sum of the squares of those shares: their spread gives ``win``'s standard error."""


def _reward(state: GameState, settings: SearchSettings) -> list[float]:
    if settings.evaluate is not None:
        return settings.evaluate(state)
    return state.returns()


def search(observation: Observation, legal: Sequence[Action], sample: Callable[[random.Random], GameState],
           settings: SearchSettings, rng: random.Random) -> Action:
    """The action of ``legal`` with the most visits after ``settings.iterations`` iterations."""
    return search_with_effort(observation, legal, sample, settings, rng)[0]


def search_with_effort(observation: Observation, legal: Sequence[Action],
                       sample: Callable[[random.Random], GameState], settings: SearchSettings,
                       rng: random.Random) -> tuple[Action, int]:
    """``search``'s action and the iterations it ran (fewer than the budget when the time limit cut it)."""
    if len(legal) == 1:
        return legal[0], 0
    root, by_text = _grow(observation, legal, sample, settings, rng, scores=False)
    best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward))
    return by_text.get(best[0], legal[0]), root.visits


def win_share(rewards: Sequence[float], seat: int) -> float:
    """``seat``'s chance of winning as a sample's rewards tell it: its share of all seats' rewards. A finished
    game's returns are already shares; a game's own evaluation at the horizon (a lead, a weighted worth) is
    a reward that need not sum to 1 over the seats, so it is read as shares of the whole."""
    total = sum(rewards)
    return rewards[seat] / total if total > 0 else 1.0 / len(rewards)


def analyse(observation: Observation, legal: Sequence[Action], sample: Callable[[random.Random], GameState],
            settings: SearchSettings, rng: random.Random) -> Analysis:
    """The search of ``search`` (same samples, same choice), reported option by option: each root action's
    estimated chance of winning (the mean of ``win_share`` over its samples, with its standard error) and the
    seat's mean score at the end of its samples, most visited first."""
    seat = _seat(observation)
    if len(legal) == 1:
        return Analysis(seat, legal[0], forced=True)
    root, by_text = _grow(observation, legal, sample, settings, rng, scores=True)
    ranked = sorted(((text, node) for text, node in root.children.items() if text in by_text),
                    key=lambda item: (item[1].visits, item[1].reward), reverse=True)
    options = tuple(OptionEstimate(by_text[text], node.win / node.visits, node.score / node.visits, node.visits,
                                   win_error(node.win, node.win_squares, node.visits))
                    for text, node in ranked if node.visits)
    choice = options[0].action if options else legal[0]
    return Analysis(seat, choice, options)


def _seat(observation: Observation) -> int:
    if observation.seat is None:
        raise ValueError("a spectator's observation has no seat to search for")
    return observation.seat


def _grow(observation: Observation, legal: Sequence[Action], sample: Callable[[random.Random], GameState],
          settings: SearchSettings, rng: random.Random, scores: bool) -> tuple[_Node, dict[str, Action]]:
    """The search tree after the budget (or time limit), and the root's legal actions by text."""
    seat = _seat(observation)
    by_text = {str(action): action for action in legal}
    root = _Node(seat)
    deadline = None if settings.time_limit is None else time.perf_counter() + settings.time_limit
    written: dict[int, tuple[Action, str]] = {}
    modelled = settings.opponent_policy
    for _ in range(settings.iterations):
        if deadline is not None and root.children and time.perf_counter() > deadline:
            break
        state = sample(rng)
        path = [root]
        node = root
        # Selection and expansion in the sampled world (the other seats by their model, when there is one).
        while not state.is_terminal():
            if modelled is not None and state.current_player() != seat:
                state.apply_legal(modelled(state, rng))
                continue
            actions = state.legal_actions()
            texts = _texts(actions, written)
            if node is root:
                kept = [i for i, text in enumerate(texts) if text in by_text]
                if kept and len(kept) < len(texts):
                    actions, texts = [actions[i] for i in kept], [texts[i] for i in kept]
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
        shares = _rollout(state, settings, rng)
        # A finished game is ranked as a player would rank it (win, shared win, place, score); a horizon's
        # evaluation already weighs the running scores.
        real_end = state.is_terminal() and (settings.horizon is None or not settings.horizon(state))
        rewards = ranked_rewards(shares, state.scores()) if real_end else shares
        for visited in path:
            visited.visits += 1
            if visited is not root:
                visited.reward += rewards[visited.mover]
        if scores and len(path) > 1:
            path[1].score += state.scores()[seat]
            share = win_share(shares, seat)
            path[1].win += share
            path[1].win_squares += share * share
    return root, by_text


def _texts(actions: Sequence[Action], written: dict[int, tuple[Action, str]]) -> list[str]:
    """The text of each action, each action object written out once a search (``written``: by the object's
    id, with the object, which keeps the id from being reused while the search runs): games share their
    action objects between states, and every tree step lists them again."""
    texts = []
    for action in actions:
        entry = written.get(id(action))
        if entry is None or entry[0] is not action:
            entry = written[id(action)] = (action, str(action))
        texts.append(entry[1])
    return texts


def _select(node: _Node, texts: list[str], exploration: float) -> int:
    best_index, best_value = 0, -math.inf
    children, log, sqrt = node.children, math.log, math.sqrt  # looked up once: every tree step selects
    for index, text in enumerate(texts):
        child = children[text]
        value = child.reward / child.visits + exploration * sqrt(log(max(child.availability, 1)) / child.visits)
        if value > best_value:
            best_index, best_value = index, value
    return best_index


def _rollout(state: GameState, settings: SearchSettings, rng: random.Random) -> list[float]:
    policy, depth_limit = settings.rollout_policy, settings.rollout_depth
    is_terminal, apply_legal = state.is_terminal, state.apply_legal  # looked up once: rollouts are long
    if policy is not None and depth_limit is None:  # the common case, without the checks it needs not
        while not is_terminal():
            apply_legal(policy(state, rng))
        return _reward(state, settings)
    depth = 0
    while not is_terminal():
        if depth_limit is not None and depth >= depth_limit:
            break
        if policy is None:
            actions = state.legal_actions()
            apply_legal(actions[rng.randrange(len(actions))])
        else:
            apply_legal(policy(state, rng))
        depth += 1
    return _reward(state, settings)


SearchInputs = tuple[Sequence[Action], Callable[[random.Random], GameState], SearchSettings]
"""What one decision's search runs on: the root actions, the world sampler and the settings."""


class SearchAgent(Agent):
    """An agent that searches; a game gives it its settings (its own rollout knowledge and budget) and may
    override ``prepare`` to narrow the root or shape the sampled worlds."""

    level = "hard"

    def __init__(self, context: AgentContext, settings: SearchSettings) -> None:
        super().__init__(context)
        if context.budget is not None:
            settings = replace(settings, iterations=context.budget)
        self.settings = replace(settings, time_limit=context.time_limit)

    def prepare(self, observation: Observation, legal: Sequence[Action]) -> SearchInputs:
        """The root actions, world sampler and settings of this decision's search (by default: every legal
        action, the game's ``sample_state`` and the agent's settings)."""
        return legal, lambda rng: self.sample_world(observation, rng), self.settings

    def sample_world(self, observation: Observation, rng: random.Random) -> GameState:
        """One world to search: consistent with ``observation`` (the game's ``sample_state``), or, for the
        oracle level only, a copy of the true state."""
        if self.world is not None:
            return self.world.clone()
        return self.context.spec.sample_state(observation, rng)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        action, self.effort = search_with_effort(observation, *self.prepare(observation, legal), self.rng)
        return action

    def analyse(self, observation: Observation, legal: Sequence[Action]) -> Analysis:
        if len(legal) == 1:
            return Analysis(_seat(observation), legal[0], forced=True)
        return analyse(observation, *self.prepare(observation, legal), self.rng)
