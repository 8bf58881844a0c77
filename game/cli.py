"""The command line: ``python main.py [COMMAND] ...``. With no command, the app opens on its main menu.

Every mistake in the arguments prints one clear line and exits with status 2: an unknown game or variant
name, a number out of its range (each range is a named limit, checked before anything is played or
allocated), a file to write that cannot be written. A file that cannot be used (a variant, a record, a
simulation's log) prints its problems, naming the file, and exits with status 1. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NoReturn, Sequence

from game.core.agent import LEVELS, MEASURING_LEVELS, ORACLE, ORACLE_SEARCH
from game.core.analysis import ANALYSIS_SEED
from game.core.bounded import MAX_NUMBER_DIGITS, InputError, quote, shown
from game.core.match import MAX_ACTIONS, MAX_BUDGET, MAX_GAMES, MAX_JOBS, pool_size, usable_cores
from game.core.record import MAX_SEED
from game.core.statistics import share_margin
from game.core.registry import GameSpec, UnknownGameError, all_games, get
from game.core.setup import HUMAN, SEAT_KINDS, MatchSetup, default_names, new_seed
from game.storage.history import HISTORY_PAGE, MAX_ROW_ID, MAX_ROWS_READ
from game.variants.loader import (STANDARD, UnknownVariantError, VariantError, load_file, load_variant,
                                  variant_titles)

if TYPE_CHECKING:  # the screenshot's table options; pygame is imported only to render
    from game.scenes.launch import TableShot

DEFAULT_TABLE = 4
"""Players at a table when none are asked for (clamped to the game's range)."""


EXAMPLES = """\
games: {games}
AI levels: {levels} (and oracle, in simulate, compare and sweep only); seat kinds: {kinds}

  python main.py                                   the main menu
  python main.py play GAME [--players N] [--seats human,normal,hard,...] [--variant NAME|FILE] [--seed S]
  python main.py play GAME --position FILE [--seats ...] [--seed S]
                                                   a table at a position (you in the seat to move)
  python main.py simulate GAME --players N [--seats LEVELS] [--games K] [--seed S] [--variant NAME|FILE]
                 [--budget N] [--time-limit SECONDS] [--jobs J] [--json] [--log FILE]
  python main.py simulate GAME --position FILE [--seats LEVELS] [--games K] ...
                                                   many games played on from a position
  python main.py position GAME --players N [--seed S] [--moves M] [--variant NAME|FILE] [--out FILE]
                                                   the position after M moves of a seeded game of normal AIs
  python main.py compare GAME --players N --variants A B [--games K] [--seats LEVELS] [--seed S] [--jobs J]
                 [--json]
  python main.py sweep GAME --players N --param KEY --values A,B,C|A..B:STEP [--variant V] [--games K]
                 [--seats LEVELS] [--seed S] [--jobs J] [--json]
                                                   one rule's values played with the same seeds, compared
  python main.py variants [GAME]                   built-in and user variants
  python main.py variants --check FILE [--game GAME]
  python main.py screenshot SCENE --out FILE.png [--size WxH] [--seed S] [--moves M] [--players N] [--human]
                 [--variant V]
  python main.py replay FILE                       watch a saved game or bug report played back
  python main.py hint FILE [--json] [--budget N]   the hard AI's view of the decision a record stops at
  python main.py hint --position FILE [--json] [--budget N]
                                                   the same at a position
  python main.py review FILE [--json] [--budget N] [--seed S]
                                                   each of your decisions beside hard's, the costliest marked
  python main.py bench [--json] [--game GAME]
  python main.py history [--game GAME] [--json] [--limit N] [--offset N]
                                                   your finished games, newest first, a page at a time
  python main.py stats [--game GAME] [--json]      wins, scores and streaks per game and kind of table

'python main.py COMMAND --help' explains each command's options.
"""


class UsageError(ValueError):
    """A command-line mistake: reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one clear line, exit 2
        raise UsageError(message)


_WHOLE_NUMBER = re.compile(rf"[+-]?[0-9]{{1,{MAX_NUMBER_DIGITS}}}")
"""A whole number as typed: a 5,000-digit one is refused before Python is asked to convert it."""


def _whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no upper bound when None)."""
    def whole_number(text: str) -> int:
        if _WHOLE_NUMBER.fullmatch(text.strip()):
            value = int(text)
            if value >= low and (high is None or value <= high):
                return value
        span = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
        raise argparse.ArgumentTypeError(f"must be a whole number {span}, not {quote(text)}")

    return whole_number


SEED = _whole_number(0, MAX_SEED)
MAX_TIME_LIMIT = 60.0
"""Most seconds ``--time-limit`` gives a decision (a table gives 1)."""
_SECONDS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,6})?|\.[0-9]{1,6}")


