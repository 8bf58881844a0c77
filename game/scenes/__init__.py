"""The app's scenes that are not a game table: menu, setup, settings, rules, pause, results, hand-off.

Every scene draws with pygame, so pygame is first imported here, after the shell's settings for it
(``game.ui``: no banner) and without ``pkg_resources``, which pygame 2 imports (a tenth of a second of start-up)
only to look up its own default font, a file it then finds beside itself as it does where ``pkg_resources`` is
not installed (pygame-ce does not import it at all). Anything else that wants ``pkg_resources`` imports it as
usual."""

import sys

import game.ui  # noqa: F401  # before pygame's first import: the shell's settings for it

if "pkg_resources" not in sys.modules:
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]  # importing it fails, as if not installed
    try:
        import pygame  # noqa: F401
    finally:
        sys.modules.pop("pkg_resources", None)
