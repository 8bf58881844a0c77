"""A table ready to play: game, variant, seats and seed, as chosen in the setup scene or on the command line."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.agent import LEVELS
from game.core.record import HUMAN, GameRecord

SEAT_KINDS: tuple[str, ...] = (HUMAN,) + LEVELS
DEFAULT_NAMES: tuple[str, ...] = ("Ann", "Boris", "Cleo", "Dmitri", "Edith", "Fang", "Gus", "Hecate")


def new_seed() -> int:
    """A fresh seed for a game the player did not seed."""
    return random.SystemRandom().randrange(1, 2**31)


@dataclass(frozen=True)
class MatchSetup:
    """Everything a table needs to start a game (or resume a saved one)."""

    game: str
    variant: str
    params: dict[str, Any]
    seats: tuple[str, ...]
    """``human`` or an AI level, one per seat."""
    names: tuple[str, ...]
    seed: int
    position: dict[str, Any] | None = None
    """The position document the game starts from (``GameRecord.position``), or None for a first deal."""

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.seats)

    def record(self) -> GameRecord:
        """The empty record of this game."""
        return GameRecord(self.game, self.variant, dict(self.params), self.players, self.seed,
                          names=self.names, seats=self.seats, position=self.position)

    @classmethod
    def from_record(cls, record: GameRecord) -> "MatchSetup":
        """The setup of a saved game (its actions are replayed by the table)."""
        seats = record.seats or (HUMAN,) + ("normal",) * (record.players - 1)
        names = record.names or default_names(seats)
        return cls(record.game, record.variant, dict(record.params), tuple(seats), tuple(names), record.seed,
                   record.position)


def default_names(seats: tuple[str, ...], human_name: str = "Morgan") -> tuple[str, ...]:
    """Names for seats, as the setup scene offers them: the first human is the player, the rest get
    the table's names (plain names: logs read "Boris plays", and plates have no room for levels)."""
    names: list[str] = []
    for index, kind in enumerate(seats):
        if kind == HUMAN and human_name not in names:
            names.append(human_name)
        else:
            names.append(DEFAULT_NAMES[index % len(DEFAULT_NAMES)])
    return tuple(names)
