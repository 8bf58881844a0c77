"""Spectral Reapers rules: colours, phases, end reasons and the variant ``Config``."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

COLOUR_LETTERS = "RGBYPW"
COLOUR_NAMES = ("red", "green", "blue", "yellow", "purple", "white")

PLACE = "place"
SOW = "sow"
CAPTURE = "capture"
OVER = "over"

MIN_RING = 3
"""Fewest pits on the ring: a lap skips the lifted pit, so a ring of two would sow every bead into one pit."""

END_THRESHOLD = "threshold"
END_SAFETY = "safety"
END_STUCK = "stuck"


@dataclass(frozen=True)
class Config:
    """The rule parameters of one game (the variant's keys, as numbers)."""

    beads_per_player: int = 11
    pits_per_player: int = 2
    placement_pits: int = 3
    placement_min: int = 3
    placement_max: int = 4
    capture_count: int = 2
    end_threshold: int = 1
    safety_bound: int = 200
    order_choices_cap: int = 120

    @classmethod
    def from_params(cls, params: Mapping[str, Any] | None) -> "Config":
        """The config of a variant's parameters (missing keys take the standard value)."""
        params = params or {}
        return cls(**{f.name: int(params[f.name]) for f in fields(cls) if f.name in params})

    def as_params(self) -> dict[str, int]:
        """The variant parameters of this config."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def ring_problem(self, players: int) -> str | None:
        """Why ``players`` cannot play on this config's ring, or None (the schema asks it for every player
        count, so a variant that validates can always start)."""
        ring = self.pits_per_player * players
        if ring < MIN_RING:
            return f"a ring of {ring} pits ({players} players) is too small: it needs at least {MIN_RING}"
        if ring < self.placement_pits:
            return f"a ring of {ring} pits ({players} players) has fewer than placement_pits ({self.placement_pits})"
        return None
