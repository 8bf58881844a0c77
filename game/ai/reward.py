"""How a search ranks the end of a game as a player would: a win, then a shared win, then a better place,
then a better score.

A game's returns say only who won. A search that values nothing else plays at random once it cannot win
(throwing candy away, deciding who else wins), which a player notices at once. So a finished game's
reward is its win share plus a small bonus, at most ``BONUS``, for the seat's place and its score margin
over the best rival. ``BONUS`` is below the smallest gap between win shares (a win shared by eight players
is worth 1/8), so no bonus outweighs any share of a win; within the bonus, the score's part is below the
smallest step of place, so no margin outweighs a better place.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Sequence

BONUS = 0.1
"""The most a place and a margin add to a finished game's win share (under 1/8, a win shared by eight)."""
MARGIN_SHARE = 0.9
"""The margin's part of one step of place: just under a whole step, so a step of place always counts more."""


def placing(scores: Sequence[float], seat: int) -> float:
    """``seat``'s place as a fraction: 1 ahead of everyone, 0 behind everyone, a tie counting half."""
    others = len(scores) - 1
    if others <= 0:
        return 1.0
    mine = scores[seat]
    beaten = sum(1.0 if score < mine else 0.5 if score == mine else 0.0
                 for index, score in enumerate(scores) if index != seat)
    return beaten / others


def margin(scores: Sequence[float], seat: int) -> float:
    """``seat``'s lead over its best rival, squashed into (-1, 1) and rising with every point."""
    rival = max((score for index, score in enumerate(scores) if index != seat), default=scores[seat])
    lead = scores[seat] - rival
    return lead / (1.0 + abs(lead))


def ranked_rewards(shares: Sequence[float], scores: Sequence[float]) -> list[float]:
    """Each seat's reward for a finished game: its win share (``shares``) plus its place-and-margin bonus.

    The same values as ``placing`` and ``margin`` seat by seat, from one sort of the scores: a search ranks
    every sample it finishes, so this runs thousands of times a decision."""
    players = len(scores)
    step = 0.5 / max(players - 1, 1)  # the smallest change of place: from a tie to ahead of one player
    weight = MARGIN_SHARE * step
    ordered = sorted(scores)
    top = ordered[-1]
    runner_up = ordered[-2] if players > 1 else top
    rewards = []
    for share, mine in zip(shares, scores):
        if players > 1:
            below, tied = bisect_left(ordered, mine), bisect_right(ordered, mine)
            place = (below + 0.5 * (tied - below - 1)) / (players - 1)
            lead = mine - (runner_up if mine == top else top)
        else:
            place, lead = 1.0, 0.0
        squashed = lead / (1.0 + abs(lead))
        rewards.append(share + BONUS * (place + weight * (squashed + 1.0) / 2.0) / (1.0 + weight))
    return rewards
