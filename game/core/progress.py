"""How a finished game went: each seat's score at the end of every part of it (a hand, a deal, a round), read by
replaying its record, and each seat's best part. The results screen charts it, live and from the history alike.

A part ends where the next begins (``GameSpec.part_begins``), and the last with the game: the scores are read
from the game just after the move that began the next part, since dealing never scores."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.record import GameRecord
from game.core.registry import get


@dataclass(frozen=True)
class BestPart:
    """A seat's largest gain of one part: ``part`` counted from 1, ``gain`` points (above 0)."""

    part: int
    gain: float


@dataclass(frozen=True)
class Progress:
    """Each seat's score over a game: ``totals[0]`` before the first part, ``totals[k]`` after part ``k``."""

    word: str
    """The game's word for a part ("hand", "deal", "round")."""
    totals: tuple[tuple[float, ...], ...]

    @property
    def parts(self) -> int:
        """How many parts the game had."""
        return len(self.totals) - 1

    def gains(self, seat: int) -> list[float]:
        """What ``seat`` scored in each part (a loss below 0)."""
        return [after[seat] - before[seat] for before, after in zip(self.totals, self.totals[1:])]

    def best(self, seat: int) -> BestPart | None:
        """``seat``'s best part (the latest of equal gains, as the games' own lines name a best hand), or None
        when no part gained it anything."""
        gains = self.gains(seat)
        if not gains or max(gains) <= 0:
            return None
        top = max(gains)
        return BestPart(len(gains) - gains[::-1].index(top), top)


def score_progress(record: GameRecord) -> Progress | None:
    """How the finished game of ``record`` went, part by part; None for a game not played in parts, or one that
    began no part. ``RecordError`` for a record that does not replay."""
    spec = get(record.game)
    if spec.part_begins is None:
        return None
    state = record.new_state()
    totals = [tuple(state.scores())]
    word = next((found for event in state.opening_events
                 if (found := spec.part_begins(event, state)) is not None), "")
    for step in record.replay_steps(state):
        begun = [found for event in step.events if (found := spec.part_begins(event, step.state)) is not None]
        if begun and word:
            totals.append(tuple(step.state.scores()))
        word = word or (begun[0] if begun else "")
    if not word:
        return None
    if state.is_terminal():
        totals.append(tuple(state.scores()))
    return Progress(word, tuple(totals))
