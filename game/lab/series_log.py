"""A simulation's games, one JSON line each, so a long series can stop and carry on later.

A thousand games of a game with a searching AI can take hours. ``simulate --log FILE`` appends each
finished game to FILE; run the same command again and the games already in FILE are counted, not
played again. A series is fixed by its game, variant parameters, seats, seed and search budget; its
games are numbered, so the same log can also grow to a longer series. The first line names the series,
and a log of another series is refused rather than mixed in.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from game.core.match import GameOutcome, MatchResult


class SeriesLogError(ValueError):
    """A log that is not of this series, or is damaged; the message names the file and line."""


def series_header(game: str, variant: str, params: Mapping[str, Any], seats: list[str], seed: int,
                  budget: int | None) -> dict[str, Any]:
    """What fixes a series: two runs with the same header play the same games."""
    return {"series": {"game": game, "variant": variant, "params": json.loads(json.dumps(params, sort_keys=True)),
                       "seats": list(seats), "seed": seed, "budget": budget}}


class SeriesLog:
    """The games of one series already played, read from ``path``, and the place to add more."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.played: dict[int, GameOutcome] = {}
        if path.exists() and path.stat().st_size:
            self._read(header)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(header) + "\n", encoding="utf-8")

    def _read(self, header: dict[str, Any]) -> None:
        text = self.path.read_text(encoding="utf-8")
        if not text.endswith("\n"):
            # A run stopped while writing its last game: that game is played again.
            text = text[: text.rfind("\n") + 1]
            self.path.write_text(text, encoding="utf-8")
        lines = text.splitlines()
        first = _parse(lines[0], self.path, 1) if lines else {}
        if first != header:
            raise SeriesLogError(f"{self.path}:1: this log holds another series ({_describe(first)}); "
                                 f"give --log a new file for {_describe(header)}")
        for number, line in enumerate(lines[1:], start=2):
            row = _parse(line, self.path, number)
            try:
                self.played[int(row["game"])] = GameOutcome(
                    [float(v) for v in row["scores"]], [float(v) for v in row["returns"]], int(row["actions"]),
                    {str(k): float(v) for k, v in row["figures"].items()})
            except (KeyError, TypeError, ValueError, AttributeError) as error:
                raise SeriesLogError(f"{self.path}:{number}: not a finished game ({error})") from error

    def add(self, index: int, result: MatchResult) -> None:
        """Append one finished game (flushed at once, so a stopped run keeps it)."""
        row = {"game": index, "seed": result.record.seed, "scores": list(result.scores),
               "returns": list(result.returns), "actions": result.actions, "figures": dict(result.figures)}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row) + "\n")


def _parse(line: str, path: Path, number: int) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except json.JSONDecodeError as error:
        raise SeriesLogError(f"{path}:{number}: not a line of a series log ({error.msg})") from error
    if not isinstance(value, dict):
        raise SeriesLogError(f"{path}:{number}: not a line of a series log")
    return value


def _describe(header: dict[str, Any]) -> str:
    series = header.get("series")
    if not isinstance(series, dict):
        return "no series header"
    budget = series.get("budget")
    return (f"{series.get('game')}, variant {series.get('variant')}, seats {','.join(map(str, series.get('seats', [])))}"
            f", seed {series.get('seed')}" + (f", budget {budget}" if budget is not None else ""))
