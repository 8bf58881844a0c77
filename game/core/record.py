"""Game records: variant + seed + actions. Saves, replays, undo and bug reports are all records.

A record keeps the variant's full parameters as well as its name, so it replays identically even after
the variant file has changed or been removed. A game started from a position (``game.core.position``) keeps
the whole position document too, under ``start_position``, and its actions are played on from there.
A record comes from disk (a save, a bug report, a file given to ``replay``), so every value in it is
checked before anything uses it: ``read_record`` reads a file within a size limit, ``GameRecord.from_json``
refuses any value a game could not start from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Iterator

from game.core.bounded import MIB, MAX_TEXT_CHARS, InputError, parse_json, quote, read_text, shorten
from game.core.contracts import Action, Event, GameState, find_action
from game.core.names import name_problem
from game.core.params import did_you_mean, validate
from game.core.position import MAX_SEED, PositionError, state_from_document
from game.core.registry import GameSpec, UnknownGameError, get
from game.core.yaml_reader import MAX_VALUES

RECORD_VERSION = 1
HUMAN = "human"
"""The seat kind of a person at the table; every other seat kind is one of the game's AI levels."""

MAX_RECORD_BYTES = 5 * MIB
"""The largest record file read. The longest of 200 random-play games per game, variant and player count
was 152 KB (Spectral Reapers, 6 players, 6,254 actions); 5 MB holds ``MAX_RECORD_ACTIONS`` such actions,
while a 10 MB file of garbage is refused before it is read."""
MAX_RECORD_ACTIONS = 100_000
"""The most actions a record holds: ``game.core.match.MAX_ACTIONS``, past which no game runs (a longer
game is a rules bug)."""
MAX_ACTION_CHARS = 1_000
"""The longest action text. The longest seen is 62 characters (a Nevermore kill of two cards); a Spectral
Reapers sowing order names each bead in a pit, at most 240 (6 players of 40 beads)."""
MAX_VARIANT_CHARS = 255
"""The longest variant name: a variant is named by its file, and file names stop at 255 characters."""
START_KEY = "start_position"
"""The JSON key of a record's starting position (a bug report's ``position`` key beside the record is the
position the game had reached, which no reader starts from)."""
RECORD_KEYS = ("version", "game", "variant", "params", "players", "seed", "names", "seats", "actions", START_KEY)
REPORT_KEYS = ("report", "position", "position_error")
"""The keys a bug report (``game.storage.reports``) adds beside the record's, which every record reader takes."""


class RecordError(InputError):
    """A record that cannot be read or does not replay; ``str`` is ``file: key: message`` when the file is
    known (``read_record``) and ``key: message`` when only the text was (``GameRecord.from_json``)."""

    def __init__(self, message: str, path: Path | str | None = None, line: int = 0, key: str = "") -> None:
        super().__init__(path, message, line, key)

    def at(self, path: Path | str) -> "RecordError":
        """The same problem, said of the file ``path``."""
        return RecordError(self.message, path, self.line, self.key)



