"""The Reapers variant schema: every rule number and every ruling that is a choice."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.params import Param, Record

COUNTS = (3, 4, 5)


def _count_record(players: int) -> Record:
    return Record(
        {
            "remove_high_rank": Param(bool, f"Remove the highest rank (the 10s) from the deck with {players} players"),
            "piles_of_three": Param(int, "Face-up piles of 3 cards dealt for the draft", min=0, max=30),
            "piles_of_two": Param(int, "Face-up piles of 2 cards (pairs) dealt for the draft", min=0, max=30),
            "pairs_per_player": Param(int, "Pairs every player must take (and may not exceed) in the draft",
                                      min=0, max=5),
            "hands": Param(int, "Hands in a game", min=1, max=30),
            "bonus_fewest": Param(int, "Bonus for a winning '<' (fewest points) wager", min=-100, max=200),
            "bonus_second": Param(int, "Bonus for a winning '2nd' (second most points) wager", min=-100, max=200),
            "bonus_none": Param(int, "Bonus for playing no wager", min=-100, max=200),
        },
        doc=f"Numbers for {players} players",
    )


def deck_size(params: Mapping[str, Any], players: int) -> int:
    """Cards in the deck for this many players."""
    deck = params["deck"]
    ranks = deck["high_rank"] - deck["low_rank"] + 1
    if params[f"players_{players}"]["remove_high_rank"]:
        ranks -= 1
    return 4 * (ranks + 1) + deck["reapers"]


def _check(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    deck = params["deck"]
    if deck["high_rank"] < deck["low_rank"] + 1:
        problems.append(("deck.high_rank", "must be above low_rank"))
        return problems
    if deck["demon_value"] <= deck["high_rank"]:
        problems.append(("deck.demon_value", "must be above high_rank (the Demon is the highest card of its suit)"))
    for players in COUNTS:
        key = f"players_{players}"
        count = params[key]
        cards = deck_size(params, players)
        piles = count["piles_of_three"] + count["piles_of_two"]
        dealt = 3 * count["piles_of_three"] + 2 * count["piles_of_two"]
        if dealt != cards - 1:
            problems.append((key, f"piles hold {dealt} cards but the deck less the trump card has {cards - 1}"))
            continue
        if piles < 2 or (piles - 1) % players:
            problems.append((key, f"{piles} piles less the Graveyard cannot be shared by {players} players"))
            continue
        picks = (piles - 1) // players
        pairs = count["pairs_per_player"]
        if pairs > picks:
            problems.append((key + ".pairs_per_player", f"must be at most the {picks} picks each player makes"))
        elif count["piles_of_two"] < players * pairs or count["piles_of_two"] > players * pairs + 1:
            problems.append((key + ".piles_of_two", f"must be {players * pairs} or {players * pairs + 1} "
                                                    f"with {pairs} pair(s) a player"))
        elif count["piles_of_three"] < players * (picks - pairs):
            problems.append((key + ".piles_of_three", "too few piles of 3 for every player's picks"))
    return problems


SCHEMA = Record(
    {
        "deck": Record(
            {
                "low_rank": Param(int, "Lowest rank in each of the four suits", min=1, max=20),
                "high_rank": Param(int, "Highest numbered rank in each suit (removed with some player counts)",
                                   min=2, max=30),
                "demon_value": Param(int, "Value of a Demon wherever values are compared", min=2, max=40),
                "reapers": Param(int, "Reapers in the deck", min=0, max=8),
            },
            doc="The deck: four suits of numbered cards and one Demon each, plus Reapers",
        ),
        "players_3": _count_record(3),
        "players_4": _count_record(4),
        "players_5": _count_record(5),
        "wagers": Record(
            {
                "fewest_ties_share": Param(bool, "RULING: players tied for the fewest points all win '<'"),
                "second_rule": Param(str, "RULING: who is 'second most': competition = exactly one other player "
                                          "scored more (1-2-2-4); dense = scored the second-highest score",
                                     choices=("competition", "dense")),
                "open": Param(bool, "Wagers are placed face up, in turn from the dealer's left"),
            },
            doc="Wagers",
        ),
        "reapers": Record(
            {
                "passed_lead_is_lead": Param(bool, "RULING: the player a led Reaper passes the lead to is "
                                                   "leading (a Reaper only from a hand of Reapers, and it takes "
                                                   "nothing)"),
                "every_reaper_takes": Param(bool, "Every Reaper played after the led suit is set takes from the "
                                                  "Graveyard, not only the first"),
            },
            doc="Reapers",
        ),
        "game": Record(
            {
                "extra_hands_on_tie": Param(bool, "RULING: play whole extra hands while the top total is tied"),
                "max_extra_hands": Param(int, "Stop after this many extra hands and share the win (0: until "
                                              "one leads, at most 100 as a safety bound)", min=0, max=100),
            },
            doc="The game",
        ),
    },
    doc="Reapers rules",
    check=_check,
)
