"""One game of the history as a game record, to replay it: the ``record`` column of its row, read back.

The history keeps each game's full record JSON beside its summary (``game.storage.history``). The file may have
been edited by anyone, so the record is read within ``MAX_RECORD_BYTES`` characters and checked as
``read_record`` checks a file: value by value, then replayed move by move. A row that fails any check is a
``RecordError`` naming the history and the game, never a crash.
"""

from __future__ import annotations

import sqlite3

from game.core.bounded import InputError, quote
from game.core.record import MAX_RECORD_BYTES, GameRecord, RecordError
from game.storage.history_db import history_path, use_history

SELECT_RECORD = ("SELECT typeof(game), CASE typeof(game) WHEN 'text' THEN substr(game, 1, :game_limit) END, "
                 "typeof(record), CASE typeof(record) WHEN 'text' THEN substr(record, 1, :limit) END "
                 "FROM games WHERE id = :id")
"""One row's game and record, each read only past its limit by one character (so a longer one shows)."""
MAX_GAME_CHARS = 64
"""A game's name is a short word (``spectral-reapers``): read this much of the row's to compare it."""


def _where(game_id: int) -> str:
    """How an error names the row: the history file and the game's number in it."""
    return f"{history_path()} (game {game_id})"


def _stored_record(game_id: int) -> tuple[str, str]:
    """The row's game name and record text within their limits; ``RecordError`` for a missing or foreign
    row. ``HistoryUnavailable`` when the history cannot be read at all."""

    def read(connection: sqlite3.Connection) -> tuple[str, str, str, str] | None:
        return connection.execute(SELECT_RECORD, {"id": game_id, "limit": MAX_RECORD_BYTES + 1,
                                                  "game_limit": MAX_GAME_CHARS + 1}).fetchone()

    row, _ = use_history(read, writes=False)
    if row is None:
        raise RecordError("no such game in the history", _where(game_id))
    game_kind, game, record_kind, text = row
    if game_kind != "text" or not isinstance(game, str) or len(game) > MAX_GAME_CHARS:  # None: not UTF-8
        raise RecordError(f"the game's name is {quote(game) if game_kind == 'text' else game_kind}, not a game's "
                          f"name", _where(game_id), key="game")
    if record_kind != "text":
        raise RecordError(f"the record is {record_kind}, not text", _where(game_id), key="record")
    if not isinstance(text, str):  # ``utf8_or_none``
        raise RecordError("the record is not UTF-8 text", _where(game_id), key="record")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(f"the record is longer than the {MAX_RECORD_BYTES:,} characters a record may hold",
                          _where(game_id), key="record")
    return game, text


def load_record(game_id: int) -> GameRecord:
    """The record of game ``game_id`` of the history, checked value by value and replayed move by move: a
    record returned here is one the replay viewer can play. ``RecordError`` (naming the history and the game)
    for a missing or damaged row; ``HistoryUnavailable`` when the history cannot be read at all."""
    game, text = _stored_record(game_id)
    try:
        record = GameRecord.from_json(text)
        record.replay()
    except InputError as error:
        raise RecordError(error.message, _where(game_id), error.line, error.key) from None
    if record.game != game:
        raise RecordError(f"the record is of {quote(record.game)} but the row of {quote(game)}", _where(game_id),
                          key="record")
    return record
