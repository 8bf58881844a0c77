"""The task machine that runs a hand.

The state holds a stack of tasks (plain tuples, so a clone copies them cheaply) and at most one pending
decision. ``run`` pops tasks until a decision is needed or the game is over. Each responsibility module
(draft, resolution, damage, magick) registers its task handlers and decision kinds here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .state import NevermoreState

TaskHandler = Callable[..., None]
"""``handler(state, *args)``: one step of a hand."""
LegalActions = Callable[["NevermoreState", tuple], list]
"""``legal(state, pending)``: the legal actions for the pending decision."""
ApplyDecision = Callable[["NevermoreState", tuple, Any], None]
"""``apply(state, pending, action)``: carry out the chosen action for the pending decision."""

TASKS: dict[str, TaskHandler] = {}
DECISIONS: dict[str, tuple[LegalActions, ApplyDecision]] = {}
"""kind -> (legal actions, apply)."""


def task(name: str) -> Callable[[TaskHandler], TaskHandler]:
    """Register a task handler ``handler(state, *args)``."""
    def wrap(fn: TaskHandler) -> TaskHandler:
        TASKS[name] = fn
        return fn
    return wrap


def decision(name: str, legal: LegalActions) -> Callable[[ApplyDecision], ApplyDecision]:
    """Register a decision kind with its legal-action generator; the decorated function applies one."""
    def wrap(fn: ApplyDecision) -> ApplyDecision:
        DECISIONS[name] = (legal, fn)
        return fn
    return wrap


def push(state: NevermoreState, *tasks: tuple) -> None:
    """Schedule ``tasks`` so that the first one given runs first."""
    state.tasks.extend(tasks[::-1])


def run(state: NevermoreState) -> None:
    """Run tasks until a decision is pending, the game is over, or nothing is left."""
    tasks, handlers = state.tasks, TASKS  # the state keeps its one task list (end_game clears it)
    while tasks and state.pending is None and not state.over:
        item = tasks.pop()
        handlers[item[0]](state, *item[1:])
