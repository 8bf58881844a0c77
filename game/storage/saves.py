"""Saved games and statistics in the user data directory.

A saved game is a game record (JSON), one per game kind (``saves/<game>.json``), written atomically: saving
one game never touches another's. A save or the statistics file that cannot be read is moved aside with a
notice, never overwritten nor deleted; if it cannot be moved, it is left in place. Every value of the
statistics is checked before use, and a finished game's save is deleted only once the statistics that count
it are written.

``saved_games`` lists the games in progress, each labelled as a player would say it ("Reapers, hand 2 of 4,
you vs 3 AI (hard), 12 min ago"); a label needs a replay, so each file is read once per change (its inode,
modification time and size), and a damaged one left in place is never replayed twice.
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Sequence

from game.core.agent import LEVELS
from game.core.bounded import KIB, InputError, quote, read_json
from game.core.contracts import Event
from game.core.record import HUMAN, GameRecord, RecordError, read_record
from game.core.registry import HAND, Chapter, all_entries, get
from game.storage.files import keep_aside, write_atomic
from game.storage.paths import user_data_dir

SAVES_FOLDER = "saves"
STATS_FILE = "statistics.json"
OLD_AUTOSAVE = "autosave.json"
"""The one save slot of earlier versions, moved to its game's slot the first time the saves are listed."""
MAX_STATISTICS_BYTES = 64 * KIB
"""The largest statistics file read: four games take about 200 bytes, so this leaves room for hundreds."""
MAX_GAME_NAME_CHARS = 64
"""The longest game name the statistics keep (ours are at most 16 characters; a game no longer installed
keeps its count)."""
MINUTE, HOUR, RECENT_HOURS = 60, 3600, 6
"""Time wording: under a minute is "just now", under an hour in minutes; in hours the same day, or within
``RECENT_HOURS`` over midnight; then "yesterday" and "N days ago" by the calendar."""


def saves_dir() -> Path:
    """The folder of saved games."""
    return user_data_dir() / SAVES_FOLDER


def save_path(game: str) -> Path:
    """The file of the game of ``game`` (a game's registered name) in progress."""
    return saves_dir() / f"{game}.json"


def has_game(game: str) -> bool:
    """Whether a game of ``game`` is saved (readable or not: loading it says which)."""
    return os.path.lexists(save_path(game))


def save_game(record: GameRecord) -> Path:
    """Save a record in its game's slot and return the path; ``OSError`` if it cannot be written."""
    path = save_path(record.game)
    write_atomic(path, record.to_json())
    return path


def delete_game(game: str) -> None:
    """Forget the saved game of ``game`` (finished or abandoned); ``OSError`` if it cannot be removed."""
    save_path(game).unlink(missing_ok=True)


@dataclass(frozen=True)
class SavedGame:
    """A game in progress, read and replayed from its save."""

    record: GameRecord
    path: Path
    modified: float
    """The save's modification time (seconds since the epoch): when the last move was made."""
    progress: str
    """Where the game stands, in the game's own chapters ("hand 2 of 4"), or "move 37"."""
    scores: tuple[float, ...]
    """The scores so far (what the history keeps of a game abandoned)."""

    @property
    def title(self) -> str:
        """The game's title."""
        return get(self.record.game).title

    def summary(self, now: float | None = None) -> str:
        """Where the game stands and when it was last played: "hand 2 of 4, 12 min ago"."""
        return f"{self.progress}, {time_ago(self.modified, now)}"

    def label(self, now: float | None = None) -> str:
        """The whole label: "Reapers, hand 2 of 4, you vs 3 AI (hard), 12 min ago"."""
        return f"{self.title}, {self.progress}, {seats_words(self.record)}, {time_ago(self.modified, now)}"


def seats_words(record: GameRecord) -> str:
    """Who plays, said to the first human: "you vs 3 AI (hard)", "you and Boris vs 2 AI (normal, hard)",
    "you and Boris" (hot seat only), "4 AI (normal)" (a table of AIs)."""
    seats = record.seats or (HUMAN,) + ("normal",) * (record.players - 1)
    names = record.names or tuple(f"seat {seat + 1}" for seat in range(record.players))
    humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
    levels = [kind for kind in seats if kind != HUMAN]
    people = ["you"] + [names[seat] for seat in humans[1:]] if humans else []
    ais = ""
    if levels:
        shown = [level for level in LEVELS if level in levels] + sorted(set(levels) - set(LEVELS))
        ais = f"{len(levels)} AI ({', '.join(shown)})"
    if not people:
        return ais
    together = people[0] if len(people) == 1 else f"{', '.join(people[:-1])} and {people[-1]}"
    return f"{together} vs {ais}" if ais else together


def time_ago(moment: float, now: float | None = None) -> str:
    """How long ago ``moment`` was, as a person says it: "just now", "5 min ago", "2 h ago", "yesterday",
    "3 days ago" (a moment in the future, a clock set back, is "just now")."""
    now = time.time() if now is None else now
    seconds = now - moment
    if seconds < MINUTE:
        return "just now"
    if seconds < HOUR:
        return f"{int(seconds // MINUTE)} min ago"
    days = (datetime.fromtimestamp(now).date() - datetime.fromtimestamp(moment).date()).days
    if days == 0 or seconds < RECENT_HOURS * HOUR:
        return f"{int(seconds // HOUR)} h ago"
    return "yesterday" if days == 1 else f"{days} days ago"


