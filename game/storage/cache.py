"""What the app keeps in the user's cache folder so that the next start-up reads it instead of working it out
again (``game.ui.kept``: the menu pictures rendered from SVG, the screens' cloth, each game's music loop). Only
ever a copy: a file missing, damaged or unreadable is worked out again, never a failure."""

from __future__ import annotations

import re
from contextlib import suppress
from pathlib import Path

from game.core.bounded import MIB, InputError, read_bytes
from game.storage.files import write_atomic
from game.storage.paths import user_cache_dir

MAX_KEPT_BYTES = 32 * MIB
"""The largest file read back: a menu picture at 4K is a few MiB."""
KEY = re.compile(r"^[a-z0-9-]{1,100}$")
"""A key: the kit's name for what it keeps (its kind and a digest), safe as a file name."""


class UserCache:
    """One file a key in the user's cache folder (looked up at each use, so a redirection counts at once)."""

    def _path(self, key: str) -> Path:
        if not KEY.match(key):
            raise ValueError(f"a key is lower-case letters, digits and '-', not {key!r}")
        return user_cache_dir() / key

    def load(self, key: str) -> bytes | None:
        """The bytes kept under ``key`` (through the bounded reader), or None when there are none to read."""
        try:
            return read_bytes(self._path(key), MAX_KEPT_BYTES)
        except InputError:
            return None

    def save(self, key: str, data: bytes) -> None:
        """Keep ``data`` under ``key`` when the folder can be written (else it is worked out again next time),
        atomically: another copy of the app reading it meanwhile sees the whole file or none."""
        with suppress(OSError):
            write_atomic(self._path(key), data)
