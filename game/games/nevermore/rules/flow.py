"""The task machine that runs a hand.

The state holds a stack of tasks (plain tuples, so a clone copies them cheaply) and at most one pending
decision. ``run`` pops tasks until a decision is needed or the game is over. Each responsibility module
(draft, resolution, damage, magick) registers its task handlers and decision kinds here.
"""

from __future__ import annotations

from typing import Any, Callable

TASKS: dict[str, Callable[..., None]] = {}
DECISIONS: dict[str, tuple[Callable[[Any], list], Callable[[Any, Any], None]]] = {}
"""kind -> (legal(state) -> actions, apply(state, action))."""


def task(name: str):
    """Register a task handler ``handler(state, *args)``."""
    def wrap(fn):
        TASKS[name] = fn
        return fn
    return wrap


def decision(name: str, legal: Callable[[Any], list]):
    """Register a decision kind with its legal-action generator; the decorated function applies one."""
    def wrap(fn):
        DECISIONS[name] = (legal, fn)
        return fn
    return wrap


def push(state, *tasks: tuple) -> None:
    """Schedule ``tasks`` so that the first one given runs first."""
    state.tasks.extend(reversed(tasks))


def run(state) -> None:
    """Run tasks until a decision is pending, the game is over, or nothing is left."""
    while state.pending is None and not state.over and state.tasks:
        item = state.tasks.pop()
        TASKS[item[0]](state, *item[1:])
