"""The commands that read your games: ``hint`` and ``review`` (a game record, analysed by the hard level),
``history`` and ``stats`` (the game history), and ``position`` with the position files ``play`` and
``simulate`` start from. Mistakes follow ``game.cli``: one line and exit 2 for what was asked wrongly (a file
that is not a game record, a game with no position format), exit 1 for a history that cannot be read and for
a position file with problems (``file:line: key: message`` each)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, TypeVar

from game.cli.common import UsageError, check_out, progress_bar
from game.core.bounded import InputError, shown
from game.core.position import Position, position_document, position_text, read_position, supports_positions
from game.core.record import GameRecord
from game.core.registry import GameSpec, UnknownGameError, get
from game.core.setup import HUMAN, MatchSetup
from game.core.words import ordinal
from game.storage.history import HISTORY_PAGE, HistoryPage

Found = TypeVar("Found")
"""What a history command reads: a page of games, or the statistics."""


def hint(args: argparse.Namespace) -> int:
    """The decision a record stops at, analysed from the seat to play's observation only. A file that is not
    a game record, or a record of a finished game, is a mistake in what was asked: one line, exit 2."""
    from game.ai.hints import analyse_decision
    from game.ai.review import seat_names
    from game.core.contracts import Action

    if (args.file is None) == (args.position is None):
        raise UsageError("hint needs a game record FILE or --position FILE (one of them)")
    record = game_record(args.file) if args.position is None else position_record(args.position)
    spec = get(record.game)
    state = record.replay()
    if state.is_terminal():
        raise UsageError(f"{shown(args.file or args.position)}: the game is over after {len(record.actions)} moves; "
                         f"there is no decision to hint at")
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
        best = option.action == analysis.choice
        score = "" if option.score is None else f"  score {option.score:7.2f}"
        said = words(option.action)
        text = "" if said == str(option.action) else f"  [{option.action}]"
        equal = "  about equal" if not best and analysis.about_equal(option.action) else ""
        print(f"{'*' if best else ' '} {option.win:6.1%} win ±{option.margin:5.1%}{score}  {said}{text}{equal}")
    if analysis.options:
        print("  (± the search's margin; 'about equal': within it of the best, no mistake in a review)")
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
        raise UsageError(f"{shown(path)} is not a game record this app can play on: {error.message}") from None


def position_record(path: Path) -> GameRecord:
    """The record of a game starting at the position in ``path``, no move played yet; a file with problems
    raises ``InputError`` (``file:line: key: message``, exit 1)."""
    position = read_position(path)
    document = position_document(position.spec, position.state, position.variant, position.params, position.seed)
    return GameRecord(position.spec.name, position.variant, position.params, position.players, position.seed,
                      position=document)


def review(args: argparse.Namespace) -> int:
    """Each decision of the record's human seats (every seat when it has none) beside the hard level's choice
    from the same observation, the chance of winning it cost with the search's margin ("about equal" within
    it), the three costliest mistakes marked. A file that is not a game record: one line, exit 2."""
    from game.ai.review import cost_words, review_game, seat_names, verdict_words

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
            f"hard: {decision.best_words}, {verdict_words(decision)}"
        print(f"{'*' if decision.rank else ' '} move {decision.index + 1}{part}, {names[decision.seat]}: "
              f"{decision.played_words}; {hard}{mark}")
    costliest = review.costliest()
    if costliest:
        print("The costliest: "
              + ", ".join(f"move {d.index + 1} ({cost_words(d.loss)})" for d in costliest))
    else:
        print("No decision cost a chance of winning beyond the search's margin.")
    return 0


def title_of(game: str) -> str:
    """A game's title, or its name when it is no longer installed."""
    try:
        return get(game).title
    except UnknownGameError:
        return game


def from_history(args: argparse.Namespace, read: Callable[[str | None], tuple[Found, list[str]]],
                 as_json: Callable[[Found], dict[str, Any]]) -> Found | int:
    """What ``read`` finds in the history for ``--game``, its notices printed to stderr, for printing as text;
    or the exit status when nothing is left to print: 0 once the JSON is printed (``--json``: ``as_json`` of
    what was found, with the notices), 1 when the history could not be read (why is printed)."""
    from game.storage.history_db import HistoryUnavailable

    game = get(args.game).name if args.game else None
    try:
        found, notices = read(game)
    except HistoryUnavailable as error:
        print(error, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps({**as_json(found), "notices": notices}))
        return 0
    for notice in notices:
        print(notice, file=sys.stderr)
    return found


def _next_page(args: argparse.Namespace, page: HistoryPage) -> str | None:
    """The command that lists the page after ``page``, or None when it is the last."""
    if page.next_offset is None:
        return None
    options = [f"--game {args.game}"] if args.game else []
    options += ["--json"] if args.json else []
    options += [f"--limit {page.limit}"] if page.limit != HISTORY_PAGE else []
    return " ".join(["python main.py history", *options, f"--offset {page.next_offset}"])


