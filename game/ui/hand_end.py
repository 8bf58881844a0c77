"""The overlay a player reads at a hand's end, and the log lines of what follows it, held until it goes.

A game's table has a ``HandEndHold``; what its overlay shows (rows of scores, a summary's figures) is the game's
``content``, and so is how it is drawn (``score_table``). While one is up the table holds play
(``TableScene.holding``) and the log lines of what the rules did next (the next hand's deal) wait with it, so
the log does not run ahead of the table. It closes on a click, Enter or Space (``score_table.dismisses``), when
a table of AIs has shown it long enough (``waited``), when the game moves on without it (instant play: its lines
go back on the log queue before the newer ones), and when undo takes back the move that ended the hand
(``taken_back``).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Generic, TypeVar

Content = TypeVar("Content")
"""What the game's overlay shows."""
Table = TypeVar("Table")
"""What the game draws under the overlay: the table as the hand left it."""


@dataclass
class HandEnd(Generic[Content, Table]):
    """One hand's end, up on the table until it is read."""

    content: Content
    at: int
    """Moves recorded when the hand ended: taking one of them back takes the overlay away."""
    lines: tuple[str, ...]
    """The log lines of what followed the hand's end, written once the overlay goes."""
    table: Table | None = None
    """The table as the hand left it, drawn under the overlay (the state has dealt on)."""
    shown_for: float = 0.0
    """Seconds it has been on screen (counted once the hand's last animation has played)."""


class HandEndHold(Generic[Content, Table]):
    """The place of a table's hand-end overlay: at most one is up at a time."""

    def __init__(self) -> None:
        self.up: HandEnd[Content, Table] | None = None

    def hold(self, content: Content, at: int, log: deque[str], lines: int, table: Table | None = None) -> None:
        """Put ``content`` up for the hand that ended at ``at`` moves, holding the newest ``lines`` lines of the
        log queue ``log`` (what followed the hand's end) until it goes."""
        held = [log.pop() for _ in range(min(lines, len(log)))]
        self.up = HandEnd(content, at, tuple(reversed(held)), table)

    def shown(self, busy: bool) -> HandEnd[Content, Table] | None:
        """The hand end on screen: the one up, once the table's animations (``busy``) have played."""
        return None if busy else self.up

    def taken_back(self, moves: int) -> None:
        """The game record now holds ``moves`` moves: fewer than when the hand ended takes the overlay away (its
        lines with it: the log is written anew from the record)."""
        if self.up is not None and moves < self.up.at:
            self.up = None

    def waited(self, dt: float, busy: bool, seconds: float, speed: float = 1.0) -> bool:
        """Count ``dt`` seconds on screen; whether a table of AIs has now shown it long enough: ``seconds`` at
        animation ``speed`` (at once when animations are off, ``speed`` 0)."""
        up = self.shown(busy)
        if up is None:
            return False
        up.shown_for += dt
        return speed <= 0 or up.shown_for * speed > seconds

    def close(self, log: deque[str], pending: int = 0) -> HandEnd[Content, Table] | None:
        """Take the overlay down and put its lines back on the log queue ``log``, before the ``pending`` newest
        (those of the moves that went on without it); the hand end that was up, if any."""
        up, self.up = self.up, None
        if up is not None:
            at = len(log) - pending
            for line in reversed(up.lines):
                log.insert(at, line)
        return up
