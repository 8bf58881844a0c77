"""The end of a game is recorded once: a game whose save outlived its recording (the app stopped between the
history's commit and the save's deletion) is not counted again when it is continued and ends again. And a
history from the first schema is brought forward with its games, each checked."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

from game.core.match import play_match
from game.core.record import GameRecord
from game.core.registry import get
from game.storage.history import finished_games, game_identity, record_game
from game.storage.history_db import MIGRATIONS, SCHEMA_VERSION, history_path
from game.storage.history_stats import statistics
from game.storage.saves import finish_game, has_game, save_game
from game.variants.loader import load_variant

GAME = "trick-or-treat"


def a_finished_game(seed: int) -> tuple[GameRecord, Any]:
    """A finished game of Trick or Treat, its human in seat 0: its record and the match (scores, winners)."""
    spec = get(GAME)
    match = play_match(spec, load_variant(spec, "standard").params, ["random", "random"], seed)
    return replace(match.record, seats=("human", "random")), match


def end(record: GameRecord, match: Any, hints: int = 0) -> tuple[bool, list[str]]:
    return record_game(record, finished=True, scores=match.scores, winners=match.winners, figures={}, hints=hints,
                       seconds=30.0)


def test_a_game_ended_again_after_a_crash_is_counted_once() -> None:
    record, match = a_finished_game(3)
    save_game(record)
    assert end(record, match, hints=2) == (True, [])
    # killed here: the save is still there; continued, the game ends once more (another session's hints)
    assert has_game(GAME)
    assert end(record, match, hints=0) == (True, [])
    finish_game(GAME, 1.0)
    assert not has_game(GAME)
    entries, _ = finished_games()
    (one,), _ = statistics()
    assert len(entries) == 1 and (one.games, one.hints) == (1, 2)


def test_another_game_or_the_same_game_abandoned_is_another_row() -> None:
    record, match = a_finished_game(3)
    other, other_match = a_finished_game(4)
    assert end(record, match)[0] and end(other, other_match)[0]
    assert record_game(record.undone(5), finished=False, scores=[0.0, 0.0], winners=[], figures={}, hints=0,
                       seconds=None)[0]
    with sqlite3.connect(history_path()) as connection:
        assert connection.execute("SELECT count(DISTINCT identity) FROM games").fetchone() == (3,)
    connection.close()
    assert game_identity(record, True, match.scores, match.winners) != game_identity(record, False, match.scores,
                                                                                       match.winners)


def test_a_history_of_the_first_schema_is_migrated_with_its_games_checked() -> None:
    record, match = a_finished_game(5)
    path = history_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path, isolation_level=None) as connection:
        for statement in MIGRATIONS[0]:
            connection.execute(statement)
        connection.execute("PRAGMA user_version = 1")
        row = ("2026-01-02T03:04:05+00:00", GAME, "standard", "{}", 2, '["human","random"]', '["Ann","Bo"]', "[0]",
               1, "[12.0,3.0]", "[0]", 42, 60.0, 1, '{"tricks":15.0}', record.to_json())
        connection.execute("INSERT INTO games (played_at, game, variant, params, players, seats, names, humans, "
                           "finished, scores, winners, actions, seconds, hints, figures, record) VALUES "
                           "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        connection.execute("INSERT INTO games (played_at, game, variant, params, players, seats, names, humans, "
                           "finished, scores, winners, actions, seconds, hints, figures, record) VALUES "
                           "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (*row[:9], "[12.0]", *row[10:]))
        connection.execute("INSERT INTO meta VALUES ('statistics_imported', '1')")
    connection.close()
    (one,), notices = statistics()
    assert (one.games, one.wins, one.overall.best_score, one.figures()) == (1, 1.0, 12.0, {"tricks": 15.0})
    assert len(notices) == 1 and "Row 2" in notices[0] and "scores must give one per seat" in notices[0]
    with sqlite3.connect(path) as connection:
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert connection.execute("SELECT id, counted, human, table_kind FROM games").fetchall() == [
            (1, 1, 0, "2 players vs random"), (2, 0, None, None)]
    connection.close()
