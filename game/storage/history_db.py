"""The game history's database file: opened, checked, migrated forward, and set aside when damaged.

The file is SQLite (Python's own ``sqlite3``), in WAL mode so that a second running copy of the app can read
while one writes. Its schema version is ``PRAGMA user_version``; ``MIGRATIONS`` takes a file from any older
version to ``SCHEMA_VERSION`` one step (one transaction) at a time, and a file from a newer app is refused and
left untouched. Nothing is written into a file before it is known to be ours: one that is not a database, fails
``PRAGMA integrity_check``, or whose tables, indexes, triggers or views are not exactly what ``MIGRATIONS``
makes at its version (a trigger added by hand, another program's database) is kept aside as
``NAME.corrupt-DATE`` with its journal files, and a fresh one takes its place. A file that cannot be opened for
another reason (another copy holding a lock) is left alone and the caller is told; one in a folder that cannot
be written is still read (``use_history(..., writes=False)``), opened read-only as SQLite documents.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Callable, Iterator, TypeVar

from game.storage.files import keep_aside
from game.storage.history_checks import CHECK_ROWS
from game.storage.paths import user_data_dir
from game.storage.saves import load_statistics, statistics_path

HISTORY_FILE = "history.sqlite3"
BUSY_TIMEOUT_MS = 2000
"""How long a write waits for another running copy of the app to finish its own: each write is one short
transaction (a few milliseconds), so two seconds only runs out when the other copy is stuck."""
JOURNAL_SUFFIXES = ("-wal", "-shm", "-journal")
"""SQLite's companion files: kept aside with a damaged database, or SQLite would replay the old journal into
the fresh file."""
CORRUPTION_MESSAGES = ("file is not a database", "database disk image is malformed", "unsupported file format",
                       "malformed database schema")
"""SQLite's words for SQLITE_NOTADB and SQLITE_CORRUPT (``sqlite_errorname`` is Python 3.11's only), and for a
header or schema it cannot parse (a plain SQLITE_ERROR, found in files with bytes overwritten)."""
SQLITE_HEADER = b"SQLite format 3\x00"
"""How every SQLite database file begins (an empty file is a database too, not yet written)."""
GARBLED_REPORT = "SQLite's own report on it holds bytes of the file that are not text"
"""Why a file is damaged when Python cannot even read SQLite's error message: a damaged schema page is
quoted in it (``malformed database schema (...)``), bytes and all."""
MAX_REPORT_CHARS = 200
"""How much of SQLite's integrity report a notice repeats (it lists up to three damaged pages)."""
STATISTICS_IMPORTED = "statistics_imported"
"""The meta key set once the old ``statistics.json`` has been imported (it is never imported twice)."""
READ_ONLY_CODES = (8, 14)
"""SQLite's primary result codes SQLITE_READONLY and SQLITE_CANTOPEN: what a read-write open of a WAL
database says in a folder that cannot be written (it cannot make the ``-shm`` file)."""
READ_ONLY = "mode=ro"
"""How a history that cannot be written is opened for reading when a ``-wal`` journal beside it holds part of
it (SQLite reads it if the ``-shm`` file exists too)."""
IMMUTABLE = "immutable=1"
"""How it is opened without one: the file holds the whole history, and in a folder that cannot be written no
journal can be started, so nothing changes it while it is read; SQLite makes no file beside it then."""

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
    (  # version 2: each game's identity, recorded once; rows checked as they are written; pages by date
        "ALTER TABLE games ADD COLUMN identity TEXT",
        "CREATE UNIQUE INDEX games_by_identity ON games (identity)",
        "DROP INDEX games_by_game",
        "CREATE INDEX games_by_game ON games (game, finished, played_at, id)",
        "CREATE INDEX games_by_date ON games (finished, played_at, id)",
        *CHECK_ROWS,
    ),
]
"""``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``; a new version appends a step."""
SCHEMA_VERSION = len(MIGRATIONS)

Result = TypeVar("Result")


class HistoryUnavailable(Exception):
    """The history cannot be used now; ``str`` is the notice that says why and what became of the file
    (left as it was, unless it says it was kept aside)."""


class ReadOnlyHistory(HistoryUnavailable):
    """The history cannot be opened for writing (its folder cannot be written); it may still be read."""


def history_path() -> Path:
    """Where the history lives."""
    return user_data_dir() / HISTORY_FILE


def is_corruption(error: sqlite3.Error) -> bool:
    """Whether SQLite refused the file for what it holds (not for where it is, or a lock)."""
    name = getattr(error, "sqlite_errorname", "")
    return name in ("SQLITE_NOTADB", "SQLITE_CORRUPT") or any(text in str(error) for text in CORRUPTION_MESSAGES)


