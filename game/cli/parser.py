"""The command line's parser and its dispatch: every command's options, checked as they are read, and the
module that runs each (``HANDLERS``). ``game.cli.main`` comes here for every command.
"""


from __future__ import annotations

import argparse
import importlib
import re
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

from game.cli.common import UsageError, game_names
from game.core.agent import LEVELS
from game.core.analysis import ANALYSIS_SEED
from game.core.bounded import MAX_NUMBER_DIGITS, InputError, quote
from game.core.match import MAX_ACTIONS, MAX_BUDGET, MAX_GAMES, MAX_JOBS
from game.core.position import MAX_SEED
from game.core.registry import UnknownGameError
from game.core.setup import SEAT_KINDS
from game.lab.sweep import MAX_VALUES
from game.storage.history import HISTORY_PAGE, MAX_ROW_ID, MAX_ROWS_READ
from game.variants.loader import STANDARD, UnknownVariantError, VariantError

EXAMPLES = """\
games: {games}
AI levels: {levels} (and oracle, in simulate, compare and sweep only); seat kinds: {kinds}

  python main.py                                   the main menu
  python main.py --version                         Hallowtable's version, and pygame's, SDL's and Python's
  python main.py --install-desktop                 put Hallowtable in your application menu, with its icon
  python main.py --uninstall-desktop               take it out again
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


class _ShowVersion(argparse.Action):
    """``--version``: Hallowtable's version and what it runs on, as the Settings screen shows it (worth quoting
    in a bug report), then exit 0."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> NoReturn:
        from game.scenes.settings import version_line

        print(version_line())
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """Mistakes in the arguments raised as ``UsageError``: one line, exit 2, never argparse's usage text."""

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
"""A seed: at most 64 bits, as a game record keeps it (a larger one could not be saved and read back)."""
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

VALUES_HELP = (f"the values: A,B,C or A..B:STEP (e.g. 6..16:2), at most {MAX_VALUES}; the variant's own value "
               "is played too, as the base the others are compared with")


def build_parser() -> argparse.ArgumentParser:
    """The parser, documented for ``--help``."""
    parser = _Parser(
        prog="python main.py",
        description="Hallowtable: four spooky tabletop games. With no command, opens the main menu.",
        epilog=EXAMPLES.format(games=game_names(), levels=", ".join(LEVELS), kinds=", ".join(SEAT_KINDS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_ShowVersion, nargs=0, help="print the version and exit")
    desktop = parser.add_mutually_exclusive_group()
    desktop.add_argument("--install-desktop", action="store_true", help="put Hallowtable in your application "
                         "menu: a launcher, its icon and its metainfo in your data folder (Linux and other "
                         "freedesktop systems)")
    desktop.add_argument("--uninstall-desktop", action="store_true", help="remove what --install-desktop wrote")
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

    timing = commands.add_parser("bench", help="measure playouts, AI decision times, frame times and start-up")
    timing.add_argument("--game", help="only this game")
    timing.add_argument("--json", action="store_true", help="print one JSON object")

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

    sweep = commands.add_parser("sweep", help="simulate one numeric rule parameter over a range of values")
    sweep.add_argument("game", help="the game, e.g. trick-or-treat")
    sweep.add_argument("--players", type=_whole_number(1), required=True)
    sweep.add_argument("--param", required=True, metavar="KEY",
                       help="a numeric parameter, by its key path (e.g. supply_per_player, candy[0].value)")
    sweep.add_argument("--values", required=True, help=VALUES_HELP)
    sweep.add_argument("--variant", default=STANDARD, help="the base variant (default standard)")
    sweep.add_argument("--games", type=_whole_number(1, MAX_GAMES), default=200,
                       help="games per value (default 200)")
    sweep.add_argument("--seats", help="comma-separated AI levels, one per seat (default normal for all); "
                       "oracle: hard shown the true state, a ceiling for measuring")
    sweep.add_argument("--seed", type=SEED, default=1, help="series seed, the same for every value (default 1)")
    sweep.add_argument("--jobs", type=_whole_number(1, MAX_JOBS), default=1,
                       help="processes to play in (default 1)")
    sweep.add_argument("--json", action="store_true", help="print one JSON object, an entry per value")
    return parser


HANDLERS: dict[str, tuple[str, str]] = {
    "play": ("app", "play"), "screenshot": ("app", "screenshot"), "replay": ("app", "replay"),
    "simulate": ("lab", "simulate"), "compare": ("lab", "compare"), "variants": ("lab", "variants"),
    "sweep": ("lab", "sweep"), "bench": ("bench", "command"), "hint": ("games", "hint"), "review": ("games", "review"),
    "history": ("games", "history"), "stats": ("games", "stats"), "position": ("games", "position"),
}
"""Each command's module in this package and its function: a command imports only what it runs, so opening
the menu does not load the lab, the history's checks or the benchmarks."""
OPTION_HANDLERS: dict[str, tuple[str, str]] = {
    "install_desktop": ("desktop", "install"), "uninstall_desktop": ("desktop", "uninstall"),
}
"""The options that do a job of their own instead of a command's, as ``HANDLERS`` has them."""


def run_command(argv: Sequence[str]) -> int:
    """Run a command line; returns the exit status."""
    try:
        args = build_parser().parse_args(list(argv))
        options = [option for option in OPTION_HANDLERS if getattr(args, option)]
        if options and args.command is not None:
            raise UsageError(f"--{options[0].replace('_', '-')} takes no command, not {quote(args.command)}")
        if not options and args.command is None:
            from game.scenes.launch import run_app

            return run_app()
        module, name = OPTION_HANDLERS[options[0]] if options else HANDLERS[args.command]
        handler: Callable[[argparse.Namespace], int] = getattr(importlib.import_module(f"game.cli.{module}"), name)
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

