"""The commands of the variant lab, headless: ``simulate`` (a series of AI games, per-seat results), ``compare``
(two variants, the differences beyond chance marked), ``sweep`` (one numeric rule over a range of values, the
same seeds for each) and ``variants`` (list them, or check a file). A key or value a sweep cannot play is a
mistake: one line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.cli.common import UsageError, ai_seats, game_names, processes, progress_bar
from game.cli.games import StartingPosition
from game.core.bounded import shown
from game.core.match import MAX_GAMES
from game.core.match import simulate as play_series
from game.core.registry import UnknownGameError, all_games, get
from game.core.statistics import Z_95, Z_99, share_margin
from game.lab.compare import compare as compare_variants
from game.lab.compare import to_json_dict as comparison_json
from game.lab.series_log import OtherSeriesError, SeriesLog, series_header
from game.lab.sweep import LENGTH, Sweep, SweepError, SweepPoint, find_param, parse_values, value_text
from game.lab.sweep import sweep as sweep_values
from game.lab.sweep import to_json_dict as sweep_json
from game.variants.loader import STANDARD, VariantError, load_file, load_variant, variant_titles


def simulate(args: argparse.Namespace) -> int:
    """``simulate``: a series of AI games (from a position, logged to a file), the win share of each seat with
    its 95% margin, or one JSON object."""
    spec = get(args.game)
    start = None if args.position is None else StartingPosition.read(spec, args, None)
    if start is None and args.players is None:
        raise UsageError("the following arguments are required: --players (or --position FILE)")
    seats = ai_seats(spec, args, None if start is None else start.players)
    players = len(seats)
    if start is None:
        variant = load_variant(spec, args.variant or STANDARD)
        variant_name, params = variant.name, variant.params
    else:
        variant_name, params = start.position.variant, start.position.params
    log = None
    if args.log is not None:
        header = series_header(spec.name, variant_name, params, seats, args.seed, args.budget)
        if args.time_limit is not None:  # another limit is another series
            header["series"]["time_limit"] = args.time_limit
        if start is not None:  # another position is another series
            header["series"]["position"] = start.document
        try:
            log = SeriesLog(args.log, header)
        except OtherSeriesError as error:
            raise UsageError(str(error)) from None
        except OSError as error:
            raise UsageError(f"--log {shown(args.log)} cannot be written ({error.strerror or error})") from None
        if log.played:
            print(f"{shown(args.log)}: {len(log.played)} games of this series already played", file=sys.stderr)
    to_play = args.games - sum(1 for index in log.played if index < args.games) if log else args.games
    series = play_series(spec, params, seats, args.games, args.seed, variant=variant_name,
                      budget=args.budget, time_limit=args.time_limit, jobs=processes(args.jobs, to_play),
                      progress=progress_bar(args.games),
                      played=log.played if log else None, finished=log.add if log else None,
                      position=None if start is None else start.document)
    if args.json:
        print(json.dumps(series.to_json_dict()))
        return 0
    where = "" if args.position is None else f", from the position in {shown(args.position)}"
    print(f"{spec.title}, variant {variant_name}, {players} players, {series.games} games, seed {args.seed}"
          f"{where}")
    print(f"{'seat':<6}{'level':<8}{'wins':>9}{'win %':>8}{'95% margin':>12}{'mean score':>12}")
    for seat, level in enumerate(seats):
        wins = series.wins[seat]
        share = wins / series.games
        margin = 100 * share_margin(share, series.games)
        print(f"{seat:<6}{level:<8}{wins:>9.2f}{100 * share:>7.1f}%{f'+/-{margin:.1f}':>12}"
              f"{series.mean_scores()[seat]:>12.2f}")
    print(f"fair share {100 / players:.1f}% a seat; the margin is {Z_95} standard errors of the win share")
    played_now = series.games - (len(log.played) if log else 0)  # the logged games took no time now
    rate = played_now / series.seconds if series.seconds else float("inf")
    print(f"mean actions per game {series.mean_actions():.1f}; {rate:.1f} games per second")
    return 0


def compare(args: argparse.Namespace) -> int:
    """``compare``: two variants played with the same seeds, each figure side by side, the differences larger
    than chance marked."""
    spec = get(args.game)
    seats = ai_seats(spec, args)
    variants = (load_variant(spec, args.variants[0]), load_variant(spec, args.variants[1]))
    result = compare_variants(spec, len(seats), variants, seats, args.games, args.seed,
                              jobs=processes(args.jobs, args.games), progress=progress_bar(2 * args.games))
    if args.json:
        print(json.dumps(comparison_json(result)))
        return 0
    a, b = result.variants
    print(f"{spec.title}, {len(seats)} players ({', '.join(seats)}), {args.games} games per variant, "
          f"seed {args.seed}")
    width = max(len(row.name) for row in result.rows) + 2
    print(f"{'':<{width}}{a:>14}{b:>14}   difference")
    for row in result.rows:
        verdict = "larger than chance" if row.significant else ""
        print(f"{row.name:<{width}}{row.a:>14.3f}{row.b:>14.3f}   {row.b - row.a:+.3f} {verdict}")
    print(f"'larger than chance': Welch's test, |z| > {Z_99} (1% level).")
    return 0


def variants(args: argparse.Namespace) -> int:
    """``variants``: the built-in and user variants of each game, or the check of one file (exit 1 with its
    problems)."""
    if args.check:
        path = Path(args.check)
        game_name = args.check_game or path.resolve().parent.name
        try:
            spec = get(game_name)
        except UnknownGameError:
            raise UsageError(f"cannot tell the game of {shown(path)} from its folder {game_name!r}; "
                             f"use --game ({game_names()})") from None
        try:
            variant = load_file(spec, path)
        except VariantError as error:
            print(error)
            return 1
        print(f"{shown(path)}: a valid {spec.title} variant ({variant.title})")
        return 0
    specs = [get(args.game)] if args.game else all_games()
    yours = False
    for spec in specs:
        variants, unread = variant_titles(spec)
        print(f"{spec.title} ({spec.name}):")
        for listed in variants:
            where = "built-in" if listed.builtin else f"user, {shown(listed.path)}"
            line = f"  {listed.name:<24} {listed.title}"
            print(f"{line} [{where}]" + (f" - {listed.description}" if listed.description else ""))
            yours = yours or not listed.builtin
        for problem in unread:
            print(f"  cannot be read: {problem}")
    if yours:
        print("Only titles are read to list variants: a user variant's rules are checked when it is played, "
              "or now with --check FILE.")
    return 0



def sweep(args: argparse.Namespace) -> int:
    """Run ``sweep`` and print a table (or JSON)."""
    spec = get(args.game)
    seats = ai_seats(spec, args)
    variant = load_variant(spec, args.variant)
    try:
        param = find_param(spec, variant.params, args.param)
        values = parse_values(args.values, param, args.param)
        total = (len(values) + 1) * args.games
        if total > MAX_GAMES:
            raise UsageError(f"{len(values)} values of {args.games:,} games is more than {MAX_GAMES:,} games")
        result = sweep_values(spec, len(seats), variant, args.param, values, seats, args.games, args.seed,
                           jobs=processes(args.jobs, args.games), progress=progress_bar(total))
    except SweepError as error:
        raise UsageError(str(error)) from None
    if args.json:
        print(json.dumps(sweep_json(result)))
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
        cells = "".join(f"{_mark(point, seat)}{100 * share.mean:.1f}%+/-{100 * share.margin:.1f}".rjust(14)
                        for seat, share in zip(seats, point.shares))
        length = f"{_mark(point, LENGTH)}{point.length.mean:.1f}+/-{point.length.margin:.1f}".rjust(16)
        print(f"{value_text(point.value):>8}{'b' if point.base else ' '} {cells}{length}")
    for name in result.figure_names:
        line = "  ".join(f"{value_text(point.value)}: {_mark(point, name)}{point.figures[name].mean:.3g}"
                         for point in result.points if name in point.figures)
        print(f"{name.replace('_', ' ')}: {line}")
    print(f"b: the base variant's value; *: differs from the base beyond chance (Welch's test, |z| > {Z_99}); "
          "+/-: the 95% margin")


def _mark(point: SweepPoint, name: str) -> str:
    """``*`` for a figure beyond chance from the base value's."""
    return "*" if point.differs(name) else ""

