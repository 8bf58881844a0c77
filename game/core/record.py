"""Game records: variant + seed + actions. Saves, replays, undo and bug reports are all records.

A record keeps the variant's full parameters as well as its name, so it replays identically even after
the variant file has changed or been removed. A record comes from disk (a save, a bug report, a file
given to ``replay``), so every value in it is checked before anything uses it: ``read_record`` reads a
file within a size limit, ``GameRecord.from_json`` refuses any value a game could not start from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.core.bounded import MIB, MAX_TEXT_CHARS, InputError, parse_json, quote, read_text
from game.core.contracts import Action, GameState, find_action
from game.core.names import name_problem
from game.core.params import validate
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
MAX_SEED = 2**64 - 1
"""The largest seed (either sign): any 64-bit seed; the app draws its own below 2**31."""


class RecordError(InputError):
    """A record that cannot be read or does not replay; ``str`` is ``file: key: message`` when the file is
    known (``read_record``) and ``key: message`` when only the text was (``GameRecord.from_json``)."""

    def __init__(self, message: str, path: Path | str | None = None, line: int = 0, key: str = "") -> None:
        super().__init__(path, message, line, key)

    def at(self, path: Path | str) -> "RecordError":
        """The same problem, said of the file ``path``."""
        return RecordError(self.message, path, self.line, self.key)



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
        try:
            return spec.new_game(self.params, self.players, self.seed)
        except ValueError as error:  # rules the schema allows but this table cannot start from
            raise RecordError(f"{spec.title} cannot start with these rules: {error}", key="params") from None

    def replay(self) -> GameState:
        """The game after every recorded action, each checked for legality."""
        state = self.new_state()
        for index, text in enumerate(self.actions):
            try:
                state.apply_legal(find_action(state, text))
            except ValueError as error:
                raise RecordError(f"action {index + 1} ({quote(text)}) does not replay: {error}",
                                  key="actions") from None
        return state

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
        game = _required(data, "game")
        if not isinstance(game, str):
            raise RecordError(f"must be a game's name, not {quote(game)}", key="game")
        spec = _spec(game)
        players = _whole_number(data, "players", spec.min_players, spec.max_players)
        return cls(
            game=game,
            variant=_variant(_required(data, "variant")),
            params=_params(_required(data, "params")),
            players=players,
            seed=_whole_number(data, "seed", -MAX_SEED, MAX_SEED),
            actions=_actions(_required(data, "actions")),
            names=_names(data.get("names", []), players),
            seats=_seats(data.get("seats", []), players, spec),
        )


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
    if not isinstance(value, str) or not value or len(value) > MAX_VARIANT_CHARS:
        raise RecordError(f"must be a variant's name of 1 to {MAX_VARIANT_CHARS} characters, not {quote(value)}",
                          key="variant")
    return value


def _params(value: Any) -> dict[str, Any]:
    """The rule parameters as a mapping within a variant file's limits (the game's schema checks the rest,
    in ``new_state``)."""
    if not isinstance(value, dict):
        raise RecordError(f"must be a mapping of rule parameters, not {quote(value)}", key="params")
    count = 0
    pending: list[Any] = [value]
    while pending:
        item = pending.pop()
        count += 1
        if count > MAX_VALUES:
            raise RecordError(f"holds more than {MAX_VALUES:,} values, more than any variant", key="params")
        if isinstance(item, dict):
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
        elif isinstance(item, str) and len(item) > MAX_TEXT_CHARS:
            raise RecordError(f"holds a text of {len(item):,} characters; at most {MAX_TEXT_CHARS:,} are read",
                              key="params")
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
