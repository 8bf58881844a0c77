"""The games' own figures (``GameSpec.figures``: hands played, captures, jackpots...) in a player's words, as
the statistics screen and the variant lab's sweep both name them."""

from __future__ import annotations

FIGURE_WORDS: dict[str, str] = {
    "hands": "hands played",
    "extra_hands": "extra hands",
    "reaper_takes": "Reaper takes from the Graveyard",
    "demons_taken": "Demons taken",
    "wager_fewest_made": "'fewest points' wagers made",
    "wager_fewest_paid": "'fewest points' wagers won",
    "wager_second_made": "'second most points' wagers made",
    "wager_second_paid": "'second most points' wagers won",
    "wager_none_made": "hands played with no wager",
    "wager_none_paid": "no-wager hands scored",
    "captures": "captures",
    "own_colour_captures": "captures of the sower's own colour",
    "ended_threshold": "games ended at the capture target",
    "ended_safety": "games ended by the safety limit",
    "sowings": "sowings",
    "raven_transformations": "times a player turned Raven",
    "returns_to_human": "times a Raven turned back",
    "magick_played": "Magick cards played",
    "end_vp": "games won on Victory points",
    "end_last_human": "games won by the last human",
    "end_peck": "games ended by the Ravens' peck",
    "end_no_humans": "games ended with no humans left",
    "end_hand_limit": "games ended at the hand limit",
    "tricks": "tricks",
    "deals": "deals",
    "redeals": "redeals",
    "jackpots": "jackpots",
    "jackpot_candy": "candy won in jackpots",
    "joker_jackpots": "jackpots won with a joker",
    "tie_tricks": "tied tricks",
    "highest_tied": "tricks whose highest cards tied",
    "bigger_jackpot_candy": "candy from bigger jackpots",
    "jokers_high": "jokers played high",
    "jokers_low": "jokers played low",
    "pot_left": "candy left in the pot",
    "shared_wins": "games with a shared win",
}
"""The games' own figures (``GameSpec.figures``) in words; a figure not named here reads as its key."""


def figure_words(name: str) -> str:
    """A game's figure as a player reads it."""
    return FIGURE_WORDS.get(name, name.replace("_", " "))
