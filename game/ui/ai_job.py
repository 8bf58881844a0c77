"""An AI seat's decision, thought out on the table's worker thread so the frame loop keeps drawing."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor, wait

from game.core.agent import Agent
from game.core.contracts import Action, GameState

AI_TIME_LIMIT = 1.0
"""Seconds an AI at the table may think at most (its search stops early on a slow machine)."""

AI_SLICE_SECONDS = 0.002
"""How long a frame waits for a thinking AI (well under a 60 Hz frame's 16.7 ms)."""


class AiJob:
    """One AI decision computed on the table's worker thread; the result is dropped if the game moved on."""

    def __init__(self, worker: ThreadPoolExecutor, agent: Agent, state: GameState, version: int) -> None:
        self.version = version
        self.elapsed = 0.0
        observation, legal = state.observation(agent.context.seat), state.legal_actions()
        self.future: Future[Action] = worker.submit(agent.choose, observation, legal)

    @property
    def done(self) -> bool:
        """Whether the agent has answered (or failed)."""
        return self.future.done()

    def give_time(self) -> None:
        """Wait a moment for the answer, releasing the interpreter to the thinking thread.

        A frame loop that never sleeps (headless runs, a fast machine without vsync) would otherwise
        hold the GIL and starve the agent; a real frame sleeps in its clock tick anyway.
        """
        wait([self.future], timeout=AI_SLICE_SECONDS)

    def outcome(self) -> tuple[Action | None, BaseException | None]:
        """The chosen action, or the error the agent raised (an agent bug must not freeze the table)."""
        error = self.future.exception()
        return (None, error) if error is not None else (self.future.result(), None)

