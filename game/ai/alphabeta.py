"""Alpha-beta search for two-player games of perfect information, with iterative deepening.

Generic: it needs only the ``GameState`` contract (``current_player``, ``legal_actions``, ``apply_legal``,
``clone``, ``is_terminal``) and an evaluation function. It never assumes that players alternate: at every
node the side to move is read from the state, so a player who moves again (an extra turn, a capture
decision, a move made in several parts) is simply maximised (or minimised) again. Depth counts actions,
whoever makes them.

Values are from ``root``'s point of view: ``evaluate(state, root)`` is larger when ``root`` is better off
(it must also score finished games, e.g. +/- a large number for a win/loss). The search stops at the node
budget (or the optional time limit) and answers with the best move of the deepest iteration completed
(or of the interrupted one, if it already proved a better move than the previous iteration's best).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Hashable, Sequence

from game.core.contracts import Action, GameState

DEADLINE_CHECK_NODES = 8
"""Nodes between looks at the clock when a time limit is set (a node of a big game can be slow)."""

Evaluate = Callable[[GameState, int], float]
"""``evaluate(state, root)``: how good ``state`` is for ``root`` (finished states included)."""
OrderMoves = Callable[[GameState, Sequence[Action]], Sequence[Action]]
"""``order_moves(state, actions)``: the actions best-first (may drop hopeless ones to narrow the search)."""


@dataclass(frozen=True)
class AlphaBetaSettings:
    """Budget and knowledge for one search."""

    max_depth: int = 6
    """Deepest iteration, in actions."""
    node_budget: int = 5000
    """States expanded (``apply_legal`` calls) before the search stops."""
    time_limit: float | None = None
    """Optional wall-clock limit in seconds (``None``: nodes only, which keeps results reproducible)."""
    order_moves: OrderMoves | None = None
    """Move ordering hook, applied at every inner node; ``None`` keeps the rules' order."""
    state_key: Callable[[GameState], Hashable] | None = None
    """Optional transposition key; with it, values of positions met again at the same depth are reused."""


@dataclass
class SearchResult:
    """What a search found."""

    action: Action
    value: float
    depth: int
    """Deepest fully completed iteration."""
    nodes: int
    values: dict[str, float] = field(default_factory=dict)
    """Root actions' values in the last completed iteration (by action text)."""


class _OutOfBudget(Exception):
    pass


class _Search:
    def __init__(self, root: int, evaluate: Evaluate, settings: AlphaBetaSettings) -> None:
        self.root = root
        self.evaluate = evaluate
        self.settings = settings
        self.nodes = 0
        self.deadline = None if settings.time_limit is None else time.perf_counter() + settings.time_limit
        self.table: dict = {}
        self.cut = False
        """Whether the current iteration stopped anywhere short of the end of the game."""

    def _spend(self) -> None:
        self.nodes += 1
        if self.nodes > self.settings.node_budget:
            raise _OutOfBudget
        if self.deadline is not None and self.nodes % DEADLINE_CHECK_NODES == 0 and time.perf_counter() > self.deadline:
            raise _OutOfBudget

    def _ordered(self, state: GameState, actions: Sequence[Action]) -> Sequence[Action]:
        hook = self.settings.order_moves
        return hook(state, actions) if hook is not None and len(actions) > 1 else actions

    def value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        if state.is_terminal():
            return self.evaluate(state, self.root)
        if depth == 0:
            self.cut = True
            return self.evaluate(state, self.root)
        key = None
        if self.settings.state_key is not None:
            key = (self.settings.state_key(state), depth)
            hit = self.table.get(key)
            if hit is not None:
                low, high = hit
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
        a0, b0 = alpha, beta
        maximising = state.current_player() == self.root
        actions = self._ordered(state, state.legal_actions())
        best = -math.inf if maximising else math.inf
        for action in actions:
            child = state.clone()
            self._spend()
            child.apply_legal(action)
            v = self.value(child, depth - 1, alpha, beta)
            if maximising:
                if v > best:
                    best = v
                alpha = max(alpha, v)
            else:
                if v < best:
                    best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        if key is not None:
            if best <= a0:
                self.table[key] = (-math.inf, best)
            elif best >= b0:
                self.table[key] = (best, math.inf)
            else:
                self.table[key] = (best, best)
        return best


def search(state: GameState, evaluate: Evaluate, settings: AlphaBetaSettings = AlphaBetaSettings(),
           actions: Sequence[Action] | None = None) -> SearchResult:
    """The best of ``actions`` (default: every legal action) for the player to move in ``state``.

    Iterative deepening from depth 1 to ``settings.max_depth``; each iteration searches the previous
    iteration's best move first (the ordering hook orders the rest), with a full alpha-beta window.
    """
    root = state.current_player()
    legal = list(actions) if actions is not None else state.legal_actions()
    if not legal:
        raise ValueError("no legal actions to search")
    run = _Search(root, evaluate, settings)
    legal = run._ordered(state, legal)
    if len(legal) == 1:  # nothing to choose: report the value of the only move's result, unsearched
        child = state.clone()
        child.apply_legal(legal[0])
        return SearchResult(legal[0], evaluate(child, root), 0, 1)
    best_action, best_value, depth_done = legal[0], -math.inf, 0
    values: dict[str, float] = {}
    for depth in range(1, settings.max_depth + 1):
        run.table.clear()
        run.cut = False
        iteration_best, iteration_value = None, -math.inf
        iteration_values: dict[str, float] = {}
        alpha = -math.inf
        try:
            for action in legal:
                child = state.clone()
                run._spend()
                child.apply_legal(action)
                v = run.value(child, depth - 1, alpha, math.inf)
                iteration_values[str(action)] = v
                if iteration_best is None or v > iteration_value:
                    iteration_best, iteration_value = action, v
                    alpha = v
        except _OutOfBudget:
            # Partial iteration: its best is proven at this depth only when it beats the old best's
            # value at this depth, which we know only when the old best was searched first (it was).
            if iteration_best is not None and iteration_best != best_action and depth_done and \
                    str(best_action) in iteration_values and iteration_value > iteration_values[str(best_action)]:
                best_action, best_value = iteration_best, iteration_value
            break
        best_action, best_value, depth_done, values = iteration_best, iteration_value, depth, iteration_values
        if not run.cut:
            break  # the whole game tree was searched: deeper iterations cannot change anything
        legal = [best_action] + [a for a in legal if a != best_action]
    return SearchResult(best_action, best_value, depth_done, run.nodes, values)


def search_action(state: GameState, evaluate: Evaluate, settings: AlphaBetaSettings = AlphaBetaSettings(),
                  actions: Sequence[Action] | None = None) -> Action:
    """Just the chosen action of ``search``."""
    return search(state, evaluate, settings, actions).action