def _seconds(text: str) -> float:
    """An argparse type: a time in seconds, more than 0 and at most ``MAX_TIME_LIMIT`` (no nan, no inf)."""
    if _SECONDS.fullmatch(text.strip()):
        value = float(text)
        if 0 < value <= MAX_TIME_LIMIT:
            return value
    raise argparse.ArgumentTypeError(f"must be a number of seconds above 0 and at most {MAX_TIME_LIMIT:g}, "
                                     f"not {quote(text)}")
"""A seed: at most 64 bits, as a game record keeps it (a larger one could not be saved and read back)."""


def _game_names() -> str:
    return ", ".join(spec.name for spec in all_games())


def build_parser() -> argparse.ArgumentParser:
    """The parser, documented for ``--help``."""
    parser = _Parser(
        prog="python main.py",
        description="Hallowtable: four spooky tabletop games. With no command, opens the main menu.",
        epilog=EXAMPLES.format(games=_game_names(), levels=", ".join(LEVELS), kinds=", ".join(SEAT_KINDS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser("play", help="open the app straight at a game's table")
    play.add_argument("game", help="the game to play")
    play.add_argument("--players", type=_whole_number(1), help="number of players (default 4, within the "
                                                               "game's range)")
    play.add_argument("--seats", help="comma-separated seat kinds, e.g. human,normal,hard (default: you "
                                      "against normal AIs)")
    play.add_argument("--variant", help="a variant name or a YAML file (default standard)")
    play.add_argument("--seed", type=SEED, help="the game's seed (default: a fresh one; with --position, the "
                                                "position's own)")
    play.add_argument("--position", type=Path, metavar="FILE", help="start at the position in FILE (see "
                      "'position'): its players and variant; you in the seat to move unless --seats says otherwise")

    simulate = commands.add_parser("simulate", help="play AI-vs-AI games headless and report per-seat results")
    simulate.add_argument("game")
    simulate.add_argument("--players", type=_whole_number(1), help="number of players (required unless "
                                                                   "--position gives them)")
    simulate.add_argument("--seats", help="comma-separated AI levels, one per seat (default normal for all); "
                          "oracle: hard shown the true state, a ceiling for measuring")
    simulate.add_argument("--games", type=_whole_number(1, MAX_GAMES), default=100,
                          help=f"how many games (default 100, at most {MAX_GAMES:,})")
    simulate.add_argument("--seed", type=SEED, default=1, help="series seed (default 1)")
    simulate.add_argument("--variant", help="a variant name or a YAML file (default standard)")
    simulate.add_argument("--budget", type=_whole_number(1, MAX_BUDGET),
                          help=f"search iterations per decision for search agents (at most {MAX_BUDGET:,})")
    simulate.add_argument("--time-limit", type=_seconds, metavar="SECONDS",
                          help="stop a search after SECONDS a decision, as a table does with 1 (default: none, "
                               "so results are reproducible; with a limit they depend on the machine)")
    simulate.add_argument("--jobs", type=_whole_number(1, MAX_JOBS), default=1,
                          help="processes to play in (default 1; never more than the games or the machine's "
                               "cores); results do not depend on it")
    simulate.add_argument("--json", action="store_true", help="print one JSON object")
    simulate.add_argument("--log", type=Path, metavar="FILE", help="append each finished game to FILE; run "
                          "again and the games already in FILE are counted, not played again")
    simulate.add_argument("--position", type=Path, metavar="FILE", help="start every game at the position in "
                          "FILE (its players and variant), the chance after it from each game's own seed")

    position = commands.add_parser("position", help="write the position reached after some moves of a seeded "
                                                    "game of normal AIs, as YAML (the game's POSITIONS.md)")
    position.add_argument("game")
    position.add_argument("--players", type=_whole_number(1), required=True)
    position.add_argument("--seed", type=SEED, default=1, help="the game's seed (default 1)")
    position.add_argument("--moves", type=_whole_number(0, MAX_ACTIONS), default=0,
                          help="moves played before the position is written (default 0: the first deal)")
    position.add_argument("--variant", help="a variant name or a YAML file (default standard)")
    position.add_argument("--out", type=Path, metavar="FILE", help="the file to write (default: print it)")

    compare = commands.add_parser("compare", help="simulate two variants and compare how they play")
    compare.add_argument("game")
    compare.add_argument("--players", type=_whole_number(1), required=True)
    compare.add_argument("--variants", nargs=2, required=True, metavar=("A", "B"),
                         help="two variant names or YAML files")
    compare.add_argument("--seats", help="comma-separated AI levels, one per seat (default normal for all); "
                          "oracle: hard shown the true state, a ceiling for measuring")
    compare.add_argument("--games", type=_whole_number(1, MAX_GAMES), default=200,
                         help=f"games per variant (default 200, at most {MAX_GAMES:,})")
    compare.add_argument("--seed", type=SEED, default=1)
    compare.add_argument("--jobs", type=_whole_number(1, MAX_JOBS), default=1,
                         help="processes to play in (default 1; never more than the games or the machine's cores)")
    compare.add_argument("--json", action="store_true", help="print one JSON object")

    variants = commands.add_parser("variants", help="list variants, or check a variant file")
    variants.add_argument("game", nargs="?", help="only this game's variants")
    variants.add_argument("--check", metavar="FILE", help="validate FILE: exit 0 if valid, 1 with file:line "
                                                          "messages otherwise")
    variants.add_argument("--game", dest="check_game", metavar="GAME", help="with --check: the file's game "
                                                                            "(default: its folder's name)")

    shot = commands.add_parser("screenshot", help="render a scene headless to a PNG file")
    shot.add_argument("scene", help="menu, setup, settings, rules, guide, pause, results, handoff, or a "
                                    "game name")
    shot.add_argument("--out", required=True, type=Path, help="the PNG file to write (in a folder that exists)")
    shot.add_argument("--size", default="1280x720", help="WxH (default 1280x720)")
    shot.add_argument("--seed", type=SEED, default=1)
    shot.add_argument("--moves", type=_whole_number(0, MAX_ACTIONS), default=0,
                      help="AI moves played before a table is drawn")
    shot.add_argument("--players", type=_whole_number(1), help="a table's seats (default 4, within the game's "
                                                               "range)")
    shot.add_argument("--human", action="store_true", help="seat 0 is a human, shown at its next decision")
    shot.add_argument("--variant", help="a table's variant, by name or YAML file (default standard)")

    replay = commands.add_parser("replay", help="watch a saved game or a bug report played back")
    replay.add_argument("file", type=Path, help="a game record: a save, or a report from the pause menu")

    hint = commands.add_parser("hint", help="analyse the decision a saved game or bug report stops at: each "
                                            "option's chance of winning and score, as the hard AI sees it")
    hint.add_argument("file", type=Path, nargs="?", help="a game record: a save, or a report from the pause menu")
    hint.add_argument("--position", type=Path, metavar="FILE", help="instead of a record, the decision of the "
                                                                    "position in FILE (see 'position')")
    hint.add_argument("--json", action="store_true", help='print one JSON object: {"seat", "options": '
                      '[{"action", "win", "margin", "score", "mistake"}...], "choice"}')
    hint.add_argument("--budget", type=_whole_number(1, MAX_BUDGET),
                      help=f"search iterations (default: the hard level's own; at most {MAX_BUDGET:,})")
    hint.add_argument("--seed", type=SEED, default=ANALYSIS_SEED, help="mixed with the position to seed the "
                      f"search (default {ANALYSIS_SEED}: the table's and the review's)")

    review = commands.add_parser("review", help="review a game record: each decision of its human seats (every "
                                 "seat when it has none) beside what the hard AI would have played from the "
                                 "same view, with the chance of winning it cost; the three costliest marked")
    review.add_argument("file", type=Path, help="a game record: a save, or a report from the pause menu")
    review.add_argument("--json", action="store_true", help='print a JSON list: [{"index", "seat", "played", '
                        '"best", "loss", "margin", "mistake", ...}...], index the 0-based action of the '
                        'record, loss 0..1, a mistake when beyond its margin')
    review.add_argument("--budget", type=_whole_number(1, MAX_BUDGET),
                        help=f"search iterations a decision (default: the hard level's own; at most "
                             f"{MAX_BUDGET:,})")
    review.add_argument("--seed", type=SEED, default=ANALYSIS_SEED, help="mixed with each position to seed "
                        f"its search (default {ANALYSIS_SEED}: the table's and the hint's)")

    bench = commands.add_parser("bench", help="measure playouts, AI decision times, frame times and start-up")
    bench.add_argument("--game", help="only this game")
    bench.add_argument("--json", action="store_true", help="print one JSON object")

    history = commands.add_parser("history", help="list the finished games kept in the history, newest first")
    history.add_argument("--game", help="only this game")
    history.add_argument("--json", action="store_true", help='print one JSON object: {"games": [...], '
                         '"notices": [...], "total": N, "offset": N, "next_offset": N or null}')
    history.add_argument("--limit", type=_whole_number(1, MAX_ROWS_READ), default=HISTORY_PAGE,
                         help=f"list this many games (default {HISTORY_PAGE}; at most {MAX_ROWS_READ:,})")
    history.add_argument("--offset", type=_whole_number(0, MAX_ROW_ID), default=0,
                         help="skip this many of the newest games first (default 0): the next page")

    stats = commands.add_parser("stats", help="the statistics of the games you played against the AI")
    stats.add_argument("--game", help="only this game")
    stats.add_argument("--json", action="store_true", help='print one JSON object: {"games": [...], '
                       '"notices": [...]}')

    from game.cli_lab import add_sweep_command

    add_sweep_command(commands)
    return parser


def run(argv: Sequence[str]) -> int:
    """Run the command line; returns the exit status."""
    try:
        args = build_parser().parse_args(list(argv))
        if args.command is None:
            from game.scenes.launch import run_app

            return run_app()
        from game import cli_games, cli_lab

        handler = {"play": _play, "simulate": _simulate, "compare": _compare, "variants": _variants,
                   "screenshot": _screenshot, "bench": _bench, "replay": _replay, "hint": cli_games.hint,
                   "review": cli_games.review, "history": cli_games.history, "stats": cli_games.stats,
                   "position": cli_games.position, "sweep": cli_lab.sweep}[args.command]
        return handler(args)
    except (UsageError, UnknownGameError, UnknownVariantError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except (VariantError, InputError) as error:  # a file that cannot be used: its problems, naming it
        print(error, file=sys.stderr)
        return 1
    except OSError as error:  # a write failed midway (a full disk, a screenshot pygame could not save)
        print(f"error: {error}", file=sys.stderr)
        return 1


def _players(spec: GameSpec, players: int | None, seats: list[str] | None) -> int:
    count = players if players is not None else (len(seats) if seats else
                                                 min(max(DEFAULT_TABLE, spec.min_players), spec.max_players))
    if not spec.players_ok(count):
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {count}")
    return count


def _seat_list(text: str | None, allowed: Sequence[str]) -> list[str] | None:
    if text is None:
        return None
    seats = [s.strip() for s in text.split(",")]
    for seat in seats:
        if seat not in allowed:
            raise UsageError(f"unknown seat kind {seat!r} in --seats; use {', '.join(allowed)}")
    return seats


def _check_seats(seats: list[str], players: int) -> None:
    if len(seats) != players:
        raise UsageError(f"--seats lists {len(seats)} seats but there are {players} players")


def _play(args: argparse.Namespace) -> int:
    spec = get(args.game)
    seats = _seat_list(args.seats, SEAT_KINDS)
    if args.position is not None:
        return _play_position(spec, seats, args)
    players = _players(spec, args.players, seats)
    seats = seats or [HUMAN] + ["normal"] * (players - 1)
    _check_seats(seats, players)
    variant = load_variant(spec, args.variant or STANDARD)
    from game.scenes.launch import run_app
    from game.storage.settings import load_settings

    settings, _ = load_settings()
    setup = MatchSetup(spec.name, variant.name, variant.params, tuple(seats),
                       default_names(tuple(seats), settings.player_name),
                       args.seed if args.seed is not None else new_seed())
    return run_app(setup)


def _play_position(spec: GameSpec, seats: list[str] | None, args: argparse.Namespace) -> int:
    """``play --position FILE``: a table at the position, its players and variant from the file, the human
    in the seat to move unless ``--seats`` says otherwise, the chance after it from ``--seed`` if given."""
    from game.cli_games import StartingPosition

    start = StartingPosition.read(spec, args, args.seed)
    seats = seats or start.seats(HUMAN, "normal")
    _check_seats(seats, start.players)
    from game.scenes.launch import run_app
    from game.storage.settings import load_settings

    settings, _ = load_settings()
    return run_app(start.setup(tuple(seats), default_names(tuple(seats), settings.player_name)))


def progress_bar(total: int, unit: str = "games") -> Callable[[int, int], None]:
    """A progress callback drawing on stderr once a run has taken more than a moment (``unit``: what is
    counted)."""
    started = time.perf_counter()
    interactive = sys.stderr.isatty()

    def show(done: int, of: int) -> None:
        elapsed = time.perf_counter() - started
        if not interactive or of <= 0 or (elapsed < 2.0 and done < of):
            return
        width = 30
        filled = int(width * done / of)
        left = elapsed / done * (of - done) if done else 0.0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{of} {unit}, ~{left:.0f}s left ")
        if done == of:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _ai_seats(spec: GameSpec, args: argparse.Namespace, players: int | None = None) -> list[str]:
    """The AI level of every seat for a headless run (normal for all unless --seats says otherwise), at a
    table of ``--players`` (or of ``players``, a position's)."""
    seats = _seat_list(args.seats, [level for level in MEASURING_LEVELS
                                    if level in spec.agents or (level == ORACLE and ORACLE_SEARCH in spec.agents)])
    players = _players(spec, args.players if players is None else players, seats)
    seats = seats or ["normal"] * players
    _check_seats(seats, players)
    return seats


def _processes(jobs: int, games: int) -> int:
    """The processes ``jobs`` gives ``games`` games to play, with a note when that is fewer than asked."""
    workers = pool_size(jobs, games)
    if workers < jobs:
        print(f"note: --jobs {jobs}: playing in {workers} process{'es' if workers > 1 else ''} "
              f"({games:,} game{'s' if games != 1 else ''} to play on {usable_cores()} cores)", file=sys.stderr)
    return workers


def _simulate(args: argparse.Namespace) -> int:
    from game.cli_games import StartingPosition
    from game.core.match import simulate

    spec = get(args.game)
    start = None if args.position is None else StartingPosition.read(spec, args, None)
    if start is None and args.players is None:
        raise UsageError("the following arguments are required: --players (or --position FILE)")
    seats = _ai_seats(spec, args, None if start is None else start.players)
    players = len(seats)
    if start is None:
        variant = load_variant(spec, args.variant or STANDARD)
        variant_name, params = variant.name, variant.params
    else:
        variant_name, params = start.position.variant, start.position.params
    log = None
    if args.log is not None:
        from game.lab.series_log import OtherSeriesError, SeriesLog, series_header

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
    series = simulate(spec, params, seats, args.games, args.seed, variant=variant_name,
                      budget=args.budget, time_limit=args.time_limit, jobs=_processes(args.jobs, to_play),
                      progress=progress_bar(args.games),
                      played=log.played if log else None, finished=log.add if log else None,
                      position=None if start is None else start.document)
    if args.json:
        print(json.dumps(series.to_json_dict()))
        return 0
    where = "" if args.position is None else f", from the position in {args.position}"
    print(f"{spec.title}, variant {variant_name}, {players} players, {series.games} games, seed {args.seed}"
          f"{where}")
    print(f"{'seat':<6}{'level':<8}{'wins':>9}{'win %':>8}{'95% margin':>12}{'mean score':>12}")
    for seat, level in enumerate(seats):
        wins = series.wins[seat]
        share = wins / series.games
        margin = 100 * share_margin(share, series.games)
        print(f"{seat:<6}{level:<8}{wins:>9.2f}{100 * share:>7.1f}%{f'+/-{margin:.1f}':>12}"
              f"{series.mean_scores()[seat]:>12.2f}")
    print(f"fair share {100 / players:.1f}% a seat; the margin is 1.96 standard errors of the win share")
    played_now = series.games - (len(log.played) if log else 0)  # the logged games took no time now
    rate = played_now / series.seconds if series.seconds else float("inf")
    print(f"mean actions per game {series.mean_actions():.1f}; {rate:.1f} games per second")
    return 0


def _compare(args: argparse.Namespace) -> int:
    from game.lab.compare import compare, to_json_dict

    spec = get(args.game)
    seats = _ai_seats(spec, args)
    variants = (load_variant(spec, args.variants[0]), load_variant(spec, args.variants[1]))
    result = compare(spec, len(seats), variants, seats, args.games, args.seed,
                     jobs=_processes(args.jobs, args.games), progress=progress_bar(2 * args.games))
    if args.json:
        print(json.dumps(to_json_dict(result)))
        return 0
    a, b = result.variants
    print(f"{spec.title}, {len(seats)} players ({', '.join(seats)}), {args.games} games per variant, "
          f"seed {args.seed}")
    width = max(len(row.name) for row in result.rows) + 2
    print(f"{'':<{width}}{a:>14}{b:>14}   difference")
    for row in result.rows:
        verdict = "larger than chance" if row.significant else ""
        print(f"{row.name:<{width}}{row.a:>14.3f}{row.b:>14.3f}   {row.b - row.a:+.3f} {verdict}")
    print("'larger than chance': Welch's test, |z| > 2.576 (1% level).")
    return 0


def _variants(args: argparse.Namespace) -> int:
    if args.check:
        path = Path(args.check)
        game_name = args.check_game or path.resolve().parent.name
        try:
            spec = get(game_name)
        except UnknownGameError:
            raise UsageError(f"cannot tell the game of {shown(path)} from its folder {game_name!r}; "
                             f"use --game ({_game_names()})") from None
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


MIN_SIZE = (320, 240)
"""The smallest screenshot: QVGA, the smallest screen anyone shows a game on (a test of the layout at its
most cramped; the window itself is at least 1280x720)."""
MAX_SIZE = (7680, 4320)
"""The largest screenshot: 8K, the largest screen sold; a picture this big is already 130 MB in memory."""


def _size(text: str) -> tuple[int, int]:
    match = re.fullmatch(rf"([0-9]{{1,{MAX_NUMBER_DIGITS}}})[xX]([0-9]{{1,{MAX_NUMBER_DIGITS}}})", text.strip())
    if match is None:
        raise UsageError(f"--size must look like 1920x1080, not {quote(text)}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise UsageError(f"--size {width}x{height} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return width, height


def check_out(out: Path, example: str = "shot.png") -> None:
    """``UsageError`` unless a file (a PNG, a position: ``example``) can be written at ``out``: checked before
    anything is drawn or played."""
    try:
        if out.is_dir():
            raise UsageError(f"--out {out} is a folder; give the file to write, such as {out / example}")
        if out.exists() and not out.is_file():
            raise UsageError(f"--out {out} is not a regular file")
        folder = out.parent
        if not folder.is_dir():
            raise UsageError(f"--out {out}: there is no folder {folder}")
    except OSError as error:
        raise UsageError(f"--out {out} cannot be written ({error.strerror or error})") from None
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError as error:
        raise UsageError(f"--out {out}: no file can be written in {folder} ({error.strerror or error})") from None


def _table_shot(args: argparse.Namespace) -> TableShot | None:
    """The table options given, or None when none were (any scene then)."""
    from game.scenes.launch import DEFAULT_TABLE_PLAYERS, TableShot

    if args.players is None and not args.human and args.variant is None:
        return None
    players = DEFAULT_TABLE_PLAYERS if args.players is None else args.players
    return TableShot(players, args.human, args.variant or STANDARD)


def _replay(args: argparse.Namespace) -> int:
    from game.core.record import read_record

    record = read_record(args.file)
    from game.scenes.launch import run_app

    return run_app(replay=record)


def _screenshot(args: argparse.Namespace) -> int:
    size = _size(args.size)
    check_out(args.out)
    from game.scenes.launch import screenshot

    try:
        screenshot(args.scene, args.out, size, args.seed, args.moves, _table_shot(args))
    except (VariantError, InputError):
        raise
    except ValueError as error:  # a scene or table option that does not fit
        raise UsageError(str(error)) from None
    print(f"wrote {shown(args.out)}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    from game.bench import run_bench

    specs = [get(args.game)] if args.game else all_games()
    report = run_bench(specs, log=None if args.json else print)
    if args.json:
        print(json.dumps(report))
    return 0
