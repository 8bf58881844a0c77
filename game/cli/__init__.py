"""The command line: ``python main.py [COMMAND] ...``. With no command, the app opens on its main menu.

Every mistake in the arguments prints one clear line and exits with status 2: an unknown game or variant
name, a number out of its range (each range is a named limit, checked before anything is played or
allocated), a file to write that cannot be written. A file that cannot be used (a variant, a record, a
simulation's log) prints its problems, naming the file, and exits with status 1. Never a traceback.

The parser is ``parser``'s, loaded only for a command, so that the menu opens without it. Each command runs
in the module of its job: ``app`` (play, replay, screenshot), ``lab`` (simulate, compare, sweep, variants),
``games`` (hint, review, history, stats, position), ``bench`` and ``desktop`` (``--install-desktop``,
``--uninstall-desktop``), all on ``common`` (the mistakes, the seats, the progress bar).
"""

from __future__ import annotations

import os
import sys
from typing import Sequence


def main() -> int:
    """Entry point for ``python main.py`` and the ``hallowtable`` command."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # our output, not pygame's greeting
    return run(sys.argv[1:])


def run(argv: Sequence[str]) -> int:
    """Run the command line; returns the exit status. With no arguments the app opens on its menu."""
    if not argv:
        from game.core.bounded import InputError
        from game.scenes.launch import run_app
        from game.variants.loader import VariantError

        try:
            return run_app()
        except (VariantError, InputError) as error:  # as for a command: a file's problems, naming it
            print(error, file=sys.stderr)
        except OSError as error:
            print(f"error: {error}", file=sys.stderr)
        return 1
    from game.cli.parser import run_command

    return run_command(argv)
