"""A table's log fed as the table shows it: each event's line waits (``unlogged``) until its animation starts
(``next``), then goes into the panel under its chapter's heading and into the bug report's list."""

from __future__ import annotations

from collections import deque
from typing import Callable, Iterable

from game.core.contracts import Event
from game.ui.log_panel import LogLine, LogPanel
from game.ui.session import TableSession

STARTED_FROM_POSITION = "The game starts from a position written out, not from a first deal."


class LogFeed:
    """The log's lines of a table's session: written as each event is shown, in the words the log's viewer may
    read. ``step(event)`` says whether an event's line is a step of the line before (the table's ``log_step``)."""

    def __init__(self, session: TableSession, step: Callable[[Event], bool]) -> None:
        self.session = session
        self.step = step
        self.lines: list[str] = []
        """Every event's line written so far (the bug report's log); the panel shows them under headings."""
        self.panel = LogPanel()
        self.unlogged: deque[str] = deque()
        """Lines of events played but not yet animated, one per event ("" when it has none), each a ``LogLine``
        with its chapter; ``next``."""

    def viewer(self) -> int | None:
        """Whose view the log is written in: public facts only when several humans share the screen."""
        return None if len(self.session.humans) > 1 else self.session.viewer

    def lines_of(self, events: Iterable[Event]) -> list[str]:
        """Each event's line as the log's viewer may read it, with the chapter the event begins."""
        viewer = self.viewer()
        spec, names = self.session.spec, self.session.names
        chapter = spec.chapter
        return [LogLine(spec.describe(seen, names), chapter(seen) if chapter is not None else None, self.step(seen))
                for seen in (event.seen_by(viewer) for event in events)]

    def write(self, text: str) -> None:
        """One line into the log (and its chapter's heading into the panel). A replay keeps them all."""
        self.panel.write(text)
        if text:
            self.lines.append(str(text))
            if self.panel.limit is not None:
                del self.lines[:-self.panel.limit]

    def next(self) -> None:
        """Write the line of the next event not yet logged."""
        if self.unlogged:
            self.write(self.unlogged.popleft())

    def flush(self) -> None:
        """Write every line still waiting (the animations have ended)."""
        while self.unlogged:
            self.next()

    def rewrite(self) -> None:
        """The log written anew from the session's game as rebuilt from its record (``replayed``), nothing left
        waiting: a resumed game shows its history, and one from a position says where it began."""
        self.unlogged.clear()
        self.lines.clear()
        self.panel.clear()
        if self.session.record.position is not None:  # no deal to tell of: say where the game began
            self.write(LogLine(STARTED_FROM_POSITION))
        for text in self.lines_of(self.session.replayed):
            self.write(text)
