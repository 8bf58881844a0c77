"""Safe file handling: atomic writes, corrupt files kept aside instead of overwritten, and the leftovers of
writes that were killed midway cleaned up."""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Iterable

TEMPORARY_SUFFIX = ".tmp"
STALE_TEMPORARY_SECONDS = 3600.0
"""Age past which a temporary file of ``write_atomic`` is a leftover of a killed write. A write takes well
under a second; a younger file may be another running copy of the app writing right now."""
_TEMPORARY_NAME = re.compile(r"^\..+\.[a-z0-9_]{8}" + re.escape(TEMPORARY_SUFFIX) + "$")
"""``.NAME.xxxxxxxx.tmp``: the name ``tempfile.mkstemp`` gives ``write_atomic``'s temporary files."""


def write_atomic(path: Path, content: str | bytes) -> None:
    """Write ``content`` (text as UTF-8) to ``path`` through a temporary file and a rename, so a crash never
    leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX, dir=path.parent)
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def move_aside(path: Path) -> Path:
    """Rename a bad file to ``NAME.corrupt-YYYYmmdd-HHMMSS`` (never overwriting) and return the new path."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
    os.replace(path, target)
    return target


def keep_aside(path: Path) -> str:
    """Move a file that cannot be read aside with ``move_aside`` and say where it went; when it cannot be
    moved (a read-only folder), say that it was left in place: it is never deleted nor written over."""
    try:
        return f"It was kept as {move_aside(path)}."
    except OSError as error:
        return f"It could not be moved aside ({error}), so it was left in place, untouched."


def remove_stale_temporaries(folders: Iterable[Path], now: float | None = None) -> list[Path]:
    """Delete the temporary files ``write_atomic`` left in ``folders`` when it was killed midway, once older
    than ``STALE_TEMPORARY_SECONDS``; the files removed. A folder that is missing or cannot be read, and a
    file that cannot be removed, are passed over: a leftover harms nothing but the view of the folder."""
    now = time.time() if now is None else now
    removed: list[Path] = []
    for folder in folders:
        try:
            entries = [entry for entry in folder.iterdir() if _TEMPORARY_NAME.match(entry.name)]
        except OSError:
            continue
        for entry in entries:
            try:
                info = entry.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TEMPORARY_SECONDS:
                    entry.unlink()
                    removed.append(entry)
            except OSError:
                continue
    return removed
