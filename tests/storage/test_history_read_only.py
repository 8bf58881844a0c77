"""A history in a data folder that cannot be written: ``history``, ``stats`` and the statistics still read it
(opened read-only, as SQLite documents for a WAL database whose ``-shm`` cannot be made), touching no file;
the end of a game says it could not be recorded.

The tests run as root, whom a folder's mode does not stop, so SQLite's refusal is played by the read-write
open failing as SQLite fails in such a folder (SQLITE_READONLY_DIRECTORY); the read-only opens are SQLite's
own, and the folder is checked byte for byte afterwards."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from game.cli import run
from game.core.record import GameRecord
from game.core.registry import register
from game.storage import history_db
from game.storage.history import finished_games, record_game
from game.storage.history_db import history_path
from game.storage.history_stats import statistics
from tests.core.secret_numbers import STANDARD, make_spec

GAME = "secret-numbers"
READONLY_DIRECTORY = 1544
"""SQLITE_READONLY_DIRECTORY: what SQLite says opening a WAL database in a folder it cannot write."""


def finish(seed: int) -> tuple[bool, list[str]]:
    record = GameRecord(GAME, "standard", dict(STANDARD), 2, seed, actions=("pick 1",) * 6, seats=("human", "random"))
    return record_game(record, finished=True, scores=[2.0, 1.0], winners=[seed % 2], figures={"rounds": 3.0},
                       hints=1, seconds=60.0)


FolderState = dict[str, tuple[bytes, int]]
"""Each file of a folder: its bytes and when it was last written."""


def folder_state(folder: Path) -> FolderState:
    return {path.name: (path.read_bytes(), path.stat().st_mtime_ns) for path in sorted(folder.iterdir())}


@pytest.fixture
def read_only_folder(monkeypatch: pytest.MonkeyPatch) -> FolderState:
    """Three games recorded, then the folder made read-only (for SQLite's read-write open); its state."""
    register(make_spec())
    for seed in range(3):
        assert finish(seed) == (True, [])
    real = sqlite3.connect

    def connect(database: Any, *args: Any, **options: Any) -> sqlite3.Connection:
        if options.get("uri"):
            return real(database, *args, **options)
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode = READONLY_DIRECTORY  # type: ignore[attr-defined]
        raise error

    monkeypatch.setattr(history_db.sqlite3, "connect", connect)
    return folder_state(history_path().parent)


def test_the_history_and_statistics_are_read_and_nothing_is_written(read_only_folder: FolderState,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    entries, notices = finished_games()
    assert len(entries) == 3 and notices == []
    (one,), notices = statistics()
    assert (one.games, one.wins, one.hints) == (3, 2.0, 3) and notices == []
    assert run(["history"]) == 0 and run(["stats"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and len([line for line in out.splitlines() if "Secret Numbers (standard)" in line]) == 3
    assert folder_state(history_path().parent) == read_only_folder


def test_the_end_of_a_game_says_it_was_not_recorded_and_never_raises(read_only_folder: FolderState) -> None:
    recorded, notices = finish(7)
    assert not recorded and "readonly" in notices[0] and "not recorded" in notices[0]
    assert folder_state(history_path().parent) == read_only_folder
