"""The game history: every finished or abandoned game, one row each, in SQLite (``history_db``).

The table writes a row when a game ends or is abandoned (``record_game``: one short transaction, never
raising, so the UI thread can call it; the autosave stays until the caller knows the game was recorded). A
game is recorded once: its identity (a hash of its whole record) is looked for first, so a game whose save
outlived its recording (the app stopped between the two) is not counted again when it is continued.
``finished_games`` and ``history_page`` read the rows back, newest first, a page at a time, every value
checked as it is read: the file may have been edited by anyone, so a row that is not what this app writes is
skipped and reported, and a text column is read only up to its limit. ``game.storage.history_stats`` sums
them up.
"""

from __future__ import annotations

import hashlib
import json
import math
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Mapping, Sequence

from game.core.bounded import InputError, parse_json, quote
from game.core.names import name_problem
from game.core.record import HUMAN, MAX_RECORD_ACTIONS, GameRecord
from game.core.setup import MatchSetup
from game.storage.history_checks import (COLUMN_CHARS, MAX_FIGURE_NAME_CHARS, MAX_FIGURES, MAX_HINTS,
                                         MAX_KIND_CHARS, MAX_SEATS, MAX_SECONDS)
from game.storage.history_db import HistoryUnavailable, transaction, use_history
from game.storage.saves import MAX_GAME_NAME_CHARS

MAX_ROW_ID = 2**63 - 1
"""SQLite's largest row id."""
MAX_ROWS_READ = 50_000
"""The most rows read back at once, newest first: ten games a day for over ten years, a few MB of checked
values (``history_page`` reads a page of them)."""
HISTORY_PAGE = 100
"""The games a page of the ``history`` command lists unless told otherwise: a screenful or two."""


class HistoryRowError(ValueError):
    """A row of the history that this app could not have written; ``str`` says which value and why."""


@dataclass(frozen=True)
class HistoryEntry:
    """One game of the history, every value checked."""

    id: int
    played_at: datetime
    game: str
    variant: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    humans: tuple[int, ...]
    finished: bool
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    actions: int
    seconds: float | None
    hints: int
    figures: dict[str, float]

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.seats)

    @property
    def human(self) -> int | None:
        """The one human's seat, or None for a game of several humans (hot seat) or none: only games of
        exactly one human say how that person plays."""
        return self.humans[0] if len(self.humans) == 1 else None

    def share(self, seat: int) -> float:
        """``seat``'s share of the win: 1/k for each of k winners."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def place(self, seat: int) -> int:
        """``seat``'s place: the winners share first place, the others follow by score, highest first."""
        if seat in self.winners:
            return 1
        ahead = sum(1 for other, score in enumerate(self.scores)
                    if other not in self.winners and score > self.scores[seat])
        return len(self.winners) + ahead + 1

    def opponents(self) -> str:
        """The AI level the one human of this game played against (``mixed`` for several levels)."""
        levels = {kind for seat, kind in enumerate(self.seats) if seat != self.human}
        return levels.pop() if len(levels) == 1 else "mixed"

    def to_json_dict(self) -> dict[str, Any]:
        """The entry as JSON values (the ``history --json`` row)."""
        return {"id": self.id, "date": self.played_at.isoformat(), "game": self.game, "variant": self.variant,
                "seats": list(self.seats), "names": list(self.names), "humans": list(self.humans),
                "finished": self.finished, "scores": list(self.scores), "winners": list(self.winners),
                "actions": self.actions, "seconds": self.seconds, "hints": self.hints, "figures": self.figures}


def _json_text(value: Any) -> str:
    """``value`` as compact JSON (``_check_outcome`` has refused numbers that are not finite)."""
    return json.dumps(value, separators=(",", ":"), allow_nan=False, ensure_ascii=False)


def _check_outcome(players: int, scores: Sequence[float], winners: Sequence[int], figures: Mapping[str, float],
                   hints: int) -> None:
    """``ValueError`` for an outcome the history could not read back (a caller's bug, said in a notice)."""
    if len(scores) != players:
        raise ValueError(f"{len(scores)} scores for {players} seats")
    if not all(math.isfinite(value) for value in [*scores, *figures.values()]):
        raise ValueError(f"a score or figure is not a finite number (scores {list(scores)})")
    if len(set(winners)) != len(winners) or any(not 0 <= seat < players for seat in winners):
        raise ValueError(f"winners {list(winners)} are not distinct seats of {players}")
    if len(figures) > MAX_FIGURES or any(not 0 < len(name) <= MAX_FIGURE_NAME_CHARS for name in figures):
        raise ValueError(f"{len(figures)} figures, or a figure's name of more than {MAX_FIGURE_NAME_CHARS} "
                         f"characters")
    if not 0 <= hints <= MAX_HINTS:
        raise ValueError(f"{hints} hints")