def history(args: argparse.Namespace) -> int:
    """A page of the finished games of the history, newest first (``--limit`` games from ``--offset``), and
    how to list the next; a history that cannot be read prints why and exits 1."""
    from game.storage.history import history_page

    def as_json(page: HistoryPage) -> dict[str, Any]:
        return {"games": [entry.to_json_dict() for entry in page.entries], "total": page.total,
                "offset": page.offset, "next_offset": page.next_offset, "next_page": _next_page(args, page)}

    page = from_history(args, lambda game: history_page(game, args.limit, args.offset), as_json)
    if isinstance(page, int):
        return page
    if not page.total:
        print("No finished games in the history yet.")
    elif not page.entries and page.offset >= page.total:
        print(f"The history holds {page.total:,} finished games: none past the first {page.offset:,}.")
    for entry in page.entries:
        players = ", ".join(name if kind == HUMAN else f"{name} ({kind})"
                            for name, kind in zip(entry.names, entry.seats))
        seat = entry.human
        you = "" if seat is None else f"; you {ordinal(entry.place(seat))} with {entry.scores[seat]:g}"
        won = " and ".join(entry.names[winner] for winner in entry.winners) or "nobody"
        played = "" if entry.seconds is None else f", {entry.seconds / 60:.0f} min"
        print(f"{entry.played_at:%Y-%m-%d %H:%M} UTC  {title_of(entry.game)} ({entry.variant}): {players}{you}; "
              f"won by {won}; {entry.actions} actions{played}")
    following = _next_page(args, page)
    if following is not None:
        print(f"Games {page.offset + 1:,} to {page.next_offset:,} of {page.total:,}; the next ones: {following}")
    return 0


def stats(args: argparse.Namespace) -> int:
    """The statistics per game and kind of table; a history that cannot be read prints why and exits 1."""
    from game.storage.history_stats import statistics

    stats = from_history(args, statistics, lambda found: {"games": [one.to_json_dict() for one in found]})
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


def _positions_of(spec: GameSpec) -> None:
    """``UsageError`` when ``spec`` writes no positions."""
    if not supports_positions(spec):
        raise UsageError(f"{spec.title} has no position format yet")


def position(args: argparse.Namespace) -> int:
    """The position after ``--moves`` moves of a game of normal AIs seeded ``--seed`` (the game ``simulate``
    plays with that seed), as YAML, written atomically to ``--out`` or printed. A game over before the moves
    are played, or a game with no position format: one line, exit 2."""
    from game.core.match import make_agent
    from game.storage.files import write_atomic
    from game.variants.loader import STANDARD, load_variant

    spec = get(args.game)
    _positions_of(spec)
    if not spec.players_ok(args.players):
        raise UsageError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {args.players}")
    variant = load_variant(spec, args.variant or STANDARD)
    if args.out is not None:
        check_out(args.out, "position.yaml")
    state = spec.new_game(variant.params, args.players, args.seed)
    agents = [make_agent(spec, "normal", seat, args.seed, variant.params) for seat in range(args.players)]
    for played in range(args.moves):
        if state.is_terminal():
            raise UsageError(f"the game (seed {args.seed}) is over after {played} moves, before move "
                             f"{args.moves}; ask for fewer --moves")
        seat = state.current_player()
        state.apply(agents[seat].choose(state.observation(seat), state.legal_actions()))
    text = position_text(position_document(spec, state, variant.name, variant.params, args.seed))
    if args.out is None:
        print(text, end="")
        return 0
    write_atomic(args.out, text)
    print(f"wrote {shown(args.out)}")
    return 0


@dataclass(frozen=True)
class StartingPosition:
    """A position file that ``play`` or ``simulate`` starts from, read and checked."""

    position: Position
    document: dict[str, Any]
    """The position as the game writes it (a game record keeps this), its seed the one asked for."""

    @classmethod
    def read(cls, spec: GameSpec, args: argparse.Namespace, seed: int | None) -> "StartingPosition":
        """The position in ``args.position``, with the chance after it from ``seed`` (None: the file's seed).
        ``--variant``, or ``--players`` other than the file's, is a mistake (exit 2); a file with problems
        raises ``InputError`` (exit 1)."""
        _positions_of(spec)
        if args.variant is not None:
            raise UsageError("--variant cannot be given with --position: the position names its variant")
        position = read_position(args.position, spec.name)
        if args.players is not None and args.players != position.players:
            raise UsageError(f"--players {args.players}: the position in {shown(args.position)} is for "
                             f"{position.players} players")
        chance = position.seed if seed is None else seed
        document = position_document(spec, position.state, position.variant, position.params, chance)
        return cls(position, document)

    @property
    def players(self) -> int:
        """The position's number of players."""
        return self.position.players

    def seats(self, to_move: str, others: str) -> list[str]:
        """``to_move`` in the seat whose decision it is (the first seat when the game is over), ``others``
        elsewhere."""
        mover = max(0, self.position.state.current_player())
        return [to_move if seat == mover else others for seat in range(self.players)]

    def setup(self, seats: tuple[str, ...], names: tuple[str, ...]) -> MatchSetup:
        """The table's setup: the position's game, variant and seed, these seats."""
        position = self.position
        return MatchSetup(position.spec.name, position.variant, dict(position.params), seats, names,
                          self.document["seed"], self.document)
