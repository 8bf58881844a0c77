"""A variant's parameters (``Config``, whose fields are the variant schema) and the phase names of a trick."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Mapping

from game.core.config import rule, rule_list, schema_of

PLAY, DECLARE, PICK, OVER = "play", "declare", "pick", "over"


@dataclass(frozen=True)
class CandyKind:
    """One kind of candy in the supply."""

    name: str = rule(str, "what the candy is called (unique; actions say 'take NAME')")
    value: int = rule(int, "points each piece scores at the end (0 or below for nasty candy)", low=-10, high=10)
    count: int = rule(int, "this kind's share of the supply, in parts (see supply_per_player)", low=1, high=1000)
    look: str = rule(str, "how the table draws it (a colour or wrapper name for the scene)")


@dataclass(frozen=True)
class Config:
    """A variant's parameters as plain, immutable data (also carried by observations)."""

    supply_per_player: int = rule(int, "candies in the supply for each player at the start", low=1, high=200)
    jokers: bool = rule(bool, "play with the two jokers (54 cards) or without them (52)")
    bigger_jackpots: bool = rule(bool, "the Bigger Jackpots variant rule")
    first_dealer: str = rule(str, "who deals first: random (our ruling) or the first seat",
                             choices=("random", "first-seat"))
    short_top_up: str = rule(str, "a supply too small for a full top-up: all of it goes in and the trick is "
                                  "played (all-in, our ruling), or the game ends (end-game)",
                             choices=("all-in", "end-game"), labels={"end-game": "Game ends"})
    every_tie_skips: bool = rule(bool, "every player whose card ties another takes no candy (true, our ruling); "
                                       "false: only the players tied for the highest card")
    joker_jackpot_dealer: str = rule(str, "who deals after a joker jackpot: the coloured joker's player (our "
                                          "ruling) or the dealer stays", choices=("coloured-joker", "dealer-stays"),
                                     labels={"coloured-joker": "Coloured joker's player"})
    candy: tuple[CandyKind, ...] = rule_list(CandyKind, "the kinds of candy in the supply",
                                             item_doc="One kind of candy.", min_len=1, max_len=12)

    @cached_property
    def kinds(self) -> tuple[str, ...]:
        """Each kind's name as actions say it (``take NAME``), in the variant's order."""
        return tuple(kind.name.strip() for kind in self.candy)

    @cached_property
    def values(self) -> tuple[int, ...]:
        """Each kind's points a piece, by kind (read at every score and by every bot's weighing)."""
        return tuple(kind.value for kind in self.candy)

    @cached_property
    def looks(self) -> tuple[str, ...]:
        """Each kind's look, by kind (the table draws candy by it)."""
        return tuple(kind.look for kind in self.candy)

    @property
    def deck_size(self) -> int:
        """54 cards with the jokers, 52 without."""
        return 54 if self.jokers else 52

    def supply_counts(self, players: int) -> list[int]:
        """How many of each kind the starting supply holds: ``supply_per_player * players`` pieces shared
        among the kinds in proportion to their ``count`` (largest remainder; earlier kinds win ties)."""
        total = self.supply_per_player * players
        parts = sum(kind.count for kind in self.candy)
        exact = [total * kind.count / parts for kind in self.candy]
        counts = [int(x) for x in exact]
        order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - counts[i]), i))
        for i in order[: total - sum(counts)]:
            counts[i] += 1
        return counts


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Candy names must be unique and not blank: actions and positions name a kind by it."""
    problems: list[tuple[str, str]] = []
    seen: set[str] = set()
    for index, kind in enumerate(values["candy"]):
        name = kind["name"].strip()
        if not name:
            problems.append((f"candy[{index}].name", "must not be empty"))
        elif name in seen:
            problems.append((f"candy[{index}].name", f"{name!r} is used twice; candy names must be unique"))
        seen.add(name)
    return problems


SCHEMA = schema_of(Config, "Trick or Treat rules.", _check)
