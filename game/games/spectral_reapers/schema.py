"""The Spectral Reapers variant schema: every rule parameter, its type and range.

The ranges keep every game short enough to simulate: the normal AI scores every placement and every
sowing order it is offered, so bigger pits, more offered orders and a later safety bound each multiply
the time a game takes (a variant with ``safety_bound: 100000`` and no captures ran for hours).
"""

from __future__ import annotations

from typing import Any, Mapping

from game.core.params import Param, Record
from game.games.spectral_reapers.rules.config import COLOUR_LETTERS, Config
from game.games.spectral_reapers.rules.orders import placement_count

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
    config = Config.from_params(values)
    for players in PLAYER_COUNTS:
        ring_problem = config.ring_problem(players)
        if ring_problem is not None:
            return [("pits_per_player" if pits <= values["pits_per_player"] * players else "placement_pits",
                     ring_problem)]
    most = placement_count(values["pits_per_player"] * PLAYER_COUNTS[-1], config)
    if most > MAX_PLACEMENTS:
        problems.append(("placement_pits", f"offers {most:,} ways to place one's beads at {PLAYER_COUNTS[-1]} "
                                           f"players, more than the {MAX_PLACEMENTS:,} a player may be offered"))
    return problems


SCHEMA = Record(
    {
        "beads_per_player": Param(int, "Beads of each player's colour (the rulebook: 11).", 2, MAX_BEADS),
        "pits_per_player": Param(int, "Pits on the ring per player (the rulebook: 2, a ring of 2N; at least 2, "
                                      "as 2 players need a ring of 3 or more).", 2, 4),
        "placement_pits": Param(int, "Phase 1: distinct pits each player fills (the rulebook: 3).", 1, 8),
        "placement_min": Param(int, "Phase 1: fewest beads of one's colour in a chosen pit (3).", 1, 20),
        "placement_max": Param(int, "Phase 1: most beads of one's colour in a chosen pit (4).", 1, 20),
        "capture_count": Param(int, "A capture needs the last pit to hold exactly this many of your colour (2).",
                               1, 10),
        "end_threshold": Param(int, "The game ends when a colour is down to this many beads on the board (1).",
                               1, 20),
        "safety_bound": Param(int, "Our ruling: this many sowings in a row without a capture end the game (200).",
                              10, MAX_SAFETY_BOUND),
        "order_choices_cap": Param(int, "Most distinct sowing orders offered in one decision; a bigger pit is "
                                        "ordered in parts (120).", 6, MAX_ORDER_CHOICES),
    },
    doc="Spectral Reapers rule parameters.",
    check=_check,
)
