"""The game history in SQLite: rows written and read back, statistics, the old statistics imported once,
schema migration, and damaged, foreign, hostile or unwritable files met without a crash or a loss."""

from __future__ import annotations

import itertools
import json
import os
import random
import sqlite3
from datetime import datetime, timezone
from pathlib import Path

import pytest

from game.core.record import GameRecord
from game.storage import history_db
from game.storage.history import HistoryEntry, finished_games, record_game
from game.storage.history_db import (MIGRATIONS, SCHEMA_VERSION, HistoryUnavailable, history_path, migrate)
from game.storage.history_stats import statistics
from game.storage.saves import Statistics, save_statistics, statistics_path

from game.core.registry import register
from tests.core.secret_numbers import STANDARD, make_spec

GAME = "secret-numbers"


@pytest.fixture(autouse=True)
def toy_game() -> None:
    register(make_spec())


SEEDS = itertools.count(7)
"""Each game recorded is another game (the history records one game once)."""


def game_record(seats: tuple[str, ...], actions: int = 6, names: tuple[str, ...] = ()) -> GameRecord:
    return GameRecord(GAME, "standard", dict(STANDARD), len(seats), next(SEEDS), actions=("pick 1",) * actions,
                      names=names, seats=seats)


def finish(seats: tuple[str, ...] = ("human", "random"), winners: tuple[int, ...] = (0,),
           scores: tuple[float, ...] | None = None, **extra: object) -> tuple[bool, list[str]]:
    options: dict = {"figures": {"rounds": 3.0}, "hints": 0, "seconds": None, **extra}
    return record_game(game_record(seats), finished=True, scores=scores or tuple(float(s) for s in range(len(seats))),
                       winners=winners, **options)


def raw(sql: str, *values: object) -> list[tuple]:
    with sqlite3.connect(history_path()) as connection:
        return connection.execute(sql, values).fetchall()


def test_a_finished_game_reads_back_with_every_value():
    record = game_record(("human", "random", "hard"), actions=9, names=("Zoë", "Boris", "Cleo"))
    recorded, notices = record_game(record, finished=True, scores=[2.0, 1.5, 0.0], winners=[0],
                                    figures={"rounds": 3}, hints=2, seconds=95.5)
    assert (recorded, notices) == (True, [])
    (entry,), notices = finished_games()
    assert notices == []
    assert (entry.game, entry.variant, entry.names, entry.seats) == (GAME, "standard", ("Zoë", "Boris", "Cleo"),
                                                                     ("human", "random", "hard"))
    assert (entry.humans, entry.scores, entry.winners) == ((0,), (2.0, 1.5, 0.0), (0,))
    assert (entry.actions, entry.seconds, entry.hints, entry.figures) == (9, 95.5, 2, {"rounds": 3.0})
    assert entry.finished and entry.played_at.utcoffset() is not None and entry.opponents() == "mixed"
    ((stored_record, params),) = raw("SELECT record, params FROM games")
    assert GameRecord.from_json(stored_record) == record and json.loads(params) == STANDARD
    assert raw("PRAGMA journal_mode") == [("wal",)] and raw("PRAGMA user_version") == [(SCHEMA_VERSION,)]


def test_abandoned_games_are_kept_but_not_listed_nor_won():
    finish()
    assert record_game(game_record(("human", "random")), finished=False, scores=[0.0, 0.0], winners=[],
                       figures={}, hints=4, seconds=12.0) == (True, [])
    entries, _ = finished_games()
    assert len(entries) == 1 and raw("SELECT finished FROM games ORDER BY id") == [(1,), (0,)]
    (stats,), _ = statistics()
    assert (stats.games, stats.abandoned, stats.hints, stats.figure_games) == (1, 1, 4, 1)


