"""A variant's parameters (``Rules``) and the phase names of a trick."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class Rules:
    """A variant's parameters as plain, immutable data (also carried by observations)."""

    kinds: tuple[str, ...]
    values: tuple[int, ...]
    looks: tuple[str, ...]
    counts: tuple[int, ...]
    supply_per_player: int
    jokers: bool
    bigger_jackpots: bool
    first_dealer: str
    short_top_up: str
    every_tie_skips: bool
    joker_jackpot_dealer: str

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> "Rules":
        candy = params["candy"]
        return cls(
            kinds=tuple(str(k["name"]).strip() for k in candy),
            values=tuple(int(k["value"]) for k in candy),
            looks=tuple(str(k["look"]) for k in candy),
            counts=tuple(int(k["count"]) for k in candy),
            supply_per_player=int(params["supply_per_player"]),
            jokers=bool(params["jokers"]),
            bigger_jackpots=bool(params["bigger_jackpots"]),
            first_dealer=str(params["first_dealer"]),
            short_top_up=str(params["short_top_up"]),
            every_tie_skips=bool(params["every_tie_skips"]),
            joker_jackpot_dealer=str(params["joker_jackpot_dealer"]),
        )

    @property
    def deck_size(self) -> int:
        return 54 if self.jokers else 52

    def supply_counts(self, players: int) -> list[int]:
        """How many of each kind the starting supply holds: ``supply_per_player * players`` pieces shared
        among the kinds in proportion to their ``count`` (largest remainder; earlier kinds win ties)."""
        total = self.supply_per_player * players
        parts = sum(self.counts)
        exact = [total * c / parts for c in self.counts]
        counts = [int(x) for x in exact]
        order = sorted(range(len(exact)), key=lambda i: (-(exact[i] - counts[i]), i))
        for i in order[: total - sum(counts)]:
            counts[i] += 1
        return counts


PLAY, DECLARE, PICK, OVER = "play", "declare", "pick", "over"
