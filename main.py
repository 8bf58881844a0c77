"""Hallowtable: start the app, or run a command (``python main.py --help``)."""

import multiprocessing
import sys

from game.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # in the bundle, a simulation's worker starts as the bundle's program: run it
    sys.exit(main())
