"""Game records: variant + seed + actions. Saves, replays, undo and bug reports are all records.

A record keeps the variant's full parameters as well as its name, so it replays identically even after
the variant file has changed or been removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from typing import Any

from game.core.contracts import Action, GameState, find_action
from game.core.params import validate
from game.core.registry import UnknownGameError, get

RECORD_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or does not replay."""


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
        try:
            spec = get(self.game)
        except UnknownGameError as error:
            raise RecordError(str(error)) from None
        if not spec.players_ok(self.players):
            raise RecordError(f"{spec.title} is for {spec.min_players} to {spec.max_players} players, "
                              f"not {self.players}")
        problems = validate(spec.schema, self.params)
        if problems:
            first = problems[0]
            raise RecordError(f"rule parameter {first.path or '(all)'}: {first.message}")
        return spec.new_game(self.params, self.players, self.seed)

    def replay(self) -> GameState:
        """The game after every recorded action, each checked for legality."""
        state = self.new_state()
        for index, text in enumerate(self.actions):
            try:
                state.apply_legal(find_action(state, text))
            except ValueError as error:
                raise RecordError(f"action {index + 1} ({text!r}) does not replay: {error}") from None
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
        """Read a record written by ``to_json``; a clear ``RecordError`` otherwise."""
        try:
            data = json.loads(text)
            if data.get("version") != RECORD_VERSION:
                raise RecordError(f"unsupported record version {data.get('version')!r}")
            return cls(
                game=str(data["game"]),
                variant=str(data["variant"]),
                params=dict(data["params"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                actions=tuple(str(a) for a in data["actions"]),
                names=tuple(str(n) for n in data.get("names", ())),
                seats=tuple(str(s) for s in data.get("seats", ())),
            )
        except (json.JSONDecodeError, KeyError, TypeError, AttributeError, ValueError) as error:
            if isinstance(error, RecordError):
                raise
            raise RecordError(f"not a Hallowtable game record: {error}") from None