def _progress(record: GameRecord) -> tuple[str, tuple[float, ...]]:
    """Where the game stands, and the scores so far. The title of the hand the game is in (the last ``HAND``
    chapter its events began), lower-cased as it reads inside a sentence and numbered when the title has no
    number of its own ("sowing 12": the twelfth); "move N" for a game without chapters."""
    state = record.new_state()
    chapter = get(record.game).chapter
    hands = _hands(chapter, state.opening_events)
    for step in record.replay_steps(state):
        hands += _hands(chapter, step.events)
    scores = tuple(state.scores())
    if not hands:
        return f"move {len(record.actions) + 1}", scores
    hand = hands[-1] if any(character.isdigit() for character in hands[-1]) else f"{hands[-1]} {len(hands)}"
    return (hand if hand[1:2].isupper() else hand[:1].lower() + hand[1:]), scores


def _hands(chapter: Callable[[Event], Chapter | None] | None, events: Sequence[Event]) -> list[str]:
    """The titles of the hands ``events`` begin (none for a game without chapters)."""
    if chapter is None:
        return []
    parts = [chapter(event) for event in events]
    return [part.title for part in parts if part is not None and part.level == HAND]


_Stamp = tuple[int, int, int]
_READ: dict[Path, tuple[_Stamp, SavedGame | None]] = {}
"""Each save read: its stamp (inode, modification time, size) and what it held (None: damaged, left in
place because it could not be moved aside, so it is not replayed again until it changes)."""


def _stamp(path: Path) -> _Stamp | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_ino, info.st_mtime_ns, info.st_size


def saved_game(game: str) -> tuple[SavedGame | None, list[str]]:
    """The game of ``game`` in progress (None if there is none or it cannot be used), and notices about a
    save that had to be set aside."""
    path = save_path(game)
    if not os.path.lexists(path):
        return None, []
    stamp = _stamp(path)
    known = _READ.get(path)
    if stamp is not None and known is not None and known[0] == stamp:
        return known[1], []
    try:
        record = read_record(path)
        notice = _misplaced(path, record, game) if record.game != game else None
        if notice is None:
            progress, scores = _progress(record)
    except RecordError as error:
        notice = f"The saved game could not be read: {error}. {keep_aside(path)}"
    if notice is not None:
        if stamp is not None and os.path.lexists(path):  # left in place: not read again until it changes
            _READ[path] = (stamp, None)
        return None, [notice]
    saved = SavedGame(record, path, stamp[1] / 1e9 if stamp is not None else time.time(), progress, scores)
    if stamp is not None:
        _READ[path] = (stamp, saved)
    return saved, []


def _misplaced(path: Path, record: GameRecord, game: str) -> str:
    """Move a save of another game out of the slot of ``game``: into its own game's slot when that is free,
    else aside, never over the other game's save (continuing it would autosave over that one). A notice of
    where it went."""
    title = get(record.game).title
    try:
        moved, now = _into_slot(path, record, "misplaced")
    except OSError as error:
        return (f"The saved game {path} is a game of {title}, not {get(game).title}; it could not be moved "
                f"({error}), so it was left in place.")
    if moved:
        return f"The saved game {path} is a game of {title}, not {get(game).title}; it was moved to {now.name}."
    return (f"The saved game {path} is a game of {title}, not {get(game).title}; another game of {title} is in "
            f"progress, so it was kept as {now}.")


def _into_slot(path: Path, record: GameRecord, why: str) -> tuple[bool, Path]:
    """Move the save ``path`` into the slot of its game (``record``'s) when that slot is free, else rename it
    aside with ``why`` (``rename_aside``): whether it moved, and where it is now; ``OSError`` if it cannot be
    moved."""
    target = save_path(record.game)
    if os.path.lexists(target):
        return False, rename_aside(path, why)
    os.replace(path, target)
    return True, target


def load_game(game: str) -> tuple[GameRecord | None, list[str]]:
    """The saved record of ``game`` (None if there is none or it cannot be used), and notices about a save
    that had to be set aside."""
    saved, notices = saved_game(game)
    return (saved.record if saved is not None else None), notices


def saved_games() -> tuple[list[SavedGame], list[str]]:
    """Every game in progress, the most recently played first, and notices about saves set aside (an old
    single autosave is first moved to its game's slot). Every slot is read before any is listed: a save
    found in another game's slot moves to its own, which may come earlier."""
    notices = migrate_old_autosave()
    for entry in all_entries():
        notices += saved_game(entry.name)[1]
    found: list[SavedGame] = []
    for entry in all_entries():
        saved, more = saved_game(entry.name)  # each read above, unless a save has just moved in
        notices += more
        if saved is not None:
            found.append(saved)
    return sorted(found, key=lambda saved: -saved.modified), notices


