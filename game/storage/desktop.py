"""The desktop entry: Hallowtable in the application menu of a freedesktop desktop (GNOME, KDE, Xfce...).

``install_desktop`` writes, into the user's data folder (``$XDG_DATA_HOME``, else ``~/.local/share``), the
launcher (``applications/<id>.desktop``), the icon in each size the menus ask for
(``icons/hicolor/<size>x<size>/apps/<id>.png`` and the scalable SVG) and the AppStream metainfo that software
centres read (``metainfo/<id>.metainfo.xml``), all from ``art/desktop/`` and ``art/icons/``.
``uninstall_desktop`` removes exactly those files. Nothing is written outside the user's own folders, so no
administrator is needed. macOS and Windows have no such menu entries (``DesktopUnsupported``).
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Sequence

import platformdirs

from game.core.bounded import read_text
from game.core.paths import ART_DIR
from game.storage.files import write_atomic

APP_ID = "io.github.hallowtable.Hallowtable"
"""The reverse-DNS name freedesktop asks for: the launcher's, the icon's and the metainfo's file name."""
ICON_SIZES = (48, 64, 128, 256)
"""The sizes of ``art/icons/hallowtable-<size>.png``: what menus, docks and software centres draw."""
DESKTOP_ART = ART_DIR / "desktop"
ICON_ART = ART_DIR / "icons"
ICON_STEM = "hallowtable"
MAX_TEMPLATE_BYTES = 16 * 1024
"""The launcher and metainfo templates are under 2 KB."""
ID_MARK, EXEC_MARK = "@ID@", "@EXEC@"
"""What the templates hold in place of the id and of the command that starts the app."""
UNSUPPORTED_PLATFORMS = {"darwin": "macOS", "win32": "Windows", "cygwin": "Windows"}

_RESERVED = re.compile(r"[\s\"'\\><~|&;$*?#()`]")
"""Characters that make an argument of ``Exec`` need quotes (the Desktop Entry Specification's list)."""
_ESCAPED_IN_QUOTES = re.compile(r"([\"`$\\])")


class DesktopUnsupported(Exception):
    """The system has no freedesktop application menu (macOS, Windows): the message says what was not done."""


def data_home() -> Path:
    """``$XDG_DATA_HOME``, else ``~/.local/share``: where a user's launchers, icons and metainfo go."""
    return Path(platformdirs.user_data_dir())


def entry_files(home: Path) -> dict[Path, Path]:
    """Each file the entry installs under ``home``, from the shipped file it is made of, in the order they are
    written: the launcher last, so a menu never shows a launcher without its icon."""
    files = {home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": ICON_ART / f"{ICON_STEM}.svg"}
    for size in ICON_SIZES:
        files[home / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"] = (
            ICON_ART / f"{ICON_STEM}-{size}.png")
    files[home / "metainfo" / f"{APP_ID}.metainfo.xml"] = DESKTOP_ART / f"{ICON_STEM}.metainfo.xml"
    files[home / "applications" / f"{APP_ID}.desktop"] = DESKTOP_ART / f"{ICON_STEM}.desktop"
    return files


def exec_line(command: Sequence[str]) -> str:
    """``command`` as the value of a launcher's ``Exec`` key: each argument quoted where the specification
    asks, ``%`` doubled (it introduces field codes), and backslashes escaped once more for the string value."""
    arguments = []
    for argument in command:
        argument = argument.replace("%", "%%")
        if _RESERVED.search(argument):
            argument = '"' + _ESCAPED_IN_QUOTES.sub(r"\\\1", argument) + '"'
        arguments.append(argument.replace("\\", "\\\\"))
    return " ".join(arguments)


def _check_platform() -> None:
    """Stop with ``DesktopUnsupported`` on a system whose desktop reads no freedesktop files, before anything is
    written or removed: files there would only be litter."""
    system = UNSUPPORTED_PLATFORMS.get(sys.platform)
    if system:
        raise DesktopUnsupported(f"{system} has no freedesktop application menu, so no launcher, icon or "
                                 "metainfo was written or removed; start Hallowtable with the hallowtable command "
                                 "or from the bundle's folder.")


def install_desktop(command: Sequence[str]) -> list[Path]:
    """Write the icons, the metainfo and then the launcher (starting ``command``); the files written.
    ``OSError`` when one cannot be written, after removing those this call wrote (a half entry is worse than
    none); ``DesktopUnsupported`` on macOS and Windows."""
    _check_platform()
    written: list[Path] = []
    try:
        for target, source in entry_files(data_home()).items():
            if source.suffix in (".png", ".svg"):  # the icons, copied as they are
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target)
            else:
                text = read_text(source, MAX_TEMPLATE_BYTES).replace(ID_MARK, APP_ID)
                write_atomic(target, text.replace(EXEC_MARK, exec_line(command)))
            written.append(target)
    except OSError:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    return written


def uninstall_desktop() -> list[Path]:
    """Remove the files ``install_desktop`` writes; the ones that were there. ``DesktopUnsupported`` on macOS
    and Windows."""
    _check_platform()
    removed = []
    for target in entry_files(data_home()):
        if target.is_file():
            target.unlink()
            removed.append(target)
    return removed
