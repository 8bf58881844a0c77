"""Hallowtable: start the app, or run a command (``python main.py --help``)."""

import os
import sys


def main() -> int:
    """Entry point for ``python main.py`` and the ``hallowtable`` command."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # our output, not pygame's greeting
    from game.cli import run

    return run(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
