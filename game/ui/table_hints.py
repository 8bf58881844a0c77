"""Hints at a table: the hard AI's view of the human's decision, asked for (H or the status line's button),
thought out on the table's worker, shown in a panel at the top of the log and ringed on the table."""

from __future__ import annotations

import pygame

from game.ai.hints import HINT_LEVEL, has_hints, hint_agent
from game.core.analysis import ANALYSIS_SEED, Analysis
from game.core.contracts import Action, Observation
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui.ai_job import AI_TIME_LIMIT
from game.ui.app import App
from game.ui.hint_panel import HintJob, draw_hint_panel, draw_hint_ring, hint_lines
from game.ui.table_core import TableCore

HINT_TIP = ("A hint: the hard AI's view of your decision, from what you can see (never the hidden cards). "
            "For its top moves: its estimated chance of winning, give or take its search's margin, and the "
            "score it expects. Moves 'about equal' to its choice are no mistake in a review. Its choice is "
            "ringed on the table.")


class TableHints(TableCore):
    """The hint for the decision on the table: asked for, collected from the worker, drawn."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app, setup, record)
        self.hint_job: HintJob | None = None
        self.hint: Analysis | None = None
        """The hint for the decision on the table (None once a move is made)."""
        self.hint_version = -1
        self.hint_observation: Observation | None = None
        self.hint_error: str | None = None
        self.hints_used = 0
        """Hints asked for at this table since it opened (a game's history keeps the count)."""

    def hint_refusal(self) -> str | None:
        """Why no hint can be given now, or None."""
        if self.script is not None:
            return "A replay has no decisions to hint at."
        if not self.humans:
            return "Every seat is played by the computer: there is no decision of yours to hint at."
        if not has_hints(self.spec):
            return f"{self.spec.title} has no {HINT_LEVEL} AI to give hints."
        if self.seat_to_play is None:
            return "A hint is for your own decision: wait until it is your turn."
        return None

    def ask_hint(self) -> bool:
        """Ask the hard AI, on the table's worker and within the table's time limit, to analyse the decision
        of the human to play, from that seat's observation only (seeded from it, as a review of the same
        position is); counted in ``hints_used``, which the game's row in the history keeps. Whether a hint was
        started (or is already there)."""
        refusal = self.hint_refusal()
        if refusal is not None:
            self.app.notify(refusal)
            return False
        version = len(self.record.actions)
        if self.hint_version == version and (self.hint is not None or self.hint_job is not None):
            return True
        observation = self.state.observation(self.state.current_player())
        agent = hint_agent(self.spec, observation, ANALYSIS_SEED, self.setup.params, time_limit=AI_TIME_LIMIT)
        self.hint, self.hint_error, self.hint_version = None, None, version
        self.hint_job = HintJob(self.worker, agent, observation, self.state.legal_actions(), version)
        self.hint_observation = observation
        self.hints_used += 1
        self.app.redraw()
        return True

    def _collect_hint(self) -> None:
        """Take a finished hint; drop one whose decision has passed."""
        version = len(self.record.actions)
        if self.hint_version != version:
            self.hint = self.hint_job = None
            self.hint_error = None
            return
        job = self.hint_job
        if job is None or not job.future.done():
            return
        self.hint_job = None
        error = job.future.exception()
        if error is not None:
            self.hint_error = f"The hint failed ({error})."
        else:
            self.hint = job.future.result()
        self.app.redraw()

    def hint_lines(self) -> list[str]:
        """The hint as the panel shows it: the choice first, then the next best, with estimates."""
        observation = self.hint_observation or self.observation()
        return hint_lines(self.hint, self.hint_error,
                          lambda action: self.spec.action_words(action, observation, self.names))

    def hinted(self) -> Action | None:
        """The action the hint for the decision on the table chose (ring it on the table), or None."""
        if self.hint is None or self.hint_version != len(self.record.actions):
            return None
        return self.hint.choice

    def draw_hint_ring(self, surface: pygame.Surface, rect: pygame.Rect, oval: bool = False) -> None:
        """Mark the thing a hint chose: a ring in the accent colour (``oval`` round a round thing) and "Hint"."""
        draw_hint_ring(surface, rect, self.app.palette, self.layout, oval)

    def _hint_shown(self) -> bool:
        """Whether the status line has a hint button: at a live table with a human."""
        return self.script is None and bool(self.humans) and has_hints(self.spec)

    def draw_hint_panel(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The hint at the top of the log panel (``area``: its left, top and width); the y below it."""
        box = draw_hint_panel(surface, area, self.hint_lines(), self.app.palette, self.layout)
        self.explain(box, HINT_TIP)
        return box.bottom + self.layout.px(8)
