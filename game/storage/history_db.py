"""The game history's database file: opened, checked, migrated forward, and set aside when damaged.

The file is SQLite (Python's own ``sqlite3``), in WAL mode so that a second running copy of the app can read
while one writes. Its schema version is ``PRAGMA user_version``; ``MIGRATIONS`` takes a file from any older
version to ``SCHEMA_VERSION`` one step (one transaction) at a time, and a file from a newer app is refused and
left untouched. A file that is not a database or fails ``PRAGMA integrity_check`` is kept aside as
``NAME.corrupt-DATE`` with its journal files, and a fresh one takes its place; a file that cannot be opened
for another reason (a read-only folder, another copy holding a lock) is left alone and the caller is told.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from contextlib import contextmanager
from typing import Callable, Iterator, TypeVar

from game.core.paths import user_data_dir
from game.storage.files import keep_aside
from game.storage.saves import load_statistics

HISTORY_FILE = "history.sqlite3"
BUSY_TIMEOUT_MS = 2000
"""How long a write waits for another running copy of the app to finish its own: each write is one short
transaction (a few milliseconds), so two seconds only runs out when the other copy is stuck."""
JOURNAL_SUFFIXES = ("-wal", "-shm", "-journal")
"""SQLite's companion files: kept aside with a damaged database, or SQLite would replay the old journal into
the fresh file."""
CORRUPTION_MESSAGES = ("file is not a database", "database disk image is malformed")
"""SQLite's words for SQLITE_NOTADB and SQLITE_CORRUPT (``sqlite_errorname`` is Python 3.11's only)."""
SQLITE_HEADER = b"SQLite format 3\x00"
"""How every SQLite database file begins (an empty file is a database too, not yet written)."""
MAX_REPORT_CHARS = 200
"""How much of SQLite's integrity report a notice repeats (it lists up to three damaged pages)."""
STATISTICS_IMPORTED = "statistics_imported"
"""The meta key set once the old ``statistics.json`` has been imported (it is never imported twice)."""

Migration = tuple[str, ...]
"""The SQL statements that take the schema one version forward."""

