"""Statistics from the game history: per game, and per player count and opponent level, how the one human at
the table fares.

Only finished games with exactly one human count toward win rates (a hot-seat game has no one player whose
wins they are); a shared win counts its share. The totals imported once from the old ``statistics.json``
(``history_db``) add to the games, wins and hints; they have no scores, dates nor lengths, so averages and
streaks come from the recorded games alone.

The rows are summed by SQLite, not read one by one: each row was checked when it was written, and what the
statistics need of it derived, by the triggers of ``history_checks``; every query reads an index holding all
it reads (never the long records, nor any JSON text), so 60,000 games cost about what a page of them does.
Only the tallies' streaks run through the games in Python, in order, a few numbers a game.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from game.core.bounded import quote
from game.storage.history import SELECT_ENTRIES, HistoryEntry, HistoryRowError, entry_from_row, raw_row
from game.storage.history_db import use_history
from game.storage.saves import MAX_GAME_NAME_CHARS


@dataclass
class Tally:
    """Games of one human at one kind of table, summed in the order they were played."""

    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    best_score: float | None = None
    actions_total: int = 0
    current_streak: int = 0
    longest_streak: int = 0

    def add(self, share: float, score: float, actions: int) -> None:
        """Count one more game, with the human's ``share`` of the win (a shared win carries the streak on)."""
        self.games += 1
        self.wins += share
        self.score_total += score
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.actions_total += actions
        self.current_streak = self.current_streak + 1 if share > 0 else 0
        self.longest_streak = max(self.longest_streak, self.current_streak)

    def to_json_dict(self) -> dict[str, Any]:
        """The tally with its averages (None where there are no games)."""
        games = self.games or math.nan
        return {"games": self.games, "wins": self.wins, "win_rate": _or_none(self.wins / games),
                "average_score": _or_none(self.score_total / games), "best_score": self.best_score,
                "current_streak": self.current_streak, "longest_streak": self.longest_streak,
                "average_actions": _or_none(self.actions_total / games)}


def _or_none(value: float) -> float | None:
    return None if math.isnan(value) else value


@dataclass
class GameStatistics:
    """One game's statistics: its recorded games, the imported totals, and the game's own figures."""

    game: str
    overall: Tally = field(default_factory=Tally)
    tables: dict[str, Tally] = field(default_factory=dict)
    """Per kind of table: ``"3 players vs normal"`` (or ``vs mixed`` for several AI levels)."""
    imported_games: int = 0
    imported_wins: float = 0.0
    hints: int = 0
    abandoned: int = 0
    figure_games: int = 0
    figure_totals: dict[str, float] = field(default_factory=dict)

    @property
    def games(self) -> int:
        """Games of one human, recorded and imported."""
        return self.overall.games + self.imported_games

    @property
    def wins(self) -> float:
        """The human's wins (shares of shared wins), recorded and imported."""
        return self.overall.wins + self.imported_wins

    def figures(self) -> dict[str, float]:
        """The game's own figures averaged over its finished games."""
        return {name: total / self.figure_games for name, total in sorted(self.figure_totals.items())}

    def to_json_dict(self) -> dict[str, Any]:
        """The statistics as JSON values (the ``stats --json`` entry)."""
        games = self.games or math.nan
        return {"game": self.game, "games": self.games, "wins": self.wins, "win_rate": _or_none(self.wins / games),
                "imported": {"games": self.imported_games, "wins": self.imported_wins},
                "recorded": self.overall.to_json_dict(),
                "tables": {label: tally.to_json_dict() for label, tally in sorted(self.tables.items())},
                "hints": self.hints, "abandoned": self.abandoned, "figure_games": self.figure_games,
                "figures": self.figures()}


def table_label(entry: HistoryEntry) -> str:
    """The kind of table ``entry`` was played at: ``3 players vs normal``."""
    return f"{entry.players} players vs {entry.opponents()}"


def _imported(connection: sqlite3.Connection, game: str | None) -> tuple[list[tuple[str, int, float, int]],
                                                                        list[str]]:
    """The imported totals, each checked (a hostile row is skipped with a notice)."""
    query = ("SELECT CASE typeof(game) WHEN 'text' THEN substr(game, 1, :limit) END, played, won, hints "
             "FROM imported_totals")
    rows: list[tuple[str, int, float, int]] = []
    notices: list[str] = []
    for name, played, won, hints in connection.execute(query, {"limit": MAX_GAME_NAME_CHARS + 1}):
        try:
            if not isinstance(name, str) or not 0 < len(name) <= MAX_GAME_NAME_CHARS or not name.isprintable():
                raise HistoryRowError(f"{quote(name)} is not a game's name")
            if any(type(count) is not int or count < 0 for count in (played, hints)):
                raise HistoryRowError(f"{quote(played)} played and {quote(hints)} hints are not counts")
            if type(won) not in (int, float) or not 0 <= won <= played:
                raise HistoryRowError(f"{quote(won)} won of {played} played")
        except HistoryRowError as error:
            notices.append(f"Imported statistics skipped: {error}.")
            continue
        if game is None or name == game:
            rows.append((name, played, float(won), hints))
    return rows, notices


