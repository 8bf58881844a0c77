"""The ``sweep`` command: one numeric rule parameter over a range of values, simulated headless with the same
seeds for each value. Mistakes follow ``game.cli``: an unknown or non-numeric key, or a value the schema
refuses, is one line and exit 2.

``game.cli`` imports this module, so its helpers are imported when a function runs, never at import time.
"""

from __future__ import annotations

import argparse
import json
import math
from typing import Any

from game.core.registry import get
from game.lab.sweep import (LENGTH, MAX_VALUES, Band, Sweep, SweepError, SweepPoint, find_param, parse_values,
                            to_json_dict, value_text)
from game.lab.sweep import sweep as run_sweep

VALUES_HELP = (f"the values: A,B,C or A..B:STEP (e.g. 6..16:2), at most {MAX_VALUES}; the variant's own value "
               "is played too, as the base the others are compared with")


def add_sweep_command(commands: Any) -> None:
    """The ``sweep`` parser under ``commands`` (an argparse subparsers object)."""
    from game.cli import MAX_GAMES, MAX_JOBS, SEED, STANDARD, _whole_number

    parser = commands.add_parser("sweep", help="simulate one numeric rule parameter over a range of values")
    parser.add_argument("game", help="the game, e.g. trick-or-treat")
    parser.add_argument("--players", type=_whole_number(1), required=True)
    parser.add_argument("--param", required=True, metavar="KEY",
                        help="a numeric parameter, by its key path (e.g. supply_per_player, candy[0].value)")
    parser.add_argument("--values", required=True, help=VALUES_HELP)
    parser.add_argument("--variant", default=STANDARD, help="the base variant (default standard)")
    parser.add_argument("--games", type=_whole_number(1, MAX_GAMES), default=200,
                        help="games per value (default 200)")
    parser.add_argument("--seats", help="comma-separated AI levels, one per seat (default normal for all); "
                          "oracle: hard shown the true state, a ceiling for measuring")
    parser.add_argument("--seed", type=SEED, default=1, help="series seed, the same for every value (default 1)")
    parser.add_argument("--jobs", type=_whole_number(1, MAX_JOBS), default=1,
                        help="processes to play in (default 1)")
    parser.add_argument("--json", action="store_true", help="print one JSON object, an entry per value")


def sweep(args: argparse.Namespace) -> int:
    """Run ``sweep`` and print a table (or JSON)."""
    from game.cli import MAX_GAMES, UsageError, _ai_seats, _processes, progress_bar, load_variant

    spec = get(args.game)
    seats = _ai_seats(spec, args)
    variant = load_variant(spec, args.variant)
    try:
        param = find_param(spec, variant.params, args.param)
        values = parse_values(args.values, param, args.param)
        total = (len(values) + 1) * args.games
        if total > MAX_GAMES:
            raise UsageError(f"{len(values)} values of {args.games:,} games is more than {MAX_GAMES:,} games")
        result = run_sweep(spec, len(seats), variant, args.param, values, seats, args.games, args.seed,
                           jobs=_processes(args.jobs, args.games), progress=progress_bar(total))
    except SweepError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(to_json_dict(result)))
        return 0
    print_table(result, spec.title)
    return 0


def print_table(result: Sweep, title: str) -> None:
    """The sweep as text: a line per value, win share by seat and game length with their 95% margins, then
    the game's figures; ``*`` marks a figure beyond chance from the base value's."""
    print(f"{title}, variant {result.variant}, {result.players} players ({', '.join(result.levels)}), "
          f"{result.games} games per value, seed {result.seed}")
    print(f"{result.key}: {result.doc}")
    seats = [f"seat {seat + 1}" for seat in range(result.players)]
    print(f"{'value':>8}  " + "".join(f"{seat:>14}" for seat in seats) + f"{'actions':>16}")
    for point in result.points:
        cells = "".join(f"{_mark(point, seat)}{100 * share.mean:.1f}%+/-{100 * _margin(share):.1f}".rjust(14)
                        for seat, share in zip(seats, point.shares))
        length = f"{_mark(point, LENGTH)}{point.length.mean:.1f}+/-{_margin(point.length):.1f}".rjust(16)
        print(f"{value_text(point.value):>8}{'b' if point.base else ' '} {cells}{length}")
    for name in result.figure_names:
        line = "  ".join(f"{value_text(point.value)}: {_mark(point, name)}{point.figures[name].mean:.3g}"
                         for point in result.points if name in point.figures)
        print(f"{name.replace('_', ' ')}: {line}")
    print("b: the base variant's value; *: differs from the base beyond chance (Welch's test, |z| > 2.576); "
          "+/-: the 95% margin")


def _mark(point: SweepPoint, name: str) -> str:
    return "*" if point.differs(name) else ""


def _margin(band: Band) -> float:
    margin = (band.high - band.low) / 2
    return margin if math.isfinite(margin) else 0.0
