"""Scoring: a score pile's points, wagers, the end of a hand and of the game, and a win estimate."""

from __future__ import annotations

import math
from typing import Sequence

from game.core.contracts import Event
from game.games.reapers.cards import DEMON_RANK, card_value

from .base import ReapersStateBase
from .config import HORIZON, OVER, Config
from .events import ExtraHand, GameOver, HandResult, HandScored

EXTRA_HANDS_SAFETY_BOUND = 100
"""With no limit set (``max_extra_hands: 0``), the tied players share the win after this many extra hands:
a tie that lasts a hundred hands is all but impossible, yet a game must always end."""


def hand_points(pile: Sequence[str], demon_value: int = 11) -> int:
    """A score pile's card points: the non-Demon cards' values, then each Demon doubles one card, highest
    first (a Demon never doubles a Demon or a card twice; Demons alone score nothing)."""
    values = sorted((card_value(c, demon_value) for c in pile if not c.endswith(DEMON_RANK)), reverse=True)
    demons = sum(1 for c in pile if c.endswith(DEMON_RANK))
    return sum(values) + sum(values[:demons])


def wager_won(wager: str, seat: int, points: Sequence[int], cfg: Config) -> bool:
    """Whether ``seat``'s wager comes true given every seat's card points for the hand."""
    mine = points[seat]
    others = [p for s, p in enumerate(points) if s != seat]
    if wager == "none":
        return True
    if wager == "fewest":
        if cfg.fewest_ties_share:
            return all(p >= mine for p in others)
        return all(p > mine for p in others)
    if cfg.second_rule == "dense":
        distinct = sorted(set(points), reverse=True)
        return len(distinct) >= 2 and mine == distinct[1]
    return sum(1 for p in others if p > mine) == 1


def win_estimate(totals: Sequence[int], hands_left: int, scale: float = 12.0) -> list[float]:
    """A rough chance of winning per seat from running totals with ``hands_left`` hands to go."""
    spread = scale * math.sqrt(max(hands_left, 0) + 0.35)
    top = max(totals)
    weights = [math.exp((t - top) / spread) for t in totals]
    total = sum(weights)
    return [w / total for w in weights]


class ScoringMixin(ReapersStateBase):
    """``ReapersState``'s scoring methods."""

    def _score_hand(self) -> list[Event]:
        cfg = self.cfg
        n = cfg.players
        dv = cfg.demon_value
        points = [hand_points(pile, dv) for pile in self.score_piles]
        wagers = tuple(w or "none" for w in self.wagers)
        won = tuple(wager_won(wagers[s], s, points, cfg) for s in range(n))
        bonuses = tuple(cfg.bonus(wagers[s]) if won[s] else 0 for s in range(n))
        scores = tuple(points[s] + bonuses[s] for s in range(n))
        for s in range(n):
            self.totals[s] += scores[s]
            self._count(f"wager_{wagers[s]}_made")
            if won[s]:
                self._count(f"wager_{wagers[s]}_paid")
        self.hands_played += 1
        self._count("hands")
        self.history.append(HandResult(self.hands_played, self.dealer, self.trump, wagers, tuple(points), won,
                                       scores))
        events: list[Event] = [HandScored(self.hands_played, wagers, tuple(points), won, bonuses, scores,
                                          tuple(self.totals))]
        if self.hands_played >= cfg.hands:
            top = max(self.totals)
            leaders = tuple(s for s in range(n) if self.totals[s] == top)
            limit = cfg.max_extra_hands or EXTRA_HANDS_SAFETY_BOUND
            if len(leaders) == 1 or not cfg.extra_hands_on_tie or self.extra_hands_played >= limit:
                self.phase = OVER
                self.winner_seats = leaders
                events.append(GameOver(leaders, tuple(self.totals)))
                return events
            events.append(ExtraHand(leaders))
            self.extra_hands_played += 1
            self._count("extra_hands")
        if self.horizon:
            self.phase = HORIZON
            return events
        self.dealer = (self.dealer + 1) % n
        events += self._start_hand()
        return events

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        return list(self.winner_seats) if self.phase == OVER else []