def is_read_only(error: sqlite3.Error) -> bool:
    """Whether SQLite refused to open or write the file for where it is (a folder that cannot be written)."""
    return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in READ_ONLY_CODES or "readonly" in str(error)


class DamagedDatabase(Exception):
    """The file holds no usable database, or one this app did not make: it is to be kept aside (never
    written into) and replaced by a fresh one."""


def utf8_or_none(data: bytes) -> str | None:
    """SQLite text as Python text; None for bytes that are not UTF-8, which this app never writes (a reader
    reports such a value as one this app did not write, instead of failing on it)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


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


SchemaObject = tuple[str, str, str, str | None]
"""An entry of ``sqlite_master``: type, name, table, and its SQL with the spacing made even."""


def _schema(connection: sqlite3.Connection) -> frozenset[SchemaObject]:
    """The tables, indexes, triggers and views of the database (SQLite's own tables aside: ``sqlite_stat1``
    after an ``ANALYZE`` harms nothing; triggers and views are listed whatever their names)."""
    rows = connection.execute("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('trigger', "
                              "'view') OR name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    return frozenset((kind, name, table, " ".join(sql.split()) if isinstance(sql, str) else None)
                     for kind, name, table, sql in rows)


@cache
def expected_schema(version: int) -> frozenset[SchemaObject]:
    """What ``MIGRATIONS`` makes of an empty database at ``version``: a file of that version holds exactly
    this, or it is not ours."""
    memory = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for step in MIGRATIONS[:version]:
            for statement in step:
                memory.execute(statement)
        return _schema(memory)
    finally:
        memory.close()


def _check_schema(connection: sqlite3.Connection) -> None:
    """``DamagedDatabase`` for a file whose version is no version of ours or whose schema is not what that
    version makes (read in one snapshot: another copy of the app may be migrating it now); ``HistoryUnavailable``
    for a file from a newer app, which is left as it is."""
    connection.execute("BEGIN")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        found = _schema(connection)
    finally:
        connection.execute("COMMIT")
    if version > SCHEMA_VERSION:
        raise HistoryUnavailable(f"The game history {history_path()} was written by a newer version of "
                                 f"Hallowtable (schema {version}; this one knows up to {SCHEMA_VERSION}). It was "
                                 f"left as it is, and games are not recorded until that version is used.")
    if version < 0:
        raise DamagedDatabase(f"its schema version is {version}, which no version of Hallowtable writes")
    extra = sorted(found - expected_schema(version), key=str)
    missing = sorted(expected_schema(version) - found, key=str)
    if extra or missing:
        kind, name, _, _ = (extra or missing)[0]
        if not extra:
            said = f"it lacks the {kind} {name!r}"
        elif any(other[1] == name for other in missing):
            said = f"its {kind} {name!r} is not as this app makes it"
        else:
            said = f"it holds the {kind} {name!r}, which this app does not make"
        raise DamagedDatabase(f"it is not a history this app made: {said}")


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


def _open(path: Path, read_only: bool) -> sqlite3.Connection:
    """A connection to the file at ``path``: read-write (made if missing), or read-only (``READ_ONLY`` or
    ``IMMUTABLE``); ``HistoryUnavailable`` (``ReadOnlyHistory`` when only reading could work) when it cannot
    be opened."""
    if not read_only:
        try:
            return sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        except sqlite3.Error as error:
            kind = ReadOnlyHistory if is_read_only(error) else HistoryUnavailable
            raise kind(f"The game history {path} cannot be opened ({error}); it was left as it is.") from None
    how = READ_ONLY if os.path.lexists(path.with_name(path.name + "-wal")) else IMMUTABLE
    try:  # SQLite opens the file at the first statement (``_prepare``'s, whose failures ``_connect`` says)
        return sqlite3.connect(f"{path.absolute().as_uri()}?{how}", uri=True, isolation_level=None,
                               timeout=BUSY_TIMEOUT_MS / 1000)
    except sqlite3.Error as error:
        raise HistoryUnavailable(f"The game history {path} cannot be read ({error}); it was left as it is.") from None


def _integrity(connection: sqlite3.Connection) -> None:
    """``DamagedDatabase`` when SQLite's integrity check fails; its report may hold any bytes of the file,
    so it is read as bytes and shown with what is not text replaced."""
    connection.text_factory = bytes
    try:
        problems = [row[0] for row in connection.execute("PRAGMA integrity_check(3)")]
    finally:
        connection.text_factory = utf8_or_none
    said = [problem.decode("utf-8", "replace") if isinstance(problem, bytes) else str(problem)
            for problem in problems]
    if said != ["ok"]:
        report = " ".join(" ".join(said).split())  # SQLite's report spans lines
        raise DamagedDatabase(f"it fails its integrity check: {_shorten_report(report)}")


def _up_to_date(connection: sqlite3.Connection) -> bool:
    """Whether the file needs no writing to be read: WAL, the last schema, the old statistics imported."""
    return (connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
            and connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            and connection.execute("SELECT 1 FROM meta WHERE key = ?", (STATISTICS_IMPORTED,)).fetchone() is not None)


def _prepare(connection: sqlite3.Connection, writes: bool, read_only: bool) -> list[str]:
    """Check the open file and, when it may be written, bring it up to date (WAL, migrations, the old
    statistics imported); notices. Nothing is written before the checks have passed: the integrity check
    (which reads the whole file, seconds for a history of many thousand games) runs before any write; a
    file only read is checked by SQLite page by page as it is read (a damaged page is SQLITE_CORRUPT)."""
    _check_schema(connection)
    if writes or not read_only and not _up_to_date(connection):
        _integrity(connection)
    if read_only:
        if connection.execute("PRAGMA user_version").fetchone()[0] != SCHEMA_VERSION:
            raise HistoryUnavailable(f"The game history {history_path()} is from an older version of Hallowtable "
                                     f"and its folder cannot be written to bring it up to date; it was left as it "
                                     f"is.")
        imported = connection.execute("SELECT 1 FROM meta WHERE key = ?", (STATISTICS_IMPORTED,)).fetchone()
        if imported is None and os.path.lexists(statistics_path()):
            return ["The statistics from before the history are not counted: the history's folder cannot be "
                    "written to take them in."]
        return []
    if connection.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
        connection.execute("PRAGMA journal_mode = WAL")
    migrate(connection, MIGRATIONS)
    return _import_statistics(connection)


def _connect(path: Path, writes: bool, read_only: bool = False) -> tuple[sqlite3.Connection, list[str]]:
    """A checked connection to the file at ``path`` for an action that ``writes`` or only reads (migrated,
    unless opened ``read_only``). ``DamagedDatabase`` for a file to keep aside, ``HistoryUnavailable`` for
    one to leave alone (``ReadOnlyHistory`` when it could only be read)."""
    _check_header(path)
    connection = _open(path, read_only)
    connection.text_factory = utf8_or_none
    try:
        notices = _prepare(connection, writes, read_only)
    except UnicodeDecodeError:
        connection.close()
        raise DamagedDatabase(GARBLED_REPORT) from None
    except sqlite3.Error as error:
        connection.close()
        if is_corruption(error):
            raise DamagedDatabase(str(error)) from None
        kind = ReadOnlyHistory if is_read_only(error) and not read_only else HistoryUnavailable
        raise kind(f"The game history {path} cannot be used ({error}); it was left as it is.") from None
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


def _run(path: Path, action: Callable[[sqlite3.Connection], Result], writes: bool) -> tuple[Result, list[str]]:
    """Open the history at ``path``, run ``action`` on it and close it; a history that cannot be written is
    read all the same when ``action`` only reads (not ``writes``)."""
    try:
        connection, notices = _connect(path, writes)
    except ReadOnlyHistory:
        if writes:
            raise
        connection, notices = _connect(path, writes, read_only=True)
    try:
        return action(connection), notices
    except UnicodeDecodeError:
        raise DamagedDatabase(GARBLED_REPORT) from None
    except sqlite3.Error as error:
        if is_corruption(error):
            raise DamagedDatabase(str(error)) from None
        raise HistoryUnavailable(f"The game history {path} cannot be used ({error}).") from None
    finally:
        connection.close()


def use_history(action: Callable[[sqlite3.Connection], Result], writes: bool = True) -> tuple[Result, list[str]]:
    """Run ``action`` on the open history and close it; with the notices of what had to be done first (a
    damaged or foreign file kept aside and a fresh one started, statistics imported). A file found damaged, on
    opening or midway, is kept aside and ``action`` runs once more on a fresh one. An ``action`` that only
    reads (not ``writes``) still runs on a history whose folder cannot be written, opened read-only.
    ``HistoryUnavailable`` (its text the notice) when the history cannot be used: nothing was written then."""
    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise HistoryUnavailable(f"The game history cannot be kept: the folder {path.parent} cannot be "
                                 f"made ({error.strerror or error}).") from None
    try:
        try:
            return _run(path, action, writes)
        except DamagedDatabase as error:
            notice = _keep_aside(path, str(error))
        try:
            result, notices = _run(path, action, writes)
        except DamagedDatabase as error:
            raise HistoryUnavailable(f"{notice} But the new history could not be started ({error}).") from None
    except OSError as error:  # the folder vanished or was locked away midway
        raise HistoryUnavailable(f"The game history {path} cannot be used ({error.strerror or error}).") from None
    return result, [notice] + notices