def migrate_old_autosave() -> list[str]:
    """Move the single autosave of earlier versions to its game's slot (its modification time kept, so its
    age reads true); a damaged one is kept aside, and one whose game already has a save is kept beside it,
    renamed. Notices of what was done or went wrong."""
    path = saves_dir() / OLD_AUTOSAVE
    if not os.path.lexists(path):
        return []
    try:
        record = read_record(path)
    except RecordError as error:
        return [f"The saved game could not be read: {error}. {keep_aside(path)}"]
    try:
        moved, now = _into_slot(path, record, "older")
    except OSError as error:
        return [f"The saved game {path} could not be moved to {save_path(record.game).name} ({error}); it was "
                "left in place."]
    return [] if moved else [f"An older saved game of {get(record.game).title} was kept as {now}: another one is "
                             "in progress."]


def rename_aside(path: Path, why: str) -> Path:
    """Rename ``path`` to ``NAME.WHY-YYYYmmdd-HHMMSS`` (never overwriting) and return the new path;
    ``OSError`` if it cannot be renamed."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{why}-{stamp}")
    counter = 1
    while os.path.lexists(target):
        counter += 1
        target = path.with_name(f"{path.name}.{why}-{stamp}-{counter}")
    os.replace(path, target)
    return target


@dataclass
class Statistics:
    """Games played and won by the human player, per game."""

    played: dict[str, int]
    won: dict[str, float]
    hints: dict[str, int] = field(default_factory=dict)
    """Hints asked for at the tables of each game (a file from before hints has none)."""

    def count(self, game: str, share: float) -> None:
        """Count one finished game with the human's share of the win."""
        self.played[game] = self.played.get(game, 0) + 1
        self.won[game] = self.won.get(game, 0.0) + share


def statistics_path() -> Path:
    """Where the statistics live."""
    return user_data_dir() / STATS_FILE


def _counts(path: Path, data: dict[str, Any], key: str, whole: bool) -> dict[str, Any]:
    """``data[key]``: game names to counts of at least 0 (whole numbers if ``whole``; ``read_json`` has
    already refused numbers that are not finite)."""
    counts = data.get(key)
    if not isinstance(counts, dict):
        raise InputError(path, f"must be a mapping of game names to numbers, not {quote(counts)}", key=key)
    kinds = (int,) if whole else (int, float)
    for game, value in counts.items():
        if not game or len(game) > MAX_GAME_NAME_CHARS or not game.isprintable():
            raise InputError(path, f"{quote(game)} is not a game's name", key=key)
        if isinstance(value, bool) or not isinstance(value, kinds) or value < 0:
            kind = "a whole number" if whole else "a number"
            raise InputError(path, f"must be {kind} of at least 0, not {quote(value)}", key=f"{key}.{game}")
    return counts


def _read_statistics(path: Path) -> Statistics:
    data = read_json(path, MAX_STATISTICS_BYTES)
    if not isinstance(data, dict):
        raise InputError(path, "is not a JSON object of statistics")
    played = _counts(path, data, "played", whole=True)
    won = {game: float(value) for game, value in _counts(path, data, "won", whole=False).items()}
    hints = _counts(path, data, "hints", whole=True) if "hints" in data else {}
    for game, share in won.items():
        if share > played.get(game, 0):
            raise InputError(path, f"{share:g} games won of {played.get(game, 0)} played", key=f"won.{game}")
    return Statistics(played, won, hints)


def load_statistics() -> tuple[Statistics | None, list[str]]:
    """The statistics and notices about a file that had to be set aside. None when the file cannot be read
    nor moved aside: it stays as it is, and must not be written over."""
    path = statistics_path()
    if not os.path.lexists(path):
        return Statistics({}, {}), []
    try:
        return _read_statistics(path), []
    except InputError as error:
        notice = f"The statistics could not be read: {error}. {keep_aside(path)}"
        still_there = os.path.lexists(path)  # not moved aside: it must not be written over
        return (None if still_there else Statistics({}, {})), [notice]


def save_statistics(stats: Statistics) -> None:
    """Write the statistics atomically; ``OSError`` if they cannot be written."""
    write_atomic(statistics_path(), json.dumps({"played": stats.played, "won": stats.won, "hints": stats.hints},
                                                   indent=1))


def finish_game(game: str, share: float | None, forget_autosave: bool = True) -> list[str]:
    """Count a finished game of ``game`` in the statistics (``share``: the one human's share of the win;
    None when no single human played it), then delete its save (if ``forget_autosave``): only once the
    statistics that count the game are written, so no failure loses it. Notices of what went wrong;
    nothing raises."""
    notices: list[str] = []
    if share is not None:
        stats, notices = load_statistics()
        if stats is None:
            return notices + ["This game was not counted in the statistics; its autosave is kept."]
        stats.count(game, share)
        try:
            save_statistics(stats)
        except OSError as error:
            return notices + [f"The statistics could not be saved ({error}); this game "
                              f"was not counted and its autosave is kept."]
    if forget_autosave:
        try:
            delete_game(game)
        except OSError as error:
            notices.append(f"The finished game's autosave could not be removed ({error}).")
    return notices