MIGRATIONS: list[Migration] = [
    (  # version 1: one row per finished or abandoned game; totals imported from statistics.json; meta
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            played_at TEXT NOT NULL,
            game TEXT NOT NULL,
            variant TEXT NOT NULL,
            params TEXT NOT NULL,
            players INTEGER NOT NULL,
            seats TEXT NOT NULL,
            names TEXT NOT NULL,
            humans TEXT NOT NULL,
            finished INTEGER NOT NULL,
            scores TEXT NOT NULL,
            winners TEXT NOT NULL,
            actions INTEGER NOT NULL,
            seconds REAL,
            hints INTEGER NOT NULL,
            figures TEXT NOT NULL,
            record TEXT NOT NULL)""",
        "CREATE INDEX games_by_game ON games (game, played_at)",
        """CREATE TABLE imported_totals (
            game TEXT PRIMARY KEY,
            played INTEGER NOT NULL,
            won REAL NOT NULL,
            hints INTEGER NOT NULL)""",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
]
"""``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``; a new version appends a step."""
SCHEMA_VERSION = len(MIGRATIONS)

Result = TypeVar("Result")


class HistoryUnavailable(Exception):
    """The history cannot be used now; ``str`` is the notice that says why and what became of the file
    (left as it was, unless it says it was kept aside)."""


def history_path() -> Path:
    """Where the history lives."""
    return user_data_dir() / HISTORY_FILE


def is_corruption(error: sqlite3.Error) -> bool:
    """Whether SQLite refused the file for what it holds (not for where it is, or a lock)."""
    name = getattr(error, "sqlite_errorname", "")
    return name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or any(text in str(error) for text in CORRUPTION_MESSAGES)


class DamagedDatabase(Exception):
    """The file holds no usable database: it is to be kept aside and replaced by a fresh one."""


@contextmanager
def transaction(connection: sqlite3.Connection) -> Iterator[None]:
    """One write transaction, taken at once (``IMMEDIATE``: a second copy of the app waits its turn
    rather than failing midway), committed whole or rolled back."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        connection.execute("ROLLBACK")
        raise
    connection.execute("COMMIT")


def _step(connection: sqlite3.Connection, migrations: list[Migration]) -> None:
    """Take the schema one version forward in one transaction, with its new ``user_version``. The version is
    read again inside the transaction: another running copy may have just taken the same step."""
    with transaction(connection):
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version < len(migrations):
            for statement in migrations[version]:
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version = {version + 1:d}")


def migrate(connection: sqlite3.Connection, migrations: list[Migration]) -> None:
    """Bring the schema to the last version of ``migrations``, a step at a time (an up-to-date file is only
    read: the history can be listed from a folder that cannot be written)."""
    while connection.execute("PRAGMA user_version").fetchone()[0] < len(migrations):
        _step(connection, migrations)


def _import_statistics(connection: sqlite3.Connection) -> list[str]:
    """Import the old ``statistics.json``'s totals, once: the meta key remembers it. A file that cannot be
    read is kept aside by ``load_statistics`` (and counts as nothing); one that could not even be moved is
    tried again next time."""
    if connection.execute("SELECT 1 FROM meta WHERE key = ?", (STATISTICS_IMPORTED,)).fetchone():
        return []
    stats, notices = load_statistics()
    if stats is None:
        return notices
    with transaction(connection):  # checked again inside: another copy may have just imported them
        if not connection.execute("SELECT 1 FROM meta WHERE key = ?", (STATISTICS_IMPORTED,)).fetchone():
            for game in stats.played.keys() | stats.hints.keys():
                connection.execute("INSERT OR REPLACE INTO imported_totals VALUES (?, ?, ?, ?)",
                                   (game, stats.played.get(game, 0), stats.won.get(game, 0.0),
                                    stats.hints.get(game, 0)))
            connection.execute("INSERT INTO meta VALUES (?, '1')", (STATISTICS_IMPORTED,))
    return notices


def _shorten_report(text: str) -> str:
    """SQLite's integrity report, cut to a notice's length."""
    return text if len(text) <= MAX_REPORT_CHARS else text[:MAX_REPORT_CHARS - 3] + "..."


def _check_header(path: Path) -> None:
    """``DamagedDatabase`` for a file that is not an SQLite database, found before SQLite opens it: SQLite
    would delete a journal beside it that it cannot read, which is to be kept aside with the file."""
    if not os.path.lexists(path):
        return
    if not path.is_file():
        raise DamagedDatabase("it is not a regular file")
    try:
        with path.open("rb") as stream:
            header = stream.read(len(SQLITE_HEADER))
    except OSError as error:
        raise HistoryUnavailable(f"The game history {path} cannot be read ({error.strerror or error}); it was "
                                 f"left as it is.") from None
    if header and header != SQLITE_HEADER:
        raise DamagedDatabase("it is not an SQLite database")


def _connect(path: Path) -> tuple[sqlite3.Connection, list[str]]:
    """A checked, migrated connection to the file at ``path``. ``DamagedDatabase`` for a file to keep aside,
    ``HistoryUnavailable`` for one to leave alone."""
    _check_header(path)
    try:
        connection = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as error:
        raise HistoryUnavailable(f"The game history {path} cannot be opened ({error}); it was left as it "
                                 f"is.") from None
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise HistoryUnavailable(f"The game history {path} was written by a newer version of Hallowtable "
                                     f"(schema {version}; this one knows up to {SCHEMA_VERSION}). It was left "
                                     f"as it is, and games are not recorded until that version is used.")
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check(3)")]
        if problems != ["ok"]:
            said = " ".join(" ".join(map(str, problems)).split())  # SQLite's report spans lines
            raise DamagedDatabase(f"it fails its integrity check: {_shorten_report(said)}")
        if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            connection.execute("PRAGMA journal_mode = WAL")
        migrate(connection, MIGRATIONS)
        notices = _import_statistics(connection)
    except sqlite3.Error as error:
        connection.close()
        if is_corruption(error):
            raise DamagedDatabase(str(error)) from None
        raise HistoryUnavailable(f"The game history {path} cannot be used ({error}); it was left as it "
                                 f"is.") from None
    except BaseException:
        connection.close()
        raise
    return connection, notices


def _keep_aside(path: Path, reason: str) -> str:
    """Move a damaged database (and its journal files) aside; the notice. ``HistoryUnavailable`` when it
    could not be moved: it stays in place, never written over."""
    notice = f"The game history {path} could not be read ({reason}). {keep_aside(path)}"
    if os.path.lexists(path):
        raise HistoryUnavailable(notice)
    for suffix in JOURNAL_SUFFIXES:
        companion = path.with_name(path.name + suffix)
        if os.path.lexists(companion):
            keep_aside(companion)
    return notice + " A new history was started."


def _run(path: Path, action: Callable[[sqlite3.Connection], Result]) -> tuple[Result, list[str]]:
    """Open the history at ``path``, run ``action`` on it and close it."""
    connection, notices = _connect(path)
    try:
        return action(connection), notices
    except sqlite3.Error as error:
        if is_corruption(error):
            raise DamagedDatabase(str(error)) from None
        raise HistoryUnavailable(f"The game history {path} cannot be used ({error}).") from None
    finally:
        connection.close()


def use_history(action: Callable[[sqlite3.Connection], Result]) -> tuple[Result, list[str]]:
    """Run ``action`` on the open history and close it; with the notices of what had to be done first (a
    damaged file kept aside and a fresh one started, statistics imported). A file found damaged, on opening
    or midway, is kept aside and ``action`` runs once more on a fresh one. ``HistoryUnavailable`` (its text
    the notice) when the history cannot be used: nothing was written then."""
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HistoryUnavailable(f"The game history cannot be kept: the folder {path.parent} cannot be "
                                 f"made ({error.strerror or error}).") from None
    try:
        try:
            return _run(path, action)
        except DamagedDatabase as error:
            notice = _keep_aside(path, str(error))
        try:
            result, notices = _run(path, action)
        except DamagedDatabase as error:
            raise HistoryUnavailable(f"{notice} But the new history could not be started ({error}).") from None
    except OSError as error:  # the folder vanished or was locked away midway
        raise HistoryUnavailable(f"The game history {path} cannot be used ({error.strerror or error}).") from None
    return result, [notice] + notices
