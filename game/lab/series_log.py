"""A simulation's games, one JSON line each, so a long series can stop and carry on later.

A thousand games of a game with a searching AI can take hours. ``simulate --log FILE`` appends each
finished game to FILE; run the same command again and the games already in FILE are counted, not
played again. A series is fixed by its game, variant parameters, seats, seed and search budget; its
games are numbered, so the same log can also grow to a longer series. The first line names the series,
and a log of another series is refused rather than mixed in.

A log is read a line at a time within bounds, each line through the bounded JSON parser and checked value
by value: a damaged log (or a file that is no log at all) is refused with its file and line, and left as
it is. Only a last game cut off mid-line by a stopped run is trimmed, and only once the rest has been read.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, Mapping

from game.core.bounded import KIB, InputError, parse_json, read_lines, shorten
from game.core.match import MAX_ACTIONS, MAX_GAMES, GameOutcome, MatchResult
from game.storage.files import write_atomic

MAX_HEADER_BYTES = 64 * KIB
"""The first line, which names the series with its variant's parameters: they come from a variant file of
at most 64 KB (the longest header written by a shipped variant is under 1 KB)."""
MAX_GAME_LINE_BYTES = 2 * KIB
"""A game's line: the longest written is under 500 bytes (8 players, every figure of the game)."""
MAX_LOG_BYTES = MAX_HEADER_BYTES + MAX_GAMES * MAX_GAME_LINE_BYTES
"""The largest log read: a header and the longest series (``MAX_GAMES``) of the longest lines, about
200 MB (a real log of 100,000 games is under 50 MB). It is read a line at a time, never whole."""
GAME_LINE_START = '{"game": '
"""How every game's line begins: a last line cut short is trimmed only when it begins so."""


class SeriesLogError(InputError):
    """A log that is damaged or is no series log; the message names the file and line."""


class OtherSeriesError(ValueError):
    """A sound log of another series: the command line named the wrong file, which is left as it is."""


def series_header(game: str, variant: str, params: Mapping[str, Any], seats: list[str], seed: int,
                  budget: int | None) -> dict[str, Any]:
    """What fixes a series: two runs with the same header play the same games."""
    return {"series": {"game": game, "variant": variant, "params": json.loads(json.dumps(params, sort_keys=True)),
                       "seats": list(seats), "seed": seed, "budget": budget}}


class SeriesLog:
    """The games of one series already played, read from ``path``, and the place to add more.

    Raises ``SeriesLogError`` for a damaged log, ``OtherSeriesError`` for another series' log, and
    ``OSError`` when a new log cannot be written."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.played: dict[int, GameOutcome] = {}
        self.players = len(header["series"]["seats"])
        try:
            info: os.stat_result | None = path.stat()
        except FileNotFoundError:
            info = None
        if info is None or (stat.S_ISREG(info.st_mode) and info.st_size == 0):
            write_atomic(path, json.dumps(header) + "\n")
        else:
            self._read(header)

    def _read(self, header: dict[str, Any]) -> None:
        """Read the games of this series from the log."""
        kept = 0
        for number, line in read_lines(self.path, MAX_LOG_BYTES, MAX_HEADER_BYTES):
            if not line.endswith("\n"):
                self._trim(number, line, kept)
                break
            size = len(line.encode("utf-8"))
            if number == 1:
                self._check_header(parse_json(line, self.path) if line.strip() else None, header)
            elif size > MAX_GAME_LINE_BYTES:
                raise SeriesLogError(self.path, f"is longer than the {MAX_GAME_LINE_BYTES:,} bytes a game's line "
                                                "may hold", number)
            else:
                self._add_line(number, line)
            kept += size

    def _check_header(self, first: Any, header: dict[str, Any]) -> None:
        series = first.get("series") if isinstance(first, dict) else None
        if not isinstance(series, dict) or not series.keys() >= header["series"].keys():
            raise SeriesLogError(self.path, "is not a series log: its first line names no series", 1)
        if first != header:
            raise OtherSeriesError(f"{self.path}:1: this log holds another series ({_describe(series)}); "
                                   f"give --log a new file for {_describe(header['series'])}")

    def _add_line(self, number: int, line: str) -> None:
        try:
            row = parse_json(line)
            problem = _game_problem(row, self.players)
        except InputError as error:
            problem = error.message
        if problem is not None:
            raise SeriesLogError(self.path, f"not a finished game of this series ({problem})", number)
        self.played[row["game"]] = GameOutcome([float(v) for v in row["scores"]], [float(v) for v in row["returns"]],
                                               row["actions"], {k: float(v) for k, v in row["figures"].items()})

    def _trim(self, number: int, line: str, kept: int) -> None:
        """Cut off a last game a stopped run left half-written (it is played again), in place: truncating is
        one system call, so the log never holds less than its whole lines, and a long log is not rewritten."""
        if number == 1 or not (line.startswith(GAME_LINE_START) or GAME_LINE_START.startswith(line)):
            raise SeriesLogError(self.path, "ends in a line cut short that is not a game's (not a series log?)",
                                 number)
        os.truncate(self.path, kept)

    def add(self, index: int, result: MatchResult) -> None:
        """Append one finished game (flushed at once, so a stopped run keeps it)."""
        row = {"game": index, "seed": result.record.seed, "scores": list(result.scores),
               "returns": list(result.returns), "actions": result.actions, "figures": dict(result.figures)}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _game_problem(row: Any, players: int) -> str | None:
    """What makes ``row`` no finished game of a series of ``players`` seats, or None."""
    if not isinstance(row, dict):
        return "not an object"
    index = row.get("game")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < MAX_GAMES:
        return f"'game' must be a game's number from 0 to {MAX_GAMES - 1:,}"
    for key in ("scores", "returns"):
        values = row.get(key)
        if not isinstance(values, list) or len(values) != players or not all(map(_is_number, values)):
            return f"{key!r} must be {players} numbers, one a seat"
    actions = row.get("actions")
    if not isinstance(actions, int) or isinstance(actions, bool) or not 0 <= actions <= MAX_ACTIONS:
        return f"'actions' must be a count from 0 to {MAX_ACTIONS:,}"
    figures = row.get("figures")
    if not isinstance(figures, dict) or not all(map(_is_number, figures.values())):
        return "'figures' must map names to numbers"
    return None


def _short(value: Any) -> str:
    return shorten(str(value))


def _describe(series: dict[str, Any]) -> str:
    seats = series.get("seats")
    budget = series.get("budget")
    return (f"{_short(series.get('game'))}, variant {_short(series.get('variant'))}, seats "
            f"{_short(','.join(map(str, seats)) if isinstance(seats, list) else seats)}, seed "
            f"{_short(series.get('seed'))}" + (f", budget {_short(budget)}" if budget is not None else ""))
