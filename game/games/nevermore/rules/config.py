"""Nevermore's rule parameters (``Config``, whose fields are the variant schema) and the hand's phases.

The Magick rules are one section (``MagickConfig``); starting a game checks the card file it names
(``card_file_problem``), so a variant that cannot be played is refused before a game begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from game.core.config import rule, schema_of, section

from .magick_data import MAX_CARD_FILE_PATH_CHARS, card_file_problem

FIRST_HAND_TOKENS = ("fixed", "shuffled")


@dataclass(frozen=True)
class MagickConfig:
    """The house Magick set and its global rules."""

    enabled: bool = rule(bool, "Play with the Light and Shadow Magick decks (false: Radiance and Skulking "
                               "Ravens draw nothing).")
    card_file: str = rule(str, "The Magick card list: a YAML file in config/nevermore (or an absolute path).",
                          max_chars=MAX_CARD_FILE_PATH_CHARS)
    starting_shadow: int = rule(int, "Shadow Magick cards each player starts with.", low=0, high=3)
    one_vp_per_card: bool = rule(bool, "G3: a single Magick card yields its player at most 1 VP.")
    vp_ceiling: bool = rule(bool, "G4: VP from Magick cannot raise a player above the target minus one.")
    two_humans_remain: bool = rule(bool, "G5: Magick damage never leaves fewer than two humans.")
    borrowed_power_cap: int = rule(int, "G6: VP a player may gain from one suit's resolution when a suit-like "
                                        "Magick card is in their count.", low=0, high=10)


@dataclass(frozen=True)
class Config:
    """Every Nevermore rule parameter."""

    start_health: int = rule(int, "Health each player starts with.", low=1, high=10)
    max_health: int = rule(int, "Nobody heals above this.", low=1, high=10)
    vp_to_win: int = rule(int, "A human with this many VP wins.", low=1, high=30)
    attack_all_min: int = rule(int, "Attack power needed for the 1-damage-to-all option.", low=1, high=10)
    attack_all_vp: int = rule(int, "VP for choosing 1 damage to all.", low=0, high=5)
    heal_bonus_min: int = rule(int, "Healing power that gives the full-health VP.", low=1, high=10)
    heal_bonus_vp: int = rule(int, "VP for healing that much at full Health.", low=0, high=5)
    radiance_bonus_cards: int = rule(int, "Radiance cards that heal and give VP, whatever others play.",
                                     low=1, high=10)
    radiance_bonus_heal: int = rule(int, "Healing of the Radiance bonus.", low=0, high=5)
    radiance_bonus_vp: int = rule(int, "VP of the Radiance bonus.", low=0, high=5)
    transform_vp: int = rule(int, "VP for turning a player into a Raven.", low=0, high=5)
    return_health: int = rule(int, "Health of a Raven returning to human form.", low=1, high=10)
    conspiracy_damage: int = rule(int, "Damage a Conspiracy of Ravens deals to each other human.", low=0, high=5)
    conspiracy_draw: int = rule(int, "Shadow Magick cards a Conspiracy draws.", low=0, high=5)
    conspiracy_vp: int = rule(int, "VP of a Conspiracy.", low=0, high=5)
    first_hand_tokens: str = rule(str, "fixed: the first hand resolves Attack, Healing, Radiance, Victory face "
                                       "up (rulebook); shuffled: hidden from the first hand.",
                                  choices=FIRST_HAND_TOKENS)
    raven_blocks_suit: bool = rule(bool, "Ruling: a Raven among the leaders of Attack, Healing or Victory "
                                         "blocks every human leader (and may peck).")
    max_hands: int = rule(int, "Safety bound: after this many hands the human(s) with most VP win.",
                          low=1, high=1000)
    magick: MagickConfig = section(MagickConfig, "The house Magick set (config/nevermore/magick.yaml) and its "
                                                 "global rules.")


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the ranges cannot say, and what starting a game checks: the card file."""
    problems: list[tuple[str, str]] = []
    if values["start_health"] > values["max_health"]:
        problems.append(("start_health", "must not exceed max_health"))
    card_problem = card_file_problem(values["magick"])
    if card_problem is not None:
        problems.append(("magick.card_file", card_problem))
    return problems


SCHEMA = schema_of(Config, "Nevermore rule parameters.", _check)
