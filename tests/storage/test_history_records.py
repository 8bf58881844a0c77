"""One game's record read back from the history (``load_record``): the same record that was recorded, and a
missing, damaged, foreign or unreadable row a clear ``RecordError`` naming the game, never a crash."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

from game.core.match import play_match
from game.core.record import MAX_RECORD_BYTES, GameRecord, RecordError
from game.core.registry import register
from game.storage.history import finished_games, record_game
from game.storage.history_db import HistoryUnavailable, history_path
from game.storage.history_records import load_record
from tests.core.secret_numbers import STANDARD, make_spec


@pytest.fixture(autouse=True)
def toy_game() -> None:
    register(make_spec())


def recorded(seed: int = 4) -> tuple[int, GameRecord]:
    """A whole game of Secret Numbers, one human against a random AI, in the history: its id and record."""
    result = play_match(make_spec(), STANDARD, ["random", "random"], seed)
    record = replace(result.record, seats=("human", "random"), names=("Zoë", "Boris"))
    assert record_game(record, finished=True, scores=result.scores, winners=result.winners,
                       figures=result.figures, hints=0, seconds=30.0) == (True, [])
    games, _ = finished_games()
    return games[0].id, record


def damage(game_id: int, sql: str, *values: object) -> None:
    """Change the row behind the app's back, as anyone editing the file might."""
    with sqlite3.connect(history_path()) as connection:
        connection.execute(sql, (*values, game_id))


def test_a_recorded_game_loads_back_as_the_same_record():
    first_id, first = recorded(4)
    second_id, second = recorded(9)
    assert load_record(first_id) == first
    assert load_record(second_id) == second
    assert first != second
    assert load_record(second_id).replay().is_terminal()


def test_a_game_not_in_the_history_is_a_clear_error():
    game_id, _ = recorded()
    with pytest.raises(RecordError, match=f"game {game_id + 1}.*no such game"):
        load_record(game_id + 1)


@pytest.mark.parametrize(("sql", "value", "said"), [
    ("UPDATE games SET record = ? WHERE id = ?", "{not json", "not a Hallowtable game record"),
    ("UPDATE games SET record = ? WHERE id = ?", b"\x00\x01", "record: the record is blob, not text"),
    ("UPDATE games SET record = ? WHERE id = ?", 12, "it is not a JSON object"),  # the TEXT column makes it '12'
    ("UPDATE games SET record = ? WHERE id = ?", "x" * (MAX_RECORD_BYTES + 1), "longer than the"),
    ("UPDATE games SET record = replace(record, '\"version\": 1', '\"version\": 7') WHERE id = ?", None,
     "unsupported record version"),
    ("UPDATE games SET record = replace(record, '\"game\": \"secret-numbers\"', '\"game\": \"chess\"') "
     "WHERE id = ?", None, "game: .*chess"),
    ("UPDATE games SET game = ? WHERE id = ?", "reapers", "the record is of 'secret-numbers' but the row of "
                                                          "'reapers'"),
    ("UPDATE games SET game = ? WHERE id = ?", "r" * 500, "not a game's name"),
])
def test_a_damaged_row_is_a_record_error_naming_the_game(sql, value, said):
    game_id, _ = recorded()
    if value is None:
        damage(game_id, sql)
    else:
        damage(game_id, sql, value)
    with pytest.raises(RecordError, match=said) as caught:
        load_record(game_id)
    assert f"(game {game_id})" in str(caught.value)


def test_actions_that_do_not_replay_are_a_record_error():
    game_id, record = recorded()
    broken = replace(record, actions=record.actions[:1] + ("pick 99",) + record.actions[2:])
    damage(game_id, "UPDATE games SET record = ? WHERE id = ?", broken.to_json())
    with pytest.raises(RecordError, match="actions: action 2 .* does not replay"):
        load_record(game_id)


def test_a_history_from_a_newer_app_is_unavailable_and_left_alone():
    game_id, _ = recorded()
    with sqlite3.connect(history_path()) as connection:
        connection.execute("PRAGMA user_version = 99")
    with pytest.raises(HistoryUnavailable, match="newer version"):
        load_record(game_id)
    assert history_path().exists()
