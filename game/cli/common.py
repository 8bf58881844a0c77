"""What every command shares: the one-line mistake (``UsageError``, exit 2), the table's seats read from
``--players`` and ``--seats``, the processes a run plays in, its progress bar, and the check of a file to write.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Sequence

from game.core.agent import MEASURING_LEVELS, ORACLE, ORACLE_SEARCH
from game.core.match import pool_size, usable_cores
from game.core.registry import GameSpec, all_entries

DEFAULT_TABLE = 4
"""Players at a table when none are asked for (clamped to the game's range)."""


class UsageError(ValueError):
    """A command-line mistake: reported in one line with exit status 2."""


def game_names() -> str:
    """The installed games' names, as a mistake (and the help) lists them: from their entries, so that
    building the parser imports no game's rules."""
    return ", ".join(entry.name for entry in all_entries())


def player_count(spec: GameSpec, players: int | None, seats: list[str] | None) -> int:
    """The players at the table: ``players``, else one a seat listed, else ``DEFAULT_TABLE`` within the game's
    range; a count the game is not for is a mistake."""
    count = players if players is not None else (len(seats) if seats else
                                                 min(max(DEFAULT_TABLE, spec.min_players), spec.max_players))
    if not spec.players_ok(count):
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {count}")
    return count


def seat_list(text: str | None, allowed: Sequence[str]) -> list[str] | None:
    """The seat kinds of ``--seats`` (None when not given), each one of ``allowed``."""
    if text is None:
        return None
    seats = [s.strip() for s in text.split(",")]
    for seat in seats:
        if seat not in allowed:
            raise UsageError(f"unknown seat kind {seat!r} in --seats; use {', '.join(allowed)}")
    return seats


def check_seats(seats: list[str], players: int) -> None:
    """``UsageError`` unless ``--seats`` lists one seat a player."""
    if len(seats) != players:
        raise UsageError(f"--seats lists {len(seats)} seats but there are {players} players")


def ai_seats(spec: GameSpec, args: argparse.Namespace, players: int | None = None) -> list[str]:
    """The AI level of every seat for a headless run (normal for all unless --seats says otherwise), at a
    table of ``--players`` (or of ``players``, a position's)."""
    seats = seat_list(args.seats, [level for level in MEASURING_LEVELS
                                   if level in spec.agents or (level == ORACLE and ORACLE_SEARCH in spec.agents)])
    players = player_count(spec, args.players if players is None else players, seats)
    seats = seats or ["normal"] * players
    check_seats(seats, players)
    return seats


def processes(jobs: int, games: int) -> int:
    """The processes ``jobs`` gives ``games`` games to play, with a note when that is fewer than asked."""
    workers = pool_size(jobs, games)
    if workers < jobs:
        print(f"note: --jobs {jobs}: playing in {workers} process{'es' if workers > 1 else ''} "
              f"({games:,} game{'s' if games != 1 else ''} to play on {usable_cores()} cores)", file=sys.stderr)
    return workers


def progress_bar(total: int, unit: str = "games") -> Callable[[int, int], None]:
    """A progress callback drawing on stderr once a run has taken more than a moment (``unit``: what is
    counted)."""
    started = time.perf_counter()
    interactive = sys.stderr.isatty()

    def show(done: int, of: int) -> None:
        elapsed = time.perf_counter() - started
        if not interactive or of <= 0 or (elapsed < 2.0 and done < of):
            return
        width = 30
        filled = int(width * done / of)
        left = elapsed / done * (of - done) if done else 0.0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{of} {unit}, ~{left:.0f}s left ")
        if done == of:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def check_out(out: Path, example: str = "shot.png") -> None:
    """``UsageError`` unless a file (a PNG, a position: ``example``) can be written at ``out``: checked before
    anything is drawn or played."""
    try:
        if out.is_dir():
            raise UsageError(f"--out {out} is a folder; give the file to write, such as {out / example}")
        if out.exists() and not out.is_file():
            raise UsageError(f"--out {out} is not a regular file")
        folder = out.parent
        if not folder.is_dir():
            raise UsageError(f"--out {out}: there is no folder {folder}")
    except OSError as error:
        raise UsageError(f"--out {out} cannot be written ({error.strerror or error})") from None
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageError(f"--out {out}: no file can be written in {folder} ({error.strerror or error})") from None
