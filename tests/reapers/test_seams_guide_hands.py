"""The Reapers guide names the number of hands the standard rules play for every player count (6 with 3, then
as many as the players), as the variant file sets them."""

from __future__ import annotations

import re

from game.scenes.guide_content import load_guide
from tests.reapers.helpers import SPEC, STANDARD

COUNTS = re.compile(r"(\d+) (?:hands )?with (\d+)(?: players)?")


def test_the_guide_says_the_hands_of_each_player_count():
    win = load_guide("reapers").win
    said = {int(players): int(hands) for hands, players in COUNTS.findall(win)}
    wanted = {players: STANDARD[f"players_{players}"]["hands"]
              for players in range(SPEC.min_players, SPEC.max_players + 1)}
    assert said == wanted, win
    assert wanted == {3: 6, 4: 4, 5: 5}, "the rulebook: as many hands as players, 6 with 3"