def test_newest_first_and_the_game_filter():
    finish()
    record_game(GameRecord("other-game", "standard", {}, 2, 1, seats=("human", "random")), finished=True,
                scores=[1.0, 0.0], winners=[0], figures={}, hints=0, seconds=None)
    finish(winners=(1,))
    everything, _ = finished_games()
    assert [entry.game for entry in everything] == [GAME, "other-game", GAME]
    assert everything[0].winners == (1,)
    mine, _ = finished_games(GAME)
    assert [entry.id for entry in mine] == [everything[0].id, everything[2].id]


def test_win_shares_streaks_and_tables():
    # won, shared, won, lost, won, won: 4.5 wins; longest streak 3 (a shared win carries it), current 2
    for winners in [(0,), (0, 1), (0,), (1,), (0,), (0,)]:
        finish(winners=winners, scores=(5.0, 3.0))
    finish(seats=("human", "random", "hard"), winners=(2,), scores=(1.0, 2.0, 9.0))
    finish(seats=("human", "human"), winners=(0,))  # hot seat: listed, not counted
    (stats,), _ = statistics(GAME)
    assert (stats.games, stats.wins) == (7, 4.5)
    assert (stats.overall.current_streak, stats.overall.longest_streak) == (0, 3)
    duel = stats.tables["2 players vs random"]
    assert (duel.games, duel.wins, duel.current_streak, duel.longest_streak) == (6, 4.5, 2, 3)
    assert duel.best_score == 5.0 and duel.to_json_dict()["win_rate"] == pytest.approx(0.75)
    mixed = stats.tables["3 players vs mixed"]
    assert (mixed.games, mixed.wins, mixed.best_score) == (1, 0.0, 1.0)
    assert stats.figure_games == 8 and stats.figures() == {"rounds": 3.0}
    listed, _ = finished_games(GAME)
    assert len(listed) == 8 and listed[0].human is None


def test_the_place_counts_winners_first_then_scores():
    entry = HistoryEntry(1, datetime.now(timezone.utc), GAME, "standard", ("human", "hard", "hard", "random"),
                         ("A", "B", "C", "D"), (0,), True, (3.0, 9.0, 5.0, 9.0), (1, 3), 1, None, 0, {})
    assert [entry.place(seat) for seat in range(4)] == [4, 1, 3, 1]


def test_statistics_json_is_imported_once_and_adds_to_the_totals():
    save_statistics(Statistics({GAME: 10}, {GAME: 4.5}, {GAME: 3, "nevermore": 2}))
    finish(hints=1)
    save_statistics(Statistics({GAME: 50}, {GAME: 40.0}, {}))  # counted by the old code after the import
    finish(winners=(1,))
    stats, notices = statistics()
    assert notices == []
    mine = next(one for one in stats if one.game == GAME)
    assert (mine.games, mine.wins, mine.hints, mine.imported_games) == (12, 5.5, 4, 10)
    assert [(one.game, one.games, one.hints) for one in stats if one.game == "nevermore"] == [("nevermore", 0, 2)]
    assert raw("SELECT key FROM meta") == [("statistics_imported",)]


def test_unreadable_statistics_json_is_kept_aside_and_the_import_goes_on():
    statistics_path().parent.mkdir(parents=True)
    statistics_path().write_text("{]")
    recorded, notices = finish()
    assert recorded and "statistics could not be read" in notices[0]
    assert list(statistics_path().parent.glob("statistics.json.corrupt-*"))
    assert raw("SELECT count(*) FROM imported_totals") == [(0,)]


def _damaged_page() -> bytes:
    """A real history whose table pages were overwritten: SQLite reads the header, the check fails."""
    finish()
    with sqlite3.connect(history_path()) as connection:
        connection.execute("PRAGMA journal_mode = DELETE")
    data = bytearray(history_path().read_bytes())
    page = raw("PRAGMA page_size")[0][0]
    data[page:] = b"\xff" * (len(data) - page)
    history_path().unlink()
    return bytes(data)


