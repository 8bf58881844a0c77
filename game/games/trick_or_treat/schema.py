"""The Trick or Treat variant schema: every rule parameter, with its type and range."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.params import ListOf, Param, Record

CANDY_KIND = Record(
    {
        "name": Param(str, "what the candy is called (unique; actions say 'take NAME')"),
        "value": Param(int, "points each piece scores at the end (0 or below for nasty candy)", min=-10, max=10),
        "count": Param(int, "this kind's share of the supply, in parts (see supply_per_player)", min=1, max=1000),
        "look": Param(str, "how the table draws it (a colour or wrapper name for the scene)"),
    },
    doc="One kind of candy.",
)


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
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


SCHEMA = Record(
    {
        "supply_per_player": Param(int, "candies in the supply for each player at the start", min=1, max=200),
        "jokers": Param(bool, "play with the two jokers (54 cards) or without them (52)"),
        "bigger_jackpots": Param(bool, "the Bigger Jackpots variant rule"),
        "first_dealer": Param(str, "who deals first: random (our ruling) or the first seat",
                              choices=("random", "first-seat")),
        "short_top_up": Param(str, "a supply too small for a full top-up: all of it goes in and the trick is "
                                   "played (all-in, our ruling), or the game ends (end-game)",
                              choices=("all-in", "end-game"), labels={"end-game": "Game ends"}),
        "every_tie_skips": Param(bool, "every player whose card ties another takes no candy (true, our ruling); "
                                       "false: only the players tied for the highest card"),
        "joker_jackpot_dealer": Param(str, "who deals after a joker jackpot: the coloured joker's player (our "
                                           "ruling) or the dealer stays", choices=("coloured-joker", "dealer-stays"),
                                      labels={"coloured-joker": "Coloured joker's player"}),
        "candy": ListOf(CANDY_KIND, "the kinds of candy in the supply", min_len=1, max_len=12),
    },
    doc="Trick or Treat rules.",
    check=_check,
)
