"""Statistics from the game history: per game, and per player count and opponent level, how the one human at
the table fares.

Only finished games with exactly one human count toward win rates (a hot-seat game has no one player whose
wins they are); a shared win counts its share. The totals imported once from the old ``statistics.json``
(``history_db``) add to the games, wins and hints; they have no scores, dates nor lengths, so averages and
streaks come from the recorded games alone.
"""

from __future__ import annotations

import math
import sqlite3
from dataclasses import dataclass, field
from typing import Any

from game.core.bounded import quote
from game.storage.history import HistoryEntry, HistoryRowError, read_entries
from game.storage.history_db import use_history
from game.storage.saves import MAX_GAME_NAME_CHARS


@dataclass
class Tally:
    """Games of one human at one kind of table, in the order they were played."""

    games: int = 0
    wins: float = 0.0
    score_total: float = 0.0
    best_score: float | None = None
    actions_total: int = 0
    current_streak: int = 0
    longest_streak: int = 0

    def add(self, entry: HistoryEntry, seat: int) -> None:
        """Count ``entry`` for the human at ``seat``: a win or shared win carries the streak on."""
        score = entry.scores[seat]
        self.games += 1
        self.wins += entry.share(seat)
        self.score_total += score
        self.best_score = score if self.best_score is None else max(self.best_score, score)
        self.actions_total += entry.actions
        self.current_streak = self.current_streak + 1 if seat in entry.winners else 0
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

    def add(self, entry: HistoryEntry) -> None:
        """Count one entry (entries come oldest first, for the streaks)."""
        self.hints += entry.hints
        if not entry.finished:
            self.abandoned += 1
            return
        self.figure_games += 1
        for name, value in entry.figures.items():
            self.figure_totals[name] = self.figure_totals.get(name, 0.0) + value
        seat = entry.human
        if seat is None:
            return
        self.overall.add(entry, seat)
        self.tables.setdefault(table_label(entry), Tally()).add(entry, seat)

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


def _gather(connection: sqlite3.Connection, game: str | None) -> tuple[dict[str, GameStatistics], list[str]]:
    entries, notices = read_entries(connection, game, finished_only=False)
    imported, skipped = _imported(connection, game)
    stats: dict[str, GameStatistics] = {}
    for entry in reversed(entries):  # oldest first: streaks run forward in time
        stats.setdefault(entry.game, GameStatistics(entry.game)).add(entry)
    for name, played, won, hints in imported:
        one = stats.setdefault(name, GameStatistics(name))
        one.imported_games, one.imported_wins = played, won
        one.hints += hints
    return stats, notices + skipped


def statistics(game: str | None = None) -> tuple[list[GameStatistics], list[str]]:
    """Each game's statistics (only ``game``'s if given), by name, and notices (rows skipped, a damaged file
    set aside). ``HistoryUnavailable`` when the history cannot be read at all."""
    (stats, skipped), notices = use_history(lambda connection: _gather(connection, game))
    return [stats[name] for name in sorted(stats)], notices + skipped
