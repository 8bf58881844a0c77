"""The commands that open the app, ``play`` (a table, or a table at a position) and ``replay`` (a record played
back), and ``screenshot``, which draws a scene headless. pygame is imported only when one of them runs."""

from __future__ import annotations

import argparse
import re
from typing import TYPE_CHECKING, Callable, Sequence

from game.cli.common import UsageError, check_out, check_seats, player_count, seat_list
from game.cli.games import StartingPosition
from game.core.bounded import MAX_NUMBER_DIGITS, InputError, quote, shown
from game.core.registry import GameSpec, get
from game.core.setup import HUMAN, SEAT_KINDS, MatchSetup, default_names, new_seed
from game.variants.loader import STANDARD, VariantError, load_variant

if TYPE_CHECKING:  # the screenshot's table options; pygame is imported only to render
    from game.scenes.launch import TableShot


def play(args: argparse.Namespace) -> int:
    """``play``: the app opened at a new table of the game (you against normal AIs unless ``--seats`` says
    otherwise), or at a position."""
    spec = get(args.game)
    seats = seat_list(args.seats, SEAT_KINDS)
    if args.position is not None:
        return _play_position(spec, seats, args)
    players = player_count(spec, args.players, seats)
    seats = seats or [HUMAN] + ["normal"] * (players - 1)
    check_seats(seats, players)
    variant = load_variant(spec, args.variant or STANDARD)
    return _run_table(lambda names: MatchSetup(spec.name, variant.name, variant.params, tuple(seats), names,
                                               args.seed if args.seed is not None else new_seed()), seats)


def _play_position(spec: GameSpec, seats: list[str] | None, args: argparse.Namespace) -> int:
    """``play --position FILE``: a table at the position, its players and variant from the file, the human
    in the seat to move unless ``--seats`` says otherwise, the chance after it from ``--seed`` if given."""
    start = StartingPosition.read(spec, args, args.seed)
    seats = seats or start.seats(HUMAN, "normal")
    check_seats(seats, start.players)
    return _run_table(lambda names: start.setup(tuple(seats), names), seats)


def _run_table(setup: Callable[[tuple[str, ...]], MatchSetup], seats: Sequence[str]) -> int:
    """Open the app on a table set up from its players' names (the human named as in the settings)."""
    from game.scenes.launch import run_app
    from game.storage.settings import load_settings

    settings, _ = load_settings()
    return run_app(setup(default_names(tuple(seats), settings.player_name)))


MIN_SIZE = (320, 240)
"""The smallest screenshot: QVGA, the smallest screen anyone shows a game on (a test of the layout at its
most cramped; the window itself is at least 1280x720)."""
MAX_SIZE = (7680, 4320)
"""The largest screenshot: 8K, the largest screen sold; a picture this big is already 130 MB in memory."""


def _size(text: str) -> tuple[int, int]:
    """``--size WxH``, within ``MIN_SIZE`` and ``MAX_SIZE``."""
    match = re.fullmatch(rf"([0-9]{{1,{MAX_NUMBER_DIGITS}}})[xX]([0-9]{{1,{MAX_NUMBER_DIGITS}}})", text.strip())
    if match is None:
        raise UsageError(f"--size must look like 1920x1080, not {quote(text)}")
    width, height = int(match.group(1)), int(match.group(2))
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise UsageError(f"--size {width}x{height} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to "
                         f"{MAX_SIZE[0]}x{MAX_SIZE[1]}")
    return width, height


def _table_shot(args: argparse.Namespace) -> TableShot | None:
    """The table options given, or None when none were (any scene then)."""
    from game.scenes.launch import DEFAULT_TABLE_PLAYERS, TableShot

    if args.players is None and not args.human and args.variant is None:
        return None
    players = DEFAULT_TABLE_PLAYERS if args.players is None else args.players
    return TableShot(players, args.human, args.variant or STANDARD)


def replay(args: argparse.Namespace) -> int:
    """``replay``: the app playing a record back (a file with problems: exit 1)."""
    from game.core.record import read_record

    record = read_record(args.file)
    from game.scenes.launch import run_app

    return run_app(replay=record)


def screenshot(args: argparse.Namespace) -> int:
    """``screenshot``: a scene drawn headless into a PNG; a size, scene or table option that does not fit is
    a mistake (exit 2)."""
    size = _size(args.size)
    check_out(args.out)
    from game.scenes import launch

    try:
        launch.screenshot(args.scene, args.out, size, args.seed, args.moves, _table_shot(args))
    except (VariantError, InputError):
        raise
    except ValueError as error:  # a scene or table option that does not fit
        raise UsageError(str(error)) from None
    print(f"wrote {shown(args.out)}")
    return 0

