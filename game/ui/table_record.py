"""A table's record of moves: each move made (``submit``: applied, recorded, saved), taken back (``undo``, never
past a move after which something hidden was shown), and the game rebuilt from it, log and all; a replay
(``watch``) plays a record's moves in turn and can ``seek`` to any of them."""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Sequence

from game.core.contracts import Action, Event, GameState, Step, find_action
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.core.undo import UndoLedger
from game.storage.saves import save_game
from game.ui.app import App
from game.ui.log_panel import LogLine
from game.ui.table_log import TableLog

GAME_OVER = "The game is over: its moves stand."
STARTED_FROM_POSITION = "The game starts from a position written out, not from a first deal."


class TableRecord(TableLog):
    """The moves of the game at the table: made, saved, taken back, replayed."""

    def __init__(self, app: App, setup: MatchSetup, record: GameRecord | None = None) -> None:
        super().__init__(app, setup, record)
        self.ledger = UndoLedger(self.humans[0] if len(self.humans) == 1 else None)
        """Who made each recorded action and what it showed the one human: how far undo may go."""
        self.state = self._replay()
        self.save_failed = False
        """Whether an autosave failed (a read-only folder, ``saves`` a file): the game goes on unsaved."""
        self.script_length = 0
        self.script_wait = 0.0
        self.recorded: tuple[str, ...] = ()
        """A replay's whole record of moves (played and still to play)."""
        self.show_all_hands = False
        """Whether every seat's hidden cards are drawn face up, from the true state: only in the replay of a game
        that has ended, where nothing is secret any more (the replay viewer's toggle)."""

    def _replay(self) -> GameState:
        """The recorded game replayed, its log rebuilt (a resumed game shows its history)."""
        state = self.record.new_state()
        if self.record.position is not None:  # no deal to tell of: say where the game began
            self._write_log(LogLine(STARTED_FROM_POSITION))
        self._log_events(list(state.opening_events))
        for text in self.record.actions:
            mover = state.current_player()
            events = state.apply_legal(find_action(state, text))
            self.ledger.note(mover, events)
            self._log_events(events)
        return state

    def _rebuild(self) -> None:
        """The game rebuilt from its record at once, its log written anew as if no other move had been made:
        no animation, nothing still to log."""
        self.tweens.skip()
        self.unlogged.clear()
        self.log.clear()
        self.log_panel.clear()
        self.ledger.clear()
        self.state = self._replay()
        self.job = None
        self.finished = False
        self.build()

    def submit(self, action: Action) -> list[Event]:
        """Play ``action`` for the seat to move: apply, record, log, autosave, queue animations.

        Raises ``IllegalActionError`` (nothing changes) if the rules refuse it.
        """
        mover = self.state.current_player()
        events, steps = self.state.apply_steps(action, self.viewer)
        if len(steps) != len(events):  # rules that do not step yet: every event with the view after the move
            view = self.state.observation(self.viewer)
            steps = [Step(event.seen_by(self.viewer), view) for event in events]
        self.ledger.note(mover, events)
        self.record = self.record.with_action(action)
        self.job = None
        self.unlogged.extend(self._log_lines(events))
        if not self.state.is_terminal():
            self._autosave()
        self.on_steps(steps)
        if not self.tweens.busy:
            self._flush_log()
        return events

    def can_undo(self) -> bool:
        """Whether undo would take something back now: one human, a live game, a move of theirs recorded
        and nothing of the scene's own held on the table."""
        return self.undo_refusal() is None and not self.holding()

    def undo_refusal(self) -> str | None:
        """Why undo cannot take anything back now (ignoring animations), or None."""
        if self.script is not None:
            return "A replay cannot be undone."
        if not self.humans:
            return "Every seat is played by the computer: there is no move of yours to take back."
        if len(self.humans) != 1:
            return "Undo is for a single player: with several at the table, moves stand."
        if self.state.is_terminal():
            return GAME_OVER
        return self.ledger.refusal()

    def undo(self) -> bool:
        """Take back moves to the last time the one human was to play, unless something hidden has been shown
        to them since. Running animations are finished first and the log is rebuilt as if the moves had never
        been made; when nothing can be taken back, the player is told why. Whether moves were taken back."""
        refusal = self.undo_refusal()
        if refusal is not None:
            self.app.notify(refusal)
            return False
        keep = self.ledger.take_back()
        self.record = self.record.undone(len(self.record.actions) - keep)
        self._rebuild()
        self._autosave()
        return True

    def _autosave(self) -> None:
        """Save the game so far; when that fails, stop saving and say so once: the game goes on."""
        if not self.autosave or self.save_failed:
            return
        try:
            save_game(self.record)
        except OSError as error:
            self.save_failed = True
            self.app.notify(f"The game could not be saved ({error}); it goes on without autosaving.")

    def _undo_shown(self) -> bool:
        """Whether the status line has an undo button: for a single human at a live table."""
        return self.script is None and len(self.humans) == 1

    # --- replays -------------------------------------------------------------------------------------
    def watch(self, actions: Sequence[str], viewer: int | None = None) -> None:
        """Make this new all-AI table a replay of ``actions``: nobody decides, each move is the next recorded
        one, paced like an AI's; nothing is saved or counted. ``viewer``: the seat whose eyes the replay
        shows (its own cards face up), or None for a spectator's view."""
        self.viewer = viewer
        self.script = deque(actions)
        self.script_length = len(actions)
        self.recorded = tuple(self.record.actions) + tuple(actions)
        self.autosave = False
        self.log_panel.limit = None

    def seek(self, moves: int) -> None:
        """Show a replay after its first ``moves`` recorded actions at once (a scrub bar, a step back): the
        game replayed from the start, the log rebuilt, no animation; the rest of the record plays on from
        there. A replay only (``watch``)."""
        if self.script is None:
            raise ValueError("only a replay can seek")
        moves = max(0, min(moves, len(self.recorded)))
        self.record = replace(self.record, actions=self.recorded[:moves])
        self.script = deque(self.recorded[moves:])
        self.script_wait = 0.0
        self._rebuild()

    def _run_script(self, dt: float) -> None:
        assert self.script is not None
        self.script_wait += dt
        if self.script_wait * 1000 < self.app.settings.ai_pause_ms or not self.script:
            return
        self.play_recorded()

    def play_recorded(self) -> None:
        """Play a replay's next recorded move, animated; a move the rules refuse ends the replay there, saying
        where and why."""
        assert self.script is not None
        self.script_wait = 0.0
        text = self.script.popleft()
        try:
            action = find_action(self.state, text)
        except ValueError as error:
            self.script.clear()
            self.app.notify(f"The record stops replaying at move {len(self.record.actions) + 1} ({error}).")
            return
        self.submit(action)

    def replay_status(self) -> str:
        """The status line of a replay: how far it has got."""
        played = len(self.record.actions)
        if self.state.is_terminal():
            return f"Replay: game over after {played} moves"
        if not self.script:
            return f"Replay: the record ends here, at move {played} of {self.script_length}"
        return f"Replay: move {played + 1} of {self.script_length}"
