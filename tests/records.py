"""Game records for tests: a record played on by its first legal move each time."""

from __future__ import annotations

from game.core.record import GameRecord


def with_first_moves(record: GameRecord, moves: int) -> GameRecord:
    """``record`` with ``moves`` more moves, each the first legal one (a quick, reproducible game in progress)."""
    state = record.replay()
    for _ in range(moves):
        action = state.legal_actions()[0]
        state.apply(action)
        record = record.with_action(action)
    return record
