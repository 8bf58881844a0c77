"""``--install-desktop`` and ``--uninstall-desktop``: Hallowtable in the application menu, or out of it again
(``game.storage.desktop`` writes the files)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.storage.desktop import DesktopUnsupported, data_home, install_desktop, uninstall_desktop


def launch_command() -> list[str]:
    """The command that started this process, to start the app from the menu the same way: the bundle's own
    program, ``python main.py`` from a checkout, or the installed ``hallowtable`` command."""
    if getattr(sys, "frozen", False):  # the one-folder bundle: its program is the executable
        return [sys.executable]
    script = Path(sys.argv[0]).resolve()
    return [sys.executable, str(script)] if script.suffix == ".py" else [str(script)]


def install(args: argparse.Namespace) -> int:
    """Write the launcher, the icons and the metainfo into the user's data folder and say where."""
    try:
        written = install_desktop(launch_command())
    except DesktopUnsupported as unsupported:
        print(unsupported, file=sys.stderr)
        return 1
    except OSError as error:
        reason = f"{error.strerror} ({error.filename})" if error.strerror and error.filename else str(error)
        print(f"error: could not install the desktop entry under {data_home()}: {reason}", file=sys.stderr)
        return 1
    print(f"Hallowtable is in your application menu (it may take a moment to appear); "
          f"{len(written)} files written under {data_home()}:")
    for path in written:
        print(f"  {path}")
    return 0


def uninstall(args: argparse.Namespace) -> int:
    """Remove what ``install`` wrote and say what was removed."""
    try:
        removed = uninstall_desktop()
    except DesktopUnsupported as unsupported:
        print(unsupported, file=sys.stderr)
        return 1
    if not removed:
        print(f"No desktop entry of Hallowtable was installed under {data_home()}; nothing removed.")
        return 0
    print(f"Hallowtable is out of your application menu; {len(removed)} files removed:")
    for path in removed:
        print(f"  {path}")
    return 0
