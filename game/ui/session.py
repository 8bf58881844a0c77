"""A table's game apart from its screen: the live state, its record, who plays each seat, moves made and taken
back (never past a move after which something hidden was shown: ``game.core.undo``), a replay's script, the
autosave and the history entry at the end through a ``Keeper`` it is given, and the hints asked for.

No pygame here: the table scene (``game.ui.table``) draws, animates and paces what the session holds, and a
session is tested without a display."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Callable, Mapping, Protocol, Sequence

from game.core.agent import Agent
from game.core.contracts import Action, Event, GameState, Step, find_action
from game.core.match import make_agent
from game.core.record import GameRecord
from game.core.setup import HUMAN, MatchSetup
from game.core.registry import get
from game.core.undo import UndoLedger
from game.ui.ai_job import AI_TIME_LIMIT

GAME_OVER = "The game is over: its moves stand."
REPLAY_UNDONE = "A replay cannot be undone."
NO_HUMAN_MOVE = "Every seat is played by the computer: there is no move of yours to take back."
MOVES_STAND = "Undo is for a single player: with several at the table, moves stand."


class Keeper(Protocol):
    """Where the games played at a table are kept (the saves, the history, the statistics): given to the
    session by the application, so the shell never reaches for files itself."""

    def save(self, record: GameRecord) -> None:
        """Save the game so far in its game's slot; ``OSError`` when it cannot be written."""

    def record_game(self, record: GameRecord, *, finished: bool, scores: Sequence[float], winners: Sequence[int],
                    figures: Mapping[str, float], hints: int, seconds: float | None) -> tuple[bool, list[str]]:
        """Add the game to the history: whether it is recorded, and notices of what went wrong."""

    def finish_game(self, game: str, share: float | None, forget_autosave: bool) -> list[str]:
        """Count a finished game in the statistics (``share``: the one human's share of the win), then forget
        its autosave if asked: notices of what went wrong."""


@dataclass(frozen=True)
class GameOver:
    """A finished table as its results screen shows it."""

    title: str
    names: list[str]
    scores: list[float]
    winners: list[int]
    rows: list[str]
    """The game's own extra lines (jackpots, captured beads...)."""
    again: MatchSetup | None
    """The table "Play again" starts anew; None after a replay."""
    record: GameRecord
    humans: list[int]


