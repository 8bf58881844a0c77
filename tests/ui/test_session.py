"""The table's session without a screen: moves made, kept, taken back and replayed, through a keeper it is given."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from typing import Any, Mapping, Sequence

import pytest

from game.core.contracts import IllegalActionError
from game.core.record import GameRecord
from game.core.setup import MatchSetup
from game.ui.session import GAME_OVER, MOVES_STAND, NO_HUMAN_MOVE, REPLAY_UNDONE, TableSession
from tests.toygame import NAME, Play


@dataclass
class Shelf:
    """A keeper that remembers what it was asked to keep; ``broken`` makes every save fail."""

    broken: bool = False
    saved: list[GameRecord] = field(default_factory=list)
    entered: list[dict[str, Any]] = field(default_factory=list)
    finished: list[tuple[str, float | None, bool]] = field(default_factory=list)

    def save(self, record: GameRecord) -> None:
        if self.broken:
            raise OSError("read-only")
        self.saved.append(record)

    def record_game(self, record: GameRecord, *, finished: bool, scores: Sequence[float], winners: Sequence[int],
                    figures: Mapping[str, float], hints: int, seconds: float | None) -> tuple[bool, list[str]]:
        self.entered.append({"record": record, "finished": finished, "hints": hints, "seconds": seconds})
        return True, ["entered"]

    def finish_game(self, game: str, share: float | None, forget_autosave: bool) -> list[str]:
        self.finished.append((game, share, forget_autosave))
        return []


def session_for(seats: Sequence[str], keeper: Shelf | None = None, notices: list[str] | None = None,
                record: GameRecord | None = None) -> TableSession:
    names = tuple(["Ann", "Boris", "Cleo"][: len(seats)])
    setup = MatchSetup(NAME, "standard", {"tricks": 3}, tuple(seats), names, 3)
    told = notices if notices is not None else []
    return TableSession(setup, record, keeper, told.append)


def play_until_human(session: TableSession) -> None:
    while not session.state.is_terminal() and session.state.current_player() not in session.humans:
        session.submit(session.state.legal_actions()[0])


def test_the_session_imports_no_pygame() -> None:
    code = "import sys, game.ui.session; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_a_move_is_applied_recorded_and_saved_with_a_step_per_event(toy_game: Any) -> None:
    shelf = Shelf()
    session = session_for(("human", "random"), shelf)
    action = session.state.legal_actions()[0]
    events, steps = session.submit(action)
    assert session.record.actions == (str(action),) and shelf.saved == [session.record]
    assert [step.event for step in steps] == [event.seen_by(0) for event in events]


def test_a_refused_move_changes_nothing(toy_game: Any) -> None:
    shelf = Shelf()
    session = session_for(("human", "random"), shelf)
    with pytest.raises(IllegalActionError):
        session.submit(Play(99))
    assert session.record.actions == () and shelf.saved == []


def test_a_failed_save_is_told_once_and_the_game_goes_on(toy_game: Any) -> None:
    notices: list[str] = []
    session = session_for(("human", "random"), Shelf(broken=True), notices)
    session.submit(session.state.legal_actions()[0])
    session.submit(session.state.legal_actions()[0])
    assert session.save_failed and len(notices) == 1 and "could not be saved" in notices[0]
    assert len(session.record.actions) == 2


def test_undo_takes_back_to_the_humans_last_decision_and_rebuilds(toy_game: Any) -> None:
    shelf = Shelf()
    session = session_for(("human", "random", "random"), shelf)
    assert session.undo_refusal() is not None  # nothing of the human's yet
    session.submit(session.state.legal_actions()[0])
    session.submit(session.state.legal_actions()[0])
    before = session.state.observation(0)
    session.take_back()
    session.rebuild()
    assert session.record.actions == () and session.state.observation(0) != before
    assert len(session.replayed) == len(session.state.opening_events)


def test_undo_is_refused_in_a_replay_with_no_or_several_humans_and_at_the_end(toy_game: Any) -> None:
    assert session_for(("random", "random")).undo_refusal() == NO_HUMAN_MOVE
    assert session_for(("human", "human")).undo_refusal() == MOVES_STAND
    replay = session_for(("random", "random"))
    replay.watch(["play 1"], viewer=None)
    assert replay.undo_refusal() == REPLAY_UNDONE
    over = session_for(("human", "random"))
    while not over.state.is_terminal():
        over.submit(over.state.legal_actions()[0])
    assert over.undo_refusal() == GAME_OVER


def test_the_end_goes_into_the_history_with_its_hints_and_forgets_the_autosave(toy_game: Any) -> None:
    shelf, notices = Shelf(), []
    session = session_for(("human", "random"), shelf, notices)
    session.hints_used = 2
    while not session.state.is_terminal():
        session.submit(session.state.legal_actions()[0])
    session.finish()
    assert session.finished and notices == ["entered"]
    assert shelf.entered[0]["hints"] == 2 and shelf.entered[0]["finished"]
    assert shelf.finished == [(NAME, session.state.returns()[0], True)]
    end = session.game_over(["a row"])
    assert end.again == session.setup and end.rows == ["a row"] and end.scores == session.state.scores()


def test_a_session_that_keeps_nothing_saves_and_enters_nothing(toy_game: Any) -> None:
    shelf = Shelf()
    session = session_for(("human", "random"), shelf)
    session.autosave = False
    while not session.state.is_terminal():
        session.submit(session.state.legal_actions()[0])
    session.finish()
    assert shelf.saved == [] and shelf.entered == [] and shelf.finished == []


def test_a_replay_plays_its_record_and_seeks_anywhere(toy_game: Any) -> None:
    played = session_for(("random", "random"))
    while not played.state.is_terminal():
        played.submit(played.state.legal_actions()[0])
    replay = session_for(("random", "random"))
    replay.watch(played.record.actions, viewer=None)
    assert replay.replay_status() == f"Replay: move 1 of {len(played.record.actions)}"
    action = replay.next_recorded()
    assert action is not None and str(action) == played.record.actions[0]
    replay.submit(action)
    replay.seek(4)
    replay.rebuild()
    assert replay.record.actions == played.record.actions[:4] and list(replay.script or ()) == \
        list(played.record.actions[4:])
    replay.seek(len(played.record.actions))
    replay.rebuild()
    assert replay.state.is_terminal() and replay.game_over([]).again is None


def test_a_recorded_move_the_rules_refuse_ends_the_replay_saying_where(toy_game: Any) -> None:
    notices: list[str] = []
    replay = session_for(("random", "random"), notices=notices)
    replay.watch(["play 99", "play 1"], viewer=None)
    assert replay.next_recorded() is None and replay.script is not None and not replay.script
    assert notices and notices[0].startswith("The record stops replaying at move 1")


def test_a_resumed_session_replays_its_record_and_notes_who_moved(toy_game: Any) -> None:
    first = session_for(("human", "random"))
    first.submit(first.state.legal_actions()[0])
    first.submit(first.state.legal_actions()[0])
    resumed = session_for(("human", "random"), record=first.record)
    assert resumed.ledger.movers == [0, 1] and resumed.state.observation(0) == first.state.observation(0)
    assert len(resumed.replayed) > len(resumed.state.opening_events)