def _known_seconds(seconds: float | None) -> float | None:
    """The time played, or None when it is not known (or not a time: a clock that went back)."""
    return seconds if seconds is not None and 0 <= seconds <= MAX_SECONDS else None


def game_identity(record: GameRecord, finished: bool, scores: Sequence[float], winners: Sequence[int]) -> str:
    """What tells one recorded game from another: a hash of its whole record (game, variant and rules,
    players, seed, starting position, every action), whether it was finished, and its outcome (which the
    record decides: the same game recorded again has the same)."""
    outcome = _json_text([int(finished), [float(score) for score in scores], [int(seat) for seat in winners]])
    return hashlib.sha256(f"{outcome}\n{record.to_json()}".encode()).hexdigest()


def record_game(record: GameRecord, *, finished: bool, scores: Sequence[float], winners: Sequence[int],
                figures: Mapping[str, float], hints: int, seconds: float | None) -> tuple[bool, list[str]]:
    """Add a finished game (``finished``) or an abandoned one to the history, in one transaction, unless the
    same game is already there: whether it is recorded, and notices of what went wrong or had to be done.
    Never raises: a game that could not be recorded is a notice (its autosave is the caller's to keep)."""
    try:
        setup = MatchSetup.from_record(record)
        _check_outcome(record.players, scores, winners, figures, hints)
        row = (datetime.now(timezone.utc).isoformat(timespec="seconds"), record.game, record.variant,
               _json_text(record.params), record.players, _json_text(list(setup.seats)),
               _json_text(list(setup.names)),
               _json_text([seat for seat, kind in enumerate(setup.seats) if kind == HUMAN]), int(finished),
               _json_text([float(score) for score in scores]), _json_text([int(seat) for seat in winners]),
               len(record.actions), _known_seconds(seconds), hints,
               _json_text({name: float(value) for name, value in figures.items()}), record.to_json(),
               game_identity(record, finished, scores, winners))
    except (TypeError, ValueError) as error:
        return False, [f"This game could not be recorded in the history: {error}."]

    def insert(connection: sqlite3.Connection) -> None:
        with transaction(connection):
            if connection.execute("SELECT 1 FROM games WHERE identity = ?", (row[-1],)).fetchone() is None:
                connection.execute("INSERT INTO games (played_at, game, variant, params, players, seats, names, "
                                   "humans, finished, scores, winners, actions, seconds, hints, figures, record, "
                                   "identity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)

    try:
        _, notices = use_history(insert)
    except HistoryUnavailable as error:
        return False, [f"{error} This game was not recorded in the history."]
    return True, notices


def _bounded_column(name: str) -> str:
    """The SQL reading column ``name`` within its limit: a text cut one past it (so a longer one shows), a
    number as it is, anything else (a blob, a text in a number column) NULL beside its ``typeof``."""
    if name in COLUMN_CHARS:
        return f"typeof({name}), CASE typeof({name}) WHEN 'text' THEN substr({name}, 1, {COLUMN_CHARS[name] + 1}) END"
    return f"typeof({name}), CASE WHEN typeof({name}) IN ('integer', 'real') THEN {name} END"


READ_COLUMNS = ("id", "played_at", "game", "variant", "players", "seats", "names", "humans", "finished",
                "scores", "winners", "actions", "seconds", "hints", "figures")
SELECT_ENTRIES = f"SELECT {', '.join(_bounded_column(name) for name in READ_COLUMNS)} FROM games"


def raw_row(values: Sequence[Any]) -> dict[str, tuple[str, Any]]:
    """A row read by ``SELECT_ENTRIES`` as ``entry_from_row`` takes it: each column's ``typeof`` and value."""
    return {name: (values[2 * column], values[2 * column + 1]) for column, name in enumerate(READ_COLUMNS)}


def _value(raw: dict[str, tuple[str, Any]], name: str) -> Any:
    """Column ``name`` of a raw row: a text within its limit, or a number; ``HistoryRowError`` otherwise."""
    kind, value = raw[name]
    if name in COLUMN_CHARS:
        if kind != "text":
            raise HistoryRowError(f"{name} is {kind}, not text")
        if not isinstance(value, str):  # ``utf8_or_none``: bytes that are not UTF-8
            raise HistoryRowError(f"{name} is not UTF-8 text")
        if len(value) > COLUMN_CHARS[name]:
            raise HistoryRowError(f"{name} is longer than the {COLUMN_CHARS[name]:,} characters it may hold")
        return value
    if name == "seconds" and kind == "null":
        return None
    if kind not in ("integer", "real") or isinstance(value, float) and not math.isfinite(value):
        raise HistoryRowError(f"{name} is {quote(value) if kind == 'real' else kind}, not a number")
    return value


def _whole(raw: dict[str, tuple[str, Any]], name: str, low: int, high: int) -> int:
    value = _value(raw, name)
    if not isinstance(value, int) or not low <= value <= high:
        raise HistoryRowError(f"{name} must be a whole number from {low:,} to {high:,}, not {quote(value)}")
    return value


def _json(raw: dict[str, tuple[str, Any]], name: str, kind: type) -> Any:
    try:
        value = parse_json(_value(raw, name))
    except InputError as error:
        raise HistoryRowError(f"{name}: {error.message}") from None
    if not isinstance(value, kind):
        raise HistoryRowError(f"{name} must be a JSON {kind.__name__}, not {quote(value)}")
    return value


def _seat_list(raw: dict[str, tuple[str, Any]], name: str, players: int) -> tuple[int, ...]:
    seats = _json(raw, name, list)
    if any(type(seat) is not int or not 0 <= seat < players for seat in seats) or len(set(seats)) != len(seats):
        raise HistoryRowError(f"{name} must list distinct seats from 0 to {players - 1}, not {quote(seats)}")
    return tuple(seats)


def _texts(raw: dict[str, tuple[str, Any]], name: str, players: int) -> tuple[str, ...]:
    texts = _json(raw, name, list)
    if len(texts) != players:
        raise HistoryRowError(f"{name} must give one per seat ({players}), not {len(texts)}")
    for text in texts:
        problem = name_problem(text) if name == "names" else (
            None if isinstance(text, str) and 0 < len(text) <= MAX_KIND_CHARS and text.isprintable()
            else "is not a seat kind")
        if problem:
            raise HistoryRowError(f"{name}: {quote(text)} {problem}")
    return tuple(texts)


def _numbers(values: Any, name: str) -> list[float]:
    if any(isinstance(value, bool) or not isinstance(value, (int, float)) for value in values):
        raise HistoryRowError(f"{name} must hold numbers, not {quote(values)}")
    return [float(value) for value in values]


def _label(text: Any, name: str, limit: int) -> str:
    if not isinstance(text, str) or not 0 < len(text) <= limit or not text.isprintable():
        raise HistoryRowError(f"{name} must be a text of 1 to {limit} printable characters, not {quote(text)}")
    return text


def entry_from_row(raw: dict[str, tuple[str, Any]]) -> HistoryEntry:
    """A checked entry from a raw row (``(typeof, value)`` per column); ``HistoryRowError`` otherwise."""
    try:
        played_at = datetime.fromisoformat(_value(raw, "played_at"))
    except ValueError:
        raise HistoryRowError(f"played_at {quote(raw['played_at'][1])} is not an ISO date") from None
    if played_at.tzinfo is None:
        raise HistoryRowError("played_at has no time zone")
    players = _whole(raw, "players", 1, MAX_SEATS)
    scores = _numbers(_json(raw, "scores", list), "scores")
    if len(scores) != players:
        raise HistoryRowError(f"scores must give one per seat ({players}), not {len(scores)}")
    figures = _json(raw, "figures", dict)
    if len(figures) > MAX_FIGURES:
        raise HistoryRowError(f"figures holds {len(figures):,} values, more than {MAX_FIGURES}")
    for key in figures:
        _label(key, "a figure's name", MAX_FIGURE_NAME_CHARS)
    seconds = _value(raw, "seconds")
    if seconds is not None and not 0 <= seconds <= MAX_SECONDS:
        raise HistoryRowError(f"seconds must be from 0 to {MAX_SECONDS:,.0f}, not {quote(seconds)}")
    return HistoryEntry(
        id=_whole(raw, "id", 1, MAX_ROW_ID), played_at=played_at,
        game=_label(_value(raw, "game"), "game", MAX_GAME_NAME_CHARS),
        variant=_label(_value(raw, "variant"), "variant", COLUMN_CHARS["variant"]),
        seats=_texts(raw, "seats", players), names=_texts(raw, "names", players),
        humans=_seat_list(raw, "humans", players), finished=bool(_whole(raw, "finished", 0, 1)),
        scores=tuple(scores), winners=_seat_list(raw, "winners", players),
        actions=_whole(raw, "actions", 0, MAX_RECORD_ACTIONS),
        seconds=None if seconds is None else float(seconds), hints=_whole(raw, "hints", 0, MAX_HINTS),
        figures=dict(zip(figures, _numbers(figures.values(), "figures"))))


def _where(game: str | None, finished_only: bool) -> str:
    """The rows of ``game`` (all games if None), finished only or not, as an SQL ``WHERE`` clause."""
    conditions = ["game = :game"] if game is not None else []
    if finished_only:
        conditions.append("finished = 1")
    return f" WHERE {' AND '.join(conditions)}" if conditions else ""


def page_query(game: str | None, finished_only: bool) -> str:
    """The SQL of a page of entries, newest first: read in the order of an index (``games_by_game`` or
    ``games_by_date``), so a page costs its own rows, however long the history."""
    return f"{SELECT_ENTRIES}{_where(game, finished_only)} ORDER BY played_at DESC, id DESC LIMIT :limit OFFSET :offset"


def read_entries(connection: sqlite3.Connection, game: str | None, finished_only: bool, limit: int | None = None,
                 offset: int = 0) -> tuple[list[HistoryEntry], list[str]]:
    """The newest ``limit`` entries past the first ``offset`` (of ``game`` if given), newest first, and a
    notice for each row that could not be used (it is skipped). Without a ``limit``, the newest
    ``MAX_ROWS_READ``, with a notice when there were more."""
    cursor = connection.execute(page_query(game, finished_only),
                                {"game": game, "limit": MAX_ROWS_READ + 1 if limit is None else limit,
                                 "offset": offset})
    entries: list[HistoryEntry] = []
    notices: list[str] = []
    for index, values in enumerate(cursor):
        if index == MAX_ROWS_READ:
            notices.append(f"Only the newest {MAX_ROWS_READ:,} games of the history were read.")
            break
        raw = raw_row(values)
        try:
            entries.append(entry_from_row(raw))
        except HistoryRowError as error:
            notices.append(f"Row {quote(raw['id'][1])} of the game history was skipped: {error}.")
    return entries, notices


def finished_games(game: str | None = None) -> tuple[list[HistoryEntry], list[str]]:
    """The finished games of the history (of ``game`` if given), newest first, and notices (rows skipped, a
    damaged file set aside). ``HistoryUnavailable`` when the history cannot be read at all."""
    (entries, skipped), notices = use_history(lambda connection: read_entries(connection, game, True),
                                              writes=False)
    return entries, notices + skipped


@dataclass(frozen=True)
class HistoryPage:
    """A page of the finished games, newest first: the ``limit`` rows from the ``offset``-th of ``total``
    (``entries`` lacks those that were skipped)."""

    entries: list[HistoryEntry]
    offset: int
    limit: int
    total: int

    @property
    def next_offset(self) -> int | None:
        """Where the next page starts, or None when this is the last."""
        end = self.offset + self.limit
        return end if end < self.total else None


def history_page(game: str | None, limit: int, offset: int) -> tuple[HistoryPage, list[str]]:
    """``limit`` finished games (of ``game`` if given) from the ``offset``-th newest, read in SQL a page at a
    time (a history of any length costs one page), and notices. ``HistoryUnavailable`` when the history
    cannot be read at all."""

    def read(connection: sqlite3.Connection) -> tuple[HistoryPage, list[str]]:
        total = connection.execute(f"SELECT count(*) FROM games{_where(game, True)}", {"game": game}).fetchone()[0]
        entries, skipped = read_entries(connection, game, True, limit, offset)
        return HistoryPage(entries, offset, limit, total), skipped

    (page, skipped), notices = use_history(read, writes=False)
    return page, notices + skipped
