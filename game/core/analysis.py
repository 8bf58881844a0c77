"""One analysis of a decision: what a searching agent thinks of each option, from one seat's observation.

The same value serves a hint at the table, ``python main.py hint`` and game review: each option with its
estimated chance of winning, the standard error of that estimate and its expected score, best first, and the
option the agent would play. A search's estimates are noisy, so hint and review judge a move by one rule
(``judge``): a move is a mistake only when the best option beats it by more than the two estimates' combined
margin and by ``MISTAKE_POINTS`` at least; closer than that, the two are about equal. And the search's
generator is seeded from the position (``analysis_seed``), so the same position gives the same numbers
whichever of them asks.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Callable

from game.core.contracts import Action, Observation
from game.core.statistics import Z_95

ActionNamer = Callable[[Action], str]
"""An action in the game's own words ('Take pile 4'), from ``GameSpec.name_action``."""

HINT_OPTIONS = 3
"""Options a hint shows: the choice and the two next best."""
ANALYSIS_SEED = 1
"""The seed every analysis mixes with its position unless asked for another (the table, the review screen
and the command line's default), so all of them see the same numbers."""
MISTAKE_POINTS = 0.03
"""The least chance of winning a move must lose to be called a mistake, however sure the search is: a
difference of a point or two is no lesson for a player."""


def analysis_seed(observation: Observation, seed: int = ANALYSIS_SEED) -> int:
    """The search's seed for the decision seen in ``observation``: from everything the seat knows (never the
    hidden cards) and ``seed``, so the same position gets the same seed whoever asks, on any run."""
    digest = hashlib.sha256(f"{seed}|{observation!r}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def win_error(total: float, squares: float, samples: int) -> float:
    """The standard error of a mean chance of winning: ``samples`` results in 0..1 summing to ``total``,
    their squares to ``squares``. Their spread counts one extra win and one extra loss, so a few samples that
    happen to agree are not taken for certainty (a single sample has the widest error, 0.5)."""
    if samples <= 0:
        return 0.5
    mean = total / samples
    spread = max(0.0, squares - samples * mean * mean) + 0.5  # the extra win and loss: 0.25 each, about one half
    return math.sqrt(spread / (samples + 1) / samples)


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
    error: float = 0.0
    """The standard error of ``win`` (0: exact, as for a value no sampling gave)."""

    @property
    def margin(self) -> float:
        """How far ``win`` may be from the truth (``Z_95`` standard errors)."""
        return Z_95 * self.error


@dataclass(frozen=True)
class Verdict:
    """A played option set beside the best: the chance of winning it loses, and the margin of that loss."""

    loss: float
    """The best option's estimate less the played one's, 0 when the played one is estimated as good."""
    margin: float
    """``Z_95`` standard errors of the difference of the two estimates."""

    @property
    def mistake(self) -> bool:
        """Whether the loss is beyond the search's noise and large enough to matter."""
        return self.loss > self.margin and self.loss > MISTAKE_POINTS


def judge(best: OptionEstimate, played: OptionEstimate) -> Verdict:
    """The one rule hint and review judge a move by: ``played`` against ``best``, from the same search."""
    if str(best.action) == str(played.action):
        return Verdict(0.0, 0.0)
    return Verdict(max(0.0, best.win - played.win), Z_95 * math.hypot(best.error, played.error))


def win_words(option: OptionEstimate) -> str:
    """An estimate as a player reads it: "40% win (±5)", the margin in points (none for an exact value)."""
    if option.error <= 0:
        return f"{option.win:.0%} win"
    return f"{option.win:.0%} win (±{max(1, round(option.margin * 100))})"


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

    def estimate(self, action: Action) -> OptionEstimate | None:
        """The search's estimate of ``action`` (by its record text), or None when the search did not weigh it."""
        text = str(action)
        return next((option for option in self.options if str(option.action) == text), None)

    def verdict(self, played: Action) -> Verdict | None:
        """``played`` judged against the choice (``judge``); None when either has no estimate."""
        best, estimate = self.estimate(self.choice), self.estimate(played)
        if str(played) == str(self.choice):
            return Verdict(0.0, 0.0)
        return None if best is None or estimate is None else judge(best, estimate)

    def about_equal(self, action: Action) -> bool:
        """Whether playing ``action`` instead of the choice is within the search's noise: no mistake."""
        judged = self.verdict(action)
        return judged is not None and not judged.mistake

    def to_json(self, name: ActionNamer | None = None) -> dict:
        """``{"seat", "options": [{"action", "win", "margin", "score", "mistake"}...], "choice"}`` (actions by
        their record text; ``margin`` the win's, ``mistake`` whether playing it instead is one)."""
        options = []
        for option in self.options:
            judged = self.verdict(option.action)
            options.append({"action": str(option.action), "win": round(option.win, 4),
                            "margin": round(option.margin, 4),
                            "score": None if option.score is None else round(option.score, 3),
                            "mistake": judged is not None and judged.mistake,
                            **({"says": name(option.action)} if name is not None else {})})
        return {"seat": self.seat, "options": options, "choice": str(self.choice)}
