"""Bug reports: a game's record, so it replays exactly, plus the log the player saw and where it ran.

A report is a record file with one more key, ``report``, so ``python main.py replay FILE`` (or any record
reader) takes it as it is; and, for a game with a position format, ``position``: the game as it stood when
the report was saved (``python main.py play GAME --position`` opens it once cut out into a YAML file).
"""

from __future__ import annotations

import json
import platform
from datetime import datetime
from importlib import metadata
from pathlib import Path
from typing import Any, Sequence

from game.core.position import MAX_SEED, position_document, supports_positions
from game.core.record import GameRecord
from game.core.registry import get
from game.storage.files import write_atomic
from game.storage.paths import user_data_dir

REPORTS_FOLDER = "reports"
REPORT_LOG_LINES = 200
"""The most log lines a report keeps (the end of the game, where a bug shows)."""


def reports_dir() -> Path:
    """The folder of bug reports."""
    return user_data_dir() / REPORTS_FOLDER


def _app_version() -> str:
    try:
        return metadata.version("hallowtable")
    except metadata.PackageNotFoundError:
        return "not installed"


def _position(record: GameRecord) -> dict[str, Any]:
    """``{"position": ...}``, the game as it stands after the record's actions, for a game with a position
    format; ``{"position_error": why}`` when it cannot be written (a report is often of a broken game, and
    must be saved all the same); nothing for a game without one."""
    try:
        spec = get(record.game)
        if not supports_positions(spec):
            return {}
        seed = record.seed % (MAX_SEED + 1)  # a position's seed is never negative; a record's may be
        return {"position": position_document(spec, record.replay(), record.variant, record.params, seed)}
    except Exception as error:  # noqa: BLE001 - whatever broke, the report of it is still written
        return {"position_error": f"{type(error).__name__}: {error}"}


def save_report(record: GameRecord, log: Sequence[str], now: datetime | None = None) -> Path:
    """Write a report of ``record`` and ``log`` into ``reports_dir()``; its path (never an older report's).
    ``OSError`` if it cannot be written (the pause menu shows it as a notice)."""
    now = now or datetime.now()
    data = json.loads(record.to_json())
    data["report"] = {
        "created": now.isoformat(timespec="seconds"),
        "hallowtable": _app_version(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "log": list(log)[-REPORT_LOG_LINES:],
    }
    data.update(_position(record))
    stem = f"report-{now:%Y%m%d-%H%M%S}"
    path = reports_dir() / f"{stem}.json"
    number = 2
    while path.exists():
        path = reports_dir() / f"{stem}-{number}.json"
        number += 1
    write_atomic(path, json.dumps(data, indent=1))
    return path
