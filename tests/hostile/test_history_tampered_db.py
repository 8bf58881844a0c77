"""A damaged or tampered history database: set aside (its bytes kept as they were, never written into) and a
fresh one started, with one notice; never a traceback at the end of a game, in ``history``, ``stats`` or the
statistics."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from game.core.record import GameRecord
from game.core.registry import register
from game.storage.history import finished_games, record_game
from game.storage.history_db import GARBLED_REPORT, HistoryUnavailable, history_path
from game.storage.history_stats import statistics
from tests.core.secret_numbers import STANDARD, make_spec

GAME = "secret-numbers"
FLIPS = 40
"""Overwrites of 64 random bytes at random places of a real history: each one's outcome checked."""


@pytest.fixture(autouse=True)
def toy_game() -> None:
    register(make_spec())


def finish(seed: int) -> tuple[bool, list[str]]:
    record = GameRecord(GAME, "standard", dict(STANDARD), 2, seed, actions=("pick 1",) * 6, seats=("human", "random"))
    return record_game(record, finished=True, scores=[2.0, 1.0], winners=[0], figures={"rounds": 3.0}, hints=1,
                       seconds=None)


def a_real_history(games: int = 12) -> bytes:
    """A history of ``games`` games, as one file (its journal folded in)."""
    for seed in range(games):
        assert finish(seed) == (True, [])
    with sqlite3.connect(history_path()) as connection:
        connection.execute("PRAGMA journal_mode = DELETE")
    connection.close()
    return history_path().read_bytes()


def kept(notice: str, before: bytes) -> None:
    """``notice`` says the file was kept aside and a new history started; the kept file is ``before``."""
    assert "could not be read" in notice and "new history was started" in notice and "\n" not in notice
    (aside,) = history_path().parent.glob("history.sqlite3.corrupt-*")
    assert str(aside) in notice and aside.read_bytes() == before


def test_flipped_bytes_never_raise_and_a_damaged_file_is_kept_aside() -> None:
    good = a_real_history()
    rng = random.Random(27)
    outcomes = set()
    for trial in range(FLIPS):
        for path in history_path().parent.iterdir():
            path.unlink()
        data = bytearray(good)
        at = rng.randrange(0, len(data) - 64)
        data[at:at + 64] = rng.randbytes(64)
        history_path().write_bytes(bytes(data))
        recorded, notices = finish(1000 + trial)
        assert recorded, notices
        if notices:
            kept(notices[0], bytes(data))
            outcomes.add("kept aside")
        else:
            outcomes.add("still usable")
        for read in (finished_games, statistics):
            try:
                read()
            except HistoryUnavailable:
                pass
    assert outcomes == {"kept aside", "still usable"}


def test_a_damaged_schema_is_kept_aside_even_when_sqlites_report_is_not_text() -> None:
    """The name in ``CREATE TABLE games`` overwritten with bytes that are not UTF-8: SQLite quotes them in its
    error message (``near "...": syntax error``), which Python could not even read (a ``UnicodeDecodeError``,
    not an SQLite error: the end of every game crashed on it)."""
    data = bytearray(a_real_history(2))
    at = data.index(b"CREATE TABLE games") + len("CREATE ")
    data[at:at + 8] = b"\xff\xfe\x80\x81\xc0\xc1\xf5\xf8"
    history_path().write_bytes(bytes(data))
    recorded, notices = finish(99)
    assert recorded and len(notices) == 1 and GARBLED_REPORT in notices[0]
    kept(notices[0], bytes(data))
    for read in (finished_games, statistics):
        assert read()[1] == []


TAMPERED = [
    ("a trigger deleting rows", "CREATE TRIGGER eat AFTER INSERT ON games BEGIN DELETE FROM games; END",
     "holds the trigger 'eat'"),
    ("a view", "CREATE VIEW won AS SELECT * FROM games", "holds the view 'won'"),
    ("a trigger changed", "DROP TRIGGER games_checked_on_insert", "lacks the trigger 'games_checked_on_insert'"),
    ("a column added", "ALTER TABLE games ADD COLUMN rating REAL", "its table 'games' is not as this app makes it"),
    ("a version of -1", "PRAGMA user_version = -1", "schema version is -1"),
]


@pytest.mark.parametrize("change, sql, said", TAMPERED, ids=[row[0] for row in TAMPERED])
def test_a_tampered_history_is_kept_aside_untouched(change: str, sql: str, said: str) -> None:
    a_real_history(2)
    with sqlite3.connect(history_path()) as connection:
        connection.execute(sql)
    connection.close()
    before = history_path().read_bytes()
    recorded, notices = finish(99)
    assert recorded and len(notices) == 1 and said in notices[0], notices
    kept(notices[0], before)
    assert finish(100) == (True, [])  # the new history takes games from now on
    entries, notices = finished_games()
    assert len(entries) == 2 and notices == []


def test_another_programs_database_is_kept_aside_with_its_header_unchanged() -> None:
    path: Path = history_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE notes (text TEXT)")
        connection.execute("INSERT INTO notes VALUES ('mine')")
    connection.close()
    before = path.read_bytes()
    recorded, notices = finish(1)
    assert recorded and "holds the table 'notes'" in notices[0] and "left as it is" not in notices[0]
    kept(notices[0], before)


def test_a_row_updated_by_hand_is_checked_again_by_the_files_own_triggers() -> None:
    a_real_history(3)
    with sqlite3.connect(history_path()) as connection:
        connection.execute("UPDATE games SET counted = 1, winners = '[0, 0]' WHERE id = 2")
        connection.execute("UPDATE games SET figures = '{\"rounds\": 1e999}' WHERE id = 3")
    connection.close()
    (one,), notices = statistics()
    assert (one.games, one.figure_games, one.figures()) == (1, 1, {"rounds": 3.0})
    assert [notice.split(":")[0] for notice in notices] == ["Row 2 of the game history was skipped",
                                                            "Row 3 of the game history was skipped"]


def test_figures_put_in_by_hand_are_refused_by_sqlite() -> None:
    a_real_history(1)
    with sqlite3.connect(history_path()) as connection:
        for sql in (f"INSERT INTO game_figures VALUES ('{GAME}', 'extra', 5, 1.0)",  # no such game
                    "UPDATE game_figures SET value = 100"):
            with pytest.raises(sqlite3.IntegrityError):
                connection.execute(sql)
    connection.close()
    (one,), _ = statistics()
    assert one.figures() == {"rounds": 3.0}
