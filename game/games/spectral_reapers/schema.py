"""The Spectral Reapers variant schema: every rule parameter, its type and range."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.params import Param, Record


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    pits, low, high = values["placement_pits"], values["placement_min"], values["placement_max"]
    beads = values["beads_per_player"]
    if low > high:
        problems.append(("placement_min", f"must not be above placement_max ({high})"))
    elif not pits * low <= beads <= pits * high:
        problems.append(("beads_per_player", f"{beads} beads cannot go into {pits} pits of {low} to {high} each"))
    if pits > 2 * values["pits_per_player"]:
        problems.append(("placement_pits", f"a 2-player ring has only {2 * values['pits_per_player']} pits"))
    if values["end_threshold"] >= beads:
        problems.append(("end_threshold", f"must be below beads_per_player ({beads})"))
    return problems


SCHEMA = Record(
    {
        "beads_per_player": Param(int, "Beads of each player's colour (the rulebook: 11).", 2, 40),
        "pits_per_player": Param(int, "Pits on the ring per player (the rulebook: 2, a ring of 2N).", 1, 4),
        "placement_pits": Param(int, "Phase 1: distinct pits each player fills (the rulebook: 3).", 1, 8),
        "placement_min": Param(int, "Phase 1: fewest beads of one's colour in a chosen pit (3).", 1, 20),
        "placement_max": Param(int, "Phase 1: most beads of one's colour in a chosen pit (4).", 1, 20),
        "capture_count": Param(int, "A capture needs the last pit to hold exactly this many of your colour (2).",
                               1, 10),
        "end_threshold": Param(int, "The game ends when a colour is down to this many beads on the board (1).",
                               1, 20),
        "safety_bound": Param(int, "Our ruling: this many sowings in a row without a capture end the game (200).",
                              10, 100000),
        "order_choices_cap": Param(int, "Most distinct sowing orders offered in one decision; a bigger pit is "
                                        "ordered in parts (120).", 6, 5000),
    },
    doc="Spectral Reapers rule parameters.",
    check=_check,
)
