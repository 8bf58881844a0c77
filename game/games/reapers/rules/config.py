"""The phase names and a variant's numbers for one player count (``Config``, ``make_config``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.games.reapers.cards import DEMON_RANK, REAPER, SUITS
from game.games.reapers.schema import deck_size

DRAFT, WAGER, PLAY, OVER, HORIZON = "draft", "wager", "play", "over", "horizon"


# --------------------------------------------------------------------------------------------- config


@dataclass(frozen=True)
class Config:
    """The variant's numbers for one player count (plain, immutable: observations carry it)."""

    players: int
    deck: tuple[str, ...]
    demon_value: int
    piles_of_three: int
    piles_of_two: int
    pairs_per_player: int
    picks_each: int
    hands: int
    bonus_fewest: int
    bonus_second: int
    bonus_none: int
    fewest_ties_share: bool = True
    second_rule: str = "competition"
    open_wagers: bool = False
    passed_lead_is_lead: bool = True
    every_reaper_takes: bool = False
    extra_hands_on_tie: bool = True
    max_extra_hands: int = 0

    def bonus(self, wager: str) -> int:
        """The bonus a wager pays when it comes true."""
        return {"fewest": self.bonus_fewest, "second": self.bonus_second, "none": self.bonus_none}[wager]


def make_config(params: Mapping[str, Any], players: int) -> Config:
    """The ``Config`` of a validated variant for ``players`` seats."""
    if players not in (3, 4, 5):
        raise ValueError(f"Reapers is for 3 to 5 players, not {players}")
    deck_p = params["deck"]
    count = params[f"players_{players}"]
    high = deck_p["high_rank"] - (1 if count["remove_high_rank"] else 0)
    deck: list[str] = []
    for suit in SUITS:
        deck += [f"{suit}{rank}" for rank in range(deck_p["low_rank"], high + 1)]
        deck.append(suit + DEMON_RANK)
    deck += [REAPER] * deck_p["reapers"]
    assert len(deck) == deck_size(params, players)
    piles = count["piles_of_three"] + count["piles_of_two"]
    return Config(
        players=players,
        deck=tuple(deck),
        demon_value=deck_p["demon_value"],
        piles_of_three=count["piles_of_three"],
        piles_of_two=count["piles_of_two"],
        pairs_per_player=count["pairs_per_player"],
        picks_each=(piles - 1) // players,
        hands=count["hands"],
        bonus_fewest=count["bonus_fewest"],
        bonus_second=count["bonus_second"],
        bonus_none=count["bonus_none"],
        fewest_ties_share=params["wagers"]["fewest_ties_share"],
        second_rule=params["wagers"]["second_rule"],
        open_wagers=params["wagers"]["open"],
        passed_lead_is_lead=params["reapers"]["passed_lead_is_lead"],
        every_reaper_takes=params["reapers"]["every_reaper_takes"],
        extra_hands_on_tie=params["game"]["extra_hands_on_tie"],
        max_extra_hands=params["game"]["max_extra_hands"],
    )
