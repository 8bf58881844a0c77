"""A table ready to play: game, variant, seats and seed, as chosen in the setup scene or on the command line."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.core.agent import LEVELS
from game.core.record import GameRecord

HUMAN = "human"
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

    @property
    def players(self) -> int:
        """How many seats."""
        return len(self.seats)

    def record(self) -> GameRecord:
        """The empty record of this game."""
        return GameRecord(self.game, self.variant, dict(self.params), self.players, self.seed,
                          names=self.names, seats=self.seats)

    @classmethod
    def from_record(cls, record: GameRecord) -> "MatchSetup":
        """The setup of a saved game (its actions are replayed by the table)."""
        seats = record.seats or (HUMAN,) + ("normal",) * (record.players - 1)
        names = record.names or default_names(seats)
        return cls(record.game, record.variant, dict(record.params), tuple(seats), tuple(names), record.seed)


def default_names(seats: tuple[str, ...], human_name: str = "Morgan") -> tuple[str, ...]:
    """Names for seats: the first human is the player; AI seats get a name and their level."""
    names: list[str] = []
    first_human = True
    for index, kind in enumerate(seats):
        if kind == HUMAN and first_human:
            names.append(human_name)
            first_human = False
        elif kind == HUMAN:
            names.append(DEFAULT_NAMES[index % len(DEFAULT_NAMES)])
        else:
            names.append(f"{DEFAULT_NAMES[index % len(DEFAULT_NAMES)]} ({kind})")
    return tuple(names)
