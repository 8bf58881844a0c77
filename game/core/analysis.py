"""One analysis of a decision: what a searching agent thinks of each option, from one seat's observation.

The same value serves a hint at the table, ``python main.py hint`` and (later) game review: each option with
its estimated chance of winning and expected score, best first, and the option the agent would play.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.core.contracts import Action

ActionNamer = Callable[[Action], str]
"""An action in the game's own words ('Take pile 4'), from ``GameSpec.name_action``."""

HINT_OPTIONS = 3
"""Options a hint shows: the choice and the two next best."""


@dataclass(frozen=True)
class OptionEstimate:
    """One option as a search saw it."""

    action: Action
    win: float
    """Estimated chance of winning (a share of a win counts its share), 0..1."""
    score: float | None
    """Expected score for the seat by the game's own count (None when the search could not tell)."""
    visits: int = 0
    """How many of the search's samples went through this option (its weight)."""


@dataclass(frozen=True)
class Analysis:
    """A seat's decision analysed: every option searched, best first, and the one chosen."""

    seat: int
    choice: Action
    options: tuple[OptionEstimate, ...] = ()
    """Best first; empty when the agent does not estimate (a heuristic level, a forced move)."""
    forced: bool = False
    """Whether the decision had a single legal option (nothing to think about)."""

    def top(self, count: int = HINT_OPTIONS) -> tuple[OptionEstimate, ...]:
        """The best ``count`` options."""
        return self.options[:count]

    def to_json(self, name: ActionNamer | None = None) -> dict:
        """``{"seat", "options": [{"action", "win", "score"}...], "choice"}`` (actions by their record text)."""
        return {
            "seat": self.seat,
            "options": [{"action": str(option.action), "win": round(option.win, 4),
                         "score": None if option.score is None else round(option.score, 3),
                         **({"says": name(option.action)} if name is not None else {})}
                        for option in self.options],
            "choice": str(self.choice),
        }

