"""The Nevermore variant schema: every rule parameter, with its type and range."""

from __future__ import annotations

from typing import Any, Mapping

from game.core.params import Param, Record
from game.games.nevermore.rules.magick_data import MAX_CARD_FILE_PATH_CHARS, card_file_problem

MAGICK = Record({
    "enabled": Param(bool, "Play with the Light and Shadow Magick decks (false: Radiance and Skulking Ravens "
                           "draw nothing)."),
    "card_file": Param(str, "The Magick card list: a YAML file in config/nevermore (or an absolute path).",
                       max_chars=MAX_CARD_FILE_PATH_CHARS),
    "starting_shadow": Param(int, "Shadow Magick cards each player starts with.", 0, 3),
    "one_vp_per_card": Param(bool, "G3: a single Magick card yields its player at most 1 VP."),
    "vp_ceiling": Param(bool, "G4: VP from Magick cannot raise a player above the target minus one."),
    "two_humans_remain": Param(bool, "G5: Magick damage never leaves fewer than two humans."),
    "borrowed_power_cap": Param(int, "G6: VP a player may gain from one suit's resolution when a suit-like "
                                     "Magick card is in their count.", 0, 10),
}, "The house Magick set (config/nevermore/magick.yaml) and its global rules.")


def _check(values: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What the ranges cannot say, and what starting a game checks: the card file."""
    problems: list[tuple[str, str]] = []
    if values["start_health"] > values["max_health"]:
        problems.append(("start_health", "must not exceed max_health"))
    card_problem = card_file_problem(values["magick"])
    if card_problem is not None:
        problems.append(("magick.card_file", card_problem))
    return problems


SCHEMA = Record({
    "start_health": Param(int, "Health each player starts with.", 1, 10),
    "max_health": Param(int, "Nobody heals above this.", 1, 10),
    "vp_to_win": Param(int, "A human with this many VP wins.", 1, 30),
    "attack_all_min": Param(int, "Attack power needed for the 1-damage-to-all option.", 1, 10),
    "attack_all_vp": Param(int, "VP for choosing 1 damage to all.", 0, 5),
    "heal_bonus_min": Param(int, "Healing power that gives the full-health VP.", 1, 10),
    "heal_bonus_vp": Param(int, "VP for healing that much at full Health.", 0, 5),
    "radiance_bonus_cards": Param(int, "Radiance cards that heal and give VP, whatever others play.", 1, 10),
    "radiance_bonus_heal": Param(int, "Healing of the Radiance bonus.", 0, 5),
    "radiance_bonus_vp": Param(int, "VP of the Radiance bonus.", 0, 5),
    "transform_vp": Param(int, "VP for turning a player into a Raven.", 0, 5),
    "return_health": Param(int, "Health of a Raven returning to human form.", 1, 10),
    "conspiracy_damage": Param(int, "Damage a Conspiracy of Ravens deals to each other human.", 0, 5),
    "conspiracy_draw": Param(int, "Shadow Magick cards a Conspiracy draws.", 0, 5),
    "conspiracy_vp": Param(int, "VP of a Conspiracy.", 0, 5),
    "first_hand_tokens": Param(str, "fixed: the first hand resolves Attack, Healing, Radiance, Victory face up "
                                    "(rulebook); shuffled: hidden from the first hand.",
                               choices=("fixed", "shuffled")),
    "raven_blocks_suit": Param(bool, "Ruling: a Raven among the leaders of Attack, Healing or Victory blocks "
                                     "every human leader (and may peck)."),
    "max_hands": Param(int, "Safety bound: after this many hands the human(s) with most VP win.", 1, 1000),
    "magick": MAGICK,
}, "Nevermore rule parameters.", check=_check)