class TableSession:
    """The game at a table: made from its record, moved on by ``submit``, taken back by ``undo``, replayed by
    ``watch`` and ``seek``, kept by its ``Keeper`` as it goes and entered in the history when it ends."""

    def __init__(self, setup: MatchSetup, record: GameRecord | None, keeper: Keeper | None,
                 notify: Callable[[str], None]) -> None:
        self.spec = get(setup.game)
        self.setup = setup
        self.record = record if record is not None else setup.record()
        self.names = list(setup.names)
        self.humans = [seat for seat, kind in enumerate(setup.seats) if kind == HUMAN]
        self.agents: dict[int, Agent] = {seat: make_agent(self.spec, kind, seat, setup.seed, setup.params,
                                                          time_limit=AI_TIME_LIMIT)
                                         for seat, kind in enumerate(setup.seats) if kind != HUMAN}
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        """Whose eyes the screen shows: the one human; in hot-seat the human who took the screen at the last
        hand-off (None before the first); None at an all-AI table (a spectator)."""
        self.keeper = keeper
        """Where the game is saved and entered in the history; None keeps nothing (a bare shell's table)."""
        self.notify = notify
        """How the session tells the player something (a save that failed, a record that stops replaying)."""
        self.ledger = UndoLedger(self.humans[0] if len(self.humans) == 1 else None)
        """Who made each recorded action and what it showed the one human: how far undo may go."""
        self.state, self.replayed = self._replay()
        self.autosave = True
        """Whether this is a game of the player's that is saved as it goes and counted when it ends (not a
        replay, a screenshot or a test)."""
        self.save_failed = False
        """Whether an autosave failed (a read-only folder, ``saves`` a file): the game goes on unsaved."""
        self.finished = False
        """Whether the game's end has been kept and shown (set by a replay's viewer, which shows no results)."""
        self.seconds_played = 0.0
        """Time the table has been open and running (a game's history keeps its length)."""
        self.hints_used = 0
        """Hints asked for at this table since it opened (a game's history keeps the count)."""
        self.script: deque[str] | None = None
        """In a replay (``watch``), the recorded moves still to play; None at a live table."""
        self.script_length = 0
        self.recorded: tuple[str, ...] = ()
        """A replay's whole record of moves (played and still to play)."""

    # --- the game from its record ---------------------------------------------------------------------
    def _replay(self) -> tuple[GameState, list[Event]]:
        """The recorded game replayed, each move noted in the ledger; with every event from its start (the
        opening's, then each move's), which the log is written from."""
        state = self.record.new_state()
        events = list(state.opening_events)
        for step in self.record.replay_steps(state):
            self.ledger.note(step.mover, step.events)
            events += step.events
        return state, events

    def rebuild(self) -> None:
        """The game rebuilt from its record at once (``replayed``: its events anew), as if no other move had
        been made."""
        self.ledger.clear()
        self.state, self.replayed = self._replay()
        self.finished = False

    # --- moves ------------------------------------------------------------------------------------------
    def submit(self, action: Action) -> tuple[list[Event], list[Step]]:
        """Play ``action`` for the seat to move: apply, note, record, autosave. The events and the steps as the
        viewer sees them. Raises ``IllegalActionError`` (nothing changes) if the rules refuse it."""
        mover = self.state.current_player()
        events, steps = self.state.apply_steps(action, self.viewer)
        self.ledger.note(mover, events)
        self.record = self.record.with_action(action)
        if not self.state.is_terminal():
            self.save()
        return events, steps

    def undo_refusal(self) -> str | None:
        """Why undo cannot take anything back now (whatever the screen shows), or None."""
        if self.script is not None:
            return REPLAY_UNDONE
        if not self.humans:
            return NO_HUMAN_MOVE
        if len(self.humans) != 1:
            return MOVES_STAND
        if self.state.is_terminal():
            return GAME_OVER
        return self.ledger.refusal()

    def take_back(self) -> None:
        """Forget the moves from the one human's last decision on (only when ``undo_refusal`` is None); the
        record only: ``rebuild`` brings the game to it."""
        keep = self.ledger.take_back()
        self.record = self.record.undone(len(self.record.actions) - keep)

    # --- keeping ----------------------------------------------------------------------------------------
    def save(self) -> None:
        """Save the game so far; when that fails, stop saving and say so once: the game goes on."""
        if self.keeper is None or not self.autosave or self.save_failed:
            return
        try:
            self.keeper.save(self.record)
        except OSError as error:
            self.save_failed = True
            self.notify(f"The game could not be saved ({error}); it goes on without autosaving.")

    def finish(self) -> None:
        """The game is over: enter it in the history and the statistics (a game of the player's), then forget
        its autosave."""
        self.finished = True
        if not self.autosave or self.keeper is None:
            return
        # the history first: on its first use it imports the statistics as they were before this game
        figures = self.spec.figures(self.state) if self.spec.figures is not None else {}
        recorded, notices = self.keeper.record_game(self.record, finished=True, scores=self.state.scores(),
                                                    winners=self.state.winners(), figures=figures,
                                                    hints=self.hints_used, seconds=self.seconds_played)
        share = self.state.returns()[self.humans[0]] if len(self.humans) == 1 else None
        # after a failed autosave, the file on disk may be another game's: it is kept; so is the autosave of a
        # game the history could not record
        notices += self.keeper.finish_game(self.spec.name, share, forget_autosave=recorded and not self.save_failed)
        for notice in notices:
            self.notify(notice)

    def game_over(self, rows: list[str]) -> GameOver:
        """What the results screen shows of the finished game (``rows``: the game's own lines)."""
        return GameOver(self.spec.title, self.names, self.state.scores(), self.state.winners(), rows,
                        again=None if self.script is not None else self.setup, record=self.record,
                        humans=self.humans)

    # --- replays ----------------------------------------------------------------------------------------
    def watch(self, actions: Sequence[str], viewer: int | None) -> None:
        """Make this new all-AI game a replay of ``actions``: each move is the next recorded one; nothing is
        saved or counted. ``viewer``: the seat whose eyes it shows, or None for a spectator's view."""
        self.viewer = viewer
        self.script = deque(actions)
        self.script_length = len(actions)
        self.recorded = tuple(self.record.actions) + tuple(actions)
        self.autosave = False

    def seek(self, moves: int) -> None:
        """A replay after its first ``moves`` recorded actions: the record cut there and the rest to play on
        (``rebuild`` brings the game to it). A replay only (``watch``)."""
        if self.script is None:
            raise ValueError("only a replay can seek")
        moves = max(0, min(moves, len(self.recorded)))
        self.record = replace(self.record, actions=self.recorded[:moves])
        self.script = deque(self.recorded[moves:])

    def next_recorded(self) -> Action | None:
        """A replay's next recorded move, taken from its script; None when the rules refuse it, which ends the
        replay there, saying where and why."""
        assert self.script is not None
        text = self.script.popleft()
        try:
            return find_action(self.state, text)
        except ValueError as error:
            self.script.clear()
            self.notify(f"The record stops replaying at move {len(self.record.actions) + 1} ({error}).")
            return None

    def replay_status(self) -> str:
        """The status line of a replay: how far it has got."""
        played = len(self.record.actions)
        if self.state.is_terminal():
            return f"Replay: game over after {played} moves"
        if not self.script:
            return f"Replay: the record ends here, at move {played} of {self.script_length}"
        return f"Replay: move {played + 1} of {self.script_length}"