TOTALS = ("SELECT game, total(hints), total(finished = 0), total(finished) FROM games INDEXED BY games_counted "
          "WHERE counted = 1 AND {where} GROUP BY game")
FIGURES = "SELECT game, name, total(value) FROM game_figures WHERE {where} GROUP BY game, name"
"""The figures of the counted finished games, summed (``game_figures`` holds nothing else: ``history_checks``)."""
PLAYED = ("SELECT game, table_kind, human_share, human_score, actions FROM games INDEXED BY games_counted "
          "WHERE counted = 1 AND human IS NOT NULL AND {where} ORDER BY game, played_at, id")
"""The games of one human, oldest first per game (the streaks run forward in time): what ``Tally`` adds up."""
SKIPPED = "SELECT id FROM games INDEXED BY games_skipped WHERE counted IS NOT 1 AND {where} ORDER BY id"
MAX_SKIPPED_SAID = 20
"""The most skipped rows named one by one; the rest are counted in one notice."""


def _skipped(connection: sqlite3.Connection, where: str, game: str | None) -> list[str]:
    """A notice for each row that does not count, saying why (the Python checks tell), up to
    ``MAX_SKIPPED_SAID``, then how many more."""
    ids = [row[0] for row in connection.execute(SKIPPED.format(where=where), {"game": game})]
    notices: list[str] = []
    for row_id in ids[:MAX_SKIPPED_SAID]:
        values = connection.execute(f"{SELECT_ENTRIES} WHERE id = ?", (row_id,)).fetchone()
        if values is None:  # deleted meanwhile by another copy of the app: nothing to say
            continue
        try:
            entry_from_row(raw_row(values))
            why = "a value is not as this app writes it"
        except HistoryRowError as error:
            why = str(error)
        notices.append(f"Row {row_id} of the game history was skipped: {why}.")
    if len(ids) > MAX_SKIPPED_SAID:
        notices.append(f"{len(ids) - MAX_SKIPPED_SAID:,} more rows of the game history were skipped.")
    return notices


def _game(stats: dict[str, GameStatistics], name: Any, refused: set[str]) -> GameStatistics | None:
    """``name``'s statistics, made on first use; None for a name no game has (not UTF-8 text, for
    ``utf8_or_none``, or not printable), which goes into ``refused``."""
    if not isinstance(name, str) or not name.isprintable():
        refused.add("a game's name that is not UTF-8 text" if name is None else quote(name))
        return None
    return stats.setdefault(name, GameStatistics(name))


def _gather(connection: sqlite3.Connection, game: str | None) -> tuple[dict[str, GameStatistics], list[str]]:
    """The statistics of the counted rows, summed in SQL but for the tallies' streaks, which run through the
    games in order; notices for the rows that do not count."""
    where = "game = :game" if game is not None else "1"
    stats: dict[str, GameStatistics] = {}
    refused: set[str] = set()
    for name, hints, abandoned, finished in connection.execute(TOTALS.format(where=where), {"game": game}):
        one = _game(stats, name, refused)
        if one is not None:
            one.hints, one.abandoned, one.figure_games = int(hints), int(abandoned), int(finished)
    for name, figure, total in connection.execute(FIGURES.format(where=where), {"game": game}):
        one = _game(stats, name, refused)
        if one is not None and isinstance(figure, str):
            one.figure_totals[figure] = total
    for name, kind, share, score, actions in connection.execute(PLAYED.format(where=where), {"game": game}):
        one = _game(stats, name, refused)
        if one is None or not isinstance(kind, str):  # a seat's kind that is not UTF-8
            continue
        for tally in (one.overall, one.tables.setdefault(kind, Tally())):
            tally.add(float(share), float(score), int(actions))
    imported, more = _imported(connection, game)
    for name, played, won, hints in imported:
        one = stats.setdefault(name, GameStatistics(name))
        one.imported_games, one.imported_wins = played, won
        one.hints += hints
    names = [f"The rows of the game history of {name} were skipped: it is no game's name."
             for name in sorted(refused)]
    return stats, _skipped(connection, where, game) + names + more


def statistics(game: str | None = None) -> tuple[list[GameStatistics], list[str]]:
    """Each game's statistics (only ``game``'s if given), by name, and notices (rows skipped, a damaged file
    set aside). ``HistoryUnavailable`` when the history cannot be read at all."""
    (stats, skipped), notices = use_history(lambda connection: _gather(connection, game), writes=False)
    return [stats[name] for name in sorted(stats)], notices + skipped