@pytest.mark.parametrize("content", [
    b"just a text file\n",
    random.Random(1).randbytes(16384),
    "zeros",
    "folder",
    "damaged",
], ids=["text", "random-bytes", "10MB-of-zeros", "folder", "damaged-pages"])
def test_a_damaged_history_is_kept_aside_and_a_fresh_one_started(content):
    path = history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == "damaged":
        content = _damaged_page()
    if content == "zeros":
        with path.open("wb") as stream:
            stream.truncate(10 * 1024 * 1024)
    elif content == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    else:
        assert isinstance(content, bytes)
        path.write_bytes(content)
        if not content.startswith(b"SQLite"):  # a journal beside a real database is SQLite's to use
            (path.parent / (path.name + "-wal")).write_bytes(b"an old journal")
    before = {str(p.name): p.stat().st_size for p in path.parent.iterdir()}
    recorded, notices = finish()
    assert recorded and len(notices) == 1 and "could not be read" in notices[0] and "new history" in notices[0]
    assert "\n" not in notices[0] and len(notices[0]) < 600
    (kept,) = path.parent.glob("history.sqlite3.corrupt-*")
    assert str(kept) in notices[0]
    if content == "folder":
        assert (kept / "inside.txt").read_text() == "mine"
    else:
        assert kept.stat().st_size == before[path.name]
    if isinstance(content, bytes):
        assert kept.read_bytes() == content
    if isinstance(content, bytes) and not content.startswith(b"SQLite"):
        (journal,) = path.parent.glob("history.sqlite3-wal.corrupt-*")
        assert journal.read_bytes() == b"an old journal"
    entries, notices = finished_games()
    assert len(entries) == 1 and notices == []


def test_an_empty_file_is_a_database_at_version_0_and_is_migrated():
    history_path().parent.mkdir(parents=True)
    history_path().write_bytes(b"")
    assert finish() == (True, [])
    assert raw("PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert {name for (name,) in raw("SELECT name FROM sqlite_master WHERE type = 'table'")} == {
        "games", "imported_totals", "meta", "game_figures"}


def test_a_migration_step_keeps_the_rows_and_a_failing_one_changes_nothing():
    finish()
    with sqlite3.connect(history_path(), isolation_level=None) as connection:
        migrate(connection, MIGRATIONS + [("ALTER TABLE games ADD COLUMN rating REAL",)])
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
        assert connection.execute("SELECT count(*), max(rating) FROM games").fetchone() == (1, None)
        broken = [("CREATE TABLE half (x)", "NOT SQL AT ALL")]
        with pytest.raises(sqlite3.OperationalError):
            migrate(connection, MIGRATIONS + [("SELECT 1",)] + broken)
        assert connection.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION + 1,)
        assert connection.execute("SELECT count(*) FROM sqlite_master WHERE name = 'half'").fetchone() == (0,)


def test_a_history_from_a_newer_app_is_refused_and_left_untouched():
    path = history_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (future TEXT)")
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    before = path.read_bytes()
    recorded, notices = finish()
    assert not recorded and "newer version" in notices[0] and "not recorded" in notices[0]
    with pytest.raises(HistoryUnavailable, match="newer version"):
        finished_games()
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == ["history.sqlite3"]


def test_a_data_folder_that_cannot_be_made_leaves_the_game_unrecorded(user_dirs):
    _, data = user_dirs
    data.parent.mkdir(exist_ok=True)
    data.write_text("a file where the folder should be")
    recorded, notices = finish()
    assert not recorded and "cannot be made" in notices[0] and "not recorded" in notices[0]
    assert data.read_text() == "a file where the folder should be"


def test_a_read_only_history_is_left_alone(monkeypatch):
    finish()
    before = history_path().read_bytes()
    real = sqlite3.connect

    def read_only(path: Path, **options: object) -> sqlite3.Connection:  # root writes anywhere: ask SQLite
        return real(f"file:{path}?mode=ro", uri=True, **options)  # type: ignore[arg-type]

    with monkeypatch.context() as patch:
        patch.setattr(history_db.sqlite3, "connect", read_only)
        recorded, notices = finish()
    assert not recorded and "readonly" in notices[0] and "not recorded" in notices[0]
    assert history_path().read_bytes() == before and not list(history_path().parent.glob("*.corrupt-*"))
    assert len(finished_games()[0]) == 1


