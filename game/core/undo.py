"""How far a player may take moves back: to their own last decision, and never past a move after which
something hidden was shown to them (a card turned up, a pass received, a deal, a wager).

Undo replays the record from its seed, so the same deal and the same secrets would come again: a take-back
past a reveal would be a free look. The rules say which events reveal what to whom (``Event.reveals``); this
ledger only remembers, per recorded action, who made it and whether it showed the player anything.
"""

from __future__ import annotations

from typing import Iterable

from game.core.contracts import Event

NOTHING_YET = "Nothing to undo yet."
REVEALED = "Cards were revealed since your last decision: that move stands."


class UndoLedger:
    """Who made each recorded action, and the last action after which ``seat`` was shown something hidden."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        """The one player who may take moves back (None: nobody, e.g. hot-seat or all-AI)."""
        self.movers: list[int] = []
        """The seat that made each recorded action."""
        self.settled = 0
        """Actions in the record that stand for good: the last one whose events revealed something to ``seat``
        and all before it."""

    def note(self, mover: int, events: Iterable[Event]) -> None:
        """One more recorded action: ``mover`` made it and it caused ``events``."""
        self.movers.append(mover)
        if self.seat is not None and any(event.reveals(self.seat) for event in events):
            self.settled = len(self.movers)

    def clear(self) -> None:
        """Forget every action (the game is being rebuilt from its start)."""
        self.movers.clear()
        self.settled = 0

    def last_decision(self) -> int | None:
        """How many actions precede ``seat``'s last decision, or None when it has made none."""
        if self.seat is None or self.seat not in self.movers:
            return None
        return len(self.movers) - 1 - self.movers[::-1].index(self.seat)

    def refusal(self) -> str | None:
        """Why the last decision cannot be taken back, or None when it can."""
        keep = self.last_decision()
        if keep is None:
            return NOTHING_YET
        if keep < self.settled:
            return REVEALED
        return None

    def take_back(self) -> int:
        """Forget the actions from ``seat``'s last decision on; how many actions remain. Only when
        ``refusal()`` is None."""
        keep = self.last_decision()
        if keep is None or keep < self.settled:
            raise ValueError(self.refusal())
        del self.movers[keep:]
        return keep
