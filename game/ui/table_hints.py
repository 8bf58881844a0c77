"""Hints at a table: the hard AI's view of the human's decision, asked for (H or the status line's button),
thought out on the table's worker and collected when done; the table draws it over the log and rings its
choice."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from game.ai.hints import HINT_LEVEL, has_hints, hint_agent
from game.core.analysis import ANALYSIS_SEED, Analysis
from game.core.contracts import Action, Observation
from game.ui.ai_job import AI_TIME_LIMIT
from game.ui.hint_panel import HintJob, hint_lines
from game.ui.session import TableSession


class TableHints:
    """The hint for the decision on a session's table: asked for, collected from the worker, said in words."""

    def __init__(self, session: TableSession, worker: ThreadPoolExecutor) -> None:
        self.session = session
        self.worker = worker
        self.job: HintJob | None = None
        self.hint: Analysis | None = None
        """The hint for the decision on the table (None once a move is made)."""
        self.version = -1
        """How many moves the record held when the hint was asked for: it is for that decision only."""
        self.observation: Observation | None = None
        self.error: str | None = None

    def refusal(self, seat_to_play: int | None) -> str | None:
        """Why no hint can be given now (``seat_to_play``: the human seat the table waits for), or None."""
        session = self.session
        if session.script is not None:
            return "A replay has no decisions to hint at."
        if not session.humans:
            return "Every seat is played by the computer: there is no decision of yours to hint at."
        if not has_hints(session.spec):
            return f"{session.spec.title} has no {HINT_LEVEL} AI to give hints."
        if seat_to_play is None:
            return "A hint is for your own decision: wait until it is your turn."
        return None

    def ask(self) -> bool:
        """Ask the hard AI, on the worker and within the table's time limit, to analyse the decision of the human
        to play, from that seat's observation only (seeded from it, as a review of the same position is);
        counted in the session's ``hints_used``. Whether a hint was started (not already there). Only when
        ``refusal`` is None."""
        session = self.session
        version = len(session.record.actions)
        if self.version == version and (self.hint is not None or self.job is not None):
            return False
        state = session.state
        observation = state.observation(state.current_player())
        agent = hint_agent(session.spec, observation, ANALYSIS_SEED, session.setup.params, time_limit=AI_TIME_LIMIT)
        self.hint, self.error, self.version = None, None, version
        self.job = HintJob(self.worker, agent, observation, state.legal_actions(), version)
        self.observation = observation
        session.hints_used += 1
        return True

    def collect(self) -> bool:
        """Take a finished hint; drop one whose decision has passed. Whether a hint (or its failure) came."""
        if self.version != len(self.session.record.actions):
            self.hint = self.job = None
            self.error = None
            return False
        job = self.job
        if job is None or not job.future.done():
            return False
        self.job = None
        error = job.future.exception()
        if error is not None:
            self.error = f"The hint failed ({error})."
        else:
            self.hint = job.future.result()
        return True

    def shown(self) -> bool:
        """Whether the hint for the decision on the table is there to show (thought out, thinking or failed)."""
        return self.version == len(self.session.record.actions) and (
            self.job is not None or self.hint is not None or self.error is not None)

    def lines(self, observation: Observation) -> list[str]:
        """The hint as the panel shows it: the choice first, then the next best, with estimates; moves named as
        ``observation`` (the hinted seat's) shows them."""
        session = self.session
        return hint_lines(self.hint, self.error,
                          lambda action: session.spec.action_words(action, observation, session.names))

    def hinted(self) -> Action | None:
        """The action the hint for the decision on the table chose, or None."""
        if self.hint is None or self.version != len(self.session.record.actions):
            return None
        return self.hint.choice

    def offered(self) -> bool:
        """Whether the status line has a hint button: at a live table with a human, in a game with hints."""
        return self.session.script is None and bool(self.session.humans) and has_hints(self.session.spec)
