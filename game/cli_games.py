"""The commands that read your games: ``hint`` and ``review`` (a game record, analysed by the hard level) and
``history`` and ``stats`` (the game history). Mistakes follow ``game.cli``: one line and exit 2 for what was
asked wrongly (a file that is not a game record), exit 1 for a history that cannot be read."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Callable

from game.cli import UsageError, progress_bar
from game.core.bounded import InputError
from game.core.record import GameRecord
from game.core.registry import UnknownGameError, get
from game.core.setup import HUMAN
from game.core.words import ordinal


def hint(args: argparse.Namespace) -> int:
    """The decision a record stops at, analysed from the seat to play's observation only. A file that is not
    a game record, or a record of a finished game, is a mistake in what was asked: one line, exit 2."""
    from game.ai.hints import analyse_decision
    from game.ai.review import seat_names
    from game.core.contracts import Action

    record = game_record(args.file)
    spec = get(record.game)
    state = record.replay()
    if state.is_terminal():
        raise UsageError(f"{args.file}: the game is over after {len(record.actions)} moves; there is no "
                         f"decision to hint at")
    analysis = analyse_decision(spec, state, args.seed, record.params, budget=args.budget)
    observation = state.observation(analysis.seat)
    names = seat_names(record)

    def words(action: Action) -> str:
        return spec.action_words(action, observation, names)

    if args.json:
        print(json.dumps(analysis.to_json(words)))
        return 0
    print(f"{spec.title}, move {len(record.actions) + 1}: {names[analysis.seat]} (seat {analysis.seat + 1}) "
          f"to play")
    if analysis.forced:
        print(f"  only one move: {words(analysis.choice)}")
    for option in analysis.options:
        mark = "*" if option.action == analysis.choice else " "
        score = "" if option.score is None else f"  score {option.score:7.2f}"
        said = words(option.action)
        text = "" if said == str(option.action) else f"  [{option.action}]"
        print(f"{mark} {option.win:6.1%} win{score}  {said}{text}")
    if not analysis.options and not analysis.forced:
        print(f"  choice: {words(analysis.choice)}")
    return 0


def game_record(path: Path) -> GameRecord:
    """The record in ``path``; a file that is not a game record is a mistake in what was asked (one line,
    exit 2)."""
    from game.core.record import read_record

    try:
        return read_record(path)
    except InputError as error:
        raise UsageError(f"{path} is not a game record this app can play on: {error.message}") from None


def review(args: argparse.Namespace) -> int:
    """Each decision of the record's human seats (every seat when it has none) beside the hard level's choice
    from the same observation, the chance of winning it cost, the three costliest marked. A file that is not
    a game record: one line, exit 2."""
    from game.ai.review import cost_words, review_game, seat_names

    record = game_record(args.file)
    review = review_game(record, budget=args.budget, seed=args.seed,
                         progress=None if args.json else progress_bar(0, "decisions"))
    if args.json:
        print(json.dumps(review.to_json()))
        return 0
    spec, names = get(record.game), seat_names(record)
    who = " and ".join(f"{names[seat]} (seat {seat + 1})" for seat in review.seats)
    forced = f"; {review.forced} forced move{'' if review.forced == 1 else 's'} skipped" if review.forced else ""
    print(f"{spec.title} ({record.variant}), {len(record.actions)} moves: {review.total} decision"
          f"{'' if review.total == 1 else 's'} of {who} reviewed{forced}")
    for decision in review.decisions:
        part = f" ({decision.chapter})" if decision.chapter else ""
        mark = f"  <- costliest {decision.rank}" if decision.rank else ""
        hard = "hard agrees" if decision.best == decision.played else \
            f"hard: {decision.best_words}, {cost_words(decision.loss)}"
        print(f"{'*' if decision.rank else ' '} move {decision.index + 1}{part}, {names[decision.seat]}: "
              f"{decision.played_words}; {hard}{mark}")
    costliest = review.costliest()
    if costliest:
        print("The costliest: "
              + ", ".join(f"move {d.index + 1} ({cost_words(d.loss)})" for d in costliest))
    else:
        print("No decision cost a chance of winning, as far as the search can tell.")
    return 0


def title_of(game: str) -> str:
    """A game's title, or its name when it is no longer installed."""
    try:
        return get(game).title
    except UnknownGameError:
        return game


def from_history(args: argparse.Namespace, read: Callable[[str | None], tuple[list[Any], list[str]]]) -> \
        list[Any] | int:
    """What ``read`` finds in the history for ``--game``, its notices printed to stderr, for printing as text;
    or the exit status when nothing is left to print: 0 once the JSON is printed (``--json``), 1 when the
    history could not be read (why is printed)."""
    from game.storage.history_db import HistoryUnavailable

    game = get(args.game).name if args.game else None
    try:
        found, notices = read(game)
    except HistoryUnavailable as error:
        print(error, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({"games": [item.to_json_dict() for item in found], "notices": notices}))
        return 0
    for notice in notices:
        print(notice, file=sys.stderr)
    return found


def history(args: argparse.Namespace) -> int:
    """The finished games of the history; a history that cannot be read prints why and exits 1."""
    from game.storage.history import finished_games

    entries = from_history(args, finished_games)
    if isinstance(entries, int):
        return entries
    if not entries:
        print("No finished games in the history yet.")
    for entry in entries:
        players = ", ".join(name if kind == HUMAN else f"{name} ({kind})"
                            for name, kind in zip(entry.names, entry.seats))
        seat = entry.human
        you = "" if seat is None else f"; you {ordinal(entry.place(seat))} with {entry.scores[seat]:g}"
        won = " and ".join(entry.names[winner] for winner in entry.winners) or "nobody"
        played = "" if entry.seconds is None else f", {entry.seconds / 60:.0f} min"
        print(f"{entry.played_at:%Y-%m-%d %H:%M} UTC  {title_of(entry.game)} ({entry.variant}): {players}{you}; "
              f"won by {won}; {entry.actions} actions{played}")
    return 0


def stats(args: argparse.Namespace) -> int:
    """The statistics per game and kind of table; a history that cannot be read prints why and exits 1."""
    from game.storage.history_stats import statistics

    stats = from_history(args, statistics)
    if isinstance(stats, int):
        return stats
    if not stats:
        print("No games in the history yet.")
    header = f"  {'':<22}{'games':>6}{'wins':>7}{'win %':>7}{'avg score':>10}{'best':>7}{'streak':>7}" \
             f"{'longest':>8}{'avg actions':>12}"
    for one in stats:
        rate = f"{one.wins / one.games:.1%}" if one.games else "-"
        earlier = f" (of which {one.imported_games} from before the history)" if one.imported_games else ""
        games = f"{one.games} game{'' if one.games == 1 else 's'}"
        print(f"{title_of(one.game)}: {games}{earlier}, {one.wins:g} won ({rate}); {one.hints} hints; "
              f"{one.abandoned} abandoned")
        if one.overall.games:
            print(header)
            for label, tally in [("all recorded", one.overall), *sorted(one.tables.items())]:
                row = tally.to_json_dict()
                print(f"  {label:<22}{tally.games:>6}{tally.wins:>7g}{row['win_rate']:>7.0%}"
                      f"{row['average_score']:>10.1f}{row['best_score']:>7g}{tally.current_streak:>7}"
                      f"{tally.longest_streak:>8}{row['average_actions']:>12.1f}")
        if one.figure_games:
            figures = ", ".join(f"{name} {value:.2f}" for name, value in one.figures().items())
            print(f"  figures, a game on average over {one.figure_games} finished: {figures or 'none'}")
    return 0
