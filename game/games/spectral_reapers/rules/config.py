"""Spectral Reapers rules: colours, phases, end reasons and the variant ``Config``, whose fields are the schema.

The ranges keep every game short enough to simulate: the normal AI scores every placement and every
sowing order it is offered, so bigger pits, more offered orders and a later safety bound each multiply
the time a game takes (a variant with ``safety_bound: 100000`` and no captures ran for hours).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb
from typing import Any, Mapping

from game.core.config import config_from, params_of, rule, schema_of

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

PLAYER_COUNTS = range(2, len(COLOUR_LETTERS) + 1)
"""Every table the game allows (a colour each), all checked by ``_check``."""
MAX_PLACEMENTS = 10_000
"""Most ways one player may place their beads in phase 1 (pits chosen times splits of the beads): every one
is a legal action the AI scores; the rulebook's game has 660 at 6 players, and 735,471 took 45 s a player."""
MAX_BEADS = 16
"""Most beads of each colour: the rulebook has 11, our Harvest 14. More beads make bigger pits with more
sowing orders to score and more captures before a colour runs out, each of which restarts the safety
bound: at 6 players a game of 16 beads took 4 to 18 s (CPU, normal AI), one of 20 beads up to 17 s, 40
beads minutes."""
MAX_SAFETY_BOUND = 200
"""Latest safety bound: our ruling's 200, which a variant may shorten but not stretch. A game without
captures lasts this many sowings, 3 to 5.5 s at 6 players with the normal AI (100,000 ran for hours and
went past the match runner's action limit)."""
MAX_ORDER_CHOICES = 120
"""Most sowing orders offered in one decision: 120 (5!) is the standard. The cap changes no rule (a
bigger pit is ordered in parts, every order stays reachable); a higher one makes each decision slower to
score and to show (at 720 a game took four times as long; at 5,000 a decision offered 32,801 actions)."""


@dataclass(frozen=True)
class Config:
    """The rule parameters of one game (the variant's keys, as numbers)."""

    beads_per_player: int = rule(int, "Beads of each player's colour (the rulebook: 11).", low=2, high=MAX_BEADS)
    pits_per_player: int = rule(int, "Pits on the ring per player (the rulebook: 2, a ring of 2N; at least 2, "
                                     "as 2 players need a ring of 3 or more).", low=2, high=4)
    placement_pits: int = rule(int, "Phase 1: distinct pits each player fills (the rulebook: 3).", low=1, high=8)
    placement_min: int = rule(int, "Phase 1: fewest beads of one's colour in a chosen pit (3).", low=1, high=20)
    placement_max: int = rule(int, "Phase 1: most beads of one's colour in a chosen pit (4).", low=1, high=20)
    capture_count: int = rule(int, "A capture needs the last pit to hold exactly this many of your colour (2).",
                              low=1, high=10)
    end_threshold: int = rule(int, "The game ends when a colour is down to this many beads on the board (1).",
                              low=1, high=20)
    safety_bound: int = rule(int, "Our ruling: this many sowings in a row without a capture end the game (200).",
                             low=10, high=MAX_SAFETY_BOUND)
    order_choices_cap: int = rule(int, "Most distinct sowing orders offered in one decision; a bigger pit is "
                                       "ordered in parts (120).", low=6, high=MAX_ORDER_CHOICES)

    def ring_problem(self, players: int) -> str | None:
        """Why ``players`` cannot play on this config's ring, or None (the schema asks it for every player
        count, so a variant that validates can always start)."""
        ring = self.pits_per_player * players
        if ring < MIN_RING:
            return f"a ring of {ring} pits ({players} players) is too small: it needs at least {MIN_RING}"
        if ring < self.placement_pits:
            return f"a ring of {ring} pits ({players} players) has fewer than placement_pits ({self.placement_pits})"
        return None

    def placement_count(self, ring: int) -> int:
        """How many placements a player is offered on a ring of ``ring`` pits, counted without listing them:
        the choices of pits times the ways to split the beads among them."""
        splits = [1] + [0] * self.beads_per_player  # splits[b]: ways to share b beads among the pits so far
        for _ in range(self.placement_pits):
            splits = [sum(splits[b - c] for c in range(self.placement_min, self.placement_max + 1) if c <= b)
                      for b in range(self.beads_per_player + 1)]
        return comb(ring, self.placement_pits) * splits[self.beads_per_player]


STANDARD = Config(beads_per_player=11, pits_per_player=2, placement_pits=3, placement_min=3, placement_max=4,
                  capture_count=2, end_threshold=1, safety_bound=200, order_choices_cap=120)
"""The rulebook's game (the standard variant's values): what a test or a position leaves unsaid."""


def config_of(config: Config | Mapping[str, Any] | None) -> Config:
    """A game's config from a ``Config`` or a variant's parameters (a key left out takes the standard value)."""
    if isinstance(config, Config):
        return config
    return config_from(Config, {**params_of(STANDARD), **(config or {})})


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the ranges cannot say, and what starting a game checks, at every player count."""
    problems: list[tuple[str, str]] = []
    pits, low, high = values["placement_pits"], values["placement_min"], values["placement_max"]
    beads = values["beads_per_player"]
    if low > high:
        problems.append(("placement_min", f"must not be above placement_max ({high})"))
    elif not pits * low <= beads <= pits * high:
        problems.append(("beads_per_player", f"{beads} beads cannot go into {pits} pits of {low} to {high} each"))
    if values["end_threshold"] >= beads:
        problems.append(("end_threshold", f"must be below beads_per_player ({beads})"))
    if problems:
        return problems
    config = config_of(values)
    for players in PLAYER_COUNTS:
        ring_problem = config.ring_problem(players)
        if ring_problem is not None:
            return [("pits_per_player" if pits <= values["pits_per_player"] * players else "placement_pits",
                     ring_problem)]
    most = config.placement_count(values["pits_per_player"] * PLAYER_COUNTS[-1])
    if most > MAX_PLACEMENTS:
        problems.append(("placement_pits", f"offers {most:,} ways to place one's beads at {PLAYER_COUNTS[-1]} "
                                           f"players, more than the {MAX_PLACEMENTS:,} a player may be offered"))
    return problems


SCHEMA = schema_of(Config, "Spectral Reapers rule parameters.", _check)
