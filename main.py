"""Hallowtable: start the app, or run a command (``python main.py --help``)."""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
