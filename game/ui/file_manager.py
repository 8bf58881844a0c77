"""Showing a folder in the platform's file manager (Explorer, Finder, or whatever ``xdg-open`` starts)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path


def open_in_file_manager(path: Path) -> bool:
    """Show ``path`` in the platform's file manager; False (never an exception) when that is not possible."""
    try:
        if sys.platform.startswith("win"):
            os.startfile(str(path))  # type: ignore[attr-defined]  # noqa: S606
            return True
        opener = "open" if sys.platform == "darwin" else "xdg-open"
        if shutil.which(opener) is None:
            return False
        subprocess.Popen([opener, str(path)], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,  # noqa: S603
                         stderr=subprocess.DEVNULL, start_new_session=True)
        return True
    except (OSError, ValueError):
        return False