@dataclass(frozen=True)
class ReplayStep:
    """One recorded action as a replay applies it."""

    index: int
    mover: int
    """The seat that made it."""
    action: Action
    events: list[Event]
    state: GameState
    """The game just after it (the live state the replay goes on with: clone it to keep it)."""


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    game: str
    variant: str
    params: dict[str, Any]
    players: int
    seed: int
    actions: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    seats: tuple[str, ...] = field(default=())
    """Each seat's kind (``human`` or an AI level), so a saved game resumes with the same opponents."""
    position: dict[str, Any] | None = None
    """The whole position document the game started from (its header agreeing with this record's game,
    players, parameters and seed), or None for a game from its first deal."""

    def with_action(self, action: Action) -> "GameRecord":
        """This record with one more action played."""
        return replace(self, actions=self.actions + (str(action),))

    def undone(self, count: int = 1) -> "GameRecord":
        """This record without its last ``count`` actions."""
        return replace(self, actions=self.actions[: max(0, len(self.actions) - count)])

    def new_state(self) -> GameState:
        """The game as it stood before any action; ``RecordError`` for a record no game could start from
        (an unknown game, a player count or rule parameters the game does not allow)."""
        spec = _spec(self.game)
        if not spec.players_ok(self.players):
            raise RecordError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, "
                              f"not {self.players}", key="players")
        problems = validate(spec.schema, self.params)
        if problems:
            first = problems[0]
            raise RecordError(f"rule parameter {first.path or '(all)'}: {first.message}", key="params")
        if self.position is not None:
            return _start(self)
        try:
            return spec.new_game(self.params, self.players, self.seed)
        except ValueError as error:  # rules the schema allows but this table cannot start from
            raise RecordError(f"{spec.title} cannot start with these rules: {error}", key="params") from None

    def replay(self) -> GameState:
        """The game after every recorded action, each checked for legality."""
        state = self.new_state()
        for _ in self.replay_steps(state):
            pass
        return state

    def replay_steps(self, state: GameState | None = None, upto: int | None = None) -> Iterator[ReplayStep]:
        """Play the recorded actions (the first ``upto`` of them) on ``state`` (by default the game before
        any), yielding each as it is applied; the one loop that replays a record. ``RecordError`` names an
        action that does not replay."""
        state = state if state is not None else self.new_state()
        for index, text in enumerate(self.actions[:upto]):
            mover = state.current_player()
            try:
                action = find_action(state, text)
                events = state.apply_legal(action)
            except ValueError as error:
                raise RecordError(f"action {index + 1} ({quote(text)}) does not replay: {error}",
                                  key="actions") from None
            yield ReplayStep(index, mover, action, events, state)

    def to_json(self) -> str:
        """The record as JSON text."""
        data = {
            "version": RECORD_VERSION,
            "game": self.game,
            "variant": self.variant,
            "params": self.params,
            "players": self.players,
            "seed": self.seed,
            "names": list(self.names),
            "seats": list(self.seats),
            "actions": list(self.actions),
        }
        if self.position is not None:
            data[START_KEY] = self.position
        return json.dumps(data, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        """Read a record written by ``to_json``, every value checked; a clear ``RecordError`` otherwise."""
        try:
            data = parse_json(text)
        except InputError as error:
            raise RecordError(f"not a Hallowtable game record: {error.message}", line=error.line) from None
        if not isinstance(data, dict):
            raise RecordError("not a Hallowtable game record: it is not a JSON object")
        version = data.get("version")
        if type(version) is not int or version != RECORD_VERSION:
            raise RecordError(f"unsupported record version {quote(version)} (this app reads version "
                              f"{RECORD_VERSION})", key="version")
        _known_keys(data)
        game = _required(data, "game")
        if not isinstance(game, str):
            raise RecordError(f"must be a game's name, not {quote(game)}", key="game")
        spec = _spec(game)
        players = _whole_number(data, "players", spec.min_players, spec.max_players)
        record = cls(
            game=game,
            variant=_variant(_required(data, "variant")),
            params=_params(_required(data, "params")),
            players=players,
            seed=_whole_number(data, "seed", -MAX_SEED, MAX_SEED),
            actions=_actions(_required(data, "actions")),
            names=_names(data.get("names", []), players),
            seats=_seats(data.get("seats", []), players, spec),
        )
        if START_KEY not in data:
            return record
        start = data[START_KEY]
        if not isinstance(start, dict):
            raise RecordError(f"must be a position (a mapping), not {quote(start)}", key=START_KEY)
        record = replace(record, position=_params(start, START_KEY))
        _start(record)  # every key of the position checked now, as every other value is
        return record


def _known_keys(data: dict[str, Any]) -> None:
    """Refuse a key no record has, as a variant does: a misspelt ``seat`` or ``start_positon`` would
    otherwise be passed over, and the game played on without it."""
    known = RECORD_KEYS + REPORT_KEYS
    unknown = [key for key in data if key not in known]
    if unknown:
        more = f" (and {len(unknown) - 1:,} more)" if len(unknown) > 1 else ""
        raise RecordError(f"unknown key{did_you_mean(unknown[0], list(RECORD_KEYS))}{more}; a record's keys are "
                          f"{', '.join(RECORD_KEYS)}", key=shorten(unknown[0]))


def read_record(path: Path) -> GameRecord:
    """The record in the file ``path``, read within ``MAX_RECORD_BYTES``, checked value by value and
    replayed move by move: a record returned here is one the app can play on. ``RecordError`` (naming
    the file) otherwise."""
    try:
        record = GameRecord.from_json(read_text(path, MAX_RECORD_BYTES))
        record.replay()
    except RecordError as error:
        raise error.at(path) from None
    except InputError as error:
        raise RecordError(error.message, path, error.line, error.key) from None
    return record


def _spec(game: str) -> GameSpec:
    try:
        return get(game)
    except UnknownGameError as error:
        raise RecordError(str(error), key="game") from None


def _required(data: dict[str, Any], key: str) -> Any:
    if key not in data:
        raise RecordError("is missing", key=key)
    return data[key]


def _whole_number(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = _required(data, key)
    if type(value) is not int or not low <= value <= high:
        raise RecordError(f"must be a whole number from {low:,} to {high:,}, not {quote(value)}", key=key)
    return value


def _variant(value: Any) -> str:
    """A variant's name, as printed and drawn: a control or right-to-left character is refused, as in a
    variant's file name."""
    if not isinstance(value, str) or not value or len(value) > MAX_VARIANT_CHARS or not value.isprintable():
        raise RecordError(f"must be a variant's name of 1 to {MAX_VARIANT_CHARS} characters that can be shown, "
                          f"not {quote(value)}", key="variant")
    return value


def _start(record: GameRecord) -> GameState:
    """The state of ``record``'s starting position; ``RecordError`` at the position's key (``start_position.
    seats[2].hand``) for anything wrong in it, or in how its header agrees with the record's."""
    position = record.position
    assert position is not None
    header = {"game": record.game, "params": record.params, "players": record.players, "seed": record.seed}
    for key, value in header.items():
        given = position.get(key, 0 if key == "seed" else value)  # a position without a seed has seed 0
        if given != value:
            raise RecordError(f"is {quote(given)}, but the record's {key} is {quote(value)}",
                              key=f"{START_KEY}.{key}")
    try:
        return state_from_document(position, record.game).state
    except PositionError as error:
        first = error.problems[0]
        more = len(error.problems) - 1
        also = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise RecordError(first.message + also, key=".".join(filter(None, [START_KEY, first.key]))) from None
    except (LookupError, TypeError, AttributeError) as error:  # a game's reader that missed a case (its
        # property tests say it never does): a save read at start-up must still not stop the app
        raise RecordError(f"the game cannot start from this position ({type(error).__name__}: {error})",
                          key=START_KEY) from None


def _params(value: Any, key: str = "params") -> dict[str, Any]:
    """The rule parameters (or a starting position: ``key``) as a mapping within a variant file's limits
    (the game's schema, or the game's position reader, checks the rest, in ``new_state``)."""
    if not isinstance(value, dict):
        raise RecordError(f"must be a mapping of rule parameters, not {quote(value)}", key=key)
    count = 0
    pending: list[Any] = [value]
    while pending:
        item = pending.pop()
        count += 1
        if count > MAX_VALUES:
            raise RecordError(f"holds more than {MAX_VALUES:,} values, more than any variant or position",
                              key=key)
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and len(item) > MAX_TEXT_CHARS:
            raise RecordError(f"holds a text of {len(item):,} characters; at most {MAX_TEXT_CHARS:,} are read",
                              key=key)
    return value


def _actions(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise RecordError(f"must be a list of actions, not {quote(value)}", key="actions")
    if len(value) > MAX_RECORD_ACTIONS:
        raise RecordError(f"holds {len(value):,} actions; no game runs past {MAX_RECORD_ACTIONS:,}", key="actions")
    for index, action in enumerate(value):
        if not isinstance(action, str) or not 0 < len(action) <= MAX_ACTION_CHARS:
            raise RecordError(f"action {index + 1} must be a text of 1 to {MAX_ACTION_CHARS:,} characters, "
                              f"not {quote(action)}", key="actions")
    return tuple(value)


def _per_player(value: Any, key: str, players: int) -> list[Any]:
    """A list that is empty or holds exactly one item per player."""
    if not isinstance(value, list):
        raise RecordError(f"must be a list, not {quote(value)}", key=key)
    if len(value) not in (0, players):
        raise RecordError(f"must give one per player ({players}) or none, not {len(value)}", key=key)
    return value


def _names(value: Any, players: int) -> tuple[str, ...]:
    names = _per_player(value, "names", players)
    for seat, name in enumerate(names):
        problem = name_problem(name)
        if problem:
            raise RecordError(f"seat {seat + 1}'s name {problem}", key="names")
    return tuple(names)


def _seats(value: Any, players: int, spec: GameSpec) -> tuple[str, ...]:
    seats = _per_player(value, "seats", players)
    for seat, kind in enumerate(seats):
        if not isinstance(kind, str) or (kind != HUMAN and kind not in spec.agents):
            known = ", ".join([HUMAN, *spec.agents])
            raise RecordError(f"seat {seat + 1} is {quote(kind)}, not a seat kind of {spec.title} ({known})",
                              key="seats")
    return tuple(seats)