def test_a_second_copy_of_the_app_reading_does_not_block_a_write():
    finish()
    with sqlite3.connect(history_path(), isolation_level=None) as other:
        other.execute("BEGIN")
        assert other.execute("SELECT count(*) FROM games").fetchone() == (1,)
        assert finish() == (True, [])
        assert other.execute("SELECT count(*) FROM games").fetchone() == (1,)  # its snapshot
        other.execute("COMMIT")
        assert other.execute("SELECT count(*) FROM games").fetchone() == (2,)


@pytest.mark.parametrize("outcome, message", [({"scores": (float("nan"), 1.0)}, "[nan, 1.0]"),
                                              ({"figures": {"rounds": float("inf")}}, "not a finite"),
                                              ({"scores": (1.0,)}, "1 scores for 2 seats"),
                                              ({"winners": (0, 2)}, "not distinct seats"),
                                              ({"hints": -1}, "-1 hints")])
def test_an_outcome_that_could_not_be_read_back_is_refused_before_writing(outcome, message):
    recorded, notices = finish(**outcome)
    assert not recorded and "could not be recorded" in notices[0] and message in notices[0]
    assert not history_path().exists()


def test_a_time_that_is_no_time_is_kept_as_unknown():
    assert finish(seconds=float("nan"))[0] and finish(seconds=-3.0)[0]
    assert [entry.seconds for entry in finished_games()[0]] == [None, None]


HOSTILE = [
    ("names", "'[\"' || hex(zeroblob(5000000)) || '\"]'", "names is longer"),
    ("scores", "'[NaN, 1]'", "scores"),
    ("players", "'two'", "players is text"),
    ("game", "x'00ff'", "game is blob"),
    ("winners", "'[0, 0]'", "distinct seats"),
    ("seconds", "-5", "seconds must be"),
    ("figures", "'{\"rounds\": \"many\"}'", "figures must hold numbers"),
    ("played_at", "'yesterday'", "not an ISO date"),
]


@pytest.mark.parametrize("column, value, message", HOSTILE, ids=[row[0] for row in HOSTILE])
def test_a_hostile_row_is_skipped_with_a_notice(column, value, message):
    finish()
    finish(winners=(1,))
    with sqlite3.connect(history_path()) as connection:
        connection.execute(f"UPDATE games SET {column} = {value} WHERE id = 2")
    connection.close()
    entries, notices = finished_games()
    assert [entry.id for entry in entries] == [1]
    assert len(notices) == 1 and "Row 2" in notices[0] and message in notices[0] and len(notices[0]) < 400
    (stats,), notices = statistics()
    assert stats.games == 1 and len(notices) == 1


def test_a_hostile_imported_total_is_skipped():
    finish()
    with sqlite3.connect(history_path()) as connection:
        connection.execute("INSERT INTO imported_totals VALUES ('other', 2, 5.0, 0), ('x', -1, 0, 0)")
    connection.close()
    stats, notices = statistics()
    assert [one.game for one in stats] == [GAME] and len(notices) == 2


def test_a_foreign_table_layout_is_kept_aside_not_written_into():
    finish()
    with sqlite3.connect(history_path()) as connection:
        connection.execute("ALTER TABLE games ADD COLUMN rating REAL")
    connection.close()
    before = history_path().read_bytes()
    recorded, notices = finish()
    assert recorded and "not a history this app made" in notices[0] and "new history" in notices[0]
    (kept,) = history_path().parent.glob("history.sqlite3.corrupt-*")
    assert kept.read_bytes() == before
    assert statistics()[0][0].games == 1
